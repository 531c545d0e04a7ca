package core

import (
	"fmt"
	"slices"
	"strings"
)

// The event schema. Event is flat, so what each field holds depends on the
// kind; eventSpecs says it once, for every kind: which fields are set, what
// they mean, and which Reasons the kind carries. The constructors in
// eventnew.go build events to it, the invariant checks (WithInvariants)
// hold every emitted event to it, and EvKind.String reads its names.
//
// A field is "set" when it differs from its "none" value: G and G2 are
// nonzero, M, P and P2 are not negative, N and Arg are nonzero, Flag is
// true, Text is not empty, Why is not RNone, Wait is not WaitNone, Snap is
// not nil.

// Field is a set of Event's payload fields.
type Field uint16

const (
	FieldG Field = 1 << iota
	FieldG2
	FieldM
	FieldP
	FieldP2
	FieldN
	FieldArg
	FieldFlag
	FieldText
	FieldWhy
	FieldWait
	FieldSnap

	numFields = iota
)

// fieldNames are the names of Field's bits, as the canonical text writes
// them.
var fieldNames = [numFields]string{"g", "g2", "m", "p", "p2", "n", "arg", "flag", "text", "why", "wait", "snap"}

func (f Field) String() string {
	var parts []string
	for i, name := range fieldNames {
		if f&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, ",")
}

// SetFields returns the fields of e that differ from their "none" values.
func (e *Event) SetFields() Field {
	var f Field
	if e.G != 0 {
		f |= FieldG
	}
	if e.G2 != 0 {
		f |= FieldG2
	}
	if e.M >= 0 {
		f |= FieldM
	}
	if e.P >= 0 {
		f |= FieldP
	}
	if e.P2 >= 0 {
		f |= FieldP2
	}
	if e.N != 0 {
		f |= FieldN
	}
	if e.Arg != 0 {
		f |= FieldArg
	}
	if e.Flag {
		f |= FieldFlag
	}
	if e.Text != "" {
		f |= FieldText
	}
	if e.Why != RNone {
		f |= FieldWhy
	}
	if e.Wait != WaitNone {
		f |= FieldWait
	}
	if e.Snap != nil {
		f |= FieldSnap
	}
	return f
}

// EventSpec describes one event kind. Each field-named string says what
// that Event field holds for the kind; an empty string means the kind never
// sets it. Must lists the fields every event of the kind sets; the others
// named are optional (for N, Arg and Flag zero is often a value).
type EventSpec struct {
	Name string // as the canonical text and the Chrome trace print it
	Doc  string // what the event says happened

	G, G2, M, P, P2 string
	N, Arg          string
	Flag            string
	Text            string
	Wait            string
	Snap            string

	// Why lists the Reasons the kind may carry; empty: Why stays RNone.
	Why []Reason

	Must Field

	// Rule, if not nil, checks what the fields above cannot say: kinds
	// with two shapes (a sleep timer or a timer of package time) and
	// fields set only with some reasons.
	Rule func(e *Event) error
}

// Fields returns the fields the kind may set.
func (sp EventSpec) Fields() Field {
	var f Field
	for i, s := range [numFields]string{sp.G, sp.G2, sp.M, sp.P, sp.P2, sp.N, sp.Arg, sp.Flag, sp.Text, "", sp.Wait, sp.Snap} {
		if s != "" {
			f |= 1 << i
		}
	}
	if len(sp.Why) > 0 {
		f |= FieldWhy
	}
	return f
}

// Allows reports whether the kind may carry reason r (RNone always).
func (sp EventSpec) Allows(r Reason) bool {
	if r == RNone {
		return true
	}
	for _, x := range sp.Why {
		if x == r {
			return true
		}
	}
	return false
}

// NumEventKinds is one more than the largest EvKind: an array
// [NumEventKinds]T indexed by kind has a slot for every kind, EvNone
// included.
const NumEventKinds = int(evKindCount)

// Spec returns the schema of kind k (the zero EventSpec for a kind out of
// range). Its Why is a copy: changing it leaves the schema alone.
func (k EvKind) Spec() EventSpec {
	if int(k) < len(eventSpecs) {
		sp := eventSpecs[k]
		sp.Why = slices.Clone(sp.Why)
		return sp
	}
	return EventSpec{}
}

