package render

import (
	"bytes"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
)

// Drawer draws display lists. Geometry (rectangles, lines) is collected
// into one batch of triangles, anti-aliased by a feathered fringe. Discs
// (tokens and circles) are drawn once into small sprite images, kept while
// they are in use, and then drawn as two triangles each; their labels and
// all text are glyphs. Sprites and text are queued beside the geometry, in
// order. A batch is flushed — geometry first, then the queue — only when a
// shape would cover something queued, so the picture looks as if the list
// were drawn in order while a thousand tokens cost a handful of draw
// calls, which software WebGL (SwiftShader) needs.
type Drawer struct {
	font  *text.GoTextFaceSource
	faces map[float32]*text.GoTextFace
	// The Chinese fallback (internal/fonts.CJKSubset), for text with
	// runes Go Regular lacks (the player speaking Chinese, a scene's
	// Chinese output): parsed when the first such string is drawn or
	// measured, so that an English page never pays for it.
	cjk *cjkFaces

	dst   *ebiten.Image
	scale float32
	unit  float32 // device pixels per logical pixel of the picture (scale, or the scale a sprite is drawn for)

	vs []ebiten.Vertex
	is []uint16

	texts   []queuedText
	textBox view.Rect // union of the queued items' boxes
	pts     []point

	widths      map[textKey]float32 // Measure's answers
	sprites     map[spriteKey]*sprite
	textSprites map[textKey]*textSprite
	textSeen    map[textKey]int   // frame a string was last drawn glyph by glyph
	discSeen    map[spriteKey]int // frame a disc was last drawn as geometry
	frame       int
	sub         *Drawer // draws sprites; nil in a sub-drawer, which draws discs directly
}

// spriteKey is what a disc's picture depends on, in device pixels;
// colours are quantized so that a colour sliding between two states
// makes few sprites.
type spriteKey struct {
	fill, stroke, ink view.Color
	strokeW, size     float32
	w                 float32 // device pixels wide: size for a disc, more for a pill
	dashed, square    bool
	badge             string
}

type sprite struct {
	img   *ebiten.Image
	half  float32 // device pixels from the sprite's corner to the disc's centre, down
	halfW float32 // and across (more than half for a pill)
	used  int     // the frame it was last drawn in
}

type point struct{ x, y float32 }

// queuedText is a queued text or, with img set, a sprite.
type queuedText struct {
	s      string
	x, y   float32 // logical pixels (a sprite: device pixels of its corner)
	size   float32
	col    view.Color
	center bool      // x, y is the centre, not the top-left
	b      view.Rect // what it covers, in logical pixels
	img    *ebiten.Image
	alpha  float32
}

// white is the source of every triangle: a white pixel in the middle of a
// 3×3 image, so that sampling never bleeds from a neighbour.
var white = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	pix := make([]byte, 4*9)
	for i := range pix {
		pix[i] = 0xFF
	}
	img.WritePixels(pix)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

// NewDrawer returns a Drawer using the embedded Go Regular font.
func NewDrawer() *Drawer {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		panic("render.NewDrawer: the embedded font does not parse: " + err.Error())
	}
	d := &Drawer{font: src, faces: map[float32]*text.GoTextFace{}, sprites: map[spriteKey]*sprite{},
		textSprites: map[textKey]*textSprite{}, textSeen: map[textKey]int{}, discSeen: map[spriteKey]int{}}
	d.cjk = &cjkFaces{faces: map[float32]*text.MultiFace{}}
	d.sub = &Drawer{font: src, faces: d.faces, cjk: d.cjk}
	return d
}

// cjkFaces are Go Regular with the Chinese fallback behind it, by size.
type cjkFaces struct {
	src    *text.GoTextFaceSource
	failed bool // the fallback does not parse: Go Regular alone
	faces  map[float32]*text.MultiFace
}

// needsCJK reports whether s has a rune from the CJK blocks on (U+2E80),
// which Go Regular has no glyph for.
func needsCJK(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xE2 { // the first byte of U+2000 and above
			for _, r := range s[i:] {
				if r >= 0x2E80 {
					return true
				}
			}
			return false
		}
	}
	return false
}

