package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

func TestFirstDifferenceIgnoresSeqAndTime(t *testing.T) {
	a := []core.Event{{Kind: core.EvGoCreate, G: 2, P: 0, M: 0, Seq: 1, T: 10}, {Kind: core.EvGoStart, G: 2, P: 0, Seq: 2, T: 20}}
	b := []core.Event{{Kind: core.EvGoCreate, G: 2, P: 0, M: 0, Seq: 7, T: 11}, {Kind: core.EvGoStart, G: 2, P: 0, Seq: 9, T: 25}}
	assert.Equal(t, -1, FirstDifference(a, b), "only Seq and T differ")
	assert.Equal(t, -1, FirstDifference(nil, nil))
	assert.Equal(t, 1, FirstDifference(a, b[:1]), "a prefix differs where it ends")
	assert.Equal(t, 0, FirstDifference(nil, b))
	for _, change := range []func(e *core.Event){
		func(e *core.Event) { e.Kind = core.EvGoPreempt },
		func(e *core.Event) { e.G = 3 },
		func(e *core.Event) { e.P = 1 },
		func(e *core.Event) { e.M = 4 },
		func(e *core.Event) { e.Why++ },
		func(e *core.Event) { e.N = 5 },
	} {
		c := append([]core.Event(nil), b...)
		change(&c[1])
		assert.Equal(t, 1, FirstDifference(a, c))
	}
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
	require.GreaterOrEqual(t, diff, 0, "2 Ps and 4 Ps boot differently")
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
		assert.Contains(t, f.Narration, ra.StepNarration(diff))
		assert.Contains(t, f.Narration, rb.StepNarration(diff))

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
	at := min(ea[diff].T, eb[diff].T)
	f := CompareFrame(ra, rb, max(ea[diff].T, eb[diff].T), opts)
	assert.Equal(t, 2, marks(f), "both sides are past the difference: a bar on each timeline")
	for _, s := range f.Shapes {
		if s.Role == "compare.diff" {
			assert.Equal(t, DiffColor, s.Stroke)
		}
	}
	assert.Contains(t, f.Narration, "t="+FormatTime(at))

	same := CompareFrame(ra, NewRecording(2, ea, nil), ea[len(ea)-1].T, CompareOptions{Options: opts.Options, Diff: -1, Started: true})
	assert.Zero(t, marks(same))
	assert.Equal(t, "The two runs make the same decisions, event for event.", same.Narration)
	assert.Contains(t, CompareSentence(ra, NewRecording(2, ea[:3], nil), 3), "(no more events)")
}
