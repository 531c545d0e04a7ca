package core

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Time is virtual time in nanoseconds since the simulated process started.
// The simulator never reads the host clock.
type Time int64

// Duration is a span of virtual time in nanoseconds.
type Duration = int64

// Virtual time units.
const (
	Nanosecond  Duration = 1
	Microsecond          = 1000 * Nanosecond
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
)

// String formats t exactly, like the player's clock ("1.204037ms").
func (t Time) String() string { return FormatDuration(int64(t)) }

// FormatDuration formats d exactly, in the style of time.Duration.String
// for the units the simulator uses (ns, µs, ms, s): "1.204037ms". The
// player's clock and the host page's time show it.
func FormatDuration(d int64) string { return formatDuration(d, 0) }

// FormatDurationShort formats d with four significant digits at most,
// rounded ("1.204ms", "20µs", "123.5ms", "3s"): what the picture, the
// narration, posters and slides show, where times are read at a glance.
func FormatDurationShort(d int64) string { return formatDuration(d, 4) }

// formatDuration writes d in the largest of ns, µs, ms and s that is not
// larger than it, with every digit (digits 0) or rounded half away from
// zero to digits significant digits, but never fewer than one decimal
// below ns; trailing zeros go.
func formatDuration(d int64, digits int) string {
	neg := d < 0
	if neg {
		d = -d
	}
	unit, suffix := Second, "s"
	switch {
	case d < Microsecond:
		unit, suffix = Nanosecond, "ns"
	case d < Millisecond:
		unit, suffix = Microsecond, "µs"
	case d < Second:
		unit, suffix = Millisecond, "ms"
	}
	// The decimals to keep: every one the unit has, or as many as the
	// significant digits leave after the whole part's.
	places := 0
	for u := unit; u > 1; u /= 10 {
		places++
	}
	if digits > 0 && places > 0 {
		whole := 1
		for w := d / unit; w >= 10; w /= 10 {
			whole++
		}
		places = min(places, max(1, digits-whole))
	}
	step := unit
	for range places {
		step /= 10
	}
	q := (d + step/2) / step // d in steps, rounded
	pow := unit / step
	whole, frac := q/pow, q%pow
	s := strconv.FormatInt(whole, 10)
	if frac != 0 {
		fs := strconv.FormatInt(frac, 10)
		fs = strings.Repeat("0", places-len(fs)) + fs
		s += "." + strings.TrimRight(fs, "0")
	}
	if neg {
		return "-" + s + suffix
	}
	return s + suffix
}

// Startup selects how the simulated process begins.
type Startup uint8

const (
	// StartupFaithful runs the runtime's own start-up: runtime.main locked to
	// m0 during init, forcegc, bgsweep and bgscavenge, the GOMAXPROCS updater
	// (1.25+) and the finalizer goroutine, so that main.main begins with the
	// same queues and schedtick as a real `go run` (docs/spec/runtime-facts.md §19).
	StartupFaithful Startup = iota
	// StartupClean begins at main.main with an empty P and schedtick 0.
	StartupClean
)

func (s Startup) String() string {
	if s == StartupClean {
		return "clean"
	}
	return "faithful"
}

// Costs are the virtual durations of runtime steps and OS latencies. The
// defaults are anchored on measurements on the reference machine
// (docs/spec/observations.md, GOMAXPROCS=1): a Gosched between two Gs
// takes ~81ns (Schedule), a channel hand-off ~155ns (Op+Park+Schedule),
// spawn+run+exit ~1.2µs (Newproc+Schedule+Op+Goexit+Schedule), a new
// thread ~14µs to start, sysmon's nominal 20µs usleep ~92µs (UsleepSlack).
type Costs struct {
	Schedule     Duration // schedule/findRunnable/execute until the G runs
	Op           Duration // a channel, mutex, WaitGroup or bookkeeping op
	Newproc      Duration // newproc + newproc1, charged to the creator
	Goexit       Duration // goexit0 + gfput, before the M schedules again
	Park         Duration // gopark/park_m, before the M schedules again
	ThreadStart  Duration // newm: clone until the new M runs (docs/spec/runtime-facts.md §8.4 [T])
	FutexWake    Duration // notewakeup until the parked M runs
	SignalDelay  Duration // preemptM: SIGURG until the handler runs
	CallInterval Duration // how often code with calls reaches a function prologue
	UsleepSlack  Duration // what the kernel adds to every usleep and timed wait (timer slack)
	SyscallEnter Duration // entersyscall + exitsyscall bookkeeping
	PrintWrite   Duration // the write(2) that fmt.Println makes
	NetListen    Duration // scene.NetRead's first call: net.ListenTCP
	NetDial      Duration // scene.NetRead: net.DialTCP on the loopback interface
	NetSyscall   Duration // scene.NetRead: accept, the peer's write, a close
}

