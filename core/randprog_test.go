package core

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// This file holds the random G-program generator shared by the seed sweep,
// the fuzz target and the determinism tests. A generator seed fixes both the
// program and the Config, so a failing seed is a complete reproduction.

// entropy is where the generator draws its choices from: a seeded PCG for
// the sweeps, the fuzzer's bytes for FuzzSim.
type entropy interface {
	IntN(n int) int
	Uint64() uint64
}

// byteEntropy reads choices from a byte string; once it runs dry every
// choice is 0, which always leads the generator to its smallest option.
type byteEntropy struct {
	b []byte
}

func (e *byteEntropy) byte() int {
	if len(e.b) == 0 {
		return 0
	}
	v := int(e.b[0])
	e.b = e.b[1:]
	return v
}

func (e *byteEntropy) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	v := e.byte()
	if n > 256 {
		v = v<<16 | e.byte()<<8 | e.byte()
	}
	return v % n
}

func (e *byteEntropy) Uint64() uint64 {
	var v uint64
	for range 8 {
		v = v<<8 | uint64(e.byte())
	}
	return v
}

// Bounds of a generated program.
const (
	genMaxOps   = 40 // ops in the whole program, nested bodies included
	genMaxGs    = 10 // goroutines, main included
	genMaxDepth = 3  // nesting of go, loop, lock and LockOSThread blocks
	genMaxDur   = 3 * Millisecond
	genMaxProcs = 4

	// Run bounds: every generated run ends by itself or at one of these.
	genMaxTime   = Time(2 * Second)
	genMaxEvents = 200_000
	// genMaxSteps bounds Step calls as a guard against a simulator that
	// spins without emitting events.
	genMaxSteps = 2_000_000
)

// Pre-created objects (WithObjects): channels 1 (unbuffered), 2 (cap 1) and
// 3 (cap 4); mutexes 1 and 2; WaitGroup 1.
var (
	genChanCaps = []int{0, 1, 4}
	genMutexes  = 2
	genWGs      = 1
)

func genObjects() Option { return WithObjects(genChanCaps, genMutexes, genWGs) }

// genCase is one generated input: a main program and the Config to run it.
type genCase struct {
	Seed uint64 // generator seed
	Fuzz bool   // drawn from fuzz input, not from Seed
	Cfg  Config
	Main []Op
	Ops  int // ops in the program, nested ones included
	Gs   int // goroutines the program can start, main included
}

// genCaseFromSeed draws a program and a Config from a PCG seeded with seed.
func genCaseFromSeed(seed uint64) genCase {
	c := genFrom(genRand(seed))
	c.Seed = seed
	return c
}

// genRand is the generator's PCG for seed.
func genRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

// genCaseFromBytes draws a program and a Config from fuzz input.
func genCaseFromBytes(b []byte) genCase {
	c := genFrom(&byteEntropy{b: b})
	c.Fuzz = true
	return c
}

func genFrom(src entropy) genCase {
	cfg := DefaultConfig(1 + src.IntN(genMaxProcs))
	cfg.Seed = src.Uint64()
	switch src.IntN(4) {
	case 0:
		cfg.Version = Go126()
	case 1:
		cfg.Version = Go125()
	case 2:
		cfg.Version = Go114()
	default:
		cfg.Version = Go113()
	}
	if src.IntN(2) == 1 {
		cfg.Startup = StartupClean
	}
	cfg.Debug.AsyncPreemptOff = src.IntN(4) == 0
	cfg.Limits.MaxTime = genMaxTime
	cfg.Limits.MaxEvents = genMaxEvents

	g := &progGen{src: src, gs: 1}
	main := g.block(3+src.IntN(genMaxOps), 0, genCtx{})
	if g.left() > 0 && src.IntN(2) == 0 {
		// Most Go programs wait for their workers before main returns.
		g.ops++
		main = append(main, Op{Kind: OpWGWait, Obj: 1})
	}
	return genCase{Cfg: cfg, Main: main, Ops: g.ops, Gs: g.gs}
}

// progGen builds op lists within the bounds above.
type progGen struct {
	src entropy
	ops int // ops emitted so far
	gs  int // goroutines so far, main included
}

