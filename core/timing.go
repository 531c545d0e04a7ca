package core

// Timing selects where the simulator's OS and hardware latencies come from.
type Timing uint8

const (
	// TimingFixed uses the constants of Config.Costs for every latency: the
	// seed only picks steal victims and select cases. Scenario transcripts
	// and unit tests use it, so that a rule's effect is read without noise.
	TimingFixed Timing = iota
	// TimingMeasured draws every latency the runtime does not control —
	// futex wake-ups, thread creation, usleep, a steal pass, epoll_wait
	// returning, system call entry and exit, the write of a print, the
	// length of CPU work, the start-up's init work — from distributions
	// measured on the reference machine (timing_measured.go, made by
	// cmd/measure-timing; docs/timing.md). The draws come from the
	// simulation's own stream, in the order the actions are scheduled, so
	// a seed still gives one byte-identical run, natively and in wasm.
	TimingMeasured
)

func (t Timing) String() string {
	if t == TimingMeasured {
		return "measured"
	}
	return "fixed"
}

// qtable is an empirical distribution: evenly spaced quantiles from the
// 0.5th to the 99.5th percentile, sorted. Sampling is integer arithmetic
// only (no floating point), so it gives the same value on every platform.
type qtable []int64

// sample draws from the table by inverse transform with linear
// interpolation between neighbouring quantiles.
func (q qtable) sample(r *wyrand) int64 {
	x := uint64(r.next()) * uint64(len(q)-1)
	i := x >> 32
	f := x & (1<<32 - 1)
	lo := q[i]
	if i+1 >= uint64(len(q)) {
		return lo
	}
	return lo + int64((uint64(q[i+1]-lo)*f)>>32)
}

// median is the table's middle entry.
func (q qtable) median() int64 { return q[len(q)/2] }

// LoadLevels are the values Config.Load may take: no other programs, or
// as many CPU-bound threads of other programs as cmd/measure-timing ran
// beside its sleeper when it measured the LoadWait tables.
var LoadLevels = []int{0, 2, 4, 8}

// loadTables are the LoadWake and LoadRun tables of a load level, nil
// for 0.
func (m *Machine) loadTables(load int) (wake, run qtable) {
	switch load {
	case 2:
		return m.LoadWake2, m.LoadRun2
	case 4:
		return m.LoadWake4, m.LoadRun4
	case 8:
		return m.LoadWake8, m.LoadRun8
	}
	return nil, nil
}

// workClip bounds the per-mille factor applied to CPU work: the measured
// table's far tail is a 50µs loop losing the CPU to another tenant for a
// kernel tick, which does not scale with the length of the work.
const workClipLo, workClipHi = 990, 1030

// The latency draws. Each is one call of the simulation's timing stream
// when timing is measured and the fixed cost otherwise.

func (s *Sim) measuredTiming() bool { return s.cfg.Timing == TimingMeasured }

// loadWait is how long a thread that has just become runnable waits for
// a CPU that another program's thread holds: the host's other work
// (Config.Load). parked says it was parked for a while (a futex wake-up of
// an idle M, a new thread: the LoadWake table) rather than back from a
// short nanosleep or epoll_wait (LoadRun). Most draws are 0 (a CPU was
// free, or the kernel let the woken thread preempt); the rest are up to
// the remainder of the other thread's time slice, milliseconds. The draws
// come from their own stream, so that every other latency of a seed is
// the same at every load; nothing is drawn at load 0 or with fixed timing.
// The callers are the Ms that run goroutines (startm, startlockedm,
// procresize's wake-ups, newm, the poller's returns, runqgrab's usleep);
// sysmon is left out, as the cpus model leaves it out (cpus.go): it runs
// for microseconds between sleeps, and a thread that sleeps that much is
// the one the kernel lets preempt (LoadRun8: a 500µs sleeper beside 8
// spinners waited in fewer than one wake-up in eight).
func (s *Sim) loadWait(parked bool) Time {
	if !s.measuredTiming() || s.loadWake == nil {
		return 0
	}
	if parked {
		return Time(s.loadWake.sample(&s.lrng))
	}
	return Time(s.loadRun.sample(&s.lrng))
}

// futexWake: notewakeup until the woken M runs (proc.go:startm → notewakeup,
// stopm → mPark).
func (s *Sim) futexWake() Time {
	if !s.measuredTiming() {
		return Time(s.costs.FutexWake)
	}
	if !s.startupDone && s.initTab != nil {
		// Woken before main.main: the start-up's tables (Machine.InitAt).
		return Time(s.initTab.FutexWake.sample(&s.trng))
	}
	return Time(s.mach.FutexWake.sample(&s.trng))
}

