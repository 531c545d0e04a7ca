package playerlog

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
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
	require.False(t, d.Same(), "1.13 cannot preempt the loop; 1.26 can")
	st, err = CompareSettings(c.Scene.Settings, "", 4)
	require.NoError(t, err)
	p4, err := Simulate(c, st, 0, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, 4, p4.Config.Procs)
	_, err = CompareSettings(c.Scene.Settings, "0.9", 0)
	assert.Error(t, err)
}

// TestStepperSlicesGiveSimulatesRun: advancing a few events at a time
// gives the same events and lines as one Simulate, and a limit ends the
// run without an error; bad settings fail at Start.
func TestStepperSlicesGiveSimulatesRun(t *testing.T) {
	c, err := script.Load("scene.go", []byte(scene))
	require.NoError(t, err)
	_, err = Start(c, script.Settings{}, 0, 0, func(k string) string {
		if k == "GOMAXPROCS" {
			return "zero"
		}
		return ""
	})
	assert.Error(t, err, "a bad GOMAXPROCS fails at Start")
	limited := strings.Replace(spinner, "//scene ", "//scene go=1.13 ", 1)
	for name, src := range map[string]string{"scene": scene, "spinner": spinner, "spinner on go1.13 (ends at a limit)": limited} {
		c, err := script.Load("scene.go", []byte(src))
		require.NoError(t, err)
		whole, err := Simulate(c, c.Scene.Settings, 0, 0, nil)
		require.NoError(t, err)
		st, err := Start(c, c.Scene.Settings, 0, 0, nil)
		require.NoError(t, err)
		assert.Empty(t, st.Run.Events, "the process boots at the first Advance")
		assert.Equal(t, whole.Config, st.Run.Config)
		steps := 0
		for !st.Done() {
			before := len(st.Run.Events)
			done, err := st.Advance(7)
			require.NoError(t, err, name)
			require.True(t, done || len(st.Run.Events) >= before+7, "%s: Advance(7) stopped early at %d", name, len(st.Run.Events))
			steps++
		}
		assert.Greater(t, steps, 2, name)
		assert.Equal(t, whole.Events, st.Run.Events, name)
		assert.Equal(t, whole.Lines, st.Run.Lines, name)
		done, err := st.Advance(7)
		assert.True(t, done)
		assert.NoError(t, err)
		limit := slices.ContainsFunc(st.Run.Events, func(e core.Event) bool { return e.Kind == core.EvLimit })
		assert.Equal(t, src == limited, limit, "%s: limit reached", name)
	}
}

// TestCompareFindsTheDifferenceThatMatters: compare mode's first
// difference is a decision of the scene's goroutines, not the runtime's
// start-up or bookkeeping one version lacks. The tight loop on go1.13 and
// go1.26 first differs where 1.26 preempts it (sysmon's request comes with
// a signal, which 1.13 cannot send); on 1 and 4 Ps, where a second P first
// runs one of the scene's goroutines.
func TestCompareFindsTheDifferenceThatMatters(t *testing.T) {
	c, err := script.Load("spinner.go", []byte(spinner))
	require.NoError(t, err)
	run := func(goVersion string, procs int) []core.Event {
		st, err := CompareSettings(c.Scene.Settings, goVersion, procs)
		require.NoError(t, err)
		r, err := Simulate(c, st, 0, 0, nil)
		require.NoError(t, err)
		return r.Events
	}
	index := func(ev []core.Event, from int, f func(e *core.Event) bool) int {
		for i := from; i < len(ev); i++ {
			if f(&ev[i]) {
				return i
			}
		}
		return -1
	}
	mainStart := func(ev []core.Event) int {
		return index(ev, 0, func(e *core.Event) bool { return e.Kind == core.EvMainStart })
	}

	old, cur := run("1.13", 0), run("1.26", 0)
	d := view.FirstDifference(old, cur)
	require.False(t, d.Same())
	t.Logf("go1.13 #%d %v / go1.26 #%d %v", d.A, &old[d.A], d.B, &cur[d.B])
	assert.Greater(t, d.A, mainStart(old), "after main.main starts")
	assert.Greater(t, d.B, mainStart(cur), "after main.main starts")
	preempt := index(cur, 0, func(e *core.Event) bool { return e.Kind == core.EvGoPreempt })
	require.Greater(t, preempt, 0)
	req := cur[d.B]
	assert.True(t, req.Kind == core.EvGoPreempt || req.Kind == core.EvPreemptReq && req.Flag,
		"go1.26 preempts the loop, with a signal: %v", &req)
	assert.Equal(t, cur[preempt].G, req.G, "the loop's goroutine")
	assert.InDelta(t, float64(cur[preempt].T), float64(req.T), float64(10*core.Microsecond), "at the preemption")
	assert.NotEqual(t, core.EvGoPreempt, old[d.A].Kind, "go1.13 cannot preempt it")
	assert.False(t, slices.ContainsFunc(old, func(e core.Event) bool { return e.Kind == core.EvGoPreempt }))

	one, four := run("", 1), run("", 4)
	d = view.FirstDifference(one, four)
	require.False(t, d.Same())
	t.Logf("procs=1 #%d %v / procs=4 #%d %v", d.A, &one[d.A], d.B, &four[d.B])
	m := mainStart(four)
	require.Greater(t, d.B, m, "after main.main starts")
	at := four[d.B]
	mainP := four[m].P
	require.NotEqual(t, mainP, at.P, "on another P than main's: %v", &at)
	// The scene's goroutines are main and those it creates.
	scene := map[int64]bool{four[m].G: true}
	for _, e := range four[m:] {
		if e.Kind == core.EvGoCreate && e.Arg != 1 {
			scene[e.G] = true
		}
	}
	runs := func(e *core.Event) bool { return e.Kind == core.EvGoStart && scene[e.G] }
	first := index(four, m, func(e *core.Event) bool { return runs(e) && e.P != mainP })
	require.Greater(t, first, 0, "a second P runs one of the scene's goroutines")
	assert.Equal(t, at.P, four[first].P)
	assert.Equal(t, at.T, four[first].T, "the difference is where it does")
	assert.Equal(t, -1, index(four[:d.B], m, func(e *core.Event) bool { return runs(e) && e.P != mainP }), "not before")
}

