package vm

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// CPU accounting: interpreted work is reported to the simulator as
// compute ops, in stretches.
const (
	chunkPs   = 10_000_000 // 10 µs: the longest stretch before the simulator hears of it
	flushPs   = 1_000_000  // 1 µs: CPU carried into the next op below this
	maxFrames = 1_000_000  // call depth of one goroutine (the real limit is a 1 GB stack)
	maxString = 1 << 24    // longest string a scene may build
)

// frame is one call in progress.
type frame struct {
	t       *Thread
	fn      *Func
	regs    []Value
	blk     *block
	pc      int
	defers  []deferred
	ret     int32 // the caller's register for the results (-1: none)
	caller  *frame
	mode    uint8
	isDefer bool // a deferred call: recover works in it
	barrier bool // the bottom of a synchronous call from a native
	results []Value
}

const (
	modeRun       = iota
	modeUnwind    // a panic is unwinding through this frame: run its defers
	modeRecovered // recovered: run the remaining defers, then return from Recover
)

type deferred struct {
	fn   Value // *Closure
	args []Value
}

// panicking is a panic in flight (or runtime.Goexit).
type panicking struct {
	val       Value // an interface value
	goexit    bool
	recovered bool
	prev      *panicking
	// trace is the goroutine's stack where the panic began (startPanic):
	// what a traceback prints if nothing recovers it, after the frames
	// have been unwound.
	trace []TraceFrame
}

// startPanic notes the stack a new panic p begins on and returns p.
//
// A panic raised by a deferred call while an earlier one unwinds (a
// recovered value panicked again, as sync.(*WaitGroup).Go does) begins
// on a stack that, in the runtime, still holds the earlier panic's
// frames: gopanic runs deferred calls on top of them and nothing is
// popped before a recovery returns. The VM pops each frame whose
// deferred calls are done, so the trace is put back together: the
// deferred call's frames, then those the earlier panic's trace had
// above the unwinding frame, then the unwinding frame and its callers.
func (t *Thread) startPanic(p *panicking) *panicking {
	if p.goexit {
		return p
	}
	cur := t.frames()
	p.trace = cur
	if p.prev == nil || p.prev.trace == nil {
		return p
	}
	u := t.depth
	for fr := t.top; fr != nil && fr.mode != modeUnwind; fr = fr.caller {
		u--
	}
	if u <= 0 {
		return p
	}
	var out []TraceFrame
	for _, f := range cur {
		if f.depth > u {
			out = append(out, f)
		}
	}
	for _, f := range p.prev.trace {
		if f.depth > u {
			out = append(out, f)
		}
	}
	for _, f := range cur {
		if f.depth <= u {
			out = append(out, f)
		}
	}
	p.trace = out
	return p
}

// step is one scheduler op a native asked for, and what to do with its
// result.
type step struct {
	op   func() core.Op
	then func(core.Result)
}

// Thread is one goroutine of the program; it implements core.Program.
type Thread struct {
	run   *Run
	top   *frame
	depth int
	// The goroutine's stack (stack.go): its size, as the simulator set
	// it, the bytes its frames use, and a growth to hand the simulator
	// at the next step (not while a callback runs: sync).
	stackSize, stackUsed int64
	grow                 *core.Op // nil: none (a pointer: most goroutines never grow, and an Op is 152 bytes)
	name                 string
	main                 bool
	panic                *panicking
	op                   core.Op
	goName               string // the author's name for the goroutine the next go statement starts (goname.go)
	// The function whose go statement started the goroutine, and its
	// line when it is the scene's own code (goSite): a traceback's
	// "created by".
	createdBy   string
	createdLine int
	steps       []step
	then        func(core.Result)
	cpu         int64 // picoseconds of CPU work not yet reported
	calls       bool  // the CPU work made calls (cooperative safe points)
	ran         []int32
	ranSeen     []uint64 // the lines in ran, as a bit set
	ranNext     bool
	ended       bool
	call        *Call // the native call whose steps are running
	sync        int   // >0 while a native runs interpreted code synchronously
	inBody      bool  // a loop's body runs from its header (header.go)
	// bodyStopped: a loop's body run from its header stopped early, and
	// gave back what it did not run (stopBody).
	bodyStopped bool
	free        []*frame // frames of returned calls, for reuse
	// last is the element each access instruction (by slot) touched
	// last in a slice beyond the cache (farSite); allocated by the first
	// such access (lastTouched), as most goroutines make none: inline,
	// it was half of a Thread's 1,096 bytes.
	last *[farSlots]int64
	// startNative is the call a goroutine started on a native function
	// (go fmt.Println(x)) makes first.
	startNative *Call
	startFn     *Func
}

