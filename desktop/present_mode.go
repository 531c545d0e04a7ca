package desktop

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render"
)

func init() { RegisterMode("present", newPresentMode) }

// PresentOptions are presentation mode's command-line options.
type PresentOptions struct {
	// Slide (1-based) and Step are where the talk starts; Overview
	// starts it in the overview.
	Slide, Step int
	Overview    bool
	// Presenter opens the presenter window as soon as the slides are
	// ready, as p does.
	Presenter bool
	// Link makes this process the presenter window of another one's talk
	// (--presenter-child): the audience window's process started it and
	// talks to it over Link (PresenterStdio).
	Link *PresentLink
	// View shows the presenter window's layout on its own, driven by this
	// window's keys (--presenter-view): to rehearse, and for screenshots.
	View bool
	// Exe is the program the presenter window runs (os.Executable when
	// empty).
	Exe string
	// BesideMonitor is the audience window's monitor: a presenter window
	// opens on another one when there is another.
	BesideMonitor string
	// ChildKeys are handed to the presenter window as --presenter-keys;
	// in the presenter window, Keys are pressed there once it shows the
	// talk. Together they let an end-to-end test drive the pair.
	ChildKeys, Keys []key.Key
}

// presentRole is which window of a talk this is.
type presentRole uint8

const (
	roleAudience  presentRole = iota // the slides, full screen on the projector; it owns the talk's state
	rolePresenter                    // the presenter window of another process's talk
	roleRehearsal                    // the presenter layout, owning its own state (--presenter-view)
)

func (r presentRole) String() string {
	return [...]string{"audience", "presenter", "presenter-view"}[r]
}

// presentMode is presentation mode: the chapter as slides on a 1920×1080
// stage letterboxed into the window (present.Deck, present.Nav and
// present.Typesetter do the work that needs no window), scenes playing
// full-slide in a render.Panel, the overview grid, and the presenter
// window as a second process of the same binary.
type presentMode struct {
	host *Host
	opt  PresentOptions
	role presentRole

	name, title string               // the chapter's id and title
	loading     <-chan *present.Deck // the deck being made
	deck        *present.Deck
	nav         *present.Nav
	ts          *present.Typesetter
	dark        bool
	lang        lang.Lang // the chapter's language, which the chrome speaks

	w, h  float32
	scale float64

	// The audience window's scene player, for slide panelSlide.
	panel      *render.Panel
	panelSlide int
	quiet      int
	playScene  string // --play-scene: play this scene once its slide shows

	static staticScenes
	thumbs thumbs
	scroll float32 // the overview's scroll, stage pixels

	help        bool
	notice      string
	noticeUntil time.Time
	fullscreen  bool
	hidden      bool // the mouse cursor is hidden over the slides
	lastMove    time.Time
	lastPtr     read.Pointer // the pointer the player saw last
	idlePtr     read.Pointer // the pointer at the last tick, for hiding the cursor
	hover       bool         // the pointer is over something to click

	untitled bool // the window's title is to be set

	// What only one window of a talk has: the audience window its
	// presenter window's process (present_audience.go), the presenter
	// window its link to the audience window (present_presenter.go). The
	// other is nil, and both are in the presenter-view rehearsal.
	aud  *audienceSide
	pres *presenterSide

	presses []presentPress
	list    read.DisplayList
	hooks   map[int]func(*ebiten.Image) // drawn after layer i
	cached  map[int]func(*ebiten.Image) // draw layer i from a kept picture instead of its items
	shown   viewKey
	built   bool
	redraw  bool // the player's picture changed: repaint it alone
	ready   bool // the slides have been drawn
}

// viewKey is what the picture depends on apart from the scene player: a
// change redraws the window.
type viewKey struct {
	w, h     float32
	scale    float64
	deck     *present.Deck
	dark     bool
	pos      present.Position
	overview bool
	selected int
	scroll   float32
	blackout bool
	jump     string
	help     bool
	notice   string
	caption  string
	clock    string
	linkNote string
}

// footerBand is the height of the band at the bottom of a slide that
// holds the chapter's name and the slide's number (present.Typesetter's).
const footerBand float32 = 64

