package desktop

import (
	"os"

	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render/view"
)

// PresentDump is what -frame writes in presentation mode.
type PresentDump struct {
	Mode    string // "present"
	Role    string // "audience", "presenter" or "presenter-view"
	Chapter string
	Title   string
	Loading bool   // the slides are still being made
	Error   string // the chapter's error, on an error slide
	ErrorAt string // where it is: file:line:col
	// The position: Slide is 1-based as people count; Step of Steps.
	Slide, Step, Slides, Steps int
	Kind                       string // the slide's kind: title, content, scene, poll
	SlideTitle                 string
	Counter                    string // "slide 2/21 · step 1/2"
	Overview                   bool
	Selected                   int // 1-based
	Blackout                   bool
	Jump                       string
	Help                       bool
	Notice                     string
	Dark                       bool
	W, H                       float32
	Stage                      view.Rect   // the stage in the window
	StageScale                 float32     // window pixels per stage pixel
	BodySize                   float32     // the slide's body type size on the stage after shrinking
	Cells                      []view.Rect // the overview's thumbnails in the window (zero size: scrolled away)
	Scene                      *PresentScene
	Presenter                  *PresenterLink
	List                       *read.DisplayList
}

// PresentScene is the audience window's player on a scene slide.
type PresentScene struct {
	Key       string
	Box       view.Rect // window logical pixels
	Event     int       // the event the step seeks to
	Cursor    int       // where the player is
	Len       int
	Playing   bool
	Caption   string // the caption the slide shows (the player's, at its cursor)
	StepText  string // the step's caption in the deck
	Zoom      float32
	Frame     *view.Frame // in the player's own pixels (Zoom window pixels each)
	PlayerBox view.Rect   // the panel's box in the player's pixels
}

// PresenterLink is the state of the link between the two windows.
type PresenterLink struct {
	Running  bool // the audience window has a presenter window
	Pid      int
	KeysGot  int    // keys the presenter window sent
	Linked   bool   // the presenter window got the audience window's hello
	LinkNote string // why it shows no talk
}

func (m *presentMode) Dump() any {
	d := PresentDump{Mode: "present", Role: m.role.String(), Chapter: m.name, Title: m.title, Loading: m.deck == nil,
		Help: m.help, Notice: m.noticeText(), Dark: m.dark, W: m.w, H: m.h, List: &m.list}
	f := m.fit()
	d.Stage, d.StageScale = f.Box(), f.Scale
	switch m.role {
	case roleAudience:
		d.Presenter = &PresenterLink{Running: m.aud.child != nil, KeysGot: m.aud.keys}
		if m.aud.child != nil {
			d.Presenter.Pid = m.aud.child.Pid()
		}
	case rolePresenter:
		d.Presenter = &PresenterLink{Running: true, Linked: m.pres.helloOK, LinkNote: m.pres.note, Pid: os.Getpid()}
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
		d.Scene = &PresentScene{Key: m.name + "#" + s.Scene.ID, Box: ps.box, Event: s.EventAt(st.Step), Cursor: pst.Cursor,
			Len: pst.Len, Playing: pst.Playing, Caption: m.panel.Frame().Caption, StepText: s.Caption(st.Step),
			Zoom: ps.k, Frame: m.panel.Frame(), PlayerBox: view.Rect{X: x, Y: y, W: w, H: h}}
	}
	return d
}
