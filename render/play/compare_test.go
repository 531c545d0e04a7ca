package play_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

const spinnerScene = `//scene procs=1 until=30ms
func main() {
	go func() {
		for {
		}
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("awake")
}
`

func compareSpinner(t *testing.T) *play.Compare {
	c, err := script.Load("spinner.go", []byte(spinnerScene))
	require.NoError(t, err)
	old, err := playerlog.CompareSettings(c.Scene.Settings, "1.13", 0)
	require.NoError(t, err)
	cmp, err := playerlog.NewScene(c, old, nil).Compare("1.26", 0)
	require.NoError(t, err)
	return cmp
}

func TestCompareStepsThroughTheEventTimesOfEitherSide(t *testing.T) {
	c := compareSpinner(t)
	a, b := c.Events()
	require.False(t, c.Diff().Same())
	assert.Equal(t, view.CompareTimes(a, b), c.Times())
	st := c.Status()
	assert.Equal(t, -1, st.Cursor)
	assert.Equal(t, c.Len(), st.Len)
	diffAt := -1
	for _, m := range st.Marks {
		if m.Kind == play.MarkDiff {
			require.Equal(t, -1, diffAt, "one difference")
			diffAt = m.At
		}
	}
	assert.Equal(t, c.StopAt(view.DifferenceTime(a, b, c.Diff())), diffAt)

	prev := c.Time()
	for i := 0; i < c.Len(); i++ {
		require.NoError(t, c.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdStep}}}))
		assert.Equal(t, i, c.Pos())
		if i > 0 {
			assert.Greater(t, c.Time(), prev, "every stop is a later time")
		}
		prev = c.Time()
	}
	require.NoError(t, c.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdStep}}}))
	assert.Equal(t, c.Len()-1, c.Pos(), "the end stays the end")

	require.NoError(t, c.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdSeek, At: diffAt}}}))
	f := c.Frame(1200, 700)
	assert.Contains(t, f.Narration, "First difference at t=")
	assert.Equal(t, c.Pos(), f.Index)

	require.NoError(t, c.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdHome}, {Kind: play.CmdTogglePlay}}, Dt: 0}))
	assert.True(t, c.Status().Playing)
	require.NoError(t, c.Update(&play.Input{Dt: 1000}))
	assert.False(t, c.Status().Playing)
	assert.Equal(t, c.Len()-1, c.Pos())
}

// TestCompareJumpsToTheNextEventOfAKindOnEitherSide: the jump buttons go
// to the next stop of the play head at which either run steals, hands off
// or preempts, and the scrub bar marks them all.
func TestCompareJumpsToTheNextEventOfAKindOnEitherSide(t *testing.T) {
	c := compareSpinner(t)
	a, b := c.Events()
	var want []int // the stops at which either side preempts
	for _, ev := range [][]core.Event{a, b} {
		for _, e := range ev {
			if e.Kind == core.EvGoPreempt {
				want = append(want, c.StopAt(e.T))
			}
		}
	}
	slices.Sort(want)
	want = slices.Compact(want)
	require.NotEmpty(t, want, "go1.26 preempts the loop")
	var got []int
	for range len(want) + 2 {
		before := c.Pos()
		require.NoError(t, c.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdNextPreempt}}}))
		if c.Pos() == before {
			break
		}
		got = append(got, c.Pos())
		here := func(e core.Event) bool { return e.Kind == core.EvGoPreempt && e.T == c.Time() }
		assert.True(t, slices.ContainsFunc(a, here) || slices.ContainsFunc(b, here), "a preemption at the head")
	}
	assert.Equal(t, want, got)
	var marked []int
	for _, m := range c.Status().Marks {
		if m.Kind == play.MarkPreempt {
			marked = append(marked, m.At)
		}
	}
	assert.Equal(t, want, marked)
	// The go1.13 run never preempts, and neither run steals.
	require.NoError(t, c.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdHome}, {Kind: play.CmdNextSteal}}}))
	assert.Equal(t, -1, c.Pos(), "no steal: the head stays")
}