func newThread(r *Run, name string) *Thread {
	return &Thread{run: r, name: name, stackSize: core.StackMin} // the simulator sets the size (core.StackUser)
}

var _ core.Program = (*Thread)(nil)

// Line is the source line the goroutine is at (0 before it starts).
// Inside the library, it is the line of the scene's call into it.
func (t *Thread) Line() int {
	fr := t.top
	for fr != nil && !fr.fn.user {
		fr = fr.caller
	}
	return fr.line()
}

// TraceFrame is one frame of a goroutine's traceback: a function of the
// scene's own code, by the name a traceback gives it, and the line it is
// at (for a caller, the line of its call).
type TraceFrame struct {
	Func string
	Line int
	// Args: the function has parameters. The runtime prints their words
	// in hex, or "..." for an inlined call (traceback.go:printArgs); the
	// scene VM, which neither lays out words nor inlines, prints "...".
	Args bool
	// depth is the frame's place on the stack (1: the goroutine's
	// first function), for startPanic.
	depth int
}

// Traceback is the goroutine's stack as a traceback prints it, the
// innermost frame first, with only the scene's own functions (the
// runtime also prints the library's and its own): where an unrecovered
// panic began, or where the goroutine is now.
func (t *Thread) Traceback() []TraceFrame {
	if t.panic != nil && t.panic.trace != nil {
		return t.panic.trace
	}
	return t.frames()
}

// CreatedBy is the function whose go statement started the goroutine
// (the library's too: sync.(*WaitGroup).Go) and the line of that
// statement when the function is the scene's (0 otherwise, and for
// main).
func (t *Thread) CreatedBy() (string, int) { return t.createdBy, t.createdLine }

// goSite is where a go statement of t runs: the innermost frame's
// function and, for the scene's own code, its line.
func (t *Thread) goSite() (string, int) {
	if t.top == nil {
		return "", 0
	}
	if t.top.fn.user {
		return t.top.fn.Name, t.top.line()
	}
	return t.top.fn.Name, 0
}

// frames lists the scene's frames on the goroutine's stack, innermost
// first.
func (t *Thread) frames() []TraceFrame {
	var out []TraceFrame
	d := t.depth
	for fr := t.top; fr != nil; fr = fr.caller {
		if fr.fn.user {
			out = append(out, TraceFrame{Func: fr.fn.Name, Line: fr.line(), Args: fr.fn.ssa != nil && len(fr.fn.ssa.Params) > 0, depth: d})
		}
		d--
	}
	return out
}

// line is the source line frame fr is at (0 for no frame).
func (fr *frame) line() int {
	if fr == nil || fr.blk == nil {
		if fr != nil {
			return int(fr.fn.line)
		}
		return 0
	}
	if pc := fr.pc - 1; pc >= 0 && pc < len(fr.blk.instrs) {
		return int(fr.blk.instrs[pc].line)
	}
	// Not started: the line of the first statement.
	for _, in := range fr.blk.instrs {
		if in.line > fr.fn.line {
			return int(in.line)
		}
	}
	return int(fr.fn.line)
}

// RanLines lists the source lines whose code ran to produce the op Next
// returned last, in the order they first ran.
func (t *Thread) RanLines() []int32 { return t.ran }

