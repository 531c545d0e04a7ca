package core

// OpKind is what a goroutine does next. G programs are sequences of ops that
// a Program hands to the simulator one at a time; the scene language
// compiles Go source to Programs, and tests write op lists directly.
type OpKind uint8

const (
	OpNone           OpKind = iota
	OpCompute               // CPU work for D; Calls says whether it reaches function prologues (cooperative safe points)
	OpGo                    // go statement: start Prog (or Body) as a new G named Name
	OpGosched               // runtime.Gosched
	OpReturn                // the G's function returned: main exits the process, others goexit
	OpGoexit                // runtime.Goexit
	OpExit                  // os.Exit(N); main returning is OpExit with N=0
	OpSleep                 // time.Sleep(D)
	OpSyscall               // blocking system call of length D (entersyscall)
	OpSyscallBlock          // system call known to block (entersyscallblock: immediate handoff)
	OpNetRead               // read a socket whose data arrives after D (park on the netpoller)
	OpMakeChan              // make(chan T, N); Result.Obj is the channel
	OpSend                  // Obj <- Val
	OpRecv                  // <-Obj; Result.Val, Result.Ok
	OpClose                 // close(Obj)
	OpSelect                // select over Cases; Default says whether it has a default clause
	OpNewMutex              // a new sync.Mutex; Result.Obj
	OpLock                  // Obj.Lock()
	OpUnlock                // Obj.Unlock()
	OpNewWaitGroup          // a new sync.WaitGroup; Result.Obj
	OpWGAdd                 // Obj.Add(N) (Done is Add(-1))
	OpWGWait                // Obj.Wait()
	OpLockOSThread          // runtime.LockOSThread
	OpUnlockOSThread        // runtime.UnlockOSThread
	OpGOMAXPROCS            // runtime.GOMAXPROCS(N); Result.N is the previous value
	OpNumGoroutine          // runtime.NumGoroutine(); Result.N
	OpNow                   // time.Now() on the virtual clock; Result.N
	OpPrint                 // print Text as one line (fmt.Println: with its write syscall unless NoWrite)
	OpParkForever           // park with Reason and never wake (runtime service goroutines)
	OpLoop                  // run Body N times (N < 0: forever); only inside OpList programs
	OpPanic                 // the G panics with Text: the process prints it and exits with status 2
	OpLimit                 // the program exceeded a limit of its own (Text says which): the run ends
	OpChanLen               // len(Obj): Result.N (chanlen reads the count without the lock)
	OpChanCap               // cap(Obj): Result.N
	// Runtime semaphores and notify lists (sema.go; see core/sema.go).
	OpNewSema             // a new runtime semaphore (count 0); Result.Obj
	OpSemacquire          // semacquire1(Obj): N&SemaLIFO queues at the head; parks with Reason
	OpSemrelease          // semrelease1(Obj): N&SemaHandoff hands the count and the P to the waiter
	OpNewNotifyList       // a new notifyList (sync.Cond); Result.Obj
	OpNotifyListAdd       // notifyListAdd(Obj): Result.N is the ticket
	OpNotifyListWait      // notifyListWait(Obj, ticket N)
	OpNotifyListNotifyOne // notifyListNotifyOne(Obj) (Cond.Signal)
	OpNotifyListNotifyAll // notifyListNotifyAll(Obj) (Cond.Broadcast)
	OpTryLock             // Obj.TryLock() on a sync.Mutex: Result.Ok
	OpFatal               // sync's fatal(Text): "fatal error: Text", unrecoverable
	// Timers of package time (timerchan.go).
	// OpNewTimer arms a timer due D from now (now if D <= 0), then every N
	// ns if N > 0 (a Ticker). Without Name it is a Timer or Ticker: it sends
	// on a new channel, Val(when) if Val is a func(Time) any, else the Time
	// it was due. With Name it is an AfterFunc timer: each firing starts a
	// G named Name running the Program Val makes (a func() Program) or Body.
	// Result.Obj is the timer, Result.N its channel (0 for AfterFunc).
	OpNewTimer
	OpTimerStop  // Stop timer Obj: Result.Ok says it had not fired yet
	OpTimerReset // Reset timer Obj to D from now, period N: Result.Ok says it was active
	OpGC         // runtime.GC: one stop-the-world pause (the simulator has no collector)
	// The steps of scene.NetRead's loopback connection (scene/net.go),
	// which the scene prelude strings together as the real one does.
	OpNetSetup // a system call of the connection's set-up or tear-down, N says which (NetListen…NetClose); NetDial's Result.Obj is the client's socket
	OpNetReady // the peer's byte reaches socket Obj: the kernel queues its event for the poller
	OpNetWait  // read socket Obj: park on the netpoller until it is readable
	// OpStackGrow: the goroutine's next frame does not fit its stack
	// (stack.go:newstack): copystack moves it to a new stack of N bytes,
	// which takes D of the goroutine's thread. Obj is the size the program
	// grew from; the simulator records the old size it set itself.
	OpStackGrow

	// Internal ops of runtime.main (faithful start-up).
	opStartSysmon
	opLockInternal
	opUnlockInternal
	opMainStarted
	opUserMain
)

// The system calls of OpNetSetup.
const (
	NetListen int64 = iota // net.ListenTCP on the loopback interface (the first NetRead)
	NetDial                // net.DialTCP to it
	NetAccept              // the listener's AcceptTCP
	NetWrite               // the peer's write of its byte
	NetClose               // closing one end
)

