package vm

import (
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"
)

// Loops without calls whose body only counts: summarised.
//
// The counting loops of every preemption demo (for i := 0; i < n; i++ {
// x++ }) have no effect anyone can see until they end: their variables
// are SSA φs of the loop header, updated by additions. Such a loop is not
// interpreted iteration by iteration. When control reaches its header,
// the VM computes how many iterations are left, the φs' values after them
// in closed form (Go's wrap-around arithmetic is arithmetic modulo 2^64,
// truncated to the type), charges the CPU time of that many iterations,
// and leaves the loop. The simulator still sees one long stretch of CPU
// work without safe points, so asynchronous preemption stops it where it
// would stop the real loop; nothing else can look inside it.
//
// The shape recognised: a header block of φs, one comparison of an
// induction φ with a loop-invariant value, and an If into a body block
// that only adds (or subtracts) to φs — a loop-invariant step
// (an induction variable) or the value of an induction variable (a sum)
// — and jumps back. Anything else is interpreted.
//
// The body may also count in memory: a variable the loop's goroutine
// captured in a closure, a local whose address is taken, or a
// package-level variable, loaded, added to and stored back (x++ on a
// captured x, the shape of most preemption demos). Each such cell is
// updated in closed form like a φ, when the loop is entered. Another
// goroutine that reads the cell while the loop runs (a data race) then
// sees its final value: the Go memory model lets a racy read observe any
// write not ordered after it, and no real program can rely on which.
//
// The summary charges what interpreting charges: the iterations, the
// header's last test, and the branch predictor's verdicts on the
// header's If (predict.go), whose state it leaves as interpreting would.

// minSummary is the fewest iterations worth summarising.
const minSummary = 16

type phiKind uint8

const (
	phiInvariant phiKind = iota // unchanged by the body
	phiStep                     // p' = p + step
	phiSum                      // p' = p + q (q an induction φ, before or after its step)
)

// counting is how a counter changes each iteration: by a loop-invariant
// step (phiStep) or by an induction φ's value (phiSum); phiInvariant: not
// at all.
type counting struct {
	t     *types.Basic
	kind  phiKind
	step  operand // phiStep: the step (negated for subtraction)
	neg   bool
	of    int  // phiSum: index of the induction φ
	after bool // phiSum: adds q's value after its step
}

type loopPhi struct {
	reg int32
	counting
}

// loopCell is a variable in memory the body counts in: *addr op= step
// (phiStep) or *addr += an induction φ (phiSum).
type loopCell struct {
	addr operand
	counting
}

type loopSummary struct {
	phis      []loopPhi
	cells     []loopCell
	ind       int // the φ the condition tests
	op        token.Token
	bound     operand
	boundLoad bool // bound holds the address of the bound
	boundT    *types.Basic
	exit      *block
	exitPred  int
	iterPs    int64 // CPU time of one iteration
	headPs    int64 // CPU time of the header alone (its last, failing test)
	site      int32 // the header's If, a branch site of the predictor
	lines     []int32
}

