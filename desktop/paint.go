package desktop

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render"
	"github.com/gmpbook/gmpbook/render/view"
)

// Painter draws display lists: geometry with the player's anti-aliased
// drawer (render.Drawer), text with the app's fonts at the device scale,
// so that text is crisp on high-DPI screens.
type Painter struct {
	Fonts  *Fonts
	Drawer *render.Drawer
	shapes []view.Shape
}

// deviceRect is a box of logical pixels in device pixels, rounded
// outwards.
func deviceRect(r view.Rect, scale float64) image.Rectangle {
	return image.Rect(int(math.Floor(float64(r.X)*scale)), int(math.Floor(float64(r.Y)*scale)),
		int(math.Ceil(float64(r.X+r.W)*scale)), int(math.Ceil(float64(r.Y+r.H)*scale)))
}

// Layer paints one layer on screen: its fill, then its items in
// order, clipped to the layer's box.
func (p *Painter) Layer(screen *ebiten.Image, ly *read.Layer, scale float64) {
	dr := deviceRect(ly.Clip, scale).Intersect(screen.Bounds())
	if dr.Empty() {
		return
	}
	sub := screen.SubImage(dr).(*ebiten.Image)
	clip := view.Rect{X: float32(dr.Min.X) / float32(scale), Y: float32(dr.Min.Y) / float32(scale),
		W: float32(dr.Dx()) / float32(scale), H: float32(dr.Dy()) / float32(scale)}
	switch {
	case ly.Fill.A == 0xFF:
		sub.Fill(nrgba(ly.Fill))
	case ly.Fill.A > 0:
		p.shapes = append(p.shapes[:0], view.Shape{Kind: view.ShapeRect, X: clip.X, Y: clip.Y, W: clip.W, H: clip.H, Fill: ly.Fill})
		p.flush(sub, scale, clip)
	}
	p.shapes = p.shapes[:0]
	for i := range ly.Items {
		op := &ly.Items[i]
		switch op.Kind {
		case page.ItemRect:
			if op.Fill.A == 0 && (op.Width <= 0 || op.Color.A == 0) {
				continue
			}
			s := view.Shape{Kind: view.ShapeRect, X: op.X, Y: op.Y, W: op.W, H: op.H, Radius: op.Radius, Fill: op.Fill}
			if op.Width > 0 {
				s.Stroke, s.StrokeW = op.Color, op.Width
			}
			p.shapes = append(p.shapes, s)
		case page.ItemLine:
			p.shapes = append(p.shapes, view.Shape{Kind: view.ShapeLine, X: op.X, Y: op.Y, W: op.W, H: op.H, Stroke: op.Color, StrokeW: max(op.Width, 1)})
		case page.ItemText:
			if op.Text == "" || op.Y > clip.Y+clip.H || op.Y+op.Size*2 < clip.Y {
				continue
			}
			p.flush(sub, scale, clip)
			p.text(sub, op, scale)
		}
	}
	p.flush(sub, scale, clip)
}

// flush draws the queued geometry.
func (p *Painter) flush(dst *ebiten.Image, scale float64, clip view.Rect) {
	if len(p.shapes) == 0 {
		return
	}
	p.Drawer.DrawClipped(dst, p.shapes, float32(scale), clip.X, clip.Y, clip.W, clip.H)
	p.shapes = p.shapes[:0]
}

// text draws a text item: at its baseline when it has one (with the
// face's ascent above it), else with its top at Y. The baseline is put on
// a whole device pixel, which keeps glyphs sharp.
func (p *Painter) text(dst *ebiten.Image, op *page.Item, scale float64) {
	f, ascent := p.Fonts.Face(op.Font, op.Size*float32(scale))
	x := float64(op.X) * scale
	var y float64
	if op.Baseline != 0 {
		y = math.Round(float64(op.Baseline)*scale) - ascent
	} else {
		y = math.Round(float64(op.Y)*scale+ascent) - ascent
	}
	o := &text.DrawOptions{}
	// The face's size is rounded to a quarter pixel (Fonts.Face), and a
	// slide is measured at the stage's size and drawn scaled: a long run
	// can come out a little wider than it was measured, and in Chinese,
	// with no space between runs, its last characters then overlap the
	// next run. Such a run is narrowed to its measured width (a few
	// percent at most: a W that is not the run's advance is left alone).
	if w := float64(op.W) * scale; w > 0 {
		if d := text.Advance(op.Text, f); d > w+0.5 && d < w*1.03 {
			o.GeoM.Scale(w/d, 1)
		}
	}
	o.GeoM.Translate(x, y)
	o.ColorScale.ScaleWithColor(nrgba(op.Color))
	text.Draw(dst, op.Text, f, o)
}

func nrgba(c view.Color) color.NRGBA { return color.NRGBA{R: c.R, G: c.G, B: c.B, A: c.A} }
