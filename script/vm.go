package script

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// Virtual CPU costs of interpreted code. They are coarse: a scene's loops
// run slower in the simulator than natively, which changes how long they
// take but not where they can be preempted.
const (
	instrCost = 1                     // ns per VM instruction
	callCost  = 5                     // extra ns per call (a function prologue)
	chunkCPU  = 10 * core.Microsecond // longest stretch of CPU before the simulator hears of it
	flushCPU  = 1 * core.Microsecond  // CPU carried into the next op below this
	spinChunk = 10 * core.Millisecond // one step of an empty infinite loop
	maxFrames = 2_000_000             // call depth of one goroutine (the real limit is a 1 GB stack)
	maxString = 1 << 24               // longest string a scene may build
)

// Run is one execution of a compiled scene: its globals and counters.
// Each simulation needs a fresh Run.
type Run struct {
	c       *Compiled
	globals []*cell
	instrs  int64
	stdout  strings.Builder // a line written in pieces by fmt.Print
	stderr  strings.Builder
	// Lines maps a goroutine id order to nothing; the player reads
	// Thread.Line for the current source line.
}

// NewRun prepares a fresh execution.
func (c *Compiled) NewRun() *Run {
	r := &Run{c: c, globals: make([]*cell, c.globals)}
	for i := range r.globals {
		r.globals[i] = &cell{v: c.globalZero[i]}
	}
	return r
}

// Main returns the program of the main goroutine: package initialisation,
// then main.
func (r *Run) Main() core.Program {
	t := &thread{run: r, main: true, name: "main.main"}
	t.push(r.c.main, nil, nil)
	t.push(r.c.init, nil, nil)
	return t
}

type deferRec struct {
	cl   *closure
	args []any
}

type frame struct {
	fn        *fnCode
	pc        int
	cells     []*cell
	env       []*cell
	defers    []deferRec
	rets      []any
	returning bool
	discard   bool // a deferred call: its results are dropped
}

// resume kinds: what to do with an op's result when the thread resumes.
const (
	rNone = iota
	rPushN
	rPushTime
	rPushSince
	rPushChan
	rPushSync
	rPushVal
	rPushValOk
	rPushSelect
	rPushSelectOne // a one-case select lowered to a plain send or receive
)

type pendingOp struct {
	op     core.Op
	resume int
}

// thread is one goroutine of a scene; it implements core.Program.
type thread struct {
	run       *Run
	frames    []frame
	stack     []any
	cpu       int64
	calls     bool
	ran       []int32 // the lines run since the last op was handed out (RanLines)
	ranNext   bool    // Next is to start a new ran list
	resume    int
	rzero     any   // zero value for a receive
	rsince    int64 // the Time that Since subtracts
	rdesc     *selectDesc
	pend      []pendingOp
	op        core.Op
	name      string
	main      bool
	wgDone    syncV
	goexiting bool
	done      bool
}

// Line is the source line the goroutine is at (0 before it starts).
func (t *thread) Line() int {
	if len(t.frames) == 0 {
		return 0
	}
	fr := &t.frames[len(t.frames)-1]
	if fr.pc > 0 && fr.pc <= len(fr.fn.code) {
		return int(fr.fn.code[fr.pc-1].line)
	}
	if len(fr.fn.code) > 0 {
		return int(fr.fn.code[0].line)
	}
	return 0
}

// maxRanLines bounds RanLines: a stretch of work that runs more distinct
// lines than this reports the first ones.
const maxRanLines = 32

// noteLine adds line to the lines run since the last op, once.
func (t *thread) noteLine(line int32) {
	if line <= 0 || len(t.ran) >= maxRanLines || slices.Contains(t.ran, line) {
		return
	}
	t.ran = append(t.ran, line)
}

// RanLines lists, in the order they first ran, the source lines whose code
// ran to produce the op Next returned last: for a stretch of CPU work, every
// line of it; for a go statement or a send, the lines since the op before,
// its own last. The slice is valid until the next call of Next.
func (t *thread) RanLines() []int32 { return t.ran }

