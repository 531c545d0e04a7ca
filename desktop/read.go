package desktop

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/frame"
	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
)

func init() { RegisterMode("read", newReadMode) }

// readMode is the reading mode: read.Reading (the page, the contents,
// the toolbar, search, links, exercises) drawn by the Painter, with an
// inline player (render.Panel) in each scene box on the screen.
type readMode struct {
	host *Host
	r    *read.Reading

	scale  float64
	panels map[string]*render.Panel // by scene slot, made when the slot first shows
	failed map[string]string        // slots whose scene did not simulate, and why
	focus  string                   // the slot whose panel has the keys

	list   *read.DisplayList // what Update laid out and Draw draws
	redraw []*render.Panel   // panels whose picture changed this tick
	pin    read.Input

	quiet   map[string]int // ticks since each player last had something to do
	lastPtr read.Pointer
	titled  string // the chapter the window's title names
}

// quietTicks is how long a player keeps being updated after its last
// input or step: long enough for a slide to finish.
const quietTicks = 60

func newReadMode(h *Host) (Mode, error) {
	opt := h.Options
	st := h.State
	if opt.Chapter != "" {
		st.Chapter, st.Anchor, st.Offset = opt.Chapter, "", 0
	}
	var others []string
	for _, name := range Modes() {
		if name != "read" {
			others = append(others, name)
		}
	}
	cfg := read.Config{Book: h.Book, Measure: h.Fonts, Search: read.NewSearcher(h.Book), State: st, Modes: others}
	if h.Zh != nil {
		cfg.Twin = h.Zh
	}
	r := read.NewReading(cfg)
	m := &readMode{host: h, r: r, scale: 1, panels: map[string]*render.Panel{}, failed: map[string]string{}, quiet: map[string]int{}}
	if opt.Chapter != "" && r.Book().Find(opt.Chapter) < 0 {
		h.Notify("no chapter %q: opening %s", opt.Chapter, r.Current().ID)
	}
	return m, nil
}

func (m *readMode) Resize(w, h float32, scale float64) {
	first := m.list == nil
	m.r.Resize(w, h)
	m.scale = scale
	m.list = m.r.List()
	if first {
		// The command line's position applies once the page is laid out
		// at the window's width.
		opt := m.host.Options
		if opt.ScrollTo != "" {
			m.r.ScrollTo(opt.ScrollTo)
			if msg := m.r.Message(); msg != "" {
				m.host.Notify("%s", msg)
			}
		}
		if opt.Search != "" {
			m.r.Search(opt.Search)
		}
		if opt.PlayScene != "" && !m.r.PlayScene(opt.PlayScene) {
			m.host.Notify("no scene %q in the book", opt.PlayScene)
		}
		m.effects()
		m.list = m.r.List()
	}
	m.layoutPanels()
}

