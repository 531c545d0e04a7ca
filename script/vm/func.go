package vm

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Func is one compiled function: its SSA blocks lowered to instructions
// that read and write numbered registers of a frame.
type Func struct {
	Name    string // as a stack trace prints it: main.main, main.worker
	ssa     *ssa.Function
	prog    *Program
	nregs   int
	params  []int32 // registers of the parameters, then of the free variables
	nfree   int
	blocks  []*block
	recover *block
	native  Native
	// Constants and the globals the function names live in registers
	// too, filled when a frame is made, so that every operand is a
	// register.
	consts  []constReg
	gregs   []globalReg
	results int   // number of results
	frame   int64 // its stack frame in bytes (stack.go: frameSize)
	line    int32
	user    bool // the scene's own code (package main)
	// deferStack: the function owns a range-over-func loop's defer stack
	// (ssa:deferstack), which refers to its frame after calls return.
	deferStack bool
	built      bool
}

// block is a basic block. Jumps copy the φ values of the successor for
// their edge (phis[k] for predecessor k).
type block struct {
	index  int
	instrs []instr
	preds  []*ssa.BasicBlock
	phis   [][]phiCopy // per predecessor index
	ssa    *ssa.BasicBlock
	src    []ssa.Instruction // while compiling: the SSA instruction of each of instrs
	site   int32             // the branch site of the block's If (predict.go)
	// hdr is set when the block is a loop header a jump into it runs
	// (header.go).
	hdr *header
	// step: the block is one segment that jumps to a header (header.go).
	step bool
	// fill: the block is one storeStep that may be a strided fill's body
	// (fill.go).
	fill *fillLoop
	// num: the block is one numeric run and its jump (numloop.go).
	num *numBody
	// ret: the block is a return of at most one result and nothing else
	// (call.go, returnAtOnce); retReg is the result's register (-1: none).
	ret    bool
	retReg int32
}

type phiCopy struct {
	dst int32
	src operand
}

// instr is one instruction: what it does, its virtual cost in
// picoseconds, and its source line.
//
// The run loop charges cost, counts instructions and notes lines a
// segment at a time: a segment is a run of instructions of one block of
// which only the last may call (only a call runs code that charges CPU
// time of its own or notes lines). end is the index after the segment of
// this instruction, seg the cost and segN the instruction count of its
// instructions from this one on, lines their lines (in order, without
// repeats in a row).
type instr struct {
	// The fields the run loop reads for every segment come first, in
	// the first cache line.
	do func(t *Thread, fr *frame) status
	// most is the most CPU time the segment from this one on may charge:
	// seg, and costFar for each of its segFar instructions.
	most int64
	// lmask has a bit for each of lines, all in word lword of
	// Thread.ranSeen (lword -1: lines span several words); the run loop
	// skips noting lines already noted with one test.
	lmask uint64
	seg   int32
	segN  int32
	end   int32
	lword int32
	skip  uint8
	n     uint8 // SSA instructions it stands for (1, or 2 when fused)
	brk   bool  // it ends its segment: it may call
	far   bool  // it may charge costFar besides its cost
	cost  int32
	line  int32
	// segFar is how many of the segment's instructions from this one on
	// may charge costFar.
	segFar int32
	// slow is the instruction alone when do is fused with the skip
	// instructions after it (fuse.go, expr.go): a segment run at once
	// runs do, an instruction at a time slow.
	slow  func(t *Thread, fr *frame) status
	lines []int32
}

// status is what an instruction asks of the run loop.
type status uint8

const (
	stNext  status = iota // go on with the next instruction of this frame
	stFrame               // the frame stack changed (a call or a return)
	stYield               // a scheduler op is ready in t.op
	stPanic               // t.panic is set: unwind
	stEnd                 // the goroutine has ended
)

// operand is the register an instruction reads a value from: an SSA
// value's, or one a new frame fills with a constant or the address of a
// global.
type operand int32

type constReg struct {
	r int32
	v Value
}

type globalReg struct {
	r int32
	g int // index into the run's globals
}

func (fr *frame) get(o operand) Value { return fr.regs[o] }

// compiler state for one function.
type fnCompiler struct {
	p    *Program
	f    *Func
	regs map[ssa.Value]int32
	n    int32           // registers allocated
	cmap map[any]operand // constants and globals already in a register
	line int32
	cur  ssa.Instruction // the instruction being compiled
	// fused are comparisons their If evaluates itself.
	fused map[*ssa.BinOp]bool
}