func (t *thread) push(fn *fnCode, env []*cell, args []any) {
	cells := make([]*cell, fn.ncells)
	for i, a := range args {
		cells[i] = &cell{v: a}
	}
	for i := len(args); i < fn.nparams; i++ {
		cells[i] = &cell{}
	}
	t.frames = append(t.frames, frame{fn: fn, cells: cells, env: env})
}

func (t *thread) pop() any {
	n := len(t.stack) - 1
	v := t.stack[n]
	t.stack[n] = nil
	t.stack = t.stack[:n]
	return v
}

func (t *thread) popN(n int) []any {
	out := make([]any, n)
	copy(out, t.stack[len(t.stack)-n:])
	for i := len(t.stack) - n; i < len(t.stack); i++ {
		t.stack[i] = nil
	}
	t.stack = t.stack[:len(t.stack)-n]
	return out
}

// Next hands the simulator this goroutine's next op.
func (t *thread) Next(r core.Result) *core.Op {
	if t.ranNext {
		t.ran = t.ran[:0]
	}
	t.ranNext = true
	if len(t.pend) > 0 {
		t.noteLine(int32(t.Line()))
		p := t.pend[0]
		t.pend = t.pend[1:]
		t.op = p.op
		t.resume = p.resume
		return &t.op
	}
	t.applyResume(r)
	return t.exec()
}

func (t *thread) applyResume(r core.Result) {
	switch t.resume {
	case rPushN:
		t.stack = append(t.stack, r.N)
	case rPushTime:
		t.stack = append(t.stack, timeV(r.N))
	case rPushSince:
		t.stack = append(t.stack, durV(r.N-t.rsince))
	case rPushChan:
		t.stack = append(t.stack, chanV(r.Obj))
	case rPushSync:
		t.stack = append(t.stack, syncV(r.Obj))
	case rPushVal:
		t.stack = append(t.stack, orZero(r.Val, t.rzero))
	case rPushValOk:
		t.stack = append(t.stack, orZero(r.Val, t.rzero), r.Ok)
	case rPushSelect, rPushSelectOne:
		idx := r.Case
		if t.resume == rPushSelectOne {
			idx = 0
			if !t.rdesc.sends[0] {
				r.Ok = r.Ok || r.Val != nil
			}
		}
		var v any
		if idx >= 0 && idx < len(t.rdesc.zeros) {
			v = orZero(r.Val, t.rdesc.zeros[idx])
		}
		t.stack = append(t.stack, int64(idx), v, r.Ok)
	}
	t.resume = rNone
}

func orZero(v, zero any) any {
	if v == nil {
		return zero
	}
	return v
}

// yield returns op to the simulator, preceded by the CPU work done since
// the last op if it is worth reporting.
func (t *thread) yield(op core.Op, resume int) *core.Op {
	if t.cpu >= flushCPU {
		t.pend = append(t.pend, pendingOp{op: op, resume: resume})
		return t.flush()
	}
	t.op = op
	t.resume = resume
	return &t.op
}

// flush reports the CPU work done so far as a compute op. Its start is not
// a function prologue: it continues the code before it.
func (t *thread) flush() *core.Op {
	t.op = core.Op{Kind: core.OpCompute, D: t.cpu, Calls: t.calls, NoSafePoint: true}
	t.cpu, t.calls = 0, false
	t.resume = rNone
	return &t.op
}

func (t *thread) panicOp(msg string) *core.Op {
	t.done = true
	return t.yield(core.Op{Kind: core.OpPanic, Text: msg}, rNone)
}

