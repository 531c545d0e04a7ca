package tests

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/dist"
)

// TestInjectStatedLoadIsCloserToItsCapture checks the claim behind the
// load setting on the scene it was made for: chapter 8's inject, whose
// real distribution (chapters/real/08-inject.dist, the real runtime's,
// recorded on a machine at load average 7-20) has reader 4 last in 85 runs
// of 100. Simulated over seeds 1..100 at the load the scene states, reader
// 4 must come last more often than on an idle machine (load 0), and the
// distribution of last lines must be closer to the capture's
// (total-variation distance).
func TestInjectStatedLoadIsCloserToItsCapture(t *testing.T) {
	all, err := chapters.All()
	require.NoError(t, err)
	var scene *chapters.Scene
	for _, c := range all {
		if c.Number == 8 {
			scene = c.SceneByID("inject")
		}
	}
	require.NotNil(t, scene, "chapter 8 has no scene inject")
	cfg, err := scene.Config()
	require.NoError(t, err)
	require.NotZero(t, cfg.Load, "inject states the load its real runs were captured under (load=)")

	data, err := os.ReadFile(filepath.Join("..", "chapters", "real", "08-inject.dist"))
	require.NoError(t, err)
	capture, err := dist.ParseCaptured(data)
	require.NoError(t, err)
	require.Equal(t, cfg.Procs, capture.Procs)
	real, err := dist.ByKey(capture.Hist, "last-line")
	require.NoError(t, err)

	seeds := make([]uint64, 100)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	lastLines := func(load int) dist.Hist {
		c := cfg
		c.Load = load
		h, err := dist.Simulate(scene.Compiled, c, seeds)
		require.NoError(t, err)
		h, err = dist.ByKey(h, "last-line")
		require.NoError(t, err)
		return h
	}
	loaded, idle := lastLines(cfg.Load), lastLines(0)
	const last = "reader 4"
	t.Logf("reader 4 last: real %.0f%%, load %d %.0f%%, load 0 %.0f%%; last-line TVD: load %d %.2f, load 0 %.2f",
		100*real.P(last), cfg.Load, 100*loaded.P(last), 100*idle.P(last), cfg.Load, dist.TVD(loaded, real), dist.TVD(idle, real))
	require.Equal(t, last, real.Mode(), "the capture's most frequent last line")
	require.Greater(t, loaded.P(last), idle.P(last), "at its stated load reader 4 should come last more often than on an idle machine")
	require.Less(t, dist.TVD(loaded, real), dist.TVD(idle, real), "at its stated load the last lines should be closer to the capture's")
}

// gmpbook compare -runs N -save FILE.dist writes the real side as a
// capture that says under what load it was taken, and run -against reads
// it back and says so; -save without -runs and a load that was not
// measured are refused with a message.
func TestCompareSavesTheLoadOfACapture(t *testing.T) {
	gmp := gmpbookBin(t)
	dir := t.TempDir()
	scene := filepath.Join(dir, "two.go")
	require.NoError(t, os.WriteFile(scene, []byte(`//scene procs=2
func main() {
	done := make(chan bool)
	go func() { fmt.Println("child"); done <- true }()
	fmt.Println("main")
	<-done
}
`), 0o644))
	saved := filepath.Join(dir, "two.dist")
	env := cleanEnv()
	r := run(t, 60*time.Second, env, gmp, "compare", "-runs", "3", "-save", saved, scene)
	require.Equal(t, 0, r.status, "%s", r)
	data, err := os.ReadFile(saved)
	require.NoError(t, err)
	c, err := dist.ParseCaptured(data)
	require.NoError(t, err)
	require.Equal(t, "two", c.Scene)
	require.Equal(t, 2, c.Procs)
	require.Equal(t, 3, c.Hist.N)
	if _, ok := dist.LoadAverage(); ok {
		require.Len(t, c.LoadAvg, 2, "the load average before and after the runs")
		require.Contains(t, r.stdout, "real runtime (load average ")
	}

	r = run(t, 60*time.Second, env, gmp, "run", "-seeds", "1..3", "-against", saved, scene)
	require.Equal(t, 0, r.status, "%s", r)
	require.Contains(t, r.stdout, c.LoadRange())

	r = run(t, 60*time.Second, env, gmp, "compare", "-save", saved, scene)
	require.Equal(t, 2, r.status)
	require.Contains(t, r.stderr, "-save needs -runs N")
	r = run(t, 60*time.Second, env, gmp, "run", "-load", "3", scene)
	require.Equal(t, 2, r.status)
	require.Contains(t, r.stderr, "one of the measured levels 0, 2, 4 or 8")
	require.NotContains(t, r.stderr, "goroutine ", "a message, not a panic")
}