// genCtx is what the generator must respect at a point of the program.
type genCtx struct {
	inLoop bool  // a go statement here would start a goroutine per iteration
	held   uint8 // bit i-1: mutex i is held by this goroutine here
}

func (p *progGen) left() int { return genMaxOps - p.ops }

// dur picks a duration in [0, 3ms], biased towards short ones so that the
// interesting interleavings (sysmon, preemption, timers) all show up.
func (p *progGen) dur() Duration {
	switch p.src.IntN(4) {
	case 0:
		return 0
	case 1:
		return Duration(p.src.IntN(50 * int(Microsecond)))
	case 2:
		return Duration(p.src.IntN(int(Millisecond)))
	default:
		return Duration(p.src.IntN(int(genMaxDur) + 1))
	}
}

// chanID is one of the pre-created channels, or now and then the nil channel.
func (p *progGen) chanID() int64 {
	if p.src.IntN(20) == 0 {
		return 0
	}
	return 1 + int64(p.src.IntN(len(genChanCaps)))
}

func (p *progGen) block(n, depth int, ctx genCtx) []Op {
	var out []Op
	for i := 0; i < n && p.left() > 0; i++ {
		out = append(out, p.op(depth, ctx)...)
	}
	return out
}

// Op choices, with their weights.
const (
	gkCompute = iota
	gkSpin
	gkGosched
	gkSleep
	gkSyscall
	gkSyscallBlock
	gkNetRead
	gkSend
	gkRecv
	gkClose
	gkSelect
	gkLock
	gkWG
	gkLockOS
	gkGOMAXPROCS
	gkPrint
	gkLoop
	gkGo
	gkHandoff
	gkCount
)

var genWeights = [gkCount]int{
	gkCompute: 10, gkSpin: 6, gkGosched: 4, gkSleep: 6, gkSyscall: 4, gkSyscallBlock: 2, gkNetRead: 4,
	gkSend: 2, gkRecv: 2, gkClose: 1, gkSelect: 6, gkLock: 5, gkWG: 3, gkLockOS: 3, gkGOMAXPROCS: 3,
	gkPrint: 3, gkLoop: 4, gkGo: 8, gkHandoff: 8,
}

var genWeightSum = func() int {
	n := 0
	for _, w := range genWeights {
		n += w
	}
	return n
}()

func (p *progGen) kind() int {
	x := p.src.IntN(genWeightSum)
	for k, w := range genWeights {
		if x < w {
			return k
		}
		x -= w
	}
	return gkCompute
}

