package core

import (
	"errors"
	"fmt"
)

// ErrLimit is returned by Run when a configured limit ended the run.
var ErrLimit = errors.New("core: limit reached")

// actKind is a kind of future happening on the action queue.
type actKind uint8

const (
	actGOp         actKind = iota // M continues its G's program
	actCoopCheck                  // M's G reaches a function prologue while computing
	actSignal                     // SIGURG arrives at M
	actMStart                     // a new thread starts running
	actMWake                      // a parked M wakes (futex)
	actSyscallDone                // M's system call returns
	actSysmon                     // sysmon's usleep ends
	actSysmonDeep                 // sysmon's deep sleep ends (timeout or woken)
	actIOReady                    // data arrives on a socket
	actNetpollWake                // the blocked poller returns from epoll_wait
	actSleepDone                  // M's usleep(3) in runqgrab ends
	actSTWCheck                   // the STW caller re-checks (every 100µs re-preempt)
	actStealPass                  // a spinning M's steal pass has taken its time
	actOSTick                     // the OS's time slice ends (Config.CPUs)
)

// action is an entry of the queue that orders the simulation: by time, then
// by the order actions were scheduled.
type action struct {
	t    Time
	seq  uint64
	kind actKind
	gen  uint32
	m    *M
	arg  int64
}

type actionQueue []action

func (q actionQueue) less(i, j int) bool {
	if q[i].t != q[j].t {
		return q[i].t < q[j].t
	}
	return q[i].seq < q[j].seq
}

