package view

import (
	"slices"
	"strconv"
	"unicode"

	"github.com/gmpbook/gmpbook/core"
)

// NarrowBelow is the width under which Layout always uses the narrow
// (phone) layout.
const NarrowBelow = 600

// Text floors: no text in a frame is smaller than PageTextFloor, or than
// SlideTextFloor on a slide (Options.Slide). The sizes are in the frame's
// pixels; a slide is laid out at 1920×1080. A text that cannot be drawn
// at the floor where it belongs (a token too small for its label, a
// timeline span too short) is left out: the tooltip and the screen-reader
// text still carry it.
const (
	PageTextFloor  = 12
	SlideTextFloor = 24
)

// DefaultWindow is how much virtual time the timeline shows.
const DefaultWindow core.Duration = 10 * core.Millisecond

// TextWidthPerSize is the estimated width of one character as a fraction of
// the text size. Layout fits every text to its cell with this estimate; a
// renderer whose font is wider should scale its font down, not its cells.
const TextWidthPerSize = 0.6

// Options say how to lay out a World.
type Options struct {
	Width, Height float32
	Reduced       bool            // reduced motion: the player jumps, and the changed places get a bolder outline
	Narrow        bool            // force the narrow layout (it is also used whenever Width < NarrowBelow)
	Highlight     *core.Event     // the current event: the places it is about are outlined
	Window        core.Duration   // virtual time the timeline covers (0: DefaultWindow)
	History       *History        // what the Recording knows beyond the World (nil: nothing)
	Unused        map[string]bool // places ("syscall", "netpoll", "dead", "global") the whole scene never uses: collapsed to a line (wide layout)
	Slide         bool            // laid out for a slide stage (1920×1080): text floor SlideTextFloor, larger tokens
	Dark          bool            // draw with DarkTheme (a dark page, desktop look or slide); Frame.Background says which paper
	Lang          Lang            // the language of the narration and the labels (English by default)
}

// History is what a Recording remembers that core.World does not keep.
// Layout only reads it.
type History struct {
	Preempted map[int64]bool      // runnable Gs whose last stop was a preemption
	Hand      map[int64]int32     // in-flight Gs: the P whose hands they are in
	Since     map[int64]core.Time // running / in-syscall Gs: since when
	Sysmon    SysmonNote
	Spans     [][]Span             // per P, the timeline spans to draw, oldest first
	Names     map[int64]string     // goroutine names (see FuncLabel); nil: G numbers
	Moves     []core.Event         // moves to draw as paths (see IsMoveKind), oldest first
	Parked    map[int64]core.Event // for the goroutines those moves wake: the event that parked them
}

// Places lists the places every frame has, by Role, for a World with procs
// Ps (all shown). Tokens sit at places; the player outlines a place when the
// current event is about it.
func Places(procs int, narrow bool) []string {
	out := []string{"global", "clock", "syscall", "netpoll", "waiting", "dead", "inflight", "idleM", "sysmon", "timeline"}
	if narrow {
		out = append(out, "timers")
	}
	for i := range procs {
		p := "P" + strconv.Itoa(i)
		out = append(out, p, p+".m", p+".runnext", p+".runq", p+".hand", "timeline."+p)
		if !narrow {
			out = append(out, "timers."+p)
		}
	}
	return out
}

// textW is the estimated width of s at size.
func textW(s string, size float32) float32 {
	return TextWidthPerSize * size * float32(textCells(s))
}

// textCells is the width of s in character cells: a Chinese character
// or full-width mark takes two.
func textCells(s string) int {
	n := 0
	for _, r := range s {
		n += runeCells(r)
	}
	return n
}

func runeCells(r rune) int {
	if r >= 0x1100 && (unicode.Is(unicode.Han, r) || cjkPunct(r) || r >= 0xAC00 && r <= 0xD7A3) {
		return 2
	}
	return 1
}

