package vm

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Fused instructions.
//
// Common sequences of SSA instructions of one segment get one instruction
// that does the work of all of them: an element or field address and the
// load or store through it, a load and the comparison and branch that
// use it, an addition and the jump after it. The instructions of the
// sequence stay in the block, each with its own cost, and the first
// keeps its own code (instr.slow): the run loop runs the fused code only
// when it runs the whole segment at once, where nothing can stop between
// them, and one instruction at a time otherwise, so that a stretch of
// CPU work ends after exactly the same instruction either way. A fused
// instruction that stops in its first part (an index out of range) sets
// fr.pc back to the instruction after that part, and the run loop gives
// back the cost of the rest.

// fuseBlock fuses the sequences of blk it knows.
func (c *fnCompiler) fuseBlock(blk *block) {
	for i := 0; i+1 < len(blk.instrs); i++ {
		in := &blk.instrs[i]
		if in.skip > 0 || int(in.end) < i+2 || blk.src[i] == nil || blk.src[i+1] == nil {
			continue
		}
		if do := c.storeStep(blk, i); do != nil {
			in.slow, in.do, in.skip = in.do, do, 3
			i += 3
			continue
		}
		do := c.fusePair(blk, i)
		if do == nil {
			continue
		}
		in.slow, in.do, in.skip = in.do, do, 1
		i++ // the second is part of the first
	}
}

// storeStep returns the fused code of instructions i to i+3 of blk when
// they are an element store, an addition or subtraction of 64-bit
// integers and the block's jump (a[j] = v; j += k at the end of a loop
// body), or nil: the work of indexStore and addJump in one closure.
func (c *fnCompiler) storeStep(blk *block, i int) func(t *Thread, fr *frame) status {
	if i+4 > int(blk.instrs[i].end) || i+4 != len(blk.instrs) {
		return nil
	}
	for k := i; k < i+4; k++ {
		if blk.src[k] == nil || blk.instrs[k].skip > 0 {
			return nil
		}
	}
	a, ok1 := blk.src[i].(*ssa.IndexAddr)
	b, ok2 := blk.src[i+1].(*ssa.Store)
	add, ok3 := blk.src[i+2].(*ssa.BinOp)
	_, ok4 := blk.src[i+3].(*ssa.Jump)
	if !ok1 || !ok2 || !ok3 || !ok4 || b.Addr != ssa.Value(a) || b.Val == ssa.Value(a) || !onlyReferrer(a, b) ||
		c.fused[add] || (add.Op != token.ADD && add.Op != token.SUB) || !is64(add.X.Type()) ||
		add.Parent() != c.f.ssa || blk.src[i+3].Parent() != c.f.ssa {
		return nil
	}
	x, ix, v := c.operand(a.X), c.operand(a.Index), c.operand(b.Val)
	_, isPtr := a.X.Type().Underlying().(*types.Pointer)
	agg := isAgg(b.Val.Type())
	far := c.farSite(b.Val.Type(), a.Pos())
	dst, sx, sy, sub := c.reg(add), c.operand(add.X), c.operand(add.Y), add.Op == token.SUB
	to := c.f.blocks[blk.ssa.Succs[0].Index]
	edge := to.phis[predIndex(blk.ssa.Succs[0], blk.ssa)]
	if i == 0 {
		blk.fill = c.fillOf(a, b, add, dst, far)
	}
	return func(t *Thread, fr *frame) status {
		s, ok := elems(fr.regs[x], isPtr)
		i := int64(fr.regs[ix].N)
		if !ok {
			fr.pc -= 3
			return t.nilDeref()
		}
		if uint64(i) >= uint64(len(s)) {
			fr.pc -= 3
			return t.indexError(i, len(s))
		}
		if len(s) > far.len {
			t.touch(far, i)
		}
		if agg {
			store(&s[i], fr.regs[v])
		} else {
			s[i] = fr.regs[v]
		}
		if sub {
			fr.regs[dst] = Value{N: fr.regs[sx].N - fr.regs[sy].N}
		} else {
			fr.regs[dst] = Value{N: fr.regs[sx].N + fr.regs[sy].N}
		}
		fr.take(to, edge)
		if h := to.hdr; h != nil {
			return t.enterHeader(fr, h)
		}
		return stNext
	}
}

// onlyReferrer reports whether v is used by in alone.
func onlyReferrer(v ssa.Value, in ssa.Instruction) bool {
	refs := v.Referrers()
	return refs != nil && len(*refs) == 1 && (*refs)[0] == in
}