// exec interprets until the next op.
func (t *thread) exec() *core.Op {
	if t.done {
		return &core.Op{Kind: core.OpReturn}
	}
	for {
		if len(t.frames) == 0 {
			return t.finish()
		}
		fr := &t.frames[len(t.frames)-1]
		if fr.pc >= len(fr.fn.code) {
			return t.panicOp("script: fell off the end of " + fr.fn.name)
		}
		in := &fr.fn.code[fr.pc]
		fr.pc++
		if n := len(t.ran); n == 0 || t.ran[n-1] != in.line {
			t.noteLine(in.line)
		}
		t.cpu += instrCost
		t.run.instrs++
		if t.run.instrs > t.run.c.MaxInstructions {
			t.done = true
			return &core.Op{Kind: core.OpLimit, Text: fmt.Sprintf("the scene ran more than %d instructions; shorten its loops or use scene.Work", t.run.c.MaxInstructions)}
		}
		switch in.op {
		case iConst:
			t.stack = append(t.stack, in.v)
		case iLoad:
			t.stack = append(t.stack, t.cellOf(fr, in).v)
		case iStore:
			t.cellOf(fr, in).v = t.pop()
		case iNewCell:
			fr.cells[in.b] = &cell{v: in.v}
		case iPop:
			t.pop()
		case iDup:
			t.stack = append(t.stack, t.stack[len(t.stack)-1])
		case iBin:
			y, x := t.pop(), t.pop()
			v, err := binop(token.Token(in.a), int(in.b), x, y)
			if err != "" {
				return t.panicOp(err)
			}
			if str, ok := v.(string); ok && len(str) > maxString {
				t.done = true
				return &core.Op{Kind: core.OpLimit, Text: fmt.Sprintf("a string longer than %d bytes", maxString)}
			}
			t.stack = append(t.stack, v)
		case iNeg:
			x := t.pop()
			t.stack = append(t.stack, rekind(x, -toInt(x)))
		case iNot:
			t.stack = append(t.stack, !t.pop().(bool))
		case iCompl:
			x := t.pop()
			t.stack = append(t.stack, rekind(x, ^toInt(x)))
		case iJump:
			fr.pc = int(in.a)
		case iJumpF:
			if !t.pop().(bool) {
				fr.pc = int(in.a)
			}
		case iJumpT:
			if t.pop().(bool) {
				fr.pc = int(in.a)
			}
		case iConv:
			t.stack = append(t.stack, retypeKind(toInt(t.pop()), int(in.a)))
		case iLen:
			t.stack = append(t.stack, int64(len(t.pop().(string))))
		case iSprint:
			args := t.popN(int(in.a))
			var s string
			switch in.b {
			case 0:
				s = fmt.Sprint(fmtArgs(args)...)
			case 1:
				s = fmt.Sprintln(fmtArgs(args)...)
			default:
				s = fmt.Sprintf(args[0].(string), fmtArgs(args[1:])...)
			}
			t.stack = append(t.stack, s)
		case iClosure:
			fn := t.run.c.funcs[in.a]
			env := make([]*cell, len(fn.captures))
			for i, c := range fn.captures {
				if c.fromEnv {
					env[i] = fr.env[c.idx]
				} else {
					env[i] = fr.cells[c.idx]
				}
			}
			t.stack = append(t.stack, &closure{fn: fn, env: env})
		case iCall:
			args := t.popN(int(in.a))
			cl, _ := t.pop().(*closure)
			if cl == nil {
				return t.panicOp("runtime error: invalid memory address or nil pointer dereference")
			}
			if len(t.frames) >= maxFrames {
				t.done = true
				return &core.Op{Kind: core.OpLimit, Text: fmt.Sprintf("more than %d nested calls; the real runtime stops at a 1 GB stack", maxFrames)}
			}
			t.cpu += callCost
			t.calls = true
			t.push(cl.fn, cl.env, args)
		case iReturn:
			if op := t.doReturn(fr, int(in.a)); op != nil {
				return op
			}
		case iDefer:
			args := t.popN(int(in.a))
			cl, _ := t.pop().(*closure)
			fr.defers = append(fr.defers, deferRec{cl: cl, args: args})
		case iGo:
			args := t.popN(int(in.a))
			cl, _ := t.pop().(*closure)
			if cl == nil {
				return t.panicOp("go of nil func value")
			}
			return t.yield(t.spawn(cl, args, 0), rNone)
		case iGoexit:
			t.goexiting = true
			if op := t.doReturn(fr, 0); op != nil {
				return op
			}
		case iSpinForever:
			fr.pc--
			t.op = core.Op{Kind: core.OpCompute, D: spinChunk + t.cpu, Calls: t.calls, NoSafePoint: true}
			t.cpu, t.calls = 0, false
			t.resume = rNone
			return &t.op
		case iOp:
			if op := t.libOp(in); op != nil {
				return op
			}
		default:
			return t.panicOp(fmt.Sprintf("script: bad instruction %d", in.op))
		}
		if t.cpu >= chunkCPU {
			return t.flush()
		}
	}
}