var opNames = [...]string{"none", "compute", "go", "gosched", "return", "goexit", "exit", "sleep", "syscall", "syscallblock",
	"netread", "makechan", "send", "recv", "close", "select", "newmutex", "lock", "unlock", "newwaitgroup", "wgadd",
	"wgwait", "lockosthread", "unlockosthread", "gomaxprocs", "numgoroutine", "now", "print", "parkforever", "loop", "panic", "limit",
	"chanlen", "chancap",
	"newsema", "semacquire", "semrelease", "newnotifylist", "notifylistadd", "notifylistwait", "notifylistnotifyone",
	"notifylistnotifyall", "trylock", "fatal",
	"newtimer", "timerstop", "timerreset", "gc",
	"netsetup", "netready", "netwait", "stackgrow",
	"startsysmon", "lockinternal", "unlockinternal", "mainstarted", "usermain"}

func (k OpKind) String() string {
	if int(k) < len(opNames) {
		return opNames[k]
	}
	return "op?"
}

// SelectCase is one case of a select: a send of Val on Chan or a receive.
type SelectCase struct {
	Chan int64 // 0 is a nil channel: never ready
	Send bool
	Val  any
}

// Op is one step of a G program. Which fields matter depends on Kind.
type Op struct {
	Kind  OpKind
	Calls bool // OpCompute: the code makes calls, so cooperative preemption can stop it
	// NoSafePoint: the op continues a loop without calls, so reaching it is
	// not a function prologue and a pending cooperative request waits.
	NoSafePoint bool
	NoWrite     bool // OpPrint: no write syscall (builtin println writes too, but tests may want none)
	Default     bool // OpSelect
	Reason      WaitReason
	D           Duration
	N           int64
	Obj         int64
	Val         any
	Text        string
	Name        string
	Prog        Program
	Body        []Op
	Cases       []SelectCase
}

// Result is what the previous op produced, handed to Program.Next.
type Result struct {
	Val  any   // received value
	Ok   bool  // receive: false if the channel was closed and drained
	N    int64 // GOMAXPROCS, NumGoroutine, Now
	Obj  int64 // a new channel, mutex or WaitGroup
	Case int   // select: the chosen case, -1 for default
	// Panic is set when the op panicked (send on or close of a closed
	// channel, a negative WaitGroup counter) and the Program is a
	// Recoverer: the goroutine goes on running and the program panics
	// with this message, which it may recover.
	Panic string
}

// A StackUser is a Program whose calls use its goroutine's stack (the
// scene VM): it asks for a larger stack itself (OpStackGrow) when a frame
// does not fit, and the simulator, which owns the stack's size, tells it
// the size at creation and after the GC shrinks it.
type StackUser interface {
	// SetStack gives the goroutine's stack size in bytes.
	SetStack(size int64)
	// StackUsed is how many bytes of the stack its frames use now (the
	// runtime's gp.stack.hi - gp.sched.sp).
	StackUsed() int64
}

// Recoverer is a Program that handles the runtime's panics itself (the
// scene VM, where they are recoverable as in Go). For other Programs a
// panic ends the process.
type Recoverer interface {
	Recovers() bool
}

// Program is a goroutine's behaviour. The simulator calls Next with the
// result of the previous op (zero for the first call) and performs the op it
// returns. The simulator reads the op before calling Next again and never
// keeps the pointer, so a Program may return the same *Op every time. A
// Program must be deterministic; it may keep any state.
type Program interface {
	Next(r Result) *Op
}

// ProgramFunc adapts a function to Program.
type ProgramFunc func(r Result) *Op

// Next calls f.
func (f ProgramFunc) Next(r Result) *Op { return f(r) }

// Ops returns a Program that runs the given ops in order and then returns
// (OpReturn). OpLoop repeats its Body; OpGo with a nil Prog starts a new G
// running Body. The ops are shared, not copied: don't change them later.
func Ops(ops ...Op) Program { return &opList{frames: []opFrame{{ops: ops, left: 1}}} }

type opFrame struct {
	ops  []Op
	pc   int
	left int64 // iterations left including the current one; <0 forever
}

type opList struct {
	frames []opFrame
}

var opReturn = Op{Kind: OpReturn}

func (l *opList) Next(Result) *Op {
	for len(l.frames) > 0 {
		f := &l.frames[len(l.frames)-1]
		if f.pc >= len(f.ops) {
			if f.left > 1 || f.left < 0 {
				if f.left > 0 {
					f.left--
				}
				f.pc = 0
				continue
			}
			l.frames = l.frames[:len(l.frames)-1]
			continue
		}
		op := &f.ops[f.pc]
		f.pc++
		switch op.Kind {
		case OpLoop:
			// An empty body does nothing, however often it repeats.
			if op.N != 0 && len(op.Body) > 0 {
				l.frames = append(l.frames, opFrame{ops: op.Body, left: op.N})
			}
			continue
		case OpGo:
			if op.Prog == nil {
				// Each new G gets a fresh program over the shared body.
				g := *op
				g.Prog = Ops(op.Body...)
				return &g
			}
		}
		return op
	}
	return &opReturn
}

// Convenience constructors for op lists.

// Compute is CPU work of d with calls (cooperatively preemptible).
func Compute(d Duration) Op { return Op{Kind: OpCompute, D: d, Calls: true} }

// Spin is a loop of d without calls: only asynchronous preemption stops it.
func Spin(d Duration) Op { return Op{Kind: OpCompute, D: d} }

// Go starts a new G running body.
func Go(name string, body ...Op) Op { return Op{Kind: OpGo, Name: name, Body: body} }

// Loop repeats body n times (n < 0: forever).
func Loop(n int64, body ...Op) Op { return Op{Kind: OpLoop, N: n, Body: body} }

// Print prints a line without the write syscall.
func Print(s string) Op { return Op{Kind: OpPrint, Text: s, NoWrite: true} }

// Println prints a line the way fmt.Println does, with a write syscall.
func Println(s string) Op { return Op{Kind: OpPrint, Text: s} }
