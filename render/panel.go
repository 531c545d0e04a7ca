package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
)

// Panel is a player embedded in a larger screen: a Source and its
// Controls drawn into a rectangle of someone else's window (the desktop
// app's page, where scenes play inline between paragraphs). The host owns
// the window, the input and the focus; it tells the panel where it sits,
// hands it the pointer and, while the panel has the focus, the keys, and
// asks it to draw.
//
// A panel remembers what it last drew, so that a host whose screen keeps
// its pixels (ebiten.SetScreenClearedEveryFrame(false)) repaints only the
// boxes of the panel where the picture changed, as Game does for a whole
// window.
type Panel struct {
	src      play.Source
	drawer   *Drawer
	controls *play.Controls

	r       view.Rect // where the panel sits, logical pixels of the host's screen
	focused bool

	frame  view.Frame
	shapes []view.Shape // the display list laid out by Layout, in screen coordinates

	// What the screen shows of the panel.
	shown      []view.Shape
	shownR     view.Rect
	shownScale float32
	dirty      []view.Rect

	in play.Input
}

// PanelInput is what the host hands a panel for one tick.
type PanelInput struct {
	// Dt is the wall time the tick stands for, in seconds.
	Dt float64
	// Keys, Shift and Chars are the keys pressed (with repeats) and the
	// characters typed during the tick. The host gives them only to the
	// panel that has the focus.
	Keys  []ebiten.Key
	Shift bool
	Chars []rune
	// Pointer is the mouse or touch in the host's logical pixels. The host
	// leaves it not Present when the pointer is elsewhere (over another
	// panel, the host's own chrome) unless the panel is being dragged.
	Pointer play.Pointer
}

// NewPanel returns a panel that plays src and draws with d (the host's
// drawer: panels share its sprites and glyph caches).
func NewPanel(src play.Source, d *Drawer) *Panel {
	return &Panel{src: src, drawer: d, controls: play.NewControls(d.Measure)}
}

// Source is the player the panel shows.
func (p *Panel) Source() play.Source { return p.src }

// SetBounds places the panel at x, y with size w×h, logical pixels of the
// host's screen.
func (p *Panel) SetBounds(x, y, w, h float32) { p.r = view.Rect{X: x, Y: y, W: w, H: h} }

// Bounds is where the panel sits.
func (p *Panel) Bounds() (x, y, w, h float32) { return p.r.X, p.r.Y, p.r.W, p.r.H }

// SetFocused gives the panel the keyboard focus or takes it away. Taking
// it away also drops the focus ring of the panel's buttons.
func (p *Panel) SetFocused(on bool) {
	p.focused = on
	if !on {
		p.controls.Blur()
	}
}

// Focused reports whether the panel has the keyboard focus.
func (p *Panel) Focused() bool { return p.focused }

// Dragging reports whether the timeline is being dragged: the host keeps
// sending the pointer to the panel until it is released, even outside it.
func (p *Panel) Dragging() bool { return p.controls.Dragging() }

// Contains reports whether the point (host logical pixels) is on the panel.
func (p *Panel) Contains(x, y float32) bool { return p.r.Contains(x, y) }

// Key offers the panel a focus key (Tab, Shift+Tab, Enter, Escape) and
// reports whether it took it. Tab walks the panel's buttons; from the
// last button (the first, with Shift) it is not taken, so that the host
// moves its focus on; Escape is taken only while a button has the focus.
func (p *Panel) Key(k ebiten.Key, shift bool) bool {
	switch k {
	case ebiten.KeyTab:
		if !p.controls.HasButtons() {
			return false
		}
		if p.controls.FocusAtEdge(shift) {
			p.controls.Blur()
			return false
		}
		controlsKey(p.controls, k, shift)
		return true
	case ebiten.KeyEscape:
		if !p.controls.HasFocus() {
			return false
		}
		controlsKey(p.controls, k, shift)
		return true
	}
	return false
}

// Update turns the tick's input into the player's commands, as Game does
// for a window, and advances the Source. Keys that Key took are not
// handed again.
func (p *Panel) Update(in *PanelInput) error {
	st := p.src.Status()
	cmds := p.in.Commands[:0]
	for _, k := range in.Keys {
		if k == ebiten.KeyEnter || k == ebiten.KeyNumpadEnter {
			if p.controls.HasFocus() {
				cmds = append(cmds, controlsKey(p.controls, k, in.Shift)...)
				continue
			}
		}
		if c, ok := keyCommand(k, in.Shift, st); ok {
			cmds = append(cmds, c)
		}
	}
	for _, r := range in.Chars {
		if c, ok := play.CharCommand(r, st); ok {
			cmds = append(cmds, c)
		}
	}
	// The pointer in the panel's own coordinates.
	ptr := in.Pointer
	ptr.X -= p.r.X
	ptr.Y -= p.r.Y
	if !ptr.Present && !p.controls.Dragging() {
		ptr = play.Pointer{}
	}
	cmds = append(cmds, p.controls.Pointer(ptr, st)...)
	if p.controls.Contains(ptr.X, ptr.Y) || p.controls.Dragging() || !p.r.Contains(in.Pointer.X, in.Pointer.Y) {
		ptr = play.Pointer{}
	}
	p.in = play.Input{Dt: in.Dt, Commands: cmds, Pointer: ptr}
	return p.src.Update(&p.in)
}