// noticeFor is how long a notice stays on the screen.
const noticeFor = 4 * time.Second

// hideCursorAfter is how long the mouse rests before its cursor hides
// over the slides.
const hideCursorAfter = 3 * time.Second

func newPresentMode(h *Host) (Mode, error) {
	opt := PresentOptions{}
	if h.Options.Present != nil {
		opt = *h.Options.Present
	}
	m := &presentMode{host: h, opt: opt, dark: h.State.Dark, scale: 1, panelSlide: -1, playScene: h.Options.PlayScene, lastMove: time.Now()}
	switch {
	case opt.Link != nil:
		m.role, m.pres = rolePresenter, &presenterSide{link: opt.Link}
	case opt.View:
		m.role = roleRehearsal
	default:
		m.aud = &audienceSide{}
	}
	name := h.Options.Chapter
	if name == "" {
		name = h.State.Chapter
	}
	b := h.CurrentBook()
	m.lang = b.Lang
	i := -1
	if name != "" {
		i = b.Find(name)
	}
	if i < 0 && m.playScene != "" {
		i = sceneChapter(b, m.playScene)
	}
	if i < 0 {
		if name != "" {
			h.Notify("no chapter %q: presenting %s", name, b.Entries[0].ID)
		}
		i = 0
	}
	e := b.Entries[i]
	m.name, m.title = e.ID, e.Title
	if e.Chapter != nil {
		// The scenes are simulated while the window opens: the slides
		// are ready sooner than if the window opened first.
		ch := make(chan *present.Deck, 1)
		c, l := e.Chapter, m.lang
		go func() {
			d := present.New(c)
			d.SetLang(l)
			ch <- d
		}()
		m.loading = ch
	} else {
		err := e.Err
		if err == nil {
			err = fmt.Errorf("%s: the chapter could not be read", e.File)
		}
		d := present.ErrorDeck(e.ID, err)
		d.SetLang(m.lang)
		m.setDeck(d)
	}
	return m, nil
}

// sceneChapter is the index of the chapter with a scene called id, or -1.
func sceneChapter(b *read.Book, id string) int {
	for i, e := range b.Entries {
		if e.Chapter == nil {
			continue
		}
		for _, s := range e.Chapter.Scenes {
			if s.ID == id {
				return i
			}
		}
	}
	return -1
}

// setDeck starts the talk once its deck is made.
func (m *presentMode) setDeck(d *present.Deck) {
	m.deck = d
	m.nav = present.NewNav(d)
	m.ts = present.NewTypesetter(d, m.host.Fonts, m.dark)
	m.built = false
	if d.Err != nil && m.role != rolePresenter && m.host.Book.Dir == "" { // with --chapters, the command printed it already
		m.host.Notify("%v", d.Err)
	}
	p := present.Position{Slide: max(m.opt.Slide-1, 0), Step: m.opt.Step}
	if m.playScene != "" {
		found := false
		for i := range d.Slides {
			if s := d.Slides[i].Scene; s != nil && s.ID == m.playScene {
				p, found = present.Position{Slide: i}, true
				break
			}
		}
		if !found {
			m.host.Notify("no scene %q in %s", m.playScene, m.name)
			m.playScene = ""
		}
	}
	if m.role != rolePresenter {
		if m.opt.Slide > len(d.Slides) {
			m.host.Notify("no slide %d: %s has %d", m.opt.Slide, m.name, len(d.Slides))
		} else if p.Slide < len(d.Slides) && m.opt.Step > d.Slides[p.Slide].Steps() {
			m.host.Notify("no step %d on slide %d: it has %d", m.opt.Step, p.Slide+1, d.Slides[p.Slide].Steps())
		}
		// The start is set, not moved to: the timer starts at the first
		// move the presenter makes.
		m.nav.SetState(present.State{Position: p, Overview: m.opt.Overview, Selected: p.Slide})
		m.follow()
	}
	m.syncPanel()
	// The window's title and the presenter window wait for the game to
	// run (the deck of a chapter that did not parse is made before).
	m.untitled = true
	if m.aud != nil {
		m.aud.want = m.opt.Presenter
	}
	if m.pres != nil {
		m.pres.replay(m)
	}
}

