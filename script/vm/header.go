package vm

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

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
	// body is the yes block when it is one segment that only jumps back
	// here (the body of a simple loop): the header runs the loop (loop).
	body *block
	// fixed: a hdrLoad whose variable the body cannot change (keeps).
	fixed bool
	// fill: the loop is a strided fill (fill.go).
	fill *fillLoop
	// num: the loop is a numeric loop (numloop.go).
	num *numBody
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
		if y := h.yes; y != b && len(y.instrs) > 0 && len(y.preds) == 1 && int(y.instrs[0].end) == len(y.instrs) &&
			len(y.ssa.Succs) == 1 && y.ssa.Succs[0] == b.ssa {
			if _, jump := y.ssa.Instrs[len(y.ssa.Instrs)-1].(*ssa.Jump); jump {
				h.body = y
				if h.kind == hdrLoad {
					for _, in := range b.ssa.Instrs {
						if ld, ok := in.(*ssa.UnOp); ok && ld.Op == token.MUL {
							_, global := ld.X.(*ssa.Global)
							h.fixed = global && keeps(y.ssa, ld.X)
						}
					}
				}
				h.fill = fillable(h, y.fill, b.phis[predIndex(b.ssa, y.ssa)])
				h.num = numLoopOf(h, y.num)
			}
		}
	}
}

// steps marks f's step blocks: one segment, without calls, that jumps
// to a header (the i++ of a loop whose body branches, the rest of a
// body after an inner loop). A header whose branch leads to one runs it
// and goes on with the header it jumps to (enterHeaderLoops), so that a
// loop whose blocks are headers, step blocks and simple inner loops runs
// without the run loop dispatching each block.
func (f *Func) steps() {
	for _, b := range f.blocks {
		if b.hdr != nil || len(b.instrs) == 0 || int(b.instrs[0].end) != len(b.instrs) || len(b.ssa.Succs) != 1 {
			continue
		}
		if _, jump := b.ssa.Instrs[len(b.ssa.Instrs)-1].(*ssa.Jump); !jump {
			continue
		}
		if to := f.blocks[b.ssa.Succs[0].Index]; to != b && to.hdr != nil {
			b.step = true
		}
	}
}

// enterHeader runs header h of the block fr has just jumped to, if the
// run loop would run its segment at once now.
//
// A header that goes on into its loop's body (header.body) runs the loop
// (loop); with loops false (the first block of a call) it does not.
func (t *Thread) enterHeader(fr *frame, h *header) status {
	if t.inBody {
		// The jump at the end of a body that loop runs: loop runs the
		// header next.
		return stNext
	}
	return t.enterHeaderLoops(fr, h, true)
}

func (t *Thread) enterHeaderLoops(fr *frame, h *header, loops bool) status {
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
		if !then {
			fr.take(h.no, h.ne)
		} else {
			fr.take(h.yes, h.ye)
			if h.body != nil && loops {
				if st, ok := t.loop(fr, h); !ok {
					return st
				}
			}
		}
		if loops && fr.blk.step {
			if st, ok := t.runStep(fr); !ok {
				return st
			}
		}
	}
	return stNext
}

// runStep runs the segment of fr's block, a step block (block.step), as
// the run loop would run it at once, its jump going on to the header
// the caller runs next. ok is false when the run loop must go on (a
// check failed: it runs the block itself; or the block stopped early,
// with st its status and the rest given back).
func (t *Thread) runStep(fr *frame) (st status, ok bool) {
	run := t.run
	b := fr.blk
	bin := &b.instrs[0]
	if t.cpu+bin.most >= chunkPs || run.instrs+int64(bin.segN) > run.p.MaxInstructions {
		return stNext, false
	}
	mark := len(t.ran)
	if m := bin.lmask; m != 0 && mark < maxRanLines {
		if w := int(bin.lword); w < 0 || w >= len(t.ranSeen) || t.ranSeen[w]&m != m {
			for _, l := range bin.lines {
				t.noteLine(l)
			}
		}
	}
	t.cpu += int64(bin.seg)
	run.instrs += int64(bin.segN)
	if st = t.runBody(fr, b, mark); st != stNext {
		return st, false
	}
	return stNext, true
}

// runBody runs the segment of block b, the whole block, whose cost, count
// and lines the caller has charged and noted (mark: len(t.ran) before the
// noting), as the run loop runs a segment at once: each instruction's do,
// with t.inBody set so that the closing jump into a header leaves the
// header to the caller. A segment that stops early (st is not stNext) has
// the rest given back (stopBody).
func (t *Thread) runBody(fr *frame, b *block, mark int) (st status) {
	in := &b.instrs[0]
	end := int(in.end)
	pc := 0
	t.inBody = true
	for {
		pc += 1 + int(in.skip)
		fr.pc = pc
		if st = in.do(t, fr); st != stNext || pc == end {
			break
		}
		in = &b.instrs[pc]
	}
	t.inBody = false
	if st != stNext {
		t.stopBody(fr, b, in, pc, end, mark)
	}
	return st
}