// op emits one op or one block (go, loop, lock … unlock) at depth.
func (p *progGen) op(depth int, ctx genCtx) []Op {
	k := p.kind()
	nested := depth < genMaxDepth
	switch k {
	case gkLock:
		free := []int64{}
		for id := int64(1); id <= int64(genMutexes); id++ {
			if ctx.held&(1<<(id-1)) == 0 {
				free = append(free, id)
			}
		}
		if !nested || p.left() < 2 || len(free) == 0 {
			break
		}
		id := free[p.src.IntN(len(free))]
		p.ops += 2
		inner := ctx
		inner.held |= 1 << (id - 1)
		body := p.block(p.src.IntN(4), depth+1, inner)
		out := append([]Op{{Kind: OpLock, Obj: id}}, body...)
		return append(out, Op{Kind: OpUnlock, Obj: id})
	case gkLockOS:
		if nested && p.left() >= 2 && p.src.IntN(3) != 0 {
			p.ops += 2
			body := p.block(p.src.IntN(4), depth+1, ctx)
			out := append([]Op{{Kind: OpLockOSThread}}, body...)
			return append(out, Op{Kind: OpUnlockOSThread})
		}
		p.ops++
		if p.src.IntN(2) == 0 {
			return []Op{{Kind: OpLockOSThread}}
		}
		return []Op{{Kind: OpUnlockOSThread}}
	case gkLoop:
		if !nested || p.left() < 2 {
			break
		}
		p.ops++
		n := int64(1 + p.src.IntN(3))
		inner := ctx
		inner.inLoop = true
		body := p.block(1+p.src.IntN(3), depth+1, inner)
		if len(body) == 0 {
			// An empty Loop body ends the goroutine in opList; keep
			// loops non-empty so that the program means what it says.
			p.ops++
			body = []Op{Compute(p.dur())}
		}
		return []Op{Loop(n, body...)}
	case gkGo:
		if !nested || ctx.inLoop || p.gs >= genMaxGs || p.left() < 1 {
			break
		}
		p.gs++
		name := fmt.Sprintf("g%d", p.gs-1)
		if p.left() >= 3 && p.src.IntN(3) == 0 {
			// wg.Add(1); go func() { …; wg.Done() }()
			p.ops += 3
			body := p.block(p.src.IntN(5), depth+1, genCtx{})
			body = append(body, Op{Kind: OpWGAdd, Obj: 1, N: -1})
			return []Op{{Kind: OpWGAdd, Obj: 1, N: 1}, Go(name, body...)}
		}
		p.ops++
		return []Op{Go(name, p.block(p.src.IntN(6), depth+1, genCtx{})...)}
	case gkHandoff:
		// A goroutine and its parent meet on a channel, one sending and
		// the other receiving, so that most programs get past their
		// channel operations instead of deadlocking at once.
		if !nested || ctx.inLoop || p.gs >= genMaxGs || p.left() < 3 {
			break
		}
		p.gs++
		p.ops += 3
		name := fmt.Sprintf("g%d", p.gs-1)
		ch := 1 + int64(p.src.IntN(len(genChanCaps)))
		send := Op{Kind: OpSend, Obj: ch, Val: int64(p.src.IntN(100))}
		recv := Op{Kind: OpRecv, Obj: ch}
		if p.src.IntN(3) == 0 {
			recv = Op{Kind: OpSelect, Cases: []SelectCase{{Chan: ch}, {Chan: 1 + int64(p.src.IntN(len(genChanCaps)))}}}
		}
		childSends := p.src.IntN(2) == 0
		child := p.block(p.src.IntN(4), depth+1, genCtx{})
		if childSends {
			child = append(child, send)
		} else {
			child = append([]Op{recv}, child...)
		}
		out := []Op{Go(name, child...)}
		out = append(out, p.block(p.src.IntN(3), depth, ctx)...)
		if childSends {
			return append(out, recv)
		}
		return append(out, send)
	}
	p.ops++
	switch k {
	case gkSpin:
		return []Op{Spin(p.dur())}
	case gkGosched:
		return []Op{{Kind: OpGosched}}
	case gkSleep:
		return []Op{{Kind: OpSleep, D: p.dur()}}
	case gkSyscall:
		return []Op{{Kind: OpSyscall, D: p.dur()}}
	case gkSyscallBlock:
		return []Op{{Kind: OpSyscallBlock, D: p.dur()}}
	case gkNetRead:
		return []Op{{Kind: OpNetRead, D: p.dur()}}
	case gkSend:
		return []Op{{Kind: OpSend, Obj: p.chanID(), Val: int64(p.src.IntN(100))}}
	case gkRecv:
		return []Op{{Kind: OpRecv, Obj: p.chanID()}}
	case gkClose:
		return []Op{{Kind: OpClose, Obj: 1 + int64(p.src.IntN(len(genChanCaps)))}}
	case gkSelect:
		n := p.src.IntN(4)
		if n == 0 && p.src.IntN(4) != 0 {
			n = 1
		}
		cases := make([]SelectCase, n)
		for i := range cases {
			cases[i] = SelectCase{Chan: p.chanID(), Send: p.src.IntN(2) == 0}
			if cases[i].Send {
				cases[i].Val = int64(p.src.IntN(100))
			}
		}
		return []Op{{Kind: OpSelect, Cases: cases, Default: p.src.IntN(4) != 0}}
	case gkWG:
		switch p.src.IntN(8) {
		case 0, 1, 2:
			return []Op{{Kind: OpWGAdd, Obj: 1, N: int64(1 + p.src.IntN(2))}}
		case 3:
			return []Op{{Kind: OpWGAdd, Obj: 1, N: -1}}
		default:
			return []Op{{Kind: OpWGWait, Obj: 1}}
		}
	case gkGOMAXPROCS:
		return []Op{{Kind: OpGOMAXPROCS, N: int64(1 + p.src.IntN(genMaxProcs))}}
	case gkPrint:
		text := fmt.Sprintf("line %d", p.src.IntN(100))
		if p.src.IntN(2) == 0 {
			return []Op{Print(text)}
		}
		return []Op{Println(text)}
	}
	return []Op{Compute(p.dur())}
}

