package play

import (
	"errors"
	"slices"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
)

// Log is the event log of one simulated run of a scene, as the player
// replays it. The caller simulates (script + core); a player only replays.
type Log struct {
	Events   []core.Event
	Procs    int
	Seed     uint64
	Captions []view.Caption
	Lines    view.Lines // where the scene's code is at each event, for line captions (may be nil)
	// Grow, if set, says that Events is only the beginning of a run that
	// is still being simulated; the Player calls it to simulate further
	// (see Grow). A Player draws its first frame before the rest of the
	// run is simulated and grows the log a little every tick after that,
	// and at once as far as a command needs (a seek, the end, the next
	// steal); the scrub bar grows with it.
	Grow Grow
}

// Grow simulates a run further by at least n events (n <= 0: to its end)
// and returns the whole log so far, of which the log before the call is
// the beginning, and whether the run has ended. The caller simulates
// (internal/playerlog's Stepper); a player only asks.
type Grow func(n int) (events []core.Event, done bool, err error)

// Rerun simulates the scene again with other settings.
type Rerun func(procs int, seed uint64) (Log, error)

// Pace of the playback at speed 1: stops (key events, see view's
// Cursor.StepForward) per second, and the longest slide of a token.
const (
	StopsPerSecond = 2.0
	maxTween       = 0.4 // seconds
)

// A growing log is simulated growChunk events at a time, for at most
// growBudget of each tick after the first frame.
const (
	growChunk  = 64
	growBudget = 6 * time.Millisecond
)

// Player is the Source that plays one Log with render/view: a Recording,
// a Cursor over it, the Layout of the World at the cursor, and Tweens
// between consecutive stops.
//
// Playing moves from stop to stop; → and ← do the same, Shift+→ and
// Shift+← move one event (every event is reachable); the jump buttons land
// on the exact event. With reduced motion the tokens jump and the changed
// places are outlined (view.Options.Reduced).
type Player struct {
	run   Log
	rerun Rerun
	rec   *view.Recording
	cur   *view.Cursor
	marks []Mark
	gen   int // bumped when the run changes, so cached frames are dropped

	playback
	reduced  bool
	captions bool
	dark     bool      // lay frames out in view.DarkTheme (SetDark)
	slide    bool      // lay frames out for a slide stage (SetSlide)
	lang     view.Lang // the language of the narration and the controls (SetLang)
	problem  string    // the narration's place says why the last re-run (or simulating further) failed
	note     string    // the narration's place says that the last jump found nothing, until the next command
	shown    bool      // a frame has been asked for: the log may grow
	// growMax, if not zero, bounds the chunks simulated in a tick besides
	// growBudget, so that a test is not at the mercy of the wall clock
	// (under WebAssembly in Node a chunk may take longer than the budget).
	growMax int
	// asOpen lays frames out as if the run were still being simulated
	// (every place drawn), for tests that compare a growing player with a
	// player of the whole run.
	asOpen bool
	// opening caches Opening: -2 until known; -1 for a run without a
	// MainStart (then the story starts with the run).
	opening int
	// output is what the program has printed, event by event.
	output *view.OutputIndex

	// The frame at the cursor, cached for the size it was laid out at.
	cache struct {
		ok           bool
		pos, gen     int
		w, h         float32
		reduced      bool
		lang         view.Lang
		closed       bool // laid out with the whole run's unused places
		frame        view.Frame
		lastW, lastH float32
	}
	// The slide from the previous stop's frame.
	from     view.Frame
	tweenT   float64 // 0…1
	tweenDur float64 // seconds
	tweening bool
}

// NewPlayer returns a Player of the log run, paused before the first event. rerun
// may be nil; then the GOMAXPROCS and seed controls are not shown.
func NewPlayer(run Log, rerun Rerun) *Player {
	p := &Player{rerun: rerun, playback: newPlayback(), captions: true}
	p.load(run)
	return p
}

func (p *Player) load(run Log) {
	p.run = run
	p.rec = view.NewOpenRecording(run.Procs, run.Captions, view.DefaultCheckpointEvery)
	if run.Lines != nil {
		p.rec.SetLines(run.Lines)
	}
	p.rec.Extend(run.Events)
	if run.Grow == nil {
		p.rec.Close()
	}
	p.cur = p.rec.NewCursor()
	p.opening = -2
	p.output = view.NewOutputIndex(run.Events)
	p.gen++
	p.tweening = false
	p.marks = addMarks(p.marks[:0], run.Events, 0)
}