const maxRanLines = 32

// maxFreeFrames bounds a goroutine's cache of returned frames.
const maxFreeFrames = 64

func (t *Thread) noteLine(l int32) {
	if l <= 0 || len(t.ran) >= maxRanLines {
		return
	}
	w := int(l >> 6)
	if w < len(t.ranSeen) && t.ranSeen[w]&(1<<(l&63)) != 0 {
		return
	}
	if w >= len(t.ranSeen) {
		t.ranSeen = slices.Grow(t.ranSeen, w+1-len(t.ranSeen))[:w+1]
	}
	t.ranSeen[w] |= 1 << (l & 63)
	t.ran = append(t.ran, l)
}

// unnoteLines forgets the lines noted after the first n.
func (t *Thread) unnoteLines(n int) {
	for _, l := range t.ran[n:] {
		t.ranSeen[l>>6] &^= 1 << (l & 63)
	}
	t.ran = t.ran[:n]
}

// resetLines empties the list of lines that ran.
func (t *Thread) resetLines() {
	for _, l := range t.ran {
		t.ranSeen[l>>6] = 0
	}
	t.ran = t.ran[:0]
}

// Recovers tells the simulator that the program handles the runtime's
// panics itself: in Go they are recoverable.
func (t *Thread) Recovers() bool { return true }

// Next hands the simulator the goroutine's next op.
func (t *Thread) Next(r core.Result) *core.Op {
	if t.ranNext {
		t.resetLines()
	}
	t.ranNext = true
	if r.Panic != "" {
		// The op panicked: the rest of the native's steps are dropped.
		t.then, t.steps, t.call = nil, nil, nil
		v := t.run.p.plainError(r.Panic)
		if strings.HasPrefix(r.Panic, "sync: ") {
			v = t.run.p.errorValue(r.Panic, false) // sync panics with a string
		}
		t.panic = t.startPanic(&panicking{val: v, prev: t.panic})
		t.beginUnwind()
		return t.exec()
	}
	if t.then != nil {
		then := t.then
		t.then = nil
		then(r)
	}
	if op := t.nextStep(); op != nil {
		return op
	}
	if c := t.startNative; c != nil {
		t.startNative = nil
		t.startFn.native(c)
		if len(t.steps) > 0 {
			return t.nextStep()
		}
	}
	return t.exec()
}

// nextStep hands out the next step of a native's sequence; when there is
// none left, the native's call completes.
func (t *Thread) nextStep() *core.Op {
	if len(t.steps) > 0 {
		s := t.steps[0]
		t.steps = t.steps[1:]
		t.op = s.op()
		t.then = s.then
		t.noteLine(int32(t.Line()))
		return &t.op
	}
	if c := t.call; c != nil {
		t.call = nil
		if c.panicMsg != "" || c.panicVal != nil {
			t.raise(c)
		} else {
			c.finish()
		}
	}
	return nil
}

