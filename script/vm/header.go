package vm

// Loop headers run by the jump into them.
//
// The header of most loops (for i := 0; i < n; i++) is a block of φs and
// one comparison and branch, perhaps after loading the bound from a
// package-level variable, the length of a slice (i < len(a)) or an
// element of a slice or array (for a[i] < p): a segment of its own. A jump into such a block (the loop's back
// edge, or its entry) runs that segment itself, with the run loop's own
// checks and accounting for it — the stretch of CPU work must have room
// for the whole segment and the instruction limit for its count, its
// lines are noted, its cost and count charged — so that the run loop does
// not dispatch a segment of one instruction every iteration. A call of a
// known function whose first block is such a segment (if n < 2 {) runs
// it the same way once the frame is pushed. When a check fails, when
// what the header loads would fail, when the header runs in a callback
// of a native (which notes no lines) or with Program.OneByOne, the
// header is left to the run loop, which then does exactly what it would
// have done anyway.

// header is a loop header a jump runs: if x op y, to yes or no.
type header struct {
	in   *instr // the block's first instruction: its segment's figures
	kind uint8
	op   uint8
	x, y operand
	// hdrLoad: the block first loads the value at the address in register
	// addr (a package-level variable) into register dst; hdrIndex: element
	// ix of the slice (or pointer to array, isPtr) in register addr, an
	// access at site far.
	addr    operand
	ix      operand
	isPtr   bool
	far     *farSite
	dst     int32
	site    int32 // the If's branch site (predict.go)
	yes, no *block
	ye, ne  []phiCopy
}

// Kinds of headers.
const (
	hdrCompare uint8 = iota // a comparison and branch
	hdrLoad                 // a load, then that
	hdrIndex                // an element address and a load, then that
	hdrLen                  // the length of the slice in addr, then that
)

// hdrInstrs is the number of instructions of a header of each kind.
var hdrInstrs = [...]int{hdrCompare: 1, hdrLoad: 2, hdrIndex: 3, hdrLen: 2}

// headers keeps the headers recorded while compiling f's blocks (a
// fused comparison and branch first in its block) whose block turned out
// to be that segment alone.
func (f *Func) headers() {
	for _, b := range f.blocks {
		h := b.hdr
		if h == nil {
			continue
		}
		b.hdr = nil
		n := hdrInstrs[h.kind]
		fused := h.kind == hdrLoad || h.kind == hdrIndex
		if h.yes == nil || len(b.instrs) != n || int(b.instrs[0].end) != n || fused != (b.instrs[0].skip == 1) {
			continue
		}
		h.in = &b.instrs[0]
		h.site = b.site
		b.hdr = h
	}
}

// enterHeader runs header h of the block fr has just jumped to, if the
// run loop would run its segment at once now.
func (t *Thread) enterHeader(fr *frame, h *header) status {
	run := t.run
	if t.sync > 0 || run.p.OneByOne {
		return stNext
	}
	// A header may lead to another (for i < len(a) && j < len(b)): each
	// is one more segment the run loop would run next.
	for ; h != nil; h = fr.blk.hdr {
		in := h.in
		if t.cpu+in.most >= chunkPs || run.instrs+int64(in.segN) > run.p.MaxInstructions {
			return stNext
		}
		// What may fail is checked before anything is charged: the run
		// loop runs a header that fails, and panics.
		var p *Value
		var s []Value
		var i int64
		switch h.kind {
		case hdrLoad:
			if p, _ = fr.regs[h.addr].R.(*Value); p == nil {
				return stNext
			}
		case hdrIndex:
			var ok bool
			s, ok = elems(fr.regs[h.addr], h.isPtr)
			i = int64(fr.regs[h.ix].N)
			if !ok || uint64(i) >= uint64(len(s)) {
				return stNext
			}
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
		switch h.kind {
		case hdrLoad:
			fr.regs[h.dst] = *p
		case hdrIndex:
			if len(s) > h.far.len {
				t.touch(h.far, i)
			}
			fr.regs[h.dst] = s[i]
		case hdrLen:
			s, _ := fr.regs[h.addr].R.([]Value)
			fr.regs[h.dst] = Value{N: uint64(len(s))}
		}
		then := intCompare(h.op, fr.regs[h.x].N, fr.regs[h.y].N)
		t.branch(t.predFor(h.site), h.site, then)
		if then {
			fr.take(h.yes, h.ye)
		} else {
			fr.take(h.no, h.ne)
		}
	}
	return stNext
}