// textFace is the face to set s in at size device pixels (rounded as
// face rounds): Go Regular, or Go Regular with the Chinese fallback when
// s needs it.
func (d *Drawer) textFace(s string, size float32) (text.Face, float32) {
	f := d.face(size)
	if d.cjk == nil || !needsCJK(s) {
		return f, float32(f.Size)
	}
	c := d.cjk
	if c.src == nil && !c.failed {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(fonts.CJKSubset))
		if err != nil {
			c.failed = true // drawn with Go Regular's missing-glyph boxes
		}
		c.src = src
	}
	if c.failed {
		return f, float32(f.Size)
	}
	m, ok := c.faces[float32(f.Size)]
	if !ok {
		var err error
		m, err = text.NewMultiFace(f, &text.GoTextFace{Source: c.src, Size: f.Size})
		if err != nil {
			c.failed = true
			return f, float32(f.Size)
		}
		c.faces[float32(f.Size)] = m
	}
	return m, float32(f.Size)
}

// face returns the face for size device pixels, rounded to a quarter
// pixel so that the glyph cache stays small.
func (d *Drawer) face(size float32) *text.GoTextFace {
	size = float32(math.Round(float64(size)*4) / 4)
	f, ok := d.faces[size]
	if !ok {
		f = &text.GoTextFace{Source: d.font, Size: float64(size)}
		d.faces[size] = f
	}
	return f
}

// Measure returns the width of s at size, in logical pixels. Widths are
// remembered: the controls and the redraw boxes ask for the same strings
// every frame.
func (d *Drawer) Measure(s string, size float32) float32 {
	k := textKey{s, size}
	if w, ok := d.widths[k]; ok {
		return w
	}
	face, _ := d.textFace(s, size)
	w := float32(text.Advance(s, face))
	if d.widths == nil || len(d.widths) > 4096 {
		d.widths = map[textKey]float32{}
	}
	d.widths[k] = w
	return w
}

// Draw draws shapes on dst, scaling logical pixels by scale: one frame.
func (d *Drawer) Draw(dst *ebiten.Image, shapes []view.Shape, scale float32) {
	d.BeginFrame()
	d.DrawIn(dst, shapes, scale, nil)
	d.EndFrame()
}

// BeginFrame starts a frame, which may draw several times (DrawIn).
func (d *Drawer) BeginFrame() { d.frame++ }

// DrawIn draws the shapes that may touch clip (all of them if clip is
// nil), in order, on dst.
func (d *Drawer) DrawIn(dst *ebiten.Image, shapes []view.Shape, scale float32, clip *view.Rect) {
	d.dst, d.scale, d.unit = dst, scale, scale
	for i := range shapes {
		if clip != nil && !d.bbox(&shapes[i]).Overlaps(*clip) {
			continue
		}
		d.shape(&shapes[i])
	}
	d.flush()
	d.dst = nil
}

// bbox is a box, in logical pixels, that holds everything a shape draws:
// outlines, badges, anti-aliased edges, text as the font sets it.
func (d *Drawer) bbox(s *view.Shape) view.Rect {
	m := s.StrokeW/2 + 3
	switch s.Kind {
	case view.ShapeLine:
		m = s.StrokeW + 3
		return view.Rect{X: min(s.X, s.X+s.W) - m, Y: min(s.Y, s.Y+s.H) - m, W: abs(s.W) + 2*m, H: abs(s.H) + 2*m}
	case view.ShapeText:
		size := s.Size
		if size <= 0 {
			size = 14
		}
		w := max(s.W, d.Measure(s.Text, size))
		return view.Rect{X: s.X - 3, Y: s.Y - 3, W: w + 6, H: size*1.5 + 6}
	case view.ShapeToken:
		m = max(m, 0.3*min(s.W, s.H)+3)
		if s.Text != "" {
			size := s.Size
			if size <= 0 {
				size = max(8, min(s.W, s.H)*0.4)
			}
			m = max(m, (d.Measure(s.Text, size)-s.W)/2+3)
		}
	}
	return view.Rect{X: s.X - m, Y: s.Y - m, W: s.W + 2*m, H: s.H + 2*m}
}

