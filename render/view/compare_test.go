package view

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// started is a log that begins with main.main starting as G1 on P0.
func started(ev ...core.Event) []core.Event {
	return append([]core.Event{{Kind: core.EvMainStart, G: 1, P: 0}}, ev...)
}

func TestFirstDifferenceComparesDecisionsNotSeqTimeOrThreads(t *testing.T) {
	a := started(core.Event{Kind: core.EvGoCreate, G: 2, P: 0, M: 0, Seq: 1, T: 10, N: 2048}, core.Event{Kind: core.EvGoStart, G: 2, P: 0, N: 3, Seq: 2, T: 20})
	b := started(core.Event{Kind: core.EvGoCreate, G: 2, P: 0, M: 0, Seq: 7, T: 11, N: 2048}, core.Event{Kind: core.EvGoStart, G: 2, P: 0, N: 3, Seq: 9, T: 25})
	assert.Equal(t, NoDifference, FirstDifference(a, b), "only Seq and T differ")
	assert.True(t, FirstDifference(a, b).Same())
	assert.Equal(t, NoDifference, FirstDifference(nil, nil))
	assert.Equal(t, Difference{2, 2}, FirstDifference(a, b[:2]), "a log that ends differs where it ends")
	assert.Equal(t, Difference{1, 0}, FirstDifference(a, nil), "a log without main.main has nothing to compare")
	for _, tt := range []struct {
		change func(e *core.Event)
		want   Difference
	}{
		{func(e *core.Event) { e.Kind = core.EvGoPreempt }, Difference{2, 2}},
		{func(e *core.Event) { e.G = 1 }, Difference{2, 2}},
		{func(e *core.Event) { e.P = 1 }, Difference{2, 2}},
		{func(e *core.Event) { e.Why++ }, Difference{2, 2}},
		{func(e *core.Event) { e.Flag = true }, Difference{2, 2}},
		{func(e *core.Event) { e.M = 4 }, NoDifference},      // another thread, the same decision
		{func(e *core.Event) { e.N = 9 }, NoDifference},      // GoStart's N is the P's schedtick
		{func(e *core.Event) { e.Arg = 9 }, NoDifference},    // (times, rounds)
		{func(e *core.Event) { e.Text = "x" }, NoDifference}, // names are not decisions
		{func(e *core.Event) { e.Seq, e.T = 0, 0 }, NoDifference},
		// A goroutine the scene did not create is the runtime's: left
		// out, so that b has no more events to compare.
		{func(e *core.Event) { e.G = 77 }, Difference{2, 3}},
	} {
		c := slices.Clone(b)
		tt.change(&c[2])
		assert.Equal(t, tt.want, FirstDifference(a, c), "%+v", c[2])
	}
}