// exec interprets until the next op.
func (t *Thread) exec() (op *core.Op) {
	if t.ended {
		return &core.Op{Kind: core.OpReturn}
	}
	defer func() {
		if e := recover(); e != nil {
			op = t.hostPanic(e)
		}
	}()
	run := t.run
	maxInstrs := run.p.MaxInstructions
	oneByOne := run.p.OneByOne
	for {
		fr := t.top
		if fr == nil {
			return t.finish()
		}
		if fr.mode != modeRun {
			if st := t.unwindStep(fr); st == stYield {
				return t.yieldOp()
			} else if st == stEnd {
				return t.finish()
			}
			continue
		}
		var st status
		// Segments of this frame, one after another, as long as each ends
		// by going on in the frame.
		for {
			blk := fr.blk
			pc := fr.pc
			in := &blk.instrs[pc]
			if t.cpu+in.most >= chunkPs || run.instrs+int64(in.segN) > maxInstrs || oneByOne {
				// One instruction: it may end a stretch of CPU work or
				// reach the instruction limit.
				if l := in.line; l > 0 {
					t.noteLine(l)
				}
				fr.pc++
				t.cpu += int64(in.cost)
				run.instrs += int64(in.n)
				if run.instrs > maxInstrs {
					t.ended = true
					return &core.Op{Kind: core.OpLimit, Text: fmt.Sprintf("the scene used up its budget of %s interpreted instructions (loops that only count run in closed form and cost none of it; shorten the other loops, or spend CPU time with scene.Work(d))", budgetWords(maxInstrs))}
				}
				if in.skip > 0 {
					st = in.slow(t, fr)
				} else {
					st = in.do(t, fr)
				}
				// A jump that ran a loop whose body stopped: nothing here
				// to give back.
				t.bodyStopped = false
				break
			}
			// The whole segment at once: no instruction before its last
			// can reach the end of a chunk (with the most costFar can
			// add) or the instruction limit. The lines of the segment are
			// noted before it runs (nothing in it before its last
			// instruction notes any); if it stops early, they are noted
			// again up to where it stopped. Lines already noted, or a
			// full list, need no noting.
			mark := len(t.ran)
			if m := in.lmask; m != 0 && mark < maxRanLines {
				if w := int(in.lword); w < 0 || w >= len(t.ranSeen) || t.ranSeen[w]&m != m {
					for _, l := range in.lines {
						t.noteLine(l)
					}
				}
			}
			start := pc
			// An instruction that leaves the segment early (an op, a
			// panic, a frame pushed or a deferred call run again) has
			// the rest of the segment's cost and count given back, so
			// that the accounting is the one instruction at a time. Only
			// the last instruction of a segment may move fr.pc and go on
			// (a jump, a deferred call run again), so the others need
			// not be watched for that.
			t.cpu += int64(in.seg)
			run.instrs += int64(in.segN)
			end := int(in.end)
			for {
				pc += 1 + int(in.skip)
				fr.pc = pc
				if st = in.do(t, fr); st != stNext || pc == end {
					break
				}
				in = &blk.instrs[pc]
			}
			if st == stNext {
				if t.cpu >= chunkPs {
					return t.flush()
				}
				if t.top == fr {
					continue
				}
				break
			}
			if st == stFrame && pc == end {
				// A call or a return, at the end of its segment: on with
				// the new top frame if it runs.
				if t.grow != nil {
					return t.yieldGrow() // the call's frame did not fit
				}
				if t.cpu >= chunkPs {
					return t.flush()
				}
				if fr = t.top; fr != nil && fr.mode == modeRun {
					continue
				}
				break
			}
			if fr.blk != blk || t.bodyStopped {
				// The segment's jump ran a loop (header.go), which
				// stopped in its body (perhaps this block) and gave
				// back what it did not run.
				t.bodyStopped = false
				break
			}
			if in.skip > 0 && fr.pc < pc && fr.pc > pc-1-int(in.skip) {
				// A fused instruction stopped in its first part.
				pc = fr.pc
			}
			if pc < end {
				rest := &blk.instrs[pc]
				t.cpu -= int64(rest.seg)
				run.instrs -= int64(rest.segN)
				if len(rest.lines) > 0 {
					t.unnoteLines(mark)
					for j := start; j < pc; j++ {
						t.noteLine(blk.instrs[j].line)
					}
				}
			}
			break
		}
		switch st {
		case stNext, stFrame:
			if t.grow != nil {
				return t.yieldGrow() // a call's frame did not fit
			}
		case stYield:
			return t.yieldOp()
		case stPanic:
			t.beginUnwind()
		case stEnd:
			return t.finish()
		}
		if t.cpu >= chunkPs {
			return t.flush()
		}
	}
}

// yieldOp returns t.op (or the first step of a native), preceded by the
// CPU work so far when it is worth reporting.
func (t *Thread) yieldOp() *core.Op {
	if t.cpu >= flushPs {
		held := t.op
		heldThen := t.then
		t.steps = append([]step{{op: func() core.Op { return held }, then: heldThen}}, t.steps...)
		t.then = nil
		return t.flush()
	}
	// The calls made so far are behind this op: the CPU work after it
	// starts without any.
	t.calls = false
	return &t.op
}