// Ready holds a screenshot back until the slides are drawn and, for a
// test of the window pair, the presenter window's keys have arrived.
func (m *presentMode) Ready() bool {
	if !m.ready {
		return false
	}
	if n := len(m.opt.ChildKeys); n > 0 && m.aud != nil {
		return m.aud.keys >= n || m.aud.told && m.aud.child == nil
	}
	return true
}

func (m *presentMode) Resize(w, h float32, scale float64) {
	m.w, m.h, m.scale = w, h, scale
	m.built = false
	m.placePanel()
}

// fit is the stage in the window.
func (m *presentMode) fit() present.Fit { return present.FitStage(m.w, m.h) }

// grid is the overview on the stage, scrolled.
func (m *presentMode) grid() present.Grid {
	g := present.NewGrid(present.StageRect, len(m.deck.Slides))
	g.Scroll = max(0, min(m.scroll, g.Height()-g.Area.H))
	return g
}

// follow scrolls the overview to its selection.
func (m *presentMode) follow() {
	if m.deck == nil {
		return
	}
	g := m.grid()
	g.Follow(m.nav.Selected())
	m.scroll = g.Scroll
}

func (m *presentMode) Update(in *Input) (Damage, error) {
	now := time.Now()
	if m.opt.BesideMonitor != "" {
		// The presenter window goes to a screen the audience window is
		// not on, when there is one (the laptop's, say).
		for _, mon := range ebiten.AppendMonitors(nil) {
			if mon.Name() != m.opt.BesideMonitor {
				ebiten.SetMonitor(mon)
				break
			}
		}
		m.opt.BesideMonitor = ""
	}
	if m.deck == nil {
		select {
		case d := <-m.loading:
			m.setDeck(d)
		default:
		}
	}
	if m.notice != "" && now.After(m.noticeUntil) {
		m.notice = ""
	}
	m.pointerIdle(in, now)
	if m.deck != nil && m.untitled {
		m.untitled = false
		role := "presenting"
		if m.role != roleAudience {
			role = "presenter"
		}
		ebiten.SetWindowTitle("gmpbook — " + m.deck.Title + " (" + role + ")")
	}
	if m.aud != nil && m.aud.want {
		m.aud.want = false
		m.startPresenter()
	}

	var e present.Effect
	m.presses = presentPresses(in, m.presses)
	for _, p := range m.presses {
		eff, leave := m.press(p)
		if leave {
			return m.leave()
		}
		e |= eff
	}

	// The other window.
	switch {
	case m.aud != nil:
		e |= m.fromPresenter()
	case m.pres != nil:
		eff, closed := m.fromAudienceWindow()
		if closed {
			return DamageNone, ebiten.Termination // the audience window closed: so does this one
		}
		e |= eff
	}
	if m.deck != nil {
		if m.role != rolePresenter {
			e |= m.nav.Tick()
		}
		e |= m.pointer(in)
		m.effects(e)
		m.updatePanel(in)
	}

	k := m.key(now)
	if !m.built || k != m.shown {
		m.build(now)
		m.shown, m.built = k, true
		return DamageFull, nil
	}
	if m.redraw {
		if m.notice != "" || m.help || m.nav.Jump() != "" {
			return DamageFull, nil // a partial repaint would cover an overlay
		}
		return DamagePartial, nil
	}
	return DamageNone, nil
}