// summarise recognises a countable loop at header h and returns the
// instruction that runs at the top of h.
func (c *fnCompiler) summarise(h *ssa.BasicBlock) *loopSummary {
	if len(h.Preds) != 2 || len(h.Succs) != 2 {
		return nil
	}
	var phis []*ssa.Phi
	var cond *ssa.BinOp
	var ifi *ssa.If
	var load *ssa.UnOp // the bound, loaded from a package-level variable
	for _, in := range h.Instrs {
		switch in := in.(type) {
		case *ssa.Phi:
			phis = append(phis, in)
		case *ssa.UnOp:
			// for i < n with n a global: the body stores nothing (it
			// only adds), so the load gives the same value each time.
			if _, ok := in.X.(*ssa.Global); !ok || in.Op != token.MUL || load != nil {
				return nil
			}
			load = in
		case *ssa.BinOp:
			if cond != nil {
				return nil
			}
			cond = in
		case *ssa.If:
			ifi = in
		case *ssa.DebugRef:
		default:
			return nil
		}
	}
	if cond == nil || ifi == nil || ifi.Cond != cond || len(phis) == 0 {
		return nil
	}
	body, exit := h.Succs[0], h.Succs[1]
	if len(body.Preds) != 1 || len(body.Succs) != 1 || body.Succs[0] != h {
		return nil
	}
	backEdge := predIndex(h, body)
	if backEdge < 0 {
		return nil
	}
	inLoop := func(v ssa.Value) bool {
		if in, ok := v.(ssa.Instruction); ok {
			return in.Block() == h || in.Block() == body
		}
		return false
	}
	invariant := func(v ssa.Value) bool {
		switch v.(type) {
		case *ssa.Const, *ssa.Parameter, *ssa.FreeVar:
			return true
		}
		if _, ok := v.(ssa.Instruction); ok {
			return !inLoop(v)
		}
		return false
	}
	intType := func(v ssa.Value) *types.Basic {
		b, _ := v.Type().Underlying().(*types.Basic)
		if b == nil || b.Info()&types.IsInteger == 0 {
			return nil
		}
		return b
	}
	// The body: additions only, and loads and stores of cells.
	var loads []*ssa.UnOp
	var stores []*ssa.Store
	for _, in := range body.Instrs {
		switch in := in.(type) {
		case *ssa.BinOp:
			if (in.Op != token.ADD && in.Op != token.SUB) || intType(in) == nil {
				return nil
			}
		case *ssa.UnOp:
			if in.Op != token.MUL || intType(in) == nil {
				return nil
			}
			loads = append(loads, in)
		case *ssa.Store:
			stores = append(stores, in)
		case *ssa.Jump, *ssa.DebugRef:
		default:
			return nil
		}
	}
	if len(loads) != len(stores) {
		return nil
	}
	s := &loopSummary{ind: -1}
	index := map[ssa.Value]int{}
	for i, p := range phis {
		t := intType(p)
		if t == nil {
			return nil
		}
		index[p] = i
		s.phis = append(s.phis, loopPhi{reg: c.reg(p), counting: counting{t: t}})
	}
	for i, p := range phis {
		lp := &s.phis[i]
		v := p.Edges[backEdge]
		if v == p {
			lp.kind = phiInvariant
			continue
		}
		add, ok := v.(*ssa.BinOp)
		if !ok || add.Block() != body {
			return nil
		}
		x, y := add.X, add.Y
		if x != p && add.Op == token.ADD && y == p {
			x, y = y, x
		}
		if x != p {
			return nil
		}
		lp.neg = add.Op == token.SUB
		if invariant(y) {
			lp.kind, lp.step = phiStep, c.operand(y)
			continue
		}
		// A sum of another φ's values (before or after its own step).
		if lp.neg {
			return nil
		}
		if q, ok := index[y]; ok && q != i {
			lp.kind, lp.of = phiSum, q
			continue
		}
		if qa, ok := y.(*ssa.BinOp); ok && qa.Block() == body {
			for q, qp := range phis {
				if q != i && qp.Edges[backEdge] == qa {
					lp.kind, lp.of, lp.after = phiSum, q, true
				}
			}
			if lp.kind == phiSum {
				continue
			}
		}
		return nil
	}
	// Cells: each store writes load(p) ± step, or load(p) + an induction
	// φ, back to the same p; p is a distinct variable the loop cannot
	// reach another way (not a pointer it was handed).
	cellAddr := func(v ssa.Value) bool {
		switch v := v.(type) {
		case *ssa.Global, *ssa.FreeVar:
			return true
		case *ssa.Alloc:
			return !inLoop(v)
		}
		return false
	}
	seen := map[ssa.Value]bool{}
	for _, st := range stores {
		if !cellAddr(st.Addr) || seen[st.Addr] {
			return nil
		}
		seen[st.Addr] = true
		add, ok := st.Val.(*ssa.BinOp)
		if !ok || add.Block() != body {
			return nil
		}
		isLoad := func(v ssa.Value) bool {
			ld, ok := v.(*ssa.UnOp)
			if !ok || ld.Op != token.MUL || ld.X != st.Addr || ld.Block() != body {
				return false
			}
			refs := ld.Referrers()
			return refs != nil && len(*refs) == 1 && (*refs)[0] == ssa.Instruction(add)
		}
		x, y := add.X, add.Y
		if !isLoad(x) && add.Op == token.ADD && isLoad(y) {
			x, y = y, x
		}
		if !isLoad(x) {
			return nil
		}
		cell := loopCell{addr: c.operand(st.Addr), counting: counting{t: intType(add), neg: add.Op == token.SUB}}
		switch {
		case invariant(y):
			cell.kind, cell.step = phiStep, c.operand(y)
		case !cell.neg:
			if q, ok := index[y]; ok {
				cell.kind, cell.of = phiSum, q
				break
			}
			if qa, ok := y.(*ssa.BinOp); ok && qa.Block() == body {
				for q, qp := range phis {
					if qp.Edges[backEdge] == qa {
						cell.kind, cell.of, cell.after = phiSum, q, true
					}
				}
			}
			if cell.kind != phiSum {
				return nil
			}
		default:
			return nil
		}
		s.cells = append(s.cells, cell)
	}
	for _, ld := range loads {
		if !seen[ld.X] {
			return nil
		}
	}
	if load != nil && seen[load.X] {
		return nil // the bound is a cell the body changes
	}
	for _, cl := range s.cells {
		if cl.kind == phiSum && s.phis[cl.of].kind != phiStep {
			return nil
		}
	}
	// Sums must be of induction variables, not of other sums.
	for _, lp := range s.phis {
		if lp.kind == phiSum && s.phis[lp.of].kind != phiStep {
			return nil
		}
	}
	// The condition: an induction φ against an invariant bound.
	xi, isPhi := index[cond.X]
	boundLoaded := load != nil && cond.Y == ssa.Value(load)
	if load != nil && !boundLoaded {
		return nil
	}
	if !isPhi || !(invariant(cond.Y) || boundLoaded) || s.phis[xi].kind != phiStep {
		return nil
	}
	switch cond.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.NEQ:
	default:
		return nil
	}
	s.ind, s.op, s.boundT = xi, cond.Op, s.phis[xi].t
	if boundLoaded {
		s.bound, s.boundLoad = c.operand(load.X), true
	} else {
		s.bound = c.operand(cond.Y)
	}
	s.exit, s.exitPred = c.f.blocks[exit.Index], predIndex(exit, h)
	s.site = c.f.blocks[h.Index].site
	for _, in := range c.f.blocks[h.Index].instrs {
		s.headPs += int64(in.cost)
	}
	for _, b := range []*ssa.BasicBlock{h, body} {
		for _, in := range c.f.blocks[b.Index].instrs {
			s.iterPs += int64(in.cost)
			if in.line > 0 {
				s.lines = append(s.lines, in.line)
			}
		}
	}
	return s
}

