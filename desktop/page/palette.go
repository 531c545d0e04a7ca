package page

import (
	"math"

	"github.com/gmpbook/gmpbook/render/view"
)

// Palette is the page's colours. They are the website's (site/assets
// style.css), so the notebook looks the same in the browser and in the
// app; the app draws its own chrome (sidebar, search box, buttons) with
// them too.
type Palette struct {
	Background view.Color // the page
	Text       view.Color // body text
	Muted      view.Color // secondary text: labels, quotes, footnotes, line marks
	Link       view.Color // links and runtime references; the accent of buttons
	OnLink     view.Color // text on a Link-coloured button
	Rule       view.Color // rules, table lines, the quote bar
	Card       view.Color // table headers, panels
	Code       view.Color // code text that the highlighter leaves uncoloured
	CodeBg     view.Color // code blocks and inline code

	ClaimBg, ClaimBar     view.Color // a claim box's claim part
	VerdictBg, VerdictBar view.Color // and its verdict
	RealBg, RealBar       view.Color // "run it for real"
	PredictBg, PredictBar view.Color // "predict, then run"

	Right, Wrong    view.Color // a prediction graded right or wrong
	Error, ErrorBg  view.Color // a block that could not be read
	Highlight       view.Color // behind a search match
	Selection       view.Color // behind selected text
	ChromaStyleName string     // the chroma style code is highlighted with
}

func rgb(hex uint32) view.Color {
	return view.Color{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 255}
}

var lightTheme = Palette{
	Background: rgb(0xfdfdfb),
	Text:       rgb(0x1d1d1f),
	Muted:      rgb(0x5f6368),
	Link:       rgb(0x0060a8),
	OnLink:     rgb(0xffffff),
	Rule:       rgb(0xd9d9d4),
	Card:       rgb(0xf4f4f0),
	Code:       rgb(0x1d1d1f),
	CodeBg:     rgb(0xf3f3ef),
	ClaimBg:    rgb(0xfff7e0), ClaimBar: rgb(0xe6a100),
	VerdictBg: rgb(0xe8f5ee), VerdictBar: rgb(0x009e73),
	RealBg: rgb(0xeef5fb), RealBar: rgb(0x0072b2),
	PredictBg: rgb(0xf6effa), PredictBar: rgb(0xa35d8a),
	Right: rgb(0x00734f), Wrong: rgb(0xb34700),
	Error: rgb(0xb0311f), ErrorBg: rgb(0xfdecea),
	Highlight:       rgb(0xfff0a8),
	Selection:       rgb(0xe0ecfc),
	ChromaStyleName: "github",
}

var darkTheme = Palette{
	Background: rgb(0x15171a),
	Text:       rgb(0xe6e6e3),
	Muted:      rgb(0xa0a4a8),
	Link:       rgb(0x6cb4ff),
	OnLink:     rgb(0x0b1016),
	Rule:       rgb(0x3a3d42),
	Card:       rgb(0x1f2226),
	Code:       rgb(0xe6e6e3),
	CodeBg:     rgb(0x1c1f23),
	ClaimBg:    rgb(0x2b2514), ClaimBar: rgb(0xe6a100),
	VerdictBg: rgb(0x142a21), VerdictBar: rgb(0x2fbf8f),
	RealBg: rgb(0x14222e), RealBar: rgb(0x56b4e9),
	PredictBg: rgb(0x261b2b), PredictBar: rgb(0xcc79a7),
	Right: rgb(0x5fd3a5), Wrong: rgb(0xff9a5c),
	Error: rgb(0xff8a7a), ErrorBg: rgb(0x3a1d1a),
	Highlight:       rgb(0x3d3300),
	Selection:       rgb(0x1c3652),
	ChromaStyleName: "github-dark",
}

// Theme is the light or the dark palette.
func Theme(dark bool) Palette {
	if dark {
		return darkTheme
	}
	return lightTheme
}

// Luminance is a colour's relative luminance (WCAG 2), 0 for black to 1
// for white; alpha is ignored.
func Luminance(c view.Color) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// Contrast is the WCAG contrast ratio of two colours, from 1 to 21.
// Body text needs 4.5.
func Contrast(a, b view.Color) float64 {
	la, lb := Luminance(a), Luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// readable moves fg towards toward (a colour that contrasts with bg, such
// as the text colour) in small steps until fg reaches ratio against bg.
// Highlighting styles pick colours for their own background; this keeps
// their hue where it can and their contrast on ours.
func readable(fg, bg, toward view.Color, ratio float64) view.Color {
	c := fg
	for i := 1; i <= 20 && Contrast(c, bg) < ratio; i++ {
		t := float64(i) / 20
		mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a)*(1-t) + float64(b)*t)) }
		c = view.Color{R: mix(fg.R, toward.R), G: mix(fg.G, toward.G), B: mix(fg.B, toward.B), A: 255}
	}
	return c
}
