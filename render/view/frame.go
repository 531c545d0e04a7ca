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
	ShapeText                    // Text at (X, Y), top-left, Size px high
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
}

// Frame is everything the player shows at one cursor position.
type Frame struct {
	W, H      float32
	Shapes    []Shape
	Time      core.Time
	Narration string // the plain-words sentence for the current event
	Caption   string // the scene author's //> caption, if one applies
}