// iterations is how many times the loop's body will run from the φs'
// current values, or -1 when that is not known without running it (a
// step of 0, a bound reached only by wrapping around).
func (s *loopSummary) iterations(fr *frame) int64 {
	ind := s.phis[s.ind]
	i := fr.regs[ind.reg].N
	step := fr.get(ind.step).N
	if ind.neg {
		step = -step
	}
	b := fr.get(s.bound).N
	if s.boundLoad {
		b = fr.get(s.bound).Ptr().N
	}
	t := s.boundT
	if isUnsigned(t) {
		lo, hi := uint64(0), maxOf(t)
		return countU(i, b, step, s.op, lo, hi)
	}
	return countS(int64(i), int64(b), int64(step), s.op, minOf(t), int64(maxOf(t)))
}

func maxOf(t *types.Basic) uint64 {
	size := map[types.BasicKind]uint{types.Int8: 8, types.Int16: 16, types.Int32: 32, types.Uint8: 8, types.Uint16: 16, types.Uint32: 32}[t.Kind()]
	if size == 0 {
		size = 64
	}
	if isUnsigned(t) {
		if size == 64 {
			return math.MaxUint64
		}
		return 1<<size - 1
	}
	return 1<<(size-1) - 1
}

func minOf(t *types.Basic) int64 { return -int64(maxOf(t)) - 1 }