// fitText shortens s with an ellipsis so that it is at most maxW wide.
func fitText(s string, size, maxW float32) string {
	if textW(s, size) <= maxW+0.01 {
		return s
	}
	n := int(maxW/(TextWidthPerSize*size)) - 1
	if n <= 0 {
		return ""
	}
	r := []rune(s)
	k, cells := 0, 0
	for k < len(r) && cells+runeCells(r[k]) <= n {
		cells += runeCells(r[k])
		k++
	}
	// The cell count is an estimate (a "·" or a wide rune measures more
	// than it counts): cut further until the text fits, or it would be
	// drawn past its box, or dropped by a caller that keeps text inside
	// the frame.
	for k > 0 && textW(string(r[:k])+"…", size) > maxW+0.01 {
		k--
	}
	if k == 0 {
		return ""
	}
	return string(r[:k]) + "…"
}

func clamp(v, lo, hi float32) float32 { return max(lo, min(hi, v)) }

// builder accumulates a Frame.
type builder struct {
	f      Frame
	w      *core.World
	h      *History
	opts   Options
	narrow bool
	th     *Theme
	floor  float32 // the text floor (PageTextFloor or SlideTextFloor)

	ts, fs, fss, gap, pad float32
	// tw is a token's width: a pill of ts × tw in the wide layout, where
	// the goroutine's name must fit on it; a disc (tw = ts) in the narrow
	// one.
	tw float32

	places map[string]int // role → index in f.Places
	rt     *router        // the grid moves are routed on (route.go), made at the first
}

// Layout turns a World into a Frame of opts.Width × opts.Height pixels.
// Every place has a fixed spot that depends only on the frame size and the
// number of Ps; tokens never overlap each other, texts never overlap texts
// or tokens, and nothing leaves the frame. Long queues collapse to the
// first tokens that fit and a "+N" count. The same input gives the same
// Frame.
func Layout(w *core.World, opts Options) Frame {
	if opts.Window <= 0 {
		opts.Window = DefaultWindow
	}
	h := opts.History
	if h == nil {
		h = &History{}
	}
	b := &builder{w: w, h: h, opts: opts, places: map[string]int{}, th: ThemeFor(opts.Dark), floor: PageTextFloor}
	if opts.Slide {
		b.floor = SlideTextFloor
	}
	b.narrow = opts.Narrow || opts.Width < NarrowBelow
	b.f = Frame{W: opts.Width, H: opts.Height, Time: w.T, Index: -1, Narrow: b.narrow, Dark: opts.Dark, Lang: opts.Lang, Slide: opts.Slide, Background: b.th.Paper}
	b.f.Shapes = make([]Shape, 0, 256)
	if opts.Width <= 0 || opts.Height <= 0 {
		return b.f
	}
	s := b.sort()
	if b.narrow {
		b.layoutNarrow(s)
	} else {
		b.layoutWide(s)
	}
	if b.opts.Highlight != nil {
		b.highlight()
	}
	b.moves()
	return b.f
}

// ---- sorting goroutines into places --------------------------------------------

// sorted is every G the frame draws, by the place it is at.
type sorted struct {
	curg     []int64 // per P: the G running on it (0: none)
	running  []*core.GView
	syscall  []*core.GView
	netpoll  []*core.GView
	waiting  []*core.GView
	dead     []*core.GView
	inflight []*core.GView
	hand     []int64 // per P: the in-flight G in its hands (0: none)
}