// TestFirstDifferenceSkipsStartUpAndBookkeeping: the runtime's start-up,
// its own goroutines and bookkeeping one run has and the other has not do
// not count; the indices of the first real difference are each log's own.
func TestFirstDifferenceSkipsStartUpAndBookkeeping(t *testing.T) {
	// Start-up: Go 1.26 starts one more runtime goroutine (G5) before main,
	// so the scene's first goroutine is G6 there and G5 in Go 1.13.
	old := []core.Event{
		{Kind: core.EvGoCreate, G: 1}, {Kind: core.EvGoStart, G: 1, P: 0}, {Kind: core.EvGoCreate, G: 4, G2: 1},
		{Kind: core.EvMainStart, G: 1},
		{Kind: core.EvGoCreate, G: 5, G2: 1, P: 0}, {Kind: core.EvRunqPut, G: 5, P: 0, Why: core.DestRunnext},
		{Kind: core.EvGoKick, G: 4, P: 0}, // a runtime goroutine kicked out of runnext
		{Kind: core.EvGoBlock, G: 1, P: 0},
		{Kind: core.EvGoStart, G: 5, P: 0, N: 3},
		{Kind: core.EvPreemptReq, G: 5, P: 0},
	}
	cur := []core.Event{
		{Kind: core.EvGoCreate, G: 1}, {Kind: core.EvGoStart, G: 1, P: 0}, {Kind: core.EvGoCreate, G: 4, G2: 1},
		{Kind: core.EvNeedSpinning, N: 1}, // Go 1.21+ only
		{Kind: core.EvGoCreate, G: 5, G2: 1},
		{Kind: core.EvMainStart, G: 1},
		{Kind: core.EvGoCreate, G: 6, G2: 1, P: 0}, {Kind: core.EvRunqPut, G: 6, P: 0, Why: core.DestRunnext},
		{Kind: core.EvGoKick, G: 5, P: 0},
		{Kind: core.EvNeedSpinning, N: 1},
		{Kind: core.EvGoBlock, G: 1, P: 0},
		{Kind: core.EvProcStatus, P: 0, N: int64(core.Psyscall)},
		{Kind: core.EvSysmonWake, N: 20000},
		{Kind: core.EvNetpoll, M: -1},
		{Kind: core.EvGoStart, G: 6, P: 0, N: 4, M: 2},
		{Kind: core.EvPreemptReq, G: 6, P: 0, Flag: true}, // with a signal
	}
	d := FirstDifference(old, cur)
	assert.Equal(t, Difference{9, 15}, d)
	assert.Equal(t, Difference{9, len(cur) - 1}, FirstDifference(old, cur[:len(cur)-1]), "Go 1.13's log goes on")
	assert.Equal(t, NoDifference, FirstDifference(old[:9], cur[:15]))
	// The first difference's time is the earlier of its two events.
	old[9].T, cur[15].T = 50, 40
	assert.Equal(t, core.Time(40), DifferenceTime(old, cur, d))
	assert.Equal(t, core.Time(-1), DifferenceTime(old, cur, NoDifference))
}

func TestCompareTimesMergesBothLogs(t *testing.T) {
	a := []core.Event{{T: 0}, {T: 0}, {T: 5}, {T: 9}}
	b := []core.Event{{T: 0}, {T: 3}, {T: 5}, {T: 12}}
	assert.Equal(t, []core.Time{0, 3, 5, 9, 12}, CompareTimes(a, b))
	assert.Equal(t, []core.Time{3, 5}, CompareTimes(nil, b[1:3]))
	assert.Empty(t, CompareTimes(nil, nil))
}