// diff appends to rs the boxes (logical pixels) where a and b differ: the
// boxes of the shapes that changed, before and after. Overlapping boxes
// are merged; past 16 boxes, they become their union.
func (d *Drawer) diff(rs []view.Rect, a, b []view.Shape) []view.Rect {
	n := max(len(a), len(b))
	for i := range n {
		switch {
		case i >= len(a):
			rs = addRect(rs, d.bbox(&b[i]))
		case i >= len(b):
			rs = addRect(rs, d.bbox(&a[i]))
		case a[i] != b[i]:
			rs = addRect(rs, d.bbox(&a[i]))
			rs = addRect(rs, d.bbox(&b[i]))
		}
	}
	return rs
}

// addRect adds r to rs, merging it with the boxes it overlaps.
func addRect(rs []view.Rect, r view.Rect) []view.Rect {
	for i := 0; i < len(rs); {
		if rs[i].Overlaps(r) {
			r = rs[i].Union(r)
			rs = append(rs[:i], rs[i+1:]...)
			i = 0
			continue
		}
		i++
	}
	rs = append(rs, r)
	if len(rs) > 16 {
		u := rs[0]
		for _, x := range rs[1:] {
			u = u.Union(x)
		}
		rs = append(rs[:0], u)
	}
	return rs
}

// EndFrame ends a frame and lets go of the sprites it no longer uses.
func (d *Drawer) EndFrame() {
	// Sprites not drawn for two seconds go.
	if len(d.sprites) > 256 {
		for k, sp := range d.sprites {
			if d.frame-sp.used > 120 {
				sp.img.Deallocate()
				delete(d.sprites, k)
			}
		}
	}
	if len(d.textSprites) > 512 {
		for k, sp := range d.textSprites {
			if d.frame-sp.used > 120 {
				sp.img.Deallocate()
				delete(d.textSprites, k)
			}
		}
	}
	if len(d.textSeen) > 1024 {
		for k, f := range d.textSeen {
			if d.frame-f > 2 {
				delete(d.textSeen, k)
			}
		}
	}
	if len(d.discSeen) > 1024 {
		for k, f := range d.discSeen {
			if d.frame-f > 2 {
				delete(d.discSeen, k)
			}
		}
	}
}

func (d *Drawer) shape(s *view.Shape) {
	switch s.Kind {
	case view.ShapeRect:
		if s.Fill.A == 0 && (s.Stroke.A == 0 || s.StrokeW <= 0) {
			return
		}
		d.before(view.Rect{X: s.X, Y: s.Y, W: s.W, H: s.H})
		d.pts = roundRect(d.pts[:0], s.X, s.Y, s.W, s.H, s.Radius, d.scale)
		d.outline(s, d.pts)
	case view.ShapeCircle:
		if d.sub != nil {
			d.disc(s)
			return
		}
		r := min(s.W, s.H) / 2
		d.before(view.Rect{X: s.X, Y: s.Y, W: s.W, H: s.H})
		d.pts = circle(d.pts[:0], s.X+s.W/2, s.Y+s.H/2, r, d.scale)
		d.outline(s, d.pts)
	case view.ShapeLine:
		col := s.Stroke
		if col.A == 0 {
			col = s.Fill
		}
		w := s.StrokeW
		if w <= 0 {
			w = 1
		}
		d.before(view.Rect{X: min(s.X, s.X+s.W) - w, Y: min(s.Y, s.Y+s.H) - w, W: abs(s.W) + 2*w, H: abs(s.H) + 2*w})
		d.pts = append(d.pts[:0], point{s.X, s.Y}, point{s.X + s.W, s.Y + s.H})
		d.stroke(d.pts, false, w, col, s.Dashed)
	case view.ShapeText:
		if s.Text == "" {
			return
		}
		col := s.Fill
		if col.A == 0 {
			col = play.ChromeInk
		}
		size := s.Size
		if size <= 0 {
			size = 14
		}
		w := d.Measure(s.Text, size)
		if s.W > 0 && w > s.W*1.02 {
			// The layout fitted the text with an estimated width; a wider
			// font is scaled down rather than overflowing its cell.
			size *= s.W / w
			w = s.W
		}
		d.queueText(queuedText{s: s.Text, x: s.X, y: s.Y, size: size, col: col}, view.Rect{X: s.X, Y: s.Y, W: w, H: size * 1.3})
	case view.ShapeToken:
		r := min(s.W, s.H) / 2
		cx, cy := s.X+s.W/2, s.Y+s.H/2
		if d.sub != nil {
			d.disc(s)
		} else {
			d.discDirect(s)
		}
		ink := s.Ink
		if ink.A == 0 {
			ink = labelColor(s.Fill)
		}
		if s.Text != "" {
			size := s.Size
			if size <= 0 {
				size = max(8, r*0.8)
			}
			d.queueText(queuedText{s: s.Text, x: cx, y: cy, size: size, col: ink, center: true}, view.Rect{X: s.X, Y: s.Y, W: s.W, H: s.H})
		}
	}
}