// build compiles the body of f on first call.
func (p *Program) build(f *Func) {
	if f.built {
		return
	}
	f.built = true
	fn := f.ssa
	f.frame = frameSize(fn, p.sizes)
	c := &fnCompiler{p: p, f: f, regs: map[ssa.Value]int32{}, cmap: map[any]operand{}}
	// Lines are the scene's: the library's code (other files) has none, so
	// that captions and the current line speak of the scene only.
	f.user = fn.Pkg == p.main
	if f.user {
		f.line = p.line(fn.Pos())
	}
	c.line = f.line
	for _, prm := range fn.Params {
		f.params = append(f.params, c.reg(prm))
	}
	for _, fv := range fn.FreeVars {
		f.params = append(f.params, c.reg(fv))
	}
	f.nfree = len(fn.FreeVars)
	// Registers for every value first, so that φs may name later ones.
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ssa.Value); ok {
				c.reg(v)
			}
			if call, ok := in.(*ssa.Call); ok {
				if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "ssa:deferstack" {
					f.deferStack = true
				}
			}
		}
	}
	f.blocks = make([]*block, len(fn.Blocks))
	for i, b := range fn.Blocks {
		f.blocks[i] = &block{index: i, ssa: b, preds: b.Preds}
	}
	// The φs first, so that jumps know the copies of their edge.
	for i, b := range fn.Blocks {
		blk := f.blocks[i]
		blk.phis = make([][]phiCopy, len(b.Preds))
		for _, in := range b.Instrs {
			if phi, ok := in.(*ssa.Phi); ok {
				for k, e := range phi.Edges {
					blk.phis[k] = append(blk.phis[k], phiCopy{dst: c.reg(phi), src: c.operand(e)})
				}
			}
		}
		for k, edge := range blk.phis {
			blk.phis[k] = c.sequential(edge)
		}
	}
	for i, b := range fn.Blocks {
		blk := f.blocks[i]
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.Phi); ok {
				continue
			}
			if l := p.line(in.Pos()); l > 0 && f.user {
				c.line = l
			}
			c.cur = in
			c.instr(blk, in)
		}
	}
	// Counting loops: a summary at the top of their header.
	for i, b := range fn.Blocks {
		if sum := c.summarise(b); sum != nil {
			blk := f.blocks[i]
			blk.instrs = append([]instr{{do: sum.instr(), n: 1, brk: true}}, blk.instrs...)
			blk.src = append([]ssa.Instruction{nil}, blk.src...)
		}
	}
	if fn.Recover != nil {
		f.recover = f.blocks[fn.Recover.Index]
	}
	for _, blk := range f.blocks {
		blk.segments()
		c.fuseRuns(blk)
		c.fuseBlock(blk)
		blk.src = nil
	}
	f.headers()
	f.steps()
	for i, b := range fn.Blocks {
		if len(b.Instrs) != 1 {
			continue
		}
		if r, ok := b.Instrs[0].(*ssa.Return); ok && len(r.Results) <= 1 && len(f.blocks[i].instrs) == 1 {
			blk := f.blocks[i]
			blk.ret, blk.retReg = true, -1
			if len(r.Results) == 1 {
				blk.retReg = int32(c.operand(r.Results[0]))
			}
		}
	}
	f.nregs = int(c.n)
}

// maxSegPs bounds the cost of one segment, so that it fits its int32.
const maxSegPs = 1 << 30

// segments divides the block's instructions into segments (see instr).
func (b *block) segments() {
	in := b.instrs
	for start := 0; start < len(in); {
		end, cost := start, int64(0)
		for end < len(in) {
			cost += int64(in[end].cost)
			end++
			if in[end-1].brk || end == len(in) || cost+int64(in[end].cost) >= maxSegPs {
				break
			}
		}
		var lines []int32
		for i := start; i < end; i++ {
			if l := in[i].line; l > 0 && (len(lines) == 0 || lines[len(lines)-1] != l) {
				lines = append(lines, l)
			}
		}
		var seg, n, far int32
		k := len(lines)
		for i := end - 1; i >= start; i-- {
			seg += in[i].cost
			n += int32(in[i].n)
			if in[i].far {
				far++
			}
			in[i].segFar = far
			// lines[k:] are the lines of in[i+1:end]; those of in[i:end]
			// start with in[i]'s line.
			if l := in[i].line; l > 0 && (k == len(lines) || lines[k] != l) {
				k--
			}
			in[i].end, in[i].seg, in[i].segN = int32(end), seg, n
			in[i].lines = lines[k:]
			in[i].most = int64(seg) + int64(far)*costFar
			in[i].lmask, in[i].lword = lineMask(in[i].lines)
		}
		start = end
	}
}

// sequential returns the copies of an edge, which give the φs their
// values all at once, as copies that may run one after another: a source
// that is also the destination of a copy is first copied to a register
// of its own (a φ of the block that takes the value of another, as in
// a, b = b, a+b).
func (c *fnCompiler) sequential(edge []phiCopy) []phiCopy {
	dsts := map[int32]bool{}
	for _, e := range edge {
		dsts[e.dst] = true
	}
	var pre, out []phiCopy
	for _, e := range edge {
		if int32(e.src) != e.dst && dsts[int32(e.src)] {
			tmp := c.n
			c.n++
			pre = append(pre, phiCopy{dst: tmp, src: e.src})
			e.src = operand(tmp)
		}
		out = append(out, e)
	}
	return append(pre, out...)
}