// loop runs the loop of header h, whose body fr has just entered: the
// body's segment and the header, one iteration after another, each as
// the run loop and enterHeader would run it, with what cannot change
// between iterations done once. The lines of the header were noted
// before the first iteration and those of the body are noted in it:
// nothing forgets noted lines before the loop stops (a full list stays
// full), so later iterations have none to note. ok is true when the
// header left the loop (fr is in h.no); else st is what the run loop
// goes on with: stNext when a check failed (the run loop runs the next
// segment itself and finds the same), or the status of a body that
// stopped early, whose rest has been given back (stopBody).
//
// The run loop's checks (room in the stretch of CPU work for the whole
// segment, and in the instruction limit for its count) are made for a
// batch of iterations at once: as many as fit with the most each could
// charge (both segments' most, and a mispredicted header branch), so
// that every check of the batch would have passed. When no whole
// iteration surely fits, iterations are run one at a time with each
// check, as the run loop would make them. A header that loads a
// package-level variable the body cannot store to (header.fixed) does
// not load it again: the value the entry loaded is still the
// variable's.
func (t *Thread) loop(fr *frame, h *header) (st status, ok bool) {
	run := t.run
	b := h.body
	bin, hin := &b.instrs[0], h.in
	maxI := run.p.MaxInstructions
	end := int(bin.end)
	single := end == 1+int(bin.skip)
	pred := t.predFor(h.site)
	// sat: the site's counter for a history of all thens.
	sat := int(h.site)<<histBits | (1<<histBits - 1)
	iterMost := bin.most + hin.most + costMispredict
	iterN := int64(bin.segN) + int64(hin.segN)
	kind := h.kind
	if kind == hdrLoad && h.fixed {
		kind = hdrCompare
	}
	note := true
	for {
		k := int64(0)
		if room := chunkPs - 1 - t.cpu; room > 0 {
			k = min(room/iterMost, (maxI-run.instrs)/iterN)
		}
		careful := k <= 0
		if careful {
			k = 1
		}
		for ; k > 0; k-- {
			if h.fill != nil && !careful && !note {
				// A strided fill: the rest of the batch at once (fill.go).
				n, exited := t.fill(fr, h, k, pred)
				if exited {
					return stNext, true
				}
				if k -= n; k == 0 {
					break
				}
			}
			if h.num != nil && !careful && !note {
				// A numeric loop: the whole batch (numloop.go).
				if t.numLoop(fr, h, k, pred) {
					return stNext, true
				}
				break
			}
			// The body's segment, as the run loop runs a segment at once.
			if careful && (t.cpu+bin.most >= chunkPs || run.instrs+int64(bin.segN) > maxI) {
				return stNext, false
			}
			mark := len(t.ran)
			if note {
				note = false
				if m := bin.lmask; m != 0 && mark < maxRanLines {
					if w := int(bin.lword); w < 0 || w >= len(t.ranSeen) || t.ranSeen[w]&m != m {
						for _, l := range bin.lines {
							t.noteLine(l)
						}
					}
				}
			}
			t.cpu += int64(bin.seg)
			run.instrs += int64(bin.segN)
			if single {
				// A body of one instruction (a fused store, step and
				// jump): runBody's loop, without the call.
				fr.pc = end
				t.inBody = true
				st = bin.do(t, fr)
				t.inBody = false
				if st != stNext {
					t.stopBody(fr, b, bin, end, end, mark)
					return st, false
				}
			} else if st = t.runBody(fr, b, mark); st != stNext {
				return st, false
			}
			// The header, as enterHeader runs it.
			if careful && (t.cpu+hin.most >= chunkPs || run.instrs+int64(hin.segN) > maxI) {
				return stNext, false
			}
			var p *Value
			var s []Value
			var i int64
			switch kind {
			case hdrLoad:
				if p, _ = fr.regs[h.addr].R.(*Value); p == nil {
					return stNext, false
				}
			case hdrIndex:
				var ok bool
				s, ok = elems(fr.regs[h.addr], h.isPtr)
				i = int64(fr.regs[h.ix].N)
				if !ok || uint64(i) >= uint64(len(s)) {
					return stNext, false
				}
			}
			t.cpu += int64(hin.seg)
			run.instrs += int64(hin.segN)
			switch kind {
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
			if !intCompare(h.op, fr.regs[h.x].N, fr.regs[h.y].N) {
				t.branch(pred, h.site, false)
				fr.take(h.no, h.ne)
				return stNext, true
			}
			// Staying in the loop the way the site went its last histBits
			// times, with its counter saturated, changes nothing in the
			// predictor (branch would write back what it read).
			if pred.predHist[h.site] != 1<<histBits-1 || pred.predCtr[sat] != 3^2 {
				t.branch(pred, h.site, true)
			}
			fr.take(h.yes, h.ye)
		}
	}
}

// keeps reports whether the SSA block body, a loop's body without calls,
// cannot change the package-level variable g (a scalar): it stores only
// to elements, fields, local variables and other package-level
// variables, none of which is g.
func keeps(body *ssa.BasicBlock, g ssa.Value) bool {
	for _, in := range body.Instrs {
		st, ok := in.(*ssa.Store)
		if !ok {
			continue
		}
		switch a := st.Addr.(type) {
		case *ssa.IndexAddr, *ssa.FieldAddr, *ssa.Alloc:
		case *ssa.Global:
			if a == g {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// stopBody gives back the cost, count and lines of the rest of a loop
// body's segment that stopped early at pc, as the run loop does.
//
// It tells the run loop (Thread.bodyStopped) that the status it gets
// back from the jump that entered the loop is the body's: the body may be
// the block the run loop ran that jump in, with fr.pc where the body
// stopped, which the run loop must not read as its own instruction's.
func (t *Thread) stopBody(fr *frame, b *block, in *instr, pc, end, mark int) {
	t.bodyStopped = true
	if in.skip > 0 && fr.pc < pc && fr.pc > pc-1-int(in.skip) {
		// A fused instruction stopped in its first part.
		pc = fr.pc
	}
	if pc < end {
		rest := &b.instrs[pc]
		t.cpu -= int64(rest.seg)
		t.run.instrs -= int64(rest.segN)
		if len(rest.lines) > 0 {
			t.unnoteLines(mark)
			for j := 0; j < pc; j++ {
				t.noteLine(b.instrs[j].line)
			}
		}
	}
}