// threadStart: newm until the thread runs (proc.go:newm → newosproc, clone).
func (s *Sim) threadStart() Time {
	if !s.measuredTiming() {
		return Time(s.costs.ThreadStart)
	}
	if !s.startupDone && s.initTab != nil {
		// Asked for before main.main (Machine.InitAt).
		return Time(s.initTab.ThreadStart.sample(&s.trng))
	}
	return Time(s.mach.ThreadStart.sample(&s.trng))
}

// usleepFor is how long usleep(d) sleeps (os_linux.go:usleep →
// nanosleep): d plus the kernel's timer slack and wake-up.
func (s *Sim) usleepFor(d Duration) Time {
	if !s.measuredTiming() {
		return Time(d + s.costs.UsleepSlack)
	}
	if d <= 3*Microsecond {
		return Time(s.mach.Usleep3.sample(&s.trng))
	}
	extra := s.mach.Usleep20.sample(&s.trng) - 20*Microsecond
	return Time(d + max(extra, 0))
}

// netpollWake: the blocked poller's epoll_wait returning after an event or
// a netpollBreak, until the M runs on (netpoll_epoll.go:netpoll).
func (s *Sim) netpollWake() Time {
	if !s.measuredTiming() {
		return Time(s.costs.FutexWake)
	}
	return Time(s.mach.NetpollWake.sample(&s.trng))
}

// syscallEnter: entersyscall and exitsyscall around a call's own length.
func (s *Sim) syscallEnter() Time {
	if !s.measuredTiming() {
		return Time(s.costs.SyscallEnter)
	}
	return Time(s.mach.Syscall.sample(&s.trng))
}

// printWrite: the write(2) of one fmt.Println.
func (s *Sim) printWrite() Duration {
	if !s.measuredTiming() {
		return s.costs.PrintWrite
	}
	return s.mach.PrintWrite.sample(&s.trng)
}

// workFor is how long d of nominal CPU work takes this time.
func (s *Sim) workFor(d Duration) Duration {
	if !s.measuredTiming() || d <= 0 {
		return d
	}
	f := min(max(s.mach.Work.sample(&s.trng), workClipLo), workClipHi)
	if d < 1<<40 {
		return max(d*f/1000, 1)
	}
	return d / 1000 * f
}

// stealPass is how long a spinning M's trip through stealWork takes before
// it either runs what it stole or gives up (proc.go:findRunnable,
// stealWork). Zero at one P, where there is no other P to visit.
func (s *Sim) stealPass() Time {
	if !s.measuredTiming() || s.procs < 2 {
		return 0
	}
	d := s.mach.StealPass.sample(&s.trng) - s.costs.Schedule
	return Time(max(d, 1))
}

// timerInitFor is what the process's first timer costs more than the
// next (time.go:timers.addHeap → netpollGenericInit: three system calls
// and the timer code run for the first time), 0 with fixed timing.
func (s *Sim) timerInitFor() Duration {
	if !s.measuredTiming() {
		return 0
	}
	return s.mach.TimerInit.sample(&s.trng)
}

// spawnCost is what a go statement by user code costs its goroutine under
// measured timing (proc.go:newproc → newproc1), drawn by how newproc1
// will get the G: the process's first go statement (cold code and data,
// and the wakep that follows it makes a futex system call), a dead G
// from the P's free list or the global one (gfget), or a new G with a
// fresh 2 KB stack (malg: now and then the allocator refills its span
// or the P's stack cache, which takes microseconds; cmd/measure-timing's
// spawn probe, docs/timing.md). A Machine with SpawnAt tables gives the
// cost of a new G by its position in the process instead (Machine.SpawnAt),
// and one with SpawnRuns takes every go statement of the scene from one
// measured process, drawn at the first.
func (s *Sim) spawnCost(pp *P) Duration {
	switch {
	case !s.userSpawned:
		s.userSpawned = true
		s.freshSpawns = 1
		if runs := s.mach.spawnRuns(s.procs); runs != nil {
			s.spawnRun = runs[s.trng.nextn(uint32(len(runs)))]
			return Duration(s.spawnRun[0])
		}
		if q := s.mach.spawnAt(s.procs, 1); q != nil {
			return q.sample(&s.trng)
		}
		return s.mach.SpawnFirst.sample(&s.trng)
	case len(pp.gFree) > 0 || len(s.sched.gFree) > 0:
		return s.mach.SpawnReuse.sample(&s.trng)
	default:
		s.freshSpawns++
		if s.spawnRun != nil {
			return Duration(s.spawnRun[spawnPos(s.freshSpawns)-1])
		}
		if q := s.mach.spawnAt(s.procs, s.freshSpawns); q != nil {
			return q.sample(&s.trng)
		}
		return s.mach.SpawnFresh.sample(&s.trng)
	}
}
