package view

import (
	"maps"
	"sort"

	"github.com/gmpbook/gmpbook/core"
)

// DefaultCheckpointEvery is how many events apart the Recording keeps a
// copy of the World: stepping back or seeking replays at most this many
// events from the nearest copy.
const DefaultCheckpointEvery = 256

// Recording is a run's event log made navigable: the World after any
// event, the per-P run history for the timeline, the narration and the
// author's captions. It never runs the simulator.
//
// A Recording is usually made from a finished run (NewRecording). A player
// that shows a run while it is still being simulated starts it with
// NewOpenRecording and hands it the longer log as it grows (Extend), then
// closes it (Close); what it answers about the events it has is exactly
// what a Recording of the finished log answers, except that the last
// event's narration may name the event after it once that arrives.
//
// Between Extends (and SetLineHook) a Recording is read-only, so several
// Cursors may share it.
type Recording struct {
	Procs    int
	Events   []core.Event
	Captions []Caption

	every       int
	checkpoints []*state // checkpoints[j]: the state before event j*every
	spans       [][]Span // per P id, in start order
	lines       Lines
	triggers    []captionTrigger // sorted by event index

	// The fold of the events so far, which Extend carries on.
	folded int    // events folded
	tail   *state // the state after them
	open   spanFold
	trig   triggerFold
	names  nameFold
	used   map[string]bool // places some event of the log uses (see Unused)
	closed bool
}

// state is what a cursor position folds to: the World plus what the view
// remembers that World does not keep.
type state struct {
	w *core.World
	n notes
}

// notes are facts the event log states but core.World does not keep; the
// view needs them to colour and place tokens and to narrate.
type notes struct {
	preempted map[int64]bool      // runnable Gs whose last stop was a preemption
	hand      map[int64]int32     // in-flight Gs: the P of the last event that touched them
	since     map[int64]core.Time // running or in-syscall Gs: when they entered that state
	sysmon    SysmonNote
}

// SysmonNote is what the player shows at the sysmon marker.
type SysmonNote struct {
	Delay core.Duration // the last sleep between two looks (20µs … 10ms)
	Deep  bool          // sleeping until Until because every P is idle
	Until core.Time
	Woken int64 // how many times it has looked
}

func newState(procs int) *state {
	return &state{w: core.NewWorld(procs), n: notes{
		preempted: map[int64]bool{}, hand: map[int64]int32{}, since: map[int64]core.Time{},
	}}
}

func (s *state) clone() *state {
	return &state{w: s.w.Clone(), n: notes{
		preempted: maps.Clone(s.n.preempted), hand: maps.Clone(s.n.hand), since: maps.Clone(s.n.since),
		sysmon: s.n.sysmon,
	}}
}

// apply folds one event into the World and the notes.
func (s *state) apply(e *core.Event) {
	s.w.Apply(e)
	n := &s.n
	switch e.Kind {
	case core.EvGoStart:
		delete(n.preempted, e.G)
		n.since[e.G] = e.T
	case core.EvGoPreempt:
		n.preempted[e.G] = true
		delete(n.since, e.G)
	case core.EvGoSysCall:
		n.since[e.G] = e.T
	case core.EvGoSysExit:
		if e.Why == core.ExitNoP {
			delete(n.since, e.G)
		} else {
			n.since[e.G] = e.T
		}
	case core.EvGoBlock, core.EvGoSched, core.EvGoEnd:
		delete(n.since, e.G)
		delete(n.preempted, e.G)
	case core.EvSysmonWake:
		n.sysmon.Delay, n.sysmon.Deep = e.N, false
		n.sysmon.Woken++
	case core.EvSysmonSleep:
		n.sysmon.Deep, n.sysmon.Until = true, core.Time(e.Arg)
	}
	if e.G != 0 {
		if g := s.w.G(e.G); g != nil && g.Loc == core.LocInFlight && e.P >= 0 {
			n.hand[e.G] = e.P
		} else {
			delete(n.hand, e.G)
		}
	}
}

// Span is one stretch of a P's timeline: G ran on it (or sat in a system
// call holding it) from Start to End.
type Span struct {
	P          int32
	G          int64
	State      GState // StateRunning or StateSyscall
	Start, End core.Time
	StartIdx   int // the event that opened it
	EndIdx     int // the event that closed it; -1 while open
}