func (b *builder) sort() *sorted {
	w := b.w
	s := &sorted{curg: make([]int64, len(w.Ps)), hand: make([]int64, len(w.Ps))}
	var waitGroups [NumStates][]*core.GView
	for _, g := range w.Gs {
		switch g.Loc {
		case core.LocRunning:
			s.running = append(s.running, g)
		case core.LocSyscall:
			s.syscall = append(s.syscall, g)
		case core.LocNetpoll:
			s.netpoll = append(s.netpoll, g)
		case core.LocWait:
			st := StateOf(g, false)
			waitGroups[st] = append(waitGroups[st], g)
		case core.LocGFree:
			s.dead = append(s.dead, g)
		case core.LocRunnext, core.LocRunq, core.LocGlobal, core.LocTimer:
			// Drawn from the queues and heaps themselves.
		default:
			s.inflight = append(s.inflight, g)
		}
	}
	for _, st := range []GState{StateWaitChan, StateWaitSync, StateWaitSleep, StateWaitIO, StateWaitOther, StatePreempted,
		StateRunning, StateRunnable, StateSyscall, StateDead} {
		s.waiting = append(s.waiting, waitGroups[st]...)
	}
	// A running G sits in its P's curg slot.
	var rest []*core.GView
	for _, g := range s.running {
		m := w.M(g.M)
		if m != nil && m.CurG == g.ID && m.P >= 0 && int(m.P) < len(s.curg) && s.curg[m.P] == 0 {
			s.curg[m.P] = g.ID
			continue
		}
		rest = append(rest, g)
	}
	// An in-flight G sits in the hands of the P that last moved it.
	var flying []*core.GView
	for _, g := range s.inflight {
		if p, ok := b.h.Hand[g.ID]; ok && p >= 0 && int(p) < len(s.hand) && s.hand[p] == 0 {
			s.hand[p] = g.ID
			continue
		}
		flying = append(flying, g)
	}
	s.inflight = append(rest, flying...)
	return s
}

// ---- primitives --------------------------------------------------------------------

// inside reports whether r lies within the frame.
func (b *builder) inside(r Rect) bool {
	const eps = 0.01
	return r.X >= -eps && r.Y >= -eps && r.Right() <= b.f.W+eps && r.Bottom() <= b.f.H+eps
}

func (b *builder) place(role string, r Rect) {
	if i, ok := b.places[role]; ok {
		b.f.Places[i] = Place{Role: role, X: r.X, Y: r.Y, W: r.W, H: r.H}
		return
	}
	b.places[role] = len(b.f.Places)
	b.f.Places = append(b.f.Places, Place{Role: role, X: r.X, Y: r.Y, W: r.W, H: r.H})
}

func (b *builder) box(r Rect, role string, fill, stroke Color, dashed bool) {
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: min(6, r.H/4),
		Fill: fill, Stroke: stroke, StrokeW: 1, Dashed: dashed, Role: role})
}

// text draws s at (x, y) (top-left), shortened to maxW; it returns the width used.
func (b *builder) text(x, y, maxW, size float32, s, role string, c Color) float32 {
	if size < b.floor-0.01 {
		return 0
	}
	s = fitText(s, size, maxW)
	if s == "" {
		return 0
	}
	wd := textW(s, size)
	if !b.inside(Rect{x, y, wd, size}) {
		return 0
	}
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeText, X: x, Y: y, W: wd, H: size, Size: size, Text: s, Fill: c, Role: role})
	return wd
}

// textIn draws s vertically centred in r, left-aligned.
func (b *builder) textIn(r Rect, size float32, s, role string, c Color) float32 {
	return b.text(r.X, r.Y+(r.H-size)/2, r.W, size, s, role, c)
}

// textRight draws s vertically centred in r, right-aligned.
func (b *builder) textRight(r Rect, size float32, s, role string, c Color) float32 {
	s = fitText(s, size, r.W)
	return b.text(r.Right()-textW(s, size), r.Y+(r.H-size)/2, r.W, size, s, role, c)
}

// slot draws an empty dashed outline, the token's shape, where a token may
// sit.
func (b *builder) slot(x, y float32, role string) {
	if b.tw > b.ts {
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: x, Y: y, W: b.tw, H: b.ts, Radius: b.ts / 2, Stroke: b.th.Slot, StrokeW: 1, Dashed: true, Role: role})
		return
	}
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeCircle, X: x, Y: y, W: b.ts, H: b.ts, Stroke: b.th.Slot, StrokeW: 1, Dashed: true, Role: role})
}

