package vm

import (
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"
)

// Numeric runs.
//
// A run of consecutive instructions of one segment that only compute
// with 64-bit integers and float64s (+ - * / & | ^ &^, integer to float64
// conversion), perhaps followed by the block's jump, gets one instruction
// that does the work of all of them. A value used only by a later
// instruction of the run, once, is not written to its register: it is an
// expression (num) its user evaluates, the result passing in a machine
// register instead of through the frame. The others (the roots) are
// written to their registers in order. As with fused pairs (fuse.go),
// every instruction of the run stays in the block with its own cost and
// code, the first keeps its own as instr.slow, and the run loop runs the
// run's code only when it runs the whole segment at once; none of these
// instructions can stop, so the virtual time is the one of running them
// one by one.

// maxRun is the most instructions of a numeric run, so that the run and
// its jump fit instr.skip; a longer one is cut in runs of that many.
const maxRun = 64

// numRoot is a value of a numeric run written to its register dst.
type numRoot struct {
	dst int32
	e   num
}

// num evaluates a numeric expression over a frame's registers: its value
// as Value.N holds it.
type num func(r []Value) uint64

type numOp uint8

const (
	numFAdd numOp = iota
	numFSub
	numFMul
	numFDiv
	numAdd
	numSub
	numMul
	numAnd
	numOr
	numXor
	numAndNot
)

func fadd(a, b uint64) uint64 {
	return math.Float64bits(math.Float64frombits(a) + math.Float64frombits(b))
}
func fsub(a, b uint64) uint64 {
	return math.Float64bits(math.Float64frombits(a) - math.Float64frombits(b))
}
func fmul(a, b uint64) uint64 {
	return math.Float64bits(math.Float64frombits(a) * math.Float64frombits(b))
}
func fdiv(a, b uint64) uint64 {
	return math.Float64bits(math.Float64frombits(a) / math.Float64frombits(b))
}
func iadd(a, b uint64) uint64    { return a + b }
func isub(a, b uint64) uint64    { return a - b }
func imul(a, b uint64) uint64    { return a * b }
func iand(a, b uint64) uint64    { return a & b }
func ior(a, b uint64) uint64     { return a | b }
func ixor(a, b uint64) uint64    { return a ^ b }
func iandnot(a, b uint64) uint64 { return a &^ b }

// is64 reports whether t is an integer type of 64 bits (no wrapping to do).
func is64(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	switch b.Kind() {
	case types.Int, types.Int64, types.Uint, types.Uint64, types.Uintptr:
		return true
	}
	return false
}

func isFloat64(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Float64
}

// numOpOf returns the operator of a numeric run's instruction.
func numOpOf(in ssa.Instruction) (numOp, bool) {
	switch in := in.(type) {
	case *ssa.BinOp:
		switch {
		case isFloat64(in.X.Type()) && isFloat64(in.Y.Type()):
			switch in.Op {
			case token.ADD:
				return numFAdd, true
			case token.SUB:
				return numFSub, true
			case token.MUL:
				return numFMul, true
			case token.QUO:
				return numFDiv, true
			}
		case is64(in.X.Type()) && is64(in.Y.Type()):
			switch in.Op {
			case token.ADD:
				return numAdd, true
			case token.SUB:
				return numSub, true
			case token.MUL:
				return numMul, true
			case token.AND:
				return numAnd, true
			case token.OR:
				return numOr, true
			case token.XOR:
				return numXor, true
			case token.AND_NOT:
				return numAndNot, true
			}
		}
	}
	return 0, false
}

// inRun reports whether in may be part of a numeric run of the function
// being compiled (not of a callee compiled into it).
func (c *fnCompiler) inRun(in ssa.Instruction) bool {
	if in == nil || in.Parent() != c.f.ssa {
		return false
	}
	if cv, ok := in.(*ssa.Convert); ok {
		fb, ok := cv.X.Type().Underlying().(*types.Basic)
		return ok && is64(fb) && !isUnsigned(fb) && isFloat64(cv.Type())
	}
	_, ok := numOpOf(in)
	return ok
}

// fuseRuns gives the numeric runs of blk their instructions.
func (c *fnCompiler) fuseRuns(blk *block) {
	for i := 0; i < len(blk.instrs); {
		if !c.inRun(blk.src[i]) {
			i++
			continue
		}
		j := i
		end := int(blk.instrs[i].end)
		for j+1 < end && j+1-i < maxRun && c.inRun(blk.src[j+1]) {
			j++
		}
		jump := false
		if j+1 < end {
			if jmp, ok := blk.src[j+1].(*ssa.Jump); ok && jmp.Parent() == c.f.ssa && !(blk.ssa.Succs[0] == blk.ssa && len(blk.ssa.Instrs) == 1) {
				jump = true
			}
		}
		if j > i {
			do := c.numRun(blk, i, j, jump)
			last := j
			if jump {
				last++
			}
			in := &blk.instrs[i]
			in.slow, in.do, in.skip = in.do, do, uint8(last-i)
		}
		i = j + 1
	}
}

