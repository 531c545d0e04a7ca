package view

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gmpbook/gmpbook/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWorldAtMatchesAFoldFromTheStart: checkpoints change nothing.
func TestWorldAtMatchesAFoldFromTheStart(t *testing.T) {
	ev := mixedScene(t, 4, 60, 3)
	rec := NewRecordingEvery(4, ev, nil, 37)
	w := core.NewWorld(4)
	assert.Equal(t, flat(w), flat(rec.WorldAt(-1)))
	for i := range ev {
		w.Apply(&ev[i])
		if i%53 == 0 || i == len(ev)-1 {
			require.Equal(t, flat(w), flat(rec.WorldAt(i)), "event %d", i)
		}
	}
}

// flatWorld is a World by value, with nil and empty slices alike.
type flatWorld struct {
	T      core.Time
	Seq    int64
	Ps     []core.PView
	Ms     []core.MView
	Gs     []core.GView
	Global []int64
	Rest   [6]any
}

func flat(w *core.World) flatWorld {
	f := flatWorld{T: w.T, Seq: w.Seq, Global: append([]int64{}, w.Global...),
		Rest: [6]any{w.NPIdle, w.NMSpinning, w.NeedSpinning, w.STW, w.Done, len(w.Output)}}
	for _, p := range w.Ps {
		c := *p
		c.Runq = append([]int64{}, p.Runq...)
		c.Timers = append([]core.TimerView{}, p.Timers...)
		f.Ps = append(f.Ps, c)
	}
	for _, m := range w.Ms {
		f.Ms = append(f.Ms, *m)
	}
	for _, g := range w.Gs {
		f.Gs = append(f.Gs, *g)
	}
	return f
}

// TestStepBackThenForwardIsIdentity: at many random cursors of real runs,
// a step back then a step forward (fine and by key events) gives exactly
// the same frame, and so does seeking there directly.
func TestStepBackThenForwardIsIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for name, sc := range allScenes(t) {
		rec := NewRecording(sc.procs, sc.events, nil)
		c := rec.NewCursor()
		for range 40 {
			i := rng.IntN(rec.Len())
			for _, opts := range []Options{{Width: 1280, Height: 720}, {Width: 360, Height: 740}} {
				c.Seek(i)
				want := c.Frame(opts)
				assert.Equal(t, want, rec.Frame(i, opts), "%s: cursor and Recording.Frame differ at %d", name, i)
				if c.StepEventBack() {
					require.True(t, c.StepEventForward())
					require.Equal(t, i, c.Pos())
					require.Equal(t, want, c.Frame(opts), "%s: fine step back+forward at %d", name, i)
				}
				// By key events: from a stop, back then forward returns to it.
				if c.StepForward() {
					j := c.Pos()
					stop := c.Frame(opts)
					require.True(t, c.StepBack())
					require.True(t, c.StepForward())
					require.Equal(t, j, c.Pos(), "%s: key step back+forward from %d", name, j)
					require.Equal(t, stop, c.Frame(opts), "%s: key step back+forward at %d", name, j)
				}
			}
		}
	}
}

