package view

import (
	"strings"
	"testing"

	"github.com/gmpbook/gmpbook/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sentenceProblems checks a sentence: present, formatted, and not naming
// a missing P, M or G.
func sentenceProblems(s string) []string {
	var out []string
	if strings.TrimSpace(s) == "" {
		out = append(out, "empty")
	}
	// "no G" is gname(0) printed where a G was expected; IOReady says on
	// purpose that no G waits for the data yet.
	checked := strings.ReplaceAll(s, "no G waits", "")
	for _, bad := range []string{"%!", "P-1", "M-1", "G-1", "no G", "Event "} {
		if strings.Contains(checked, bad) {
			out = append(out, "contains "+bad)
		}
	}
	return out
}

// TestEveryRecordedEventHasASentence narrates every event of every scene,
// with the World before it.
func TestEveryRecordedEventHasASentence(t *testing.T) {
	seen := map[core.EvKind]bool{}
	for name, sc := range allScenes(t) {
		rec := NewRecording(sc.procs, sc.events, nil)
		w := core.NewWorld(sc.procs)
		for i := range sc.events {
			e := &sc.events[i]
			s := Narrate(w, e)
			assert.Empty(t, sentenceProblems(s), "%s event %d %s: %q", name, i, e, s)
			if i%97 == 0 {
				assert.Empty(t, sentenceProblems(rec.Sentence(i)), "%s event %d", name, i)
				if rec.IsStop(i) {
					assert.Empty(t, sentenceProblems(rec.StepNarration(i)), "%s step %d", name, i)
				}
			}
			seen[e.Kind] = true
			w.Apply(e)
		}
	}
	t.Logf("kinds seen in recorded runs: %d of %d", len(seen), len(core.EvKinds()))
}

// TestEveryKindHasASentence covers the kinds no scene produces with
// synthetic events built from the schema (core/eventspec.go): every kind in
// every shape its schema allows (each subset of the fields it may leave
// unset, each reason it carries, Flag both ways). A kind without a sentence
// falls back to "Event <kind>.", which fails.
func TestEveryKindHasASentence(t *testing.T) {
	w := core.NewWorld(2)
	w.Apply(&core.Event{Kind: core.EvGoCreate, G: 1, P: 0, M: 0, P2: -1, Text: "main"})
	w.Apply(&core.Event{Kind: core.EvGoCreate, G: 2, G2: 1, P: 0, M: 0, P2: -1, Text: "w"})
	for _, k := range core.EvKinds() {
		sp := k.Spec()
		opt := sp.Fields() &^ sp.Must
		whys := append([]core.Reason{core.RNone}, sp.Why...)
		shapes := 0
		for sub := opt; ; sub = (sub - 1) & opt {
			for _, why := range whys {
				for _, flag := range []bool{false, true} {
					e := schemaEvent(k, sp.Must|sub, why, flag)
					if e.Check() != nil {
						continue // a shape the schema rules out
					}
					shapes++
					s := Narrate(w, &e)
					require.Empty(t, sentenceProblems(s), "%v: %q", &e, s)
				}
			}
			if sub == 0 {
				break
			}
		}
		require.NotZero(t, shapes, "%v: no well-formed event to narrate", k)
	}
	snap := &core.Event{Kind: core.EvSchedTrace, Snap: &core.SchedSnapshot{Gomaxprocs: 2}, M: 1, P: -1, P2: -1}
	assert.Contains(t, Narrate(w, snap), "SCHED")
}

func TestNarrationExamples(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	c := rec.NewCursor()
	require.True(t, c.NextSteal())
	e := c.Event()
	// The first steal can be of a runtime goroutine during start-up, by
	// the spinner woken for the other P while P0 was being handed off.
	assert.Regexp(t, `^P\d found its run queue empty and stole (1 G|\d Gs) from P\d \(half of \d+\); it runs (?:\S+ \(G\d+\)|G\d+)\.$`, rec.Sentence(c.Pos()))
	assert.Contains(t, c.Frame(Options{Width: 800, Height: 600}).Narration, rec.Sentence(c.Pos()))
	_ = e

	ev = overflowScene(t, 300)
	rec = NewRecording(1, ev, nil)
	c = rec.NewCursor()
	require.True(t, c.NextOfKind(core.EvRunqOverflow))
	assert.Contains(t, rec.Sentence(c.Pos()), "run queue was full (256)")
	require.True(t, c.NextOfKind(core.EvGlobalGet))
	assert.Contains(t, rec.Sentence(c.Pos()), "global queue")

	ev = mixedScene(t, 4, 60, 3)
	rec = NewRecording(4, ev, nil)
	c = rec.NewCursor()
	require.True(t, c.NextOfKind(core.EvGoSysCall))
	assert.Regexp(t, `^(?:\S+ \(G\d+\)|G\d+) entered a system call on M\d+ \(.*\); P\d stays with it\.$`, rec.Sentence(c.Pos()))
	require.True(t, c.NextOfKind(core.EvProcRetake))
	assert.Regexp(t, `sysmon took P\d from M\d+'s system call \((?:\S+, G\d+\)|G\d+\)) and handed it off\.`, rec.Sentence(c.Pos()))
}

// TestStepNarrationTellsTheBookkeeping: stepping onto a RunqPut after a
// GoCreate tells both.
func TestStepNarrationTellsTheBookkeeping(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	for i, e := range ev {
		if e.Kind == core.EvGoCreate && e.Text == "w" {
			require.Equal(t, core.EvRunqPut, ev[i+1].Kind)
			s := rec.StepNarration(i + 1)
			assert.Contains(t, s, "created")
			assert.Contains(t, s, "runnext")
			return
		}
	}
	t.Fatal("no GoCreate of a worker")
}

func TestOnCaptions(t *testing.T) {
	ev := stealScene(t)
	caps := []Caption{
		{On: "steal", Text: "stealing"},
		{On: "spin", Text: "spinning"},
		{On: "nosuchevent", Text: "never"},
		{Line: 7, Text: "line seven"},
	}
	rec := NewRecording(2, ev, caps)
	firstSpin, firstSteal := -1, -1
	started := false // captions ignore the runtime's start-up
	for i, e := range ev {
		started = started || e.Kind == core.EvMainStart
		if !started {
			continue
		}
		if e.Kind == core.EvMSpin && firstSpin < 0 {
			firstSpin = i
		}
		if e.Kind == core.EvSteal && firstSteal < 0 {
			firstSteal = i
		}
	}
	require.Less(t, firstSpin, firstSteal)
	assert.Equal(t, "", rec.CaptionAt(firstSpin-1))
	assert.Equal(t, "spinning", rec.CaptionAt(firstSpin))
	assert.Equal(t, "spinning", rec.CaptionAt(firstSteal-1))
	assert.Equal(t, "stealing", rec.CaptionAt(firstSteal))
	assert.Equal(t, "stealing", rec.CaptionAt(len(ev)-1), "a caption stays until the next one")
	assert.Equal(t, []int{firstSpin, firstSteal}, rec.CaptionStarts())
	assert.True(t, rec.IsStop(firstSpin))

	// Line captions need the VM's line numbers. With Lines, a caption
	// starts where the op taken from its line has had its effect: at the
	// last event of the instant that op caused, before another op is taken
	// — not at an earlier event about a goroutine that is merely at the
	// line.
	at := -1
	for i, e := range ev {
		if i > firstSpin && i+2 < len(ev) && e.T == ev[i+1].T && ev[i+1].T != ev[i+2].T {
			at = i
			break
		}
	}
	require.GreaterOrEqual(t, at, 0)
	rec.SetLines(funcLines{
		line: func(g int64, i int) int { return 7 },
		ran: func(i int) []int32 {
			if i == at {
				return []int32{3, 7}
			}
			return nil
		},
	})
	assert.NotContains(t, rec.CaptionAt(at), "line seven", "the op's effect is not over at its first event")
	assert.Contains(t, rec.CaptionAt(at+1), "line seven", "the last event of that instant")
	assert.Contains(t, rec.CaptionStarts(), at+1)
	rec.SetLines(nil)
	assert.Len(t, rec.CaptionStarts(), 2)

	// An op taken before the instant is over ends the effect of the one
	// before it.
	rec.SetLines(funcLines{
		line: func(g int64, i int) int { return 0 },
		ran: func(i int) []int32 {
			switch i {
			case at:
				return []int32{7}
			case at + 1:
				return []int32{8}
			}
			return nil
		},
	})
	assert.Contains(t, rec.CaptionStarts(), at, "line 7's op had one event")
	assert.Contains(t, rec.CaptionAt(at), "line seven")

	// Captions that start at the same event are shown together, each once.
	both := NewRecording(2, ev, []Caption{{On: "steal", Text: "first"}, {On: "steal", Text: "second"}})
	assert.Equal(t, []int{firstSteal}, both.CaptionStarts())
	assert.Equal(t, "first; second", both.CaptionAt(firstSteal))

	kinds, ok := OnKinds("Handoff")
	assert.True(t, ok)
	assert.Equal(t, []core.EvKind{core.EvProcHandoff}, kinds)
	for _, name := range []string{"steal", "handoff", "preempt", "netpoll", "overflow", "syscall", "spin", "park", "timer", "io"} {
		assert.Contains(t, OnNames(), name)
	}
}

// TestOnIOIsAParkInIOWait: "on io" matches a park on the netpoller and
// no other park.
func TestOnIOIsAParkInIOWait(t *testing.T) {
	chanPark := core.Event{T: 10, Kind: core.EvGoBlock, G: 1, Wait: core.WaitChanReceive}
	ioPark := core.Event{T: 20, Kind: core.EvGoBlock, G: 2, Wait: core.WaitIOWait}
	poll := core.Event{T: 30, Kind: core.EvNetpoll, N: 1}
	assert.True(t, onMatches("io", &ioPark))
	assert.True(t, onMatches("IO", &ioPark))
	assert.False(t, onMatches("io", &chanPark))
	assert.False(t, onMatches("io", &poll))
	assert.True(t, onMatches("park", &chanPark))
}

// funcLines is a Lines made of two functions.
type funcLines struct {
	line func(g int64, i int) int
	ran  func(i int) []int32
}

func (f funcLines) LineOf(g int64, i int) int { return f.line(g, i) }
func (f funcLines) Ran(i int) []int32         { return f.ran(i) }

// schemaEvent is an event of kind k with the given fields set, and Why and
// Flag as given where the kind has them.
func schemaEvent(k core.EvKind, fields core.Field, why core.Reason, flag bool) core.Event {
	e := core.Event{Kind: k, M: -1, P: -1, P2: -1}
	if fields&core.FieldG != 0 {
		e.G = 2
	}
	if fields&core.FieldG2 != 0 {
		e.G2 = 1
	}
	if fields&core.FieldM != 0 {
		e.M = 1
	}
	if fields&core.FieldP != 0 {
		e.P = 0
	}
	if fields&core.FieldP2 != 0 {
		e.P2 = 1
	}
	if fields&core.FieldN != 0 {
		e.N = 3
	}
	if fields&core.FieldArg != 0 {
		e.Arg = 1
	}
	if fields&core.FieldFlag != 0 {
		e.Flag = flag
	}
	if fields&core.FieldText != 0 {
		e.Text = "x"
	}
	if fields&core.FieldWhy != 0 {
		e.Why = why
	}
	if fields&core.FieldWait != 0 {
		e.Wait = core.WaitChanReceive
	}
	if fields&core.FieldSnap != 0 {
		e.Snap = &core.SchedSnapshot{Gomaxprocs: 2}
	}
	return e
}

// TestStepNarrationSaysThingsOnce (m8): within a step no sentence is said
// twice — a repeat becomes one sentence with "(×N)" — and a bookkeeping
// sentence that restates the one before is left out.
func TestStepNarrationSaysThingsOnce(t *testing.T) {
	ev := mixedScene(t, 4, 60, 3)
	rec := NewRecording(4, ev, nil)
	counted, restated := 0, 0
	for i := range ev {
		if !rec.IsStop(i) {
			continue
		}
		narr := rec.StepNarration(i)
		if strings.Contains(narr, "earlier events.)") {
			continue // cut to the last sentences: the count is of those
		}
		for k := rec.prevStop(i) + 1; k <= i; k++ {
			s := rec.Sentence(k)
			if k < i && silentKinds[ev[k].Kind] {
				continue
			}
			n := strings.Count(narr, s)
			assert.LessOrEqual(t, n, 1, "step %d says %q %d times: %s", i, s, n, narr)
			if n == 0 && !strings.Contains(narr, s+" (×") {
				restated++
			}
		}
		if strings.Contains(narr, " (×") {
			counted++
		}
	}
	t.Logf("%d steps with a counted repeat, %d restatements left out", counted, restated)
	assert.Positive(t, counted+restated, "the scene has repeats to collapse")
}