// discDirect draws a token's disc (or square) and badge as geometry.
func (d *Drawer) discDirect(s *view.Shape) {
	r := min(s.W, s.H) / 2
	cx, cy := s.X+s.W/2, s.Y+s.H/2
	d.before(view.Rect{X: s.X - r/2, Y: s.Y - r/2, W: s.W + r, H: s.H + r})
	switch {
	case s.Shape == view.TokenSquare:
		d.pts = roundRect(d.pts[:0], s.X, s.Y, s.W, s.H, r/4, d.scale)
	case s.W > s.H:
		d.pts = roundRect(d.pts[:0], s.X, s.Y, s.W, s.H, r, d.scale) // a pill
	default:
		d.pts = circle(d.pts[:0], cx, cy, r, d.scale)
	}
	d.outline(s, d.pts)
	if s.Badge != "" {
		// A small disc at the top-right corner with the badge in it.
		br := d.badgeRadius(r)
		bx, by := s.X+s.W-br*0.6, s.Y+br*0.6
		d.pts = circle(d.pts[:0], bx, by, br, d.scale)
		d.fill(d.pts, view.Paper, false)
		d.ring(d.pts, d.unit/d.scale, view.Ink)
		d.queueText(queuedText{s: s.Badge, x: bx, y: by, size: br * 1.3, col: view.Ink, center: true}, view.Rect{X: bx - br, Y: by - br, W: 2 * br, H: 2 * br})
	}
}

// badgeRadius is the radius of a token's badge disc for a token of radius
// r, in the drawer's units: at least 5 logical pixels.
func (d *Drawer) badgeRadius(r float32) float32 { return max(5*d.unit/d.scale, r*0.42) }

// disc queues the sprite of a token's disc (or a circle), drawing the
// sprite first if it is new.
func (d *Drawer) disc(s *view.Shape) {
	if s.Fill.A == 0 && s.Stroke.A == 0 && s.Badge == "" {
		return
	}
	r := min(s.W, s.H) / 2
	if r <= 0 {
		return
	}
	size := float32(math.Round(float64(2*r*d.scale)*2) / 2)
	wide := size
	if s.W > s.H {
		wide = float32(math.Round(float64(s.W*d.scale)*2) / 2)
	}
	// A fading token (Tween scales every alpha) shares the sprite of the
	// opaque one, drawn with less alpha.
	alpha := float32(max(s.Fill.A, s.Stroke.A)) / 255
	if alpha == 0 {
		alpha = 1
	}
	key := spriteKey{
		fill: quantize(s.Fill, alpha), stroke: quantize(s.Stroke, alpha),
		strokeW: float32(math.Round(float64(s.StrokeW*d.scale)*4) / 4),
		size:    size, w: wide, dashed: s.Dashed, square: s.Kind == view.ShapeToken && s.Shape == view.TokenSquare,
	}
	if s.Kind == view.ShapeToken && s.Badge != "" {
		key.badge = s.Badge
	}
	if s.Stroke.A == 0 {
		key.strokeW = 0
	}
	sp := d.sprites[key]
	if sp == nil {
		// Like text, a disc becomes a sprite when it is drawn in two
		// frames running: the first frame draws geometry, which is
		// cheaper than making a sprite for each style it shows.
		if seen := d.discSeen[key]; seen == 0 || seen < d.frame-1 {
			d.discSeen[key] = d.frame
			d.discDirect(s)
			return
		}
		sp = d.drawSprite(key, s.Shape)
		d.sprites[key] = sp
	}
	sp.used = d.frame
	cx, cy := (s.X+s.W/2)*d.scale, (s.Y+s.H/2)*d.scale
	box := view.Rect{X: s.X - r/2, Y: s.Y - r/2, W: s.W + r, H: s.H + r}
	d.before(box)
	d.queueText(queuedText{img: sp.img, x: cx - sp.halfW, y: cy - sp.half, alpha: alpha}, box)
}

