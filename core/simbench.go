package core

import (
	"fmt"
	"math"
)

// This file builds the simulated twins of the workloads in
// internal/realbench, so that benchmarks and cmd/benchreport can compare the
// simulator's speed with the real runtime's on the same machine. Each twin is
// an op-list program run at GOMAXPROCS=1 with a faithful start-up, its events
// streamed to a counting sink rather than kept. The simulator never reads a
// clock: these functions return counts, and the caller times them.

// BenchRun is what one simulated benchmark run did.
type BenchRun struct {
	Ops     int   // operations completed, each counted as internal/realbench counts its twin's
	Events  int64 // events emitted (counted by the sink, not kept)
	Virtual Time  // virtual time when the simulated process exited
}

// BenchWorkload is one simulated workload: Run performs n operations.
type BenchWorkload struct {
	Name string // the name of the internal/realbench workload it twins
	Run  func(n int) (BenchRun, error)
}

// BenchWorkloads lists the simulated twins in internal/realbench's order,
// under the same names, with fixed timing.
func BenchWorkloads() []BenchWorkload { return BenchWorkloadsTimed(TimingFixed) }

// BenchWorkloadsTimed is BenchWorkloads with the given timing: measured
// timing is what the chapters, the player and gmpbook run use, and costs a
// draw from the timing stream at every latency.
func BenchWorkloadsTimed(t Timing) []BenchWorkload {
	timed := func(build func(n int) (Program, Option)) func(n int) (BenchRun, error) {
		return func(n int) (BenchRun, error) { return runBenchTimed(n, t, build) }
	}
	return []BenchWorkload{
		{"PingPong", timed(pingPongProg)},
		{"Gosched", timed(goschedProg)},
		{"SpawnRunExit", timed(spawnRunExitProg)},
	}
}

// BenchConfig is the configuration of the benchmark runs: DefaultConfig(1)
// with no bound on the number of events, since they stream to a counting
// sink and a long run keeps none of them in memory. Every other limit is
// the default.
func BenchConfig() Config {
	cfg := DefaultConfig(1)
	cfg.Limits.MaxEvents = math.MaxInt64
	return cfg
}

// benchHour is the delay of a read that must stay parked for the whole
// measurement.
const benchHour = 3600 * Second

// BenchPingPong bounces a value between two goroutines over two unbuffered
// channels (ids 1 and 2), n hand-offs in all. As in internal/realbench, one
// op is one send on an unbuffered channel completed by the other goroutine's
// receive. main.main is one player: it starts the other, then loops
// {send on 1; receive on 2}; the other loops {receive on 1; send on 2}. For
// odd n main ends with one more send that the other receives. A clean exit
// means every hand-off completed, since main's last op is a hand-off.
func BenchPingPong(n int) (BenchRun, error) { return runBench(n, pingPongProg) }

// pingPongProg is the main program of BenchPingPong and the objects it names.
func pingPongProg(n int) (Program, Option) {
	const ping, pong = 1, 2
	send := func(c int64) Op { return Op{Kind: OpSend, Obj: c, Val: 1} }
	recv := func(c int64) Op { return Op{Kind: OpRecv, Obj: c} }
	other := []Op{Loop(int64(n/2), recv(ping), send(pong))}
	mine := []Op{Loop(int64(n/2), send(ping), recv(pong))}
	if n%2 == 1 {
		other = append(other, recv(ping))
		mine = append(mine, send(ping))
	}
	main := append([]Op{Go("main.player", other...)}, mine...)
	return Ops(main...), WithObjects([]int{0, 0}, 0, 0)
}

// BenchGosched runs two goroutines that call runtime.Gosched in a loop, n
// calls in all: the first ceil(n/2), the second floor(n/2). As in
// internal/realbench, one op is one Gosched call; main.main waits for both
// on WaitGroup 1.
func BenchGosched(n int) (BenchRun, error) { return runBench(n, goschedProg) }

// goschedProg is the main program of BenchGosched and the objects it names.
func goschedProg(n int) (Program, Option) {
	const wg = 1
	yield := func(times int) Op {
		return Go("main.yield", Loop(int64(times), Op{Kind: OpGosched}), wgDone(wg))
	}
	main := Ops(
		Op{Kind: OpWGAdd, Obj: wg, N: 2},
		yield(n-n/2),
		yield(n/2),
		Op{Kind: OpWGWait, Obj: wg},
	)
	return main, WithObjects(nil, 0, 1)
}

