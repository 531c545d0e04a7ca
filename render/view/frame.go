package view

import "github.com/gmpbook/gmpbook/core"

// Color is an sRGB colour with alpha.
type Color struct{ R, G, B, A uint8 }

// ShapeKind is what a Shape draws.
type ShapeKind uint8

const (
	ShapeRect   ShapeKind = iota // a rectangle, rounded by Radius
	ShapeCircle                  // a circle centred in the box
	ShapeLine                    // a line from (X, Y) to (X+W, Y+H)
	ShapeText                    // Text at (X, Y), top-left, Size px high, in colour Fill; W is its estimated width
	ShapeToken                   // a goroutine: a labelled token, coloured by state
)

// Shape is one element of a frame's display list. The Ebiten player draws
// display lists and nothing else, so everything about a picture — where
// things are, which colour, what it says — is decided here and tested
// without a GPU.
type Shape struct {
	Kind    ShapeKind
	X, Y    float32
	W, H    float32
	Radius  float32
	Fill    Color // zero alpha: no fill
	Stroke  Color // zero alpha: no outline
	StrokeW float32
	Dashed  bool
	Text    string
	Size    float32 // text height in px
	G       int64   // for tokens: the goroutine
	Role    string  // what the shape stands for ("P0", "global", "runq", "M3", …), for tests and hit testing

	// Tokens only.
	State  GState     // the goroutine's state, for the legend and screen readers
	Shape  TokenShape // circle, or square for a G in a system call
	Ink    Color      // the label's colour
	Badge  string     // a short mark for the corner ("" for none)
	Name   string     // the goroutine's name (see FuncLabel), "" if it has none
	System bool       // one of the runtime's own goroutines (drawn muted and dotted)
}

// Place is a fixed spot of the picture (a queue, a slot, an area), for hit
// testing and for outlining the place an event is about.
type Place struct {
	Role       string // "global", "P0.runq", "syscall", … (see Places)
	X, Y, W, H float32
}

// Frame is everything the player shows at one cursor position.
type Frame struct {
	W, H       float32
	Shapes     []Shape
	Places     []Place // every place, in drawing order
	Time       core.Time
	Index      int    // the cursor position the frame shows (-1: before any event)
	Narrow     bool   // laid out for a narrow (phone) screen
	Slide      bool   // laid out for a slide stage (text floor SlideTextFloor)
	Dark       bool   // drawn with DarkTheme
	Lang       Lang   // the language of its words (a printed picture's titles)
	Background Color  // the paper to draw the frame on (the theme's)
	Narration  string // the plain-words sentence for the current event
	Caption    string // the scene author's //> caption, if one applies
	Moves      []Move // the moves drawn as paths, oldest first
}

// Pt is a point of the picture.
type Pt struct{ X, Y float32 }

// Move is one move a frame draws as a path (see IsMoveKind), as data: for
// tests, hit testing and the screen-reader text. Its shapes are in
// Frame.Shapes with the role "move.<event kind>".
type Move struct {
	Kind     core.EvKind
	From, To string // the places (roles) it leaves and enters
	Ghost    Rect   // the dashed mark of what left, in From
	Spot     Rect   // what the arrowhead points at, in To
	Path     []Pt   // the path as drawn, from the ghost's edge to the arrowhead
	Tag      Rect   // the paper tag under the label (empty if none is drawn)
	Label    string
}
