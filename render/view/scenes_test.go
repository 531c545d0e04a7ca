package view

import (
	"fmt"
	"testing"

	"github.com/gmpbook/gmpbook/core"
	"github.com/stretchr/testify/require"
)

// Scenes recorded by the simulator, shared by the tests.

const ms = core.Millisecond

// record runs main on procs Ps and returns its event log.
func record(t testing.TB, procs int, seed uint64, main []core.Op, opts ...core.Option) []core.Event {
	t.Helper()
	cfg := core.DefaultConfig(procs)
	cfg.Seed = seed
	s, err := core.New(cfg, core.Ops(main...), opts...)
	require.NoError(t, err)
	_ = s.Run()
	ev := s.Events()
	require.NotEmpty(t, ev)
	return ev
}

var (
	wgDone = core.Op{Kind: core.OpWGAdd, Obj: 1, N: -1}
	wgWait = core.Op{Kind: core.OpWGWait, Obj: 1}
)

func wgAdd(n int64) core.Op { return core.Op{Kind: core.OpWGAdd, Obj: 1, N: n} }

// stealScene: two Ps; main starts 8 Gs of 2ms of work each and waits for
// them. P1 finds its queue empty and steals half of P0's.
func stealScene(t testing.TB) []core.Event {
	main := []core.Op{wgAdd(8), core.Loop(8, core.Go("w", core.Compute(2*ms), wgDone)), wgWait}
	return record(t, 2, 1, main, core.WithObjects(nil, 0, 1))
}

// mixedScene: n Gs doing a bit of everything, so that every place of the
// picture is used: compute, sleep, system calls, network reads, channels,
// a mutex, and long loops without calls that only async preemption stops.
func mixedScene(t testing.TB, procs, n int, seed uint64) []core.Event {
	main := []core.Op{wgAdd(int64(n))}
	for i := range n {
		var body []core.Op
		switch i % 7 {
		case 0:
			body = []core.Op{core.Compute(time(i, 300)), wgDone}
		case 1:
			body = []core.Op{{Kind: core.OpSleep, D: time(i, 2000)}, core.Compute(100 * core.Microsecond), wgDone}
		case 2:
			body = []core.Op{{Kind: core.OpSyscall, D: time(i, 15000)}, wgDone}
		case 3:
			body = []core.Op{{Kind: core.OpNetRead, D: time(i, 3000)}, wgDone}
		case 4:
			body = []core.Op{{Kind: core.OpRecv, Obj: 1}, wgDone}
		case 5:
			body = []core.Op{{Kind: core.OpLock, Obj: 1}, core.Compute(200 * core.Microsecond), {Kind: core.OpUnlock, Obj: 1}, wgDone}
		case 6:
			body = []core.Op{core.Spin(time(i, 25000)), wgDone}
		}
		main = append(main, core.Go(fmt.Sprintf("w%d", i), body...))
	}
	main = append(main, core.Compute(5*ms))
	for i := range n {
		if i%7 == 4 {
			main = append(main, core.Op{Kind: core.OpSend, Obj: 1, Val: i})
		}
	}
	main = append(main, wgWait)
	return record(t, procs, seed, main, core.WithObjects([]int{0}, 1, 1))
}

// time spreads durations a little by i, in µs.
func time(i int, us int64) core.Duration {
	return (us + int64(i%5)*us/7) * core.Microsecond
}

// preemptScene: one P, two Gs that loop without calls for 30ms each:
// sysmon preempts them asynchronously.
func preemptScene(t testing.TB) []core.Event {
	main := []core.Op{wgAdd(2), core.Go("a", core.Spin(30*ms), wgDone), core.Go("b", core.Spin(30*ms), wgDone), wgWait}
	return record(t, 1, 1, main, core.WithObjects(nil, 0, 1))
}

// overflowScene: one P, main starts 300 Gs without yielding: the local
// queue fills and half of it moves to the global queue.
func overflowScene(t testing.TB, n int) []core.Event {
	main := []core.Op{wgAdd(int64(n)), core.Loop(int64(n), core.Go("w", core.Compute(50*core.Microsecond), wgDone)), wgWait}
	return record(t, 1, 1, main, core.WithObjects(nil, 0, 1))
}

// miscScene: the rarer events: Gosched, prints, a locked G that exits
// locked, GOMAXPROCS changes (stop-the-world), schedtrace samples.
func miscScene(t testing.TB) []core.Event {
	cfg := core.DefaultConfig(4)
	cfg.Debug.SchedTrace = 1
	main := []core.Op{
		wgAdd(3),
		core.Println("hello"),
		core.Go("locked", core.Op{Kind: core.OpLockOSThread}, core.Compute(100*core.Microsecond), wgDone),
		core.Go("sleeper", core.Op{Kind: core.OpSleep, D: 3 * ms}, wgDone),
		core.Go("yielder", core.Op{Kind: core.OpGosched}, core.Compute(2*ms), wgDone),
		core.Op{Kind: core.OpGosched},
		core.Op{Kind: core.OpGOMAXPROCS, N: 2},
		core.Compute(1 * ms),
		core.Op{Kind: core.OpGOMAXPROCS, N: 3},
		wgWait,
		core.Op{Kind: core.OpSleep, D: 2 * ms},
	}
	s, err := core.New(cfg, core.Ops(main...), core.WithObjects(nil, 0, 1))
	require.NoError(t, err)
	_ = s.Run()
	return s.Events()
}

// deadlockScene: main waits on a channel nobody sends on.
func deadlockScene(t testing.TB) []core.Event {
	return record(t, 2, 1, []core.Op{{Kind: core.OpRecv, Obj: 1}}, core.WithObjects([]int{0}, 0, 0))
}

// allScenes are the recorded runs the narration and cursor tests sweep.
func allScenes(t testing.TB) map[string]struct {
	procs  int
	events []core.Event
} {
	type sc = struct {
		procs  int
		events []core.Event
	}
	return map[string]sc{
		"steal":     {2, stealScene(t)},
		"mixed4":    {4, mixedScene(t, 4, 60, 3)},
		"mixed1":    {1, mixedScene(t, 1, 30, 5)},
		"preempt":   {1, preemptScene(t)},
		"overflow":  {1, overflowScene(t, 300)},
		"mixed8big": {8, mixedScene(t, 8, 300, 7)},
		"misc":      {4, miscScene(t)},
		"deadlock":  {2, deadlockScene(t)},
	}
}

// TestScenesCoverTheScheduler makes sure the scenes exercise what the
// picture is about: steals, hand-offs, preemption, syscalls, netpoll,
// timers, overflow.
func TestScenesCoverTheScheduler(t *testing.T) {
	seen := map[core.EvKind]int{}
	for _, s := range allScenes(t) {
		for _, e := range s.events {
			seen[e.Kind]++
		}
	}
	for _, k := range []core.EvKind{core.EvSteal, core.EvProcHandoff, core.EvProcRetake, core.EvGoPreempt, core.EvGoSysCall,
		core.EvNetpoll, core.EvTimerFire, core.EvRunqOverflow, core.EvGlobalGet, core.EvMSpin, core.EvGoBlock} {
		if seen[k] == 0 {
			t.Errorf("no scene has a %v event", k)
		}
	}
	var missing []string
	for _, k := range core.EvKinds() {
		if seen[k] == 0 {
			missing = append(missing, k.String())
		}
	}
	t.Logf("event kinds no scene produces (narration is still tested on synthetic events): %v", missing)
}
