package desktop

import (
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
)

// How a scene slide uses its box on the 1920×1080 stage: the player above,
// the step's caption in large type below it.
const (
	// playerZoom is how many stage pixels a logical pixel of the player
	// takes: the player lays itself out in a box 1/playerZoom of the
	// stage's, then is drawn that much larger, so that its goroutines,
	// labels and controls read from a classroom. It is the same at every
	// window size: the picture is the same, only scaled.
	playerZoom float32 = 1.5
	// captionBandH is the band under the player for the caption: two
	// lines at captionSize. It is kept when the caption is empty, so that
	// the player does not change size between steps.
	captionBandH   float32 = 124
	captionGap     float32 = 14
	captionSize    float32 = 40
	minCaptionSize float32 = 28
	progressH      float32 = 6 // the progress bar along the stage's bottom edge
)

// scenePlayerBox is where the player draws on a scene slide (stage
// pixels).
func scenePlayerBox(l *present.SlideLayout) view.Rect {
	s := l.Scene
	return view.Rect{X: s.X, Y: s.Y, W: s.W, H: max(0, s.H-captionBandH-captionGap)}
}

// captionBox is the band under the player.
func captionBox(l *present.SlideLayout) view.Rect {
	s := l.Scene
	return view.Rect{X: s.X, Y: s.Bottom() - captionBandH, W: s.W, H: captionBandH}
}

// placeItems places page items set on the stage into the window through f;
// a scene's box is left to the player.
func placeItems(dst []page.Item, items []page.Item, f present.Fit) []page.Item {
	for _, it := range items {
		if it.Kind == page.ItemScene {
			continue
		}
		op := it.Placed(f.X, f.Y, f.Scale)
		if op.Kind == page.ItemLine {
			op.Width = max(op.Width, 1, f.Scale)
		}
		dst = append(dst, op)
	}
	return dst
}

// stageText is a one-line text item on the stage, its top-left at (x, y).
func stageText(m page.Measurer, s string, f page.Font, size, x, y float32, c view.Color, role string) page.Item {
	fc := fonts.Face(f)
	return page.Item{Kind: page.ItemText, X: x, Y: y, W: m.Advance(s, f, size), H: (fonts.Ascent(fc) + fonts.Descent(fc)) * size,
		Text: s, Font: f, Size: size, Color: c, Role: role, Baseline: y + fonts.Ascent(fc)*size}
}

// captionItems set a scene step's caption in the band under the player:
// as large as two lines allow, then cut.
func captionItems(m page.Measurer, pal page.Palette, band view.Rect, caption string) []page.Item {
	bar := float32(10)
	pad := float32(24)
	out := []page.Item{
		{Kind: page.ItemRect, X: band.X, Y: band.Y, W: band.W, H: band.H, Fill: pal.Card, Radius: 8, Role: "scene.caption.band"},
		{Kind: page.ItemRect, X: band.X, Y: band.Y, W: bar, H: band.H, Fill: pal.PredictBar, Role: "scene.caption.bar"},
	}
	caption = strings.TrimSpace(caption)
	if caption == "" {
		return out
	}
	w := band.W - bar - 2*pad
	size := captionSize
	var lines []string
	for {
		lines = present.Wrap(m, caption, page.Regular, size, w)
		if len(lines) <= 2 || size <= minCaptionSize {
			break
		}
		size = max(minCaptionSize, size-2)
	}
	if len(lines) > 2 {
		lines = lines[:2]
		last := []rune(lines[1])
		for len(last) > 0 && m.Advance(string(last)+"…", page.Regular, size) > w {
			last = last[:len(last)-1]
		}
		lines[1] = strings.TrimRight(string(last), " ") + "…"
	}
	lh := size * 1.3
	y := band.Y + (band.H-float32(len(lines))*lh)/2 + (lh-size*1.15)/2
	for _, l := range lines {
		out = append(out, stageText(m, l, page.Regular, size, band.X+bar+pad, y, pal.Text, "scene.caption"))
		y += lh
	}
	return out
}