// addMarks appends the marks of events[from:].
func addMarks(marks []Mark, events []core.Event, from int) []Mark {
	for i := from; i < len(events); i++ {
		switch k := events[i].Kind; {
		case slices.Contains(view.StealKinds, k):
			marks = append(marks, Mark{At: i, Kind: MarkSteal})
		case slices.Contains(view.HandoffKinds, k):
			marks = append(marks, Mark{At: i, Kind: MarkHandoff})
		case slices.Contains(view.PreemptionKinds, k):
			marks = append(marks, Mark{At: i, Kind: MarkPreempt})
		}
	}
	return marks
}

// growing reports whether the log is still being simulated.
func (p *Player) growing() bool { return p.run.Grow != nil }

// more simulates the log further by n events. It returns false when the
// log cannot grow: it is complete, or simulating failed (p.problem says
// why).
func (p *Player) more(n int) bool {
	if p.run.Grow == nil {
		return false
	}
	old := p.rec.Len()
	events, done, err := p.run.Grow(n)
	if err != nil {
		p.problem = view.Say(p.lang, "player.growfailed", err.Error())
		events, done = p.run.Events, true
	} else if len(events) < old {
		p.problem = view.Say(p.lang, "player.growshorter")
		events, done = p.run.Events, true
	}
	p.run.Events = events
	p.rec.Extend(events)
	p.output.Add(events)
	p.marks = addMarks(p.marks, events, old)
	if done {
		p.run.Grow = nil
		p.rec.Close()
	}
	// The narration of the last event names the next one when it knows it.
	if p.cur.Pos() >= old-1 {
		p.gen++
	}
	return len(events) > old || !done
}

// growTo simulates until event i exists or the run has ended.
func (p *Player) growTo(i int) {
	for i > p.rec.Len()-1 && p.more(growChunk) {
	}
}

// growUntil simulates chunk by chunk until found reports true or the run
// has ended; it returns found's last answer.
func (p *Player) growUntil(found func() bool) bool {
	for {
		if found() {
			return true
		}
		if !p.more(growChunk) {
			return false
		}
	}
}

// Whole is the run being played, simulated to its end first when it is
// still growing: what a host exports (the browser player's Chrome trace).
// A run whose simulation failed part-way is the part that was simulated.
func (p *Player) Whole() Log {
	for p.more(growChunk * 16) {
	}
	run := p.run
	run.Grow = nil
	return run
}

// Opening is the scene's first own step, where a player opens unless told
// otherwise: the event "main.main begins" (core.EvMainStart). The events
// before it are the runtime's start-up, which Home and stepping back still
// reach. A run still being simulated is simulated as far as that event.
// -1 when the run has no such event (it is then its own story from the
// first event).
func (p *Player) Opening() int {
	if p.opening == -2 {
		found := p.growUntil(func() bool { return p.rec.MainStart() >= 0 })
		p.opening = -1
		if found {
			p.opening = p.rec.MainStart()
		}
	}
	return p.opening
}

// SeekOpening moves the cursor to the opening step (Opening).
func (p *Player) SeekOpening() { p.Seek(p.Opening()) }

// Output is what the program has printed once the event at the cursor
// has happened, with its exit status and the runtime's last words once it
// has ended.
func (p *Player) Output() view.Output { return p.output.At(p.cur.Pos()) }

// jump is a jump button's cursor move: from the start-up it searches from
// the opening step, so that a jump lands on the scene's own steal or
// hand-off rather than on one of the runtime's start-up. Without a target
// the cursor stays where it was.
func (p *Player) jump(next func() bool) func() bool {
	return func() bool {
		before := p.cur.Pos()
		if o := p.Opening(); o >= 0 && before < o {
			p.cur.Seek(o)
		}
		if p.growUntil(next) {
			return true
		}
		p.cur.Seek(before)
		return false
	}
}

// jumpOr jumps with next, or says that there is nothing of kind to jump
// to (ux m2: a jump button that finds nothing must say so).
func (p *Player) jumpOr(next func() bool, kind MarkKind) {
	if p.move(true, p.jump(next)) {
		return
	}
	if slices.ContainsFunc(p.marks, func(m Mark) bool { return m.Kind == kind && m.At > p.Opening() }) {
		p.note = view.Say(p.lang, "player.nomore."+kind.String())
	} else {
		p.note = view.Say(p.lang, "player.none."+kind.String())
	}
}

// Recording is the recording being played.
func (p *Player) Recording() *view.Recording { return p.rec }

// Pos is the cursor: the index of the last event applied, -1 before the
// first.
func (p *Player) Pos() int { return p.cur.Pos() }

// Seek moves the cursor to after event i, without a slide.
func (p *Player) Seek(i int) {
	p.growTo(i)
	p.cur.Seek(i)
	p.tweening = false
}

