package core

// This file holds the simulator's G, M, P and sched types, named after and
// shaped like runtime2.go. Each field says who owns it.

// GStatus is a goroutine's status. Values match runtime2.go.
type GStatus uint8

const (
	Gidle      GStatus = 0  // just allocated, not yet initialised
	Grunnable  GStatus = 1  // on a run queue (runnext, local, global) or being moved between them
	Grunning   GStatus = 2  // owns an M and a P and executes user code
	Gsyscall   GStatus = 3  // owns an M and executes a system call; not on a run queue
	Gwaiting   GStatus = 4  // parked: on a channel, sync object, timer or the netpoller
	Gdead      GStatus = 6  // exited, on a gFree list for reuse
	Gpreempted GStatus = 9  // stopped for a GC stack scan; owned by whoever preempted it
	Gleaked    GStatus = 10 // 1.26: found unreachable by the leak detector (not simulated)
)

var gstatusNames = [...]string{Gidle: "idle", Grunnable: "runnable", Grunning: "running", Gsyscall: "syscall",
	Gwaiting: "waiting", 5: "moribund", Gdead: "dead", 7: "enqueue", 8: "copystack", Gpreempted: "preempted", Gleaked: "leaked"}

func (s GStatus) String() string {
	if int(s) < len(gstatusNames) && gstatusNames[s] != "" {
		return gstatusNames[s]
	}
	return "GStatus(?)"
}

// GStatuses lists the statuses the simulator uses, for palettes and legends.
func GStatuses() []GStatus {
	return []GStatus{Gidle, Grunnable, Grunning, Gsyscall, Gwaiting, Gdead, Gpreempted}
}

// PStatus is a P's status. Values match runtime2.go.
type PStatus uint8

const (
	Pidle    PStatus = 0 // on the idle P stack, no M, empty run queue
	Prunning PStatus = 1 // owned by an M
	// Psyscall is only used in ≤1.25 mode (Features.PSyscall); 1.26 renamed it
	// _Psyscall_unused and a P whose G is in a syscall stays Prunning.
	Psyscall PStatus = 2
	Pgcstop  PStatus = 3 // stopped for stop-the-world
	Pdead    PStatus = 4 // beyond GOMAXPROCS
)

var pstatusNames = [...]string{"idle", "running", "syscall", "gcstop", "dead"}

func (s PStatus) String() string {
	if int(s) < len(pstatusNames) {
		return pstatusNames[s]
	}
	return "PStatus(?)"
}

// Loc is where a G is, kept beside its status so the invariants can check
// that every G is in exactly one place (docs/spec/runtime-facts.md §21 I1).
type Loc uint8

const (
	LocNone     Loc = iota // not yet placed (being created) or dropped
	LocRunning             // m.curg of its M
	LocRunnext             // p.runnext
	LocRunq                // p.runq
	LocGlobal              // sched.runq
	LocWait                // parked on a channel, mutex, WaitGroup or forever
	LocTimer               // parked in time.Sleep with a timer on some P's heap
	LocNetpoll             // parked on a pollDesc
	LocSyscall             // in a system call on its M
	LocGFree               // dead, on a P's or the global gFree list
	LocInFlight            // being moved in a batch (inject, steal)
)

var locNames = [...]string{"none", "running", "runnext", "runq", "global", "wait", "timer", "netpoll", "syscall", "gfree", "inflight"}

func (l Loc) String() string { return locNames[l] }

// G is a goroutine. Fields are ordered to keep it small: a parked G is
// what a scene may have 100,000 of.
type G struct {
	ID      int64
	Parent  int64
	Name    string // function name, for traces
	locP    *P     // the P whose runnext/runq/gFree/timer heap holds the G
	m       *M     // Running or Syscall: its M
	lockedm *M
	prog    Program
	res     Result   // what the last op produced, passed to prog.Next
	held    *Op      // op fetched but not begun: the G was preempted at its prologue
	timer   *timer   // its sleep timer while on a heap
	sudogs  []*sudog // its waiters on channels while in a select
	// timerChans are the timer channels it blocked on, to unblock when it
	// runs again (time.go:unblockTimerChan).
	timerChans []*hchan
	// schedlink is the intrusive link for gQueue, like g.schedlink.
	schedlink *G

	waitSince Time
	remaining Duration // CPU time left in a Compute op
	runStart  Time     // when the current slice of a Compute op started
	sleepWhen Time
	waitObj   int64 // the chan/mutex/wg/fd it waits on
	waitStart Time  // sync.Mutex: when this G first waited (starvation)
	created   Time
	opObj     int64 // the object of the op in progress
	lockExt   int32
	lockInt   int32
	stackSize int32

	status     GStatus
	loc        Loc
	waitReason WaitReason
	opKind     OpKind // the op in progress (only what is read back is kept)
	System     bool   // a runtime goroutine (forcegc, bgsweep, …)
	// preempt is the cooperative preemption request (gp.preempt plus
	// stackguard0=stackPreempt): honoured at the next function prologue.
	preempt    bool
	opCalls    bool
	opStarted  bool
	computing  bool // a Compute op's completion is scheduled (runStart valid)
	selDone    bool // a select's case was completed by another G
	mutexRetry bool // woken from a Mutex wait: try again
	// printFormatted: a print's line is formatted (its cold formatting
	// done); it waits for or is about to take the file's write lock.
	printFormatted bool
	// spawnPaid: the go statement it holds has been charged its cost
	// (measured timing); running the op again creates the G, and the
	// op's prologue is not a safe point a second time.
	spawnPaid  bool
	sendClosed bool // woken because the channel it sent on was closed: panics
	// A semacquire in progress (sema.go:semacquire1): how to queue again
	// and why it waits; semaTicket is a hand-off's s.ticket.
	semaLifo   bool
	semaTicket bool
	semaReason WaitReason
}

