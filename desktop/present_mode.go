package desktop

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/desktop/link"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
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
	ChildKeys, Keys []present.Key
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

	untitled      bool // the window's title is to be set
	wantPresenter bool // the presenter window is to be started (--presenter)

	child     *link.Child[present.Msg] // the presenter window (audience)
	childKeys int                      // key messages it sent
	childTold bool                     // a presenter window was started (or failed to start)
	link      *PresentLink             // the audience window (presenter)
	linkNote  string                   // why the presenter window shows no talk
	helloOK   bool
	early     []present.Msg // messages that came before the deck was ready
	keysSent  bool

	presses []presentPress
	list    read.DisplayList
	hooks   map[int]func(*ebiten.Image) // drawn after layer i
	cached  map[int]func(*ebiten.Image) // draw layer i from a kept picture instead of its operations
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
		m.role, m.link = rolePresenter, opt.Link
	case opt.View:
		m.role = roleRehearsal
	}
	name := h.Options.Chapter
	if name == "" {
		name = h.State.Chapter
	}
	b := h.Book
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
		c := e.Chapter
		go func() { ch <- present.New(c) }()
		m.loading = ch
	} else {
		err := e.Err
		if err == nil {
			err = fmt.Errorf("%s: the chapter could not be read", e.File)
		}
		m.setDeck(present.ErrorDeck(e.ID, err))
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
	m.wantPresenter = m.role == roleAudience && m.opt.Presenter
	if m.role == rolePresenter {
		early := m.early
		m.early = nil
		for _, msg := range early {
			m.fromAudience(msg)
		}
	}
}