// token draws goroutine id with its top-left corner at (x, y).
func (b *builder) token(x, y float32, id int64, role string) {
	if id == timerFuncMark || id == timerChanMark {
		b.timerMark(x, y, id, role)
		return
	}
	g := b.w.G(id)
	tw := max(b.tw, b.ts)
	if g == nil || !b.inside(Rect{x, y, tw, b.ts}) {
		return
	}
	st := StyleIn(b.th, StateOf(g, b.h.Preempted[id]))
	name := b.h.Names[id]
	// The token carries the goroutine's name, at the text floor and cut
	// to fit ("sleeper…") when it is long; its G number only when it has
	// no name or not even a cut name fits. The whole name is in
	// Shape.Name for tooltips and screen readers.
	label := "G" + strconv.FormatInt(id, 10)
	room := tw - 3
	if tw > b.ts {
		room = tw - b.ts/2 // a pill's round ends take a quarter of its height each
	}
	size := min(b.ts*0.5, room/(TextWidthPerSize*float32(textCells(label))))
	if name != "" {
		ns := min(b.ts*0.5, room/(TextWidthPerSize*float32(textCells(name))))
		switch {
		case ns >= max(b.ts*0.3, b.floor):
			label, size = name, ns
		case b.ts*0.5 >= b.floor:
			if cut := fitText(name, b.floor, room); cut != "" && textCells(cut) > 2 {
				label, size = cut, b.floor
			}
		}
	}
	if size < b.floor-0.01 {
		label = ""
	}
	if g.System && st.State != StateRunning {
		// The runtime's own goroutines are muted and dotted, so they never
		// look like the reader's.
		st.Dashed, st.Stroke = true, b.th.Muted
		if st.Fill.A > 0 && st.Fill != b.th.Paper {
			st.Fill = Color{st.Fill.R, st.Fill.G, st.Fill.B, 90}
		}
	}
	if tw > b.ts && st.Shape == TokenCircle {
		st.Shape = TokenPill
	}
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeToken, X: x, Y: y, W: tw, H: b.ts, Radius: b.ts / 2,
		Fill: st.Fill, Stroke: st.Stroke, StrokeW: st.StrokeW, Dashed: st.Dashed, Text: label, Size: size, G: id, Role: role,
		State: st.State, Shape: st.Shape, Ink: st.Ink, Badge: st.Badge, Name: name, System: g.System})
}

// grid lays out n cells of cellW × cellH in r, row by row, and calls draw for
// each shown cell. When they do not all fit, it shows as many as leave room
// for a "+N" count after the last one.
func (b *builder) grid(r Rect, n int, cellW, cellH float32, role string, draw func(k int, c Rect)) {
	if n <= 0 || cellW <= 0 || cellH <= 0 {
		return
	}
	const eps = 0.01
	cols := int((r.W + eps) / cellW)
	rows := int((r.H + eps) / cellH)
	if cols <= 0 || rows <= 0 {
		return
	}
	capacity := cols * rows
	shown := min(n, capacity)
	var more Rect
	if n > capacity {
		for shown = capacity; shown >= 0; shown-- {
			need := textW("+"+strconv.Itoa(n-shown), b.fs)
			row, col := 0, 0
			if shown > 0 {
				row, col = (shown-1)/cols, (shown-1)%cols+1
			}
			left := r.W - float32(col)*cellW
			if left+eps >= need {
				more = Rect{r.X + float32(col)*cellW, r.Y + float32(row)*cellH, left, cellH}
				break
			}
			if shown > 0 && col == cols && row+1 < rows {
				more = Rect{r.X, r.Y + float32(row+1)*cellH, r.W, cellH}
				break
			}
		}
		if shown < 0 {
			shown = 0
		}
	}
	for k := 0; k < shown; k++ {
		draw(k, Rect{r.X + float32(k%cols)*cellW, r.Y + float32(k/cols)*cellH, cellW, cellH})
	}
	if n > shown && more.W > 0 {
		b.textIn(more, b.fs, "+"+strconv.Itoa(n-shown), role+".more", b.th.Muted)
	}
}

