package vm

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gmpbook/gmpbook/core"
)

// Native is a function without a body that the VM implements: pure
// library code, or code that hands the simulator scheduler ops (Call.Op).
type Native func(c *Call)

// Call is one call of a native.
type Call struct {
	t        *Thread
	fr       *frame
	Args     []Value
	Types    []types.Type // the static types of Args
	dst      int32
	results  []Value
	returned bool
	// A panic the native raises when its steps are done (or at once).
	panicMsg   string
	runtimeErr bool
	panicVal   *Value
	goexit     bool // runtime.Goexit: unwind, then end the goroutine
	Sig        *types.Signature
	TypeArgs   []types.Type // a generic function's type arguments
}

// Return sets the call's results.
func (c *Call) Return(vs ...Value) {
	c.results = vs
	c.returned = true
}

// Op asks the simulator for op, after the ops asked for before it; then,
// if not nil, gets its result.
func (c *Call) Op(op core.Op, then func(core.Result)) {
	c.t.steps = append(c.t.steps, step{op: func() core.Op { return op }, then: then})
}

// OpFunc is Op for an op that depends on the results of earlier ones: mk
// makes it when its turn comes.
func (c *Call) OpFunc(mk func() core.Op, then func(core.Result)) {
	c.t.steps = append(c.t.steps, step{op: mk, then: then})
}

// Panic makes the call panic with a string value (as the library's own
// panics do), once the ops asked for so far are done.
func (c *Call) Panic(msg string) { c.panicMsg = msg }

// RuntimeError makes the call panic with a runtime.Error.
func (c *Call) RuntimeError(msg string) { c.panicMsg, c.runtimeErr = msg, true }

// PanicValue makes the call panic with v (an interface value).
func (c *Call) PanicValue(v Value) { c.panicVal = &v }

// Thread is the goroutine making the call.
func (c *Call) Thread() *Thread { return c.t }

// Run is the run the call belongs to.
func (c *Call) Run() *Run { return c.t.run }

// Write sends text to the program's standard output (fd 1) or error
// (fd 2), line by line as the simulator prints them.
func (c *Call) Write(fd int, text string, write bool) {
	c.t.write(fd, text, write)
}

// finish stores the results in the caller's register.
func (c *Call) finish() {
	if c.dst < 0 || c.fr == nil {
		return
	}
	switch len(c.results) {
	case 0:
		if n := c.Sig.Results().Len(); n > 0 {
			// A native that did not say: zero results.
			out := make([]Value, n)
			for i := range out {
				out[i] = zero(c.Sig.Results().At(i).Type())
			}
			if n == 1 {
				c.fr.regs[c.dst] = out[0]
			} else {
				c.fr.regs[c.dst] = Value{R: out}
			}
		}
	case 1:
		c.fr.regs[c.dst] = c.results[0]
	default:
		c.fr.regs[c.dst] = Value{R: c.results}
	}
}

// Invoke calls fn (a function value) with args from inside a native and
// returns its results. The code it runs may not block: a scheduler op
// there is a runtime error of the scene.
func (c *Call) Invoke(fn Value, args ...Value) []Value {
	return c.t.callSync(fn, args)
}

// Method calls method name of the dynamic value in interface v (nil if
// it has none) and reports whether it had one.
func (c *Call) Method(v Value, name string) ([]Value, bool) {
	i, _ := v.R.(*Iface)
	if i == nil {
		return nil, false
	}
	f := c.t.run.p.method(i.T, name)
	if f == nil {
		return nil, false
	}
	return c.t.callSync(Value{R: &Closure{Fn: f}}, []Value{i.V}), true
}