// Check reports how e breaks its kind's schema: a kind out of range, an
// id below -1, a field the kind does not have, a field it always has
// missing, a Why the kind does not carry, a shape its Rule rules out, or a
// Wait that does not exist. A nil error means e is well-formed.
func (e *Event) Check() error {
	if e.Kind == EvNone || int(e.Kind) >= len(eventSpecs) {
		return fmt.Errorf("event kind %d is not an event", e.Kind)
	}
	sp := &eventSpecs[e.Kind]
	if e.M < -1 || e.P < -1 || e.P2 < -1 {
		return fmt.Errorf("%s with a thread or P id below -1 (m=%d p=%d p2=%d)", sp.Name, e.M, e.P, e.P2)
	}
	set := e.SetFields()
	if extra := set &^ sp.Fields(); extra != 0 {
		return fmt.Errorf("%s sets %s, which the kind does not have", sp.Name, extra)
	}
	if missing := sp.Must &^ set; missing != 0 {
		return fmt.Errorf("%s lacks %s, which the kind always sets", sp.Name, missing)
	}
	if !sp.Allows(e.Why) {
		return fmt.Errorf("%s with why=%s, a reason the kind does not carry", sp.Name, e.Why)
	}
	if sp.Rule != nil {
		// A copy goes to the rule: an indirect call would make e escape,
		// and with it every event emit checks.
		c := *e
		if err := sp.Rule(&c); err != nil {
			return fmt.Errorf("%s %w", sp.Name, err)
		}
	}
	if e.Wait >= waitReasonCount {
		return fmt.Errorf("%s with wait reason %d, which does not exist", sp.Name, e.Wait)
	}
	return nil
}

// Reason groups, as the kinds carry them.
var (
	srcReasons     = []Reason{SrcRunnext, SrcLocal, SrcFairness, SrcGlobal, SrcNetpoll, SrcSteal, SrcTimer, SrcLocked, SrcSyscall, SrcResume}
	queueDests     = []Reason{DestRunnext, DestRunqTail}
	timerKinds     = []Reason{TimerChan, TimerFunc}
	handoffReasons = []Reason{HandoffWork, HandoffSpinner, HandoffGCStop, HandoffGlobal, HandoffLastPoller, HandoffIdle}
)

// Rules of the kinds with more than one shape.

// ruleSysExit: a G that leaves its system call runs on a P, unless it got
// none (exitsyscallNoP).
func ruleSysExit(e *Event) error {
	if (e.P >= 0) != (e.Why != ExitNoP) {
		return fmt.Errorf("with why=%s and p=%d: only why=%s has no P", e.Why, e.P, ExitNoP)
	}
	return nil
}

// ruleTimer: a timer event is of G's sleep timer (G set) or of a timer of
// package time (N and Why set), never both.
func ruleTimer(e *Event) error {
	sleep, pkg := e.G != 0, e.N != 0
	switch {
	case sleep == pkg:
		return fmt.Errorf("with g=%d and n=%d: one of them, for a sleep timer or a timer of package time", e.G, e.N)
	case pkg != (e.Why != RNone):
		return fmt.Errorf("with n=%d and why=%s: a timer of package time says which kind it is, a sleep timer does not", e.N, e.Why)
	case sleep && e.M >= 0 && e.Kind == EvTimerAdd:
		return fmt.Errorf("of a sleep timer with m=%d", e.M)
	}
	return nil
}

// ruleMCreate: a runtime thread (Arg) gets no P and does not spin.
func ruleMCreate(e *Event) error {
	switch e.Arg {
	case 0:
	case MCreateSysmon, MCreateTemplate:
		if e.P >= 0 || e.Flag {
			return fmt.Errorf("of a runtime thread with p=%d flag=%v", e.P, e.Flag)
		}
	default:
		return fmt.Errorf("with arg=%d, not a runtime thread", e.Arg)
	}
	return nil
}

// ruleMPark: a locked thread parks with its G, an idle one without.
func ruleMPark(e *Event) error {
	if (e.G != 0) != e.Flag {
		return fmt.Errorf("with g=%d and flag=%v: a locked thread (flag) names its G, an idle one none", e.G, e.Flag)
	}
	return nil
}