// Layout lays the panel out at its bounds — the Source's frame above the
// chrome — and reports whether the result differs from what the screen
// shows, that is whether Draw has something to do.
func (p *Panel) Layout(scale float32) bool {
	st := p.src.Status()
	w, h := p.r.W, p.r.H
	ch := p.controls.Height(st, w)
	f := p.src.Frame(w, max(0, h-ch))
	local := append(p.shapes[:0], f.Shapes...)
	local = p.controls.Layout(local, st, f.Narration, f.Caption, w, h)
	for i := range local {
		local[i].X += p.r.X
		local[i].Y += p.r.Y
	}
	p.shapes = local
	p.frame = f
	p.frame.W, p.frame.H, p.frame.Shapes = w, h, p.shapes
	if p.shown == nil || p.shownR != p.r || p.shownScale != scale || len(p.shown) != len(p.shapes) {
		return true
	}
	for i := range p.shapes {
		if p.shapes[i] != p.shown[i] {
			return true
		}
	}
	return false
}

// Frame is the display list Layout made, in the host's logical pixels:
// the Source's frame followed by the chrome. It is valid until the next
// Layout.
func (p *Panel) Frame() *view.Frame { return &p.frame }

// Status is the Source's status.
func (p *Panel) Status() play.Status { return p.src.Status() }

// Draw draws the panel on screen (device pixels, scale per logical
// pixel), inside the clip box (host logical pixels: the part of the host's
// screen where the panel may show, such as the page's viewport). With
// full it paints all of it; otherwise only the boxes where the display
// list changed since the last Draw. Call Layout first, and draw between
// the drawer's BeginFrame and EndFrame (the host's frame).
func (p *Panel) Draw(screen *ebiten.Image, scale float32, clipX, clipY, clipW, clipH float32, full bool) {
	clip := p.r.Intersect(view.Rect{X: clipX, Y: clipY, W: clipW, H: clipH})
	if p.shown == nil || p.shownR != p.r || p.shownScale != scale {
		full = true
	}
	var boxes []view.Rect
	if full {
		boxes = append(p.dirty[:0], clip)
	} else {
		boxes = p.drawer.diff(p.dirty[:0], p.shown, p.shapes)
		for i := range boxes {
			boxes[i] = boxes[i].Intersect(clip)
		}
	}
	p.dirty = boxes
	p.drawer.repaint(screen, p.shapes, boxes, scale, 0, play.ChromeColors(p.frame.Dark).Background)
	p.shown = append(p.shown[:0], p.shapes...)
	p.shownR, p.shownScale = p.r, scale
}

// repaint clears each box (logical pixels, widened by pad device pixels)
// to the background bg and draws the shapes that touch it, clipped to it:
// how Game and Panel bring the screen up to date where the display list
// changed.
func (d *Drawer) repaint(screen *ebiten.Image, shapes []view.Shape, boxes []view.Rect, scale float32, pad int, bg view.Color) {
	b := screen.Bounds()
	for _, r := range boxes {
		if r.Empty() {
			continue
		}
		dr := deviceRect(r, scale).Inset(-pad).Intersect(b)
		if dr.Empty() {
			continue
		}
		sub := screen.SubImage(dr).(*ebiten.Image)
		sub.Fill(rgba(bg))
		c := view.Rect{X: float32(dr.Min.X) / scale, Y: float32(dr.Min.Y) / scale, W: float32(dr.Dx()) / scale, H: float32(dr.Dy()) / scale}
		d.DrawIn(sub, shapes, scale, &c)
	}
}

// Forget makes the next Draw paint the whole panel (the host painted over
// it).
func (p *Panel) Forget() { p.shown = p.shown[:0] }

// DrawClipped draws shapes (logical pixels) on dst (device pixels, scale
// per logical pixel), clipped to the box x, y, w, h: for a host that draws
// its own geometry with the player's anti-aliased drawer.
func (d *Drawer) DrawClipped(dst *ebiten.Image, shapes []view.Shape, scale float32, x, y, w, h float32) {
	dr := deviceRect(view.Rect{X: x, Y: y, W: w, H: h}, scale).Intersect(dst.Bounds())
	if dr.Empty() {
		return
	}
	sub := dst.SubImage(dr).(*ebiten.Image)
	c := view.Rect{X: x, Y: y, W: w, H: h}
	d.DrawIn(sub, shapes, scale, &c)
}

// deviceRect is the box r (logical pixels) in device pixels, rounded
// outwards.
func deviceRect(r view.Rect, scale float32) image.Rectangle {
	return image.Rect(int(math.Floor(float64(r.X*scale))), int(math.Floor(float64(r.Y*scale))),
		int(math.Ceil(float64((r.X+r.W)*scale))), int(math.Ceil(float64((r.Y+r.H)*scale))))
}
