package read

import (
	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// Layer is a group of page items (the one display-list vocabulary of the
// desktop half, page.Item) drawn inside one clip box, after the
// box is painted with Fill (when it is not transparent).
type Layer struct {
	Name  string
	Clip  view.Rect
	Fill  view.Color
	Items []page.Item
}

// SceneSlot is a place where a scene plays inline: the box the page
// reserved for it, in window pixels (it may reach beyond Clip, the part
// of the window where it can be seen).
type SceneSlot struct {
	Key     string          // the chapter and scene: "05-stealing#steal"
	Scene   *chapters.Scene `json:"-"`
	Box     view.Rect
	Clip    view.Rect
	Focused bool
}

// Visible is the part of the slot that shows.
func (s SceneSlot) Visible() view.Rect { return s.Box.Intersect(s.Clip) }

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
	Box    view.Rect
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