// callSync runs a call to completion on this thread, below a barrier
// frame, and returns its results.
func (t *Thread) callSync(fn Value, args []Value) []Value {
	cl, _ := fn.R.(*Closure)
	if cl == nil {
		panic(runtimeError("invalid memory address or nil pointer dereference"))
	}
	if cl.Bound != nil {
		args = append([]Value{*cl.Bound}, args...)
	}
	if cl.Fn.native != nil {
		c := &Call{t: t, Args: args, Sig: cl.Fn.ssa.Signature, dst: -1}
		cl.Fn.native(c)
		if len(t.steps) > 0 {
			panic(runtimeError("a blocking operation inside a callback is not supported in scenes"))
		}
		if c.panicMsg != "" || c.panicVal != nil {
			panic(vmPanic{*panicValueOf(t, c)})
		}
		return c.results
	}
	saved, savedDepth, savedUsed, savedPanic := t.top, t.depth, t.stackUsed, t.panic
	t.panic = nil // a panic being printed, whose Error method this may be
	t.sync++
	fr := t.pushCall(cl.Fn, cl.Env, args, -1)
	fr.barrier = true
	defer func() {
		t.sync--
		t.top, t.depth, t.stackUsed = saved, savedDepth, savedUsed
		if t.panic == nil {
			t.panic = savedPanic
		}
	}()
	for {
		top := t.top
		if top == nil || top == saved && t.depth == savedDepth {
			break
		}
		if top.mode != modeRun {
			st := t.unwindStep(top)
			if st == stEnd {
				break
			}
			if st == stYield {
				panic(runtimeError("a blocking operation inside a callback is not supported in scenes"))
			}
			continue
		}
		in := &top.blk.instrs[top.pc]
		top.pc++
		t.cpu += int64(in.cost)
		t.run.instrs += int64(in.n)
		do := in.do
		if in.skip > 0 {
			do = in.slow
		}
		switch do(t, top) {
		case stYield:
			panic(runtimeError("a blocking operation inside a callback is not supported in scenes"))
		case stPanic:
			t.beginUnwind()
		case stEnd:
			if t.top == saved {
				if t.panic != nil && !t.panic.recovered {
					p := t.panic
					t.panic = p.prev
					panic(vmPanic{p.val})
				}
				return fr.results
			}
		}
		if len(t.steps) > 0 {
			panic(runtimeError("a blocking operation inside a callback is not supported in scenes"))
		}
	}
	if t.panic != nil {
		p := t.panic
		t.panic = p.prev
		panic(vmPanic{p.val})
	}
	return fr.results
}

func panicValueOf(t *Thread, c *Call) *Value {
	if c.panicVal != nil {
		return c.panicVal
	}
	v := t.run.p.errorValue(c.panicMsg, c.runtimeErr)
	return &v
}

// call modes.
const (
	modeCall = iota
	modeGo
	modeDefer
)

// call compiles a call, go or defer statement.
func (c *fnCompiler) call(blk *block, cc *ssa.CallCommon, dst int32, mode int) {
	args := c.operands(cc.Args)
	var argTypes []types.Type
	for _, a := range cc.Args {
		argTypes = append(argTypes, a.Type())
	}
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		c.builtin(blk, b, cc, args, argTypes, dst, mode)
		return
	}
	if cc.IsInvoke() {
		recv := c.operand(cc.Value)
		name := cc.Method.Name()
		p := c.p
		c.add(blk, costCall+costIface, func(t *Thread, fr *frame) status {
			i, _ := fr.get(recv).R.(*Iface)
			if i == nil {
				return t.nilDeref()
			}
			f := p.method(i.T, name)
			vals := make([]Value, 0, len(args)+1)
			vals = append(vals, i.V)
			for _, a := range args {
				vals = append(vals, fr.get(a))
			}
			return t.dispatch(Value{R: &Closure{Fn: f}}, vals, argTypes, dst, mode)
		})
		c.brk(blk)
		return
	}
	fnv := c.operand(cc.Value)
	if mode == modeCall {
		if callee, ok := cc.Value.(*ssa.Function); ok {
			if f := c.p.funcOf(callee); f.native == nil && len(callee.FreeVars) == 0 && len(args) == len(callee.Params) {
				if c.inline(blk, callee, cc.Args, dst) {
					return
				}
				// A call of a function known here: its frame gets the
				// arguments straight from the registers.
				c.add(blk, costCall, func(t *Thread, fr *frame) status {
					t.calls = true
					if t.depth >= maxFrames {
						return t.stackOverflow()
					}
					nf := t.pushFrame(f, dst)
					for i, a := range args {
						nf.regs[f.params[i]] = fr.regs[a]
					}
					if h := nf.blk.hdr; h != nil && t.grow == nil {
						// The callee starts with a comparison and branch
						// (if n < 2 {): it runs as a jump into a loop
						// header does (header.go).
						t.enterHeaderLoops(nf, h, false)
						if nf.blk.ret && nf.pc == 0 && t.top == nf {
							// and perhaps returns at once (return n).
							t.returnAtOnce(nf)
						}
					}
					return stFrame
				})
				c.brk(blk)
				return
			}
		}
		c.add(blk, costCall, func(t *Thread, fr *frame) status {
			return t.callRegs(fr, fr.regs[fnv], args, dst)
		})
		c.brk(blk)
		return
	}
	c.add(blk, costCall, func(t *Thread, fr *frame) status {
		vals := make([]Value, len(args))
		for i, a := range args {
			vals[i] = fr.get(a)
		}
		return t.dispatch(fr.get(fnv), vals, argTypes, dst, mode)
	})
	c.brk(blk)
}