// tokenRow draws the Gs ids in r as a row (or rows) of tokens.
func (b *builder) tokenRow(r Rect, ids []int64, role string) {
	pitch := max(b.tw, b.ts) + b.gap
	b.grid(r, len(ids), pitch, max(b.ts, r.H), role, func(k int, c Rect) {
		b.token(c.X, c.Y+(c.H-b.ts)/2, ids[k], role)
	})
}

// tokenGrid draws the Gs gs in r in rows of tokens.
func (b *builder) tokenGrid(r Rect, gs []*core.GView, role string) {
	pitch := b.ts + b.gap
	b.grid(r, len(gs), max(b.tw, b.ts)+b.gap, pitch, role, func(k int, c Rect) {
		b.token(c.X, c.Y, gs[k].ID, role)
	})
}

// labelled draws a titled box: the title on top, the content rect returned.
func (b *builder) labelled(r Rect, role, title string) Rect {
	b.place(role, r)
	b.box(r, role, Color{}, b.th.Box, false)
	b.text(r.X+b.pad, r.Y+b.pad/2, r.W-2*b.pad, b.fss, title, role+".label", b.th.Muted)
	top := b.pad/2 + b.fss + b.pad/2
	return Rect{r.X + b.pad, r.Y + top, r.W - 2*b.pad, r.H - top - b.pad/2}
}

// joinFit joins items after prefix as long as they fit in maxW, and ends
// with "+N" for the rest.
func joinFit(prefix string, items []string, size, maxW float32) string {
	s := prefix
	for i, it := range items {
		next := s + " " + it
		if i == 0 {
			next = s + it
		}
		rest := len(items) - i - 1
		tail := ""
		if rest > 0 {
			tail = " +" + strconv.Itoa(rest)
		}
		if textW(next+tail, size) > maxW {
			return s + " +" + strconv.Itoa(len(items)-i)
		}
		s = next
	}
	return s
}

// ---- shared pieces ---------------------------------------------------------------------

// say is Say in the layout's language.
func (b *builder) say(id string, args ...any) string { return Say(b.opts.Lang, id, args...) }

// A timer that no goroutine sleeps on (a time.AfterFunc's, or a
// time.Timer's or Ticker's that sends on a channel) is drawn in a token's
// place as a mark: these ids stand for it among the G ids of a timer row.
const (
	timerFuncMark int64 = -1 - iota
	timerChanMark
)

// timerID is what a timer row shows for timer t: the goroutine that
// sleeps on it, or the mark of its kind.
func timerID(t core.TimerView) int64 {
	switch {
	case t.G != 0:
		return t.G
	case t.Kind == core.TimerFunc:
		return timerFuncMark
	}
	return timerChanMark
}

// timerMark draws a timer with no goroutine of its own where a token
// would be: a dashed outline with "ƒ" (it will start a goroutine that
// runs a function) or "chan" (it will send on a channel).
func (b *builder) timerMark(x, y float32, id int64, role string) {
	tw := max(b.tw, b.ts)
	if !b.inside(Rect{x, y, tw, b.ts}) {
		return
	}
	label := "chan"
	if id == timerFuncMark {
		label = "ƒ"
	}
	w := min(tw, b.ts*1.6)
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: x, Y: y, W: w, H: b.ts, Radius: b.ts / 2, Stroke: b.th.Muted, StrokeW: 1, Dashed: true, Role: role + ".timer"})
	size := max(b.floor, b.ts*0.45)
	lw := min(textW(label, size), w-b.ts/2)
	b.textIn(Rect{x + (w-lw)/2, y, lw, b.ts}, size, label, role+".timer.kind", b.th.Muted)
}

// pStatus is a P's status as the player's language says it.
func (b *builder) pStatus(s core.PStatus) string {
	if int(s) > int(core.Pdead) {
		return s.String()
	}
	return b.say("lbl.p." + s.String())
}

// pHead is the line above a P in the wide layout: its name, status and
// schedtick.
func (b *builder) pHead(name string, p *core.PView) string {
	return b.say("lbl.p.head", name, b.pStatus(p.Status), p.Schedtick)
}

