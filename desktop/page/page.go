package page

import (
	"github.com/yuin/goldmark/ast"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/render/view"
)

// Font is the face a run of text is set in.
type Font uint8

const (
	Regular Font = iota
	Bold
	Italic
	BoldItalic
	Mono
	MonoBold
)

// Measurer measures a string set in a font at size px (logical pixels).
// The desktop app measures with the faces it draws with; tests use
// NewMeasurer, which reads the same embedded font files without a GPU.
type Measurer interface {
	Advance(s string, f Font, size float32) float32
}

// Style is how a page is set.
type Style struct {
	Width float32 // the column width, logical pixels
	Size  float32 // body text size in px: about 17 for reading, 34 and up for a slide at 1920×1080
	Dark  bool    // the dark theme's colours
	Slide bool    // projector typography: larger headings and spacing, no margin notes

	// Height is, for a slide, the height left below the heading the
	// caller draws: a scene slide's box fills it. 0: the box's height
	// follows from the width.
	Height float32
	// Margin is the width of a margin column to the right of the text
	// where runtime references (`proc.go:findRunnable`) are repeated as
	// notes beside their line (Page.Margin). 0, or a slide: no notes.
	Margin float32
	// Lang is the language of the labels the page adds to the chapter's
	// own words ("Predict, then run", "Claim", …).
	Lang lang.Lang
}

// ItemKind is what an Item draws.
type ItemKind uint8

const (
	ItemText  ItemKind = iota // Text at (X, Y) top-left, in Font at Size, colour Color; W×H its box
	ItemRect                  // a filled rectangle (Fill, Radius): code and claim backgrounds, table cells, rules; outlined in Color when Width > 0
	ItemLine                  // a line from (X, Y) to (X+W, Y+H) in Color, Width wide (at least 1)
	ItemScene                 // the box where the reader plays Scene inline; the page draws nothing there
	numItemKinds
)

var itemKindNames = [...]string{ItemText: "text", ItemRect: "rect", ItemLine: "line", ItemScene: "scene"}

func (k ItemKind) String() string {
	if k < numItemKinds {
		return itemKindNames[k]
	}
	return "item?"
}

// Item is one positioned element of a laid-out page, in logical pixels
// from the page's top-left corner.
type Item struct {
	Kind       ItemKind
	X, Y, W, H float32
	Text       string
	Font       Font
	Size       float32
	Color      view.Color // text and lines
	Fill       view.Color // rectangles
	Radius     float32
	Width      float32 // a line's width, a rectangle's outline (0: none)
	// Link is where a text run leads: "chapter:05-stealing", with
	// "#anchor" for a heading, "https://…" for the web, "ref:proc.go:findRunnable"
	// for a runtime source reference.
	Link  string
	Scene *chapters.Scene // ItemScene
	Role  string          // "h2", "p", "code", "claim", "table", "notes", … for tests

	// Baseline is the y of a text run's baseline. Runs of different
	// fonts on one line share it (a footnote number sits above it by
	// design). Draw a run with its face's ascent above Baseline: with
	// text/v2, translate to (X, Baseline - face.Metrics().HAscent).
	Baseline float32
}

// Placed is the item scaled by scale about the page's origin and then
// moved by (dx, dy): a page's item where a window shows the page (scale
// 1, the scroll offset) or a slide's where the stage is fitted into the
// window.
func (it Item) Placed(dx, dy, scale float32) Item {
	it.X, it.Y = dx+it.X*scale, dy+it.Y*scale
	it.W, it.H = it.W*scale, it.H*scale
	it.Size *= scale
	it.Radius *= scale
	it.Width *= scale
	if it.Baseline != 0 {
		it.Baseline = dy + it.Baseline*scale
	}
	return it
}

// Anchor is a heading of the page: the table of contents and search
// jump to Y.
type Anchor struct {
	ID    string // the slug a link uses after '#'
	Title string
	Level int
	Y     float32
	Line  int // chapter line of the heading
}

// Page is a laid-out chapter (or part of one: a slide).
type Page struct {
	Items   []Item
	Height  float32
	Anchors []Anchor

	// Targets are the other places a link can jump to, with the ids the
	// website gives them: "scene-<id>", "predict-<n>", "real-<scene>",
	// "fn:<n>" (a footnote) and "fnref:<n>" (where it is cited). Level
	// is 0 and Title says what is there.
	Targets []Anchor
	// Margin holds the margin notes (Style.Margin > 0): text items whose
	// X is from the margin column's left edge and whose Y is the page's.
	Margin []Item
}

// Layout sets the blocks nodes (top-level nodes of c.Doc, e.g. all of
// them for reading or one chapters.Slide's Nodes for a slide) at st. It
// never fails: a block it cannot show is set as its source text.
func Layout(c *chapters.Chapter, nodes []ast.Node, st Style, m Measurer) *Page {
	return layout(c, nodes, st, m)
}
