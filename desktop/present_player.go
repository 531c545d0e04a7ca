package desktop

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/render"
	"github.com/gmpbook/gmpbook/render/play"
)

// The audience window's scene player, and the pointer.

// syncPanel gives the current slide its player, at the step's event:
// a new one for a new scene, or when the presenter re-ran the scene with
// other settings (the steps' events are those of the deck's run).
func (m *presentMode) syncPanel() {
	if m.role != roleAudience || m.deck == nil {
		return
	}
	pos := m.nav.Pos()
	if !sceneSlide(m.deck, pos.Slide) {
		m.panel, m.panelSlide = nil, -1
		return
	}
	s := &m.deck.Slides[pos.Slide]
	if m.panel != nil && m.panelSlide == pos.Slide {
		st := m.panel.Status()
		if st.Procs != s.Run.Config.Procs || st.Seed != s.Run.Config.Seed {
			m.panel = nil
		}
	}
	if m.panel == nil || m.panelSlide != pos.Slide {
		m.panel = render.NewPanel(newSlidePlayer(s, m.deck.Lang), m.host.Drawer)
		m.panelSlide = pos.Slide
	}
	pl := m.panel.Source().(*play.Player)
	pl.SetPlaying(false)
	pl.Seek(s.EventAt(pos.Step))
	if m.playScene != "" && s.Scene.ID == m.playScene {
		pl.SetPlaying(true)
		m.playScene = ""
	}
	m.quiet = 0
	m.placePanel()
}

// playerSpace is where the current slide's player is.
func (m *presentMode) playerSpace() playerSpace {
	return newPlayerSpace(m.fit(), scenePlayerBox(m.ts.Slide(m.panelSlide)))
}

func (m *presentMode) placePanel() {
	if m.panel == nil || m.w <= 0 {
		return
	}
	ps := m.playerSpace()
	m.panel.SetBounds(ps.bounds())
	m.panel.Layout(float32(m.scale) * ps.k)
}

// togglePlay plays or pauses the scene on the slide (k).
func (m *presentMode) togglePlay() {
	if m.panel == nil {
		return
	}
	pl := m.panel.Source().(*play.Player)
	pl.SetPlaying(!pl.Status().Playing)
	m.quiet = 0
}

// updatePanel runs the player for a tick: the pointer on its controls,
// playing, sliding. A paused player with nothing to do is left alone.
func (m *presentMode) updatePanel(in *Input) {
	m.redraw = false
	if m.panel == nil || m.nav.Overview() || m.nav.Blackout() {
		return
	}
	ps := m.playerSpace()
	ptr := in.Pointer
	pi := render.PanelInput{Dt: in.Dt, Pointer: play.Pointer{X: ptr.X / ps.k, Y: ptr.Y / ps.k,
		Present: ptr.Present && ps.box.Contains(ptr.X, ptr.Y), Down: ptr.Down, Pressed: ptr.Pressed, Released: ptr.Released}}
	moved := pi.Pointer.Present && (ptr.X != m.lastPtr.X || ptr.Y != m.lastPtr.Y || ptr.Down || ptr.Released)
	m.lastPtr = ptr
	if moved || m.panel.Dragging() || m.panel.Status().Playing {
		m.quiet = 0
	} else if m.quiet++; m.quiet > quietTicks {
		return
	}
	if err := m.panel.Update(&pi); err != nil {
		m.host.Notify("scene: %v", err)
	}
	if m.panel.Layout(float32(m.scale) * ps.k) {
		m.redraw = true
	}
}

// pointerIdle hides the mouse cursor over the slides when it rests, and
// shows it when it moves.
func (m *presentMode) pointerIdle(in *Input, now time.Time) {
	p := in.Pointer
	moved := p.X != m.idlePtr.X || p.Y != m.idlePtr.Y || p.Pressed || in.WheelY != 0
	m.idlePtr = p
	if moved {
		m.lastMove = now
		if m.hidden {
			m.hidden = false
			ebiten.SetCursorMode(ebiten.CursorModeVisible)
		}
		return
	}
	if m.role == roleAudience && !m.hidden && now.Sub(m.lastMove) > hideCursorAfter && !(m.nav != nil && m.nav.Overview()) {
		m.hidden = true
		ebiten.SetCursorMode(ebiten.CursorModeHidden)
	}
}

// pointer handles clicks: a slide of the overview opens it; in the
// presenter layout, the next slide goes to it. The wheel scrolls the
// overview.
func (m *presentMode) pointer(in *Input) present.Effect {
	p := in.Pointer
	m.hover = false
	if !p.Present {
		return 0
	}
	if m.role == roleAudience {
		if !m.nav.Overview() {
			return 0
		}
		if in.WheelY != 0 {
			m.scroll -= in.WheelY * 80
			g := m.grid()
			m.scroll = g.Scroll
		}
		f := m.fit()
		sx, sy, ok := f.ToStage(p.X, p.Y)
		if !ok {
			return 0
		}
		g := m.grid()
		i := g.Hit(sx, sy)
		m.hover = i >= 0
		if i >= 0 && p.Pressed {
			return m.nav.Apply(present.OpenMsg(i))
		}
		return 0
	}
	v := present.Presenter(m.w, m.h)
	if v.NextBox.Contains(p.X, p.Y) && m.nav.Pos().Slide+1 < m.nav.Len() {
		m.hover = true
		if p.Pressed {
			to := present.Position{Slide: m.nav.Pos().Slide + 1}
			if m.pres != nil {
				m.pres.link.Send(present.GotoMsg(to))
				return 0
			}
			return m.nav.Apply(present.GotoMsg(to))
		}
	}
	return 0
}

func (m *presentMode) Cursor() ebiten.CursorShapeType {
	if m.hover {
		return ebiten.CursorShapePointer
	}
	return ebiten.CursorShapeDefault
}