func TestCompareFrameShowsEachSideAtTheHead(t *testing.T) {
	ea := mixedScene(t, 2, 20, 1)
	eb := mixedScene(t, 4, 20, 1)
	ra, rb := NewRecording(2, ea, nil), NewRecording(4, eb, nil)
	diff := FirstDifference(ea, eb)
	require.False(t, diff.Same(), "2 Ps and 4 Ps run the scene differently")
	head := ea[len(ea)/2].T
	ia, ib := ra.IndexAt(head), rb.IndexAt(head)
	require.GreaterOrEqual(t, ia, 0)
	assert.LessOrEqual(t, ea[ia].T, head)
	assert.True(t, ia == len(ea)-1 || ea[ia+1].T > head, "the last event at or before the head")
	assert.True(t, ib == -1 || eb[ib].T <= head)
	assert.True(t, ib == len(eb)-1 || eb[ib+1].T > head)

	for _, size := range []struct {
		w, h float32
		side bool
	}{{1400, 700, true}, {400, 900, false}, {900, 900, false}} {
		opts := CompareOptions{Options: Options{Width: size.w, Height: size.h}, LabelA: "go1.26 · procs=2", LabelB: "go1.26 · procs=4", Diff: diff, Started: true}
		f := CompareFrame(ra, rb, head, opts)
		assert.Equal(t, !size.side, f.Narrow)
		assert.Equal(t, max(ia, ib), f.Index)
		assert.Equal(t, head, f.Time)
		assert.Equal(t, CompareSentence(ra, rb, diff), f.Narration)
		assert.True(t, strings.HasPrefix(f.Narration, "First difference at t="), f.Narration)
		assert.Contains(t, f.Narration, ra.StepNarration(diff.A))
		assert.Contains(t, f.Narration, rb.StepNarration(diff.B))

		var labels, narrations []Shape
		for _, s := range f.Shapes {
			switch s.Role {
			case "compare.label":
				labels = append(labels, s)
			case "compare.narration":
				narrations = append(narrations, s)
			}
			// Every shape stays in the frame.
			assert.GreaterOrEqual(t, s.X, float32(-1), s.Role)
			assert.LessOrEqual(t, s.X+max(s.W, 0), size.w+1, s.Role)
			assert.LessOrEqual(t, s.Y+max(s.H, 0), size.h+1, s.Role)
		}
		require.Len(t, labels, 2)
		assert.Equal(t, "go1.26 · procs=2", labels[0].Text)
		assert.Equal(t, "go1.26 · procs=4", labels[1].Text)
		require.Len(t, narrations, 2)
		if size.side {
			assert.Equal(t, labels[0].Y, labels[1].Y, "side by side")
			assert.InDelta(t, size.w/2, labels[1].X-labels[0].X, 1)
		} else {
			assert.Equal(t, labels[0].X, labels[1].X, "stacked")
			assert.InDelta(t, size.h/2, labels[1].Y-labels[0].Y, 1)
		}
		// Each side has its own copy of every place, B with 4 Ps.
		has := map[string]bool{}
		for _, p := range f.Places {
			has[p.Role] = true
			if strings.HasPrefix(p.Role, "B.") {
				if size.side {
					assert.GreaterOrEqual(t, p.X, size.w/2-1, p.Role)
				} else {
					assert.GreaterOrEqual(t, p.Y, size.h/2-1, p.Role)
				}
			}
		}
		assert.True(t, has["A.P1"] && !has["A.P2"] && has["B.P3"], "%v", has)
	}
}

func TestCompareFrameMarksTheFirstDifference(t *testing.T) {
	ea := mixedScene(t, 2, 20, 1)
	eb := mixedScene(t, 4, 20, 1)
	ra, rb := NewRecording(2, ea, nil), NewRecording(4, eb, nil)
	diff := FirstDifference(ea, eb)
	opts := CompareOptions{Options: Options{Width: 1400, Height: 700}, Diff: diff}
	marks := func(f Frame) int {
		n := 0
		for _, s := range f.Shapes {
			if s.Role == "compare.diff" {
				n++
			}
		}
		return n
	}
	before := CompareFrame(ra, rb, 0, opts)
	assert.Equal(t, -1, before.Index, "not started: both sides before any event")
	assert.Zero(t, marks(before))
	opts.Started = true
	require.False(t, diff.Same())
	at := min(ea[diff.A].T, eb[diff.B].T)
	assert.Equal(t, at, DifferenceTime(ea, eb, diff))
	f := CompareFrame(ra, rb, max(ea[diff.A].T, eb[diff.B].T), opts)
	assert.Equal(t, 2, marks(f), "both sides are past the difference: a bar on each timeline")
	for _, s := range f.Shapes {
		if s.Role == "compare.diff" {
			assert.Equal(t, DiffColor, s.Stroke)
		}
	}
	assert.Contains(t, f.Narration, "t="+core.FormatDurationShort(int64(at)))

	same := CompareFrame(ra, NewRecording(2, ea, nil), ea[len(ea)-1].T, CompareOptions{Options: opts.Options, Diff: NoDifference, Started: true})
	assert.Zero(t, marks(same))
	assert.Equal(t, "The two runs make the same decisions, event for event.", same.Narration)
	assert.Contains(t, CompareSentence(ra, NewRecording(2, ea[:3], nil), Difference{3, 3}), "(no more events)")
}