func (m *readMode) Update(in *Input) (Damage, error) {
	// Keys: the focused player takes its own (and Tab/Escape while its
	// buttons have the focus); the page gets the rest.
	fp := m.panels[m.focus]
	var pin render.PanelInput
	pin.Dt = in.Dt
	m.pin = read.Input{Dt: in.Dt, Pointer: in.Pointer, WheelX: in.WheelX, WheelY: in.WheelY, Shift: in.Shift}
	damage := DamageNone
	for i, p := range in.Keys {
		k := in.Raw[i]
		if fp != nil {
			if (p.Key == key.Tab || p.Key == key.Escape) && !p.Ctrl && !p.Alt && fp.Key(k, p.Shift) {
				damage = DamagePartial
				continue
			}
			if read.PlayerTakes(p) {
				pin.Keys = append(pin.Keys, k)
				pin.Shift = p.Shift
				continue
			}
		}
		m.pin.Keys = append(m.pin.Keys, p)
	}
	if fp != nil {
		pin.Chars = in.Chars
	} else {
		m.pin.Chars = in.Chars
	}
	// The pointer: a press on a player goes to it as well as to the page,
	// which gives the player the focus.
	if m.r.Update(&m.pin) {
		damage = DamageFull
	}
	m.effects()
	if damage == DamageFull {
		m.list = m.r.List()
		m.layoutPanels()
	}
	if e := m.r.Current(); e.ID != m.titled {
		m.titled = e.ID
		ebiten.SetWindowTitle("gmpbook — " + e.Title)
		// Players of other chapters go: coming back simulates again,
		// which takes milliseconds, and memory stays bounded.
		for k := range m.panels {
			if !strings.HasPrefix(k, e.ID+"#") {
				delete(m.panels, k)
				delete(m.quiet, k)
			}
		}
	}
	if damage == DamageFull && !m.r.Animating() {
		m.host.RequestSave() // the place may have changed: kept a second later
	}

	// The players on the screen run; the others wait.
	m.redraw = m.redraw[:0]
	for _, s := range m.list.Scenes {
		p := m.panels[s.Key]
		if p == nil {
			continue
		}
		pi := pin
		if s.Key != m.focus {
			pi.Keys, pi.Chars = nil, nil
		}
		ptr := in.Pointer
		vis := s.Visible()
		pi.Pointer = play.Pointer{X: ptr.X, Y: ptr.Y, Present: ptr.Present && vis.Contains(ptr.X, ptr.Y),
			Down: ptr.Down, Pressed: ptr.Pressed, Released: ptr.Released}
		// A player that is paused, gets no input and has finished its
		// last slide is left alone: an idle page costs nothing.
		moved := pi.Pointer.Present && (ptr.X != m.lastPtr.X || ptr.Y != m.lastPtr.Y || ptr.Down || ptr.Released)
		if len(pi.Keys) > 0 || len(pi.Chars) > 0 || moved || p.Dragging() || p.Status().Playing || damage == DamageFull {
			m.quiet[s.Key] = 0
		} else if m.quiet[s.Key]++; m.quiet[s.Key] > quietTicks {
			continue
		}
		if err := p.Update(&pi); err != nil {
			return DamageFull, err
		}
		if p.Layout(float32(m.scale)) {
			m.redraw = append(m.redraw, p)
		}
	}
	m.lastPtr = in.Pointer
	if len(m.redraw) > 0 && damage == DamageNone {
		damage = DamagePartial
		// Something is drawn over the page (the search box, the contents
		// on a narrow window): a player must not paint over it.
		if len(m.list.Layers) > m.list.PanelsAfter+1 && overlays(m.list) {
			damage = DamageFull
		}
	}
	return damage, nil
}

// overlays reports whether a layer drawn after the players covers part
// of the page.
func overlays(l *read.DisplayList) bool {
	page := l.Layers[l.PanelsAfter].Clip
	for _, ly := range l.Layers[l.PanelsAfter+1:] {
		if ly.Clip.Overlaps(page) {
			return true
		}
	}
	return false
}

// effects carries out what the reading model asked for.
func (m *readMode) effects() {
	for _, e := range m.r.Effects() {
		switch e.Kind {
		case read.EffectPlay:
			if p := m.panel(e.Key); p != nil {
				if pl, ok := p.Source().(*play.Player); ok {
					pl.Seek(pl.Recording().MainStart())
					pl.SetPlaying(true)
				}
			}
		case read.EffectFocusScene:
			m.focus = e.Key
			for k, p := range m.panels {
				p.SetFocused(k == e.Key)
			}
			if p := m.panel(e.Key); p != nil {
				p.SetFocused(true)
			}
		case read.EffectSave:
			m.host.RequestSave()
		case read.EffectLang:
			// The other edition's scenes have their own captions: its
			// players are made afresh as its scenes show.
			m.panels, m.failed, m.quiet = map[string]*render.Panel{}, map[string]string{}, map[string]int{}
			m.focus, m.titled = "", ""
			m.host.State.Lang = e.Key
			m.host.RequestSave()
		case read.EffectSwitch:
			if err := m.host.Switch(e.Key); err != nil {
				m.host.Notify("%v", err)
			}
			return
		}
	}
}

// panel is the inline player of slot key, made (by simulating its scene)
// the first time it is asked for. It is nil if the scene does not run.
func (m *readMode) panel(key string) *render.Panel {
	if key == "" {
		return nil
	}
	if p := m.panels[key]; p != nil {
		return p
	}
	if _, bad := m.failed[key]; bad {
		return nil
	}
	sc := m.sceneOf(key)
	if sc == nil {
		return nil
	}
	pl, err := newPlayer(sc, m.r.Lang())
	if err != nil {
		m.failed[key] = err.Error()
		m.host.Notify("scene %s: %v", key, err)
		m.r.Notify(lang.F(m.r.Lang(), "read.scene.failed", sc.ID, err.Error()))
		return nil
	}
	p := render.NewPanel(pl, m.host.Drawer)
	p.SetFocused(key == m.focus)
	m.panels[key] = p
	return p
}