// String prints the case so that a failure report is self-contained.
func (c genCase) String() string {
	var b strings.Builder
	if c.Fuzz {
		fmt.Fprintf(&b, "fuzz input: %s\n", cfgString(c.Cfg))
	} else {
		fmt.Fprintf(&b, "gen seed %d: %s\n", c.Seed, cfgString(c.Cfg))
	}
	fmt.Fprintf(&b, "program (%d ops, up to %d Gs):\n", c.Ops, c.Gs)
	formatOps(&b, c.Main, 1)
	return b.String()
}

func cfgString(c Config) string {
	return fmt.Sprintf("procs=%d seed=%d version=%s startup=%v asyncpreemptoff=%v maxtime=%s maxevents=%d",
		c.Procs, c.Seed, c.Version.Name, c.Startup, c.Debug.AsyncPreemptOff,
		FormatDuration(int64(c.Limits.MaxTime)), c.Limits.MaxEvents)
}

// formatOps prints an op list as indented pseudo-Go.
func formatOps(b *strings.Builder, ops []Op, indent int) {
	pad := strings.Repeat("    ", indent)
	for _, op := range ops {
		b.WriteString(pad)
		switch op.Kind {
		case OpCompute:
			if op.Calls {
				fmt.Fprintf(b, "compute %s\n", FormatDuration(op.D))
			} else {
				fmt.Fprintf(b, "spin %s\n", FormatDuration(op.D))
			}
		case OpGo:
			fmt.Fprintf(b, "go %s {\n", op.Name)
			formatOps(b, op.Body, indent+1)
			b.WriteString(pad + "}\n")
		case OpLoop:
			fmt.Fprintf(b, "loop %d {\n", op.N)
			formatOps(b, op.Body, indent+1)
			b.WriteString(pad + "}\n")
		case OpSleep, OpSyscall, OpSyscallBlock, OpNetRead:
			fmt.Fprintf(b, "%v %s\n", op.Kind, FormatDuration(op.D))
		case OpSend:
			fmt.Fprintf(b, "send ch%d <- %v\n", op.Obj, op.Val)
		case OpRecv, OpClose:
			fmt.Fprintf(b, "%v ch%d\n", op.Kind, op.Obj)
		case OpSelect:
			b.WriteString("select {")
			for i, cs := range op.Cases {
				if i > 0 {
					b.WriteString(";")
				}
				if cs.Send {
					fmt.Fprintf(b, " ch%d <- %v", cs.Chan, cs.Val)
				} else {
					fmt.Fprintf(b, " <-ch%d", cs.Chan)
				}
			}
			if op.Default {
				b.WriteString("; default")
			}
			b.WriteString(" }\n")
		case OpLock, OpUnlock:
			fmt.Fprintf(b, "%v mu%d\n", op.Kind, op.Obj)
		case OpWGAdd:
			if op.N == -1 {
				fmt.Fprintf(b, "wg%d.Done\n", op.Obj)
			} else {
				fmt.Fprintf(b, "wg%d.Add %d\n", op.Obj, op.N)
			}
		case OpWGWait:
			fmt.Fprintf(b, "wg%d.Wait\n", op.Obj)
		case OpGOMAXPROCS:
			fmt.Fprintf(b, "gomaxprocs %d\n", op.N)
		case OpPrint:
			if op.NoWrite {
				fmt.Fprintf(b, "print %q\n", op.Text)
			} else {
				fmt.Fprintf(b, "println %q (write syscall)\n", op.Text)
			}
		default:
			fmt.Fprintf(b, "%v\n", op.Kind)
		}
	}
}