// TestEveryChapterCaptionIsShown: each //> caption of every chapter scene
// starts at some step of the scene's run as the players record it, and
// where a caption makes a statement the picture can check, the World at
// that step agrees with it.
func TestEveryChapterCaptionIsShown(t *testing.T) {
	all, err := chapters.All()
	require.NoError(t, err)
	n := 0
	for _, ch := range all {
		for _, sc := range ch.Scenes {
			if len(sc.Compiled.Scene.Captions) == 0 {
				continue
			}
			name := ch.Slug + "/" + sc.ID
			run, err := Simulate(sc.Compiled, sc.Settings, 0, 0, nil)
			require.NoError(t, err, name)
			caps := Captions(sc.Compiled)
			rec := view.NewRecording(run.Config.Procs, run.Events, caps)
			rec.SetLines(run)
			src := strings.Split(string(sc.Compiled.Scene.Source), "\n")
			starts := map[string]int{}
			for _, i := range rec.CaptionStarts() {
				for _, c := range caps {
					if _, seen := starts[c.Text]; !seen && strings.Contains(rec.CaptionAt(i), c.Text) {
						starts[c.Text] = i
					}
				}
			}
			for _, c := range caps {
				n++
				i, ok := starts[c.Text]
				stmt := ""
				if c.Line > 0 {
					stmt = strings.TrimSpace(src[c.Line-1])
				}
				if !assert.True(t, ok, "%s: caption never shown: %q (%s%s)", name, c.Text, c.On, stmt) {
					continue
				}
				for _, err := range checkCaption(run, rec, i, c, stmt) {
					t.Errorf("%s: %q shown at event %d (%s): %s", name, c.Text, i, run.Events[i].String(), err)
				}
			}
		}
	}
	assert.Greater(t, n, 100, "the chapters' captions were all looked at")
}

// checkCaption checks what caption c says against the World at event i,
// the step it is shown at, for the statements a World can settle.
func checkCaption(run *Run, rec *view.Recording, i int, c view.Caption, stmt string) []string {
	w := rec.WorldAt(i)
	var errs []string
	text := strings.ToLower(c.Text)
	// A caption on a go statement is shown once the new G exists and has
	// been queued; if it says the G takes runnext, it is in runnext.
	if strings.HasPrefix(stmt, "go ") {
		k := i
		for k >= 0 && run.Events[k].Kind != core.EvGoCreate {
			k--
		}
		if k < 0 || run.Events[k].T != run.Events[i].T {
			return append(errs, "no goroutine was created at this instant")
		}
		g := w.G(run.Events[k].G)
		switch {
		case g.Loc == core.LocInFlight:
			errs = append(errs, fmt.Sprintf("G%d is still being created", g.ID))
		case strings.Contains(text, "runnext") && !strings.Contains(text, "will") && !strings.Contains(text, "kicks runnext"):
			if g.Loc != core.LocRunnext {
				errs = append(errs, fmt.Sprintf("G%d is in %s, not runnext", g.ID, g.Loc))
			} else if strings.Contains(text, "p0's runnext") && g.P != 0 {
				errs = append(errs, fmt.Sprintf("G%d is in P%d's runnext", g.ID, g.P))
			}
		}
	}
	// "main parks" / "main blocks": main is waiting.
	if strings.HasPrefix(text, "main parks") || strings.HasPrefix(text, "main blocks") {
		if m := w.G(1); m == nil || (m.Status != core.Gwaiting && m.Status != core.Gsyscall) {
			errs = append(errs, "main is not parked")
		}
	}
	// "in IO wait": the G that just parked waits on the netpoller.
	if strings.Contains(text, "io wait") {
		k := i
		for k >= 0 && run.Events[k].T == run.Events[i].T && run.Events[k].Kind != core.EvGoBlock {
			k--
		}
		if k < 0 || run.Events[k].Kind != core.EvGoBlock || run.Events[k].Wait != core.WaitIOWait {
			errs = append(errs, "no G parked in IO wait at this instant")
		} else if g := w.G(run.Events[k].G); g.Status != core.Gwaiting || g.Wait != core.WaitIOWait {
			errs = append(errs, fmt.Sprintf("G%d is %s", g.ID, g.Status))
		}
	}
	// A caption about epoll: a thread is blocked in it, or a poll returned.
	if strings.Contains(text, "epoll") {
		inPoll := false
		for _, m := range w.Ms {
			inPoll = inPoll || (m != nil && m.State == core.MNetpoll)
		}
		k := run.Events[i].Kind
		if !inPoll && k != core.EvNetpoll && k != core.EvMNetpollWake {
			errs = append(errs, "no M is in epoll_wait")
		}
	}
	// "both Ps go idle" / "P1 is idle".
	if strings.Contains(text, "both ps go idle") && w.NPIdle != len(w.Ps) {
		errs = append(errs, fmt.Sprintf("%d of %d Ps are idle", w.NPIdle, len(w.Ps)))
	}
	return errs
}