// Meanings that several kinds share.
const (
	docGRunning = "the running goroutine"
	docMRunning = "the thread running it"
	docPRunning = "the P that thread holds"
	docTimerN   = "the timer's id (timers of package time); 0 for a sleep timer"
	docTimerG   = "the G of a sleep timer (0: a timer of package time)"
)

// eventSpecs is the schema, one entry per kind. A kind added to EvKind
// without an entry here fails TestEventSpecsCoverEveryKind.
var eventSpecs = [NumEventKinds]EventSpec{
	EvNone: {Name: "None", Doc: "no event: the zero Kind, never emitted"},

	// Goroutines.
	EvGoCreate: {Name: "GoCreate", Doc: "newproc created a goroutine and queued it",
		G: "the new goroutine", G2: "the goroutine that ran the go statement (0: the runtime)",
		M: "the creating thread", P: "the P whose runnext takes the new G",
		N: "its stack size in bytes", Arg: "1 for a runtime goroutine", Flag: "its G struct was reused from gFree",
		Text: "the function it runs; then a newline and the scene author's label for the goroutine, when it has one (Event.GoFunc, Event.GoLabel)", Why: []Reason{TimerFunc},
		Must: FieldG | FieldM | FieldP | FieldN},
	EvGoStart: {Name: "GoStart", Doc: "execute: a goroutine starts running",
		G: "the goroutine", M: "the thread", P: "its P", N: "the P's schedtick",
		Flag: "it inherits the time slice (it came from runnext)", Why: srcReasons,
		Must: FieldG | FieldM | FieldP | FieldWhy},
	EvGoBlock: {Name: "GoBlock", Doc: "gopark: the running goroutine waits",
		G: docGRunning, M: docMRunning, P: docPRunning, N: "the object it waits on (0: none)",
		Wait: "why it waits (the runtime's waitReason)",
		Must: FieldG | FieldM | FieldP | FieldWait},
	EvGoUnblock: {Name: "GoUnblock", Doc: "ready: a waiting goroutine becomes runnable",
		G: "the goroutine", G2: "the goroutine that readied it (0: the runtime)", M: "the thread that readied it",
		P: "the P whose queue takes it", Why: queueDests,
		Must: FieldG | FieldM | FieldP | FieldWhy},
	EvGoSched: {Name: "GoSched", Doc: "the running goroutine yields (runtime.Gosched, or goyield inside the runtime)",
		G: docGRunning, M: docMRunning, P: docPRunning, Why: []Reason{DestGlobalTail, DestRunqTail},
		Must: FieldG | FieldM | FieldP | FieldWhy},
	EvGoPreempt: {Name: "GoPreempt", Doc: "a goroutine stopped at a safe point on request",
		G: "the preempted goroutine", M: docMRunning, P: docPRunning,
		P2:   "the P whose runnext takes it, during a stop-the-world (none: the global queue)",
		Why:  []Reason{PreemptCoop, PreemptAsync},
		Must: FieldG | FieldM | FieldP | FieldWhy},
	EvPreemptReq: {Name: "PreemptReq", Doc: "preemptone: sysmon or a stop-the-world asks a goroutine to stop",
		G: "the goroutine asked", M: "its thread", P: "its P", Flag: "a signal (SIGURG) was sent",
		Must: FieldG | FieldM | FieldP},
	EvGoSysCall: {Name: "GoSysCall", Doc: "entersyscall: a goroutine enters a system call",
		G: docGRunning, M: docMRunning, P: docPRunning, N: "the call's length in ns",
		Flag: "a blocking call (entersyscallblock): the P is handed off at once",
		Must: FieldG | FieldM | FieldP},
	EvGoSysExit: {Name: "GoSysExit", Doc: "exitsyscall: a goroutine leaves a system call",
		G: "the goroutine", M: "its thread", P: "the P it runs on (none: no P, it goes to the global queue)",
		Why:  []Reason{ExitFast, ExitStoleOldP, ExitIdleP, ExitNoP},
		Must: FieldG | FieldM | FieldWhy, Rule: ruleSysExit},
	EvGoEnd: {Name: "GoEnd", Doc: "goexit0: a goroutine returned",
		G: "the goroutine", M: docMRunning, P: docPRunning, Why: []Reason{DestGFreeLocal, DestGFreeGlobal},
		Must: FieldG | FieldM | FieldP | FieldWhy},
	EvGoLockOS: {Name: "GoLockOS", Doc: "LockOSThread: a goroutine locks itself to its thread",
		G: docGRunning, M: docMRunning, P: docPRunning, Must: FieldG | FieldM | FieldP},
	EvGoUnlockOS: {Name: "GoUnlockOS", Doc: "UnlockOSThread: a goroutine unlocks itself from its thread",
		G: docGRunning, M: docMRunning, P: docPRunning, Must: FieldG | FieldM | FieldP},
	EvPrint: {Name: "Print", Doc: "the running goroutine prints a line (the write itself is a system call)",
		G: docGRunning, M: docMRunning, P: docPRunning, N: "2: to standard error", Text: "the line",
		Must: FieldG | FieldM | FieldP},
	EvGoKick: {Name: "GoKick", Doc: "runqput: the old runnext goroutine moves to the tail of its P's queue",
		G: "the goroutine moved", P: "its P", Must: FieldG | FieldP},
	EvRunqPut: {Name: "RunqPut", Doc: "runqput: a goroutine goes on a P's local queue",
		G: "the goroutine", P: "the P", Why: queueDests, Must: FieldG | FieldP | FieldWhy},
	EvRunqOverflow: {Name: "RunqOverflow", Doc: "runqputslow: a full local queue moves half of itself to the global queue",
		G: "the goroutine being put", P: "the P", N: "how many Gs went to the global tail, G included",
		Must: FieldG | FieldP | FieldN},
	EvGlobalPut: {Name: "GlobalPut", Doc: "a goroutine goes on the global queue",
		G: "the goroutine", Why: []Reason{DestGlobalTail, DestGlobalHead}, Must: FieldG | FieldWhy},
	EvGlobalGet: {Name: "GlobalGet", Doc: "globrunqget: a P takes goroutines from the global queue",
		G: "the goroutine it runs", P: "the P", N: "how many Gs it took (the rest go on its local queue)",
		Why: []Reason{SrcFairness, SrcGlobal}, Must: FieldG | FieldP | FieldN | FieldWhy},
	EvSteal: {Name: "ProcSteal", Doc: "stealWork: a spinning thread stole goroutines from another P",
		G: "the stolen goroutine it runs", M: "the thief thread", P: "the thief's P", P2: "the victim P",
		N: "how many Gs it stole", Arg: "the stealing round (1-based)", Flag: "it took the victim's runnext",
		Must: FieldG | FieldM | FieldP | FieldP2 | FieldN | FieldArg},
	EvInject: {Name: "Inject", Doc: "injectglist: a batch of ready goroutines is queued",
		M: "the thread injecting (none: sysmon)", P: "its P (none: everything goes to the global queue)",
		N: "how many Gs", Arg: "how many of them go to the global queue",
		Must: FieldN},

	// Processors.
	EvProcAcquire: {Name: "ProcAcquire", Doc: "acquirep: a thread takes a P",
		M: "the thread", P: "the P", Must: FieldM | FieldP},
	EvProcRelease: {Name: "ProcRelease", Doc: "releasep: a thread lets go of its P",
		M: "the thread", P: "the P", Must: FieldM | FieldP},
	EvProcIdle: {Name: "ProcIdle", Doc: "pidleput: a P goes on the idle list",
		P: "the P", Must: FieldP},
	EvProcUnidle: {Name: "ProcUnidle", Doc: "pidleget: a P comes off the idle list",
		P: "the P", Must: FieldP},
	EvProcHandoff: {Name: "ProcHandoff", Doc: "handoffp: a P released by a blocked thread finds a new owner or idles",
		P: "the P", Why: handoffReasons, Must: FieldP | FieldWhy},
	EvProcRetake: {Name: "ProcRetake", Doc: "a P is taken from a goroutine in a system call",
		P: "the P", M: "the thread in the call (none when the P had its own syscall status)",
		G:   "the goroutine in the call (none when the P had its own syscall status)",
		Why: []Reason{BySysmon, BySTW, ByExitsyscall}, Must: FieldP | FieldWhy},
	EvProcStatus: {Name: "ProcStatus", Doc: "a P changes status where no acquire or release says so",
		P: "the P", N: "its new status, a PStatus", Must: FieldP},
	EvProcResize: {Name: "ProcResize", Doc: "procresize: GOMAXPROCS changed",
		N: "the old count", Arg: "the new count", Must: FieldN | FieldArg},
	EvProcDestroy: {Name: "ProcDestroy", Doc: "procresize destroyed a P",
		P: "the P", N: "how many of its Gs moved to the global head", Must: FieldP},

	// Threads.
	EvMCreate: {Name: "MCreate", Doc: "newm: a thread is created",
		M: "the new thread", P: "the P it will run (none: a runtime thread)", Flag: "it starts spinning",
		Arg: "MCreateSysmon or MCreateTemplate for the runtime's own threads", Must: FieldM, Rule: ruleMCreate},
	EvMPark: {Name: "MPark", Doc: "stopm parks a thread on the idle list, or stoplockedm parks a locked thread",
		M: "the thread", G: "the goroutine locked to it (a locked thread)", Flag: "a locked thread parks (stoplockedm)",
		Must: FieldM, Rule: ruleMPark},
	EvMUnpark: {Name: "MUnpark", Doc: "startm wakes a parked thread",
		M: "the thread", P: "the P it is given (nextp)", Flag: "it starts spinning", Must: FieldM | FieldP},
	EvMSpin: {Name: "MSpin", Doc: "a thread starts spinning: looking for work",
		M: "the thread", P: "its P", Why: []Reason{SpinWakep, SpinSelf, SpinHandoff, SpinRecheck, SpinNeedSpinning},
		Must: FieldM | FieldP | FieldWhy},
	EvMSpinStop: {Name: "MSpinStop", Doc: "a thread stops spinning",
		M: "the thread", Flag: "it found work", Must: FieldM},
	EvMNetpoll: {Name: "MNetpoll", Doc: "findRunnable: a thread blocks in netpoll without a P",
		M: "the thread", Arg: "when it wakes by itself (0: not before it is woken)", Must: FieldM},
	EvMNetpollWake: {Name: "MNetpollWake", Doc: "the thread blocked in netpoll wakes",
		M: "the thread", Why: []Reason{WakeIO, WakeTimer, WakeBreak}, Must: FieldM | FieldWhy},
	EvMExit: {Name: "MExit", Doc: "a thread exits: a goroutine locked to it ended",
		M: "the thread", Must: FieldM},
	EvMLockedHand: {Name: "MLockedHandoff", Doc: "startlockedm: a thread hands its P to the thread a goroutine is locked to",
		M: "the thread handing off", G: "the locked goroutine", P: "the P", Arg: "the locked thread's id",
		Must: FieldM | FieldG | FieldP},
	EvWakep: {Name: "Wakep", Doc: "wakep found an idle P for a spinning thread",
		P: "the idle P", Why: []Reason{WakepStarted, WakepAlreadySpinning, WakepNoIdleP}, Must: FieldP | FieldWhy},
	EvNeedSpinning: {Name: "NeedSpinning", Doc: "sched.needspinning changes",
		N: "its new value (0 or 1)"},
	EvMSleep: {Name: "MSleep", Doc: "runqgrab: a thread sleeps before stealing a runnext",
		M: "the thread", P: "its P", P2: "the victim P", Arg: "how long it sleeps, in ns",
		Must: FieldM | FieldP | FieldP2 | FieldArg},

	// sysmon, timers, netpoll, stop-the-world.
	EvSysmonWake: {Name: "SysmonWake", Doc: "sysmon runs after a sleep",
		M: "sysmon's thread", N: "how long it slept, in ns", Arg: "its idle count",
		Flag: "it was in its deep sleep", Must: FieldM | FieldN},
	EvSysmonSleep: {Name: "SysmonSleep", Doc: "sysmon goes into its deep sleep: every P is idle",
		M: "sysmon's thread", Arg: "when it wakes by itself", Must: FieldM | FieldArg},
	EvTimerAdd: {Name: "TimerAdd", Doc: "a timer goes on a P's heap",
		G: docTimerG, N: docTimerN, Why: timerKinds,
		M: "the thread that added it (timers of package time)", P: "the P whose heap takes it",
		P2: "the destroyed P it moved from", Arg: "when it is due",
		Must: FieldP, Rule: ruleTimer},
	EvTimerFire: {Name: "TimerFire", Doc: "a timer fires",
		G: docTimerG, N: docTimerN, Why: timerKinds,
		M: "the thread running it", P: "that thread's P", P2: "the P whose heap held it (none: a channel receive ran it)",
		Arg:  "when a Ticker fires next (0: done)",
		Must: FieldM, Rule: ruleTimer},
	EvIOReady: {Name: "IOReady", Doc: "data arrives on a file descriptor",
		N: "the descriptor", G: "the goroutine waiting on it, if any", Must: FieldN},
	EvNetpoll: {Name: "Netpoll", Doc: "netpoll: a look at the network",
		M: "the thread polling (none: sysmon)", P: "its P", N: "how many goroutines are ready",
		Why: []Reason{PollNonBlocking, PollBlocking, PollSysmon, PollSTW}, Must: FieldWhy},
	EvNetpollBreak: {Name: "NetpollBreak", Doc: "netpollBreak wakes the thread blocked in netpoll",
		M: "the blocked thread", Must: FieldM},
	EvSchedTrace: {Name: "SchedTrace", Doc: "a GODEBUG=schedtrace sample",
		M: "sysmon's thread", Snap: "the sample", Must: FieldSnap},
	EvSTWStart: {Name: "STWStart", Doc: "a goroutine stops the world (runtime.GOMAXPROCS, runtime.GC)",
		G: "the goroutine", M: docMRunning, P: docPRunning, N: "the GOMAXPROCS the world restarts with",
		Must: FieldG | FieldM | FieldP | FieldN},
	EvSTWDone: {Name: "STWDone", Doc: "the world restarts",
		G: "the goroutine that stopped it", M: "the thread restarting it", P: "that thread's P",
		Must: FieldG | FieldM | FieldP},
	EvOutput: {Name: "Output", Doc: "the program wrote text (not emitted by the simulator today)",
		G: "the writing goroutine", M: "its thread", P: "its P", Text: "what it wrote"},
	EvMainStart: {Name: "MainStart", Doc: "main.main begins, after the runtime's own start-up",
		G: "the main goroutine", M: docMRunning, P: docPRunning, Must: FieldG | FieldM | FieldP},

	// End of the run.
	EvDeadlock: {Name: "Deadlock", Doc: "the process dies: a fatal error (checkdead's deadlock, a throw) or a goroutine's panic",
		G: "the goroutine that panicked", Text: "the runtime's message", Must: FieldText},
	EvExit: {Name: "Exit", Doc: "the process exits",
		N: "its exit status"},
	EvLimit: {Name: "Limit", Doc: "a configured limit stopped the run",
		Text: "which limit", Why: []Reason{LimitEvents, LimitTime, LimitGoroutines, LimitThreads, LimitProgram},
		Must: FieldText | FieldWhy},

	// Timers of package time, in a P's heap.
	EvTimerMod: {Name: "TimerMod", Doc: "a timer on a P's heap was stopped or reset in place; the P moves its entry later",
		M: "the thread that changed it", P: "the P whose heap holds it", N: "the timer's id", Why: timerKinds,
		Arg: "its new when (0: stopped)", Flag: "it is marked for removal (a zombie)",
		Must: FieldP | FieldN | FieldWhy},
	EvTimerDel: {Name: "TimerDel", Doc: "a P's heap dropped a timer without firing it",
		M: "the thread that dropped it", P: "the P", N: "the timer's id", Why: timerKinds,
		Must: FieldP | FieldN | FieldWhy},

	// Goroutine stacks.
	EvGoStackGrow: {Name: "GoStackGrow", Doc: "newstack: a goroutine's stack is full; copystack moves it to one twice as large",
		G: "the goroutine", M: docMRunning, P: docPRunning, N: "the new stack size in bytes", Arg: "the old size in bytes",
		Must: FieldG | FieldM | FieldP | FieldN | FieldArg},
	EvGoStackShrink: {Name: "GoStackShrink", Doc: "shrinkstack: the GC halves a goroutine's stack that uses less than a quarter of it",
		G: "the goroutine", N: "the new stack size in bytes", Arg: "the old size in bytes",
		Must: FieldG | FieldN | FieldArg},
}