// sceneOf finds the scene of slot key on the current page.
func (m *readMode) sceneOf(key string) *chapters.Scene {
	if m.list == nil {
		return m.r.SceneByKey(key)
	}
	for _, s := range m.list.Scenes {
		if s.Key == key {
			return s.Scene
		}
	}
	return m.r.SceneByKey(key)
}

// newPlayer simulates a chapter scene and returns its player, with
// re-runs for other GOMAXPROCS and seeds, at the cursor where the scene's
// own program starts: the picture before it is the runtime's start-up,
// which a chapter's scene is not about.
func newPlayer(sc *chapters.Scene, l lang.Lang) (*play.Player, error) {
	scene := playerlog.NewScene(sc.Compiled, sc.Settings, nil)
	log, err := scene.Log(0, 0)
	if err != nil {
		return nil, err
	}
	p := play.NewPlayer(log, scene.Log)
	p.SetLang(viewLang(l))
	p.Seek(p.Recording().MainStart())
	return p, nil
}

// layoutPanels places the players of the slots on the screen, making
// those that show for the first time, and reports whether one was made.
func (m *readMode) layoutPanels() bool {
	made := false
	for _, s := range m.list.Scenes {
		p := m.panels[s.Key]
		if p == nil {
			if p = m.panel(s.Key); p == nil {
				continue
			}
			made = true
		}
		p.SetBounds(s.Box.X, s.Box.Y, s.Box.W, s.Box.H)
		p.SetFocused(s.Focused)
		p.Layout(float32(m.scale))
	}
	return made
}

func (m *readMode) Draw(screen *ebiten.Image, full bool) {
	l := m.list
	if !full {
		for _, p := range m.redraw {
			x, y, w, h := p.Bounds()
			v := view.Rect{X: x, Y: y, W: w, H: h}.Intersect(l.Layers[l.PanelsAfter].Clip)
			p.Draw(screen, float32(m.scale), v.X, v.Y, v.W, v.H, false)
		}
		m.redraw = m.redraw[:0]
		return
	}
	for i := range l.Layers {
		m.host.Painter.Layer(screen, &l.Layers[i], m.scale)
		if i == l.PanelsAfter {
			for _, s := range l.Scenes {
				if p := m.panels[s.Key]; p != nil {
					v := s.Visible()
					p.Forget()
					p.Draw(screen, float32(m.scale), v.X, v.Y, v.W, v.H, true)
				}
			}
		}
	}
	m.redraw = m.redraw[:0]
}

func (m *readMode) Cursor() ebiten.CursorShapeType {
	switch m.r.Cursor() {
	case read.CursorPointer:
		return ebiten.CursorShapePointer
	case read.CursorText:
		return ebiten.CursorShapeText
	}
	return ebiten.CursorShapeDefault
}

func (m *readMode) SaveState(st *read.State) {
	s := m.r.State()
	st.Chapter, st.Anchor, st.Offset, st.Lang = s.Chapter, s.Anchor, s.Offset, s.Lang
	st.Dark, st.FontScale, st.Width, st.Height = s.Dark, s.FontScale, s.Width, s.Height
}

func (m *readMode) Dump() any {
	e := m.r.Current()
	loc := m.r.Location()
	d := frame.Read{Mode: "read", Chapter: e.ID, Title: e.Title, Lang: m.r.Lang().String(), Anchor: loc.Anchor, Offset: loc.Offset,
		Scroll: m.r.ScrollY(), ScrollMax: m.r.ScrollMax(), Dark: m.r.Dark(), FontScale: m.r.FontScale(),
		Message: m.r.Message(), List: m.list}
	d.W, d.H = m.r.Size()
	if e.Err != nil {
		d.Error = e.Err.Error()
	}
	for _, s := range m.list.Scenes {
		pf := frame.Panel{Key: s.Key, Box: s.Box, Visible: s.Visible(), Focused: s.Key == m.focus}
		if p := m.panels[s.Key]; p != nil {
			st := p.Status()
			pf.Cursor, pf.Len, pf.Playing, pf.Frame = st.Cursor, st.Len, st.Playing, p.Frame()
		}
		d.Scenes = append(d.Scenes, pf)
	}
	return d
}

// viewLang is the player's language (render/view's) for the app's: the
// inline players and the slides narrate in the book's language.
func viewLang(l lang.Lang) view.Lang {
	if l == lang.Zh {
		return view.Chinese
	}
	return view.English
}