// quantize divides out alpha (the fade) and rounds the channels to
// multiples of 4.
func quantize(c view.Color, alpha float32) view.Color {
	q := func(v uint8) uint8 { return uint8(min(255, math.Round(float64(v)/4)*4)) }
	a := uint8(min(255, math.Round(float64(c.A)/float64(alpha))))
	return view.Color{R: q(c.R), G: q(c.G), B: q(c.B), A: a}
}

// drawSprite draws a disc as key describes into a new image, with room
// for the outline and the badge.
func (d *Drawer) drawSprite(key spriteKey, shape view.TokenShape) *sprite {
	pad := float32(math.Ceil(float64(key.strokeW/2 + 2)))
	if key.badge != "" {
		br := max(5*d.scale, key.size/2*0.42)
		pad = max(pad, float32(math.Ceil(float64(br*0.4+2))))
	}
	n := int(math.Ceil(float64(key.size + 2*pad)))
	nw := int(math.Ceil(float64(max(key.w, key.size) + 2*pad)))
	img := ebiten.NewImage(nw, n)
	sd := d.sub
	sd.dst, sd.scale, sd.unit = img, 1, d.scale
	s := view.Shape{Kind: view.ShapeToken, X: pad, Y: pad, W: max(key.w, key.size), H: key.size,
		Fill: key.fill, Stroke: key.stroke, StrokeW: key.strokeW, Dashed: key.dashed, Badge: key.badge}
	if key.square {
		s.Shape = view.TokenSquare
	}
	sd.discDirect(&s)
	sd.flush()
	sd.dst = nil
	return &sprite{img: img, half: pad + key.size/2, halfW: pad + max(key.w, key.size)/2}
}

// labelColor is black or white, whichever reads better on fill.
func labelColor(fill view.Color) view.Color {
	if fill.A < 0x80 {
		return play.ChromeInk
	}
	// Relative luminance, roughly (sRGB weights on the gamma values).
	l := 0.2126*float64(fill.R) + 0.7152*float64(fill.G) + 0.0722*float64(fill.B)
	if l < 140 {
		return view.Color{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xFF}
	}
	return play.ChromeInk
}