// press does what one key does, and reports whether the window leaves
// presentation mode.
func (m *presentMode) press(p presentPress) (present.Effect, bool) {
	switch p.act {
	case actQuit:
		return 0, true
	case actHelp:
		m.help = !m.help
		return 0, false
	case actTheme:
		m.setDark(!m.dark)
		return 0, false
	}
	if m.deck == nil {
		// Preparing the slides: only Escape leaves.
		return 0, p.act == actTalk && p.key == key.Escape
	}
	if m.help && p.act == actTalk {
		m.help = false // any key closes the help and does nothing else
		return 0, false
	}
	open := m.nav.Jump() != "" || m.nav.Overview() || m.nav.Blackout()
	switch p.act {
	case actPlay:
		if m.pres != nil {
			m.pres.link.Send(present.Msg{Type: present.MsgKey, Key: "k"})
		} else {
			m.togglePlay()
		}
		return 0, false
	case actPresenter:
		if m.role == roleAudience {
			m.startPresenter()
		}
		return 0, false
	}
	// A key of the talk.
	k := p.key
	if k == key.Escape && !open {
		if m.fullscreen {
			m.setFullscreen(false)
			return 0, false
		}
		// Escape on a slide leaves presentation mode; in the presenter
		// window it does nothing (q closes it).
		return 0, m.role != rolePresenter
	}
	if m.role == rolePresenter {
		if k == key.F {
			m.setFullscreen(!m.fullscreen)
			return 0, false
		}
		m.pres.link.Send(present.KeyMsg(k))
		return 0, false
	}
	return m.nav.Press(k), false
}

// leave ends presentation mode: the reading mode at this chapter (the
// presenter window closes).
func (m *presentMode) leave() (Damage, error) {
	if m.role == rolePresenter {
		return DamageNone, ebiten.Termination
	}
	if m.fullscreen {
		ebiten.SetFullscreen(false)
		m.fullscreen = false
	}
	if m.hidden {
		ebiten.SetCursorMode(ebiten.CursorModeVisible)
	}
	m.thumbs.reset()
	if err := m.host.Switch("read"); err != nil {
		m.host.Notify("%v", err)
	}
	return DamageFull, nil
}

// Close ends the link to the other window: the presenter window's
// process is told and, if it does not exit within a second, killed.
func (m *presentMode) Close() {
	if m.aud != nil {
		m.aud.close()
	}
	if m.pres != nil {
		m.pres.link.Close()
	}
}

// effects carries out what the talk's keys and messages changed.
func (m *presentMode) effects(e present.Effect) {
	if e&present.Fullscreen != 0 {
		m.setFullscreen(!m.fullscreen)
	}
	if e&present.OverviewChanged != 0 {
		m.follow()
	}
	if e&present.Moved != 0 {
		m.syncPanel()
	}
	if e.Shared() && m.aud != nil && m.aud.child != nil {
		m.aud.child.Send(present.StateMsg(m.nav.State()))
	}
}

func (m *presentMode) setFullscreen(on bool) {
	m.fullscreen = on
	ebiten.SetFullscreen(on)
}

func (m *presentMode) setDark(on bool) {
	m.dark = on
	if m.deck != nil {
		m.ts = present.NewTypesetter(m.deck, m.host.Fonts, on)
	}
	m.built = false
}

// say shows a short notice on the screen for a few seconds, and prints
// it on standard error with why (when there is a why).
func (m *presentMode) say(notice string, why error) {
	m.notice = notice
	m.noticeUntil = time.Now().Add(noticeFor)
	if why != nil {
		m.host.Notify("%s (%v)", strings.TrimSuffix(notice, "."), why)
	} else {
		m.host.Notify("%s", notice)
	}
}

func (m *presentMode) SaveState(st *read.State) {
	if m.role != roleAudience {
		return
	}
	if st.Chapter != m.name {
		st.Chapter, st.Anchor, st.Offset = m.name, "", 0
	}
	st.Dark = m.dark
	if !m.fullscreen && m.w > 0 && m.h > 0 {
		st.Width, st.Height = int(m.w), int(m.h)
	}
}

// key is what the picture shows now.
func (m *presentMode) key(now time.Time) viewKey {
	k := viewKey{w: m.w, h: m.h, scale: m.scale, deck: m.deck, dark: m.dark, help: m.help, notice: m.notice, linkNote: m.linkNote()}
	if m.nav == nil {
		return k
	}
	st := m.nav.State()
	k.pos, k.overview, k.selected, k.blackout, k.jump = st.Position, st.Overview, st.Selected, st.Blackout, st.Jump
	k.scroll = m.scroll
	if m.panel != nil {
		k.caption = m.panel.Frame().Caption
	}
	if m.role != roleAudience {
		t := m.nav.Timer()
		k.clock = t.String(now) + strconv.FormatBool(t.Running()) + strconv.FormatBool(t.Started())
	}
	return k
}
