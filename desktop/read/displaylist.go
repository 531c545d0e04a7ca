package read

import (
	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// Rect is a box in logical pixels.
type Rect struct{ X, Y, W, H float32 }

// Contains reports whether the point is in the box.
func (r Rect) Contains(x, y float32) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Empty reports whether the box has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Intersect is the common part of r and o (empty if none).
func (r Rect) Intersect(o Rect) Rect {
	x0, y0 := max(r.X, o.X), max(r.Y, o.Y)
	x1, y1 := min(r.X+r.W, o.X+o.W), min(r.Y+r.H, o.Y+o.H)
	if x1 <= x0 || y1 <= y0 {
		return Rect{x0, y0, 0, 0}
	}
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Overlaps reports whether r and o share some area.
func (r Rect) Overlaps(o Rect) bool { return !r.Intersect(o).Empty() }

// OpKind is what an Op draws.
type OpKind uint8

const (
	OpText OpKind = iota // Text at (X, Y) top-left in Font at Size, colour Color
	OpRect               // a rectangle filled with Fill, rounded by Radius; outlined in Color when Width > 0
	OpLine               // a line from (X, Y) to (X+W, Y+H), Width wide, in Color
	numOpKinds
)

var opKindNames = [...]string{OpText: "text", OpRect: "rect", OpLine: "line"}

func (k OpKind) String() string {
	if k < numOpKinds {
		return opKindNames[k]
	}
	return "op?"
}

// Op is one drawing operation, in logical pixels of the window.
type Op struct {
	Kind       OpKind
	X, Y, W, H float32
	Text       string
	Font       page.Font
	Size       float32
	Color      view.Color
	Fill       view.Color
	Radius     float32
	Width      float32
	Link       string
	Role       string // what it is: "toc", "h1", "status", … (page items keep the page's Role)
	// Baseline, when not 0, is the y of a text's baseline: the text is
	// drawn with its face's ascent above it (Y is then Baseline − ascent).
	Baseline float32
}

// Layer is a group of operations drawn inside one clip box, after the
// box is painted with Fill (when it is not transparent).
type Layer struct {
	Name string
	Clip Rect
	Fill view.Color
	Ops  []Op
}

// SceneSlot is a place where a scene plays inline: the box the page
// reserved for it, in window pixels (it may reach beyond Clip, the part
// of the window where it can be seen).
type SceneSlot struct {
	Key     string          // the chapter and scene: "05-stealing#steal"
	Scene   *chapters.Scene `json:"-"`
	Box     Rect
	Clip    Rect
	Focused bool
}

// Visible is the part of the slot that shows.
func (s SceneSlot) Visible() Rect { return s.Box.Intersect(s.Clip) }

// TargetKind is what the pointer is over.
type TargetKind uint8

const (
	TargetNone      TargetKind = iota
	TargetPage                 // the page, nothing in particular
	TargetLink                 // a link (Link)
	TargetButton               // a toolbar button (Name)
	TargetTOC                  // an entry of the table of contents (Index)
	TargetScene                // a scene's player (Key)
	TargetChoice               // a choice of a predict exercise (Key, Index)
	TargetResult               // a search result (Index)
	TargetSearch               // the search field
	TargetScrollbar            // the page's scroll bar
	TargetSidebar              // the table of contents, between entries
	TargetChrome               // the toolbar or the status line, between buttons
	TargetBackdrop             // outside an open overlay: a click closes it
	TargetReveal               // an exercise's hidden explanation (Key): a click shows it
)

// Target is something on the screen that reacts to the pointer.
type Target struct {
	Kind  TargetKind
	Link  string
	Name  string
	Key   string
	Index int
}

// Hit is a target and where it is.
type HitRegion struct {
	Box    Rect
	Target Target
}

// Cursor is the pointer's shape.
type Cursor uint8

const (
	CursorDefault Cursor = iota
	CursorPointer        // over a link or a button
	CursorText           // over the search field
)

// DisplayList is one picture of the app: layers drawn in order, with the
// inline players drawn after layer PanelsAfter, and what the pointer can
// hit (last region first).
type DisplayList struct {
	W, H        float32
	Layers      []Layer
	PanelsAfter int
	Scenes      []SceneSlot
	Hits        []HitRegion
}

// HitTest is the topmost target at the point.
func (d *DisplayList) HitTest(x, y float32) Target {
	for i := len(d.Hits) - 1; i >= 0; i-- {
		if d.Hits[i].Box.Contains(x, y) {
			return d.Hits[i].Target
		}
	}
	return Target{}
}

// Layer returns the layer called name, or nil.
func (d *DisplayList) Layer(name string) *Layer {
	for i := range d.Layers {
		if d.Layers[i].Name == name {
			return &d.Layers[i]
		}
	}
	return nil
}