// Ready holds a screenshot back until the slides are drawn and, for a
// test of the window pair, the presenter window's keys have arrived.
func (m *presentMode) Ready() bool {
	if !m.ready {
		return false
	}
	if n := len(m.opt.ChildKeys); n > 0 && m.role == roleAudience {
		return m.childKeys >= n || m.childTold && m.child == nil
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
	if m.wantPresenter {
		m.wantPresenter = false
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
	switch m.role {
	case roleAudience:
		e |= m.fromPresenter()
	case rolePresenter:
		if m.link != nil {
			m.link.Drain(func(msg present.Msg) {
				if m.deck == nil {
					m.early = append(m.early, msg)
					return
				}
				e |= m.fromAudience(msg)
			})
			select {
			case <-m.link.Done():
				return DamageNone, ebiten.Termination // the audience window closed: so does this one
			default:
			}
		}
		if m.deck != nil && m.helloOK && !m.keysSent && len(m.opt.Keys) > 0 {
			m.keysSent = true
			for _, k := range m.opt.Keys {
				m.link.Send(present.KeyMsg(k))
			}
		}
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
		return 0, p.act == actTalk && p.key == present.KeyEscape
	}
	if m.help && p.act == actTalk {
		m.help = false // any key closes the help and does nothing else
		return 0, false
	}
	open := m.nav.Jump() != "" || m.nav.Overview() || m.nav.Blackout()
	switch p.act {
	case actPlay:
		if m.role == rolePresenter {
			m.link.Send(present.Msg{Type: present.MsgKey, Key: "k"})
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
	if k == present.KeyEscape && !open {
		if m.fullscreen {
			m.setFullscreen(false)
			return 0, false
		}
		// Escape on a slide leaves presentation mode; in the presenter
		// window it does nothing (q closes it).
		return 0, m.role != rolePresenter
	}
	if m.role == rolePresenter {
		if k == present.KeyF {
			m.setFullscreen(!m.fullscreen)
			return 0, false
		}
		m.link.Send(present.KeyMsg(k))
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
	if m.child != nil {
		m.child.Close()
		m.child = nil
	}
	if m.link != nil {
		m.link.Close()
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
	if e.Shared() && m.child != nil {
		m.child.Send(present.StateMsg(m.nav.State()))
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

// ---- The presenter window ----------------------------------------------

// startPresenter starts the presenter window: this program again, as
// the presenter of this talk, linked over its stdin and stdout.
func (m *presentMode) startPresenter() {
	if m.child != nil {
		m.say("The presenter window is open.", nil)
		return
	}
	exe := m.opt.Exe
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			m.say("The presenter window cannot start.", err)
			return
		}
	}
	args := []string{"--mode", "present", "--presenter-child", "--chapter", m.name, "--state", "", "--width", "1280", "--height", "800"}
	if dir := m.host.Book.Dir; dir != "" {
		args = append(args, "--chapters", dir)
	}
	if m.dark {
		args = append(args, "--dark")
	}
	if mon := ebiten.Monitor(); mon != nil {
		args = append(args, "--beside-monitor", mon.Name())
	}
	if len(m.opt.ChildKeys) > 0 {
		var names []string
		for _, k := range m.opt.ChildKeys {
			names = append(names, k.String())
		}
		args = append(args, "--presenter-keys", strings.Join(names, ","))
	}
	m.childTold = true
	c, err := startPresenter(exe, args...)
	if err != nil {
		m.say("The presenter window cannot start.", err)
		return
	}
	m.child = c
	m.childKeys = 0
	c.Send(present.Hello(m.deck))
	c.Send(present.StateMsg(m.nav.State()))
	m.host.Notify("presenter window started (pid %d)", c.Pid())
}

// fromPresenter applies what the presenter window sent, and notices
// when it has gone.
func (m *presentMode) fromPresenter() present.Effect {
	if m.child == nil {
		return 0
	}
	var e present.Effect
	m.child.Drain(func(msg present.Msg) {
		if msg.Type == present.MsgKey {
			m.childKeys++
			if msg.Key == "k" {
				m.togglePlay()
				return
			}
		}
		if m.deck != nil {
			e |= m.nav.Apply(msg)
		}
	})
	select {
	case <-m.child.Done():
		why := m.child.Err()
		m.child.Close()
		m.child = nil
		if why == link.ErrPeerClosed {
			why = nil
		}
		m.say("The presenter window closed.", why)
	default:
	}
	return e
}

// fromAudience applies a message of the audience window in the
// presenter window.
func (m *presentMode) fromAudience(msg present.Msg) present.Effect {
	switch msg.Type {
	case present.MsgHello:
		if err := present.CheckHello(msg, m.deck); err != nil {
			m.linkNote = err.Error()
			m.helloOK = false
			fmt.Fprintf(m.host.Stderr, "gmpbook-desktop (presenter): %v\n", err)
			return 0
		}
		m.linkNote, m.helloOK = "", true
	case present.MsgState:
		if m.helloOK {
			return m.nav.Apply(msg)
		}
	}
	return 0
}

// ---- The scene player ----------------------------------------------------

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
		m.panel = render.NewPanel(newSlidePlayer(s), m.host.Drawer)
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

// ---- The pointer ----------------------------------------------------------

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
			if m.role == rolePresenter {
				m.link.Send(present.GotoMsg(to))
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
	k := viewKey{w: m.w, h: m.h, scale: m.scale, deck: m.deck, dark: m.dark, help: m.help, notice: m.notice, linkNote: m.linkNote}
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

// ---- What the window shows -----------------------------------------------

// build lays out the picture: the layers to paint, and what is drawn
// between them (the scene player, static scenes, the thumbnails).
func (m *presentMode) build(now time.Time) {
	m.list = read.DisplayList{W: m.w, H: m.h, PanelsAfter: -1}
	clear(m.hooks)
	clear(m.cached)
	if m.hooks == nil {
		m.hooks, m.cached = map[int]func(*ebiten.Image){}, map[int]func(*ebiten.Image){}
	}
	win := read.Rect{W: m.w, H: m.h}
	pal := page.Theme(m.dark)
	f := m.fit()
	switch {
	case m.deck == nil:
		m.add(read.Layer{Name: "window", Clip: win, Fill: view.Color{A: 0xFF}})
		m.add(read.Layer{Name: "slide", Clip: box(f.Box()), Fill: pal.Background, Ops: itemOps(nil, m.loadingItems(pal), f)})
	case m.role != roleAudience:
		m.buildPresenter(now, pal)
		f = m.fit()
	case m.nav.Blackout():
		m.add(read.Layer{Name: "blackout", Clip: win, Fill: view.Color{A: 0xFF}})
	case m.nav.Overview():
		m.add(read.Layer{Name: "window", Clip: win, Fill: view.Color{A: 0xFF}})
		m.buildOverview(f, pal)
	default:
		m.add(read.Layer{Name: "window", Clip: win, Fill: view.Color{A: 0xFF}})
		m.buildSlide(f, pal)
	}
	if m.deck != nil && m.nav.Jump() != "" && !m.nav.Blackout() {
		m.add(read.Layer{Name: "jump", Clip: box(f.Box()), Ops: itemOps(nil, m.ts.JumpItems(m.nav.Jump()), f)})
	}
	if m.help {
		m.add(read.Layer{Name: "help", Clip: box(f.Box()), Ops: itemOps(nil, m.helpItems(pal), f)})
	}
	if note := m.noticeText(); note != "" {
		m.add(read.Layer{Name: "notice", Clip: box(f.Box()), Ops: itemOps(nil, m.noticeItems(pal, note), f)})
	}
}

// add appends a layer and returns its index.
func (m *presentMode) add(ly read.Layer) int {
	m.list.Layers = append(m.list.Layers, ly)
	return len(m.list.Layers) - 1
}

func box(r present.Rect) read.Rect { return read.Rect{X: r.X, Y: r.Y, W: r.W, H: r.H} }

// buildSlide is the audience window's slide: the typeset slide, the
// progress bar and, on a scene slide, the player.
func (m *presentMode) buildSlide(f present.Fit, pal page.Palette) {
	pos := m.nav.Pos()
	l := m.ts.Slide(pos.Slide)
	caption := ""
	if m.panel != nil {
		caption = m.panel.Frame().Caption
	}
	items := slideItems(m.ts, m.host.Fonts, pos.Slide, pos.Step, caption)
	if m.nav.Jump() != "" {
		// The typed number shows where the chapter's name is.
		kept := items[:0]
		for _, it := range items {
			if it.Role != "slide.chapter" {
				kept = append(kept, it)
			}
		}
		items = kept
	}
	items = append(items, progressItems(pal, m.deck, pos)...)
	i := m.add(read.Layer{Name: "slide", Clip: box(f.Box()), Fill: l.Background, Ops: itemOps(nil, items, f)})
	if m.panel == nil {
		return
	}
	ps := m.playerSpace()
	m.list.PanelsAfter = i
	m.list.Scenes = []read.SceneSlot{{Key: m.name + "#" + m.deck.Slides[pos.Slide].Scene.ID, Box: box(ps.box), Clip: box(ps.box)}}
	m.hooks[i] = func(screen *ebiten.Image) {
		x, y, w, h := ps.bounds()
		m.panel.Forget()
		m.panel.Draw(screen, float32(m.scale)*ps.k, x, y, w, h, true)
	}
}

// buildOverview is the grid of every slide, with the current one marked
// and the selection framed.
func (m *presentMode) buildOverview(f present.Fit, pal page.Palette) {
	g := m.grid()
	i := m.add(read.Layer{Name: "overview", Clip: box(f.Box()), Fill: pal.Background})
	m.hooks[i] = func(screen *ebiten.Image) {
		// Every thumbnail has the same size in device pixels, so that
		// one set of pictures serves the whole grid.
		s := float64(f.Scale) * m.scale
		tw, th := int(math.Round(float64(g.CellW)*s)), int(math.Round(float64(g.CellH)*s))
		for j := range g.N {
			if !g.Visible(j) {
				continue
			}
			img := m.thumbs.get(j, tw, th, m)
			if img == nil {
				continue
			}
			r := f.Rect(g.Cell(j))
			o := &ebiten.DrawImageOptions{}
			o.GeoM.Translate(math.Round(float64(r.X)*m.scale), math.Round(float64(r.Y)*m.scale))
			screen.DrawImage(img, o)
		}
	}
	m.add(read.Layer{Name: "overview.labels", Clip: box(f.Box()), Ops: itemOps(nil, m.ts.OverviewItems(&g, m.nav.Selected(), m.nav.Pos().Slide), f)})
}

// buildPresenter is the presenter layout: the slide the audience sees,
// the next one, the notes, the position and the timer.
func (m *presentMode) buildPresenter(now time.Time, pal page.Palette) {
	v := m.ts.Presenter(m.nav, m.w, m.h)
	id := present.Fit{Scale: 1}
	m.add(read.Layer{Name: "presenter", Clip: read.Rect{W: m.w, H: m.h}, Fill: v.Background, Ops: itemOps(nil, v.Under, id)})
	pos := m.nav.Pos()
	slide := func(name string, i, step int, f present.Fit) {
		l := m.ts.Slide(i)
		items := slideItems(m.ts, m.host.Fonts, i, step, m.static.caption(m.deck, i, step))
		j := m.add(read.Layer{Name: name, Clip: box(f.Box()), Fill: l.Background, Ops: itemOps(nil, items, f)})
		m.hooks[j] = func(screen *ebiten.Image) {
			m.static.draw(screen, m.host.Drawer, m.deck, m.ts, i, step, f, m.scale)
		}
	}
	slide("current", pos.Slide, pos.Step, v.Current)
	if m.nav.Blackout() || m.nav.Overview() {
		// What the audience sees instead of the slide, said over it.
		b := v.Current.Box()
		msg := "The audience sees a black screen"
		if m.nav.Overview() {
			msg = "The audience sees the overview"
		}
		size := max(16, b.H*0.06)
		t := stageText(m.host.Fonts, msg, page.Bold, size, 0, 0, view.Color{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xFF}, "presenter.audience")
		t.X, t.Y = b.X+(b.W-t.W)/2, b.Y+(b.H-t.H)/2
		t.Baseline += t.Y
		m.add(read.Layer{Name: "current.state", Clip: box(b), Ops: itemOps(nil, []page.Item{
			{Kind: page.ItemRect, X: b.X, Y: b.Y, W: b.W, H: b.H, Fill: view.Color{A: 0xC0}, Role: "presenter.dim"}, t}, id)})
	}
	if v.NextSlide >= 0 {
		// The next slide at step 0 is a thumbnail: drawn once at its
		// box's size, twice as large and scaled down, like the
		// overview's.
		next, box := v.NextSlide, v.Next.Box()
		ops := itemOps(nil, m.ts.Slide(next).Items, v.Next) // for -frame; the picture is the thumbnail
		j := m.add(read.Layer{Name: "next", Clip: read.Rect{X: box.X, Y: box.Y, W: box.W, H: box.H}, Fill: m.ts.Slide(next).Background, Ops: ops})
		m.cached[j] = func(screen *ebiten.Image) {
			dr := deviceRect(read.Rect{X: box.X, Y: box.Y, W: box.W, H: box.H}, m.scale)
			if img := m.thumbs.get(next, dr.Dx(), dr.Dy(), m); img != nil {
				o := &ebiten.DrawImageOptions{}
				o.GeoM.Translate(float64(dr.Min.X), float64(dr.Min.Y))
				screen.DrawImage(img, o)
			}
		}
	}
	m.add(read.Layer{Name: "presenter.text", Clip: read.Rect{W: m.w, H: m.h}, Ops: itemOps(nil, v.Items, id)})
}

// noticeText is the line shown at the top: a notice, or why the
// presenter window shows no talk.
func (m *presentMode) noticeText() string {
	if m.linkNote != "" {
		return m.linkNote
	}
	return m.notice
}

// loadingItems are shown while the slides are made.
func (m *presentMode) loadingItems(pal page.Palette) []page.Item {
	fm := m.host.Fonts
	title := present.Wrap(fm, m.title, page.Bold, 80, present.StageW-2*120)
	var out []page.Item
	y := float32(360)
	for _, l := range title {
		out = append(out, stageText(fm, l, page.Bold, 80, 120, y, pal.Text, "loading.title"))
		y += 80 * 1.25
	}
	out = append(out, stageText(fm, "Preparing the slides…", page.Italic, 40, 120, y+40, pal.Muted, "loading"))
	return out
}

// helpItems are the keys, over the slide.
func (m *presentMode) helpItems(pal page.Palette) []page.Item {
	fm := m.host.Fonts
	lines := helpLines(m.role != roleAudience)
	const size, title, pad = float32(30), float32(44), float32(48)
	lh := size * 1.45
	keyW := float32(0)
	for _, l := range lines {
		keyW = max(keyW, fm.Advance(l[0], page.Bold, size))
	}
	w := min(present.StageW-120, float32(1560))
	h := pad + title*1.5 + float32(len(lines))*lh + pad
	x, y := (present.StageW-w)/2, max(20, (present.StageH-h)/2)
	out := []page.Item{
		{Kind: page.ItemRect, X: 0, Y: 0, W: present.StageW, H: present.StageH, Fill: view.Color{A: 0x66}, Role: "help.backdrop"},
		{Kind: page.ItemRect, X: x - 2, Y: y - 2, W: w + 4, H: h + 4, Fill: pal.Rule, Radius: 14, Role: "help.border"},
		{Kind: page.ItemRect, X: x, Y: y, W: w, H: h, Fill: pal.Background, Radius: 12, Role: "help.card"},
		stageText(fm, "Keys", page.Bold, title, x+pad, y+pad, pal.Text, "help.title"),
	}
	ty := y + pad + title*1.5
	tx := x + pad + keyW + 40
	for _, l := range lines {
		out = append(out, stageText(fm, l[0], page.Bold, size, x+pad, ty, pal.Link, "help.key"))
		text := l[1]
		if avail := x + w - pad - tx; fm.Advance(text, page.Regular, size) > avail {
			r := []rune(text)
			for len(r) > 0 && fm.Advance(string(r)+"…", page.Regular, size) > avail {
				r = r[:len(r)-1]
			}
			text = string(r) + "…"
		}
		out = append(out, stageText(fm, text, page.Regular, size, tx, ty, pal.Text, "help.action"))
		ty += lh
	}
	return out
}

// noticeItems are a notice in the middle of the stage's footer band,
// where it covers none of the slide.
func (m *presentMode) noticeItems(pal page.Palette, note string) []page.Item {
	fm := m.host.Fonts
	size := float32(28)
	const maxW = 1000
	t := stageText(fm, note, page.Regular, size, 0, 0, pal.Text, "notice")
	if t.W > maxW {
		t.Text = present.Wrap(fm, note, page.Regular, size, maxW-40)[0] + "…"
		t.W = fm.Advance(t.Text, page.Regular, size)
	}
	padX, padY := float32(24), float32(8)
	x, y := (present.StageW-t.W)/2, present.StageH-footerBand+(footerBand-t.H-2*padY)/2
	t.X, t.Y, t.Baseline = x, y+padY, t.Baseline+y+padY
	return []page.Item{
		{Kind: page.ItemRect, X: x - padX - 2, Y: y - 2, W: t.W + 2*padX + 4, H: t.H + 2*padY + 4, Fill: pal.Rule, Radius: 10, Role: "notice.border"},
		{Kind: page.ItemRect, X: x - padX, Y: y, W: t.W + 2*padX, H: t.H + 2*padY, Fill: pal.Card, Radius: 8, Role: "notice.box"},
		t,
	}
}

func (m *presentMode) Draw(screen *ebiten.Image, full bool) {
	if !full {
		if m.redraw && m.panel != nil {
			ps := m.playerSpace()
			x, y, w, h := ps.bounds()
			m.panel.Draw(screen, float32(m.scale)*ps.k, x, y, w, h, false)
		}
		m.redraw = false
		return
	}
	for i := range m.list.Layers {
		if c := m.cached[i]; c != nil {
			c(screen)
		} else {
			m.host.Painter.Layer(screen, &m.list.Layers[i], m.scale)
		}
		if h := m.hooks[i]; h != nil {
			h(screen)
		}
	}
	m.redraw = false
	if m.deck != nil && !m.ready {
		m.ready = true
		m.host.Trace("slides-ready")
	}
}

// ---- What -frame writes --------------------------------------------------

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
	Stage                      read.Rect   // the stage in the window
	StageScale                 float32     // window pixels per stage pixel
	BodySize                   float32     // the slide's body type size on the stage after shrinking
	Cells                      []read.Rect // the overview's thumbnails in the window (zero size: scrolled away)
	Scene                      *PresentScene
	Presenter                  *PresenterLink
	List                       *read.DisplayList
}

// PresentScene is the audience window's player on a scene slide.
type PresentScene struct {
	Key       string
	Box       read.Rect // window logical pixels
	Event     int       // the event the step seeks to
	Cursor    int       // where the player is
	Len       int
	Playing   bool
	Caption   string // the caption the slide shows (the player's, at its cursor)
	StepText  string // the step's caption in the deck
	Zoom      float32
	Frame     *view.Frame // in the player's own pixels (Zoom window pixels each)
	PlayerBox read.Rect   // the panel's box in the player's pixels
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
	d.Stage, d.StageScale = box(f.Box()), f.Scale
	switch m.role {
	case roleAudience:
		d.Presenter = &PresenterLink{Running: m.child != nil, KeysGot: m.childKeys}
		if m.child != nil {
			d.Presenter.Pid = m.child.Pid()
		}
	case rolePresenter:
		d.Presenter = &PresenterLink{Running: true, Linked: m.helloOK, LinkNote: m.linkNote, Pid: os.Getpid()}
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
				d.Cells = append(d.Cells, box(f.Rect(g.Cell(j))))
			} else {
				d.Cells = append(d.Cells, read.Rect{})
			}
		}
	}
	if m.panel != nil {
		ps := m.playerSpace()
		pst := m.panel.Status()
		x, y, w, h := ps.bounds()
		d.Scene = &PresentScene{Key: m.name + "#" + s.Scene.ID, Box: box(ps.box), Event: s.EventAt(st.Step), Cursor: pst.Cursor,
			Len: pst.Len, Playing: pst.Playing, Caption: m.panel.Frame().Caption, StepText: s.Caption(st.Step),
			Zoom: ps.k, Frame: m.panel.Frame(), PlayerBox: read.Rect{X: x, Y: y, W: w, H: h}}
	}
	return d
}
