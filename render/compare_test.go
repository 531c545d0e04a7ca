//go:build display

package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/internal/playerlog"
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

func compareSpinner(t *testing.T) *Compare {
	c, err := script.Load("spinner.go", []byte(spinnerScene))
	require.NoError(t, err)
	var sides [2]Side
	for i, goVersion := range []string{"1.13", "1.26"} {
		st, err := playerlog.CompareSettings(c.Scene.Settings, goVersion, 0)
		require.NoError(t, err)
		run, err := playerlog.Simulate(c, st, 0, 0, nil)
		require.NoError(t, err)
		sides[i] = Side{Label: playerlog.Label(run.Config), Log: Log{Events: run.Events, Procs: run.Config.Procs, Seed: run.Config.Seed, Lines: run.LineOf}}
	}
	return NewCompare(sides[0], sides[1])
}

func TestCompareStepsThroughTheEventTimesOfEitherSide(t *testing.T) {
	c := compareSpinner(t)
	a, b := c.a.Log.Events, c.b.Log.Events
	require.GreaterOrEqual(t, c.Diff(), 0)
	assert.Equal(t, view.CompareTimes(a, b), c.times)
	st := c.Status()
	assert.Equal(t, -1, st.Cursor)
	assert.Equal(t, c.Len(), st.Len)
	require.Len(t, st.Marks, 1)
	assert.Equal(t, MarkDiff, st.Marks[0].Kind)

	prev := c.Time()
	for i := 0; i < c.Len(); i++ {
		require.NoError(t, c.Update(&Input{Commands: []Command{{Kind: CmdStep}}}))
		assert.Equal(t, i, c.Pos())
		if i > 0 {
			assert.Greater(t, c.Time(), prev, "every stop is a later time")
		}
		prev = c.Time()
	}
	require.NoError(t, c.Update(&Input{Commands: []Command{{Kind: CmdStep}}}))
	assert.Equal(t, c.Len()-1, c.Pos(), "the end stays the end")

	require.NoError(t, c.Update(&Input{Commands: []Command{{Kind: CmdHome}, {Kind: CmdNextPreempt}}}))
	assert.Equal(t, st.Marks[0].At, c.Pos(), "the jump buttons go to the first difference")
	f := c.Frame(1200, 700)
	assert.Contains(t, f.Narration, "First difference at t=")
	assert.Equal(t, c.Pos(), f.Index)

	require.NoError(t, c.Update(&Input{Commands: []Command{{Kind: CmdHome}, {Kind: CmdTogglePlay}}, Dt: 0}))
	assert.True(t, c.Status().Playing)
	require.NoError(t, c.Update(&Input{Dt: 1000}))
	assert.False(t, c.Status().Playing)
	assert.Equal(t, c.Len()-1, c.Pos())
}
