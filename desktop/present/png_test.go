package present

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/view"
)

// -png DIR draws slides, the overview and the presenter view of one
// chapter into DIR, roughly as the window will, to look at them:
//
//	go test ./desktop/present -run PNG -png /tmp/slides [-chapter 05-stealing]
var (
	pngDir     = flag.String("png", "", "draw slides into this directory")
	pngChapter = flag.String("chapter", "05-stealing", "with -png: the chapter to draw")
)

func TestPNG(t *testing.T) {
	if *pngDir == "" {
		t.Skip("no -png directory")
	}
	d := deckNamed(t, *pngChapter)
	for _, dark := range []bool{false, true} {
		ts := NewTypesetter(d, measurer, dark)
		suffix := ""
		if dark {
			suffix = "-dark"
		}
		for i := range d.Slides {
			img := canvas(1920, 1080, color.RGBA{0, 0, 0, 255})
			l := ts.Slide(i)
			drawSlide(img, l, FitStage(1920, 1080), true)
			save(t, img, fmt.Sprintf("slide-%02d%s.png", i+1, suffix))
		}
		// The letterboxed stage in a square window.
		img := canvas(1000, 1000, color.RGBA{0, 0, 0, 255})
		drawSlide(img, ts.Slide(1), FitStage(1000, 1000), false)
		save(t, img, "square"+suffix+".png")

		// The overview.
		img = canvas(1920, 1080, rgba(ts.Palette().Background))
		g := NewGrid(StageRect, len(d.Slides))
		for i := range d.Slides {
			drawSlide(img, ts.Slide(i), FitInto(g.Cell(i)), false)
		}
		drawItems(img, ts.OverviewItems(&g, 4, 1), Fit{Scale: 1})
		save(t, img, "overview"+suffix+".png")

		// The presenter view.
		n := NewNav(d)
		n.GoTo(2)
		n.Next()
		for _, sz := range [][2]int{{1920, 1080}, {1280, 800}, {900, 1200}} {
			for _, at := range []int{2, 20} {
				n.GoTo(at)
				v := ts.Presenter(n, float32(sz[0]), float32(sz[1]))
				img := canvas(sz[0], sz[1], rgba(v.Background))
				drawItems(img, v.Under, Fit{Scale: 1})
				drawSlide(img, ts.Slide(n.Pos().Slide), v.Current, false)
				if v.NextSlide >= 0 {
					drawSlide(img, ts.Slide(v.NextSlide), v.Next, false)
				}
				drawItems(img, v.Items, Fit{Scale: 1})
				save(t, img, fmt.Sprintf("presenter-%dx%d-%d%s.png", sz[0], sz[1], at, suffix))
			}
		}
	}
}

func canvas(w, h int, bg color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	return img
}

func save(t *testing.T, img image.Image, name string) {
	t.Helper()
	f, err := os.Create(filepath.Join(*pngDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func rgba(c view.Color) color.RGBA { return color.RGBA{c.R, c.G, c.B, c.A} }

func fill(img *image.RGBA, r view.Rect, c view.Color) {
	draw.Draw(img, image.Rect(int(r.X), int(r.Y), int(r.Right()+0.5), int(r.Bottom()+0.5)), &image.Uniform{rgba(c)}, image.Point{}, draw.Over)
}

// drawSlide draws a slide through f: background, items, the poll's
// reveal, and a grey box where the scene player goes.
func drawSlide(img *image.RGBA, l *SlideLayout, f Fit, reveal bool) {
	fill(img, f.Box(), l.Background)
	if l.Scene.W > 0 {
		fill(img, f.Rect(l.Scene), view.Color{R: 200, G: 200, B: 200, A: 255})
		fill(img, f.Rect(l.Scene.Inset(3)), view.Color{R: 235, G: 240, B: 245, A: 255})
	}
	drawItems(img, l.Items, f)
	if reveal {
		drawItems(img, l.Reveal, f)
	}
}

var faces = map[[2]int]font.Face{}

func face(f fonts.Face, size float32) font.Face {
	key := [2]int{int(f), int(size * 100)}
	if fc, ok := faces[key]; ok {
		return fc
	}
	fnt, _ := opentype.Parse(fonts.TTF(f))
	fc, _ := opentype.NewFace(fnt, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingNone})
	faces[key] = fc
	return fc
}

func drawItems(img *image.RGBA, items []page.Item, f Fit) {
	for _, it := range items {
		r := f.Rect(view.Rect{X: it.X, Y: it.Y, W: it.W, H: it.H})
		switch it.Kind {
		case page.ItemRect:
			fill(img, view.Rect{X: r.X, Y: r.Y, W: max(r.W, 1), H: max(r.H, 1)}, it.Fill)
		case page.ItemScene:
			fill(img, r, view.Color{R: 200, G: 200, B: 200, A: 255})
		case page.ItemText:
			size := it.Size * f.Scale
			if size < 3 {
				continue
			}
			x, y := f.Point(it.X, it.Baseline)
			pen := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
			for _, ch := range it.Text {
				fc := face(fonts.For(fonts.Face(it.Font), ch), size)
				dr := &font.Drawer{Dst: img, Src: &image.Uniform{rgba(it.Color)}, Face: fc, Dot: pen}
				dr.DrawString(string(ch))
				pen = dr.Dot
			}
		}
	}
}
