package render

import (
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
)

// Log is the event log of one simulated run of a scene, as the player
// replays it. The caller simulates (script + core); render only replays.
type Log struct {
	Events   []core.Event
	Procs    int
	Seed     uint64
	Captions []view.Caption
	Lines    view.LineFunc // the source line of a G at an event, for line captions (may be nil)
}

// Rerun simulates the scene again with other settings.
type Rerun func(procs int, seed uint64) (Log, error)

// Pace of the playback at speed 1: stops (key events, see view's
// Cursor.StepForward) per second, and the longest slide of a token.
const (
	StopsPerSecond = 2.0
	maxTween       = 0.4 // seconds
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

	playing  bool
	speed    float64
	acc      float64
	reduced  bool
	captions bool
	problem  string // why the last re-run failed

	// The frame at the cursor, cached for the size it was laid out at.
	cache struct {
		ok           bool
		pos, gen     int
		w, h         float32
		reduced      bool
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
	p := &Player{rerun: rerun, speed: 1, captions: true}
	p.load(run)
	return p
}

func (p *Player) load(run Log) {
	p.run = run
	p.rec = view.NewRecording(run.Procs, run.Events, run.Captions)
	if run.Lines != nil {
		p.rec.SetLineHook(run.Lines)
	}
	p.cur = p.rec.NewCursor()
	p.gen++
	p.tweening = false
	p.marks = p.marks[:0]
	for i := range run.Events {
		switch k := run.Events[i].Kind; {
		case hasKind(view.StealKinds, k):
			p.marks = append(p.marks, Mark{At: i, Kind: MarkSteal})
		case hasKind(view.HandoffKinds, k):
			p.marks = append(p.marks, Mark{At: i, Kind: MarkHandoff})
		case hasKind(view.PreemptionKinds, k):
			p.marks = append(p.marks, Mark{At: i, Kind: MarkPreempt})
		}
	}
}

func hasKind(kinds []core.EvKind, k core.EvKind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// Recording is the recording being played.
func (p *Player) Recording() *view.Recording { return p.rec }

// Pos is the cursor: the index of the last event applied, -1 before the
// first.
func (p *Player) Pos() int { return p.cur.Pos() }

// Seek moves the cursor to after event i, without a slide.
func (p *Player) Seek(i int) {
	p.cur.Seek(i)
	p.tweening = false
}

// SetPlaying starts or stops the playback.
func (p *Player) SetPlaying(on bool) { p.playing = on && p.cur.Pos() < p.rec.Len()-1 }

// SetSpeed sets the playback speed (1 is normal).
func (p *Player) SetSpeed(s float64) {
	if s > 0 {
		p.speed = s
	}
}

// Update applies the commands, then plays.
func (p *Player) Update(in *Input) error {
	for _, c := range in.Commands {
		p.command(c)
	}
	if p.playing {
		p.acc += in.Dt * p.speed * StopsPerSecond
		steps := 0
		for p.acc >= 1 && p.playing {
			p.acc--
			if p.stepForward(steps == 0) {
				steps++
			} else {
				p.playing = false
			}
		}
		if p.cur.Pos() >= p.rec.Len()-1 {
			p.playing = false
		}
	}
	if p.tweening {
		p.tweenT += in.Dt / p.tweenDur
		if p.tweenT >= 1 {
			p.tweening = false
		}
	}
	return nil
}

// stepForward moves to the next stop, sliding from the current picture if
// slide and motion is on.
func (p *Player) stepForward(slide bool) bool {
	return p.move(slide, p.cur.StepForward)
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
	switch c.Kind {
	case CmdTogglePlay:
		if !p.playing && p.cur.Pos() >= p.rec.Len()-1 {
			p.Seek(-1)
		}
		p.SetPlaying(!p.playing)
		p.acc = 1 // the first step comes at once
	case CmdPlay:
		p.SetPlaying(true)
	case CmdPause:
		p.playing = false
	case CmdStep:
		p.playing = false
		p.move(true, p.cur.StepForward)
	case CmdBack:
		p.playing = false
		p.move(true, p.cur.StepBack)
	case CmdStepEvent:
		p.playing = false
		p.move(true, p.cur.StepEventForward)
	case CmdBackEvent:
		p.playing = false
		p.move(true, p.cur.StepEventBack)
	case CmdHome:
		p.Seek(-1)
	case CmdEnd:
		p.playing = false
		p.Seek(p.rec.Len() - 1)
	case CmdSeek:
		p.Seek(c.At)
	case CmdFaster:
		p.speed = NextSpeed(p.speed, 1)
	case CmdSlower:
		p.speed = NextSpeed(p.speed, -1)
	case CmdSpeed:
		p.SetSpeed(c.Speed)
	case CmdNextSteal:
		p.playing = false
		p.move(true, p.cur.NextSteal)
	case CmdNextHandoff:
		p.playing = false
		p.move(true, p.cur.NextHandoff)
	case CmdNextPreempt:
		p.playing = false
		p.move(true, p.cur.NextPreemption)
	case CmdRestart:
		p.Seek(-1)
		p.SetPlaying(true)
		p.acc = 1
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
			p.problem = err.Error()
			return
		}
		p.problem = ""
		// The new run is shown at the same virtual time: the difference
		// between the two is what a learner looks for.
		t := p.cur.Time()
		at := p.cur.Pos()
		p.load(run)
		if at >= 0 {
			p.cur.SeekTime(t)
		}
	case CmdReducedMotion:
		p.reduced = !p.reduced
		p.tweening = false
	case CmdCaptions:
		p.captions = !p.captions
	}
}

// frameAt is the laid-out frame at the cursor for a width×height canvas,
// cached until the cursor, the size or the motion setting changes.
func (p *Player) frameAt(width, height float32) view.Frame {
	c := &p.cache
	if !c.ok || c.pos != p.cur.Pos() || c.gen != p.gen || c.w != width || c.h != height || c.reduced != p.reduced {
		c.frame = p.cur.Frame(view.Options{Width: width, Height: height, Reduced: p.reduced})
		c.ok, c.pos, c.gen, c.w, c.h, c.reduced = true, p.cur.Pos(), p.gen, width, height, p.reduced
	}
	return c.frame
}

// Frame is the picture at the cursor, or part of the slide to it.
func (p *Player) Frame(width, height float32) view.Frame {
	p.cache.lastW, p.cache.lastH = width, height
	f := p.frameAt(width, height)
	if p.tweening && p.from.W == width && p.from.H == height {
		f = view.Tween(p.from, f, p.tweenT)
	}
	if p.problem != "" {
		f.Narration = "Could not run the scene again: " + p.problem
	}
	return f
}

// Status reports the playback.
func (p *Player) Status() Status {
	st := Status{
		Playing: p.playing, Cursor: p.cur.Pos(), Len: p.rec.Len(), Time: p.cur.Time(),
		Speed: p.speed, Procs: p.run.Procs, Seed: p.run.Seed, CanRerun: p.rerun != nil,
		ReducedMotion: p.reduced, Captions: p.captions, HasCaptions: len(p.run.Captions) > 0, Marks: p.marks,
	}
	if p.run.Lines != nil {
		// The line of the last scene goroutine that did something.
		for i := st.Cursor; i >= 0 && i > st.Cursor-64; i-- {
			if e := &p.run.Events[i]; e.G != 0 {
				if l := p.run.Lines(e.G, i); l > 0 {
					st.Line = l
					break
				}
			}
		}
	}
	return st
}