// progressItems are the thin bar along the stage's bottom edge: how far
// the talk is, counting every step of every slide.
func progressItems(pal page.Palette, d *present.Deck, pos present.Position) []page.Item {
	total, at := 0, 0
	for i := range d.Slides {
		if i == pos.Slide {
			at = total + pos.Step
		}
		total += d.Slides[i].Steps() + 1
	}
	frac := float32(at+1) / float32(max(total, 1))
	y := present.StageH - progressH
	return []page.Item{
		{Kind: page.ItemRect, X: 0, Y: y, W: present.StageW, H: progressH, Fill: pal.Rule, Role: "progress.track"},
		{Kind: page.ItemRect, X: 0, Y: y, W: present.StageW * frac, H: progressH, Fill: pal.Link, Role: "progress"},
	}
}

// slideItems are slide i at step on the stage: the typeset slide, what
// its steps have revealed and, on a scene slide, the caption band with
// caption (the player draws in scenePlayerBox).
func slideItems(ts *present.Typesetter, m page.Measurer, i, step int, caption string) []page.Item {
	l := ts.Slide(i)
	if l == nil {
		return nil
	}
	out := append([]page.Item{}, l.Items...)
	if step >= 1 {
		out = append(out, l.Reveal...)
	}
	if l.Scene.W > 0 {
		out = append(out, captionItems(m, ts.Palette(), captionBox(l), caption)...)
	}
	return out
}

// sceneSlide reports whether slide i of d plays a scene (one that
// simulated: a scene that failed shows its error instead).
func sceneSlide(d *present.Deck, i int) bool {
	if d == nil || i < 0 || i >= len(d.Slides) {
		return false
	}
	s := &d.Slides[i]
	return s.Kind == chapters.SlideScene && s.Err == nil && s.Run != nil
}

// newSlidePlayer is the player of a scene slide, on the run the deck
// simulated (nothing is simulated again until the presenter asks for
// another GOMAXPROCS or seed). Its own caption line is off: the slide
// shows the caption large under it.
func newSlidePlayer(s *present.Slide, l lang.Lang) *play.Player {
	rerun := func(procs int, seed uint64) (play.Log, error) {
		r, err := s.Rerun(procs, seed)
		if err != nil {
			return play.Log{}, err
		}
		return playerlog.NewLog(r, s.Captions), nil
	}
	p := play.NewPlayer(playerlog.NewLog(s.Run, s.Captions), rerun)
	p.SetLang(viewLang(l))
	_ = p.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdCaptions}}})
	return p
}

// playerSpace maps the player's logical pixels to the window's: the
// player lays out in a box k times smaller than its box in the window
// and is drawn k times larger (k = the stage's scale × playerZoom).
type playerSpace struct {
	k   float32   // window logical pixels per player pixel
	box view.Rect // the player's box, window logical pixels
}

func newPlayerSpace(f present.Fit, stageBox view.Rect) playerSpace {
	return playerSpace{k: max(f.Scale*playerZoom, 1e-3), box: f.Rect(stageBox)}
}

// bounds is the box in the player's pixels.
func (ps playerSpace) bounds() (x, y, w, h float32) {
	return ps.box.X / ps.k, ps.box.Y / ps.k, ps.box.W / ps.k, ps.box.H / ps.k
}

// staticScenes draws scene pictures that do not play: the overview's
// thumbnails and the presenter window's two slides. It keeps a recording
// of the last few scenes it drew and the last frames laid out.
type staticScenes struct {
	recs   map[int]*view.Recording
	frames map[frameKey]view.Frame
	shapes []view.Shape
}

type frameKey struct {
	slide, event int
	w, h         float32
}

// frame is slide i's scene at event ev laid out at w×h player pixels.
func (ss *staticScenes) frame(d *present.Deck, i, ev int, w, h float32) view.Frame {
	k := frameKey{i, ev, w, h}
	if f, ok := ss.frames[k]; ok {
		return f
	}
	rec := ss.recs[i]
	if rec == nil {
		if len(ss.recs) >= 4 {
			clear(ss.recs)
		}
		if ss.recs == nil {
			ss.recs = map[int]*view.Recording{}
		}
		s := &d.Slides[i]
		rec = view.NewRecording(s.Run.Config.Procs, s.Run.Events, s.Captions)
		rec.SetLines(s.Run)
		ss.recs[i] = rec
	}
	c := rec.NewCursor()
	c.Seek(ev)
	f := c.Frame(view.Options{Width: w, Height: h, Lang: viewLang(d.Lang)})
	if ss.frames == nil || len(ss.frames) >= 16 {
		ss.frames = map[frameKey]view.Frame{}
	}
	ss.frames[k] = f
	return f
}

