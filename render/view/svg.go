package view

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
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
func SVG(f Frame, label string) string {
	var b strings.Builder
	w, h := f.W, f.H
	if w <= 0 || h <= 0 {
		w, h = 1, 1
	}
	if label == "" {
		label = f.Narration
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="frame" viewBox="0 0 %s %s" width="%s" height="%s" role="img"`,
		SVGNum(w), SVGNum(h), SVGNum(w), SVGNum(h))
	if label != "" {
		fmt.Fprintf(&b, ` aria-label="%s"`, svgEsc(label))
	}
	// view sizes text as monospace (TextWidthPerSize).
	b.WriteString(` font-family="ui-monospace,Menlo,Consolas,'DejaVu Sans Mono',monospace">`)
	if label != "" {
		fmt.Fprintf(&b, `<title>%s</title>`, svgEsc(label))
	}
	if f.Dark {
		// A dark frame brings its paper: a poster or print of it must not
		// show light ink on a white page.
		fmt.Fprintf(&b, `<rect width="%s" height="%s"`, SVGNum(w), SVGNum(h))
		svgFill(&b, f.Background)
		b.WriteString(`/>`)
	}
	th := ThemeFor(f.Dark)
	for i := range f.Shapes {
		svgWriteShape(&b, &f.Shapes[i], th, f.Lang)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// writeShape appends one shape. Shapes with nothing visible (no fill, no
// outline, no text) are left out.
func svgWriteShape(b *strings.Builder, s *Shape, th *Theme, lang Lang) {
	switch s.Kind {
	case ShapeRect:
		if s.Fill.A == 0 && (s.Stroke.A == 0 || s.StrokeW <= 0) {
			return
		}
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s"`, SVGNum(s.X), SVGNum(s.Y), SVGNum(svgNonNeg(s.W)), SVGNum(svgNonNeg(s.H)))
		if s.Radius > 0 {
			fmt.Fprintf(b, ` rx="%s"`, SVGNum(s.Radius))
		}
		svgPaint(b, s.Fill, s.Stroke, s.StrokeW, s.Dashed)
		b.WriteString(`/>`)
	case ShapeCircle:
		r := min(svgNonNeg(s.W), svgNonNeg(s.H)) / 2
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"`, SVGNum(s.X+s.W/2), SVGNum(s.Y+s.H/2), SVGNum(r))
		svgPaint(b, s.Fill, s.Stroke, s.StrokeW, s.Dashed)
		b.WriteString(`/>`)
	case ShapeLine:
		c := s.Stroke
		if c.A == 0 {
			c = s.Fill
		}
		sw := s.StrokeW
		if sw <= 0 {
			sw = 1
		}
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"`, SVGNum(s.X), SVGNum(s.Y), SVGNum(s.X+s.W), SVGNum(s.Y+s.H))
		svgPaint(b, Color{}, c, sw, s.Dashed)
		b.WriteString(`/>`)
	case ShapeText:
		if s.Text == "" {
			return
		}
		c := s.Fill
		if c.A == 0 {
			c = th.Ink
		}
		size := s.Size
		if size <= 0 {
			size = 12
		}
		// Shapes put text by its top-left corner; SVG by its baseline.
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s"`, SVGNum(s.X), SVGNum(s.Y+size*0.8), SVGNum(size))
		svgFill(b, c)
		fmt.Fprintf(b, `>%s</text>`, svgEsc(s.Text))
	case ShapeToken:
		svgWriteToken(b, s, th, lang)
	}
}