// SetPlaying starts or stops the playback.
func (p *Player) SetPlaying(on bool) { p.setPlaying(on, p) }

// SetSpeed sets the playback speed (1 is normal).
func (p *Player) SetSpeed(s float64) { p.setSpeed(s) }

// atEnd reports whether the cursor is after the last event of the whole
// run.
func (p *Player) atEnd() bool { return p.cur.Pos() >= p.rec.Len()-1 && !p.growing() }

// advance plays one stop forward.
func (p *Player) advance(first bool) bool { return p.stepForward(first) }

// Update applies the commands, then plays, then simulates a little more
// of a growing log.
func (p *Player) Update(in *Input) error {
	for _, c := range in.Commands {
		p.command(c)
	}
	p.tick(in.Dt, p)
	if p.tweening {
		p.tweenT += in.Dt / p.tweenDur
		if p.tweenT >= 1 {
			p.tweening = false
		}
	}
	// A growing log grows after the first frame, a slice per tick.
	if p.shown && p.growing() {
		start := time.Now()
		for n := 1; p.more(growChunk) && time.Since(start) < growBudget && (p.growMax == 0 || n < p.growMax); n++ {
		}
	}
	return nil
}

// stepForward moves to the next stop, sliding from the current picture if
// slide and motion is on.
func (p *Player) stepForward(slide bool) bool {
	return p.move(slide, p.grown(p.cur.StepForward))
}

// grown is a cursor move that simulates further while it finds nothing.
func (p *Player) grown(move func() bool) func() bool {
	return func() bool { return p.growUntil(move) }
}

// move runs a cursor move, and starts a slide from the picture before it.
func (p *Player) move(slide bool, f func() bool) bool {
	var from view.Frame
	canSlide := slide && !p.reduced && p.cache.lastW > 0
	if canSlide {
		from = p.frameAt(p.cache.lastW, p.cache.lastH)
	}
	before := p.cur.Pos()
	ok := f()
	if !ok || p.cur.Pos() == before {
		return ok
	}
	p.tweening = false
	if canSlide {
		p.from = from
		p.tweenT = 0
		p.tweenDur = maxTween
		if rate := p.speed * StopsPerSecond; p.playing && rate > 0 {
			p.tweenDur = min(maxTween, 0.8/rate)
		}
		p.tweening = p.tweenDur >= 0.05
	}
	return ok
}

func (p *Player) command(c Command) {
	p.note = ""
	if p.playback.command(c, p) {
		return
	}
	switch c.Kind {
	case CmdStep:
		p.playing = false
		p.stepForward(true)
	case CmdBack:
		p.playing = false
		p.move(true, p.cur.StepBack)
	case CmdStepEvent:
		p.playing = false
		p.move(true, p.grown(p.cur.StepEventForward))
	case CmdBackEvent:
		p.playing = false
		p.move(true, p.cur.StepEventBack)
	case CmdNextSteal:
		p.playing = false
		p.jumpOr(p.cur.NextSteal, MarkSteal)
	case CmdNextHandoff:
		p.playing = false
		p.jumpOr(p.cur.NextHandoff, MarkHandoff)
	case CmdNextPreempt:
		p.playing = false
		p.jumpOr(p.cur.NextPreemption, MarkPreempt)
	case CmdProcs, CmdSeed:
		if p.rerun == nil {
			return
		}
		procs, seed := p.run.Procs, p.run.Seed
		if c.Kind == CmdProcs {
			procs = max(1, c.Procs)
		} else {
			seed = c.Seed
		}
		run, err := p.rerun(procs, seed)
		if err != nil {
			p.problem = view.Say(p.lang, "player.rerunfailed", err.Error())
			return
		}
		p.problem = ""
		// The new run is shown at the same virtual time: the difference
		// between the two is what a learner looks for.
		t := p.cur.Time()
		at := p.cur.Pos()
		p.load(run)
		if at >= 0 {
			p.growUntil(func() bool { n := p.rec.Len(); return n > 0 && p.rec.Events[n-1].T > t })
			p.cur.SeekTime(t)
		}
	case CmdReducedMotion:
		p.reduced = !p.reduced
		p.tweening = false
	case CmdCaptions:
		p.captions = !p.captions
	case CmdDark:
		p.dark = c.At != 0
	}
}

// SetDark picks the picture's palette: view.DarkTheme when the page, the
// desktop look or the slide around the player is dark, view.LightTheme
// otherwise (the default). The embedder sets it from its own theme and
// again whenever that changes; the next frame uses it.
func (p *Player) SetDark(dark bool) { p.dark = dark }

