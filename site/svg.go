package site

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/render/view"
)

// SVG draws a frame's display list as an inline SVG element: the same
// picture the player paints on its canvas, as text, so that a chapter shows
// the scheduler before any WebAssembly has loaded, with JavaScript off and
// on paper.
//
// The element carries presentation attributes only (no style attributes
// and no <style> element), so it renders under the site's
// Content-Security-Policy; fonts and sizing come from the page's CSS
// through the class "frame". label is the accessible name ("" leaves the
// frame's narration as the name). Every string from the frame is escaped.
func SVG(f view.Frame, label string) string {
	var b strings.Builder
	w, h := f.W, f.H
	if w <= 0 || h <= 0 {
		w, h = 1, 1
	}
	if label == "" {
		label = f.Narration
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="frame" viewBox="0 0 %s %s" width="%s" height="%s" role="img"`,
		num(w), num(h), num(w), num(h))
	if label != "" {
		fmt.Fprintf(&b, ` aria-label="%s"`, esc(label))
	}
	// view sizes text as monospace (view.TextWidthPerSize).
	b.WriteString(` font-family="ui-monospace,Menlo,Consolas,'DejaVu Sans Mono',monospace">`)
	if label != "" {
		fmt.Fprintf(&b, `<title>%s</title>`, esc(label))
	}
	for i := range f.Shapes {
		writeShape(&b, &f.Shapes[i])
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// writeShape appends one shape. Shapes with nothing visible (no fill, no
// outline, no text) are left out.
func writeShape(b *strings.Builder, s *view.Shape) {
	switch s.Kind {
	case view.ShapeRect:
		if s.Fill.A == 0 && (s.Stroke.A == 0 || s.StrokeW <= 0) {
			return
		}
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s"`, num(s.X), num(s.Y), num(nonNeg(s.W)), num(nonNeg(s.H)))
		if s.Radius > 0 {
			fmt.Fprintf(b, ` rx="%s"`, num(s.Radius))
		}
		paint(b, s.Fill, s.Stroke, s.StrokeW, s.Dashed)
		b.WriteString(`/>`)
	case view.ShapeCircle:
		r := min(nonNeg(s.W), nonNeg(s.H)) / 2
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"`, num(s.X+s.W/2), num(s.Y+s.H/2), num(r))
		paint(b, s.Fill, s.Stroke, s.StrokeW, s.Dashed)
		b.WriteString(`/>`)
	case view.ShapeLine:
		c := s.Stroke
		if c.A == 0 {
			c = s.Fill
		}
		sw := s.StrokeW
		if sw <= 0 {
			sw = 1
		}
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"`, num(s.X), num(s.Y), num(s.X+s.W), num(s.Y+s.H))
		paint(b, view.Color{}, c, sw, s.Dashed)
		b.WriteString(`/>`)
	case view.ShapeText:
		if s.Text == "" {
			return
		}
		c := s.Fill
		if c.A == 0 {
			c = view.Ink
		}
		size := s.Size
		if size <= 0 {
			size = 12
		}
		// Shapes put text by its top-left corner; SVG by its baseline.
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s"`, num(s.X), num(s.Y+size*0.8), num(size))
		fill(b, c)
		fmt.Fprintf(b, `>%s</text>`, esc(s.Text))
	case view.ShapeToken:
		writeToken(b, s)
	}
}

// writeToken draws a goroutine: a circle (a square in a system call) in its
// state's paint, its label in the middle and its badge at the corner. The
// group carries the goroutine's state in words for screen readers.
func writeToken(b *strings.Builder, s *view.Shape) {
	b.WriteString(`<g`)
	if s.G != 0 {
		fmt.Fprintf(b, ` data-g="%d"`, s.G)
	}
	b.WriteString(`>`)
	if s.State < view.NumStates && s.G != 0 {
		fmt.Fprintf(b, `<title>G%d: %s</title>`, s.G, esc(s.State.String()))
	}
	w, h := nonNeg(s.W), nonNeg(s.H)
	if s.Shape == view.TokenSquare {
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s"`, num(s.X), num(s.Y), num(w), num(h), num(min(w, h)/8))
	} else {
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"`, num(s.X+w/2), num(s.Y+h/2), num(min(w, h)/2))
	}
	paint(b, s.Fill, s.Stroke, s.StrokeW, s.Dashed)
	b.WriteString(`/>`)
	if s.Text != "" {
		ink := s.Ink
		if ink.A == 0 {
			ink = inkOn(s.Fill)
		}
		size := s.Size
		if size <= 0 {
			size = min(w, h) * 0.42
		}
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s" text-anchor="middle" dominant-baseline="central"`,
			num(s.X+w/2), num(s.Y+h/2), num(size))
		fill(b, ink)
		fmt.Fprintf(b, `>%s</text>`, esc(s.Text))
	}
	if s.Badge != "" {
		bs := max(min(w, h)*0.36, 6)
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle"`,
			num(s.X+w-bs*0.2), num(s.Y+bs*0.7), num(bs))
		fill(b, view.Ink)
		fmt.Fprintf(b, `>%s</text>`, esc(s.Badge))
	}
	b.WriteString(`</g>`)
}

// paint writes fill and stroke attributes.
func paint(b *strings.Builder, f, s view.Color, width float32, dashed bool) {
	fill(b, f)
	if s.A == 0 || width <= 0 {
		return
	}
	fmt.Fprintf(b, ` stroke="%s"`, colorHex(s))
	if s.A < 255 {
		fmt.Fprintf(b, ` stroke-opacity="%s"`, alpha(s.A))
	}
	if width != 1 {
		fmt.Fprintf(b, ` stroke-width="%s"`, num(width))
	}
	if dashed {
		d := max(width*2, 3)
		fmt.Fprintf(b, ` stroke-dasharray="%s %s"`, num(d), num(d*0.75))
	}
}

func fill(b *strings.Builder, c view.Color) {
	if c.A == 0 {
		b.WriteString(` fill="none"`)
		return
	}
	fmt.Fprintf(b, ` fill="%s"`, colorHex(c))
	if c.A < 255 {
		fmt.Fprintf(b, ` fill-opacity="%s"`, alpha(c.A))
	}
}

func colorHex(c view.Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func alpha(a uint8) string {
	return strconv.FormatFloat(math.Round(float64(a)/255*100)/100, 'f', -1, 64)
}

// num formats a coordinate with at most one decimal: posters are drawn at
// screen resolution, and short numbers keep a page with many of them light.
func num(v float32) string {
	if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
		return "0"
	}
	return strconv.FormatFloat(math.Round(float64(v)*10)/10, 'f', -1, 64)
}

func nonNeg(v float32) float32 { return max(v, 0) }

func esc(s string) string { return html.EscapeString(s) }

// inkOn picks black or white text for a background, by its luma.
func inkOn(c view.Color) view.Color {
	if c.A < 128 {
		return view.Ink
	}
	y := 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
	if y < 120 {
		return view.Paper
	}
	return view.Ink
}