// lineMask returns the bits of lines in the one word of a line set
// (Thread.ranSeen) that holds them all, or word -1 if they span several.
func lineMask(lines []int32) (mask uint64, word int32) {
	for i, l := range lines {
		if i == 0 {
			word = l >> 6
		} else if l>>6 != word {
			return 0, -1
		}
		mask |= 1 << (l & 63)
	}
	return mask, word
}

func (c *fnCompiler) reg(v ssa.Value) int32 {
	if r, ok := c.regs[v]; ok {
		return r
	}
	r := c.n
	c.n++
	c.regs[v] = r
	return r
}

// operand places v: constants and functions in the constant table,
// globals by index, everything else in its register.
func (c *fnCompiler) operand(v ssa.Value) operand {
	switch v := v.(type) {
	case *ssa.Const:
		return c.konst(v, constValue(v))
	case *ssa.Function:
		return c.konst(v, Value{R: c.p.closureOf(v)})
	case *ssa.Global:
		if o, ok := c.cmap[v]; ok {
			return o
		}
		r := c.n
		c.n++
		c.f.gregs = append(c.f.gregs, globalReg{r: r, g: c.p.globalIndex(v)})
		c.cmap[v] = operand(r)
		return operand(r)
	case *ssa.Builtin:
		return c.konst(v, Value{})
	}
	return operand(c.reg(v))
}

func (c *fnCompiler) konst(k any, v Value) operand {
	if o, ok := c.cmap[k]; ok {
		return o
	}
	r := c.n
	c.n++
	c.f.consts = append(c.f.consts, constReg{r: r, v: v})
	c.cmap[k] = operand(r)
	return operand(r)
}

// constValue converts an SSA constant to a Value of its type.
func constValue(k *ssa.Const) Value {
	t := k.Type()
	if k.Value == nil {
		return zero(t)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return basicConst(u, k.Value)
	case *types.TypeParam:
		// Instantiated code has no type parameters left.
		panic("vm: constant of a type parameter")
	}
	return zero(t)
}

func basicConst(u *types.Basic, v constant.Value) Value {
	switch {
	case u.Info()&types.IsBoolean != 0:
		return Bool(constant.BoolVal(v))
	case u.Info()&types.IsString != 0:
		return Str(constant.StringVal(v))
	case u.Info()&types.IsInteger != 0:
		if i, ok := constant.Int64Val(constant.ToInt(v)); ok {
			return Int(i)
		}
		n, _ := constant.Uint64Val(constant.ToInt(v))
		return Uint(n)
	case u.Info()&types.IsFloat != 0:
		f, _ := constant.Float64Val(constant.ToFloat(v))
		if u.Kind() == types.Float32 || u.Kind() == types.UntypedFloat && false {
			f = float64(float32(f))
		}
		return Float(f)
	case u.Info()&types.IsComplex != 0:
		re, _ := constant.Float64Val(constant.Real(v))
		im, _ := constant.Float64Val(constant.Imag(v))
		if u.Kind() == types.Complex64 {
			return Value{R: complex128(complex64(complex(re, im)))}
		}
		return Value{R: complex(re, im)}
	}
	return Value{}
}

// add appends an instruction of the current line to blk.
func (c *fnCompiler) add(blk *block, cost int32, do func(t *Thread, fr *frame) status) {
	blk.instrs = append(blk.instrs, instr{do: do, cost: cost, line: c.line, n: 1})
	blk.src = append(blk.src, c.cur)
}

// brk marks the last instruction of blk as one that may call: it ends its
// segment.
func (c *fnCompiler) brk(blk *block) {
	blk.instrs[len(blk.instrs)-1].brk = true
}