// draw draws slide i's scene at step on dst (device pixels, devScale per
// window logical pixel), for the slide drawn on the stage through f.
func (ss *staticScenes) draw(dst *ebiten.Image, dr *render.Drawer, d *present.Deck, ts *present.Typesetter, i, step int, f present.Fit, devScale float64) {
	if !sceneSlide(d, i) {
		return
	}
	ps := newPlayerSpace(f, scenePlayerBox(ts.Slide(i)))
	x, y, w, h := ps.bounds()
	fr := ss.frame(d, i, d.Slides[i].EventAt(step), w, h)
	ss.shapes = append(ss.shapes[:0], fr.Shapes...)
	for j := range ss.shapes {
		ss.shapes[j].X += x
		ss.shapes[j].Y += y
		// Dashed outlines are drawn solid at these sizes: the dashes do
		// not show in a thumbnail, and render.Drawer's dash loop can
		// spin on the sub-pixel widths a thumbnail asks for.
		ss.shapes[j].Dashed = false
	}
	s := float32(devScale) * ps.k
	r := image.Rect(int(math.Floor(float64(x*s))), int(math.Floor(float64(y*s))), int(math.Ceil(float64((x+w)*s))), int(math.Ceil(float64((y+h)*s))))
	if r = r.Intersect(dst.Bounds()); r.Empty() {
		return
	}
	dst.SubImage(r).(*ebiten.Image).Fill(nrgba(view.Paper))
	dr.DrawClipped(dst, ss.shapes, s, x, y, w, h)
}

// caption is the caption a static scene shows at step.
func (ss *staticScenes) caption(d *present.Deck, i, step int) string {
	if !sceneSlide(d, i) {
		return ""
	}
	return d.Slides[i].Caption(step)
}

// thumbs are the overview's pictures of the slides at step 0, each drawn
// once for a thumbnail size (device pixels) and theme and kept.
type thumbs struct {
	w, h int
	dark bool
	deck *present.Deck
	imgs map[int]*ebiten.Image
	big  *ebiten.Image // where a thumbnail is drawn before it is scaled down
}

// reset lets go of the pictures.
func (t *thumbs) reset() {
	for _, img := range t.imgs {
		img.Deallocate()
	}
	t.imgs = nil
	if t.big != nil {
		t.big.Deallocate()
		t.big = nil
	}
}

// get is slide i's thumbnail at w×h device pixels, drawn now if it is
// not kept.
func (t *thumbs) get(i, w, h int, pm *presentMode) *ebiten.Image {
	if w <= 0 || h <= 0 {
		return nil
	}
	if t.w != w || t.h != h || t.dark != pm.dark || t.deck != pm.deck {
		t.reset()
		t.w, t.h, t.dark, t.deck = w, h, pm.dark, pm.deck
	}
	if img := t.imgs[i]; img != nil {
		return img
	}
	// The slide is drawn at twice the size and scaled down: type a few
	// pixels high drawn directly comes out wider or narrower than it was
	// measured, and the words of a line run into each other.
	const ss = 2
	if t.big == nil || t.big.Bounds().Dx() != ss*w || t.big.Bounds().Dy() != ss*h {
		if t.big != nil {
			t.big.Deallocate()
		}
		t.big = ebiten.NewImage(ss*w, ss*h)
	}
	f := present.FitInto(view.Rect{W: float32(ss * w), H: float32(ss * h)})
	ly := read.Layer{Name: "thumb", Clip: view.Rect{W: float32(ss * w), H: float32(ss * h)}, Fill: pm.ts.Slide(i).Background,
		Items: placeItems(nil, slideItems(pm.ts, pm.host.Fonts, i, 0, ""), f)}
	pm.host.Painter.Layer(t.big, &ly, 1)
	pm.static.draw(t.big, pm.host.Drawer, pm.deck, pm.ts, i, 0, f, 1)
	img := ebiten.NewImage(w, h)
	o := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	o.GeoM.Scale(1.0/ss, 1.0/ss)
	img.DrawImage(t.big, o)
	if t.imgs == nil {
		t.imgs = map[int]*ebiten.Image{}
	}
	t.imgs[i] = img
	return img
}
