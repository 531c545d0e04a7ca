package vm

// Numeric loops: loops whose body is one numeric run.
//
// A simple loop (header.go) whose body is a numeric run and its jump
// (expr.go), with a header that compares integers it can read again
// without loading anything that may change,
//
//	for i := 0; i < n; i++ {
//		x := float64(float64(i)+0.5) * h
//		sum += 4 / float64(1+float64(x*x))
//	}
//
// cannot stop in an iteration: no instruction of it can fail, call or
// hand the scheduler an op. Once its first iteration has run as every
// loop's does (noting its lines), loop hands a batch of iterations that
// all fit the stretch of CPU work and the instruction limit to numLoop,
// which runs the run's roots, the jump's φ copies and the header's
// comparison in a Go loop, and charges afterwards what interpreting them
// would have charged, as fill does (fill.go): the two segments' cost and
// count per iteration and the header's branch outcomes, in order. The
// registers and the virtual time are those of interpreting the
// iterations one by one.

// numBody is a block that is one numeric run and its jump: the run's
// roots and the jump's φ copies.
type numBody struct {
	roots []numRoot
	edge  []phiCopy
}

// numLoopOf returns b when the loop of header h, whose body b is, is a
// numeric loop: the body jumps back to h (its φ copies are the back
// edge's), and the header reads its operands from registers — a
// comparison, a package-level variable the body cannot store to (loaded
// once, header.fixed) or the length of a slice in a register the loop
// does not write.
func numLoopOf(h *header, b *numBody) *numBody {
	if b == nil || len(h.ye) != 0 {
		return nil
	}
	switch h.kind {
	case hdrCompare:
	case hdrLoad:
		if !h.fixed {
			return nil
		}
	case hdrLen:
		for _, rt := range b.roots {
			if rt.dst == int32(h.addr) {
				return nil
			}
		}
		for _, e := range b.edge {
			if e.dst == int32(h.addr) {
				return nil
			}
		}
	default:
		return nil
	}
	return b
}

// numLoop runs k iterations of the numeric loop of header h, whose body
// fr is in, each one body and one header as loop runs them, and charges
// them. It reports whether the header's comparison failed, fr having
// left the loop as loop leaves it; else fr is in the body again.
func (t *Thread) numLoop(fr *frame, h *header, k int64, pred *Run) (exited bool) {
	nb := h.num
	r := fr.regs
	roots, edge := nb.roots, nb.edge
	x, y, op := h.x, h.y, h.op
	n := int64(0)
	switch len(roots) {
	case 2:
		d0, e0, d1, e1 := roots[0].dst, roots[0].e, roots[1].dst, roots[1].e
		for n < k {
			r[d0] = Value{N: e0(r)}
			r[d1] = Value{N: e1(r)}
			for _, e := range edge {
				set(&r[e.dst], r[e.src])
			}
			n++
			if !intCompare(op, r[x].N, r[y].N) {
				exited = true
				break
			}
		}
	case 3:
		d0, e0, d1, e1, d2, e2 := roots[0].dst, roots[0].e, roots[1].dst, roots[1].e, roots[2].dst, roots[2].e
		for n < k {
			r[d0] = Value{N: e0(r)}
			r[d1] = Value{N: e1(r)}
			r[d2] = Value{N: e2(r)}
			for _, e := range edge {
				set(&r[e.dst], r[e.src])
			}
			n++
			if !intCompare(op, r[x].N, r[y].N) {
				exited = true
				break
			}
		}
	default:
		for n < k {
			for _, rt := range roots {
				r[rt.dst] = Value{N: rt.e(r)}
			}
			for _, e := range edge {
				set(&r[e.dst], r[e.src])
			}
			n++
			if !intCompare(op, r[x].N, r[y].N) {
				exited = true
				break
			}
		}
	}
	b := h.body
	bin, hin := &b.instrs[0], h.in
	t.cpu += n * (int64(bin.seg) + int64(hin.seg))
	t.run.instrs += n * (int64(bin.segN) + int64(hin.segN))
	t.branches(pred, h, n, exited)
	if exited {
		fr.take(h.no, h.ne)
		return true
	}
	fr.take(b, nil)
	return false
}