func abs(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

// outline fills and strokes a closed, convex polygon. Under a solid
// outline the fill needs no fringe of its own: the outline covers its edge.
func (d *Drawer) outline(s *view.Shape, pts []point) {
	stroked := s.Stroke.A != 0
	solid := stroked && !s.Dashed && s.Stroke.A == 0xFF
	if s.Fill.A != 0 {
		d.fill(pts, s.Fill, !solid)
	}
	if stroked {
		w := s.StrokeW
		if w <= 0 {
			w = 1
		}
		if s.Dashed {
			d.stroke(pts, true, w, s.Stroke, true)
		} else {
			d.ring(pts, w, s.Stroke)
		}
	}
}

// before flushes the batch if a shape in box would cover queued text.
func (d *Drawer) before(box view.Rect) {
	if len(d.texts) == 0 || !box.Overlaps(d.textBox) {
		return
	}
	for _, t := range d.texts {
		if box.Overlaps(t.b) {
			d.flush()
			return
		}
	}
}

func (d *Drawer) queueText(t queuedText, box view.Rect) {
	t.b = box
	if len(d.texts) == 0 {
		d.textBox = box
	} else {
		d.textBox = d.textBox.Union(box)
	}
	d.texts = append(d.texts, t)
	if len(d.texts) >= 4096 {
		d.flush()
	}
}

// flush draws the queued geometry, then the queued text.
func (d *Drawer) flush() {
	if len(d.is) > 0 {
		op := &ebiten.DrawTrianglesOptions{}
		op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
		d.dst.DrawTriangles(d.vs, d.is, white, op)
	}
	d.vs, d.is = d.vs[:0], d.is[:0]
	for _, t := range d.texts {
		if t.img != nil {
			// Whole device pixels and the nearest filter, the same shader
			// as the geometry and the glyphs: Ebiten merges them all into
			// one draw call.
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(math.Round(float64(t.x)), math.Round(float64(t.y)))
			op.ColorScale.ScaleAlpha(t.alpha)
			d.dst.DrawImage(t.img, op)
			continue
		}
		d.drawText(t)
	}
	d.texts = d.texts[:0]
}

// textKey names a text sprite: the string at a size in device pixels.
type textKey struct {
	s    string
	size float32
}

// textSprite is a string drawn once in white, tinted when drawn.
type textSprite struct {
	img  *ebiten.Image
	w, h float32 // the text's box in device pixels, inside a textPad margin
	used int
}

const textPad = 2

// drawText draws a queued text. A string drawn in two frames running at
// the same size becomes a sprite, drawn from then on as one quad in any
// colour: shaping and laying out glyphs every frame is most of the cost
// of a frame in WebAssembly. Strings that change every frame (a clock
// during a slide) are drawn glyph by glyph.
func (d *Drawer) drawText(t queuedText) {
	face, fsize := d.textFace(t.s, t.size*d.scale)
	key := textKey{t.s, fsize}
	sp := d.textSprites[key]
	if sp == nil && d.textSeen[key] >= d.frame-1 && d.textSeen[key] > 0 && d.sub != nil {
		w, h := text.Measure(t.s, face, 0)
		sp = &textSprite{w: float32(w), h: float32(h)}
		sp.img = ebiten.NewImage(int(math.Ceil(w))+2*textPad, int(math.Ceil(h))+2*textPad)
		op := &text.DrawOptions{}
		op.GeoM.Translate(textPad, textPad)
		text.Draw(sp.img, t.s, face, op)
		d.textSprites[key] = sp
	}
	if sp == nil {
		if d.sub != nil {
			d.textSeen[key] = d.frame
		}
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(t.x*d.scale), float64(t.y*d.scale))
		op.ColorScale.ScaleWithColor(rgba(t.col))
		if t.center {
			op.PrimaryAlign = text.AlignCenter
			op.SecondaryAlign = text.AlignCenter
		}
		text.Draw(d.dst, t.s, face, op)
		return
	}
	sp.used = d.frame
	x, y := t.x*d.scale, t.y*d.scale
	if t.center {
		x, y = x-sp.w/2, y-sp.h/2
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(float64(x-textPad)), math.Round(float64(y-textPad)))
	op.ColorScale.ScaleWithColor(rgba(t.col))
	d.dst.DrawImage(sp.img, op)
}

// reserve makes room for n more vertices in the batch, flushing the
// geometry (not the text, which stays on top) when 16-bit indices would
// overflow.
func (d *Drawer) reserve(n int) {
	if len(d.vs)+n > 65000 {
		texts := d.texts
		d.texts = nil
		d.flush()
		d.texts = texts
	}
}

func (d *Drawer) vertex(p point, c [4]float32) {
	d.vs = append(d.vs, ebiten.Vertex{
		DstX: p.x * d.scale, DstY: p.y * d.scale, SrcX: 1, SrcY: 1,
		ColorR: c[0], ColorG: c[1], ColorB: c[2], ColorA: c[3],
	})
}

// premul is a colour as premultiplied floats.
func premul(c view.Color) [4]float32 {
	a := float32(c.A) / 255
	return [4]float32{float32(c.R) / 255 * a, float32(c.G) / 255 * a, float32(c.B) / 255 * a, a}
}

// Anti-aliasing: every edge gets a fringe one device pixel wide whose
// alpha falls from the shape's to zero, the way immediate-mode GUIs do it.
// It costs a few triangles, where Ebiten's AntiAlias option renders into a
// double-size offscreen buffer, which software WebGL (SwiftShader) cannot
// afford every frame.

