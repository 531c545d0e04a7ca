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
	EvGoCreate     // newproc created a goroutine and queued it
	EvGoStart      // execute: a goroutine starts running
	EvGoBlock      // gopark: the running goroutine waits
	EvGoUnblock    // ready: a waiting goroutine becomes runnable
	EvGoSched      // the running goroutine yields (runtime.Gosched, or goyield inside the runtime)
	EvGoPreempt    // a goroutine stopped at a safe point on request
	EvPreemptReq   // preemptone: sysmon or a stop-the-world asks a goroutine to stop
	EvGoSysCall    // entersyscall: a goroutine enters a system call
	EvGoSysExit    // exitsyscall: a goroutine leaves a system call
	EvGoEnd        // goexit0: a goroutine returned
	EvGoLockOS     // LockOSThread: a goroutine locks itself to its thread
	EvGoUnlockOS   // UnlockOSThread: a goroutine unlocks itself from its thread
	EvPrint        // the running goroutine prints a line (the write itself is a system call)
	EvGoKick       // runqput: the old runnext goroutine moves to the tail of its P's queue
	EvRunqPut      // runqput: a goroutine goes on a P's local queue
	EvRunqOverflow // runqputslow: a full local queue moves half of itself to the global queue
	EvGlobalPut    // a goroutine goes on the global queue
	EvGlobalGet    // globrunqget: a P takes goroutines from the global queue
	EvSteal        // stealWork: a spinning thread stole goroutines from another P
	EvInject       // injectglist: a batch of ready goroutines is queued

	// Processors.
	EvProcAcquire // acquirep: a thread takes a P
	EvProcRelease // releasep: a thread lets go of its P
	EvProcIdle    // pidleput: a P goes on the idle list
	EvProcUnidle  // pidleget: a P comes off the idle list
	EvProcHandoff // handoffp: a P released by a blocked thread finds a new owner or idles
	EvProcRetake  // a P is taken from a goroutine in a system call
	EvProcStatus  // a P changes status where no acquire or release says so
	EvProcResize  // procresize: GOMAXPROCS changed
	EvProcDestroy // procresize destroyed a P

	// Threads.
	EvMCreate      // newm: a thread is created
	EvMPark        // stopm parks a thread on the idle list, or stoplockedm parks a locked thread
	EvMUnpark      // startm wakes a parked thread
	EvMSpin        // a thread starts spinning: looking for work
	EvMSpinStop    // a thread stops spinning
	EvMNetpoll     // findRunnable: a thread blocks in netpoll without a P
	EvMNetpollWake // the thread blocked in netpoll wakes
	EvMExit        // a thread exits: a goroutine locked to it ended
	EvMLockedHand  // startlockedm: a thread hands its P to the thread a goroutine is locked to
	EvWakep        // wakep found an idle P for a spinning thread
	EvNeedSpinning // sched.needspinning changes
	EvMSleep       // runqgrab: a thread sleeps before stealing a runnext

	// sysmon, timers, netpoll, STW.
	EvSysmonWake   // sysmon runs after a sleep
	EvSysmonSleep  // sysmon goes into its deep sleep: every P is idle
	EvTimerAdd     // a timer goes on a P's heap
	EvTimerFire    // a timer fires
	EvIOReady      // data arrives on a file descriptor
	EvNetpoll      // netpoll: a look at the network
	EvNetpollBreak // netpollBreak wakes the thread blocked in netpoll
	EvSchedTrace   // a GODEBUG=schedtrace sample
	EvSTWStart     // a goroutine stops the world (runtime.GOMAXPROCS, runtime.GC)
	EvSTWDone      // the world restarts
	EvOutput       // the program wrote text (not emitted by the simulator today)
	EvMainStart    // main.main begins, after the runtime's own start-up

	// End of the run.
	EvDeadlock // the process dies: a fatal error (checkdead's deadlock, a throw) or a goroutine's panic
	EvExit     // the process exits
	EvLimit    // a configured limit stopped the run

	// Timers of package time, in a P's heap (timerchan.go).
	EvTimerMod // a timer on a P's heap was stopped or reset in place; the P moves its entry later
	EvTimerDel // a P's heap dropped a timer without firing it

	// Goroutine stacks (stack.go).
	EvGoStackGrow   // newstack: a goroutine's stack is full; copystack moves it to one twice as large
	EvGoStackShrink // shrinkstack: the GC halves a goroutine's stack that uses less than a quarter of it

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

// goLabelSep separates an EvGoCreate's function from the author's label in
// its Text. Neither a function name nor a type name has a newline in it.
const goLabelSep = "\n"

// GoFunc is the function an EvGoCreate's goroutine runs ("main.worker"),
// without the author's label; for other kinds it is Text.
func (e *Event) GoFunc() string {
	if e.Kind == EvGoCreate {
		if fn, _, ok := strings.Cut(e.Text, goLabelSep); ok {
			return fn
		}
	}
	return e.Text
}

// GoLabel is the name a scene's author gave an EvGoCreate's goroutine with
// a //> name directive, evaluated when the go statement ran ("worker 3");
// "" when it has none or e is another kind.
func (e *Event) GoLabel() string {
	if e.Kind != EvGoCreate {
		return ""
	}
	_, label, _ := strings.Cut(e.Text, goLabelSep)
	return label
}