// runOutcome is how a generated run ended.
type runOutcome struct {
	sim      *Sim
	err      error  // Run's error: an invariant violation or ErrLimit
	panic    string // the simulator panicked
	stack    string // where it panicked
	hang     string // the run exceeded genMaxSteps or its wall-clock budget
	events   int64
	lastKind EvKind // kind of the last event
	lastWait WaitReason
	exits    int // Exit events seen
}

// failure returns a one-line description if the outcome is a simulator bug,
// "" otherwise. Deadlocks, program panics and limits are normal outcomes.
func (o runOutcome) failure() string {
	switch {
	case o.panic != "":
		return "simulator panic: " + o.panic
	case o.hang != "":
		return "hang: " + o.hang
	case o.err != nil && o.err != ErrLimit:
		return "invariant: " + o.err.Error()
	case !o.sim.Done():
		return "run not done after Run"
	case o.lastKind != EvExit:
		return fmt.Sprintf("log ends with %v, not Exit", o.lastKind)
	case o.exits != 1:
		return fmt.Sprintf("%d Exit events in one log", o.exits)
	}
	return ""
}

// wallBudget is how long one generated run may take on the host before it
// counts as a hang.
const wallBudget = 30 * time.Second

// runGenCase runs c to the end, turning simulator panics into outcomes.
// With keepLog the Sim records its events (Sim.Events); otherwise they are
// only looked at through a sink, which is cheaper. opts must not include
// WithSink: runGenCaseSink takes the sink.
func runGenCase(c genCase, keepLog bool, opts ...Option) runOutcome {
	return runGen(c, keepLog, nil, opts...)
}

// runGenCaseSink is runGenCase streaming every event to sink as well.
func runGenCaseSink(c genCase, sink func(*Event), opts ...Option) runOutcome {
	return runGen(c, false, sink, opts...)
}

func runGen(c genCase, keepLog bool, sink func(*Event), opts ...Option) (o runOutcome) {
	defer func() {
		if r := recover(); r != nil {
			o.panic = fmt.Sprint(r)
			o.stack = panicStack()
			if o.sim != nil {
				o.events = o.sim.NumEvents()
			}
		}
	}()
	all := append([]Option{genObjects()}, opts...)
	if !keepLog {
		all = append(all, WithSink(func(e *Event) {
			o.lastKind, o.lastWait = e.Kind, e.Wait
			if e.Kind == EvExit {
				o.exits++
			}
			if sink != nil {
				sink(e)
			}
		}))
	}
	s, err := New(c.Cfg, Ops(c.Main...), all...)
	if err != nil {
		o.panic = "New: " + err.Error()
		return o
	}
	o.sim = s
	start := time.Now()
	steps := 0
	for s.Step() {
		if s.check {
			if err := checkPending(s); err != nil {
				o.err = fmt.Errorf("at %v after event %d: %w", s.Now(), s.NumEvents(), err)
				o.events = s.NumEvents()
				return o
			}
		}
		steps++
		if steps >= genMaxSteps {
			o.hang = fmt.Sprintf("%d steps without ending (t=%v, %d events)", steps, s.Now(), s.NumEvents())
			return o
		}
		if steps%4096 == 0 && time.Since(start) > wallBudget {
			o.hang = fmt.Sprintf("over %v of host time (t=%v, %d events)", wallBudget, s.Now(), s.NumEvents())
			return o
		}
	}
	// Run on a finished Sim only classifies the ending, as it does after
	// its own stepping loop.
	o.err = s.Run()
	o.events = s.NumEvents()
	if keepLog {
		for _, e := range s.Events() {
			o.lastKind, o.lastWait = e.Kind, e.Wait
			if e.Kind == EvExit {
				o.exits++
			}
		}
	}
	return o
}

