package core

import (
	"fmt"
	"strings"
)

// Features are the scheduler mechanisms that differ between runtime versions,
// one named flag each, so that a teacher can toggle a single mechanism
// (docs/spec/runtime-facts.md §22).
type Features struct {
	Name string // "go1.26", or a version with flags changed

	// AsyncPreempt: sysmon also sends SIGURG so that loops without calls can
	// be stopped (1.14+, preempt.go, signal_unix.go:doSigPreempt).
	AsyncPreempt bool
	// PSyscall: a P whose M is in a system call has status _Psyscall and
	// sysmon CASes it to _Pidle (≤1.25). Without it (1.26) the P stays
	// _Prunning and is taken through setBlockOnExitSyscall.
	PSyscall bool
	// SyscallStealBack: exitsyscall may take its old P back from another M
	// whose G is itself in a syscall (1.26, proc.go:exitsyscallTryGetP).
	SyscallStealBack bool
	// InjectLocal: injectglist with a P puts one G per idle P on the global
	// queue and the rest on the local queue (≈1.17+, proc.go:injectglist).
	// Without it every injected G goes to the global queue.
	InjectLocal bool
	// NeedSpinning: the needspinning "delicate dance" in findRunnable
	// (≈1.21+, proc.go:findRunnable).
	NeedSpinning bool
	// STWPreemptRunnext: a G preempted while a stop-the-world is pending goes
	// to its own P's runnext instead of the global queue (1.26,
	// proc.go:goschedImpl).
	STWPreemptRunnext bool
	// SchedticksInTrace: schedtrace lines end with "schedticks=[ … ]"
	// (1.25+: in go1.25.0's proc.go:schedtrace, not in go1.24.0's).
	SchedticksInTrace bool
	// UpdateMaxProcs: runtime.main starts updateMaxProcsGoroutine (1.25+,
	// when go.mod says go ≥ 1.25 and GODEBUG updatemaxprocs is not 0).
	UpdateMaxProcs bool
	// NetpollBreak: a poller blocked on an earlier timer is woken through the
	// eventfd when an earlier timer is added (1.14+, wakeNetPoller).
	NetpollBreak bool
	// SyncTimerChan: the channel of a time.Timer or Ticker is synchronous
	// (unbuffered to the program; Stop and Reset discard an unreceived
	// value) and its timer sits in a heap only while a G is blocked on it
	// (1.23+, time.go:needsAdd, blockTimerChan, maybeRunChan). Without it
	// the timer is always in a heap and fills a one-slot buffer.
	SyncTimerChan bool
}

// Go126 is the default: the Go 1.26.8 runtime.
func Go126() Features {
	return Features{Name: "go1.26", AsyncPreempt: true, SyscallStealBack: true, InjectLocal: true,
		NeedSpinning: true, STWPreemptRunnext: true, SchedticksInTrace: true, UpdateMaxProcs: true,
		NetpollBreak: true, SyncTimerChan: true}
}

// Go125 has _Psyscall and no 1.26 syscall steal-back or STW-pending
// runnext (both checked against go1.25.0's proc.go).
func Go125() Features {
	return Features{Name: "go1.25", AsyncPreempt: true, PSyscall: true, InjectLocal: true,
		NeedSpinning: true, SchedticksInTrace: true, UpdateMaxProcs: true, NetpollBreak: true, SyncTimerChan: true}
}

// Go114 adds asynchronous preemption to 1.13; per-P timers and netpollBreak.
// Injected Gs all go to the global queue and there is no needspinning
// (a guess in docs/spec/runtime-facts.md §22).
func Go114() Features {
	return Features{Name: "go1.14", AsyncPreempt: true, PSyscall: true, NetpollBreak: true}
}

// Go113 preempts only cooperatively: a loop without calls runs until it ends.
// The simulator keeps per-P timer heaps in this mode (1.13 used timer
// goroutines in 64 buckets); core/doc.go lists this simplification.
func Go113() Features {
	return Features{Name: "go1.13", PSyscall: true}
}

// Versions lists the named modes, oldest first.
func Versions() []string { return []string{"go1.13", "go1.14", "go1.25", "go1.26"} }

// ParseVersion accepts "1.26", "go1.26" (and the other names in Versions).
func ParseVersion(s string) (Features, error) {
	v := strings.TrimPrefix(strings.TrimSpace(s), "go")
	switch v {
	case "1.26":
		return Go126(), nil
	case "1.25":
		return Go125(), nil
	case "1.14":
		return Go114(), nil
	case "1.13":
		return Go113(), nil
	}
	return Features{}, fmt.Errorf("unknown runtime version %q (have %s)", s, strings.Join(Versions(), ", "))
}
