package core

import (
	"runtime"
	"testing"
	"time"
	"unsafe"
)

// recordBench runs a benchmark program for n ops with DefaultConfig(1),
// keeping the event log, and checks that it exited cleanly.
func recordBench(t *testing.T, n int, build func(int) (Program, Option)) *Sim {
	t.Helper()
	main, objs := build(n)
	s, err := New(DefaultConfig(1), main, objs)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(); err != nil || s.ExitCode() != 0 {
		t.Fatalf("n=%d: run ended with %v, exit %d, %q", n, err, s.ExitCode(), s.Deadlock())
	}
	return s
}

// userGs returns the goids of the Gs that main.main created: every G it
// created minus the runtime's service Gs (which never exit, so their G
// structs still carry their goids).
func userGs(s *Sim) map[int64]bool {
	system := map[int64]bool{}
	for _, g := range s.allg {
		if g.System {
			system[g.ID] = true
		}
	}
	users := map[int64]bool{}
	for _, e := range s.Events() {
		if e.Kind == EvGoCreate && e.G2 == s.mainG.ID && !system[e.G] {
			users[e.G] = true
		}
	}
	return users
}

var benchCounts = []int{1, 2, 3, 10, 1000}

func TestBenchPingPongCountsHandOffs(t *testing.T) {
	for _, n := range benchCounts {
		s := recordBench(t, n, pingPongProg)
		users := userGs(s)
		users[s.mainG.ID] = true
		if len(users) != 2 {
			t.Fatalf("n=%d: want main and one player, got %v", n, users)
		}
		// A hand-off readies the other player: one GoUnblock whose G and
		// G2 are the two players.
		handoffs := 0
		for _, e := range s.Events() {
			if e.Kind == EvGoUnblock && users[e.G] && users[e.G2] {
				handoffs++
			}
		}
		if handoffs != n {
			t.Errorf("n=%d: %d hand-offs", n, handoffs)
		}
	}
}

func TestBenchGoschedCountsCalls(t *testing.T) {
	for _, n := range benchCounts {
		s := recordBench(t, n, goschedProg)
		per := map[int64]int{}
		for _, e := range s.Events() {
			if e.Kind == EvGoSched {
				per[e.G]++
			}
		}
		total, most := 0, 0
		for _, c := range per {
			total += c
			most = max(most, c)
		}
		if total != n || most != n-n/2 {
			t.Errorf("n=%d: %d Gosched calls, at most %d by one G (%v)", n, total, most, per)
		}
	}
}

func TestBenchSpawnRunExitCountsLives(t *testing.T) {
	for _, n := range benchCounts {
		s := recordBench(t, n, spawnRunExitProg)
		ended := 0
		for _, e := range s.Events() {
			if e.Kind == EvGoEnd {
				ended++
			}
		}
		if created := len(userGs(s)); created != n || ended != n {
			t.Errorf("n=%d: %d created by main, %d ended", n, created, ended)
		}
	}
}

func TestBenchAllAliveParksEveryGoroutineAtOnce(t *testing.T) {
	for _, n := range benchCounts {
		s := recordBench(t, n, allAliveProg)
		const gate = 2
		waiting, parked, peak, ended := map[int64]bool{}, 0, 0, 0
		for _, e := range s.Events() {
			switch {
			case e.Kind == EvGoBlock && e.N == gate && e.Wait == WaitSyncWaitGroupWait:
				waiting[e.G] = true
				parked++
				peak = max(peak, parked)
			case e.Kind == EvGoUnblock && waiting[e.G]:
				delete(waiting, e.G)
				parked--
			case e.Kind == EvGoEnd:
				ended++
			}
		}
		if peak != n || ended != n {
			t.Errorf("n=%d: at most %d parked on the gate at once, %d ended", n, peak, ended)
		}
	}
}