// flush reports the CPU work done so far as a compute op. Its start is not
// a function prologue: it continues the code before it.
func (t *Thread) flush() *core.Op {
	d := t.cpu / 1000
	t.cpu -= d * 1000
	t.op = core.Op{Kind: core.OpCompute, D: core.Duration(d), Calls: t.calls, NoSafePoint: true}
	t.calls = false
	return &t.op
}

// finish ends the goroutine: main's unfinished output line is written,
// and main's end exits the process.
func (t *Thread) finish() *core.Op {
	t.ended = true
	var ops []core.Op
	if t.main {
		if s := t.run.stdout.String(); s != "" {
			t.run.stdout.Reset()
			ops = append(ops, core.Op{Kind: core.OpPrint, Text: s, NoWrite: true})
		}
		if s := t.run.stderr.String(); s != "" {
			t.run.stderr.Reset()
			ops = append(ops, core.Op{Kind: core.OpPrint, Text: s, N: 2, NoWrite: true})
		}
	}
	kind := core.OpReturn
	if t.panic != nil && t.panic.goexit {
		kind = core.OpGoexit
	}
	ops = append(ops, core.Op{Kind: kind})
	for _, op := range ops {
		t.steps = append(t.steps, step{op: func() core.Op { return op }})
	}
	if t.cpu >= flushPs {
		return t.flush()
	}
	return t.nextStep()
}

// pushCall starts a call of fn with args (and env, for a closure); its
// results go to register ret of the caller (-1: dropped).
func (t *Thread) pushCall(fn *Func, env []Value, args []Value, ret int32) *frame {
	fr := t.pushFrame(fn, ret)
	n := 0
	for i, a := range args {
		if i < len(fn.params) {
			fr.regs[fn.params[i]] = a
			n++
		}
	}
	for i, e := range env {
		if n+i < len(fn.params) {
			fr.regs[fn.params[n+i]] = e
		}
	}
	return fr
}

// pushFrame starts a call of fn, whose caller fills in the parameters.
func (t *Thread) pushFrame(fn *Func, ret int32) *frame {
	if !fn.built {
		t.run.p.build(fn)
	}
	var fr *frame
	if n := len(t.free); n > 0 && cap(t.free[n-1].regs) >= fn.nregs {
		// A frame of a call that returned: its registers are all written
		// before they are read (SSA), so only the bookkeeping is reset.
		// The last call of the same function left its constants and
		// globals in place (nothing writes those registers).
		fr = t.free[n-1]
		t.free = t.free[:n-1]
		// Field by field: fewer pointer writes than a whole new frame.
		if fr.fn != fn {
			fr.fn, fr.regs = fn, fr.regs[:fn.nregs]
			fr.fill()
		}
		fr.pc, fr.ret, fr.caller = 0, ret, t.top
		fr.mode, fr.isDefer, fr.barrier = modeRun, false, false
		if len(fr.defers) > 0 {
			fr.defers = fr.defers[:0]
		}
		if fr.results != nil {
			fr.results = nil
		}
	} else {
		fr = &frame{t: t, fn: fn, regs: make([]Value, fn.nregs), ret: ret, caller: t.top}
		fr.fill()
	}
	fr.blk = fn.blocks[0]
	t.top = fr
	t.depth++
	if t.stackUsed += fn.frame; t.stackUsed > t.stackSize-core.StackGuard {
		t.growStack(fn.frame) // stack.go
	}
	return fr
}

// fill puts the constants and the addresses of the globals of fr's
// function in their registers.
func (fr *frame) fill() {
	fn := fr.fn
	for _, k := range fn.consts {
		fr.regs[k.r] = k.v
	}
	for _, g := range fn.gregs {
		fr.regs[g.r] = Value{R: fr.t.run.globals[g.g]}
	}
}