// clockText is the virtual time, and how the run ended if it did.
func (b *builder) clockText() (string, string) {
	w := b.w
	t := "t = " + core.FormatDurationShort(int64(w.T))
	status := ""
	switch {
	case w.Fatal != "":
		status = b.say("lbl.fatal", w.Fatal)
	case w.Done:
		status = b.say("lbl.exit", w.ExitCode)
	case w.STW:
		status = b.say("lbl.stw")
	}
	return t, status
}

func (b *builder) sysmonText() string {
	sm := b.h.Sysmon
	has := false
	for _, m := range b.w.Ms {
		if m.Sysmon {
			has = true
		}
	}
	switch {
	case !has:
		return b.say("lbl.sysmon.off")
	case sm.Deep:
		return b.say("lbl.sysmon.deep")
	case sm.Delay > 0:
		return b.say("lbl.sysmon.every", core.FormatDurationShort(sm.Delay))
	}
	return b.say("lbl.sysmon.running")
}

// idleMs lists the threads not shown at a P or in a system call.
func (b *builder) idleMs() []string {
	var out []string
	for _, m := range b.w.Ms {
		if m.Sysmon || m.Template || m.State == core.MExited {
			continue
		}
		if m.P >= 0 {
			if p := b.w.P(m.P); p != nil && p.M == m.ID {
				continue
			}
		}
		if m.State == core.MSyscall && m.CurG != 0 {
			continue
		}
		name := "M" + strconv.Itoa(int(m.ID))
		switch {
		case m.Spinning:
			name += b.say("lbl.idlem.spinning")
		case m.State == core.MNetpoll:
			name += b.say("lbl.idlem.polling")
		case m.State == core.MSleeping:
			name += b.say("lbl.idlem.usleep")
		case m.State == core.MWaking || m.State == core.MStarting:
			name += b.say("lbl.idlem.waking")
		case m.State == core.MLockedParked:
			name += b.say("lbl.idlem.locked", m.LockedG)
		}
		out = append(out, name)
	}
	return out
}

// stationM is the text for the M slot of P p.
func (b *builder) mLabel(p *core.PView) string {
	m := b.w.M(p.M)
	if m == nil {
		return b.say("lbl.nom")
	}
	return "M" + strconv.Itoa(int(m.ID))
}

// mNote says what P p's M is doing when that is worth a line.
func (b *builder) mNote(p *core.PView) string {
	m := b.w.M(p.M)
	if m == nil {
		return ""
	}
	name := "M" + strconv.Itoa(int(m.ID))
	switch {
	case m.Spinning:
		return b.say("lbl.m.spinning", name)
	case m.State == core.MSyscall:
		return b.say("lbl.m.syscall", name)
	case m.State == core.MStarting || m.State == core.MWaking:
		return b.say("lbl.m.waking", name)
	case m.State == core.MSleeping:
		return b.say("lbl.m.usleep", name)
	}
	return ""
}

// sortedTimers is P p's timers, earliest first.
func sortedTimers(p *core.PView) []core.TimerView {
	ts := slices.Clone(p.Timers)
	slices.SortStableFunc(ts, func(a, b core.TimerView) int {
		if a.When != b.When {
			if a.When < b.When {
				return -1
			}
			return 1
		}
		return int(a.G - b.G)
	})
	return ts
}