// Dark reports the palette SetDark picked.
func (p *Player) Dark() bool { return p.dark }

// SetSlide says the player is on a slide stage (presentation mode, a
// projected deck): frames get view.SlideTextFloor and larger tokens.
func (p *Player) SetSlide(slide bool) { p.slide = slide }

// SetLang picks the language of the narration, the picture's labels and
// the controls (English by default); the next frame uses it.
func (p *Player) SetLang(l view.Lang) { p.lang = l }

// Lang reports the language SetLang picked.
func (p *Player) Lang() view.Lang { return p.lang }

// frameAt is the laid-out frame at the cursor for a width×height canvas,
// cached until the cursor, the size or the motion setting changes.
func (p *Player) frameAt(width, height float32) view.Frame {
	c := &p.cache
	closed := p.rec.Closed() && !p.asOpen
	unused := map[string]bool(nil)
	if closed {
		unused = p.rec.Unused()
	}
	if !c.ok || c.pos != p.cur.Pos() || c.gen != p.gen || c.w != width || c.h != height || c.reduced != p.reduced ||
		c.frame.Dark != p.dark || c.frame.Slide != p.slide || c.lang != p.lang || c.closed != closed {
		// The places the whole run never uses are collapsed, as in the
		// poster, once the run is known to its end; before that every
		// place is drawn, so that none pops in when it is first used.
		c.frame = p.cur.Frame(view.Options{Width: width, Height: height, Reduced: p.reduced, Dark: p.dark, Slide: p.slide,
			Lang: p.lang, Unused: unused})
		c.ok, c.pos, c.gen, c.w, c.h, c.reduced, c.lang, c.closed = true, p.cur.Pos(), p.gen, width, height, p.reduced, p.lang, closed
	}
	return c.frame
}

// Frame is the picture at the cursor, or part of the slide to it.
func (p *Player) Frame(width, height float32) view.Frame {
	p.shown = true
	p.cache.lastW, p.cache.lastH = width, height
	f := p.frameAt(width, height)
	if p.tweening && p.from.W == width && p.from.H == height {
		f = view.Tween(p.from, f, p.tweenT)
	}
	if p.note != "" {
		f.Narration = p.note
	}
	if p.problem != "" {
		f.Narration = p.problem
	}
	return f
}

// Status reports the playback.
func (p *Player) Status() Status {
	st := Status{
		Playing: p.playing, Cursor: p.cur.Pos(), Len: p.rec.Len(), Time: p.cur.Time(),
		Speed: p.speed, Procs: p.run.Procs, Seed: p.run.Seed, CanRerun: p.rerun != nil,
		ReducedMotion: p.reduced, Dark: p.dark, Lang: p.lang, Captions: p.captions, HasCaptions: len(p.run.Captions) > 0, Marks: p.marks,
	}
	if p.run.Lines != nil {
		// The line of the last scene goroutine that did something.
		for i := st.Cursor; i >= 0 && i > st.Cursor-64; i-- {
			if e := &p.run.Events[i]; e.G != 0 {
				if l := p.run.Lines.LineOf(e.G, i); l > 0 {
					st.Line = l
					break
				}
			}
		}
	}
	return st
}

// Loading is the Source a page shows while it checks and compiles a scene,
// when it knows the scene's GOMAXPROCS, seed and whether it has captions
// without that: the first frame of a Player whose run has not been
// simulated yet — the world before the first event, and the controls as
// they will be — drawn by such a Player. The Update after its first frame
// calls load and hands over to the Source it returns, with the speed and
// play state set meanwhile and the commands given meanwhile; load's error
// ends the game (Update returns it).
type Loading struct {
	first   *Player // draws the first frame; its run never grows
	load    func() (Source, error)
	src     Source
	queued  []Command
	drawn   bool
	speed   float64 // set before the hand-over (0: not set)
	playing bool
	seek    int       // a Seek before the hand-over, plus one (0: none)
	open    bool      // a SeekOpening before the hand-over (and no Seek after it)
	dark    bool      // SetDark, passed on at the hand-over
	lang    view.Lang // SetLang, passed on at the hand-over
	slide   bool      // SetSlide, passed on at the hand-over
}

// Styled is a Source whose picture can be drawn dark or for a slide
// stage (Player, Loading): what a Cue's Dark and Slide set.
type Styled interface {
	SetDark(bool)
	SetSlide(bool)
}

// SetDark draws the first frame dark, and the loaded Source once it is there.
func (l *Loading) SetDark(dark bool) {
	l.dark = dark
	l.first.SetDark(dark)
	if s, ok := l.src.(Styled); ok {
		s.SetDark(dark)
	}
}

