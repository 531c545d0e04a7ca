package desktop

import (
	"os"

	"github.com/gmpbook/gmpbook/desktop/frame"
	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/render/view"
)

func (m *presentMode) Dump() any {
	d := frame.Present{Mode: "present", Role: m.role.String(), Chapter: m.name, Title: m.title, Loading: m.deck == nil,
		Help: m.help, Notice: m.noticeText(), Dark: m.dark, W: m.w, H: m.h, List: &m.list}
	f := m.fit()
	d.Stage, d.StageScale = f.Box(), f.Scale
	switch m.role {
	case roleAudience:
		d.Presenter = &frame.Link{Running: m.aud.child != nil, KeysGot: m.aud.keys}
		if m.aud.child != nil {
			d.Presenter.Pid = m.aud.child.Pid()
		}
	case rolePresenter:
		d.Presenter = &frame.Link{Running: true, Linked: m.pres.helloOK, LinkNote: m.pres.note, Pid: os.Getpid()}
	}
	if m.deck == nil {
		return d
	}
	if m.deck.Err != nil {
		d.Error = m.deck.Err.Error()
		if p, ok := m.deck.ErrorAt(); ok {
			d.ErrorAt = p.String()
		}
	}
	st := m.nav.State()
	s := &m.deck.Slides[st.Slide]
	d.Slide, d.Step, d.Slides, d.Steps = st.Slide+1, st.Step, len(m.deck.Slides), s.Steps()
	d.Kind, d.SlideTitle, d.Counter = s.Kind.String(), s.Title, present.Counter(m.deck, st.Position)
	d.Overview, d.Selected, d.Blackout, d.Jump = st.Overview, st.Selected+1, st.Blackout, st.Jump
	if l := m.ts.Slide(st.Slide); l != nil {
		d.BodySize = l.Size * l.Scale
	}
	if st.Overview && m.role == roleAudience {
		g := m.grid()
		for j := range g.N {
			if g.Visible(j) {
				d.Cells = append(d.Cells, f.Rect(g.Cell(j)))
			} else {
				d.Cells = append(d.Cells, view.Rect{})
			}
		}
	}
	if m.panel != nil {
		ps := m.playerSpace()
		pst := m.panel.Status()
		x, y, w, h := ps.bounds()
		d.Scene = &frame.Scene{Key: m.name + "#" + s.Scene.ID, Box: ps.box, Event: s.EventAt(st.Step), Cursor: pst.Cursor,
			Len: pst.Len, Playing: pst.Playing, Caption: m.panel.Frame().Caption, StepText: s.Caption(st.Step),
			Zoom: ps.k, Frame: m.panel.Frame(), PlayerBox: view.Rect{X: x, Y: y, W: w, H: h}}
	}
	return d
}