func (t *thread) cellOf(fr *frame, in *instr) *cell {
	switch in.a {
	case spLocal:
		return fr.cells[in.b]
	case spEnv:
		return fr.env[in.b]
	}
	return t.run.globals[in.b]
}

// spawn builds the OpGo for a new goroutine running cl(args).
func (t *thread) spawn(cl *closure, args []any, wg syncV) core.Op {
	nt := &thread{run: t.run, name: cl.fn.name, wgDone: wg}
	nt.push(cl.fn, cl.env, args)
	return core.Op{Kind: core.OpGo, Prog: nt, Name: cl.fn.name}
}

// doReturn returns from the top frame, running its deferred calls first.
// It returns an op to yield, or nil to keep interpreting.
func (t *thread) doReturn(fr *frame, n int) *core.Op {
	if !fr.returning {
		fr.returning = true
		fr.rets = t.popN(n)
	}
	if k := len(fr.defers); k > 0 {
		d := fr.defers[k-1]
		fr.defers = fr.defers[:k-1]
		fr.pc-- // come back to this return
		if d.cl == nil {
			return t.panicOp("runtime error: invalid memory address or nil pointer dereference")
		}
		t.push(d.cl.fn, d.cl.env, d.args)
		t.frames[len(t.frames)-1].discard = true
		return nil
	}
	rets, discard := fr.rets, fr.discard
	t.frames = t.frames[:len(t.frames)-1]
	if t.goexiting && len(t.frames) > 0 {
		// Goexit unwinds every frame, running its defers.
		top := &t.frames[len(t.frames)-1]
		top.pc++ // past the call it was in
		top.pc--
		top.returning = true
		top.rets = nil
		top.pc = len(top.fn.code) - 1 // its final return
		return nil
	}
	if !discard && len(t.frames) > 0 {
		t.stack = append(t.stack, rets...)
	}
	if len(t.frames) == 0 {
		return t.finish()
	}
	return nil
}

// finish ends the goroutine: main's return ends the process.
func (t *thread) finish() *core.Op {
	t.done = true
	if t.main {
		if s := t.run.stdout.String(); s != "" {
			t.run.stdout.Reset()
			t.pend = append(t.pend, pendingOp{op: core.Op{Kind: core.OpPrint, Text: s, NoWrite: true}})
		}
	}
	kind := core.OpReturn
	if t.goexiting {
		kind = core.OpGoexit
	}
	if t.wgDone != 0 {
		t.pend = append(t.pend, pendingOp{op: core.Op{Kind: core.OpWGAdd, Obj: int64(t.wgDone), N: -1}})
	}
	t.pend = append(t.pend, pendingOp{op: core.Op{Kind: kind}})
	if t.cpu >= flushCPU {
		return t.flush()
	}
	p := t.pend[0]
	t.pend = t.pend[1:]
	t.op = p.op
	return &t.op
}

