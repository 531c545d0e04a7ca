package view

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// svgOf renders a Frame as SVG, to look at layouts without the Ebiten
// player. Set VIEW_SVG to a directory to write the sample frames.
func svgOf(f Frame) string {
	var b strings.Builder
	col := func(c Color) string {
		if c.A == 0 {
			return "none"
		}
		return fmt.Sprintf("rgba(%d,%d,%d,%.3f)", c.R, c.G, c.B, float64(c.A)/255)
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" font-family="monospace">`, f.W, f.H)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`)
	for _, s := range f.Shapes {
		dash := ""
		if s.Dashed {
			dash = ` stroke-dasharray="3,2"`
		}
		switch s.Kind {
		case ShapeRect:
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" rx="%g" fill="%s" stroke="%s" stroke-width="%g"%s/>`,
				s.X, s.Y, s.W, s.H, s.Radius, col(s.Fill), col(s.Stroke), s.StrokeW, dash)
		case ShapeCircle:
			fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="%s" stroke="%s" stroke-width="%g"%s/>`,
				s.X+s.W/2, s.Y+s.H/2, s.W/2, col(s.Fill), col(s.Stroke), s.StrokeW, dash)
		case ShapeText:
			fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="%g" fill="%s" textLength="%g">%s</text>`,
				s.X, s.Y+s.Size*0.85, s.Size, col(s.Fill), s.W, html.EscapeString(s.Text))
		case ShapeToken:
			if s.Shape == TokenSquare {
				fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" rx="2" fill="%s" stroke="%s" stroke-width="%g"%s/>`,
					s.X, s.Y, s.W, s.H, col(s.Fill), col(s.Stroke), s.StrokeW, dash)
			} else {
				fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="%s" stroke="%s" stroke-width="%g"%s/>`,
					s.X+s.W/2, s.Y+s.H/2, s.W/2-s.StrokeW/2, col(s.Fill), col(s.Stroke), s.StrokeW, dash)
			}
			fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="%g" fill="%s" text-anchor="middle">%s</text>`,
				s.X+s.W/2, s.Y+s.H/2+s.Size*0.35, s.Size, col(s.Ink), s.Text)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func TestWriteSampleSVGs(t *testing.T) {
	dir := os.Getenv("VIEW_SVG")
	if dir == "" {
		t.Skip("set VIEW_SVG=dir to write sample frames as SVG")
	}
	write := func(name string, f Frame) {
		if err := os.WriteFile(filepath.Join(dir, name+".svg"), []byte(svgOf(f)), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s | %s", name, f.Narration, f.Caption)
	}
	rec := NewRecording(2, stealScene(t), []Caption{{On: "steal", Text: "P1 had nothing to do: it steals half of P0's queue."}})
	c := rec.NewCursor()
	c.NextSteal()
	write("steal-wide", c.Frame(Options{Width: 1280, Height: 720}))
	write("steal-narrow", c.Frame(Options{Width: 360, Height: 740}))
	ev := mixedScene(t, 4, 60, 3)
	rec = NewRecording(4, ev, nil)
	write("mixed-wide", rec.Frame(len(ev)/3, Options{Width: 1920, Height: 1080}))
	write("mixed-narrow", rec.Frame(len(ev)/3, Options{Width: 360, Height: 740}))
	ev = mixedScene(t, 8, 300, 7)
	rec = NewRecording(8, ev, nil)
	write("mixed8-wide", rec.Frame(len(ev)/5, Options{Width: 1920, Height: 1080}))
	write("mixed8-narrow", rec.Frame(len(ev)/5, Options{Width: 360, Height: 740}))
}
