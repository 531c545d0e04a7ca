package read

import (
	"math"
	"strings"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// EffectKind is something the reading mode asks its host to do.
type EffectKind uint8

const (
	// EffectPlay: play the scene in slot Key from its start (a predict
	// exercise was answered, or --play-scene).
	EffectPlay EffectKind = iota + 1
	// EffectFocusScene: the scene in slot Key got the keyboard focus
	// (Key "" when no scene has it any more).
	EffectFocusScene
	// EffectSave: the reading position or a setting changed; the state
	// should be saved soon.
	EffectSave
	// EffectSwitch: the reader asked for another mode of the app (Key,
	// one of Config.Modes).
	EffectSwitch
	// EffectLang: the reader switched the language (Key, "en" or "zh"):
	// the book is the other edition, whose scenes have other captions,
	// so the host's players of the old one go.
	EffectLang
)

// Effect is one request to the host.
type Effect struct {
	Kind EffectKind
	Key  string
}

// Config is how a Reading starts.
type Config struct {
	Book    *Book
	Measure page.Measurer
	Search  Searcher
	// Twin is the same book in another language (Book.Lang tells which),
	// nil when there is none (an author's directory): the toolbar's
	// language button switches between the two, and State.Lang chooses
	// which one the reading starts in. TwinSearch searches it (nil:
	// NewSearcher(Twin)).
	Twin       *Book
	TwinSearch Searcher
	State      State // the chapter, position and settings to start with
	// Modes are the app's other modes (say "present"), each with a
	// toolbar button that asks for it (EffectSwitch).
	Modes []string
}

// Reading is the reading mode: a table of contents, a toolbar, the
// chapter page and a status line, laid out for a window of W×H logical
// pixels. Update takes the user's input; List is the picture to draw.
type Reading struct {
	book    *Book
	measure page.Measurer
	layouts *Layouts
	search  *SearchBox
	hist    History
	modes   []string
	lang    lang.Lang // the language of the book and the interface
	// books and searchers are the editions by language (nil where the
	// book has none).
	books     [lang.Count]*Book
	searchers [lang.Count]Searcher
	// chosen is the language State asked for when this book has no
	// edition in it (an author's directory): it is saved as it was.
	chosen string

	w, h  float32
	dark  bool
	scale float32 // font scale

	cur       int        // the chapter being read
	pg        *page.Page // its layout
	pgKey     layoutKey
	col       view.Rect // the text column, in page coordinates: X is the window's
	margin    float32
	scroll    Scroll
	tocScroll Scroll
	// tocHidden: on a wide window the reader hid the contents;
	// tocOpen: on a narrow one they are open over the page.
	tocHidden, tocOpen bool

	geom       geometry
	toc        []tocEntry
	focusers   []focusable // page elements Tab reaches, in page order
	focus      focusRef
	hover      Target
	cursor     Cursor
	message    string // the status line's message, until the next action
	hl         highlight
	predicts   map[string]*PredictState
	choiceList []choice
	veils      []veil
	effects    []Effect
	dragging   bool // the scroll bar
	dragOff    float32

	pending *Location // a position to reach once laid out
	dirty   bool      // the geometry or the layout must be recomputed
	list    DisplayList
	stale   bool // the list must be rebuilt
	builds  int  // how many times List rebuilt it
}

// NewReading returns the reading mode at cfg.State's chapter and position.
func NewReading(cfg Config) *Reading {
	st := cfg.State.Normalized()
	r := &Reading{
		book: cfg.Book, measure: cfg.Measure, layouts: NewLayouts(cfg.Book, cfg.Measure),
		search: NewSearchBox(cfg.Search), modes: cfg.Modes, dark: st.Dark, scale: st.FontScale,
		w: float32(max(st.Width, 320)), h: float32(max(st.Height, 240)),
		predicts: map[string]*PredictState{}, dirty: true, stale: true,
	}
	if st.Width == 0 {
		r.w, r.h = 1200, 800
	}
	r.lang = cfg.Book.Lang
	r.books[r.lang], r.searchers[r.lang] = cfg.Book, cfg.Search
	if t := cfg.Twin; t != nil && t.Lang != r.lang && len(t.Entries) > 0 {
		r.books[t.Lang], r.searchers[t.Lang] = t, cfg.TwinSearch
		if r.searchers[t.Lang] == nil {
			r.searchers[t.Lang] = NewSearcher(t)
		}
	}
	if l, ok := lang.Parse(st.Lang); ok && l != r.lang {
		if r.books[l] != nil {
			r.useBook(l)
		} else {
			r.chosen = l.String()
		}
	}
	if i := r.book.Find(st.Chapter); i >= 0 && st.Chapter != "" {
		r.cur = i
		r.pending = &Location{Chapter: r.book.Entries[i].ID, Anchor: st.Anchor, Offset: st.Offset}
	}
	return r
}

// Book is the book being read.
func (r *Reading) Book() *Book { return r.book }

// Lang is the language of the book being read and of the interface.
func (r *Reading) Lang() lang.Lang { return r.lang }

// Langs are the languages the reader can switch to, the current one
// included, in the switch's order.
func (r *Reading) Langs() []lang.Lang {
	var out []lang.Lang
	for _, l := range lang.All {
		if r.books[l] != nil {
			out = append(out, l)
		}
	}
	return out
}

// SetLang switches the book and the interface to language l, on the
// same chapter and section, as far into the section as before. It
// reports false, with a message in the status line, when the book has
// no edition in l.
func (r *Reading) SetLang(l lang.Lang) bool {
	if l == r.lang {
		return true
	}
	if l >= lang.Count || r.books[l] == nil {
		r.message = lang.T(r.lang, "read.lang.none")
		r.stale = true
		return false
	}
	r.ensure()
	r.keepPlace()
	r.useBook(l)
	r.ensure()
	r.scroll.Pos = r.scroll.Target // a jump, not a slide
	r.revealTOC()
	r.effect(EffectLang, l.String())
	r.effect(EffectFocusScene, "")
	r.effect(EffectSave, "")
	return true
}

// toggleLang switches to the next language the book has.
func (r *Reading) toggleLang() {
	ls := r.Langs()
	for i, l := range ls {
		if l == r.lang && len(ls) > 1 {
			r.SetLang(ls[(i+1)%len(ls)])
			return
		}
	}
	r.SetLang(lang.Zh) // says there is none
}

// useBook makes the edition in l the one read: the chapter with the
// current chapter's ID (the twins share IDs, and their headings share
// ids), at the place pending, or the first chapter.
func (r *Reading) useBook(l lang.Lang) {
	id := r.book.Entries[r.cur].ID
	r.lang, r.book = l, r.books[l]
	r.layouts = NewLayouts(r.book, r.measure)
	r.search = NewSearchBox(r.searchers[l])
	r.cur = 0
	if i := r.book.Find(id); i >= 0 {
		r.cur = i
	} else {
		r.pending = nil
	}
	// The exercises are the edition's own lines: answers start again.
	r.predicts = map[string]*PredictState{}
	r.hl, r.focus, r.hover = highlight{}, focusRef{}, Target{}
	r.message = ""
	r.dirty, r.stale = true, true
}

// Resize lays the mode out for a window of w×h logical pixels.
func (r *Reading) Resize(w, h float32) {
	if w == r.w && h == r.h {
		return
	}
	r.keepPlace()
	r.w, r.h = max(w, 1), max(h, 1)
	r.dirty, r.stale = true, true
}

// Size is the window the mode is laid out for.
func (r *Reading) Size() (w, h float32) { return r.w, r.h }

// Dark reports whether the dark theme is on.
func (r *Reading) Dark() bool { return r.dark }

// SetDark chooses the theme.
func (r *Reading) SetDark(on bool) {
	if on == r.dark {
		return
	}
	r.keepPlace()
	r.dark = on
	r.dirty, r.stale = true, true
	r.effect(EffectSave, "")
}

// FontScale is the type size multiplier.
func (r *Reading) FontScale() float32 { return r.scale }

// SetFontScale sets the type size multiplier, within its limits.
func (r *Reading) SetFontScale(s float32) {
	s = State{FontScale: s}.Normalized().FontScale
	if s == r.scale {
		return
	}
	r.keepPlace()
	r.scale = s
	r.dirty, r.stale = true, true
	r.effect(EffectSave, "")
}

// Current is the chapter being read.
func (r *Reading) Current() *Entry { return r.book.Entries[r.cur] }

// Page is the current chapter's layout.
func (r *Reading) Page() *page.Page {
	r.ensure()
	return r.pg
}

// ScrollY is the page's scroll position: page pixels above the view's
// top.
func (r *Reading) ScrollY() float32 {
	r.ensure()
	return r.scroll.Pos
}

// ScrollMax is the largest scroll position.
func (r *Reading) ScrollMax() float32 {
	r.ensure()
	return r.scroll.Max
}

// Animating reports whether the mode moves by itself (a smooth scroll),
// so the host keeps drawing.
func (r *Reading) Animating() bool { return r.scroll.Moving() || r.tocScroll.Moving() }

// Effects returns and forgets the requests made since the last call.
func (r *Reading) Effects() []Effect {
	e := r.effects
	r.effects = nil
	return e
}

func (r *Reading) effect(k EffectKind, key string) {
	for _, e := range r.effects {
		if e.Kind == k && e.Key == key {
			return
		}
	}
	r.effects = append(r.effects, Effect{Kind: k, Key: key})
}

// Cursor is the pointer shape for where the pointer is.
func (r *Reading) Cursor() Cursor { return r.cursor }

// Message is the status line's message, if any.
func (r *Reading) Message() string { return r.message }

// Notify shows msg in the status line until the reader's next action.
func (r *Reading) Notify(msg string) {
	r.message = msg
	r.stale = true
}

// State is what to save: where the reader is and the settings.
func (r *Reading) State() State {
	r.ensure()
	loc := r.Location()
	l := r.lang.String()
	if r.chosen != "" {
		l = r.chosen
	}
	return State{Chapter: loc.Chapter, Anchor: loc.Anchor, Offset: loc.Offset, Lang: l, Dark: r.dark, FontScale: r.scale,
		Width: int(math.Round(float64(r.w))), Height: int(math.Round(float64(r.h)))}
}

// Location is where the view's top is: the heading at or above it and
// how far below the heading, in page pixels.
func (r *Reading) Location() Location {
	r.ensure()
	y := r.scroll.Target
	loc := Location{Chapter: r.Current().ID, Offset: y}
	if a := r.anchorAt(y); a >= 0 {
		loc.Anchor = r.pg.Anchors[a].ID
		loc.Offset = y - r.pg.Anchors[a].Y
	}
	loc.Offset = float32(math.Round(float64(loc.Offset)))
	return loc
}

// anchorAt is the index of the last anchor at or above page position y,
// or -1.
func (r *Reading) anchorAt(y float32) int {
	best := -1
	for i, a := range r.pg.Anchors {
		if a.Y <= y+1 {
			best = i
		}
	}
	return best
}

// keepPlace remembers where the view is, so that a new layout (another
// width, size or theme) shows the same text: the heading above the top
// and how far into its section, as a fraction of the section.
func (r *Reading) keepPlace() {
	if r.pg == nil || r.pending != nil || r.dirty {
		return
	}
	y := r.scroll.Target
	loc := Location{Chapter: r.Current().ID, Offset: y}
	a := r.anchorAt(y)
	start, end := float32(0), r.pg.Height
	if a >= 0 {
		loc.Anchor = r.pg.Anchors[a].ID
		start = r.pg.Anchors[a].Y
	}
	if a+1 < len(r.pg.Anchors) {
		end = r.pg.Anchors[a+1].Y
	}
	// A negative offset is read as a fraction of the section (see place).
	// Within a pixel of the heading is at the heading (as in anchorAt):
	// scroll positions are whole pixels and headings need not be, and a
	// sub-pixel fraction carried from width to width would drift.
	frac := float32(0)
	if end > start && y-start > 1 {
		frac = (y - start) / (end - start)
	}
	loc.Offset = -1 - max(0, min(1, frac))
	r.pending = &loc
}

// place turns a location into a scroll position on the current layout.
func (r *Reading) place(loc Location) float32 {
	start, end := float32(0), r.pg.Height
	found := loc.Anchor == ""
	for i, a := range r.pg.Anchors {
		if a.ID == loc.Anchor && loc.Anchor != "" {
			start, found = a.Y, true
			if i+1 < len(r.pg.Anchors) {
				end = r.pg.Anchors[i+1].Y
			}
			break
		}
	}
	if !found {
		for _, a := range r.pg.Targets {
			if a.ID == loc.Anchor {
				start, found = a.Y, true
				break
			}
		}
	}
	if !found {
		r.message = lang.F(r.lang, "read.no.heading", loc.Anchor, r.Current().Title)
		return 0
	}
	if loc.Offset < 0 {
		return start + (-loc.Offset-1)*(end-start)
	}
	return start + loc.Offset
}

// Open shows chapter id (as Book.Find reads it) at anchor ("" for the
// top), recording where the reader was for Back. It reports whether the
// chapter exists.
func (r *Reading) Open(id, anchor string) bool {
	i := r.book.Find(id)
	if i < 0 {
		r.message = lang.F(r.lang, "read.no.chapter", id)
		r.stale = true
		return false
	}
	r.navigate(Location{Chapter: r.book.Entries[i].ID, Anchor: anchor}, true)
	return true
}

// navigate goes to loc, pushing the current place on the back stack when
// visit is set.
func (r *Reading) navigate(loc Location, visit bool) {
	r.ensure()
	if visit {
		r.hist.Visit(r.Location())
	}
	i := r.book.Find(loc.Chapter)
	if i < 0 {
		return
	}
	if i != r.cur {
		r.cur = i
		r.hl = highlight{}
		r.focus = focusRef{}
		r.effect(EffectFocusScene, "")
		r.dirty = true
	}
	r.pending = &loc
	r.message = ""
	r.stale = true
	r.ensure()
	r.scroll.Pos = r.scroll.Target // a jump, not a slide
	r.revealTOC()
	r.effect(EffectSave, "")
}

// Back goes back in the history, and reports whether there was somewhere
// to go.
func (r *Reading) Back() bool {
	to, ok := r.hist.Back(r.Location())
	if ok {
		r.navigate(to, false)
	}
	return ok
}

// Forward goes forward in the history.
func (r *Reading) Forward() bool {
	to, ok := r.hist.Forward(r.Location())
	if ok {
		r.navigate(to, false)
	}
	return ok
}

// step opens the previous (−1) or next (+1) chapter.
func (r *Reading) step(d int) {
	i := r.cur + d
	if i < 0 || i >= len(r.book.Entries) {
		if d < 0 {
			r.message = lang.T(r.lang, "read.first.chapter")
		} else {
			r.message = lang.T(r.lang, "read.last.chapter")
		}
		r.stale = true
		return
	}
	r.navigate(Location{Chapter: r.book.Entries[i].ID}, true)
}

// Follow follows a page link: chapters and headings navigate; web links
// and runtime references are described in the status line, since the app
// opens nothing outside itself.
func (r *Reading) Follow(link string) {
	if key, ok := strings.CutPrefix(link, "play:"); ok {
		r.showScene(key)
		return
	}
	l := ParseLink(link)
	switch l.Kind {
	case LinkChapter:
		if r.book.Find(l.Chapter) < 0 {
			r.message = l.Describe(r.book)
			r.stale = true
			return
		}
		r.navigate(Location{Chapter: l.Chapter, Anchor: l.Anchor}, true)
	case LinkAnchor:
		r.navigate(Location{Chapter: r.Current().ID, Anchor: l.Anchor}, true)
	default:
		r.message = l.Describe(r.book)
		r.stale = true
	}
}

// Search opens the search box with q typed in it.
func (r *Reading) Search(q string) {
	r.openSearch()
	r.search.Type([]rune(q))
	r.stale = true
}

// ScrollTo scrolls to the heading or target called anchor, at once.
func (r *Reading) ScrollTo(anchor string) {
	r.ensure()
	r.scroll.Jump(r.place(Location{Anchor: anchor}))
	r.stale = true
}

// ensure recomputes what depends on the window, the settings and the
// chapter, if any of them changed.
func (r *Reading) ensure() {
	if r.dirty {
		r.relayout()
	}
	if r.pending != nil {
		loc := *r.pending
		r.pending = nil
		r.scroll.Jump(r.place(loc))
		r.stale = true
	}
}

func (r *Reading) relayout() {
	r.dirty = false
	r.geom = r.layoutGeometry()
	g := &r.geom
	u := r.scale
	// The column: at most about 70 characters wide, centred in the view
	// with a margin column for runtime references when there is room.
	pad := 40 * u
	if g.view.W < 700*u {
		pad = 16 * u
	}
	colW := min(g.view.W-2*pad, 700*u)
	colW = max(colW, min(g.view.W-8, 200))
	marginW := float32(0)
	if room := g.view.W - 2*pad - colW; room >= 200*u {
		marginW = min(room-24*u, 240*u)
	}
	colX := g.view.X + (g.view.W-colW-marginW-func() float32 {
		if marginW > 0 {
			return 24 * u
		}
		return 0
	}())/2
	colX = float32(math.Round(float64(colX)))
	st := page.Style{Width: float32(math.Round(float64(colW))), Size: 17 * u, Dark: r.dark, Margin: float32(math.Round(float64(marginW)))}
	r.pg = r.layouts.Get(r.cur, st)
	r.pgKey = keyOf(r.cur, st)
	r.col = view.Rect{X: colX, Y: 0, W: st.Width, H: r.pg.Height}
	r.margin = marginW
	r.layoutTOC(g.sidebar.W)
	r.scroll.SetMax(r.pageBottom() - g.view.H)
	r.tocScroll.SetMax(r.tocHeight() - g.sidebar.H)
	r.choiceList = r.findChoices()
	r.veils = r.findVeils()
	r.focusers = r.pageFocusables()
	if r.hl.query != "" {
		r.findHighlight()
	}
	if r.focus.area == focusPage && r.focus.i >= len(r.focusers) {
		r.focus = focusRef{}
	}
	r.stale = true
}

// pageTop is the space above the page's first line, and pageBottom the
// scrollable height: the page, the pager to the next chapter and air.
func (r *Reading) pageTop() float32 { return 28 * r.scale }

func (r *Reading) pageBottom() float32 {
	return r.pageTop() + r.pg.Height + r.pagerHeight() + 48*r.scale
}

// toView is a page y in window pixels.
func (r *Reading) toView(y float32) float32 {
	return r.geom.view.Y + r.pageTop() + y - r.scroll.Pos
}

// highlight is the search match shown on the page.
type highlight struct {
	chapter string
	query   string
	anchor  string
	boxes   []view.Rect // page coordinates
	key     layoutKey
}

// PredictState is how far the reader got with a predict exercise.
type PredictState struct {
	Chosen   int // the choice picked, -1 for none
	Graded   bool
	Right    bool
	Revealed bool // the reader asked to see the explanation without answering
	Expected string
	Err      string
}

// predictKey names an exercise: its chapter and line.
func predictKey(e *Entry, p *chapters.Predict) string {
	return e.ID + ":" + itoa(p.Line)
}

// sceneKey names a scene slot: its chapter and scene.
func sceneKey(e *Entry, s *chapters.Scene) string {
	id := s.ID
	if id == "" {
		id = "line" + itoa(s.Line)
	}
	return e.ID + "#" + id
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// SceneByKey finds the scene of the current chapter in slot key.
func (r *Reading) SceneByKey(key string) *chapters.Scene {
	e := r.Current()
	if e.Chapter == nil {
		return nil
	}
	for _, s := range e.Chapter.Scenes {
		if sceneKey(e, s) == key {
			return s
		}
	}
	return nil
}

// PlayScene shows the scene called id (of the current chapter, or else
// the first chapter that has one), gives it the focus and asks the host
// to play it. It reports whether the scene exists.
func (r *Reading) PlayScene(id string) bool {
	r.ensure()
	find := func(e *Entry) *chapters.Scene {
		if e.Chapter == nil {
			return nil
		}
		for _, s := range e.Chapter.Scenes {
			if s.ID == id {
				return s
			}
		}
		return nil
	}
	if find(r.Current()) == nil {
		for _, e := range r.book.Entries {
			if find(e) != nil {
				r.navigate(Location{Chapter: e.ID}, true)
				break
			}
		}
	}
	s := find(r.Current())
	if s == nil {
		r.message = lang.F(r.lang, "read.no.scene", id)
		r.stale = true
		return false
	}
	r.showScene(sceneKey(r.Current(), s))
	r.scroll.Pos = r.scroll.Target
	return true
}

// showScene scrolls to the scene in slot key, gives it the focus and asks
// the host to play it from the start.
func (r *Reading) showScene(key string) {
	for i, f := range r.focusers {
		if f.kind == focusScene && f.key == key {
			r.setFocus(focusRef{focusPage, i})
			r.scroll.To(f.box.Y - 16*r.scale)
			r.effect(EffectPlay, key)
			r.stale = true
			return
		}
	}
}

// FocusedScene is the slot key of the scene that has the keyboard focus,
// or "".
func (r *Reading) FocusedScene() string {
	if r.focus.area == focusPage && r.focus.i < len(r.focusers) && r.focusers[r.focus.i].kind == focusScene {
		return r.focusers[r.focus.i].key
	}
	return ""
}

// PlayerTakes reports whether a key press goes to a scene's player when
// the scene has the focus: the player's own keys (←/→ step, Home/End,
// PageUp/PageDown, Enter on its buttons). The page keeps ↑/↓ (scrolling),
// Tab and Escape (the focus; the panel is offered them first) and
// everything held with Ctrl or Alt.
func PlayerTakes(p Press) bool {
	if p.Ctrl || p.Alt {
		return false
	}
	switch p.Key {
	case key.Left, key.Right, key.Home, key.End, key.PageUp, key.PageDown, key.Enter:
		return true
	}
	return false
}

// trimTitle is a heading title for the table of contents.
func trimTitle(s string) string { return strings.Join(strings.Fields(s), " ") }