// Lines says where the scene's own code is, event by event. The event log
// has no line numbers; the script VM knows them (internal/playerlog keeps
// them as it simulates).
type Lines interface {
	// LineOf is the source line goroutine g is at when event i happens
	// (0 if unknown): the page highlights it.
	LineOf(g int64, eventIndex int) int
	// Ran lists the source lines whose code began running just before
	// event i: since event i-1 some goroutine handed the simulator an op
	// (a go statement, a send, a stretch of CPU work, …) from each of
	// them. A line caption starts at the first such event.
	Ran(eventIndex int) []int32
}

// NewRecording folds events (a run with procs Ps at the start) and keeps a
// checkpoint every DefaultCheckpointEvery events.
func NewRecording(procs int, events []core.Event, captions []Caption) *Recording {
	return NewRecordingEvery(procs, events, captions, DefaultCheckpointEvery)
}

// NewRecordingEvery is NewRecording with checkpoints every k events: a
// smaller k steps back faster and keeps more copies of the World.
func NewRecordingEvery(procs int, events []core.Event, captions []Caption, k int) *Recording {
	r := NewOpenRecording(procs, captions, k)
	r.Extend(events)
	r.Close()
	return r
}

// NewOpenRecording starts a Recording of a run that is still being
// simulated, with no events yet and checkpoints every k events; Extend
// adds the events as they come and Close says there are no more.
func NewOpenRecording(procs int, captions []Caption, k int) *Recording {
	if k < 1 {
		k = 1
	}
	r := &Recording{Procs: procs, Captions: captions, every: k, tail: newState(procs)}
	r.open.init(r)
	r.trig.init(r)
	return r
}

// Extend gives the Recording the log so far: events must begin with the
// events it already has (a longer version of Events, as a simulation
// appends them). It folds the new ones.
func (r *Recording) Extend(events []core.Event) {
	if r.closed {
		panic("view: Extend of a closed Recording")
	}
	if len(events) < r.folded {
		panic("view: Extend with a shorter log")
	}
	r.Events = events
	for i := r.folded; i < len(events); i++ {
		if i%r.every == 0 {
			r.checkpoints = append(r.checkpoints, r.tail.clone())
		}
		e := &events[i]
		r.tail.apply(e)
		r.open.add(r, i, e)
		r.trig.add(r, i, e)
		r.names.add(e)
		r.markUsed(e)
	}
	r.folded = len(events)
}

// Close says that the log is complete: no more Extends.
func (r *Recording) Close() {
	if r.closed {
		return
	}
	r.closed = true
	r.tail = nil // only Extend needs it
	r.trig.close(r)
}

// markUsed notes the places event e puts a goroutine at.
func (r *Recording) markUsed(e *core.Event) {
	if r.used == nil {
		r.used = map[string]bool{}
	}
	switch {
	case e.Kind == core.EvGoSysCall:
		r.used["syscall"] = true
	case e.Kind == core.EvGoBlock && e.Wait == core.WaitIOWait:
		r.used["netpoll"] = true
	case e.Kind == core.EvGoEnd:
		r.used["dead"] = true
	case e.Kind == core.EvGlobalPut || e.Kind == core.EvRunqOverflow || e.Kind == core.EvGlobalGet,
		e.Kind == core.EvInject && e.Arg > 0:
		r.used["global"] = true
	}
}

// Unused is the set of places the whole log never puts a goroutine at
// (of "syscall", "netpoll", "dead", "global"), for Options.Unused: the layout
// collapses them to a line. It is nil while the log is still growing: a
// place must not collapse and then pop in. Frame does not apply it by
// itself (an open Recording answers like the finished one); a caller with
// the whole run passes it.
func (r *Recording) Unused() map[string]bool {
	if !r.closed {
		return nil
	}
	out := map[string]bool{}
	for _, p := range []string{"syscall", "netpoll", "dead", "global"} {
		if !r.used[p] {
			out[p] = true
		}
	}
	return out
}

// Closed reports whether the log is complete.
func (r *Recording) Closed() bool { return r.closed }

// MainStart is the event where the scene's own program starts (main.main
// begins), -1 if the log has none yet: before it is the runtime's
// start-up, which a scene is not about. It is the one definition of
// "where the scene begins" for players, slides and compare mode.
func (r *Recording) MainStart() int { return MainStart(r.Events) }

// MainStart is the index of the first EvMainStart of events, -1 if none
// (Recording.MainStart).
func MainStart(events []core.Event) int {
	for i := range events {
		if events[i].Kind == core.EvMainStart {
			return i
		}
	}
	return -1
}

// Len is the number of events.
func (r *Recording) Len() int { return len(r.Events) }

