package playerlog

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

const scene = `//scene procs=2 seed=7
func main() {
	ch := make(chan int)
	go func() {
		ch <- 1 //> the worker hands main a value
	}()
	<-ch //> on steal: nothing to steal here
}
`

func TestSimulateKeepsTheLineOfEachEventsGoroutine(t *testing.T) {
	c, err := script.Load("scene.go", []byte(scene))
	require.NoError(t, err)
	run, err := Simulate(c, c.Scene.Settings, 0, 0, nil)
	require.NoError(t, err)
	require.NotEmpty(t, run.Events)
	require.Len(t, run.Lines, len(run.Events), "one line per event when the scene has line captions")
	assert.Equal(t, 2, run.Config.Procs)
	lines := map[int]bool{}
	for i, e := range run.Events {
		if l := run.LineOf(e.G, i); l > 0 {
			lines[l] = true
		}
		assert.Zero(t, run.LineOf(e.G+1000, i), "only the event's own goroutine has a line")
	}
	assert.True(t, lines[5], "the send on line 5 is seen: %v", lines)
	assert.True(t, lines[7], "the receive on line 7 is seen: %v", lines)
}

func TestSimulateOverridesProcsAndSeed(t *testing.T) {
	c, err := script.Load("scene.go", []byte(scene))
	require.NoError(t, err)
	run, err := Simulate(c, c.Scene.Settings, 3, 9, nil)
	require.NoError(t, err)
	assert.Equal(t, 3, run.Config.Procs)
	assert.Equal(t, uint64(9), run.Config.Seed)
	assert.Equal(t, core.EvExit, run.Events[len(run.Events)-1].Kind)
}

func TestCaptionsKeepLineAndEvent(t *testing.T) {
	c, err := script.Load("scene.go", []byte(scene))
	require.NoError(t, err)
	caps := Captions(c)
	require.Len(t, caps, 2)
	assert.Equal(t, 5, caps[0].Line)
	assert.Equal(t, "the worker hands main a value", caps[0].Text)
	assert.Equal(t, "steal", caps[1].On)
}

const spinner = `//scene procs=1 until=30ms
func main() {
	go func() {
		for {
		}
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("awake")
}
`

func TestCompareSettingsOverrideGoAndProcs(t *testing.T) {
	c, err := script.Load("spinner.go", []byte(spinner))
	require.NoError(t, err)
	a, err := Simulate(c, c.Scene.Settings, 0, 0, nil)
	require.NoError(t, err)
	st, err := CompareSettings(c.Scene.Settings, "1.13", 0)
	require.NoError(t, err)
	b, err := Simulate(c, st, 0, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, "go1.26 · procs=1", Label(a.Config))
	assert.Equal(t, "go1.13 · procs=1", Label(b.Config))
	d := view.FirstDifference(a.Events, b.Events)
	require.GreaterOrEqual(t, d, 0, "1.13 cannot preempt the loop; 1.26 can")
	st, err = CompareSettings(c.Scene.Settings, "", 4)
	require.NoError(t, err)
	p4, err := Simulate(c, st, 0, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, 4, p4.Config.Procs)
	_, err = CompareSettings(c.Scene.Settings, "0.9", 0)
	assert.Error(t, err)
}