// libOp performs a library or channel operation.
func (t *thread) libOp(in *instr) *core.Op {
	switch in.a {
	case opPrintln, opPrint, opPrintf:
		args := t.popN(int(in.b))
		var text string
		switch in.a {
		case opPrintln:
			text = fmt.Sprintln(fmtArgs(args)...)
		case opPrint:
			text = fmt.Sprint(fmtArgs(args)...)
		default:
			format, _ := args[0].(string)
			text = fmt.Sprintf(format, fmtArgs(args[1:])...)
		}
		t.stack = append(t.stack, nil, nil) // (n int, err error)
		t.pop()
		t.pop()
		return t.writeOut(&t.run.stdout, text, false)
	case opRuntimePrintln, opRuntimePrint:
		args := t.popN(int(in.b))
		var text string
		if in.a == opRuntimePrintln {
			text = runtimePrint(args, " ") + "\n"
		} else {
			text = runtimePrint(args, "")
		}
		return t.writeOut(&t.run.stderr, text, true)
	case opGosched:
		return t.yield(core.Op{Kind: core.OpGosched}, rNone)
	case opGOMAXPROCS:
		return t.yield(core.Op{Kind: core.OpGOMAXPROCS, N: toInt(t.pop())}, rPushN)
	case opNumGoroutine:
		return t.yield(core.Op{Kind: core.OpNumGoroutine}, rPushN)
	case opLockOS:
		return t.yield(core.Op{Kind: core.OpLockOSThread}, rNone)
	case opUnlockOS:
		return t.yield(core.Op{Kind: core.OpUnlockOSThread}, rNone)
	case opSleep:
		return t.yield(core.Op{Kind: core.OpSleep, D: toInt(t.pop())}, rNone)
	case opNow:
		t.pend = append(t.pend, pendingOp{op: core.Op{Kind: core.OpNow}, resume: rPushTime})
		return t.flushAll()
	case opSince:
		t.rsince = toInt(t.pop())
		t.pend = append(t.pend, pendingOp{op: core.Op{Kind: core.OpNow}, resume: rPushSince})
		return t.flushAll()
	case opWork:
		d := toInt(t.pop())
		if d < 0 {
			d = 0
		}
		t.op = core.Op{Kind: core.OpCompute, D: d + t.cpu, Calls: true}
		t.cpu, t.calls = 0, false
		t.resume = rNone
		return &t.op
	case opSyscall:
		return t.yield(core.Op{Kind: core.OpSyscall, D: max(toInt(t.pop()), 0)}, rNone)
	case opNetRead:
		return t.yield(core.Op{Kind: core.OpNetRead, D: max(toInt(t.pop()), 0)}, rNone)
	case opMakeChan:
		size := int64(0)
		if in.b > 0 {
			size = toInt(t.pop())
		}
		if size < 0 || size > 1<<40 {
			// The buffer grows only with what is sent, so any size the
			// real runtime accepts is fine here.
			return t.panicOp("makechan: size out of range")
		}
		return t.yield(core.Op{Kind: core.OpMakeChan, N: size}, rPushChan)
	case opSend:
		v := t.pop()
		ch := toInt(t.pop())
		return t.yield(core.Op{Kind: core.OpSend, Obj: ch, Val: v}, rNone)
	case opRecv:
		t.rzero = in.v
		return t.yield(core.Op{Kind: core.OpRecv, Obj: toInt(t.pop())}, rPushVal)
	case opRecvOk:
		t.rzero = in.v
		return t.yield(core.Op{Kind: core.OpRecv, Obj: toInt(t.pop())}, rPushValOk)
	case opClose:
		return t.yield(core.Op{Kind: core.OpClose, Obj: toInt(t.pop())}, rNone)
	case opSelect:
		d := in.v.(*selectDesc)
		t.rdesc = d
		n := len(d.sends)
		cases := make([]core.SelectCase, n)
		for i := n - 1; i >= 0; i-- {
			if d.sends[i] {
				cases[i].Val = t.pop()
				cases[i].Send = true
			}
			cases[i].Chan = toInt(t.pop())
		}
		if n == 1 && !d.hasDefault {
			// The compiler turns a one-case select into a plain operation.
			if cases[0].Send {
				return t.yield(core.Op{Kind: core.OpSend, Obj: cases[0].Chan, Val: cases[0].Val}, rPushSelectOne)
			}
			return t.yield(core.Op{Kind: core.OpRecv, Obj: cases[0].Chan}, rPushSelectOne)
		}
		return t.yield(core.Op{Kind: core.OpSelect, Cases: cases, Default: d.hasDefault}, rPushSelect)
	case opNewWG:
		return t.yield(core.Op{Kind: core.OpNewWaitGroup}, rPushSync)
	case opNewMutex:
		return t.yield(core.Op{Kind: core.OpNewMutex}, rPushSync)
	case opWGAdd:
		n := toInt(t.pop())
		return t.yield(core.Op{Kind: core.OpWGAdd, Obj: toInt(t.pop()), N: n}, rNone)
	case opWGDone:
		return t.yield(core.Op{Kind: core.OpWGAdd, Obj: toInt(t.pop()), N: -1}, rNone)
	case opWGWait:
		return t.yield(core.Op{Kind: core.OpWGWait, Obj: toInt(t.pop())}, rNone)
	case opWGGo:
		cl, _ := t.pop().(*closure)
		wg := syncV(toInt(t.pop()))
		if cl == nil {
			return t.panicOp("runtime error: invalid memory address or nil pointer dereference")
		}
		t.pend = append(t.pend, pendingOp{op: t.spawn(cl, nil, wg)})
		return t.yield(core.Op{Kind: core.OpWGAdd, Obj: int64(wg), N: 1}, rNone)
	case opLock:
		return t.yield(core.Op{Kind: core.OpLock, Obj: toInt(t.pop())}, rNone)
	case opUnlock:
		return t.yield(core.Op{Kind: core.OpUnlock, Obj: toInt(t.pop())}, rNone)
	}
	return t.panicOp(fmt.Sprintf("script: unknown operation %d", in.a))
}