// stateAt returns a fresh state after event i (i = -1: before any event).
// It replays at most every-1 events from a checkpoint.
func (r *Recording) stateAt(i int) *state {
	if i >= len(r.Events) {
		i = len(r.Events) - 1
	}
	if i < 0 || len(r.checkpoints) == 0 {
		if len(r.checkpoints) == 0 {
			return newState(r.Procs)
		}
		return r.checkpoints[0].clone()
	}
	j := (i + 1) / r.every
	if j >= len(r.checkpoints) {
		j = len(r.checkpoints) - 1
	}
	s := r.checkpoints[j].clone()
	for k := j * r.every; k <= i; k++ {
		s.apply(&r.Events[k])
	}
	return s
}

// WorldAt returns the World after event i, or before any event for i = -1.
// The World is the caller's to keep or change.
func (r *Recording) WorldAt(i int) *core.World { return r.stateAt(i).w }

// TimeAt is the virtual time after event i (0 before any event).
func (r *Recording) TimeAt(i int) core.Time {
	if i < 0 || len(r.Events) == 0 {
		return 0
	}
	if i >= len(r.Events) {
		i = len(r.Events) - 1
	}
	return r.Events[i].T
}

// spanFold derives each P's run history as events arrive: a span opens
// when a G starts running (or returns from a syscall) on it, turns into a
// syscall span when the G enters a system call, and closes when the G
// stops or the P is taken.
type spanFold struct {
	byG map[int64]openSpan
	byP map[int32]int64 // P → G of its open span
}

type openSpan struct {
	p   int32
	idx int // into Recording.spans[p]
}

func (f *spanFold) init(r *Recording) {
	f.byG, f.byP = map[int64]openSpan{}, map[int32]int64{}
	for p := 0; p < r.Procs; p++ {
		r.ensureSpans(int32(p))
	}
}

func (r *Recording) ensureSpans(p int32) {
	for int(p) >= len(r.spans) {
		r.spans = append(r.spans, nil)
	}
}

func (f *spanFold) closeG(r *Recording, g int64, i int, t core.Time) {
	o, ok := f.byG[g]
	if !ok {
		return
	}
	sp := &r.spans[o.p][o.idx]
	sp.End, sp.EndIdx = t, i
	delete(f.byG, g)
	if f.byP[o.p] == g {
		delete(f.byP, o.p)
	}
}

func (f *spanFold) closeP(r *Recording, p int32, i int, t core.Time) {
	if g, ok := f.byP[p]; ok {
		f.closeG(r, g, i, t)
	}
}

func (f *spanFold) openSpan(r *Recording, p int32, g int64, st GState, i int, t core.Time) {
	if p < 0 {
		return
	}
	f.closeG(r, g, i, t)
	f.closeP(r, p, i, t)
	r.ensureSpans(p)
	r.spans[p] = append(r.spans[p], Span{P: p, G: g, State: st, Start: t, End: t, StartIdx: i, EndIdx: -1})
	f.byG[g] = openSpan{p, len(r.spans[p]) - 1}
	f.byP[p] = g
}

// add folds event i.
func (f *spanFold) add(r *Recording, i int, e *core.Event) {
	switch e.Kind {
	case core.EvGoStart:
		f.openSpan(r, e.P, e.G, StateRunning, i, e.T)
	case core.EvGoSysCall:
		f.openSpan(r, e.P, e.G, StateSyscall, i, e.T)
	case core.EvGoSysExit:
		if e.Why == core.ExitNoP {
			f.closeG(r, e.G, i, e.T)
		} else {
			f.openSpan(r, e.P, e.G, StateRunning, i, e.T)
		}
	case core.EvGoBlock, core.EvGoSched, core.EvGoPreempt, core.EvGoEnd:
		f.closeG(r, e.G, i, e.T)
	case core.EvProcRetake, core.EvProcRelease, core.EvProcDestroy:
		if e.P >= 0 {
			f.closeP(r, e.P, i, e.T)
		}
	case core.EvProcResize:
		for p := int32(e.Arg); int(p) < len(r.spans); p++ {
			f.closeP(r, p, i, e.T)
		}
	}
}