// Status returns the G's status.
func (g *G) Status() GStatus { return g.status }

// Loc returns where the G is.
func (g *G) Loc() Loc { return g.loc }

// WaitReason returns why a waiting G waits.
func (g *G) WaitReason() WaitReason { return g.waitReason }

// MState is what an M is doing, for invariants and the player.
type MState uint8

const (
	MStarting     MState = iota // newm: the thread is being created
	MRunning                    // has a P and runs curg or the scheduler
	MSyscall                    // curg is in a system call
	MParked                     // on sched.midle (stopm)
	MLockedParked               // locked to a G that is not running (stoplockedm)
	MWaking                     // notewakeup sent; runs after the futex latency
	MNetpoll                    // blocked in netpoll without a P
	MSleeping                   // usleep(3) in runqgrab
	MSysmon                     // the sysmon thread
	MTemplate                   // the template thread (parked forever here)
	MExited                     // the thread exited (a locked G ended while locked)
)

var mstateNames = [...]string{"starting", "running", "syscall", "parked", "locked-parked", "waking", "netpoll", "sleeping", "sysmon", "template", "exited"}

func (s MState) String() string { return mstateNames[s] }

// M is an OS thread.
type M struct {
	ID              int64
	p               *P // attached P
	nextp           *P // P handed over with a wake-up (startm)
	oldp            *P // P held when entering a syscall
	curg            *G
	lockedg         *G
	spinning        bool
	state           MState
	syscalltick     uint32
	rng             wyrand
	signalPending   bool
	gen             uint32   // invalidates stale queued actions for this M
	waitingSpinning bool     // started/woken as a spinner (counted in nmspinning before it runs)
	slept3us        bool     // already did runqgrab's usleep(3) in this findRunnable
	stealPaid       bool     // the time of the coming steal pass has passed (TimingMeasured)
	onCPU           bool     // holds one of the OS's CPUs (Config.CPUs)
	cpuWait         bool     // waits for a CPU
	vrun            Time     // CPU time it has had (Config.CPUs), as the kernel's virtual runtime
	cpuID           int      // 1 + the CPU it holds or waits for (Config.CPUs; all 1 with fixed timing)
	prevCPU         int      // 1 + the CPU it last ran on, 0 if none
	sysOnCPU        bool     // its system call (a print's write) keeps the CPU
	onCPUAt         Time     // when it got its CPU
	sliceEnd        Time     // when its time slice is over
	offCPUAt        Time     // when it began to wait for one
	stash           []action // its actions held while it waits
	pollUntil       Time     // MNetpoll: when the poll times out (0 = never)
	pending         Duration // runtime work since the last G ran, charged before the next starts
	sysMon          bool
	template        bool
	nextLink        *M // midle stack link
}

// P is a processor: the right to run Go code, with a run queue.
type P struct {
	ID          int32
	status      PStatus
	m           *M
	link        *P   // idle stack link
	idleMask    bool // on the idle stack: sched.idlepMask's bit (proc.go:pidleput)
	schedtick   uint32
	syscalltick uint32
	sysmontick  sysmontick
	// printed: a print has formatted on this P (its sync.Pool of fmt
	// printers and its mcache have served one; print.go).
	printed      bool
	runq         [256]*G
	runqhead     uint32
	runqtail     uint32
	runnext      *G
	gFree        []*G
	timers       timerHeap
	preempt      bool
	goidcache    int64
	goidcacheend int64
	oldm         *M
}

// sysmontick is what sysmon remembers about a P (runtime2.go:sysmontick).
// It starts zeroed: the first look at a P whose schedtick is still 0 sees
// "no tick for 10ms" and preempts (docs/spec/runtime-facts.md §10.8).
type sysmontick struct {
	schedtick   uint32
	schedwhen   Time
	syscalltick uint32
	syscallwhen Time
}

// schedt is the global scheduler state (runtime2.go:schedt).
type schedt struct {
	goidgen          int64
	lastpoll         Time // 0: an M is blocked in netpoll
	pollUntil        Time
	pollingNet       bool
	midle            *M
	nmidle           int
	nmidlelocked     int
	mnext            int64
	nmsys            int
	nmfreed          int
	pidle            *P
	npidle           int
	nmspinning       int
	needspinning     bool
	runq             gQueue
	gFree            []*G
	gcwaiting        bool
	stopwait         int
	sysmonwait       bool
	customGOMAXPROCS bool
	netpollWaiters   int
	netpollInited    bool
	mainStarted      bool
}
