package core

import (
	"strconv"
	"strings"
)

// EvKind names a transition. Names follow the runtime execution tracer where
// it has one (GoCreate, GoStart, GoBlock, GoUnblock, ProcSteal, …); the rest
// are scheduler decisions the real trace does not record. What each kind's
// fields hold is its entry in eventSpecs (eventspec.go), the schema that the
// constructors, the invariant checks and the decoders share; the comments
// here are a summary.
type EvKind uint8

const (
	EvNone EvKind = iota

	// Goroutines.
	EvGoCreate     // G created by G2 on P; N = stack bytes; Flag = reused from gFree; Text = function; Arg = 1 for a runtime G; Why = TimerFunc: started by the AfterFunc timer that just fired
	EvGoStart      // G starts running on M/P; Why = where it was found; N = P's schedtick; Flag = inheritTime
	EvGoBlock      // G parks; Why = wait reason; N = object id
	EvGoUnblock    // G readied by G2; P = destination P (-1 for global); Why = destination
	EvGoSched      // G called runtime.Gosched; Why = destination
	EvGoPreempt    // G stopped at a safe point; Why = PreemptCoop/PreemptAsync; P2 = destination P or -1
	EvPreemptReq   // sysmon/STW asks G on P to stop; Flag = a signal was sent
	EvGoSysCall    // G enters a system call on M/P; N = its length; Flag = blocking (entersyscallblock)
	EvGoSysExit    // G leaves a system call; Why = which exitsyscall path
	EvGoEnd        // G exits; Why = where its G struct went (local/global gFree)
	EvGoLockOS     // G locked to M
	EvGoUnlockOS   // G unlocked from M
	EvPrint        // G printed Text (the write itself is a syscall)
	EvGoKick       // the old runnext G moved to the tail of P's queue
	EvRunqPut      // G put on P's queue; Why = DestRunnext/DestRunqTail
	EvRunqOverflow // P's queue full: its oldest N-1 Gs plus G moved to the global tail
	EvGlobalPut    // G put on the global queue; Why = DestGlobalTail/DestGlobalHead
	EvGlobalGet    // P took N Gs from the global queue; Why = SrcFairness/SrcGlobal
	EvSteal        // M on P stole N Gs from P2 in round Arg; G = the one it runs; Flag = took runnext
	EvInject       // injectglist of N Gs, Arg of them to the global queue

	// Processors.
	EvProcAcquire // M acquires P
	EvProcRelease // M releases P
	EvProcIdle    // P pushed on the idle stack
	EvProcUnidle  // P popped from the idle stack
	EvProcHandoff // handoffp(P); Why = decision
	EvProcRetake  // sysmon took P from a G in a syscall on M
	EvProcStatus  // P changes status (Why = new status as PStatus in N)
	EvProcResize  // GOMAXPROCS N → Arg
	EvProcDestroy // P destroyed, N Gs moved to the global head

	// Threads.
	EvMCreate      // new M for P; Flag = spinning
	EvMPark        // M parks on sched.midle (stopm) or, Flag, as a locked M
	EvMUnpark      // M woken with P = nextp
	EvMSpin        // M starts spinning; Why = SpinWakep/SpinSelf/SpinHandoff/SpinRecheck
	EvMSpinStop    // M stops spinning; Flag = found work
	EvMNetpoll     // M blocks in netpoll without a P until Arg (0 = forever)
	EvMNetpollWake // the blocked poller wakes; Why = io/timer/break
	EvMExit        // M exits (a locked G ended)
	EvMLockedHand  // M hands its P to the locked M2 (in Arg) of G
	EvWakep        // wakep; Why = result
	EvNeedSpinning // sched.needspinning set to N
	EvMSleep       // M sleeps Arg ns (runqgrab's usleep(3))

	// sysmon, timers, netpoll, STW.
	EvSysmonWake   // sysmon ran after sleeping N ns; Arg = idle count
	EvSysmonSleep  // sysmon deep sleep until Arg (all Ps idle)
	EvTimerAdd     // a timer went on P's heap, due at Arg: G's sleep timer, or timer N of package time (Why = TimerChan/TimerFunc); P2 = the destroyed P it moved from
	EvTimerFire    // a timer of P2's heap fired, run by M on P: G's sleep timer, or timer N (Why = TimerChan/TimerFunc; P2 = -1: a receive ran it) next due at Arg (a Ticker; 0: done)
	EvIOReady      // data arrived on fd N
	EvNetpoll      // M polled the network; N Gs ready; Why = PollNonBlocking/PollBlocking/PollSysmon
	EvNetpollBreak // netpollBreak: wake the blocked poller
	EvSchedTrace   // GODEBUG schedtrace sample; Snap holds the state
	EvSTWStart     // stop-the-world requested by G
	EvSTWDone      // world restarted
	EvOutput       // the program wrote Text (mirror of EvPrint at the end of the write)
	EvMainStart    // main.main begins (after the runtime's own start-up)

	// End of the run.
	EvDeadlock // checkdead fired; Text = the runtime's message
	EvExit     // the process exits with status N
	EvLimit    // a configured limit was reached; Text says which

	// Timers of package time, in a P's heap (timerchan.go).
	EvTimerMod // timer N on P's heap was stopped or reset by M in place: Arg = its when (0: stopped), Flag = marked for removal; P moves its entry later
	EvTimerDel // P's heap dropped timer N, stopped or no longer waited on, without firing it

	evKindCount
)