// Costs of instructions, in picoseconds of virtual CPU time, calibrated
// against compiled Go on the 2-core test machine by cmd/calibrate
// (docs/scenes.md has the figures and the command). A core runs several
// simple instructions a cycle and overlaps independent work, so a cost is
// what an instruction adds to a loop of typical code (its throughput,
// more or less), not its latency: a chain of dependent float additions
// or divisions runs 3–6× slower compiled than it is charged. Map
// accesses (mapcost.go) and mispredicted branches (predict.go) charge
// more besides, by their operands.
const (
	costSimple = 50    // arithmetic, moves, comparisons, branches
	costJump   = 25    // an unconditional jump
	costMem    = 80    // loads, stores, field and element addresses
	costAlloc  = 25000 // a heap allocation
	// A call that is not inlined and its return: y = inc(y) costs 1.5 ns
	// an iteration compiled, fib 1.8 ns a call.
	costCall   = 1000 // a call: the caller's side and the callee's prologue
	costReturn = 200  // a return
	// Floats: a float64 addition or multiplication has a latency of 0.9
	// ns but the core starts two a cycle; a division's latency is 3.9 ns
	// and the divider takes one every 1.5 ns, under which other work
	// overlaps; a conversion between an integer and a float takes a cycle
	// of one unit.
	costFloat     = 100   // a float addition, subtraction or multiplication
	costFloatDiv  = 1200  // a float division
	costFloatConv = 150   // a conversion to or from a float
	costIface     = 1000  // building or asserting an interface
	costFormat    = 80000 // fmt formatting an operand list (a native call)
	// costFar is what an element access costs besides costMem when its
	// slice or array is larger than farBytes, more than the L2 cache
	// holds, and the element is not next to the one the same instruction
	// accessed last (a sequential scan is prefetched): a sieve's stores
	// with large strides into 4 MB of bools, random reads of 2.4 MB of
	// ints (see docs/scenes.md).
	costFar  = 2000
	farBytes = 2 << 20
)

// farSite is what an element access instruction needs to charge costFar.
type farSite struct {
	len  int   // longer slices are beyond the cache
	near int64 // elements in a cache line: a step of at most this is a scan
	slot int   // the instruction's slot in Thread.last
}

// farSite returns the site of an element access of type elem at pos. Its
// slot comes from its position, so that it does not depend on the order
// in which functions are compiled.
func (c *fnCompiler) farSite(elem types.Type, pos token.Pos) *farSite {
	size := max(1, c.p.sizes.Sizeof(elem))
	return &farSite{len: int(farBytes / size), near: max(1, 64/size), slot: int(uint(pos) % farSlots)}
}

// touch charges costFar for an access to element i of a slice longer
// than the cache, unless it continues a scan.
func (t *Thread) touch(a *farSite, i int64) {
	last := t.lastTouched()
	d := i - last[a.slot]
	last[a.slot] = i
	if d < -a.near || d > a.near {
		t.cpu += costFar
	}
}

// farSlots is the number of access sites a thread remembers the last
// element of (by position, so two sites may share one).
const farSlots = 64

// lastTouched returns t.last, allocating it on the first access beyond
// the cache.
func (t *Thread) lastTouched() *[farSlots]int64 {
	if t.last == nil {
		t.last = new([farSlots]int64)
	}
	return t.last
}

func (c *fnCompiler) fail(in ssa.Instruction, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	c.p.errs = append(c.p.errs, fmt.Errorf("%s: %s", c.p.fset.Position(in.Pos()), msg))
}

// line returns the source line of pos (0 for none).
func (p *Program) line(pos token.Pos) int32 {
	if !pos.IsValid() {
		return 0
	}
	return int32(p.fset.Position(pos).Line)
}

// wrap truncates n to the width of integer type t, sign- or
// zero-extending it back to 64 bits.
func wrap(t *types.Basic, n uint64) uint64 {
	switch t.Kind() {
	case types.Int8:
		return uint64(int64(int8(n)))
	case types.Int16:
		return uint64(int64(int16(n)))
	case types.Int32:
		return uint64(int64(int32(n)))
	case types.Uint8:
		return uint64(uint8(n))
	case types.Uint16:
		return uint64(uint16(n))
	case types.Uint32:
		return uint64(uint32(n))
	}
	return n
}

func isUnsigned(t *types.Basic) bool { return t.Info()&types.IsUnsigned != 0 }

func f32(f float64) float64 { return float64(float32(f)) }

// spinPs is one step of an empty infinite loop: 10 ms of CPU.
const spinPs = 10_000_000_000

// emptyLoopLine finds the line of the for statement of an empty infinite
// loop (a block that only jumps to itself): SSA keeps no position for it,
// so the function's syntax is searched for such loops, in order.
func (p *Program) emptyLoopLine(fn *ssa.Function, b *ssa.BasicBlock) int32 {
	syn := fn.Syntax()
	if syn == nil {
		return 0
	}
	var lines []int32
	ast.Inspect(syn, func(n ast.Node) bool {
		if f, ok := n.(*ast.ForStmt); ok && f.Cond == nil && len(f.Body.List) == 0 {
			lines = append(lines, p.line(f.Pos()))
		}
		if _, ok := n.(*ast.FuncLit); ok && n != syn {
			return false
		}
		return true
	})
	k := 0
	for _, blk := range fn.Blocks {
		if blk == b {
			break
		}
		if len(blk.Succs) == 1 && blk.Succs[0] == blk && len(blk.Instrs) == 1 {
			k++
		}
	}
	if k < len(lines) {
		return lines[k]
	}
	return 0
}