func (q *actionQueue) push(a action) {
	*q = append(*q, a)
	h := *q
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (q *actionQueue) pop() action {
	h := *q
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		c := l
		if r := l + 1; r < n && h.less(r, l) {
			c = r
		}
		if !h.less(c, i) {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	*q = h
	return top
}

// Sim is one simulated process. It is a pure state machine: Step performs
// the next action and emits its events; nothing else changes it.
type Sim struct {
	cfg     Config
	ver     *Features
	costs   *Costs
	now     Time
	seq     uint64
	q       actionQueue
	next    action // the earliest action, kept out of the heap
	hasNext bool

	allg []*G
	// startingStack is stack.go:startingStackSize: the stack of a G
	// taken from a free list (stack.go: gcStacks sets it at each GC).
	startingStack int32
	allm          []*M
	allp          []*P // len == gomaxprocs; destroyed Ps are dropped
	procs         int
	sched         schedt
	sysmon        sysmonState
	poll          netpollState
	objs          objects
	stw           stwState
	rng           wyrand // the simulation's own stream (select, seeding new Ms)
	cpu           cpuState
	prints        printState
	// pollInitCost: starting the netpoller for the first timer, not yet
	// charged (timer.go: netpollInitCost).
	pollInitCost Duration
	trng         wyrand      // the timing model's draws (TimingMeasured)
	lrng         wyrand      // the host's other work (Config.Load): Sim.loadWait's draws
	crng         wyrand      // the simulated OS's choices of CPU (cpus.go, measured timing)
	acting       *M          // the M whose action is being dispatched (Config.CPUs), nil for none
	loadWake     qtable      // the LoadWake table of Config.Load, nil at 0
	loadRun      qtable      // the LoadRun table of Config.Load, nil at 0
	mach         *Machine    // the tables measured timing draws from (Config.Machine)
	initTab      *InitTables // the machine's start-up tables at this GOMAXPROCS, nil if none
	freshSpawns  int         // user go statements so far that made a new G (spawnCost)
	userSpawned  bool        // a go statement by user code has been charged (spawnCost)
	spawnRun     []int64     // the measured process the go statements are drawn from (Machine.SpawnRuns), nil if none

	stealOrder randomOrder

	events    []Event
	evbuf     Event // the event handed to the sink, reused
	sudogFree []*sudog
	userMain  Program
	nevents   int64
	record    bool
	sink      func(*Event)
	opHook    func(g int64) // WithOpHook
	check     bool
	checkErr  error

	mainG       *G
	byID        map[int64]*G // goid → G, kept once ProgramOf is used
	exited      bool
	exitCode    int
	limitHit    bool
	deadlock    string
	output      []string
	stderr      []string
	mainGoexit  bool
	startupDone bool
	templateM   *M
	goFuncTimer int64 // the AfterFunc timer whose goFunc is running newproc
}

// Option adjusts how a Sim reports what it does.
type Option func(*Sim)

// WithSink streams every event to f instead of keeping the log in memory.
// The Event is reused: copy what must outlive the call.
func WithSink(f func(*Event)) Option { return func(s *Sim) { s.sink = f; s.record = false } }

// WithOpHook calls f with a goroutine's id each time the simulator takes
// the next op from that goroutine's Program, before it performs the op and
// emits the events the op causes. The scene VM knows which source line
// produced the op: this is how a player learns when a line first runs.
func WithOpHook(f func(g int64)) Option { return func(s *Sim) { s.opHook = f } }

// WithObjects pre-creates channels (one per buffer size in chanCaps),
// mutexes and WaitGroups with ids 1, 2, … so that op-list programs can name
// them.
func WithObjects(chanCaps []int, mutexes, waitGroups int) Option {
	return func(s *Sim) {
		for _, c := range chanCaps {
			s.NewChan(c)
		}
		for range mutexes {
			s.NewMutex()
		}
		for range waitGroups {
			s.NewWaitGroup()
		}
	}
}

// WithInvariants checks the scheduler's invariants after every event and
// stops the run at the first violation (see CheckErr).
func WithInvariants() Option { return func(s *Sim) { s.check = true } }

// New creates a process whose main goroutine runs main.
func New(cfg Config, main Program, opts ...Option) (*Sim, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if main == nil {
		return nil, fmt.Errorf("core: no main program")
	}
	s := &Sim{cfg: cfg, record: true, startingStack: StackMin}
	s.ver = &s.cfg.Version
	s.costs = &s.cfg.Costs
	for _, o := range opts {
		o(s)
	}
	s.rng = newWyrand(cfg.Seed, 0xC0FFEE)
	s.trng = newWyrand(cfg.Seed, 0x71A1E)
	s.lrng = newWyrand(cfg.Seed, 0x10AD)
	s.mach = cfg.Machine
	if s.mach == nil {
		s.mach = &measured
	}
	s.loadWake, s.loadRun = s.mach.loadTables(cfg.Load)
	s.initTab = s.mach.initAt(cfg.Procs)
	s.cpu.n = cfg.CPUs
	if cfg.CPUs > 0 && cfg.Timing == TimingMeasured {
		s.cpu.perCPU = true
		s.crng = newWyrand(cfg.Seed, 0x71C4)
		s.cpu.tickPhase = Time(s.crng.nextn(uint32(osTickPeriod)))
	}
	s.sched.lastpoll = s.nanotime()
	s.sched.customGOMAXPROCS = cfg.CustomProcs
	s.boot(main)
	return s, nil
}

// Config returns the configuration the Sim was made with.
func (s *Sim) Config() Config { return s.cfg }

// Now is the current virtual time.
func (s *Sim) Now() Time { return s.now }

// Events returns the recorded event log (nil when streaming to a sink).
func (s *Sim) Events() []Event { return s.events }

// NumEvents counts every event emitted so far.
func (s *Sim) NumEvents() int64 { return s.nevents }

// Output returns the lines the program printed to standard output so far.
func (s *Sim) Output() []string { return s.output }

// Stderr returns the lines written to standard error (println, panics).
func (s *Sim) Stderr() []string { return s.stderr }

// Done reports whether the process has ended (exit, deadlock or limit).
func (s *Sim) Done() bool { return s.exited }

// ExitCode is the process's exit status once Done: 0 after main returns,
// 2 after a fatal error such as a deadlock, N after os.Exit(N).
func (s *Sim) ExitCode() int { return s.exitCode }

// Deadlock returns the runtime's fatal message if checkdead fired.
func (s *Sim) Deadlock() string { return s.deadlock }

// LimitReached reports whether a limit ended the run.
func (s *Sim) LimitReached() bool { return s.limitHit }

// CheckErr is the first invariant violation found (with WithInvariants).
func (s *Sim) CheckErr() error { return s.checkErr }

// nanotime is what the runtime's monotonic clock would read. It is offset
// from zero like a real monotonic clock; the offset matters for the zeroed
// sysmontick quirk (docs/spec/runtime-facts.md §10.8).
func (s *Sim) nanotime() Time { return s.now + bootClock }

// bootClock is the virtual monotonic clock at process start.
const bootClock Time = Time(3600 * Second)

func (s *Sim) schedule(t Time, kind actKind, m *M, gen uint32, arg int64) {
	s.seq++
	a := action{t: t, seq: s.seq, kind: kind, gen: gen, m: m, arg: arg}
	if s.hasNext {
		if a.t < s.next.t {
			s.q.push(s.next)
			s.next = a
		} else {
			s.q.push(a)
		}
		return
	}
	if len(s.q) == 0 || a.t < s.q[0].t {
		s.next, s.hasNext = a, true
		return
	}
	s.q.push(a)
}

// peek returns the time of the next action.
func (s *Sim) peek() (Time, bool) {
	if s.hasNext {
		return s.next.t, true
	}
	if len(s.q) > 0 {
		return s.q[0].t, true
	}
	return 0, false
}

func (s *Sim) popAction() action {
	if s.hasNext {
		s.hasNext = false
		return s.next
	}
	return s.q.pop()
}

// Step performs the next action. It returns false once the process ended.
func (s *Sim) Step() bool {
	if s.exited {
		return false
	}
	if _, ok := s.peek(); !ok {
		// Nothing can ever happen again; the runtime's checkdead would have
		// fired from the last M to park. Reaching here means a thread is
		// blocked forever in netpoll with no waiters: report it as a hang.
		s.fatal("all goroutines are asleep - deadlock!")
		return false
	}
	a := s.popAction()
	if a.t > s.cfg.Limits.MaxTime {
		s.now = s.cfg.Limits.MaxTime
		s.limit(LimitTime, fmt.Sprintf("virtual time limit %s reached", FormatDuration(int64(s.cfg.Limits.MaxTime))))
		return false
	}
	s.now = a.t
	if s.cpu.n > 0 {
		if s.cpuGate(a) {
			s.acting = a.m
			s.dispatch(a)
			s.acting = nil
			s.cpuAfter(a.m)
		}
	} else {
		s.dispatch(a)
	}
	if s.check && !s.exited {
		s.checkQuiescent()
	}
	return !s.exited
}

// Run steps until the process ends. It returns ErrLimit if a limit ended it
// and the first invariant violation if checking is on.
func (s *Sim) Run() error {
	for s.Step() {
	}
	if s.checkErr != nil {
		return s.checkErr
	}
	if s.limitHit {
		return ErrLimit
	}
	return nil
}

// RunUntil steps until virtual time t (or the end). It returns true if the
// process is still running.
func (s *Sim) RunUntil(t Time) bool {
	for !s.exited {
		if nt, ok := s.peek(); !ok || nt > t {
			break
		}
		s.Step()
	}
	return !s.exited
}

func (s *Sim) dispatch(a action) {
	m := a.m
	switch a.kind {
	case actGOp:
		if a.gen != m.gen {
			return
		}
		s.runG(m)
	case actCoopCheck:
		if a.gen != m.gen {
			return
		}
		s.coopCheck(m)
	case actSignal:
		s.doSigPreempt(m)
	case actMStart:
		s.mstart(m)
	case actMWake:
		if a.gen != m.gen {
			return
		}
		s.mwoken(m)
	case actSyscallDone:
		s.exitsyscall(m)
	case actSysmon:
		s.sysmonLoop()
	case actSysmonDeep:
		if a.gen != s.sysmon.gen {
			return
		}
		s.sysmonDeepDone(a.arg != 0)
	case actIOReady:
		s.ioReady(a.arg)
	case actNetpollWake:
		if a.gen != m.gen {
			return
		}
		s.netpollWoken(m, Reason(a.arg))
	case actSleepDone:
		if a.gen != m.gen {
			return
		}
		m.state = MRunning
		s.scheduleM(m)
	case actStealPass:
		if a.gen != m.gen {
			return
		}
		s.scheduleM(m)
	case actOSTick:
		s.osTick()
	case actSTWCheck:
		if a.gen != s.stw.gen {
			return
		}
		s.stwCheck()
	default:
		panic(fmt.Sprintf("core.dispatch: unknown action %d", a.kind))
	}
}

// emit records one event. Every state change goes through here, so the log
// is the single source for traces, narration and the player.
func (s *Sim) emit(e *Event) {
	if s.exited {
		return
	}
	s.nevents++
	e.Seq = s.nevents
	e.T = s.now
	if s.record {
		s.events = append(s.events, *e)
	}
	if s.sink != nil {
		// Copy field by field: the scalars are plain stores, and the two
		// pointer fields are written (with a write barrier) only when set.
		b := &s.evbuf
		b.Seq, b.T, b.Kind, b.Why, b.Wait, b.Flag = e.Seq, e.T, e.Kind, e.Why, e.Wait, e.Flag
		b.M, b.P, b.P2, b.G, b.G2, b.N, b.Arg = e.M, e.P, e.P2, e.G, e.G2, e.N, e.Arg
		if e.Text != "" || b.Text != "" {
			b.Text = e.Text
		}
		if e.Snap != nil || b.Snap != nil {
			b.Snap = e.Snap
		}
		s.sink(b)
	}
	if s.check && s.checkErr == nil {
		s.checkEvent(e)
	}
	if s.nevents >= s.cfg.Limits.MaxEvents && !s.limitHit && e.Kind < EvDeadlock && !s.exited {
		s.limit(LimitEvents, fmt.Sprintf("event limit %d reached", s.cfg.Limits.MaxEvents))
	}
}

// checkEvent holds e to its kind's schema (eventspec.go), then the state it
// leaves to the invariants; a failure ends the run. It is apart from emit
// so that emit stays small when nothing is checked.
func (s *Sim) checkEvent(e *Event) {
	if err := e.Check(); err != nil {
		s.checkErr = fmt.Errorf("event %d (%s) breaks the schema: %w", e.Seq, e.String(), err)
	} else if err := s.checkStructural(); err != nil {
		s.checkErr = fmt.Errorf("after event %d (%s): %w", e.Seq, e.String(), err)
	} else {
		return
	}
	s.exited = true
	s.exitCode = 2
}

func mid(m *M) int32 {
	if m == nil {
		return -1
	}
	return int32(m.ID)
}

func pid(p *P) int32 {
	if p == nil {
		return -1
	}
	return p.ID
}

func gid(g *G) int64 {
	if g == nil {
		return 0
	}
	return g.ID
}

func (s *Sim) limit(r Reason, msg string) {
	if s.exited {
		return
	}
	s.limitHit = true
	var e Event
	s.emit(e.limit(r, msg))
	s.end(2)
}

// fatal ends the process the way the runtime's fatal() does.
func (s *Sim) fatal(msg string) {
	if s.exited {
		return
	}
	s.deadlock = msg
	var e Event
	s.emit(e.deadlock(0, msg))
	s.end(2)
}

func (s *Sim) end(code int) {
	if s.exited {
		return
	}
	var e Event
	s.emit(e.exit(int64(code)))
	s.exited = true
	s.exitCode = code
}