// DefaultCosts returns the costs measured on the reference machine.
func DefaultCosts() Costs {
	return Costs{
		Schedule:     80,
		Op:           50,
		Newproc:      500,
		Goexit:       490,
		Park:         25,
		ThreadStart:  14 * Microsecond,
		FutexWake:    5 * Microsecond,
		SignalDelay:  3 * Microsecond,
		CallInterval: 50,
		UsleepSlack:  70 * Microsecond,
		SyscallEnter: 100,
		PrintWrite:   2 * Microsecond,
		NetListen:    200 * Microsecond,
		NetDial:      24 * Microsecond,
		NetSyscall:   6 * Microsecond,
	}
}

// Limits bound every run: hitting one ends the run with an EvLimit event.
type Limits struct {
	MaxGoroutines int   // live plus dead Gs ever created
	MaxEvents     int64 // events emitted
	MaxTime       Time  // virtual time
	MaxThreads    int   // sched.maxmcount (runtime: 10000, proc.go:schedinit)
}

// DefaultLimits are generous but bounded.
func DefaultLimits() Limits {
	return Limits{
		MaxGoroutines: 2_000_000,
		MaxEvents:     50_000_000,
		MaxTime:       Time(600 * Second),
		MaxThreads:    10000,
	}
}

// GODEBUG holds the runtime debug settings the simulator honours.
type GODEBUG struct {
	AsyncPreemptOff bool // asyncpreemptoff=1
	SchedTrace      int  // schedtrace=N (ms); 0 = off
	SchedDetail     bool // scheddetail=1
	UpdateMaxProcs  int  // updatemaxprocs; -1 = the version's default
	// AdaptiveStackStartOff: adaptivestackstart=0, new goroutines always
	// start with a 2 KB stack (the runtime's default is 1: stack.go:
	// gcComputeStartingStackSize).
	AdaptiveStackStartOff bool
	GCShrinkStackOff      bool // gcshrinkstackoff=1: GC does not shrink stacks (stack.go:shrinkstack)
}

// Config fully determines a run: the same Config and programs give a
// byte-identical event log.
type Config struct {
	Procs   int // GOMAXPROCS at start
	Seed    uint64
	Version Features
	Startup Startup
	Costs   Costs
	// Timing says whether OS latencies are Costs' constants or drawn from
	// the measured distributions (timing.go).
	Timing Timing
	// CPUs is how many CPUs the simulated OS schedules the threads on; 0
	// means one per P plus one for sysmon, so no thread that wants a CPU
	// ever waits (an idle machine). See cpus.go.
	CPUs int
	// Load is the host's other work: how many CPU-bound threads of other
	// programs share the machine (one of LoadLevels; 0, DefaultConfig's,
	// a machine that runs nothing else). With measured timing a thread
	// that becomes runnable may wait for a CPU (timing.go: Sim.loadWait).
	Load int
	// Machine is the machine whose latencies measured timing draws: nil
	// for the reference machine (ReferenceMachine), or one measured
	// elsewhere (ParseMachine).
	Machine *Machine
	Limits  Limits
	Debug   GODEBUG
	// CustomProcs says GOMAXPROCS was set by the environment, which turns off
	// the 1.25+ automatic updates (but not the updater goroutine, §17.3).
	CustomProcs bool
	// NoFinalizerG leaves out the finalizer goroutine of a faithful
	// start-up: the runtime creates it only when package init calls
	// runtime.SetFinalizer, which package os does (fmt imports os), so a
	// program that links neither has one runtime G fewer at main.
	NoFinalizerG bool
}

// DefaultConfig is GOMAXPROCS=procs on Go 1.26 with a faithful start-up.
func DefaultConfig(procs int) Config {
	return Config{
		Procs:       procs,
		Seed:        1,
		Version:     Go126(),
		Startup:     StartupFaithful,
		Costs:       DefaultCosts(),
		Limits:      DefaultLimits(),
		Debug:       GODEBUG{UpdateMaxProcs: -1},
		CustomProcs: true,
	}
}

// maxProcs bounds GOMAXPROCS in the simulator (the runtime itself has no
// fixed bound).
const maxProcs = 1024

func (c *Config) validate() error {
	if c.Procs < 1 || c.Procs > maxProcs {
		return fmt.Errorf("core: GOMAXPROCS %d out of range 1..1024", c.Procs)
	}
	if c.Limits.MaxGoroutines <= 0 || c.Limits.MaxEvents <= 0 || c.Limits.MaxTime <= 0 || c.Limits.MaxThreads <= 0 {
		return fmt.Errorf("core: every limit must be positive")
	}
	if c.CPUs < 0 || c.CPUs > maxProcs {
		return fmt.Errorf("core: %d CPUs out of range 0..1024", c.CPUs)
	}
	if !slices.Contains(LoadLevels, c.Load) {
		return fmt.Errorf("core: load %d: want one of the measured levels %v", c.Load, LoadLevels)
	}
	if c.Machine != nil {
		if err := c.Machine.Check(); err != nil {
			return err
		}
	}
	if c.Version.Name == "" {
		return fmt.Errorf("core: no runtime version selected")
	}
	return nil
}