// fill adds a convex polygon: a triangle fan inset by half a fringe, and
// the fringe around it; without fringe, just the fan.
func (d *Drawer) fill(pts []point, c view.Color, fringe bool) {
	n := len(pts)
	if n < 3 {
		return
	}
	col := premul(c)
	if !fringe {
		d.reserve(n)
		base := uint16(len(d.vs))
		for _, p := range pts {
			d.vertex(p, col)
		}
		for i := 1; i+1 < n; i++ {
			d.is = append(d.is, base, base+uint16(i), base+uint16(i+1))
		}
		return
	}
	d.reserve(2 * n)
	clear := [4]float32{}
	half := 0.5 / d.scale
	sign := float32(1)
	if area(pts) < 0 {
		sign = -1
	}
	base := uint16(len(d.vs))
	for i := range pts {
		nx, ny := vertexNormal(pts, i, sign)
		p := pts[i]
		d.vertex(point{p.x - nx*half, p.y - ny*half}, col)   // inner: 2i
		d.vertex(point{p.x + nx*half, p.y + ny*half}, clear) // outer: 2i+1
	}
	for i := 1; i+1 < n; i++ {
		d.is = append(d.is, base, base+uint16(2*i), base+uint16(2*i+2))
	}
	for i := range n {
		j := (i + 1) % n
		a, ao := base+uint16(2*i), base+uint16(2*i+1)
		b, bo := base+uint16(2*j), base+uint16(2*j+1)
		d.is = append(d.is, a, b, bo, a, bo, ao)
	}
}

// area is twice the signed area of a polygon (positive when its points go
// clockwise on the screen, where y points down).
func area(pts []point) float32 {
	var a float32
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p.x*q.y - q.x*p.y
	}
	return a
}

// vertexNormal is the outward normal at vertex i of a closed polygon
// (sign: +1 for clockwise on screen), scaled so that an offset along it
// moves both adjacent edges by the same distance.
func vertexNormal(pts []point, i int, sign float32) (float32, float32) {
	n := len(pts)
	prev, cur, next := pts[(i+n-1)%n], pts[i], pts[(i+1)%n]
	n1x, n1y := edgeNormal(prev, cur, sign)
	n2x, n2y := edgeNormal(cur, next, sign)
	mx, my := n1x+n2x, n1y+n2y
	l2 := mx*mx + my*my
	if l2 < 1e-6 {
		return n1x, n1y
	}
	// Miter: m/|m|² * 2 has unit projection on both edge normals; cap it
	// for sharp corners.
	k := min(2/l2, 4)
	return mx * k, my * k
}

// edgeNormal is the outward unit normal of the edge a→b.
func edgeNormal(a, b point, sign float32) (float32, float32) {
	dx, dy := b.x-a.x, b.y-a.y
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return 0, 0
	}
	return sign * dy / l, -sign * dx / l
}

// ring adds the solid outline of a closed, convex polygon as one strip:
// four vertices per point (the outer fringe, the band, the inner fringe),
// mitred at the corners.
func (d *Drawer) ring(pts []point, w float32, c view.Color) {
	n := len(pts)
	if n < 3 {
		return
	}
	col := premul(c)
	if px := w * d.scale; px < 1 {
		for i := range col {
			col[i] *= px
		}
		w = 1 / d.scale
	}
	d.reserve(4 * n)
	clear := [4]float32{}
	half := 0.5 / d.scale
	core := max(0, w/2-half)
	out := w/2 + half
	sign := float32(1)
	if area(pts) < 0 {
		sign = -1
	}
	base := uint16(len(d.vs))
	for i, p := range pts {
		nx, ny := vertexNormal(pts, i, sign)
		d.vertex(point{p.x + nx*out, p.y + ny*out}, clear)
		d.vertex(point{p.x + nx*core, p.y + ny*core}, col)
		d.vertex(point{p.x - nx*core, p.y - ny*core}, col)
		d.vertex(point{p.x - nx*out, p.y - ny*out}, clear)
	}
	for i := range n {
		a := base + uint16(4*i)
		b := base + uint16(4*((i+1)%n))
		for k := uint16(0); k < 3; k++ {
			d.is = append(d.is, a+k, b+k, b+k+1, a+k, b+k+1, a+k+1)
		}
	}
}