// SetSlide lays the first frame out for a slide stage, and the loaded Source once it is there.
func (l *Loading) SetSlide(slide bool) {
	l.slide = slide
	l.first.SetSlide(slide)
	if s, ok := l.src.(Styled); ok {
		s.SetSlide(slide)
	}
}

// SetLang makes the first frame speak l, and the loaded Source once it is there.
func (l *Loading) SetLang(lang view.Lang) {
	l.lang = lang
	l.first.SetLang(lang)
	if s, ok := l.src.(Speaker); ok {
		s.SetLang(lang)
	}
}

// NewLoading returns a Loading for a run with procs Ps and seed; captions
// says whether the scene has captions (the chrome keeps a line for them).
func NewLoading(procs int, seed uint64, captions bool, load func() (Source, error)) *Loading {
	var caps []view.Caption
	if captions {
		caps = []view.Caption{{}}
	}
	notYet := func(int) ([]core.Event, bool, error) { return nil, true, errLoading }
	rerun := func(int, uint64) (Log, error) { return Log{}, errLoading }
	first := NewPlayer(Log{Procs: procs, Seed: seed, Captions: caps, Grow: notYet}, rerun)
	return &Loading{first: first, load: load}
}

var errLoading = errors.New("the scene is still loading")

// Update hands over to the loaded Source once a frame has been drawn.
func (l *Loading) Update(in *Input) error {
	if l.src != nil {
		return l.src.Update(in)
	}
	l.queued = append(l.queued, in.Commands...)
	if !l.drawn {
		return nil
	}
	src, err := l.load()
	if err != nil {
		return err
	}
	l.src = src
	if s, ok := src.(Styled); ok {
		s.SetDark(l.dark)
		s.SetSlide(l.slide)
	}
	if s, ok := src.(Speaker); ok {
		s.SetLang(l.lang)
	}
	if p, ok := src.(Controllable); ok {
		if o, ok := src.(Opener); ok && l.open {
			o.SeekOpening()
		} else if l.seek != 0 {
			p.Seek(l.seek - 1)
		}
		if l.speed > 0 {
			p.SetSpeed(l.speed)
		}
		p.SetPlaying(l.playing)
	}
	next := *in
	next.Commands, l.queued = l.queued, nil
	return src.Update(&next)
}

// Frame is the loaded Source's frame, or the first frame.
func (l *Loading) Frame(width, height float32) view.Frame {
	if l.src != nil {
		return l.src.Frame(width, height)
	}
	l.drawn = true
	return l.first.Frame(width, height)
}

// Status is the loaded Source's status, or the first frame's.
func (l *Loading) Status() Status {
	if l.src != nil {
		return l.src.Status()
	}
	return l.first.Status()
}

// Seek moves the cursor to after event i once loaded (the first frame is
// before the first event).
func (l *Loading) Seek(i int) {
	if p, ok := l.src.(interface{ Seek(int) }); ok {
		p.Seek(i)
		return
	}
	l.seek = max(i, -1) + 1
	l.open = false
}

// SeekOpening moves the cursor to the loaded Source's opening step (see
// Player.Opening), now or once loaded; a Source without one stays before
// the first event.
func (l *Loading) SeekOpening() {
	if o, ok := l.src.(Opener); ok {
		o.SeekOpening()
		return
	}
	if l.src == nil {
		l.seek, l.open = 0, true
	}
}

// Output is the loaded Player's output (nothing before the hand-over).
func (l *Loading) Output() view.Output {
	if o, ok := l.src.(interface{ Output() view.Output }); ok {
		return o.Output()
	}
	return view.Output{}
}

// SetSpeed sets the playback speed, now or once loaded.
func (l *Loading) SetSpeed(s float64) {
	if p, ok := l.src.(interface{ SetSpeed(float64) }); ok {
		p.SetSpeed(s)
		return
	}
	if s > 0 {
		l.speed = s
		l.first.SetSpeed(s)
	}
}

// SetPlaying starts or stops the playback, now or once loaded.
func (l *Loading) SetPlaying(on bool) {
	if p, ok := l.src.(interface{ SetPlaying(bool) }); ok {
		p.SetPlaying(on)
		return
	}
	l.playing = on
	l.first.SetPlaying(on)
}

// Loaded is the loaded Source (nil before the hand-over).
func (l *Loading) Loaded() Source { return l.src }

var (
	_ Controllable = (*Player)(nil)
	_ Controllable = (*Compare)(nil)
	_ Controllable = (*Loading)(nil)
	_ Opener       = (*Player)(nil)
	_ Opener       = (*Loading)(nil)
)
