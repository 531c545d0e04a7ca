package vm

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Strided fills: loops that only store one value into a slice.
//
// A simple loop (header.go) whose body is one fused store and step
// (storeStep in fuse.go) and whose header compares the index with a
// bound the body cannot change,
//
//	for j := i * i; j <= n; j += i {
//		composite[j] = true
//	}
//
// has nothing in an iteration but the store, the step and the
// comparison: no call, no load the store could change, nothing the
// scheduler sees. Once its first iteration has run as every loop's does
// (noting its lines), loop hands a batch of iterations that all fit the
// stretch of CPU work and the instruction limit to fill, which makes the
// stores and steps in a Go loop and charges afterwards what interpreting
// them would have charged: the two segments' cost and count per
// iteration, costFar for each access far from the one before (the same
// rule as touch, made per iteration) and the header's branch outcomes,
// fed to the predictor in order. The virtual time and every register are
// the ones of running the iterations one by one (Program.OneByOne
// compares them in the tests). An index out of range stops the batch
// before its store; the loop then runs that iteration itself and panics
// as interpreting it does.

// fillLoop is what fill needs of a loop whose body is a storeStep:
// registers of the frame.
type fillLoop struct {
	s, v, step operand // the slice (or pointer to array), the value, the step
	isPtr      bool
	far        *farSite
	phi        int32   // the index: the header's φ, which the body stores at
	dst        int32   // the step's result, copied to phi by the jump
	bound      operand // what the header compares phi with
	phiLeft    bool    // the header compares phi op bound (else bound op phi)
	neg        bool    // the step subtracts
}

// fillOf returns the fill of a storeStep body: the SSA of its element
// address, store and step, where the index and one operand of the step
// are the same value; the header adds the rest (fillable).
func (c *fnCompiler) fillOf(a *ssa.IndexAddr, b *ssa.Store, add *ssa.BinOp, dst int32, far *farSite) *fillLoop {
	if isAgg(b.Val.Type()) {
		return nil
	}
	var step ssa.Value
	switch {
	case add.X == a.Index:
		step = add.Y
	case add.Y == a.Index && add.Op == token.ADD:
		step = add.X
	default:
		return nil
	}
	if step == a.Index {
		return nil
	}
	_, isPtr := a.X.Type().Underlying().(*types.Pointer)
	return &fillLoop{
		s: c.operand(a.X), v: c.operand(b.Val), step: c.operand(step), isPtr: isPtr, far: far,
		phi: int32(c.operand(a.Index)), dst: dst, neg: add.Op == token.SUB,
	}
}

// fillable returns f completed with what header h compares, when the
// loop of h and its body (f's block) is a strided fill: the jump back
// copies the step's result to the index alone, the header is a
// comparison of the index with a register nothing in the loop writes,
// and the slice, the value and the step are such registers too.
func fillable(h *header, f *fillLoop, back []phiCopy) *fillLoop {
	if f == nil || len(h.ye) != 0 || len(back) != 1 || back[0].dst != f.phi || back[0].src != operand(f.dst) {
		return nil
	}
	// The bound: a register, a package-level variable the body cannot
	// store to, loaded once (header.fixed), or the length of a slice in
	// a register, the same every iteration.
	if h.kind == hdrIndex || h.kind == hdrLoad && !h.fixed {
		return nil
	}
	g := *f
	switch {
	case int32(h.x) == f.phi:
		g.bound, g.phiLeft = h.y, true
	case int32(h.y) == f.phi:
		g.bound = h.x
	default:
		return nil
	}
	for _, r := range []operand{g.s, g.v, g.step, g.bound} {
		if int32(r) == g.phi || int32(r) == g.dst {
			return nil
		}
	}
	return &g
}

// fill runs at most k iterations of the fill loop of header h, whose
// body fr is in, each one body and one header as loop runs them, and
// charges them. exited: the header's comparison failed, and fr has left
// the loop (as loop leaves it); else fr is in the body again, after n
// iterations (fewer than k when the next index is out of range or the
// slice is a nil pointer's, which loop then runs itself).
func (t *Thread) fill(fr *frame, h *header, k int64, pred *Run) (n int64, exited bool) {
	f := h.fill
	regs := fr.regs
	s, ok := elems(regs[f.s], f.isPtr)
	if !ok {
		return 0, false
	}
	v := regs[f.v]
	step := regs[f.step].N
	if f.neg {
		step = -step
	}
	j := regs[f.phi].N
	bound := regs[f.bound].N
	op, left := h.op, f.phiLeft
	far := f.far
	check := len(s) > far.len
	var last int64
	if check {
		last = t.lastTouched()[far.slot]
	}
	fars := int64(0)
	for n < k {
		if j >= uint64(len(s)) {
			break
		}
		if check {
			d := int64(j) - last
			last = int64(j)
			if d < -far.near || d > far.near {
				fars++
			}
		}
		s[j] = v
		j += step
		n++
		var in bool
		if left {
			in = intCompare(op, j, bound)
		} else {
			in = intCompare(op, bound, j)
		}
		if !in {
			exited = true
			break
		}
	}
	if n == 0 {
		return 0, false
	}
	if check {
		t.last[far.slot] = last
	}
	regs[f.dst] = Value{N: j}
	regs[f.phi] = Value{N: j}
	b := h.body
	bin, hin := &b.instrs[0], h.in
	t.cpu += n*(int64(bin.seg)+int64(hin.seg)) + fars*costFar
	t.run.instrs += n * (int64(bin.segN) + int64(hin.segN))
	t.branches(pred, h, n, exited)
	if exited {
		fr.take(h.no, h.ne)
		return n, true
	}
	fr.take(b, nil)
	return n, false
}

// branches feeds the predictor the outcomes of the header h of a loop
// that ran n iterations at once: in each time, then out if it exited.
// Once the site's history is all thens with its counter saturated,
// staying in changes nothing (as in loop), so those are not fed.
func (t *Thread) branches(pred *Run, h *header, n int64, exited bool) {
	sat := int(h.site)<<histBits | (1<<histBits - 1)
	in := n
	if exited {
		in--
	}
	for ; in > 0 && (pred.predHist[h.site] != 1<<histBits-1 || pred.predCtr[sat] != 3^2); in-- {
		t.branch(pred, h.site, true)
	}
	if exited {
		t.branch(pred, h.site, false)
	}
}