// timeline draws the per-P strips in r for the first n Ps.
func (b *builder) timeline(r Rect, n int, stripH float32) {
	b.place("timeline", r)
	title := b.say("lbl.timeline", core.FormatDurationShort(b.opts.Window))
	b.text(r.X, r.Y, r.W, b.fss, title, "timeline.label", b.th.Muted)
	now := b.w.T
	from := core.Time(0)
	if now > core.Time(b.opts.Window) {
		from = now - core.Time(b.opts.Window)
	}
	labelW := textW("P000", b.fss) + b.pad
	x0 := r.X + labelW
	sw := r.W - labelW
	if sw <= 0 {
		return
	}
	scale := sw / float32(b.opts.Window)
	y := r.Y + b.fss + b.pad/2
	for i := 0; i < n; i++ {
		role := "timeline.P" + strconv.Itoa(i)
		b.text(r.X, y+(stripH-min(b.fss, stripH))/2, labelW-b.pad/2, min(b.fss, stripH), "P"+strconv.Itoa(i), role+".label", b.th.Muted)
		strip := Rect{x0, y, sw, stripH}
		b.place(role, strip)
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: strip.X, Y: strip.Y, W: strip.W, H: strip.H,
			Fill: b.th.Strip, Role: role})
		if i < len(b.h.Spans) {
			b.spans(strip, b.h.Spans[i], from, now, scale)
		}
		y += stripH + 2
	}
	if n < len(b.w.Ps) {
		b.text(r.X, y, r.W, b.fss, b.say("lbl.psnotshown", len(b.w.Ps)-n), "timeline.more", b.th.Muted)
	}
}

// spans draws one P's spans; runs of spans narrower than a pixel merge.
func (b *builder) spans(strip Rect, list []Span, from, now core.Time, scale float32) {
	type run struct {
		x0, x1 float32
		st     GState
		g      int64
		n      int
	}
	var cur run
	flush := func() {
		if cur.n == 0 {
			return
		}
		wd := cur.x1 - cur.x0
		if wd > 3 {
			wd -= 0.5 // a hairline between spans of different Gs
		}
		if wd < 0.5 {
			wd = 0.5
		}
		c := b.th.States[cur.st]
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: cur.x0, Y: strip.Y, W: wd, H: strip.H, Fill: c, G: cur.g, Role: "span"})
		size := strip.H - 3
		if cur.n == 1 && size >= b.floor-0.01 {
			label := "G" + strconv.FormatInt(cur.g, 10)
			if textW(label, size)+4 <= wd {
				b.text(cur.x0+2, strip.Y+1.5, wd-4, size, label, "span.label", inkOnIn(b.th, c))
			}
		}
		cur = run{}
	}
	for _, sp := range list {
		s, e := max(sp.Start, from), min(sp.End, now)
		if e < s || (e == s && sp.End > sp.Start) {
			continue
		}
		x0 := strip.X + float32(s-from)*scale
		x1 := strip.X + float32(e-from)*scale
		x1 = min(x1, strip.Right())
		narrow := x1-x0 < 1
		if cur.n > 0 && narrow && x0-cur.x1 < 1 && cur.st == sp.State {
			cur.x1 = max(cur.x1, x1)
			cur.n++
			continue
		}
		if cur.n > 0 && cur.x1-cur.x0 < 1 && x0-cur.x1 < 1 && cur.st == sp.State {
			cur.x1 = max(cur.x1, x1)
			cur.n++
			continue
		}
		flush()
		cur = run{x0: x0, x1: x1, st: sp.State, g: sp.G, n: 1}
	}
	flush()
}

// ---- highlight ---------------------------------------------------------------------