// checkPending is a liveness check the core invariants lack: between
// actions, every thread that is doing something (starting, running, in a
// system call, waking, sleeping in runqgrab) must have an action queued
// that will continue it. Without one the thread, and any P it holds, is
// stranded for good while the run still looks consistent.
func checkPending(s *Sim) error {
	for _, m := range s.allm {
		switch m.state {
		case MStarting, MRunning, MSyscall, MWaking, MSleeping:
		default:
			continue
		}
		if s.stw.active && s.stw.m == m {
			continue // the stop-the-world caller waits on actSTWCheck
		}
		found := false
		for _, a := range pendingActions(s) {
			if a.m != m {
				continue
			}
			switch a.kind {
			case actGOp, actCoopCheck, actMWake, actNetpollWake, actSleepDone, actMStart, actStealPass:
				found = a.gen == m.gen
			default:
				found = true
			}
			if found {
				break
			}
		}
		if !found {
			what := "no G"
			if m.curg != nil {
				what = fmt.Sprintf("G%d", m.curg.ID)
			}
			return fmt.Errorf("L1: M%d is %v, holds P%d and runs %s, but no action is pending", m.ID, m.state, pid(m.p), what)
		}
	}
	return nil
}

// pendingActions lists the queued actions: the heap plus the earliest
// action, which the Sim keeps out of the heap, plus the actions of threads
// that wait for a CPU (Config.CPUs).
func pendingActions(s *Sim) []action {
	out := s.q
	if s.hasNext {
		out = append([]action{s.next}, s.q...)
	}
	for _, m := range s.cpu.waiting {
		out = append(out[:len(out):len(out)], m.stash...)
	}
	return out
}

// panicStack returns the frames of the panicking simulator code, without
// the runtime's and this file's own.
func panicStack() string {
	lines := strings.Split(string(debug.Stack()), "\n")
	var out []string
	for i := 1; i+1 < len(lines); i += 2 {
		fn, loc := lines[i], strings.TrimSpace(lines[i+1])
		if strings.HasPrefix(fn, "runtime") || strings.HasPrefix(fn, "panic(") || strings.HasPrefix(fn, "testing.") ||
			strings.HasPrefix(fn, "created by") || strings.Contains(loc, "_test.go") {
			continue
		}
		if j := strings.LastIndex(fn, "("); j > 0 {
			fn = fn[:j]
		}
		fn = strings.TrimPrefix(fn, "github.com/gmpbook/gmpbook/core.")
		if j := strings.LastIndex(loc, " +0x"); j >= 0 {
			loc = loc[:j]
		}
		if j := strings.Index(loc, "/core/"); j >= 0 {
			loc = loc[j+1:]
		}
		out = append(out, fmt.Sprintf("%s (%s)", fn, loc))
	}
	return strings.Join(out, "\n")
}

// eventText is the canonical event log: one Event.String per line.
func eventText(evs []Event) string {
	var b strings.Builder
	for i := range evs {
		b.WriteString(evs[i].String())
		b.WriteByte('\n')
	}
	return b.String()
}

// failureSet collects distinct failures across runs, keeping the smallest
// reproduction of each.
type failureSet struct {
	mu    sync.Mutex
	byKey map[string]*failureRec
}

type failureRec struct {
	key    string
	msg    string // the first message in full
	count  int
	c      genCase // smallest reproducing case
	events int64
	stack  string
}

var (
	reNumber = regexp.MustCompile(`[0-9]+(\.[0-9]+)?(ns|µs|ms|s)?`)
	// Invariant errors start with where they happened; the kind of failure
	// is what follows.
	reWhere = regexp.MustCompile(`^invariant: (at [^ ]+ )?after event [0-9]+( \(.*?\))?: `)
)

// failureKey reduces a failure message to its kind: positions, ids and
// times removed, and the stack of a panic dropped.
func failureKey(msg string) string {
	if i := strings.Index(msg, "\ngoroutine "); i >= 0 {
		msg = msg[:i]
	}
	if loc := reWhere.FindStringIndex(msg); loc != nil {
		msg = "invariant: " + msg[loc[1]:]
	}
	return reNumber.ReplaceAllString(msg, "#")
}