func TestBenchRunsCountEventsAndRepeat(t *testing.T) {
	for _, w := range BenchWorkloads() {
		a, err := w.Run(1000)
		if err != nil {
			t.Fatalf("%s: %v", w.Name, err)
		}
		b, err := w.Run(1000)
		if err != nil {
			t.Fatalf("%s: %v", w.Name, err)
		}
		if a.Ops != 1000 || a.Events <= 1000 || a.Virtual <= 0 || a != b {
			t.Errorf("%s: runs %+v and %+v", w.Name, a, b)
		}
	}
	for _, w := range BenchWorkloads() {
		if r, err := w.Run(0); err != nil || r != (BenchRun{}) {
			t.Errorf("%s(0) = %+v, %v", w.Name, r, err)
		}
	}
}

func TestBenchParkNetpollParksEveryReader(t *testing.T) {
	const n = 1000
	s, err := BenchParkNetpoll(n)
	if err != nil {
		t.Fatal(err)
	}
	parked := 0
	for _, g := range s.allg {
		if g.status == Gwaiting && g.loc == LocNetpoll && g.waitReason == WaitIOWait {
			parked++
		}
	}
	if parked != n || s.sched.netpollWaiters != n || s.mainG.waitReason != WaitSleep || !s.RunUntil(s.Now()+Time(Second)) {
		t.Errorf("%d Gs parked on the netpoller, %d waiters, main %v", parked, s.sched.netpollWaiters, s.mainG.waitReason)
	}
}

// TestOneMillionGoroutines runs a million goroutines with the default
// limits: one after another (spawn, run, exit), then all alive at once.
func TestOneMillionGoroutines(t *testing.T) {
	if testing.Short() {
		t.Skip("a million goroutines take seconds")
	}
	const n = 1_000_000
	for _, tc := range []struct {
		name  string
		build func(int) (Program, Option)
	}{
		{"SpawnRunExit", spawnRunExitProg},
		{"AllAlive", allAliveProg},
	} {
		t.Run(tc.name, func(t *testing.T) {
			main, objs := tc.build(n)
			var events int64
			start := time.Now()
			s, err := New(DefaultConfig(1), main, objs, WithSink(func(*Event) { events++ }))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Run(); err != nil || s.ExitCode() != 0 || s.LimitReached() {
				t.Fatalf("run ended with %v, exit %d, %q", err, s.ExitCode(), s.Deadlock())
			}
			t.Logf("%d goroutines: %d events, virtual %v, wall %v, %d G structs",
				n, events, s.Now(), time.Since(start).Round(time.Millisecond), len(s.allg))
		})
	}
}