// isAgg reports whether values of type t are aggregates (*Agg), which
// loads and stores copy.
func isAgg(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// fusePair returns the fused code of instructions i and i+1 of blk, or
// nil.
func (c *fnCompiler) fusePair(blk *block, i int) func(t *Thread, fr *frame) status {
	a, b := blk.src[i], blk.src[i+1]
	switch a := a.(type) {
	case *ssa.IndexAddr:
		switch b := b.(type) {
		case *ssa.UnOp:
			if b.Op == token.MUL && b.X == ssa.Value(a) && onlyReferrer(a, b) {
				return c.indexLoad(blk, i, a, b)
			}
		case *ssa.Store:
			if b.Addr == ssa.Value(a) && b.Val != ssa.Value(a) && onlyReferrer(a, b) {
				return c.indexStore(a, b)
			}
		}
	case *ssa.FieldAddr:
		switch b := b.(type) {
		case *ssa.UnOp:
			if b.Op == token.MUL && b.X == ssa.Value(a) && onlyReferrer(a, b) {
				return c.fieldLoad(a, b)
			}
		case *ssa.Store:
			if b.Addr == ssa.Value(a) && b.Val != ssa.Value(a) && onlyReferrer(a, b) {
				return c.fieldStore(a, b)
			}
		}
	case *ssa.UnOp:
		if ifi, ok := b.(*ssa.If); ok && a.Op == token.MUL && !isAgg(a.Type()) {
			if bin, ok := ifi.Cond.(*ssa.BinOp); ok && c.fused[bin] {
				return c.loadCompareBranch(blk, i, a, ifi, bin)
			}
		}
	case *ssa.BinOp:
		if _, ok := b.(*ssa.Jump); ok && !c.fused[a] {
			return c.addJump(blk, a)
		}
		if r, ok := b.(*ssa.Return); ok && !c.fused[a] && len(r.Results) == 1 && r.Results[0] == ssa.Value(a) &&
			onlyReferrer(a, r) && a.Parent() == c.f.ssa && r.Parent() == c.f.ssa {
			return c.binopReturn(blk, i, a)
		}
	}
	return nil
}

// elems is the storage an IndexAddr indexes: a slice, or the array a
// pointer points to (ok false for a nil pointer).
func elems(v Value, isPtr bool) (s []Value, ok bool) {
	if isPtr {
		p, _ := v.R.(*Value)
		if p == nil {
			return nil, false
		}
		return p.R.(*Agg).V, true
	}
	s, _ = v.R.([]Value)
	return s, true
}

// indexLoad is v = *&x[i].
func (c *fnCompiler) indexLoad(blk *block, at int, a *ssa.IndexAddr, b *ssa.UnOp) func(t *Thread, fr *frame) status {
	x, ix, dst := c.operand(a.X), c.operand(a.Index), c.reg(b)
	_, isPtr := a.X.Type().Underlying().(*types.Pointer)
	agg := isAgg(b.Type())
	far := c.farSite(b.Type(), a.Pos())
	if h := blk.hdr; h != nil && at == 0 && !agg {
		h.kind, h.addr, h.ix, h.isPtr, h.far, h.dst = hdrIndex, x, ix, isPtr, far, dst
	}
	return func(t *Thread, fr *frame) status {
		s, ok := elems(fr.regs[x], isPtr)
		i := int64(fr.regs[ix].N)
		if !ok {
			fr.pc--
			return t.nilDeref()
		}
		if uint64(i) >= uint64(len(s)) {
			fr.pc--
			return t.indexError(i, len(s))
		}
		if len(s) > far.len {
			t.touch(far, i)
		}
		if agg {
			fr.regs[dst] = copyVal(s[i])
		} else {
			fr.regs[dst] = s[i]
		}
		return stNext
	}
}

// indexStore is *&x[i] = v.
func (c *fnCompiler) indexStore(a *ssa.IndexAddr, b *ssa.Store) func(t *Thread, fr *frame) status {
	x, ix, v := c.operand(a.X), c.operand(a.Index), c.operand(b.Val)
	_, isPtr := a.X.Type().Underlying().(*types.Pointer)
	agg := isAgg(b.Val.Type())
	far := c.farSite(b.Val.Type(), a.Pos())
	return func(t *Thread, fr *frame) status {
		s, ok := elems(fr.regs[x], isPtr)
		i := int64(fr.regs[ix].N)
		if !ok {
			fr.pc--
			return t.nilDeref()
		}
		if uint64(i) >= uint64(len(s)) {
			fr.pc--
			return t.indexError(i, len(s))
		}
		if len(s) > far.len {
			t.touch(far, i)
		}
		if agg {
			store(&s[i], fr.regs[v])
		} else {
			s[i] = fr.regs[v]
		}
		return stNext
	}
}

// fieldLoad is v = *&x.f.
func (c *fnCompiler) fieldLoad(a *ssa.FieldAddr, b *ssa.UnOp) func(t *Thread, fr *frame) status {
	x, f, dst := c.operand(a.X), a.Field, c.reg(b)
	agg := isAgg(b.Type())
	return func(t *Thread, fr *frame) status {
		p, _ := fr.regs[x].R.(*Value)
		if p == nil {
			fr.pc--
			return t.nilDeref()
		}
		v := p.R.(*Agg).V[f]
		if agg {
			v = copyVal(v)
		}
		fr.regs[dst] = v
		return stNext
	}
}

// fieldStore is *&x.f = v.
func (c *fnCompiler) fieldStore(a *ssa.FieldAddr, b *ssa.Store) func(t *Thread, fr *frame) status {
	x, f, v := c.operand(a.X), a.Field, c.operand(b.Val)
	agg := isAgg(b.Val.Type())
	return func(t *Thread, fr *frame) status {
		p, _ := fr.regs[x].R.(*Value)
		if p == nil {
			fr.pc--
			return t.nilDeref()
		}
		d := &p.R.(*Agg).V[f]
		if agg {
			store(d, fr.regs[v])
		} else {
			*d = fr.regs[v]
		}
		return stNext
	}
}

// loadCompareBranch is a load (of a value that is not an aggregate)
// followed by a fused comparison and branch, as in the header of
// for i := 0; i < n; i++ with n a package-level variable.
func (c *fnCompiler) loadCompareBranch(blk *block, i int, a *ssa.UnOp, ifi *ssa.If, bin *ssa.BinOp) func(t *Thread, fr *frame) status {
	addr, dst := c.operand(a.X), c.reg(a)
	op, x, y := c.compareOp(bin)
	yes, ye, no, ne := c.branches(blk)
	site := blk.site
	if _, global := a.X.(*ssa.Global); global && i == 0 && blk.hdr != nil {
		blk.hdr.kind, blk.hdr.addr, blk.hdr.dst = hdrLoad, addr, dst
	}
	return func(t *Thread, fr *frame) status {
		p, _ := fr.regs[addr].R.(*Value)
		if p == nil {
			fr.pc--
			return t.nilDeref()
		}
		fr.regs[dst] = *p
		then := intCompare(op, fr.regs[x].N, fr.regs[y].N)
		t.branch(t.predFor(site), site, then)
		if then {
			fr.take(yes, ye)
		} else {
			fr.take(no, ne)
		}
		return stNext
	}
}

// branches are the successors of blk, an If's block, and their edges' φ
// copies.
func (c *fnCompiler) branches(blk *block) (yes *block, ye []phiCopy, no *block, ne []phiCopy) {
	succ := blk.ssa.Succs
	yes, no = c.f.blocks[succ[0].Index], c.f.blocks[succ[1].Index]
	return yes, yes.phis[predIndex(succ[0], blk.ssa)], no, no.phis[predIndex(succ[1], blk.ssa)]
}

// addJump is an addition or subtraction of 64-bit integers followed by
// the block's jump (i++ at the end of a loop body).
func (c *fnCompiler) addJump(blk *block, a *ssa.BinOp) func(t *Thread, fr *frame) status {
	if a.Op != token.ADD && a.Op != token.SUB {
		return nil
	}
	b, ok := a.X.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 || wrap(b, 1<<40) != 1<<40 {
		return nil // not a 64-bit integer
	}
	if blk.ssa.Succs[0] == blk.ssa && len(blk.ssa.Instrs) == 1 {
		return nil
	}
	dst, x, y := c.reg(a), c.operand(a.X), c.operand(a.Y)
	to := c.f.blocks[blk.ssa.Succs[0].Index]
	edge := to.phis[predIndex(blk.ssa.Succs[0], blk.ssa)]
	if a.Op == token.SUB {
		return func(t *Thread, fr *frame) status {
			fr.regs[dst] = Value{N: fr.regs[x].N - fr.regs[y].N}
			fr.take(to, edge)
			if h := to.hdr; h != nil {
				return t.enterHeader(fr, h)
			}
			return stNext
		}
	}
	return func(t *Thread, fr *frame) status {
		fr.regs[dst] = Value{N: fr.regs[x].N + fr.regs[y].N}
		fr.take(to, edge)
		if h := to.hdr; h != nil {
			return t.enterHeader(fr, h)
		}
		return stNext
	}
}

// Inlined calls.
//
// A call of a leaf function of one block that cannot fail, stop or call
// (arithmetic, comparisons and conversions of its parameters, as isNaN or
// cmp.Less's helpers) is compiled into the caller: an instruction for the
// call, with the call's cost, the callee's instructions on the callee's
// registers (allocated in the caller's frame), and one for the return,
// with its cost, that moves the result. The sequence of costs, counts
// and lines is the one the call would have made, and nothing in it can
// observe that no frame was pushed.

// maxInline is the most instructions an inlined callee may have.
const maxInline = 8

// inlinable reports whether fn's body can be compiled into its callers.
func inlinable(fn *ssa.Function) bool {
	if len(fn.Blocks) != 1 || fn.Recover != nil || len(fn.FreeVars) > 0 || len(fn.Blocks[0].Instrs) > maxInline+1 {
		return false
	}
	for _, in := range fn.Blocks[0].Instrs {
		switch in := in.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			b, ok := in.X.Type().Underlying().(*types.Basic)
			if !ok || b.Info()&(types.IsInteger|types.IsFloat|types.IsBoolean) == 0 {
				return false
			}
			switch in.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				return false // may panic
			}
		case *ssa.UnOp:
			if in.Op == token.MUL || in.Op == token.ARROW {
				return false
			}
			if b, ok := in.X.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsComplex != 0 {
				return false
			}
		case *ssa.Convert:
			fb, ok1 := in.X.Type().Underlying().(*types.Basic)
			tb, ok2 := in.Type().Underlying().(*types.Basic)
			if !ok1 || !ok2 || fb.Info()&types.IsNumeric == 0 || tb.Info()&types.IsNumeric == 0 || fb.Info()&types.IsComplex != 0 || tb.Info()&types.IsComplex != 0 {
				return false
			}
		case *ssa.Return:
			if len(in.Results) > 1 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// inline compiles the call of callee with args into blk if callee is
// inlinable, and reports whether it did.
func (c *fnCompiler) inline(blk *block, callee *ssa.Function, args []ssa.Value, dst int32) bool {
	if callee == c.f.ssa || !inlinable(callee) {
		return false
	}
	// The call: what dispatch and callValue do before pushing a frame.
	c.add(blk, costCall, func(t *Thread, fr *frame) status {
		t.calls = true
		if t.depth >= maxFrames {
			return t.stackOverflow()
		}
		return stNext
	})
	saved, savedCur := c.line, c.cur
	user := callee.Pkg == c.p.main
	c.line = 0
	if user {
		c.line = c.p.line(callee.Pos())
	}
	// The callee's parameters are the caller's arguments: the callee
	// never writes them.
	for i, prm := range callee.Params {
		c.regs[prm] = int32(c.operand(args[i]))
	}
	for _, in := range callee.Blocks[0].Instrs {
		if v, ok := in.(ssa.Value); ok {
			c.reg(v)
		}
	}
	for _, in := range callee.Blocks[0].Instrs {
		if l := c.p.line(in.Pos()); l > 0 && user {
			c.line = l
		}
		c.cur = in
		ret, ok := in.(*ssa.Return)
		if !ok {
			c.instr(blk, in)
			continue
		}
		// The return: the result to the call's register.
		if len(ret.Results) == 0 || dst < 0 {
			c.add(blk, costReturn, func(t *Thread, fr *frame) status { return stNext })
			break
		}
		res := c.operand(ret.Results[0])
		c.add(blk, costReturn, func(t *Thread, fr *frame) status {
			fr.regs[dst] = fr.regs[res]
			return stNext
		})
	}
	c.line, c.cur = saved, savedCur
	return true
}

// binopReturn is return x op y, for a 64-bit integer addition or
// subtraction (return fib(n-1) + fib(n-2)): the operation and the plain
// return of retFrom in one closure. A return that runs deferred calls
// or ends the goroutine is the return instruction's own code.
func (c *fnCompiler) binopReturn(blk *block, i int, a *ssa.BinOp) func(t *Thread, fr *frame) status {
	op, ok := numOpOf(a)
	if !ok || op != numAdd && op != numSub {
		return nil
	}
	x, y, dst, sub := c.operand(a.X), c.operand(a.Y), c.reg(a), op == numSub
	ret := blk.instrs[i+1].do
	return func(t *Thread, fr *frame) status {
		if sub {
			fr.regs[dst] = Value{N: fr.regs[x].N - fr.regs[y].N}
		} else {
			fr.regs[dst] = Value{N: fr.regs[x].N + fr.regs[y].N}
		}
		if len(fr.defers) == 0 {
			if st, ok := t.retFrom(fr, dst); ok {
				return st
			}
		}
		return ret(t, fr)
	}
}
