package page

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

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/fonts"
)

// -png DIR writes every chapter, laid out, as PNG pictures into DIR, to
// look at: go test ./desktop/page -run PNG -png /tmp/pages
var pngDir = flag.String("png", "", "write chapter pictures into this directory")

func TestPNG(t *testing.T) {
	if *pngDir == "" {
		t.Skip("no -png directory")
	}
	chs, err := chapters.All()
	if err != nil {
		t.Fatal(err)
	}
	m := NewMeasurer()
	chs = append(chs, testChapter(t, "90-kitchen.md"), testChapter(t, "91-zh.md"))
	for _, c := range chs {
		for i, s := range c.Slides() {
			if c.Number != 5 && c.Number != 90 {
				break
			}
			st := Style{Width: 1920 - 2*96, Size: 34, Slide: true, Height: 700}
			p := Layout(c, s.Nodes, st, m)
			if err := writePNG(filepath.Join(*pngDir, fmt.Sprintf("slide-%02d-%02d.png", c.Number, i)), p, st); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range chs {
		for _, w := range []float32{360, 800} {
			for _, dark := range []bool{false, true} {
				st := Style{Width: w, Size: 17, Dark: dark}
				p := Layout(c, docNodes(c), st, m)
				name := fmt.Sprintf("%02d-%s-%d", c.Number, c.Slug, int(w))
				if dark {
					name += "-dark"
				}
				if err := writePNG(filepath.Join(*pngDir, name+".png"), p, st); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

var faceCache = map[[2]int]font.Face{}

func face(f fonts.Face, size float32) font.Face {
	key := [2]int{int(f), int(size * 100)}
	if fc, ok := faceCache[key]; ok {
		return fc
	}
	fnt, _ := opentype.Parse(fonts.TTF(f))
	fc, _ := opentype.NewFace(fnt, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingNone})
	faceCache[key] = fc
	return fc
}

func rgba(c struct{ R, G, B, A uint8 }) color.RGBA { return color.RGBA{c.R, c.G, c.B, c.A} }

// writePNG draws a page the way the app does, roughly: rectangles, then
// text at its baseline, each rune in the face that has it.
func writePNG(path string, p *Page, st Style) error {
	pal := Theme(st.Dark)
	const pad = 16
	h := int(p.Height) + 2*pad
	img := image.NewRGBA(image.Rect(0, 0, int(st.Width)+2*pad, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{rgba(pal.Background)}, image.Point{}, draw.Src)
	for _, it := range p.Items {
		x, y := int(it.X)+pad, int(it.Y)+pad
		switch it.Kind {
		case ItemRect:
			r := image.Rect(x, y, x+max(1, int(it.W+0.5)), y+max(1, int(it.H+0.5)))
			draw.Draw(img, r, &image.Uniform{rgba(it.Fill)}, image.Point{}, draw.Over)
		case ItemScene:
			r := image.Rect(x, y, x+int(it.W), y+int(it.H))
			draw.Draw(img, r, &image.Uniform{color.RGBA{200, 200, 200, 255}}, image.Point{}, draw.Src)
			draw.Draw(img, r.Inset(2), &image.Uniform{color.RGBA{235, 240, 245, 255}}, image.Point{}, draw.Src)
		case ItemText:
			pen := fixed.P(0, 0)
			pen.X = fixed.Int26_6((it.X + pad) * 64)
			pen.Y = fixed.Int26_6((it.Baseline + pad) * 64)
			for _, r := range it.Text {
				f := fonts.For(fonts.Face(it.Font), r)
				fc := face(f, it.Size)
				d := &font.Drawer{Dst: img, Src: &image.Uniform{rgba(it.Color)}, Face: fc, Dot: pen}
				d.DrawString(string(r))
				pen = d.Dot
			}
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}