// callRegs calls function value fn with the arguments in registers args
// of fr, the top frame; results go to its register dst. A call of
// interpreted code copies the arguments straight into the new frame.
func (t *Thread) callRegs(fr *frame, fn Value, args []operand, dst int32) status {
	cl, _ := fn.R.(*Closure)
	if cl != nil && !cl.Fn.built && cl.Fn.native == nil {
		t.run.p.build(cl.Fn)
	}
	if cl == nil || cl.Bound != nil || cl.Fn.native != nil || len(args)+len(cl.Env) != len(cl.Fn.params) {
		vals := make([]Value, len(args))
		for i, a := range args {
			vals[i] = fr.regs[a]
		}
		t.calls = true
		return t.callValue(fn, vals, dst, false)
	}
	t.calls = true
	if t.depth >= maxFrames {
		return t.stackOverflow()
	}
	f := cl.Fn
	nf := t.pushFrame(f, dst)
	for i, a := range args {
		nf.regs[f.params[i]] = fr.regs[a]
	}
	for i, e := range cl.Env {
		nf.regs[f.params[len(args)+i]] = e
	}
	return stFrame
}

// retFrom returns from fr, the top frame, with the value of register
// res (-1: no results) as its result, if it is a plain call; else ok is
// false and nothing is done.
func (t *Thread) retFrom(fr *frame, res int32) (st status, ok bool) {
	caller := fr.caller
	if fr.barrier || caller == nil {
		return 0, false
	}
	t.top = caller
	t.depth--
	t.stackUsed -= fr.fn.frame
	if fr.ret >= 0 && res >= 0 {
		caller.regs[fr.ret] = fr.regs[res]
	}
	if !fr.fn.deferStack && len(t.free) < maxFreeFrames {
		t.free = append(t.free, fr)
	}
	return stFrame, true
}

// ret returns from the top frame with results.
func (t *Thread) ret(results []Value) status {
	fr := t.top
	t.top = fr.caller
	t.depth--
	t.stackUsed -= fr.fn.frame
	if fr.barrier {
		fr.results = results
		return stEnd
	}
	if t.top == nil {
		return stEnd
	}
	if fr.ret >= 0 {
		switch len(results) {
		case 0:
		case 1:
			t.top.regs[fr.ret] = results[0]
		default:
			t.top.regs[fr.ret] = Value{R: results}
		}
	}
	// Nothing refers to a returned frame, except a range-over-func body
	// to its owner's defer stack: keep the others for the next call.
	if !fr.fn.deferStack && len(t.free) < maxFreeFrames {
		t.free = append(t.free, fr)
	}
	return stFrame
}

// raise starts a panic with a message from a native (a runtime error or
// a library panic).
func (t *Thread) raise(c *Call) {
	v := c.panicVal
	if v == nil {
		pv := t.run.p.errorValue(c.panicMsg, c.runtimeErr)
		v = &pv
	}
	t.panic = t.startPanic(&panicking{val: *v, prev: t.panic})
	t.beginUnwind()
}

// beginUnwind marks the top frame as unwinding.
func (t *Thread) beginUnwind() {
	if t.top != nil {
		t.top.mode = modeUnwind
	}
}

// unwindStep runs one step of unwinding or of recovery in fr: its next
// deferred call, or leaving it.
func (t *Thread) unwindStep(fr *frame) status {
	if fr.mode == modeUnwind && t.panic != nil && t.panic.recovered {
		// The deferred call that just returned recovered the panic. A
		// panic it interrupted (this frame's defers ran for a panic
		// raised while an earlier one unwound) goes on once this frame
		// has returned.
		t.panic = t.panic.prev
		fr.mode = modeRecovered
	}
	if n := len(fr.defers); n > 0 {
		d := fr.defers[n-1]
		fr.defers = fr.defers[:n-1]
		return t.callValue(d.fn, d.args, -1, true)
	}
	if fr.mode == modeRecovered {
		fr.mode = modeRun
		if fr.fn.recover == nil {
			return t.ret(zeroResults(fr.fn))
		}
		fr.blk, fr.pc = fr.fn.recover, 0
		return stFrame
	}
	// Nothing left to run here: the panic goes on in the caller.
	if fr.barrier {
		t.top = fr.caller
		t.depth--
		t.stackUsed -= fr.fn.frame
		return stEnd
	}
	t.top = fr.caller
	t.depth--
	t.stackUsed -= fr.fn.frame
	if t.top == nil {
		return t.die()
	}
	t.top.mode = modeUnwind
	return stFrame
}