func TestSizeofG(t *testing.T) {
	t.Logf("sizeof G %d, Op %d, Result %d, P %d, M %d, Event %d, action %d, pollDesc %d, opList frame %d",
		unsafe.Sizeof(G{}), unsafe.Sizeof(Op{}), unsafe.Sizeof(Result{}), unsafe.Sizeof(P{}), unsafe.Sizeof(M{}),
		unsafe.Sizeof(Event{}), unsafe.Sizeof(action{}), unsafe.Sizeof(pollDesc{}), unsafe.Sizeof(opFrame{}))
	// The budget is for everything a parked netpoll G costs the simulated
	// process, not just its struct: measure it as the benchmark does.
	perG, err := parkedNetpollBytesPerG(parkedNetpollGs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("heap per parked netpoll G: %.1f bytes (budget %d)", perG, parkedGBudget)
	if perG > parkedGBudget {
		t.Errorf("a parked netpoll G costs %.1f heap bytes, over the budget of %d: "+
			"a million parked connections must fit in half a gigabyte", perG, parkedGBudget)
	}
}

// parkedGBudget is the heap a goroutine parked on the netpoller may cost
// the simulator, in bytes, and parkedNetpollGs how many are parked to
// measure it (enough that fixed costs vanish in the average).
const (
	parkedGBudget   = 512
	parkedNetpollGs = 100_000
)

// parkedNetpollBytesPerG parks n goroutines on the netpoller and returns
// the live heap bytes per parked G: G structs, programs, poll descriptors
// and queued I/O events.
func parkedNetpollBytesPerG(n int) (float64, error) {
	before := heapInUse()
	s, err := BenchParkNetpoll(n)
	if err != nil {
		return 0, err
	}
	after := heapInUse()
	runtime.KeepAlive(s)
	return float64(int64(after)-int64(before)) / float64(n), nil
}

// benchSim runs a simulated workload once over b.N ops and reports
// operations per second of wall clock, like internal/realbench's benchmarks.
func benchSim(b *testing.B, run func(int) (BenchRun, error)) {
	b.ReportAllocs()
	start := time.Now()
	r, err := run(b.N)
	elapsed := time.Since(start)
	if err != nil {
		b.Fatal(err)
	}
	if elapsed > 0 {
		b.ReportMetric(float64(r.Ops)/elapsed.Seconds(), "ops/s")
	}
	b.ReportMetric(float64(r.Events)/float64(max(r.Ops, 1)), "events/op")
}

func BenchmarkSimPingPong(b *testing.B) { benchSim(b, BenchPingPong) }
func BenchmarkSimGosched(b *testing.B)  { benchSim(b, BenchGosched) }
func BenchmarkSimSpawn(b *testing.B)    { benchSim(b, BenchSpawnRunExit) }

// heapInUse is the heap's live bytes after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkParkedNetpollGs parks 100,000 goroutines on the netpoller and
// reports the heap bytes per parked G: everything the simulated process
// holds for them (G structs, programs, poll descriptors, queued I/O events).
func BenchmarkParkedNetpollGs(b *testing.B) {
	var perG float64
	for b.Loop() {
		var err error
		if perG, err = parkedNetpollBytesPerG(parkedNetpollGs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(perG, "B/G")
}

// TestEmittingDoesNotAllocate: once a simulation runs, its steady state
// (ops, scheduling, emitting events to a sink) allocates nothing, so ten
// thousand more ops cost no more allocations. An event that escapes to the
// heap (an Event passed where the compiler cannot follow it) fails here.
func TestEmittingDoesNotAllocate(t *testing.T) {
	for name, run := range map[string]func(int) (BenchRun, error){"PingPong": BenchPingPong, "Gosched": BenchGosched} {
		allocs := func(n int) float64 {
			return testing.AllocsPerRun(1, func() {
				if _, err := run(n); err != nil {
					t.Fatal(err)
				}
			})
		}
		small, large := allocs(1000), allocs(11000)
		if large-small > 8 {
			t.Errorf("%s: %v allocations for 1000 ops, %v for 11000: the event path allocates", name, small, large)
		}
	}
}

// TestBenchWorkloadsTimedMeasured: the measured-timing twins complete every
// operation, repeat per run, and take another virtual time than the fixed
// ones, so that the timing reaches the run.
func TestBenchWorkloadsTimedMeasured(t *testing.T) {
	fixed := BenchWorkloads()
	for i, w := range BenchWorkloadsTimed(TimingMeasured) {
		a, err := w.Run(1000)
		if err != nil {
			t.Fatalf("%s: %v", w.Name, err)
		}
		b, err := w.Run(1000)
		if err != nil {
			t.Fatalf("%s: %v", w.Name, err)
		}
		f, err := fixed[i].Run(1000)
		if err != nil {
			t.Fatalf("%s fixed: %v", w.Name, err)
		}
		if w.Name != fixed[i].Name || a.Ops != 1000 || a != b {
			t.Errorf("%s: runs %+v and %+v", w.Name, a, b)
		}
		if a.Virtual == f.Virtual {
			t.Errorf("%s: measured timing ended at %v, as fixed timing did", w.Name, a.Virtual)
		}
	}
}

// The same workloads with measured timing, the default of the chapters,
// the player and gmpbook run.
func BenchmarkSimPingPongMeasured(b *testing.B) { benchSim(b, measuredBench("PingPong")) }
func BenchmarkSimGoschedMeasured(b *testing.B)  { benchSim(b, measuredBench("Gosched")) }
func BenchmarkSimSpawnMeasured(b *testing.B)    { benchSim(b, measuredBench("SpawnRunExit")) }

func measuredBench(name string) func(n int) (BenchRun, error) {
	for _, w := range BenchWorkloadsTimed(TimingMeasured) {
		if w.Name == name {
			return w.Run
		}
	}
	panic("no workload " + name)
}