// flushAll yields the pending ops, after the CPU work if there is any.
func (t *thread) flushAll() *core.Op {
	if t.cpu > 0 {
		return t.flush()
	}
	p := t.pend[0]
	t.pend = t.pend[1:]
	t.op = p.op
	t.resume = p.resume
	return &t.op
}

// writeOut sends complete lines to the simulator; a partial line waits for
// its end (or the end of main).
func (t *thread) writeOut(buf *strings.Builder, text string, stderr bool) *core.Op {
	buf.WriteString(text)
	s := buf.String()
	i := strings.LastIndexByte(s, '\n')
	if i < 0 {
		return nil
	}
	buf.Reset()
	buf.WriteString(s[i+1:])
	lines := strings.Split(s[:i], "\n")
	for _, l := range lines {
		op := core.Op{Kind: core.OpPrint, Text: l}
		if stderr {
			op.N, op.NoWrite = 2, true
		}
		t.pend = append(t.pend, pendingOp{op: op})
	}
	return t.flushAll()
}

// binop evaluates x op y for values of kind k; it returns a panic message
// for a runtime error.
func binop(op token.Token, k int, x, y any) (any, string) {
	switch op {
	case token.EQL:
		return x == y, ""
	case token.NEQ:
		return x != y, ""
	}
	if xs, ok := x.(string); ok {
		ys := y.(string)
		switch op {
		case token.ADD:
			return xs + ys, ""
		case token.LSS:
			return xs < ys, ""
		case token.LEQ:
			return xs <= ys, ""
		case token.GTR:
			return xs > ys, ""
		case token.GEQ:
			return xs >= ys, ""
		}
		return nil, "script: bad string operator " + op.String()
	}
	a, b := toInt(x), toInt(y)
	var r int64
	switch op {
	case token.LSS:
		return a < b, ""
	case token.LEQ:
		return a <= b, ""
	case token.GTR:
		return a > b, ""
	case token.GEQ:
		return a >= b, ""
	case token.ADD:
		r = a + b
	case token.SUB:
		r = a - b
	case token.MUL:
		r = a * b
	case token.QUO, token.REM:
		if b == 0 {
			return nil, "runtime error: integer divide by zero"
		}
		if op == token.QUO {
			r = a / b
		} else {
			r = a % b
		}
	case token.AND:
		r = a & b
	case token.OR:
		r = a | b
	case token.XOR:
		r = a ^ b
	case token.AND_NOT:
		r = a &^ b
	case token.SHL, token.SHR:
		if b < 0 {
			return nil, "runtime error: negative shift amount"
		}
		if b >= 64 {
			if op == token.SHL || a >= 0 {
				r = 0
			} else {
				r = -1
			}
		} else if op == token.SHL {
			r = a << uint(b)
		} else {
			r = a >> uint(b)
		}
	default:
		return nil, "script: bad operator " + op.String()
	}
	return retypeKind(r, k), ""
}

func retypeKind(v int64, k int) any {
	switch k {
	case kDur:
		return durV(v)
	case kTime:
		return timeV(v)
	}
	return v
}

// rekind keeps x's representation for the new value v.
func rekind(x any, v int64) any {
	switch x.(type) {
	case durV:
		return durV(v)
	case timeV:
		return timeV(v)
	}
	return v
}
