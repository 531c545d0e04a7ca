package read

import (
	"math"

	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// Colors are the colours of the app's furniture around the page — the
// toolbar, the table of contents, the status line, the search box, focus
// rings and highlights — taken from the page's palette (desktop/page), so
// that the dark theme is one switch for everything.
type Colors struct {
	Page       view.Color // behind the page
	Ink        view.Color // text
	Muted      view.Color // secondary text
	Chrome     view.Color // toolbar and status line
	Sidebar    view.Color // table of contents
	Rule       view.Color // separating lines
	Current    view.Color // the current chapter's entry
	Button     view.Color
	ButtonHot  view.Color
	ButtonOn   view.Color
	Accent     view.Color // links and the current heading
	OnAccent   view.Color // text on an Accent fill
	Focus      view.Color // the keyboard focus ring
	Highlight  view.Color // a search match
	Right      view.Color // a right answer
	Wrong      view.Color // a wrong answer
	Error      view.Color // an error page's marks
	ErrorBg    view.Color
	Predict    view.Color // a predict exercise's panel
	PredictBar view.Color
	Scrollbar  view.Color
	Shadow     view.Color // under an overlay
}

// ColorsFor is the furniture's colours for the light or the dark theme.
func ColorsFor(dark bool) Colors {
	p := page.Theme(dark)
	shadow := view.Color{A: 0x40}
	if dark {
		shadow.A = 0x80
	}
	return Colors{
		Page:       p.Background,
		Ink:        p.Text,
		Muted:      p.Muted,
		Chrome:     p.Card,
		Sidebar:    mix(p.Card, p.Background, 0.35),
		Rule:       p.Rule,
		Current:    mix(p.Link, p.Background, 0.82),
		Button:     p.Background,
		ButtonHot:  mix(p.Link, p.Background, 0.88),
		ButtonOn:   mix(p.Link, p.Background, 0.72),
		Accent:     p.Link,
		OnAccent:   p.OnLink,
		Focus:      p.Link,
		Highlight:  p.Highlight,
		Right:      p.Right,
		Wrong:      p.Wrong,
		Error:      p.Error,
		ErrorBg:    p.ErrorBg,
		Predict:    p.PredictBg,
		PredictBar: p.PredictBar,
		Scrollbar:  view.Color{R: p.Muted.R, G: p.Muted.G, B: p.Muted.B, A: 0x90},
		Shadow:     shadow,
	}
}

// mix is a + (b − a)·t, opaque.
func mix(a, b view.Color, t float64) view.Color {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return view.Color{R: m(a.R, b.R), G: m(a.G, b.G), B: m(a.B, b.B), A: 0xFF}
}