// String is the kind's name in the schema (eventspec.go).
func (k EvKind) String() string {
	if int(k) < len(eventSpecs) && eventSpecs[k].Name != "" {
		return eventSpecs[k].Name
	}
	return "Ev(" + strconv.Itoa(int(k)) + ")"
}

// EvMCreate's Arg for the runtime's own threads.
const (
	MCreateSysmon   = 1
	MCreateTemplate = 2
)

// EvKinds lists every event kind, for narration and palette coverage tests.
func EvKinds() []EvKind {
	ks := make([]EvKind, 0, evKindCount-1)
	for k := EvNone + 1; k < evKindCount; k++ {
		ks = append(ks, k)
	}
	return ks
}

// Reason qualifies an event: where a G was found, where it went, why it
// waits, what a handoff decided. One enum keeps Event flat and allocation-free.
type Reason uint8

const (
	RNone Reason = iota
	// Where a running G came from (EvGoStart).
	SrcRunnext  // local runnext, inherits the time slice
	SrcLocal    // head of the local queue
	SrcFairness // global queue, because schedtick%61 == 0
	SrcGlobal   // global queue batch
	SrcNetpoll  // head of a netpoll result
	SrcSteal    // stolen from another P
	SrcTimer    // its timer fired while stealing (runq of the thief)
	SrcLocked   // a locked M resumes its G
	SrcSyscall  // continues after a system call on a newly acquired P
	SrcResume   // gopark's unlockf refused: the G runs on
	// Where a G went (EvGoUnblock, EvGoSched, EvGoPreempt, EvRunqPut, EvGlobalPut, EvGoEnd).
	DestRunnext
	DestRunqTail
	DestGlobalTail
	DestGlobalHead
	DestGFreeLocal
	DestGFreeGlobal
	// Preemption kinds.
	PreemptCoop
	PreemptAsync
	// exitsyscall paths.
	ExitFast
	ExitStoleOldP
	ExitIdleP
	ExitNoP
	// handoffp decisions.
	HandoffWork
	HandoffSpinner
	HandoffGCStop
	HandoffGlobal
	HandoffLastPoller
	HandoffIdle
	// wakep results and spin causes.
	WakepStarted
	WakepAlreadySpinning
	WakepNoIdleP
	SpinWakep
	SpinSelf
	SpinHandoff
	SpinRecheck
	SpinNeedSpinning
	// netpoll kinds and poller wake causes.
	PollNonBlocking
	PollBlocking
	PollSysmon
	PollSTW
	WakeIO
	WakeTimer
	WakeBreak
	// Why the limit was hit.
	LimitEvents
	LimitTime
	LimitGoroutines
	LimitThreads
	LimitProgram
	// Who took a P from a system call (EvProcRetake).
	BySysmon
	BySTW
	ByExitsyscall
	// Which kind of timer of package time (EvTimerAdd, EvTimerFire,
	// EvTimerMod, EvTimerDel; EvGoCreate of an AfterFunc's G).
	TimerChan // a time.Timer or Ticker: it sends on its channel
	TimerFunc // a time.AfterFunc: it starts a goroutine
	reasonCount
)

var reasonNames = [...]string{RNone: "",
	SrcRunnext: "runnext", SrcLocal: "local", SrcFairness: "global-fairness61", SrcGlobal: "global-batch",
	SrcNetpoll: "netpoll", SrcSteal: "steal", SrcTimer: "timer", SrcLocked: "locked", SrcSyscall: "syscall",
	SrcResume:   "resume",
	DestRunnext: "runnext", DestRunqTail: "runq-tail", DestGlobalTail: "global-tail", DestGlobalHead: "global-head",
	DestGFreeLocal: "gfree-local", DestGFreeGlobal: "gfree-global",
	PreemptCoop: "coop", PreemptAsync: "async",
	ExitFast: "fast", ExitStoleOldP: "stole-oldp", ExitIdleP: "idle-p", ExitNoP: "no-p",
	HandoffWork: "work", HandoffSpinner: "spinner", HandoffGCStop: "gcstop", HandoffGlobal: "global",
	HandoffLastPoller: "last-poller", HandoffIdle: "idle",
	WakepStarted: "started", WakepAlreadySpinning: "already-spinning", WakepNoIdleP: "no-idle-p",
	SpinWakep: "wakep", SpinSelf: "self", SpinHandoff: "handoff", SpinRecheck: "recheck", SpinNeedSpinning: "needspinning",
	PollNonBlocking: "nonblocking", PollBlocking: "blocking", PollSysmon: "sysmon", PollSTW: "stw",
	WakeIO: "io", WakeTimer: "timer", WakeBreak: "break",
	LimitEvents: "events", LimitTime: "time", LimitGoroutines: "goroutines", LimitThreads: "threads", LimitProgram: "program",
	BySysmon: "sysmon", BySTW: "stw", ByExitsyscall: "exitsyscall",
	TimerChan: "chan", TimerFunc: "func",
}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// Event is one transition. It is flat so that emitting one allocates
// nothing; which fields mean what is documented on each EvKind. G/G2 are
// goids (0 = none); M, P, P2 are ids or -1.
type Event struct {
	Seq  int64
	T    Time
	Kind EvKind
	Why  Reason
	Wait WaitReason
	Flag bool
	M    int32
	P    int32
	P2   int32
	G    int64
	G2   int64
	N    int64
	Arg  int64
	Text string
	Snap *SchedSnapshot // EvSchedTrace only
}