func zeroResults(fn *Func) []Value {
	res := fn.ssa.Signature.Results()
	out := make([]Value, res.Len())
	for i := range out {
		out[i] = zero(res.At(i).Type())
	}
	return out
}

// die ends the goroutine with its panic: runtime.Goexit quietly, a real
// panic by ending the process with the message the runtime prints.
func (t *Thread) die() status {
	p := t.panic
	if p.goexit {
		t.top = nil
		return stEnd
	}
	// A panic whose value is the one the panic before it carried (a
	// recovered value panicked again) is printed once, as that earlier
	// panic "[recovered, repanicked]" (panic.go: preprintpanics and
	// printpanics). The same value is the same interface: the VM's
	// *Iface, which a recover hands on and a new panic makes afresh.
	repanicked := map[*panicking]bool{}
	for q := p; q != nil && q.prev != nil; q = q.prev {
		if samePanicValue(q.val, q.prev.val) {
			repanicked[q.prev] = true
		}
	}
	var b strings.Builder
	var writePanic func(q *panicking)
	writePanic = func(q *panicking) {
		if q.prev != nil {
			writePanic(q.prev)
			if repanicked[q.prev] {
				return
			}
			if !q.prev.goexit {
				b.WriteString("\n\t")
			}
		}
		if q.goexit {
			return
		}
		if b.Len() > 0 {
			b.WriteString("panic: ")
		}
		b.WriteString(t.run.p.panicText(t, q.val))
		switch {
		case q.recovered && repanicked[q]:
			b.WriteString(" [recovered, repanicked]")
		case q.recovered:
			b.WriteString(" [recovered]")
		}
	}
	writePanic(p)
	t.ended = true
	t.op = core.Op{Kind: core.OpPanic, Text: b.String()}
	return stYield
}

// samePanicValue reports whether two panic values are the same interface
// value: one a recover returned and a panic raised again.
func samePanicValue(a, b Value) bool {
	ia, ok := a.R.(*Iface)
	return ok && ia != nil && ia == b.R
}

// hostPanic turns a Go panic inside the VM into the program's panic (a
// runtime error raised deep in a helper) or into a limit message.
func (t *Thread) hostPanic(e any) *core.Op {
	t.inBody = false
	switch e := e.(type) {
	case runtimeError:
		c := &Call{t: t, panicMsg: string(e), runtimeErr: true}
		t.call = nil
		t.raise(c)
		return t.exec()
	case vmPanic:
		t.panic = t.startPanic(&panicking{val: e.v, prev: t.panic})
		t.beginUnwind()
		return t.exec()
	}
	t.ended = true
	if os.Getenv("GMPBOOK_VMDEBUG") != "" {
		panic(e)
	}
	return &core.Op{Kind: core.OpLimit, Text: fmt.Sprintf("scene VM: %v", e)}
}

// vmPanic carries a program panic through host code (a native calling
// back into interpreted code that panicked).
type vmPanic struct{ v Value }

// budgetWords says an instruction budget the way a reader counts it:
// "400 million".
func budgetWords(n int64) string {
	switch {
	case n >= 1e9 && n%1e9 == 0:
		return fmt.Sprintf("%d billion", n/1e9)
	case n >= 1e6 && n%1e6 == 0:
		return fmt.Sprintf("%d million", n/1e6)
	}
	return fmt.Sprint(n)
}