// dispatch calls, starts or defers function value fn.
func (t *Thread) dispatch(fn Value, args []Value, argTypes []types.Type, dst int32, mode int) status {
	t.calls = true
	switch mode {
	case modeDefer:
		// A nil function panics when the deferred call runs, not here.
		t.top.defers = append(t.top.defers, deferred{fn: fn, args: args})
		return stNext
	case modeGo:
		cl, _ := fn.R.(*Closure)
		if cl == nil {
			return t.fatalGoNil()
		}
		nt := newThread(t.run, cl.Fn.Name)
		nt.createdBy, nt.createdLine = t.goSite()
		if cl.Bound != nil {
			args = append([]Value{*cl.Bound}, args...)
		}
		if cl.Fn.native != nil {
			nt.startNative = &Call{t: nt, Args: args, Types: argTypes, Sig: cl.Fn.ssa.Signature, dst: -1}
			nt.startFn = cl.Fn
		} else {
			nt.pushCall(cl.Fn, cl.Env, args, -1)
		}
		t.op = core.Op{Kind: core.OpGo, Prog: nt, Name: cl.Fn.Name, Text: t.goName}
		t.goName = ""
		return stYield
	}
	return t.callValue(fn, args, dst, false)
}

// callValue calls function value fn with args; results go to register
// dst of the current frame.
func (t *Thread) callValue(fn Value, args []Value, dst int32, isDefer bool) status {
	cl, _ := fn.R.(*Closure)
	if cl == nil {
		return t.nilDeref()
	}
	if cl.Bound != nil {
		args = append([]Value{*cl.Bound}, args...)
	}
	if cl.Fn.native != nil {
		c := &Call{t: t, fr: t.top, Args: args, Sig: cl.Fn.ssa.Signature, dst: dst, TypeArgs: typeArgs(cl.Fn.ssa)}
		c.Types = append(c.Types, tupleTypes(cl.Fn.ssa.Signature.Params())...)
		if cl.Fn.ssa.Signature.Recv() != nil {
			c.Types = append([]types.Type{cl.Fn.ssa.Signature.Recv().Type()}, c.Types...)
		}
		cl.Fn.native(c)
		if c.goexit {
			t.panic = t.startPanic(&panicking{goexit: true, prev: t.panic})
			return stPanic
		}
		if len(t.steps) > 0 {
			t.call = c
			t.nextStep()
			return stYield
		}
		if c.panicMsg != "" || c.panicVal != nil {
			t.panic = t.startPanic(&panicking{val: *panicValueOf(t, c), prev: t.panic})
			return stPanic
		}
		c.finish()
		return stNext
	}
	if t.depth >= maxFrames {
		return t.stackOverflow()
	}
	fr := t.pushCall(cl.Fn, cl.Env, args, dst)
	fr.isDefer = isDefer
	return stFrame
}

func typeArgs(fn *ssa.Function) []types.Type { return fn.TypeArgs() }

func tupleTypes(tu *types.Tuple) []types.Type {
	out := make([]types.Type, tu.Len())
	for i := range out {
		out[i] = tu.At(i).Type()
	}
	return out
}

// write sends text to fd 1 or 2: complete lines go to the simulator (as
// print ops after the current op), a partial line waits.
func (t *Thread) write(fd int, text string, write bool) {
	buf := &t.run.stdout
	if fd == 2 {
		buf = &t.run.stderr
	}
	buf.WriteString(text)
	s := buf.String()
	i := strings.LastIndexByte(s, '\n')
	if i < 0 {
		return
	}
	buf.Reset()
	buf.WriteString(s[i+1:])
	for _, l := range strings.Split(s[:i], "\n") {
		op := core.Op{Kind: core.OpPrint, Text: l, NoWrite: !write}
		if fd == 2 {
			op.N = 2
		}
		t.steps = append(t.steps, step{op: func() core.Op { return op }})
	}
}

// returnAtOnce runs the block fr has just branched to, a return and
// nothing else (block.ret), as the run loop would run it next: when the
// stretch of CPU work has room for it and the instruction limit for its
// count, its line noted, its cost and count charged, the result handed
// to the caller. A call whose callee's first branch leads to such a
// block (if n < 2 { return n }) then comes back to the run loop in the
// caller, without the run loop dispatching the return on its own.
// Otherwise it does nothing, and the run loop runs the block itself.
func (t *Thread) returnAtOnce(fr *frame) {
	run := t.run
	b := fr.blk
	in := &b.instrs[0]
	if t.sync > 0 || run.p.OneByOne || t.cpu+in.most >= chunkPs || run.instrs+int64(in.segN) > run.p.MaxInstructions ||
		len(fr.defers) > 0 || fr.barrier || fr.caller == nil {
		return
	}
	if m := in.lmask; m != 0 && len(t.ran) < maxRanLines {
		if w := int(in.lword); w < 0 || w >= len(t.ranSeen) || t.ranSeen[w]&m != m {
			for _, l := range in.lines {
				t.noteLine(l)
			}
		}
	}
	t.cpu += int64(in.seg)
	run.instrs += int64(in.segN)
	fr.pc = 1
	t.retFrom(fr, b.retReg)
}
