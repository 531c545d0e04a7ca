package play

import (
	"sort"

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
// next event time of either side. The first decision in which the two
// runs differ (view.FirstDifference) is marked on the timelines and named
// in the narration; the scrub bar marks it and every steal, hand-off and
// preemption of either side, and the jump buttons go to the next of those
// after the head.
type Compare struct {
	a, b   Side
	ra, rb *view.Recording
	times  []core.Time
	diff   view.Difference // of the logs
	marks  []Mark          // the first difference and both sides' steals, hand-offs and preemptions, by stop
	pos    int             // the head: an index into times, -1 before the start

	playback
	reduced bool
	lang    view.Lang // the language of the narration and the controls (SetLang)

	cache struct {
		ok      bool
		pos     int
		w, h    float32
		reduced bool
		lang    view.Lang
		frame   view.Frame
	}
}

// SetLang picks the language of the narration and the controls.
func (c *Compare) SetLang(l view.Lang) { c.lang = l }

// NewCompare returns a Compare of the runs a and b, paused at the start.
func NewCompare(a, b Side) *Compare {
	c := &Compare{a: a, b: b, playback: newPlayback(), pos: -1}
	c.ra = view.NewRecording(a.Log.Procs, a.Log.Events, a.Log.Captions)
	c.rb = view.NewRecording(b.Log.Procs, b.Log.Events, b.Log.Captions)
	if a.Log.Lines != nil {
		c.ra.SetLines(a.Log.Lines)
	}
	if b.Log.Lines != nil {
		c.rb.SetLines(b.Log.Lines)
	}
	c.times = view.CompareTimes(a.Log.Events, b.Log.Events)
	c.diff = view.FirstDifference(a.Log.Events, b.Log.Events)
	if t := view.DifferenceTime(a.Log.Events, b.Log.Events, c.diff); t >= 0 {
		c.marks = append(c.marks, Mark{At: c.StopAt(t), Kind: MarkDiff})
	}
	// Each side's marks, at the stop of their time.
	seen := map[Mark]bool{}
	for _, side := range []Log{a.Log, b.Log} {
		for _, m := range addMarks(nil, side.Events, 0) {
			m.At = c.StopAt(side.Events[m.At].T)
			if !seen[m] {
				seen[m] = true
				c.marks = append(c.marks, m)
			}
		}
	}
	sort.SliceStable(c.marks, func(i, j int) bool { return c.marks[i].At < c.marks[j].At })
	return c
}

// Sides are the two runs compared: the scene as asked for, and the run
// with the other Go version or GOMAXPROCS.
func (c *Compare) Sides() (a, b Side) { return c.a, c.b }

// Diff is where the logs first differ, an index into each.
func (c *Compare) Diff() view.Difference { return c.diff }

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
	return sort.Search(len(c.times), func(k int) bool { return c.times[k] > t }) - 1
}

// Seek moves the play head to stop i (clamped).
func (c *Compare) Seek(i int) { c.pos = max(-1, min(i, len(c.times)-1)) }

// SetPlaying starts or stops the playback.
func (c *Compare) SetPlaying(on bool) { c.setPlaying(on, c) }

// SetSpeed sets the playback speed (1 is normal).
func (c *Compare) SetSpeed(s float64) { c.setSpeed(s) }

func (c *Compare) atEnd() bool { return c.pos >= len(c.times)-1 }

func (c *Compare) advance(bool) bool {
	if c.atEnd() {
		return false
	}
	c.Seek(c.pos + 1)
	return true
}

// Update applies the commands, then plays.
func (c *Compare) Update(in *Input) error {
	for _, cmd := range in.Commands {
		c.command(cmd)
	}
	c.tick(in.Dt, c)
	return nil
}

func (c *Compare) command(cmd Command) {
	if c.playback.command(cmd, c) {
		return
	}
	switch cmd.Kind {
	case CmdStep, CmdStepEvent:
		c.playing = false
		c.Seek(c.pos + 1)
	case CmdBack, CmdBackEvent:
		c.playing = false
		c.Seek(c.pos - 1)
	case CmdNextSteal, CmdNextHandoff, CmdNextPreempt:
		// The next stop at which either side steals, hands off or
		// preempts.
		c.playing = false
		kind := map[CommandKind]MarkKind{CmdNextSteal: MarkSteal, CmdNextHandoff: MarkHandoff, CmdNextPreempt: MarkPreempt}[cmd.Kind]
		for _, m := range c.marks {
			if m.Kind == kind && m.At > c.pos {
				c.Seek(m.At)
				break
			}
		}
	case CmdReducedMotion:
		c.reduced = !c.reduced
	}
}

// Frame is the two runs at the play head (view.CompareFrame).
func (c *Compare) Frame(width, height float32) view.Frame {
	k := &c.cache
	if !k.ok || k.pos != c.pos || k.w != width || k.h != height || k.reduced != c.reduced || k.lang != c.lang {
		k.frame = view.CompareFrame(c.ra, c.rb, c.Time(), view.CompareOptions{
			Options: view.Options{Width: width, Height: height, Reduced: c.reduced, Lang: c.lang, Unused: unusedByBoth(c.ra, c.rb)},
			LabelA:  c.a.Label, LabelB: c.b.Label, Diff: c.diff, Started: c.pos >= 0,
		})
		k.frame.Index = c.pos
		k.ok, k.pos, k.w, k.h, k.reduced, k.lang = true, c.pos, width, height, c.reduced, c.lang
	}
	return k.frame
}

// Status reports the playback; its marks are the first difference and
// both sides' steals, hand-offs and preemptions.
func (c *Compare) Status() Status {
	st := Status{
		Playing: c.playing, Cursor: c.pos, Len: len(c.times), Time: c.Time(), Speed: c.speed,
		Procs: c.a.Log.Procs, Seed: c.a.Log.Seed, ReducedMotion: c.reduced, Lang: c.lang,
		Captions: true, HasCaptions: len(c.a.Log.Captions) > 0,
	}
	st.Marks = c.marks
	return st
}

// unusedByBoth are the places neither run uses: collapsed on both sides,
// so that the two pictures keep the same places side by side.
func unusedByBoth(a, b *view.Recording) map[string]bool {
	ua, ub := a.Unused(), b.Unused()
	if ua == nil || ub == nil {
		return nil
	}
	out := map[string]bool{}
	for k := range ua {
		if ub[k] {
			out[k] = true
		}
	}
	return out
}