// SpansAt returns, per P, the spans visible after event i within the last
// window of virtual time (window <= 0: everything), oldest first. Spans still
// open at i end at TimeAt(i).
func (r *Recording) SpansAt(i int, window core.Duration) [][]Span {
	now := r.TimeAt(i)
	from := core.Time(0)
	if window > 0 && now > core.Time(window) {
		from = now - core.Time(window)
	}
	out := make([][]Span, len(r.spans))
	for p, list := range r.spans {
		// The last span that started at or before event i.
		hi := sort.Search(len(list), func(k int) bool { return list[k].StartIdx > i })
		lo := hi
		for lo > 0 {
			sp := list[lo-1]
			end := sp.End
			if sp.EndIdx < 0 || sp.EndIdx > i {
				end = now
			}
			if end < from {
				break
			}
			lo--
		}
		if lo == hi {
			continue
		}
		vis := make([]Span, hi-lo)
		copy(vis, list[lo:hi])
		for k := range vis {
			if vis[k].EndIdx < 0 || vis[k].EndIdx > i {
				vis[k].End, vis[k].EndIdx = now, -1
			}
		}
		out[p] = vis
	}
	return out
}

// ---- key events and the cursor ------------------------------------------------

// quietKinds are bookkeeping events: the player does not stop on them when
// stepping by key events, and leaves them out of a step's narration. A fine
// step (one event) still reaches them.
//
//   - GoCreate, GoKick, GoUnblock, GoSched, GoPreempt, Inject, ProcUnidle
//     leave a G (or P) in someone's hands; the event that places it follows
//     at the same instant and is the stop.
//   - ProcIdle, NeedSpinning, ProcStatus follow the event that caused them.
//   - SysmonWake (every 20µs–10ms), SchedTrace and Output are background.
var quietKinds = func() [256]bool {
	var q [256]bool
	for _, k := range []core.EvKind{
		core.EvGoCreate, core.EvGoKick, core.EvGoUnblock, core.EvGoSched, core.EvGoPreempt, core.EvInject,
		core.EvProcUnidle, core.EvProcIdle, core.EvNeedSpinning, core.EvProcStatus,
		core.EvSysmonWake, core.EvSchedTrace, core.EvOutput,
	} {
		q[k] = true
	}
	return q
}()

// silentKinds are left out of a step's combined narration (but still have
// their own sentence when the cursor is on them).
var silentKinds = func() [256]bool {
	var q [256]bool
	for _, k := range []core.EvKind{core.EvSysmonWake, core.EvSchedTrace, core.EvNeedSpinning, core.EvOutput} {
		q[k] = true
	}
	return q
}()

// IsKeyKind reports whether the player stops on events of kind k when
// stepping by key events.
func IsKeyKind(k core.EvKind) bool { return !quietKinds[k] }

// IsStop reports whether the player stops at event i when stepping by key
// events: a key kind, or the event where a caption first applies.
func (r *Recording) IsStop(i int) bool {
	if i < 0 || i >= len(r.Events) {
		return false
	}
	if IsKeyKind(r.Events[i].Kind) {
		return true
	}
	k := sort.Search(len(r.triggers), func(j int) bool { return r.triggers[j].idx >= i })
	return k < len(r.triggers) && r.triggers[k].idx == i
}

// Cursor is a position in a Recording: -1 is before the first event, Len-1
// after the last. It keeps the folded state at its position, so stepping
// forward costs one event and anything else at most a checkpoint's worth.
type Cursor struct {
	rec *Recording
	pos int
	st  *state
}

// NewCursor starts at -1, before any event.
func (r *Recording) NewCursor() *Cursor {
	return &Cursor{rec: r, pos: -1, st: r.stateAt(-1)}
}

// Pos is the index of the last event applied (-1: none).
func (c *Cursor) Pos() int { return c.pos }

// Recording is the recording the cursor moves in.
func (c *Cursor) Recording() *Recording { return c.rec }

// World is the World at the cursor. It belongs to the cursor: read it, don't
// change it, and don't keep it across moves.
func (c *Cursor) World() *core.World { return c.st.w }

// Event is the event at the cursor (nil before the first).
func (c *Cursor) Event() *core.Event {
	if c.pos < 0 {
		return nil
	}
	return &c.rec.Events[c.pos]
}

// Time is the virtual time at the cursor.
func (c *Cursor) Time() core.Time { return c.rec.TimeAt(c.pos) }

// Seek moves to after event i (clamped to -1 … Len-1).
func (c *Cursor) Seek(i int) {
	if i < -1 {
		i = -1
	}
	if i > len(c.rec.Events)-1 {
		i = len(c.rec.Events) - 1
	}
	switch {
	case i == c.pos:
		return
	case i > c.pos && i-c.pos <= c.rec.every:
		for c.pos < i {
			c.pos++
			c.st.apply(&c.rec.Events[c.pos])
		}
	default:
		c.st, c.pos = c.rec.stateAt(i), i
	}
}