// HighlightRoles lists the places event e is about (some may not exist in a
// given frame).
func HighlightRoles(e *core.Event, narrow bool) []string {
	if e == nil {
		return nil
	}
	p := func(id int32, sub string) string {
		if id < 0 {
			return ""
		}
		s := "P" + strconv.Itoa(int(id))
		if sub != "" {
			s += "." + sub
		}
		return s
	}
	timers := func(id int32) string {
		if narrow || id < 0 {
			return "timers"
		}
		return "timers.P" + strconv.Itoa(int(id))
	}
	switch e.Kind {
	case core.EvGoCreate:
		return []string{p(e.P, "hand")}
	case core.EvGoStart:
		var from string
		switch e.Why {
		case core.SrcRunnext:
			from = p(e.P, "runnext")
		case core.SrcLocal, core.SrcSteal, core.SrcTimer:
			from = p(e.P, "runq")
		case core.SrcFairness, core.SrcGlobal:
			from = "global"
		case core.SrcNetpoll:
			from = "netpoll"
		case core.SrcSyscall:
			from = "syscall"
		}
		return []string{from, p(e.P, "m")}
	case core.EvGoBlock:
		switch e.Wait {
		case core.WaitIOWait:
			return []string{p(e.P, "m"), "netpoll"}
		case core.WaitSleep:
			return []string{p(e.P, "m"), timers(e.P)}
		}
		return []string{p(e.P, "m"), "waiting"}
	case core.EvGoUnblock:
		return []string{p(e.P, "hand")}
	case core.EvGoSched, core.EvGoPreempt:
		return []string{p(e.P, "m"), "global"}
	case core.EvPreemptReq:
		return []string{"sysmon", p(e.P, "m")}
	case core.EvGoSysCall:
		return []string{p(e.P, "m"), "syscall"}
	case core.EvGoSysExit:
		return []string{"syscall", p(e.P, "m")}
	case core.EvGoEnd:
		return []string{p(e.P, "m"), "dead"}
	case core.EvGoKick:
		return []string{p(e.P, "runnext"), p(e.P, "runq")}
	case core.EvRunqPut:
		if e.Why == core.DestRunnext {
			return []string{p(e.P, "runnext")}
		}
		return []string{p(e.P, "runq")}
	case core.EvRunqOverflow:
		return []string{p(e.P, "runq"), "global"}
	case core.EvGlobalPut:
		return []string{"global"}
	case core.EvGlobalGet:
		return []string{"global", p(e.P, "hand")}
	case core.EvSteal:
		if e.Flag {
			return []string{p(e.P2, "runnext"), p(e.P, "hand")}
		}
		return []string{p(e.P2, "runq"), p(e.P, "runq")}
	case core.EvInject:
		return []string{"global", p(e.P, "runq")}
	case core.EvProcAcquire, core.EvProcRelease, core.EvProcIdle, core.EvProcUnidle, core.EvProcHandoff,
		core.EvProcStatus, core.EvProcDestroy, core.EvWakep, core.EvMSpin, core.EvMUnpark:
		return []string{p(e.P, "")}
	case core.EvProcRetake:
		return []string{"syscall", p(e.P, "")}
	case core.EvMCreate, core.EvMPark, core.EvMSpinStop, core.EvMSleep, core.EvMExit:
		if e.P >= 0 {
			return []string{p(e.P, "")}
		}
		return []string{"idleM"}
	case core.EvMLockedHand:
		return []string{p(e.P, ""), "idleM"}
	case core.EvMNetpoll, core.EvMNetpollWake, core.EvIOReady, core.EvNetpoll, core.EvNetpollBreak:
		return []string{"netpoll"}
	case core.EvSysmonWake, core.EvSysmonSleep:
		return []string{"sysmon"}
	case core.EvTimerAdd, core.EvTimerMod, core.EvTimerDel:
		return []string{timers(e.P)}
	case core.EvTimerFire:
		v := e.P2
		if v < 0 {
			v = e.P
		}
		return []string{timers(v), "waiting"}
	case core.EvSTWStart, core.EvSTWDone, core.EvProcResize, core.EvExit, core.EvDeadlock, core.EvLimit:
		return []string{"clock"}
	}
	return nil
}

func (b *builder) highlight() {
	roles := HighlightRoles(b.opts.Highlight, b.narrow)
	seen := map[string]bool{}
	for _, role := range roles {
		i, ok := b.places[role]
		if role == "" || !ok || seen[role] {
			continue
		}
		pl := b.f.Places[i]
		r := Rect{pl.X, pl.Y, pl.W, pl.H}
		seen[role] = true
		sw := float32(2)
		fill := Color{}
		if b.opts.Reduced {
			sw, fill = 4, b.th.FlashFill
		}
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: r.X, Y: r.Y, W: r.W, H: r.H,
			Radius: 4, Fill: fill, Stroke: b.th.Flash, StrokeW: sw, Role: "highlight:" + role})
	}
}