func (fs *failureSet) add(msg string, c genCase, o runOutcome) {
	events := o.events
	key := failureKey(msg)
	switch {
	case o.stack != "":
		// The same message from two places is two bugs.
		top, _, _ := strings.Cut(o.stack, " (")
		key += " in " + top
	case strings.HasPrefix(msg, "invariant: "):
		// What happened last tells apart violations that read alike.
		key += " (last event " + o.lastKind.String()
		if o.lastWait != WaitNone {
			key += " " + strconv.Quote(o.lastWait.String())
		}
		key += ")"
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.byKey == nil {
		fs.byKey = map[string]*failureRec{}
	}
	r := fs.byKey[key]
	if r == nil {
		fs.byKey[key] = &failureRec{key: key, msg: msg, count: 1, c: c, events: events, stack: o.stack}
		return
	}
	r.count++
	if c.Ops < r.c.Ops || c.Ops == r.c.Ops && events < r.events {
		r.msg, r.c, r.events, r.stack = msg, c, events, o.stack
	}
}

// report lists the distinct failures, most frequent first.
func (fs *failureSet) report() (string, int) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	recs := make([]*failureRec, 0, len(fs.byKey))
	for _, r := range fs.byKey {
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool {
		if recs[i].count != recs[j].count {
			return recs[i].count > recs[j].count
		}
		return recs[i].key < recs[j].key
	})
	var b strings.Builder
	for i, r := range recs {
		fmt.Fprintf(&b, "\n=== failure %d of %d (%d runs): %s\n", i+1, len(recs), r.count, r.key)
		fmt.Fprintf(&b, "smallest reproduction (%d events): %s\n", r.events, r.msg)
		if r.stack != "" {
			b.WriteString("stack:\n" + r.stack + "\n")
		}
		b.WriteString(r.c.String())
		if !r.c.Fuzz {
			fmt.Fprintf(&b, "replay: go test ./core -run 'TestSeedSweepKeepsInvariants' -sweep.seed=%d -v\n", r.c.Seed)
		}
	}
	return b.String(), len(recs)
}

// TestGeneratorStaysInBounds checks the generator's promises: at most 40
// ops and 10 goroutines, durations within 3ms, no go statement inside a
// loop, and every Lock unlocked later by the same goroutine.
func TestGeneratorStaysInBounds(t *testing.T) {
	var walk func(ops []Op, inLoop bool) (n, gs int, err error)
	walk = func(ops []Op, inLoop bool) (n, gs int, err error) {
		held := map[int64]int{}
		for _, op := range ops {
			n++
			if op.D < 0 || op.D > genMaxDur {
				return 0, 0, fmt.Errorf("duration %d out of range", op.D)
			}
			switch op.Kind {
			case OpGo:
				if inLoop {
					return 0, 0, fmt.Errorf("go %s inside a loop", op.Name)
				}
				bn, bg, err := walk(op.Body, false)
				if err != nil {
					return 0, 0, err
				}
				n, gs = n+bn, gs+1+bg
			case OpLoop:
				bn, bg, err := walk(op.Body, true)
				if err != nil {
					return 0, 0, err
				}
				if len(op.Body) == 0 || op.N < 1 {
					return 0, 0, fmt.Errorf("loop %d with %d ops", op.N, len(op.Body))
				}
				n, gs = n+bn, gs+bg
			case OpLock:
				if held[op.Obj] > 0 {
					return 0, 0, fmt.Errorf("mu%d locked twice", op.Obj)
				}
				held[op.Obj]++
			case OpUnlock:
				if held[op.Obj] == 0 {
					return 0, 0, fmt.Errorf("mu%d unlocked but not locked here", op.Obj)
				}
				held[op.Obj]--
			}
		}
		for id, k := range held {
			if k != 0 {
				return 0, 0, fmt.Errorf("mu%d left locked", id)
			}
		}
		return n, gs, nil
	}
	for seed := uint64(1); seed <= 5000; seed++ {
		c := genCaseFromSeed(seed)
		n, gs, err := walk(c.Main, false)
		if err == nil && (n != c.Ops || gs+1 != c.Gs) {
			err = fmt.Errorf("counted %d ops and %d Gs, generator says %d and %d", n, gs+1, c.Ops, c.Gs)
		}
		if err == nil && (n > genMaxOps || gs+1 > genMaxGs) {
			err = fmt.Errorf("%d ops, %d Gs: over the bounds", n, gs+1)
		}
		if err == nil && (c.Cfg.Procs < 1 || c.Cfg.Procs > genMaxProcs) {
			err = fmt.Errorf("procs %d", c.Cfg.Procs)
		}
		if err != nil {
			t.Fatalf("gen seed %d: %v\n%s", seed, err, c)
		}
	}
}