// SeekTime moves to the last event at or before virtual time t.
func (c *Cursor) SeekTime(t core.Time) {
	ev := c.rec.Events
	i := sort.Search(len(ev), func(k int) bool { return ev[k].T > t })
	c.Seek(i - 1)
}

// Start moves before the first event.
func (c *Cursor) Start() { c.Seek(-1) }

// End moves after the last event.
func (c *Cursor) End() { c.Seek(len(c.rec.Events) - 1) }

// StepEventForward moves one event forward (the fine step); false at the end.
func (c *Cursor) StepEventForward() bool {
	if c.pos >= len(c.rec.Events)-1 {
		return false
	}
	c.Seek(c.pos + 1)
	return true
}

// StepEventBack moves one event back (the fine step); false at the start.
func (c *Cursor) StepEventBack() bool {
	if c.pos < 0 {
		return false
	}
	c.Seek(c.pos - 1)
	return true
}

// StepForward moves to the next stop (see IsStop); false if there is none.
func (c *Cursor) StepForward() bool {
	for i := c.pos + 1; i < len(c.rec.Events); i++ {
		if c.rec.IsStop(i) {
			c.Seek(i)
			return true
		}
	}
	return false
}

// StepBack moves to the previous stop, or before the first event if there
// is none; false if already there.
func (c *Cursor) StepBack() bool {
	if c.pos < 0 {
		return false
	}
	c.Seek(c.rec.prevStop(c.pos))
	return true
}

// prevStop is the last stop before i, or -1.
func (r *Recording) prevStop(i int) int {
	for j := i - 1; j >= 0; j-- {
		if r.IsStop(j) {
			return j
		}
	}
	return -1
}

// NextOfKind moves to the next event of one of the kinds; false (and no
// move) if there is none.
func (c *Cursor) NextOfKind(kinds ...core.EvKind) bool {
	for i := c.pos + 1; i < len(c.rec.Events); i++ {
		if hasKind(kinds, c.rec.Events[i].Kind) {
			c.Seek(i)
			return true
		}
	}
	return false
}

// PrevOfKind moves to the previous event of one of the kinds; false (and no
// move) if there is none.
func (c *Cursor) PrevOfKind(kinds ...core.EvKind) bool {
	for i := c.pos - 1; i >= 0; i-- {
		if hasKind(kinds, c.rec.Events[i].Kind) {
			c.Seek(i)
			return true
		}
	}
	return false
}

func hasKind(kinds []core.EvKind, k core.EvKind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// The player's jump buttons.
var (
	StealKinds      = []core.EvKind{core.EvSteal}
	HandoffKinds    = []core.EvKind{core.EvProcHandoff, core.EvProcRetake}
	PreemptionKinds = []core.EvKind{core.EvGoPreempt}
)

// NextSteal jumps to the next work steal.
func (c *Cursor) NextSteal() bool { return c.NextOfKind(StealKinds...) }

// NextHandoff jumps to the next P hand-off or retake.
func (c *Cursor) NextHandoff() bool { return c.NextOfKind(HandoffKinds...) }

// NextPreemption jumps to the next preemption.
func (c *Cursor) NextPreemption() bool { return c.NextOfKind(PreemptionKinds...) }

// Frame lays out the picture at the cursor.
func (c *Cursor) Frame(opts Options) Frame { return c.rec.frame(c.pos, c.st, opts) }

// Frame lays out the picture after event i. It folds from a checkpoint; a
// Cursor is cheaper when moving step by step.
func (r *Recording) Frame(i int, opts Options) Frame {
	if i < -1 {
		i = -1
	}
	if i >= len(r.Events) {
		i = len(r.Events) - 1
	}
	return r.frame(i, r.stateAt(i), opts)
}

// frame builds the Frame for position i whose folded state is st.
func (r *Recording) frame(i int, st *state, opts Options) Frame {
	if opts.Window <= 0 {
		opts.Window = DefaultWindow
	}
	h := &History{
		Preempted: st.n.preempted,
		Hand:      st.n.hand,
		Since:     st.n.since,
		Sysmon:    st.n.sysmon,
		Spans:     r.SpansAt(i, opts.Window),
		Names:     r.names.byID,
		Moves:     r.movesAt(i),
	}
	h.Parked = r.parkedBefore(h.Moves, i)
	opts.History = h
	if i >= 0 {
		opts.Highlight = &r.Events[i]
	} else {
		opts.Highlight = nil
	}
	f := Layout(st.w, opts)
	f.Index = i
	f.Narration = r.StepNarrationIn(opts.Lang, i)
	f.Caption = r.CaptionAt(i)
	return f
}