// stroke adds a polyline of width w (logical pixels), closed or not,
// solid or dashed (6 on, 4 off, scaled with the width). Each segment is a
// quad extended by half the width at both ends, which squares the corners
// of closed outlines.
func (d *Drawer) stroke(pts []point, closed bool, w float32, c view.Color, dashed bool) {
	col := premul(c)
	if px := w * d.scale; px < 1 {
		// Thinner than a pixel: a pixel-wide line, fainter.
		for i := range col {
			col[i] *= px
		}
		w = 1 / d.scale
	}
	n := len(pts)
	segs := n - 1
	if closed {
		segs = n
	}
	// The dash pattern is walked in float64 with the phase kept inside one
	// period: in float32, a run left over by rounding (on-pos ≈ 1e-7) can
	// be too short to move t at all, and the loop would never end.
	on, off := 6*max(1, float64(w)/2), 4*max(1, float64(w)/2)
	const snap = 1e-6
	phase := 0.0 // distance into the current period of the dash pattern
	for i := 0; i < segs; i++ {
		a, b := pts[i], pts[(i+1)%n]
		dx, dy := b.x-a.x, b.y-a.y
		l := math.Hypot(float64(dx), float64(dy))
		if l == 0 {
			continue
		}
		ux, uy := float32(float64(dx)/l), float32(float64(dy)/l)
		if !dashed {
			ext := w / 2
			if !closed {
				ext = 0
			}
			d.quad(point{a.x - ux*ext, a.y - uy*ext}, point{b.x + ux*ext, b.y + uy*ext}, ux, uy, w, col)
			continue
		}
		for t := 0.0; t < l; {
			var run float64
			if phase < on-snap {
				run = min(on-phase, l-t)
				t0, t1 := float32(t), float32(t+run)
				d.quad(point{a.x + ux*t0, a.y + uy*t0}, point{a.x + ux*t1, a.y + uy*t1}, ux, uy, w, col)
			} else {
				phase = max(phase, on)
				run = min(on+off-phase, l-t)
			}
			t += max(run, snap)
			if phase += run; phase >= on+off-snap {
				phase = 0
			}
		}
	}
}

// quad adds the band of width w around the segment a–b (unit direction
// ux, uy), with a fringe on both long sides.
func (d *Drawer) quad(a, b point, ux, uy, w float32, col [4]float32) {
	d.reserve(8)
	clear := [4]float32{}
	half := 0.5 / d.scale
	core := max(0, w/2-half)
	out := w/2 + half
	nx, ny := -uy, ux
	base := uint16(len(d.vs))
	for _, o := range [...]struct {
		k float32
		c [4]float32
	}{{out, clear}, {core, col}, {-core, col}, {-out, clear}} {
		d.vertex(point{a.x + nx*o.k, a.y + ny*o.k}, o.c)
		d.vertex(point{b.x + nx*o.k, b.y + ny*o.k}, o.c)
	}
	for r := uint16(0); r < 3; r++ {
		i := base + 2*r
		d.is = append(d.is, i, i+1, i+3, i, i+3, i+2)
	}
}

// segments is how many straight pieces approximate an arc of angle a
// (radians) and radius r (logical pixels) at scale: about 4 device pixels
// each, which the anti-aliased edge makes look round.
func segments(a, r, scale float32) int {
	n := int(math.Ceil(float64(a * r * scale / 4)))
	return max(2, min(n, 48))
}

// circle appends the points of a circle.
func circle(pts []point, cx, cy, r, scale float32) []point {
	n := max(12, segments(2*math.Pi, r, scale))
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts = append(pts, point{cx + r*float32(math.Cos(a)), cy + r*float32(math.Sin(a))})
	}
	return pts
}

// roundRect appends the points of a rectangle with rounded corners,
// clockwise from the top-left corner's end.
func roundRect(pts []point, x, y, w, h, r, scale float32) []point {
	r = max(0, min(r, w/2, h/2))
	if r == 0 {
		return append(pts, point{x, y}, point{x + w, y}, point{x + w, y + h}, point{x, y + h})
	}
	n := segments(math.Pi/2, r, scale)
	corner := func(cx, cy float32, start float64) {
		for i := 0; i <= n; i++ {
			a := start + math.Pi/2*float64(i)/float64(n)
			pts = append(pts, point{cx + r*float32(math.Cos(a)), cy + r*float32(math.Sin(a))})
		}
	}
	corner(x+w-r, y+r, -math.Pi/2)
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	corner(x+r, y+r, math.Pi)
	return pts
}

func rgba(c view.Color) color.NRGBA { return color.NRGBA{R: c.R, G: c.G, B: c.B, A: c.A} }