// countS counts the iterations of for i; i op b; i += step over signed
// values in [lo, hi]; -1 if the loop would wrap around or never end.
func countS(i, b, step int64, op token.Token, lo, hi int64) int64 {
	switch op {
	case token.LEQ:
		if b == hi {
			return -1
		}
		b, op = b+1, token.LSS
	case token.GEQ:
		if b == lo {
			return -1
		}
		b, op = b-1, token.GTR
	}
	switch op {
	case token.LSS:
		if i >= b {
			return 0
		}
		if step <= 0 {
			return -1
		}
		n := int64((uint64(b-i)-1)/uint64(step)) + 1
		if last := i + (n-1)*step; last > hi-step {
			return -1 // the last step would wrap
		}
		return n
	case token.GTR:
		if i <= b {
			return 0
		}
		if step >= 0 {
			return -1
		}
		n := int64((uint64(i-b)-1)/uint64(-step)) + 1
		if last := i + (n-1)*step; last < lo-step {
			return -1
		}
		return n
	case token.NEQ:
		if i == b {
			return 0
		}
		if step == 0 || (b-i)%step != 0 || (b-i)/step < 0 {
			return -1
		}
		return (b - i) / step
	}
	return -1
}

// countU is countS for unsigned values.
func countU(i, b, step uint64, op token.Token, lo, hi uint64) int64 {
	sstep := int64(step)
	switch op {
	case token.LEQ:
		if b == hi {
			return -1
		}
		b, op = b+1, token.LSS
	case token.GEQ:
		if b == lo {
			return -1
		}
		b, op = b-1, token.GTR
	}
	switch op {
	case token.LSS:
		if i >= b {
			return 0
		}
		if sstep <= 0 {
			return -1
		}
		n := (b-i-1)/step + 1
		if hi-(i+(n-1)*step) < step {
			return -1
		}
		return int64(n)
	case token.GTR:
		if i <= b {
			return 0
		}
		if sstep >= 0 {
			return -1
		}
		d := uint64(-sstep)
		n := (i-b-1)/d + 1
		if i-(n-1)*d < d {
			return -1
		}
		return int64(n)
	}
	return -1
}

// run applies n iterations to the frame's φs.
func (s *loopSummary) run(fr *frame, n int64) {
	u := uint64(n)
	// Σ_{j<n} j = n(n-1)/2 and Σ_{j<n} (j+1) = n(n+1)/2, modulo 2^64.
	tri := func(a, b uint64) uint64 {
		if a%2 == 0 {
			return (a / 2) * b
		}
		return a * (b / 2)
	}
	before := make([]uint64, len(s.phis))
	for i, p := range s.phis {
		before[i] = fr.regs[p.reg].N
	}
	for _, cl := range s.cells {
		cell := fr.get(cl.addr).Ptr()
		cell.N = s.advance(fr, &cl.counting, cell.N, u, before, tri)
	}
	for i := range s.phis {
		p := &s.phis[i]
		if p.kind != phiInvariant {
			fr.regs[p.reg].N = s.advance(fr, &p.counting, before[i], u, before, tri)
		}
	}
}

// advance is a counter's value u iterations after cur, given the φs'
// values before them.
func (s *loopSummary) advance(fr *frame, c *counting, cur, u uint64, before []uint64, tri func(a, b uint64) uint64) uint64 {
	if c.kind == phiStep {
		step := fr.get(c.step).N
		if c.neg {
			step = -step
		}
		return wrap(c.t, cur+u*step)
	}
	q := s.phis[c.of]
	qstep := fr.get(q.step).N
	if q.neg {
		qstep = -qstep
	}
	steps := tri(u, u-1)
	if c.after {
		steps = tri(u, u+1)
	}
	return wrap(c.t, cur+u*before[c.of]+qstep*steps)
}

// summaryInstr is the instruction at the top of a summarised loop's
// header.
func (s *loopSummary) instr() func(t *Thread, fr *frame) status {
	return func(t *Thread, fr *frame) status {
		if t.run.p.NoSummaries {
			return stNext
		}
		n := s.iterations(fr)
		if n < minSummary {
			return stNext // few or unknown: interpret
		}
		s.run(fr, n)
		// n iterations and the header's last test, which fails; the
		// predictor sees the header's n continues and its exit. Past
		// 2*histBits equal outcomes its state no longer changes, so
		// feeding that many is exact.
		t.cpu += n*s.iterPs + s.headPs
		r := t.predFor(s.site)
		for range min(n, 2*histBits) {
			t.branch(r, s.site, true)
		}
		t.branch(r, s.site, false)
		for _, l := range s.lines {
			t.noteLine(l)
		}
		fr.jump(s.exit, s.exitPred)
		return stNext
	}
}