// writeToken draws a goroutine: a circle or a pill (a square-cornered box
// in a system call) in its state's paint, its label in the middle and its
// badge at the corner. The group carries the goroutine's state in words
// for screen readers.
func svgWriteToken(b *strings.Builder, s *Shape, th *Theme, lang Lang) {
	b.WriteString(`<g`)
	if s.G != 0 {
		fmt.Fprintf(b, ` data-g="%d"`, s.G)
	}
	b.WriteString(`>`)
	if s.State < NumStates && s.G != 0 {
		if s.Name != "" {
			fmt.Fprintf(b, `<title>%s (G%d): %s</title>`, svgEsc(s.Name), s.G, svgEsc(s.State.In(lang)))
		} else {
			fmt.Fprintf(b, `<title>G%d: %s</title>`, s.G, svgEsc(s.State.In(lang)))
		}
	}
	w, h := svgNonNeg(s.W), svgNonNeg(s.H)
	switch {
	case s.Shape == TokenSquare:
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s"`, SVGNum(s.X), SVGNum(s.Y), SVGNum(w), SVGNum(h), SVGNum(min(w, h)/8))
	case w > h:
		// A pill: the name's room between two round ends.
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s"`, SVGNum(s.X), SVGNum(s.Y), SVGNum(w), SVGNum(h), SVGNum(h/2))
	default:
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"`, SVGNum(s.X+w/2), SVGNum(s.Y+h/2), SVGNum(min(w, h)/2))
	}
	svgPaint(b, s.Fill, s.Stroke, s.StrokeW, s.Dashed)
	b.WriteString(`/>`)
	if s.Text != "" {
		ink := s.Ink
		if ink.A == 0 {
			ink = inkOnIn(th, s.Fill)
		}
		size := s.Size
		if size <= 0 {
			size = min(w, h) * 0.42
		}
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s" text-anchor="middle" dominant-baseline="central"`,
			SVGNum(s.X+w/2), SVGNum(s.Y+h/2), SVGNum(size))
		svgFill(b, ink)
		fmt.Fprintf(b, `>%s</text>`, svgEsc(s.Text))
	}
	if s.Badge != "" {
		bs := max(min(w, h)*0.36, 6)
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle"`,
			SVGNum(s.X+w-bs*0.2), SVGNum(s.Y+bs*0.7), SVGNum(bs))
		svgFill(b, th.Ink)
		fmt.Fprintf(b, `>%s</text>`, svgEsc(s.Badge))
	}
	b.WriteString(`</g>`)
}

// paint writes fill and stroke attributes.
func svgPaint(b *strings.Builder, f, s Color, width float32, dashed bool) {
	svgFill(b, f)
	if s.A == 0 || width <= 0 {
		return
	}
	fmt.Fprintf(b, ` stroke="%s"`, svgColorHex(s))
	if s.A < 255 {
		fmt.Fprintf(b, ` stroke-opacity="%s"`, svgAlpha(s.A))
	}
	if width != 1 {
		fmt.Fprintf(b, ` stroke-width="%s"`, SVGNum(width))
	}
	if dashed {
		d := max(width*2, 3)
		fmt.Fprintf(b, ` stroke-dasharray="%s %s"`, SVGNum(d), SVGNum(d*0.75))
	}
}

func svgFill(b *strings.Builder, c Color) {
	if c.A == 0 {
		b.WriteString(` fill="none"`)
		return
	}
	fmt.Fprintf(b, ` fill="%s"`, svgColorHex(c))
	if c.A < 255 {
		fmt.Fprintf(b, ` fill-opacity="%s"`, svgAlpha(c.A))
	}
}

func svgColorHex(c Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func svgAlpha(a uint8) string {
	return strconv.FormatFloat(math.Round(float64(a)/255*100)/100, 'f', -1, 64)
}

// num formats a coordinate with at most one decimal: posters are drawn at
// screen resolution, and short numbers keep a page with many of them light.
// SVGNum writes a length for SVG: to a tenth of a pixel, 0 for what is
// not a number.
func SVGNum(v float32) string {
	if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
		return "0"
	}
	return strconv.FormatFloat(math.Round(float64(v)*10)/10, 'f', -1, 64)
}

func svgNonNeg(v float32) float32 { return max(v, 0) }

func svgEsc(s string) string { return html.EscapeString(s) }