func TestCursorMoves(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	c := rec.NewCursor()
	assert.Equal(t, -1, c.Pos())
	assert.Nil(t, c.Event())
	assert.False(t, c.StepEventBack())
	assert.False(t, c.StepBack())

	c.End()
	assert.Equal(t, len(ev)-1, c.Pos())
	assert.False(t, c.StepEventForward())
	assert.False(t, c.StepForward())
	c.Start()
	assert.Equal(t, -1, c.Pos())

	// Fine steps reach every event; key steps skip only quiet kinds.
	n := 0
	for c.StepEventForward() {
		n++
	}
	assert.Equal(t, len(ev), n)
	c.Start()
	var stops []int
	for c.StepForward() {
		stops = append(stops, c.Pos())
		assert.True(t, IsKeyKind(c.Event().Kind), "stopped on %v", c.Event().Kind)
	}
	for i, e := range ev {
		if IsKeyKind(e.Kind) {
			assert.Contains(t, stops, i)
		}
	}
	assert.Less(t, len(stops), len(ev))

	// Jumps.
	c.Start()
	require.True(t, c.NextSteal())
	assert.Equal(t, core.EvSteal, c.Event().Kind)
	at := c.Pos()
	assert.False(t, c.PrevOfKind(core.EvSteal) && c.Pos() >= at)
	c.Seek(at)
	require.True(t, c.PrevOfKind(core.EvGoCreate))
	assert.Less(t, c.Pos(), at)
	c.End()
	assert.False(t, c.NextSteal(), "no steal after the end")
	assert.Equal(t, len(ev)-1, c.Pos(), "a failed jump does not move")

	// SeekTime: the last event at or before t.
	tm := ev[len(ev)/2].T
	c.SeekTime(tm)
	assert.Equal(t, tm, ev[c.Pos()].T)
	assert.True(t, c.Pos() == len(ev)-1 || ev[c.Pos()+1].T > tm)
	c.SeekTime(-1)
	assert.Equal(t, -1, c.Pos())

	// Seek clamps.
	c.Seek(1 << 30)
	assert.Equal(t, len(ev)-1, c.Pos())
	c.Seek(-5)
	assert.Equal(t, -1, c.Pos())
}

func TestJumpButtons(t *testing.T) {
	rec := NewRecording(1, preemptScene(t), nil)
	c := rec.NewCursor()
	require.True(t, c.NextPreemption())
	assert.Equal(t, core.EvGoPreempt, c.Event().Kind)
	f := c.Frame(Options{Width: 1280, Height: 720})
	assert.Contains(t, f.Narration, "preempted asynchronously (SIGURG) after running 1")

	ev := mixedScene(t, 4, 60, 3)
	rec = NewRecording(4, ev, nil)
	c = rec.NewCursor()
	require.True(t, c.NextHandoff())
	assert.Contains(t, HandoffKinds, c.Event().Kind)
}

func TestSpansFollowTheRun(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	all := rec.SpansAt(len(ev)-1, 0)
	require.Len(t, all, 2)
	for p, list := range all {
		for k, sp := range list {
			assert.Equal(t, int32(p), sp.P)
			assert.LessOrEqual(t, sp.Start, sp.End)
			if k > 0 {
				assert.LessOrEqual(t, list[k-1].End, sp.Start, "spans of one P do not overlap")
			}
		}
	}
	// Every worker ran about 2ms in total.
	ran := map[int64]core.Duration{}
	for _, list := range all {
		for _, sp := range list {
			ran[sp.G] += core.Duration(sp.End - sp.Start)
		}
	}
	workers := 0
	for _, e := range ev {
		if e.Kind == core.EvGoCreate && e.Text == "w" {
			workers++
			assert.InDelta(t, float64(2*ms), float64(ran[e.G]), float64(100*core.Microsecond), "G%d", e.G)
		}
	}
	assert.Equal(t, 8, workers)
	// Before the first GoStart nothing ran; spans open at i end at i's time.
	assert.Empty(t, rec.SpansAt(-1, 0)[0])
	for i := range ev {
		if ev[i].Kind == core.EvGoStart && ev[i].G >= 7 {
			sp := rec.SpansAt(i, 0)[ev[i].P]
			last := sp[len(sp)-1]
			assert.Equal(t, ev[i].G, last.G)
			assert.Equal(t, -1, last.EndIdx)
			assert.Equal(t, ev[i].T, last.End)
			break
		}
	}
}