// BenchSpawnRunExit starts n goroutines that only mark WaitGroup 1 done and
// exit, and waits for them. As in internal/realbench, one op is one
// goroutine's whole life: newproc, scheduled, run, goexit.
func BenchSpawnRunExit(n int) (BenchRun, error) { return runBench(n, spawnRunExitProg) }

// spawnRunExitProg is the main program of BenchSpawnRunExit and the objects
// it names.
func spawnRunExitProg(n int) (Program, Option) {
	const wg = 1
	main := Ops(
		Op{Kind: OpWGAdd, Obj: wg, N: int64(n)},
		Loop(int64(n), Go("main.done", wgDone(wg))),
		Op{Kind: OpWGWait, Obj: wg},
	)
	return main, WithObjects(nil, 0, 1)
}

// BenchAllAlive has n goroutines alive at once: main.main starts n, each
// marks WaitGroup 1 done and parks on WaitGroup 2; once all are parked, main
// releases them, and each marks WaitGroup 3 done and exits while main waits.
// One op is one goroutine's whole life.
func BenchAllAlive(n int) (BenchRun, error) { return runBench(n, allAliveProg) }

// allAliveProg is the main program of BenchAllAlive and the objects it names.
func allAliveProg(n int) (Program, Option) {
	const started, gate, finished = 1, 2, 3
	main := Ops(
		Op{Kind: OpWGAdd, Obj: started, N: int64(n)},
		Op{Kind: OpWGAdd, Obj: gate, N: 1},
		Op{Kind: OpWGAdd, Obj: finished, N: int64(n)},
		Loop(int64(n), Go("main.waiter", wgDone(started), Op{Kind: OpWGWait, Obj: gate}, wgDone(finished))),
		Op{Kind: OpWGWait, Obj: started},
		wgDone(gate),
		Op{Kind: OpWGWait, Obj: finished},
	)
	return main, WithObjects(nil, 0, 3)
}

// BenchParkNetpoll builds a process whose main.main starts n goroutines that
// each read a socket whose data arrives only after an hour, then sleeps for
// an hour itself. It runs the process until all n goroutines are parked on
// the netpoller and main is asleep, and returns it there, still running, so
// that the caller can measure what the parked goroutines cost.
func BenchParkNetpoll(n int) (*Sim, error) {
	if n < 0 {
		n = 0
	}
	main := Ops(
		Loop(int64(n), Go("main.reader", Op{Kind: OpNetRead, D: benchHour})),
		Op{Kind: OpSleep, D: benchHour},
	)
	s, err := New(BenchConfig(), main, WithSink(func(*Event) {}))
	if err != nil {
		return nil, err
	}
	for s.sched.netpollWaiters < n || !s.startupDone || s.mainG.status != Gwaiting {
		if !s.Step() {
			return nil, benchExitErr(s)
		}
	}
	return s, nil
}

// wgDone is WaitGroup.Done: Add(-1).
func wgDone(wg int64) Op { return Op{Kind: OpWGAdd, Obj: wg, N: -1} }

// runBench builds the workload's program for n ops and runs it to the end
// with BenchConfig, its events going to a counting sink. n <= 0 runs
// nothing. A run that does not end with exit status 0 is an error: then not
// all n operations completed.
func runBench(n int, build func(n int) (Program, Option)) (BenchRun, error) {
	return runBenchTimed(n, TimingFixed, build)
}

// runBenchTimed is runBench with the given timing.
func runBenchTimed(n int, t Timing, build func(n int) (Program, Option)) (BenchRun, error) {
	if n <= 0 {
		return BenchRun{}, nil
	}
	var events int64
	main, objs := build(n)
	cfg := BenchConfig()
	cfg.Timing = t
	s, err := New(cfg, main, objs, WithSink(func(*Event) { events++ }))
	if err != nil {
		return BenchRun{}, err
	}
	if err := s.Run(); err != nil || s.ExitCode() != 0 {
		return BenchRun{Events: events, Virtual: s.Now()}, benchExitErr(s)
	}
	return BenchRun{Ops: n, Events: events, Virtual: s.Now()}, nil
}

// benchExitErr describes why a benchmark process ended early.
func benchExitErr(s *Sim) error {
	switch {
	case s.CheckErr() != nil:
		return s.CheckErr()
	case s.LimitReached():
		return fmt.Errorf("core: benchmark hit a limit at %v: %w", s.Now(), ErrLimit)
	case s.Deadlock() != "":
		return fmt.Errorf("core: benchmark ended at %v: %s", s.Now(), s.Deadlock())
	}
	return fmt.Errorf("core: benchmark process exited with status %d at %v", s.ExitCode(), s.Now())
}
