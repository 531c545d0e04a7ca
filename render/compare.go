package render

import (
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
)

// Side is one of the two runs of compare mode: a Log and the label that
// tells it from the other ("go1.13 · procs=1").
type Side struct {
	Log   Log
	Label string
}

// Compare is the Source that plays two runs of one scene in lock-step:
// one play head in virtual time, each side showing its state at its last
// event at or before the head (view.CompareFrame). The head's stops are
// the times at which either side has an event, so stepping moves to the
// next event time of either side. The first event where the two logs
// differ is marked on the timelines and named in the narration, and the
// controls' scrub bar marks it.
type Compare struct {
	a, b    Side
	ra, rb  *view.Recording
	times   []core.Time
	diff    int // view.FirstDifference of the logs
	diffPos int // the head stop at the first difference (-1: none)
	pos     int // the head: an index into times, -1 before the start

	playing bool
	speed   float64
	acc     float64
	reduced bool

	cache struct {
		ok      bool
		pos     int
		w, h    float32
		reduced bool
		frame   view.Frame
	}
}

// NewCompare returns a Compare of the runs a and b, paused at the start.
func NewCompare(a, b Side) *Compare {
	c := &Compare{a: a, b: b, speed: 1, pos: -1, diffPos: -1}
	c.ra = view.NewRecording(a.Log.Procs, a.Log.Events, a.Log.Captions)
	c.rb = view.NewRecording(b.Log.Procs, b.Log.Events, b.Log.Captions)
	if a.Log.Lines != nil {
		c.ra.SetLineHook(a.Log.Lines)
	}
	if b.Log.Lines != nil {
		c.rb.SetLineHook(b.Log.Lines)
	}
	c.times = view.CompareTimes(a.Log.Events, b.Log.Events)
	c.diff = view.FirstDifference(a.Log.Events, b.Log.Events)
	if c.diff >= 0 {
		t := core.Time(-1)
		if c.diff < len(a.Log.Events) {
			t = a.Log.Events[c.diff].T
		}
		if c.diff < len(b.Log.Events) && (t < 0 || b.Log.Events[c.diff].T < t) {
			t = b.Log.Events[c.diff].T
		}
		c.diffPos = c.StopAt(t)
	}
	return c
}

// Diff is the index of the first event where the logs differ (-1: none).
func (c *Compare) Diff() int { return c.diff }

// Pos is the play head: the index of its stop, -1 before the start.
func (c *Compare) Pos() int { return c.pos }

// Len is the number of stops of the play head.
func (c *Compare) Len() int { return len(c.times) }

// Time is the virtual time of the play head.
func (c *Compare) Time() core.Time {
	if c.pos < 0 || len(c.times) == 0 {
		return 0
	}
	return c.times[c.pos]
}

// StopAt is the last stop at or before virtual time t (-1 if none).
func (c *Compare) StopAt(t core.Time) int {
	i := -1
	for k, x := range c.times {
		if x > t {
			break
		}
		i = k
	}
	return i
}

// Seek moves the play head to stop i (clamped).
func (c *Compare) Seek(i int) { c.pos = max(-1, min(i, len(c.times)-1)) }

// SetPlaying starts or stops the playback.
func (c *Compare) SetPlaying(on bool) { c.playing = on && c.pos < len(c.times)-1 }

// SetSpeed sets the playback speed (1 is normal).
func (c *Compare) SetSpeed(s float64) {
	if s > 0 {
		c.speed = s
	}
}

// Update applies the commands, then plays.
func (c *Compare) Update(in *Input) error {
	for _, cmd := range in.Commands {
		c.command(cmd)
	}
	if c.playing {
		c.acc += in.Dt * c.speed * StopsPerSecond
		for c.acc >= 1 && c.playing {
			c.acc--
			c.Seek(c.pos + 1)
			if c.pos >= len(c.times)-1 {
				c.playing = false
			}
		}
	}
	return nil
}

func (c *Compare) command(cmd Command) {
	switch cmd.Kind {
	case CmdTogglePlay:
		if !c.playing && c.pos >= len(c.times)-1 {
			c.Seek(-1)
		}
		c.SetPlaying(!c.playing)
		c.acc = 1
	case CmdPlay:
		c.SetPlaying(true)
	case CmdPause:
		c.playing = false
	case CmdStep, CmdStepEvent:
		c.playing = false
		c.Seek(c.pos + 1)
	case CmdBack, CmdBackEvent:
		c.playing = false
		c.Seek(c.pos - 1)
	case CmdHome:
		c.Seek(-1)
	case CmdEnd:
		c.playing = false
		c.Seek(len(c.times) - 1)
	case CmdSeek:
		c.Seek(cmd.At)
	case CmdFaster:
		c.speed = NextSpeed(c.speed, 1)
	case CmdSlower:
		c.speed = NextSpeed(c.speed, -1)
	case CmdSpeed:
		c.SetSpeed(cmd.Speed)
	case CmdNextSteal, CmdNextHandoff, CmdNextPreempt:
		// The jump buttons go to the first difference: the one event
		// compare mode is about.
		c.playing = false
		if c.diffPos > c.pos {
			c.Seek(c.diffPos)
		}
	case CmdRestart:
		c.Seek(-1)
		c.SetPlaying(true)
		c.acc = 1
	case CmdReducedMotion:
		c.reduced = !c.reduced
	}
}

// Frame is the two runs at the play head (view.CompareFrame).
func (c *Compare) Frame(width, height float32) view.Frame {
	k := &c.cache
	if !k.ok || k.pos != c.pos || k.w != width || k.h != height || k.reduced != c.reduced {
		k.frame = view.CompareFrame(c.ra, c.rb, c.Time(), view.CompareOptions{
			Options: view.Options{Width: width, Height: height, Reduced: c.reduced},
			LabelA:  c.a.Label, LabelB: c.b.Label, Diff: c.diff, Started: c.pos >= 0,
		})
		k.frame.Index = c.pos
		k.ok, k.pos, k.w, k.h, k.reduced = true, c.pos, width, height, c.reduced
	}
	return k.frame
}

// Status reports the playback; the first difference is its one Mark.
func (c *Compare) Status() Status {
	st := Status{
		Playing: c.playing, Cursor: c.pos, Len: len(c.times), Time: c.Time(), Speed: c.speed,
		Procs: c.a.Log.Procs, Seed: c.a.Log.Seed, ReducedMotion: c.reduced,
		Captions: true, HasCaptions: len(c.a.Log.Captions) > 0,
	}
	if c.diffPos >= 0 {
		st.Marks = []Mark{{At: c.diffPos, Kind: MarkDiff}}
	}
	return st
}