// String is the canonical one-line form: stable, greppable, diffable.
func (e *Event) String() string {
	var b strings.Builder
	b.Grow(80)
	b.WriteString(strconv.FormatInt(int64(e.T), 10))
	b.WriteByte(' ')
	b.WriteString(e.Kind.String())
	if e.G != 0 {
		b.WriteString(" g=")
		b.WriteString(strconv.FormatInt(e.G, 10))
	}
	if e.G2 != 0 {
		b.WriteString(" g2=")
		b.WriteString(strconv.FormatInt(e.G2, 10))
	}
	if e.M >= 0 {
		b.WriteString(" m=")
		b.WriteString(strconv.Itoa(int(e.M)))
	}
	if e.P >= 0 {
		b.WriteString(" p=")
		b.WriteString(strconv.Itoa(int(e.P)))
	}
	if e.P2 >= 0 {
		b.WriteString(" p2=")
		b.WriteString(strconv.Itoa(int(e.P2)))
	}
	if e.Why != RNone {
		b.WriteString(" why=")
		b.WriteString(e.Why.String())
	}
	if e.Wait != WaitNone {
		b.WriteString(" wait=")
		b.WriteString(strconv.Quote(e.Wait.String()))
	}
	if e.N != 0 {
		b.WriteString(" n=")
		b.WriteString(strconv.FormatInt(e.N, 10))
	}
	if e.Arg != 0 {
		b.WriteString(" arg=")
		b.WriteString(strconv.FormatInt(e.Arg, 10))
	}
	if e.Flag {
		b.WriteString(" flag")
	}
	if e.Text != "" {
		b.WriteString(" text=")
		b.WriteString(strconv.Quote(e.Text))
	}
	return b.String()
}

// WaitReason says why a G is parked; the strings are the runtime's
// (runtime2.go:waitReasonStrings), as goroutine dumps print them.
type WaitReason uint8

const (
	WaitNone WaitReason = iota
	WaitChanReceive
	WaitChanSend
	WaitChanReceiveNilChan
	WaitChanSendNilChan
	WaitSelect
	WaitSelectNoCases
	WaitSleep
	WaitIOWait
	WaitSyncMutexLock
	WaitSyncWaitGroupWait
	WaitForceGCIdle
	WaitGCSweepWait
	WaitGCScavengeWait
	WaitFinalizerWait
	WaitUpdateMaxProcs
	WaitPreempted
	WaitSemacquire
	WaitSyncRWMutexRLock
	WaitSyncRWMutexLock
	WaitSyncCondWait
	waitReasonCount
)

var waitReasonNames = [...]string{WaitNone: "", WaitChanReceive: "chan receive", WaitChanSend: "chan send",
	WaitChanReceiveNilChan: "chan receive (nil chan)", WaitChanSendNilChan: "chan send (nil chan)",
	WaitSelect: "select", WaitSelectNoCases: "select (no cases)", WaitSleep: "sleep", WaitIOWait: "IO wait",
	WaitSyncMutexLock: "sync.Mutex.Lock", WaitSyncWaitGroupWait: "sync.WaitGroup.Wait",
	WaitForceGCIdle: "force gc (idle)", WaitGCSweepWait: "GC sweep wait", WaitGCScavengeWait: "GC scavenge wait",
	WaitFinalizerWait: "finalizer wait", WaitUpdateMaxProcs: "GOMAXPROCS updater (idle)", WaitPreempted: "preempted", WaitSemacquire: "semacquire",
	WaitSyncRWMutexRLock: "sync.RWMutex.RLock", WaitSyncRWMutexLock: "sync.RWMutex.Lock", WaitSyncCondWait: "sync.Cond.Wait",
}

func (w WaitReason) String() string {
	if int(w) < len(waitReasonNames) {
		return waitReasonNames[w]
	}
	return "WaitReason(?)"
}