// numRun compiles instructions i to j of blk, a numeric run, and the
// block's jump after them if jump.
func (c *fnCompiler) numRun(blk *block, i, j int, jump bool) func(t *Thread, fr *frame) status {
	pos := map[ssa.Instruction]int{}
	for k := i; k <= j; k++ {
		pos[blk.src[k]] = k
	}
	// inner: values used once, by a later instruction of the run.
	inner := map[ssa.Value]bool{}
	for k := i; k <= j; k++ {
		v := blk.src[k].(ssa.Value)
		refs := v.Referrers()
		if refs == nil || len(*refs) != 1 {
			continue
		}
		user := (*refs)[0]
		if p, ok := pos[user]; !ok || p <= k {
			continue
		}
		uses := 0
		for _, o := range user.Operands(nil) {
			if *o == v {
				uses++
			}
		}
		inner[v] = uses == 1
	}
	var expr func(v ssa.Value) (num, operand)
	expr = func(v ssa.Value) (num, operand) {
		if !inner[v] {
			return nil, c.operand(v)
		}
		return c.numExpr(v.(ssa.Instruction), expr, inner), 0
	}
	var roots []numRoot
	for k := i; k <= j; k++ {
		v := blk.src[k].(ssa.Value)
		if inner[v] {
			continue
		}
		roots = append(roots, numRoot{c.reg(v), c.numExpr(blk.src[k], expr, inner)})
	}
	var to *block
	var edge []phiCopy
	if jump {
		to = c.f.blocks[blk.ssa.Succs[0].Index]
		edge = to.phis[predIndex(blk.ssa.Succs[0], blk.ssa)]
		if i == 0 && j+2 == len(blk.instrs) {
			// The whole block: perhaps a numeric loop's body (numloop.go).
			blk.num = &numBody{roots: roots, edge: edge}
		}
	}
	if len(roots) == 1 {
		d, e := roots[0].dst, roots[0].e
		return func(t *Thread, fr *frame) status {
			r := fr.regs
			r[d] = Value{N: e(r)}
			if to != nil {
				fr.take(to, edge)
				if h := to.hdr; h != nil {
					return t.enterHeader(fr, h)
				}
			}
			return stNext
		}
	}
	if len(roots) == 2 {
		d0, e0, d1, e1 := roots[0].dst, roots[0].e, roots[1].dst, roots[1].e
		return func(t *Thread, fr *frame) status {
			r := fr.regs
			r[d0] = Value{N: e0(r)}
			r[d1] = Value{N: e1(r)}
			if to != nil {
				fr.take(to, edge)
				if h := to.hdr; h != nil {
					return t.enterHeader(fr, h)
				}
			}
			return stNext
		}
	}
	if len(roots) == 3 {
		d0, e0, d1, e1, d2, e2 := roots[0].dst, roots[0].e, roots[1].dst, roots[1].e, roots[2].dst, roots[2].e
		return func(t *Thread, fr *frame) status {
			r := fr.regs
			r[d0] = Value{N: e0(r)}
			r[d1] = Value{N: e1(r)}
			r[d2] = Value{N: e2(r)}
			if to != nil {
				fr.take(to, edge)
				if h := to.hdr; h != nil {
					return t.enterHeader(fr, h)
				}
			}
			return stNext
		}
	}
	return func(t *Thread, fr *frame) status {
		r := fr.regs
		for _, rt := range roots {
			r[rt.dst] = Value{N: rt.e(r)}
		}
		if to != nil {
			fr.take(to, edge)
			if h := to.hdr; h != nil {
				return t.enterHeader(fr, h)
			}
		}
		return stNext
	}
}

// numExpr compiles the computation of in, whose operands come from expr
// (inner: the values it computes rather than reads from their register).
func (c *fnCompiler) numExpr(in ssa.Instruction, expr func(ssa.Value) (num, operand), inner map[ssa.Value]bool) num {
	if cv, ok := in.(*ssa.Convert); ok {
		x, xr := expr(cv.X)
		if x == nil {
			return func(r []Value) uint64 { return math.Float64bits(float64(int64(r[xr].N))) }
		}
		return func(r []Value) uint64 { return math.Float64bits(float64(int64(x(r)))) }
	}
	bin := in.(*ssa.BinOp)
	op, _ := numOpOf(bin)
	if e := c.numPairOf(op, bin, inner); e != nil {
		return e
	}
	x, xr := expr(bin.X)
	y, yr := expr(bin.Y)
	return numBinary(op, x, xr, y, yr)
}

// numPairOf returns bin as one closure (expr_pairs.go) when one operand
// is a register and the other an operator of two registers or a
// conversion of one, computed here (inner); else nil.
func (c *fnCompiler) numPairOf(op numOp, bin *ssa.BinOp, inner map[ssa.Value]bool) num {
	for _, left := range []bool{true, false} {
		in, other := bin.X, bin.Y
		if !left {
			in, other = bin.Y, bin.X
		}
		if inner[other] || !inner[in] {
			continue
		}
		o := c.operand(other)
		switch in := in.(type) {
		case *ssa.BinOp:
			op2, ok := numOpOf(in)
			if !ok || inner[in.X] || inner[in.Y] {
				continue
			}
			if e := numPair(op, op2, left, c.operand(in.X), c.operand(in.Y), o); e != nil {
				return e
			}
		case *ssa.Convert:
			if inner[in.X] {
				continue
			}
			if e := numConvPair(op, left, c.operand(in.X), o); e != nil {
				return e
			}
		}
	}
	return nil
}