// TestOpenRecordingAnswersLikeTheFinishedOne: a Recording extended a slice
// at a time answers, about the events it has, exactly what the Recording
// of the whole log answers — worlds, timelines, stops, captions, frames —
// the narration of its last event aside (it may name the next event), and
// once closed it is the same Recording.
func TestOpenRecordingAnswersLikeTheFinishedOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	caps := []Caption{{On: "steal", Text: "a steal"}, {On: "spin", Text: "a spinner"}, {Line: 3, Text: "line three"}, {On: "preempt", Text: "preempted"}}
	lines := funcLines{
		line: func(g int64, i int) int { return int(g%5) + i%2 },
		ran:  func(i int) []int32 { return []int32{int32(i % 7)} },
	}
	opts := Options{Width: 1280, Height: 720}
	for name, sc := range allScenes(t) {
		whole := NewRecordingEvery(sc.procs, sc.events, caps, 64)
		whole.SetLines(lines)
		open := NewOpenRecording(sc.procs, caps, 64)
		open.SetLines(lines)
		for n := 0; n < len(sc.events); {
			n = min(len(sc.events), n+1+rng.IntN(150))
			open.Extend(sc.events[:n])
			require.Equal(t, n, open.Len())
			for range 6 {
				i := rng.IntN(n+1) - 1
				require.Equal(t, flat(whole.WorldAt(i)), flat(open.WorldAt(i)), "%s: world at %d of %d", name, i, n)
				require.Equal(t, whole.SpansAt(i, 0), open.SpansAt(i, 0), "%s: spans at %d of %d", name, i, n)
				require.Equal(t, whole.IsStop(i), open.IsStop(i), "%s: stop at %d of %d", name, i, n)
				require.Equal(t, whole.CaptionAt(i), open.CaptionAt(i), "%s: caption at %d of %d", name, i, n)
				want, got := whole.Frame(i, opts), open.Frame(i, opts)
				if i == n-1 && n < len(sc.events) {
					want.Narration, got.Narration = "", ""
				}
				require.Equal(t, want, got, "%s: frame at %d of %d", name, i, n)
			}
		}
		require.False(t, open.Closed())
		open.Close()
		require.True(t, open.Closed())
		assert.Equal(t, whole.CaptionStarts(), open.CaptionStarts(), name)
		assert.Equal(t, whole.SpansAt(len(sc.events)-1, 0), open.SpansAt(len(sc.events)-1, 0), name)
		assert.Equal(t, len(whole.checkpoints), len(open.checkpoints), name)
		for j := range whole.checkpoints {
			require.Equal(t, flat(whole.checkpoints[j].w), flat(open.checkpoints[j].w), "%s: checkpoint %d", name, j)
			require.Equal(t, whole.checkpoints[j].n, open.checkpoints[j].n, "%s: checkpoint %d", name, j)
		}
		for _, i := range []int{-1, 0, len(sc.events) / 2, len(sc.events) - 1} {
			require.Equal(t, whole.Frame(i, opts), open.Frame(i, opts), "%s: frame at %d", name, i)
		}
		require.Panics(t, func() { open.Extend(sc.events) }, "a closed Recording takes no more events")
	}
}

// TestCaptionsOfARunCutShortInStartUp: a log without MainStart (the run
// ended during the runtime's start-up) lets every event trigger captions,
// which an open Recording learns when it is closed.
func TestCaptionsOfARunCutShortInStartUp(t *testing.T) {
	ev := stealScene(t)
	main := slices.IndexFunc(ev, func(e core.Event) bool { return e.Kind == core.EvMainStart })
	require.Greater(t, main, 0)
	start := ev[:main]
	first := slices.IndexFunc(start, func(e core.Event) bool { return e.Kind == core.EvGoCreate })
	require.GreaterOrEqual(t, first, 0)
	caps := []Caption{{On: "create", Text: "created"}}
	open := NewOpenRecording(2, caps, 16)
	open.Extend(start)
	assert.Empty(t, open.CaptionStarts(), "main.main may still start")
	open.Close()
	assert.Equal(t, []int{first}, open.CaptionStarts())
	assert.Equal(t, []int{first}, NewRecording(2, start, caps).CaptionStarts())
	// With main.main started, start-up events trigger none.
	assert.NotContains(t, NewRecording(2, ev, caps).CaptionStarts(), first)
}
