package vm

import (
	"go/token"
	"go/types"
	"math"
	"strconv"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/gmpbook/gmpbook/core"
)

// instr compiles one SSA instruction into blk.
func (c *fnCompiler) instr(blk *block, in ssa.Instruction) {
	switch in := in.(type) {
	case *ssa.DebugRef:
	case *ssa.Alloc:
		dst, et := c.reg(in), in.Type().(*types.Pointer).Elem()
		cost := int32(costMem)
		if in.Heap {
			cost = costAlloc
		}
		if in.Heap && c.p.sizes.Sizeof(et) == 0 {
			// Zero-size objects share one address (malloc.go:zerobase).
			zb := c.p.zerobase()
			c.add(blk, cost, func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{R: zb}
				return stNext
			})
			return
		}
		c.add(blk, cost, func(t *Thread, fr *frame) status {
			v := zero(et)
			fr.regs[dst] = Value{R: &v}
			return stNext
		})
	case *ssa.BinOp:
		if c.fuse(in) {
			return // evaluated by the If that follows it
		}
		c.binop(blk, in)
	case *ssa.UnOp:
		c.unop(blk, in)
	case *ssa.Convert:
		c.convert(blk, in)
	case *ssa.ChangeType:
		c.move(blk, in, in.X)
	case *ssa.ChangeInterface:
		c.move(blk, in, in.X)
	case *ssa.SliceToArrayPointer:
		dst, x := c.reg(in), c.operand(in.X)
		n := int(in.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Len())
		c.add(blk, costMem, func(t *Thread, fr *frame) status {
			s, _ := fr.get(x).R.([]Value)
			if len(s) < n {
				return t.runtimeError("cannot convert slice with length " + strconv.Itoa(len(s)) + " to array or pointer to array with length " + strconv.Itoa(n))
			}
			if s == nil {
				fr.regs[dst] = Value{}
				return stNext
			}
			// The array shares the slice's storage.
			fr.regs[dst] = Value{R: &Value{R: &Agg{V: s[:n:n]}}}
			return stNext
		})
	case *ssa.MakeInterface:
		dst, x := c.reg(in), c.operand(in.X)
		rt := c.p.typeOf(in.X.Type())
		c.add(blk, costIface, func(t *Thread, fr *frame) status {
			fr.regs[dst] = Value{R: &Iface{T: rt, V: copyVal(fr.get(x))}}
			return stNext
		})
	case *ssa.MakeClosure:
		dst := c.reg(in)
		fn := c.p.funcOf(in.Fn.(*ssa.Function))
		binds := c.operands(in.Bindings)
		c.add(blk, costAlloc, func(t *Thread, fr *frame) status {
			env := make([]Value, len(binds))
			for i, b := range binds {
				env[i] = fr.get(b)
			}
			fr.regs[dst] = Value{R: &Closure{Fn: fn, Env: env}}
			return stNext
		})
	case *ssa.MakeMap:
		dst := c.reg(in)
		if in.Reserve != nil {
			hint := c.operand(in.Reserve)
			c.add(blk, costAlloc, func(t *Thread, fr *frame) status {
				m := newMap()
				if h := int64(fr.regs[hint].N); h > 0 {
					m.hint = int(min(h, 1<<40))
				}
				fr.regs[dst] = Value{R: m}
				return stNext
			})
			return
		}
		c.add(blk, costAlloc, func(t *Thread, fr *frame) status {
			fr.regs[dst] = Value{R: newMap()}
			return stNext
		})
	case *ssa.MakeChan:
		dst, size := c.reg(in), c.operand(in.Size)
		signed := !isUnsigned(in.Size.Type().Underlying().(*types.Basic))
		c.add(blk, costAlloc, func(t *Thread, fr *frame) status {
			n := fr.get(size).N
			if signed && int64(n) < 0 || n > 1<<40 {
				return t.panicString("makechan: size out of range")
			}
			t.op = core.Op{Kind: core.OpMakeChan, N: int64(n)}
			t.then = func(r core.Result) { fr.regs[dst] = Value{R: Chan(r.Obj)} }
			return stYield
		})
	case *ssa.MakeSlice:
		dst, ln, cp := c.reg(in), c.operand(in.Len), c.operand(in.Cap)
		et := in.Type().Underlying().(*types.Slice).Elem()
		c.add(blk, costAlloc, func(t *Thread, fr *frame) status {
			l, k := int64(fr.get(ln).N), int64(fr.get(cp).N)
			if l < 0 || l > 1<<31 {
				return t.runtimeError("makeslice: len out of range")
			}
			if k < l || k > 1<<31 {
				return t.runtimeError("makeslice: cap out of range")
			}
			s := make([]Value, l, k)
			fillFresh(s[:k], et)
			fr.regs[dst] = Value{R: s}
			return stNext
		})
	case *ssa.Slice:
		c.slice(blk, in)
	case *ssa.FieldAddr:
		dst, x, i := c.reg(in), c.operand(in.X), in.Field
		c.add(blk, costMem, func(t *Thread, fr *frame) status {
			p := fr.get(x).Ptr()
			if p == nil {
				return t.nilDeref()
			}
			fr.regs[dst] = Value{R: &p.R.(*Agg).V[i]}
			return stNext
		})
	case *ssa.Field:
		dst, x, i := c.reg(in), c.operand(in.X), in.Field
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			fr.regs[dst] = fr.get(x).R.(*Agg).V[i]
			return stNext
		})
	case *ssa.IndexAddr:
		dst, x, ix := c.reg(in), c.operand(in.X), c.operand(in.Index)
		_, isPtr := in.X.Type().Underlying().(*types.Pointer)
		far := c.farSite(in.Type().(*types.Pointer).Elem(), in.Pos())
		c.add(blk, costMem, func(t *Thread, fr *frame) status {
			var s []Value
			if isPtr {
				p := fr.get(x).Ptr()
				if p == nil {
					return t.nilDeref()
				}
				s = p.R.(*Agg).V
			} else {
				s, _ = fr.get(x).R.([]Value)
			}
			i := int64(fr.get(ix).N)
			if i < 0 || i >= int64(len(s)) {
				return t.indexError(i, len(s))
			}
			if len(s) > far.len {
				t.touch(far, i)
			}
			fr.regs[dst] = Value{R: &s[i]}
			return stNext
		})
		blk.instrs[len(blk.instrs)-1].far = true
	case *ssa.Index:
		dst, x, ix := c.reg(in), c.operand(in.X), c.operand(in.Index)
		if b, ok := in.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			c.add(blk, costMem, func(t *Thread, fr *frame) status {
				s := fr.get(x).S()
				i := int64(fr.get(ix).N)
				if i < 0 || i >= int64(len(s)) {
					return t.indexError(i, len(s))
				}
				fr.regs[dst] = Value{N: uint64(s[i])}
				return stNext
			})
			return
		}
		c.add(blk, costMem, func(t *Thread, fr *frame) status {
			a := fr.get(x).R.(*Agg).V
			i := int64(fr.get(ix).N)
			if i < 0 || i >= int64(len(a)) {
				return t.indexError(i, len(a))
			}
			fr.regs[dst] = a[i]
			return stNext
		})
	case *ssa.Lookup:
		c.lookup(blk, in)
	case *ssa.MapUpdate:
		m, k, v := c.operand(in.Map), c.operand(in.Key), c.operand(in.Value)
		mt := in.Map.Type().Underlying().(*types.Map)
		kt := mt.Key()
		mc, cost := c.mapCostOf(mt)
		// m[k] op= v: the lookup before charged the access.
		access := !opAssign(in)
		if !access {
			cost = costMem
		}
		switch keyKind(kt) {
		case keyStr:
			c.add(blk, cost, func(t *Thread, fr *frame) status {
				mp, _ := fr.regs[m].R.(*Map)
				if mp == nil {
					return t.panicPlain("assignment to entry in nil map")
				}
				kv := fr.regs[k]
				n := mp.n
				mp.setStr(kv.S(), kv, copyVal(fr.regs[v]))
				if access {
					t.chargeMap(mc, mp, len(kv.S()))
				}
				t.chargeInsert(mp, n)
				return stNext
			})
			c.brk(blk)
			return
		case keyUint:
			c.add(blk, cost, func(t *Thread, fr *frame) status {
				mp, _ := fr.regs[m].R.(*Map)
				if mp == nil {
					return t.panicPlain("assignment to entry in nil map")
				}
				kv := fr.regs[k]
				n := mp.n
				mp.setUint(kv.N, kv, copyVal(fr.regs[v]))
				if access {
					t.chargeMap(mc, mp, 0)
				}
				t.chargeInsert(mp, n)
				return stNext
			})
			c.brk(blk)
			return
		}
		c.add(blk, cost, func(t *Thread, fr *frame) status {
			mp, _ := fr.get(m).R.(*Map)
			if mp == nil {
				return t.panicPlain("assignment to entry in nil map")
			}
			kv := fr.get(k)
			n := mp.n
			mp.set(key(kt, kv), copyVal(kv), copyVal(fr.get(v)))
			if access {
				t.chargeMap(mc, mp, 0)
			}
			t.chargeInsert(mp, n)
			return stNext
		})
		c.brk(blk)
	case *ssa.Range:
		c.rangeIter(blk, in)
	case *ssa.Next:
		c.next(blk, in)
	case *ssa.Extract:
		dst, x, i := c.reg(in), c.operand(in.Tuple), in.Index
		c.add(blk, 0, func(t *Thread, fr *frame) status {
			fr.regs[dst] = fr.get(x).R.([]Value)[i]
			return stNext
		})
	case *ssa.TypeAssert:
		c.typeAssert(blk, in)
	case *ssa.Call:
		namer, err := c.starterNamer(in)
		if err != nil {
			c.fail(in, "//> name: %v", err)
		}
		if namer == nil {
			c.call(blk, in.Common(), c.reg(in), modeCall)
			break
		}
		// wg.Go(f) named by its author: the go statement inside the
		// method takes the name, and whatever it did not take (a Go that
		// started nothing) is dropped when the call returns. Neither
		// costs virtual time.
		c.add(blk, 0, func(t *Thread, fr *frame) status {
			t.goName = namer(fr)
			return stNext
		})
		c.call(blk, in.Common(), c.reg(in), modeCall)
		c.add(blk, 0, func(t *Thread, fr *frame) status {
			t.goName = ""
			return stNext
		})
	case *ssa.Go:
		namer, err := c.goNamer(in)
		if err != nil {
			c.fail(in, "//> name: %v", err)
		}
		if namer != nil {
			// The author's name costs no virtual time: the real program
			// does not compute it.
			c.add(blk, 0, func(t *Thread, fr *frame) status {
				t.goName = namer(fr)
				return stNext
			})
		}
		c.call(blk, in.Common(), -1, modeGo)
	case *ssa.Defer:
		if in.DeferStack != nil {
			c.deferTo(blk, in)
			return
		}
		c.call(blk, in.Common(), -1, modeDefer)
	case *ssa.RunDefers:
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			n := len(fr.defers)
			if n == 0 {
				return stNext
			}
			d := fr.defers[n-1]
			fr.defers = fr.defers[:n-1]
			fr.pc-- // come back here for the next one
			return t.callValue(d.fn, d.args, -1, true)
		})
		c.brk(blk)
	case *ssa.Return:
		res := c.operands(in.Results)
		if len(res) <= 1 {
			// No tuple to build: the result goes straight to the
			// caller's register.
			r := int32(-1)
			if len(res) == 1 {
				r = int32(res[0])
			}
			c.add(blk, costReturn, func(t *Thread, fr *frame) status {
				if len(fr.defers) == 0 {
					if st, ok := t.retFrom(fr, r); ok {
						return st
					}
				}
				if n := len(fr.defers); n > 0 {
					d := fr.defers[n-1]
					fr.defers = fr.defers[:n-1]
					fr.pc--
					return t.callValue(d.fn, d.args, -1, true)
				}
				if r < 0 {
					return t.ret([]Value{})
				}
				return t.ret([]Value{fr.regs[r]})
			})
			c.brk(blk)
			return
		}
		c.add(blk, costReturn, func(t *Thread, fr *frame) status {
			// Calls deferred from a range-over-func loop body have no
			// RunDefers of their own: they run when the function returns.
			if n := len(fr.defers); n > 0 {
				d := fr.defers[n-1]
				fr.defers = fr.defers[:n-1]
				fr.pc--
				return t.callValue(d.fn, d.args, -1, true)
			}
			out := make([]Value, len(res))
			for i, r := range res {
				out[i] = fr.get(r)
			}
			return t.ret(out)
		})
		c.brk(blk)
	case *ssa.Panic:
		x := c.operand(in.X)
		c.add(blk, costCall, func(t *Thread, fr *frame) status {
			v := fr.get(x)
			if v.R == nil {
				// panic(nil) is a *runtime.PanicNilError since Go 1.21.
				v = t.run.p.panicNilError()
			}
			t.panic = t.startPanic(&panicking{val: v, prev: t.panic})
			return stPanic
		})
		c.brk(blk)
	case *ssa.If:
		succ := blk.ssa.Succs
		yes, no := c.f.blocks[succ[0].Index], c.f.blocks[succ[1].Index]
		ye, ne := yes.phis[predIndex(succ[0], blk.ssa)], no.phis[predIndex(succ[1], blk.ssa)]
		// The If is the last instruction of its block, so of its
		// segment: what a misprediction adds to its cost comes after
		// every other instruction of the segment has run.
		site := c.p.newBranchSite()
		if bin, ok := in.Cond.(*ssa.BinOp); ok && c.fused[bin] {
			op, x, y := c.compareOp(bin)
			if h := blk.hdr; h != nil && h.kind == hdrLen && len(blk.instrs) == 1 {
				h.op, h.x, h.y, h.yes, h.ye, h.no, h.ne = op, x, y, yes, ye, no, ne
			} else {
				blk.hdr = &header{op: op, x: x, y: y, yes: yes, ye: ye, no: no, ne: ne}
			}
			// The comparison's cost, and the branch's.
			c.add(blk, 2*costSimple, func(t *Thread, fr *frame) status {
				then := intCompare(op, fr.regs[x].N, fr.regs[y].N)
				t.branch(t.predFor(site), site, then)
				if then {
					fr.take(yes, ye)
				} else {
					fr.take(no, ne)
				}
				return stNext
			})
			blk.site = site
			return
		}
		cond := c.operand(in.Cond)
		if blk.hdr == nil {
			// A branch on a boolean (if a[i] {, for ok {) is a header
			// too (header.go): its test is cond != false.
			blk.hdr = &header{op: cmpNE, x: cond, y: c.konst(falseKey{}, Value{}), yes: yes, ye: ye, no: no, ne: ne}
		}
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			then := fr.regs[cond].N != 0
			t.branch(t.predFor(site), site, then)
			if then {
				fr.take(yes, ye)
			} else {
				fr.take(no, ne)
			}
			return stNext
		})
		blk.site = site
	case *ssa.Jump:
		if blk.ssa.Succs[0] == blk.ssa && len(blk.ssa.Instrs) == 1 {
			// for {}: CPU work without calls or safe points, forever.
			if l := c.p.emptyLoopLine(c.f.ssa, blk.ssa); l > 0 {
				c.line = l
			}
			c.add(blk, 0, func(t *Thread, fr *frame) status {
				fr.pc--
				t.cpu += spinPs
				t.op = core.Op{Kind: core.OpCompute, D: core.Duration(t.cpu / 1000), NoSafePoint: true}
				t.cpu = 0
				return stYield
			})
			c.brk(blk)
			return
		}
		to := c.f.blocks[blk.ssa.Succs[0].Index]
		edge := to.phis[predIndex(blk.ssa.Succs[0], blk.ssa)]
		c.add(blk, costJump, func(t *Thread, fr *frame) status {
			fr.take(to, edge)
			if h := to.hdr; h != nil {
				return t.enterHeader(fr, h)
			}
			return stNext
		})
	case *ssa.Send:
		ch, x := c.operand(in.Chan), c.operand(in.X)
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			t.op = core.Op{Kind: core.OpSend, Obj: chanID(fr.get(ch)), Val: copyVal(fr.get(x))}
			return stYield
		})
	case *ssa.Select:
		c.selectInstr(blk, in)
	case *ssa.Store:
		addr, v := c.operand(in.Addr), c.operand(in.Val)
		c.add(blk, costMem, func(t *Thread, fr *frame) status {
			p := fr.get(addr).Ptr()
			if p == nil {
				return t.nilDeref()
			}
			store(p, fr.get(v))
			return stNext
		})
	default:
		c.fail(in, "%T is not supported in scenes", in)
	}
}

// jump moves fr to block to, arriving from predecessor k: the φs of to
// take their values for that edge, all at once.
func (fr *frame) jump(to *block, k int) {
	if cp := to.phis; len(cp) > 0 {
		fr.copyPhis(cp[k])
	}
	fr.blk, fr.pc = to, 0
}

// take moves fr to block to along an edge whose φ copies are edge.
func (fr *frame) take(to *block, edge []phiCopy) {
	if len(edge) != 0 {
		fr.copyPhis(edge)
	}
	fr.blk, fr.pc = to, 0
}

// copyPhis gives the φs of an edge their values: the copies of an edge
// may run in order (fnCompiler.sequential).
func (fr *frame) copyPhis(edge []phiCopy) {
	regs := fr.regs
	for _, e := range edge {
		set(&regs[e.dst], regs[e.src])
	}
}

func predIndex(b, pred *ssa.BasicBlock) int {
	for i, p := range b.Preds {
		if p == pred {
			return i
		}
	}
	return -1
}

func (c *fnCompiler) operands(vs []ssa.Value) []operand {
	out := make([]operand, len(vs))
	for i, v := range vs {
		out[i] = c.operand(v)
	}
	return out
}

func (c *fnCompiler) move(blk *block, in ssa.Value, x ssa.Value) {
	dst, src := c.reg(in), c.operand(x)
	c.add(blk, 0, func(t *Thread, fr *frame) status {
		fr.regs[dst] = fr.get(src)
		return stNext
	})
}

// fillFresh fills a slice just made with zero values of et: make has
// already zeroed it when the zero value is Value{}.
func fillFresh(s []Value, et types.Type) {
	if z := zero(et); z.N != 0 || z.R != nil {
		fillZero(s, et)
	}
}

func fillZero(s []Value, et types.Type) {
	z := zero(et)
	if _, agg := z.R.(*Agg); agg {
		for i := range s {
			s[i] = zero(et)
		}
		return
	}
	for i := range s {
		s[i] = z
	}
}

func chanID(v Value) int64 {
	c, _ := v.R.(Chan)
	return int64(c)
}

// binop compiles x op y.
func (c *fnCompiler) binop(blk *block, in *ssa.BinOp) {
	dst, x, y := c.reg(in), c.operand(in.X), c.operand(in.Y)
	xt := in.X.Type()
	op := in.Op
	switch op {
	case token.EQL, token.NEQ:
		if b, ok := xt.Underlying().(*types.Basic); ok && b.Info()&(types.IsInteger|types.IsBoolean) != 0 {
			eq := op == token.EQL
			c.add(blk, costSimple, func(t *Thread, fr *frame) status {
				fr.regs[dst] = Bool((fr.get(x).N == fr.get(y).N) == eq)
				return stNext
			})
			return
		}
		eq := op == token.EQL
		// Comparing with an interface of the other side's type: the
		// operands have the same type in SSA.
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			fr.regs[dst] = Bool(equal(xt, fr.get(x), fr.get(y)) == eq)
			return stNext
		})
		return
	}
	b, ok := xt.Underlying().(*types.Basic)
	if !ok {
		c.fail(in, "operator %s on %s is not supported in scenes", op, xt)
		return
	}
	switch {
	case b.Info()&types.IsInteger != 0:
		c.intBinop(blk, in, b, dst, x, y)
	case b.Info()&types.IsFloat != 0 && b.Kind() != types.Float32 && c.float64Binop(blk, op, dst, x, y):
	case b.Info()&types.IsFloat != 0:
		single := b.Kind() == types.Float32
		var f func(a, b float64) Value
		switch op {
		case token.ADD:
			f = func(a, b float64) Value { return Float(a + b) }
		case token.SUB:
			f = func(a, b float64) Value { return Float(a - b) }
		case token.MUL:
			f = func(a, b float64) Value { return Float(a * b) }
		case token.QUO:
			f = func(a, b float64) Value { return Float(a / b) }
		case token.LSS:
			f = func(a, b float64) Value { return Bool(a < b) }
		case token.LEQ:
			f = func(a, b float64) Value { return Bool(a <= b) }
		case token.GTR:
			f = func(a, b float64) Value { return Bool(a > b) }
		case token.GEQ:
			f = func(a, b float64) Value { return Bool(a >= b) }
		default:
			c.fail(in, "operator %s on floats", op)
			return
		}
		arith := op == token.ADD || op == token.SUB || op == token.MUL || op == token.QUO
		c.add(blk, floatCost(op), func(t *Thread, fr *frame) status {
			v := f(fr.get(x).F(), fr.get(y).F())
			if single && arith {
				v = Float(f32(v.F()))
			}
			fr.regs[dst] = v
			return stNext
		})
	case b.Info()&types.IsString != 0:
		var f func(a, b string) Value
		switch op {
		case token.ADD:
			c.add(blk, costMem, func(t *Thread, fr *frame) status {
				a, b := fr.get(x).S(), fr.get(y).S()
				if len(a)+len(b) > maxString {
					return t.limit("a string longer than " + strconv.Itoa(maxString) + " bytes")
				}
				fr.regs[dst] = Str(a + b)
				return stNext
			})
			return
		case token.LSS:
			f = func(a, b string) Value { return Bool(a < b) }
		case token.LEQ:
			f = func(a, b string) Value { return Bool(a <= b) }
		case token.GTR:
			f = func(a, b string) Value { return Bool(a > b) }
		case token.GEQ:
			f = func(a, b string) Value { return Bool(a >= b) }
		default:
			c.fail(in, "operator %s on strings", op)
			return
		}
		c.add(blk, costMem, func(t *Thread, fr *frame) status {
			fr.regs[dst] = f(fr.get(x).S(), fr.get(y).S())
			return stNext
		})
	case b.Info()&types.IsComplex != 0:
		single := b.Kind() == types.Complex64
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			a, _ := fr.get(x).R.(complex128)
			bb, _ := fr.get(y).R.(complex128)
			var r complex128
			switch op {
			case token.ADD:
				r = a + bb
			case token.SUB:
				r = a - bb
			case token.MUL:
				r = a * bb
			case token.QUO:
				r = a / bb
			}
			if single {
				r = complex128(complex64(r))
			}
			fr.regs[dst] = Value{R: r}
			return stNext
		})
	default:
		c.fail(in, "operator %s on %s", op, xt)
	}
}

// float64Binop compiles the arithmetic of float64s, each operator an
// instruction of its own, and reports whether it did.
func (c *fnCompiler) float64Binop(blk *block, op token.Token, dst int32, x, y operand) bool {
	var do func(t *Thread, fr *frame) status
	switch op {
	case token.ADD:
		do = func(t *Thread, fr *frame) status {
			fr.regs[dst] = Float(fr.regs[x].F() + fr.regs[y].F())
			return stNext
		}
	case token.SUB:
		do = func(t *Thread, fr *frame) status {
			fr.regs[dst] = Float(fr.regs[x].F() - fr.regs[y].F())
			return stNext
		}
	case token.MUL:
		do = func(t *Thread, fr *frame) status {
			fr.regs[dst] = Float(fr.regs[x].F() * fr.regs[y].F())
			return stNext
		}
	case token.QUO:
		do = func(t *Thread, fr *frame) status {
			fr.regs[dst] = Float(fr.regs[x].F() / fr.regs[y].F())
			return stNext
		}
	default:
		return false
	}
	c.add(blk, floatCost(op), do)
	return true
}

// floatCost is the cost of a float operator: comparisons cost what an
// integer's does, additions, subtractions and multiplications
// costFloat, divisions costFloatDiv.
func floatCost(op token.Token) int32 {
	switch op {
	case token.QUO:
		return costFloatDiv
	case token.ADD, token.SUB, token.MUL:
		return costFloat
	}
	return costSimple
}

func (c *fnCompiler) intBinop(blk *block, in *ssa.BinOp, b *types.Basic, dst int32, x, y operand) {
	op := in.Op
	uns := isUnsigned(b)
	switch op {
	case token.SHL, token.SHR:
		yt := in.Y.Type().Underlying().(*types.Basic)
		ysigned := !isUnsigned(yt)
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			a, s := fr.get(x).N, fr.get(y).N
			if ysigned && int64(s) < 0 {
				return t.runtimeError("negative shift amount")
			}
			var r uint64
			if op == token.SHL {
				if s < 64 {
					r = a << s
				}
			} else if uns {
				if s < 64 {
					r = a >> s
				}
			} else {
				if s > 63 {
					s = 63
				}
				r = uint64(int64(a) >> s)
			}
			fr.regs[dst] = Value{N: wrap(b, r)}
			return stNext
		})
		return
	case token.QUO, token.REM:
		c.add(blk, costSimple*4, func(t *Thread, fr *frame) status {
			a, d := fr.get(x).N, fr.get(y).N
			if d == 0 {
				return t.runtimeError("integer divide by zero")
			}
			var r uint64
			switch {
			case uns && op == token.QUO:
				r = a / d
			case uns:
				r = a % d
			case op == token.QUO:
				if int64(d) == -1 {
					r = -a
				} else {
					r = uint64(int64(a) / int64(d))
				}
			default:
				if int64(d) == -1 {
					r = 0
				} else {
					r = uint64(int64(a) % int64(d))
				}
			}
			fr.regs[dst] = Value{N: wrap(b, r)}
			return stNext
		})
		return
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		var f func(a, b uint64) bool
		if uns {
			switch op {
			case token.LSS:
				f = func(a, b uint64) bool { return a < b }
			case token.LEQ:
				f = func(a, b uint64) bool { return a <= b }
			case token.GTR:
				f = func(a, b uint64) bool { return a > b }
			default:
				f = func(a, b uint64) bool { return a >= b }
			}
		} else {
			switch op {
			case token.LSS:
				f = func(a, b uint64) bool { return int64(a) < int64(b) }
			case token.LEQ:
				f = func(a, b uint64) bool { return int64(a) <= int64(b) }
			case token.GTR:
				f = func(a, b uint64) bool { return int64(a) > int64(b) }
			default:
				f = func(a, b uint64) bool { return int64(a) >= int64(b) }
			}
		}
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			fr.regs[dst] = Bool(f(fr.get(x).N, fr.get(y).N))
			return stNext
		})
		return
	}
	var f func(a, b uint64) uint64
	switch op {
	case token.ADD:
		f = func(a, b uint64) uint64 { return a + b }
	case token.SUB:
		f = func(a, b uint64) uint64 { return a - b }
	case token.MUL:
		f = func(a, b uint64) uint64 { return a * b }
	case token.AND:
		f = func(a, b uint64) uint64 { return a & b }
	case token.OR:
		f = func(a, b uint64) uint64 { return a | b }
	case token.XOR:
		f = func(a, b uint64) uint64 { return a ^ b }
	case token.AND_NOT:
		f = func(a, b uint64) uint64 { return a &^ b }
	default:
		c.fail(in, "operator %s on integers", op)
		return
	}
	if b.Kind() == types.Int || b.Kind() == types.Int64 || b.Kind() == types.Uint || b.Kind() == types.Uint64 || b.Kind() == types.Uintptr || b.Kind() == types.UntypedInt {
		if op == token.ADD {
			if k, ok := in.Y.(*ssa.Const); ok {
				n := constValue(k).N
				c.add(blk, costSimple, func(t *Thread, fr *frame) status {
					fr.regs[dst] = Value{N: fr.regs[x].N + n}
					return stNext
				})
				return
			}
			c.add(blk, costSimple, func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{N: fr.regs[x].N + fr.regs[y].N}
				return stNext
			})
			return
		}
		var do func(t *Thread, fr *frame) status
		switch op {
		case token.SUB:
			do = func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{N: fr.regs[x].N - fr.regs[y].N}
				return stNext
			}
		case token.MUL:
			do = func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{N: fr.regs[x].N * fr.regs[y].N}
				return stNext
			}
		case token.AND:
			do = func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{N: fr.regs[x].N & fr.regs[y].N}
				return stNext
			}
		case token.XOR:
			do = func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{N: fr.regs[x].N ^ fr.regs[y].N}
				return stNext
			}
		default:
			do = func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{N: f(fr.regs[x].N, fr.regs[y].N)}
				return stNext
			}
		}
		c.add(blk, costSimple, do)
		return
	}
	c.add(blk, costSimple, func(t *Thread, fr *frame) status {
		fr.regs[dst] = Value{N: wrap(b, f(fr.get(x).N, fr.get(y).N))}
		return stNext
	})
}

func (c *fnCompiler) unop(blk *block, in *ssa.UnOp) {
	dst, x := c.reg(in), c.operand(in.X)
	switch in.Op {
	case token.NOT:
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			fr.regs[dst] = Bool(fr.get(x).N == 0)
			return stNext
		})
	case token.SUB:
		b, _ := in.X.Type().Underlying().(*types.Basic)
		switch {
		case b != nil && b.Info()&types.IsFloat != 0:
			c.add(blk, costSimple, func(t *Thread, fr *frame) status {
				fr.regs[dst] = Float(-fr.get(x).F())
				return stNext
			})
		case b != nil && b.Info()&types.IsComplex != 0:
			c.add(blk, costSimple, func(t *Thread, fr *frame) status {
				v, _ := fr.get(x).R.(complex128)
				fr.regs[dst] = Value{R: -v}
				return stNext
			})
		default:
			c.add(blk, costSimple, func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{N: wrap(b, -fr.get(x).N)}
				return stNext
			})
		}
	case token.XOR:
		b, _ := in.X.Type().Underlying().(*types.Basic)
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			fr.regs[dst] = Value{N: wrap(b, ^fr.get(x).N)}
			return stNext
		})
	case token.MUL:
		c.add(blk, costMem, func(t *Thread, fr *frame) status {
			p := fr.get(x).Ptr()
			if p == nil {
				return t.nilDeref()
			}
			fr.regs[dst] = copyVal(*p)
			return stNext
		})
	case token.ARROW:
		et := in.X.Type().Underlying().(*types.Chan).Elem()
		ok := in.CommaOk
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			t.op = core.Op{Kind: core.OpRecv, Obj: chanID(fr.get(x))}
			t.then = func(r core.Result) {
				v := zero(et)
				if r.Val != nil {
					v = r.Val.(Value)
				}
				if ok {
					fr.regs[dst] = Value{R: []Value{v, Bool(r.Ok)}}
				} else {
					fr.regs[dst] = v
				}
			}
			return stYield
		})
	default:
		c.fail(in, "operator %s", in.Op)
	}
}

// convert compiles a conversion between basic types, strings and byte or
// rune slices.
func (c *fnCompiler) convert(blk *block, in *ssa.Convert) {
	dst, x := c.reg(in), c.operand(in.X)
	from, to := in.X.Type().Underlying(), in.Type().Underlying()
	fb, _ := from.(*types.Basic)
	tb, _ := to.(*types.Basic)
	switch {
	case fb != nil && tb != nil && tb.Info()&types.IsString != 0 && fb.Info()&types.IsInteger != 0:
		uns := isUnsigned(fb)
		c.add(blk, costAlloc, func(t *Thread, fr *frame) status {
			n := fr.get(x).N
			r := rune(utf8.RuneError)
			if uns && n <= utf8.MaxRune || !uns && int64(n) >= 0 && int64(n) <= utf8.MaxRune {
				r = rune(n)
			}
			fr.regs[dst] = Str(string(r))
			return stNext
		})
	case fb != nil && tb != nil && fb.Info()&types.IsString != 0 && tb.Info()&types.IsString != 0:
		c.move(blk, in, in.X)
	case fb != nil && tb != nil && fb.Info()&types.IsInteger != 0 && tb.Kind() == types.Float64:
		// The common conversion, without numConv's indirection.
		if isUnsigned(fb) {
			c.add(blk, costFloatConv, func(t *Thread, fr *frame) status {
				fr.regs[dst] = Float(float64(fr.regs[x].N))
				return stNext
			})
			return
		}
		c.add(blk, costFloatConv, func(t *Thread, fr *frame) status {
			fr.regs[dst] = Float(float64(int64(fr.regs[x].N)))
			return stNext
		})
	case fb != nil && tb != nil:
		conv := numConv(fb, tb)
		if conv == nil {
			c.fail(in, "conversion from %s to %s is not supported in scenes", from, to)
			return
		}
		cost := int32(costSimple)
		if (fb.Info()|tb.Info())&types.IsFloat != 0 {
			// To or from a float (or between float sizes): cvtsi2sd,
			// cvttsd2si, cvtss2sd and the like.
			cost = costFloatConv
		}
		c.add(blk, cost, func(t *Thread, fr *frame) status {
			fr.regs[dst] = conv(fr.get(x))
			return stNext
		})
	case tb != nil && tb.Info()&types.IsString != 0:
		// []byte or []rune to string.
		runes := isRuneSlice(from)
		c.add(blk, costAlloc, func(t *Thread, fr *frame) status {
			s, _ := fr.get(x).R.([]Value)
			if runes {
				rs := make([]rune, len(s))
				for i, v := range s {
					rs[i] = rune(int32(v.N))
				}
				fr.regs[dst] = Str(string(rs))
				return stNext
			}
			bs := make([]byte, len(s))
			for i, v := range s {
				bs[i] = byte(v.N)
			}
			fr.regs[dst] = Str(string(bs))
			return stNext
		})
	case fb != nil && fb.Info()&types.IsString != 0:
		runes := isRuneSlice(to)
		c.add(blk, costAlloc, func(t *Thread, fr *frame) status {
			s := fr.get(x).S()
			var out []Value
			if runes {
				out = make([]Value, 0, utf8.RuneCountInString(s))
				for _, r := range s {
					out = append(out, Value{N: uint64(int64(r))})
				}
			} else {
				out = make([]Value, len(s))
				for i := 0; i < len(s); i++ {
					out[i] = Value{N: uint64(s[i])}
				}
			}
			fr.regs[dst] = Value{R: out}
			return stNext
		})
	default:
		c.fail(in, "conversion from %s to %s is not supported in scenes", from, to)
	}
}

func isRuneSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Int32
}

// numConv converts between numeric types.
func numConv(from, to *types.Basic) func(Value) Value {
	fi, ti := from.Info(), to.Info()
	switch {
	case fi&types.IsInteger != 0 && ti&types.IsInteger != 0:
		return func(v Value) Value { return Value{N: wrap(to, v.N)} }
	case fi&types.IsInteger != 0 && ti&types.IsFloat != 0:
		single := to.Kind() == types.Float32
		uns := isUnsigned(from)
		return func(v Value) Value {
			var f float64
			if uns {
				f = float64(v.N)
			} else {
				f = float64(int64(v.N))
			}
			if single {
				f = f32(f)
			}
			return Float(f)
		}
	case fi&types.IsFloat != 0 && ti&types.IsInteger != 0:
		uns := isUnsigned(to)
		return func(v Value) Value {
			f := v.F()
			if uns {
				if f >= 0 && f < 18446744073709551616 {
					return Value{N: wrap(to, uint64(f))}
				}
				return Value{N: wrap(to, uint64(int64(f)))}
			}
			if math.IsNaN(f) || f >= 9223372036854775808 || f < -9223372036854775808 {
				return Value{N: wrap(to, 1<<63)}
			}
			return Value{N: wrap(to, uint64(int64(f)))}
		}
	case fi&types.IsFloat != 0 && ti&types.IsFloat != 0:
		if to.Kind() == types.Float32 {
			return func(v Value) Value { return Float(f32(v.F())) }
		}
		return func(v Value) Value { return v }
	case fi&types.IsComplex != 0 && ti&types.IsComplex != 0:
		if to.Kind() == types.Complex64 {
			return func(v Value) Value {
				c, _ := v.R.(complex128)
				return Value{R: complex128(complex64(c))}
			}
		}
		return func(v Value) Value { return v }
	}
	return nil
}

// slice compiles x[lo:hi:max] of a string, a slice or a pointer to array.
func (c *fnCompiler) slice(blk *block, in *ssa.Slice) {
	dst, x := c.reg(in), c.operand(in.X)
	opt := func(v ssa.Value) (operand, bool) {
		if v == nil {
			return 0, false
		}
		return c.operand(v), true
	}
	lo, hasLo := opt(in.Low)
	hi, hasHi := opt(in.High)
	mx, hasMax := opt(in.Max)
	xt := in.X.Type().Underlying()
	if b, ok := xt.(*types.Basic); ok && b.Info()&types.IsString != 0 {
		c.add(blk, costMem, func(t *Thread, fr *frame) status {
			s := fr.get(x).S()
			l, h := int64(0), int64(len(s))
			if hasLo {
				l = int64(fr.get(lo).N)
			}
			if hasHi {
				h = int64(fr.get(hi).N)
			}
			if h < 0 || h > int64(len(s)) {
				return t.runtimeError(boundsText(boundsSliceAlen, h, int64(len(s))))
			}
			if l < 0 || l > h {
				return t.runtimeError(boundsText(boundsSliceB, l, h))
			}
			fr.regs[dst] = Str(s[l:h])
			return stNext
		})
		return
	}
	_, isPtr := xt.(*types.Pointer)
	c.add(blk, costMem, func(t *Thread, fr *frame) status {
		var s []Value
		if isPtr {
			p := fr.get(x).Ptr()
			if p == nil {
				return t.nilDeref()
			}
			s = p.R.(*Agg).V
		} else {
			s, _ = fr.get(x).R.([]Value)
		}
		l, h, m := int64(0), int64(len(s)), int64(cap(s))
		if hasLo {
			l = int64(fr.get(lo).N)
		}
		if hasHi {
			h = int64(fr.get(hi).N)
		}
		if hasMax {
			m = int64(fr.get(mx).N)
		}
		// An array's bound is its length, a slice's its capacity.
		alen, a3len := boundsSliceAcap, boundsSlice3Acap
		if isPtr {
			alen, a3len = boundsSliceAlen, boundsSlice3Alen
		}
		if m < 0 || m > int64(cap(s)) {
			return t.runtimeError(boundsText(a3len, m, int64(cap(s))))
		}
		if h < 0 || h > m {
			if hasMax {
				return t.runtimeError(boundsText(boundsSlice3B, h, m))
			}
			return t.runtimeError(boundsText(alen, h, int64(cap(s))))
		}
		if l < 0 || l > h {
			if hasMax {
				return t.runtimeError(boundsText(boundsSlice3C, l, h))
			}
			return t.runtimeError(boundsText(boundsSliceB, l, h))
		}
		if s == nil {
			fr.regs[dst] = Value{}
			return stNext
		}
		fr.regs[dst] = Value{R: s[l:h:m]}
		return stNext
	})
}

func (c *fnCompiler) lookup(blk *block, in *ssa.Lookup) {
	dst, x, k := c.reg(in), c.operand(in.X), c.operand(in.Index)
	if mt, ok := in.X.Type().Underlying().(*types.Map); ok {
		kt, vt := mt.Key(), mt.Elem()
		commaOk := in.CommaOk
		kk := keyKind(kt)
		mc, cost := c.mapCostOf(mt)
		if !commaOk && kk != keyAny {
			z := zero(vt)
			agg := isAgg(vt)
			c.add(blk, cost, func(t *Thread, fr *frame) status {
				m, _ := fr.regs[x].R.(*Map)
				var v Value
				var found bool
				if kk == keyStr {
					s := fr.regs[k].S()
					v, found = m.getStr(s)
					t.chargeMap(mc, m, len(s))
				} else {
					v, found = m.getUint(fr.regs[k].N)
					t.chargeMap(mc, m, 0)
				}
				if !found {
					v = z
					if agg {
						v = zero(vt)
					}
				}
				fr.regs[dst] = v
				return stNext
			})
			c.brk(blk)
			return
		}
		c.add(blk, cost, func(t *Thread, fr *frame) status {
			m, _ := fr.get(x).R.(*Map)
			kv := fr.get(k)
			v, found := m.get(key(kt, kv))
			keyLen := 0
			if mc.str {
				keyLen = len(kv.S())
			}
			t.chargeMap(mc, m, keyLen)
			if !found {
				v = zero(vt)
			}
			if commaOk {
				fr.regs[dst] = Value{R: []Value{v, Bool(found)}}
			} else {
				fr.regs[dst] = v
			}
			return stNext
		})
		c.brk(blk)
		return
	}
	c.add(blk, costMem, func(t *Thread, fr *frame) status {
		s := fr.get(x).S()
		i := int64(fr.get(k).N)
		if i < 0 || i >= int64(len(s)) {
			return t.indexError(i, len(s))
		}
		fr.regs[dst] = Value{N: uint64(s[i])}
		return stNext
	})
}

// Kinds of map keys, by the host key key makes of them.
const (
	keyAny  = iota
	keyStr  // a string
	keyUint // an integer or a boolean: its bits
)

func keyKind(t types.Type) int {
	b, ok := t.Underlying().(*types.Basic)
	switch {
	case !ok:
		return keyAny
	case b.Info()&types.IsString != 0:
		return keyStr
	case b.Info()&(types.IsInteger|types.IsBoolean) != 0:
		return keyUint
	}
	return keyAny
}

// iterator is the state of a range over a string or a map. A map's is
// the entries it had when the range began (the first n), from a random
// one on, wrapping around: entries are only ever appended or marked
// deleted, so those still live are the ones to produce. A clear ends it.
type iterator struct {
	s     string
	pos   int
	m     *Map
	start int
	n     int
	i     int
	gen   int
}

func (c *fnCompiler) rangeIter(blk *block, in *ssa.Range) {
	dst, x := c.reg(in), c.operand(in.X)
	if _, ok := in.X.Type().Underlying().(*types.Map); ok {
		c.add(blk, costMapNext, func(t *Thread, fr *frame) status {
			m, _ := fr.get(x).R.(*Map)
			it := &iterator{m: m}
			if m != nil && m.n > 0 {
				// A random starting entry, as the runtime starts at a
				// random bucket: programs must not depend on the order.
				it.n = len(m.keys)
				it.start = int(t.run.next() % uint64(it.n))
				it.gen = m.gen
			}
			fr.regs[dst] = Value{R: it}
			return stNext
		})
		return
	}
	c.add(blk, costSimple, func(t *Thread, fr *frame) status {
		fr.regs[dst] = Value{R: &iterator{s: fr.get(x).S()}}
		return stNext
	})
}

func (c *fnCompiler) next(blk *block, in *ssa.Next) {
	dst, x := c.reg(in), c.operand(in.Iter)
	if in.IsString {
		c.add(blk, costSimple*2, func(t *Thread, fr *frame) status {
			it := fr.get(x).R.(*iterator)
			if it.pos >= len(it.s) {
				fr.regs[dst] = Value{R: []Value{Bool(false), {}, {}}}
				return stNext
			}
			r, n := utf8.DecodeRuneInString(it.s[it.pos:])
			fr.regs[dst] = Value{R: []Value{Bool(true), Int(int64(it.pos)), Int(int64(r))}}
			it.pos += n
			return stNext
		})
		return
	}
	c.add(blk, costMapNext, func(t *Thread, fr *frame) status {
		it := fr.get(x).R.(*iterator)
		for it.i < it.n && it.m.gen == it.gen {
			e := (it.start + it.i) % it.n
			it.i++
			// Entries deleted during the loop are not produced. (An
			// entry is found by its index, not its key: a NaN key
			// never finds itself.)
			if it.m.live[e] {
				fr.regs[dst] = Value{R: []Value{Bool(true), it.m.keys[e], it.m.vals[e]}}
				return stNext
			}
		}
		fr.regs[dst] = Value{R: []Value{Bool(false), {}, {}}}
		return stNext
	})
}

func (c *fnCompiler) typeAssert(blk *block, in *ssa.TypeAssert) {
	dst, x := c.reg(in), c.operand(in.X)
	at := in.AssertedType
	commaOk := in.CommaOk
	p := c.p
	_, toIface := at.Underlying().(*types.Interface)
	from := in.X.Type()
	c.add(blk, costIface, func(t *Thread, fr *frame) status {
		v := fr.get(x)
		i, _ := v.R.(*Iface)
		var res Value
		ok := false
		if i != nil {
			if toIface {
				ok = types.Implements(i.T.T, at.Underlying().(*types.Interface))
				res = v
			} else {
				ok = types.Identical(i.T.T, at)
				if ok {
					res = copyVal(i.V)
				}
			}
		}
		if commaOk {
			if !ok {
				res = zero(at)
			}
			fr.regs[dst] = Value{R: []Value{res, Bool(ok)}}
			return stNext
		}
		if !ok {
			return t.typeAssertError(from, i, at, p)
		}
		fr.regs[dst] = res
		return stNext
	})
}

func (c *fnCompiler) selectInstr(blk *block, in *ssa.Select) {
	dst := c.reg(in)
	type st struct {
		ch, val operand
		send    bool
		et      types.Type
	}
	var states []st
	nrecv := 0
	for _, s := range in.States {
		x := st{ch: c.operand(s.Chan), send: s.Dir == types.SendOnly, et: s.Chan.Type().Underlying().(*types.Chan).Elem()}
		if x.send {
			x.val = c.operand(s.Send)
		} else {
			nrecv++
		}
		states = append(states, x)
	}
	blocking := in.Blocking
	c.add(blk, costSimple*4, func(t *Thread, fr *frame) status {
		cases := make([]core.SelectCase, len(states))
		for i, s := range states {
			cases[i] = core.SelectCase{Chan: chanID(fr.get(s.ch)), Send: s.send}
			if s.send {
				cases[i].Val = copyVal(fr.get(s.val))
			}
		}
		t.op = core.Op{Kind: core.OpSelect, Cases: cases, Default: !blocking}
		t.then = func(r core.Result) {
			out := make([]Value, 2+nrecv)
			out[0] = Int(int64(r.Case))
			out[1] = Bool(r.Ok)
			k := 2
			for i, s := range states {
				if s.send {
					continue
				}
				v := zero(s.et)
				if i == r.Case && r.Val != nil {
					v = r.Val.(Value)
				}
				out[k] = v
				k++
			}
			fr.regs[dst] = Value{R: out}
		}
		return stYield
	})
}

// fuse reports whether comparison in is used only by the If right after
// it, in which case the If evaluates it (one dispatch instead of two).
func (c *fnCompiler) fuse(in *ssa.BinOp) bool {
	switch in.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
	default:
		return false
	}
	b, ok := in.X.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	refs := in.Referrers()
	if refs == nil || len(*refs) != 1 {
		return false
	}
	ifi, ok := (*refs)[0].(*ssa.If)
	if !ok || ifi.Block() != in.Block() {
		return false
	}
	instrs := in.Block().Instrs
	if len(instrs) < 2 || instrs[len(instrs)-2] != ssa.Instruction(in) {
		return false
	}
	if c.fused == nil {
		c.fused = map[*ssa.BinOp]bool{}
	}
	c.fused[in] = true
	return true
}

// Integer comparisons a fused If evaluates.
const (
	cmpEQ uint8 = iota
	cmpNE
	cmpLT // signed
	cmpLE
	cmpGT
	cmpGE
	cmpLTU // unsigned
	cmpLEU
	cmpGTU
	cmpGEU
)

// compareOp compiles an integer comparison: its operator and operands.
func (c *fnCompiler) compareOp(in *ssa.BinOp) (op uint8, x, y operand) {
	x, y = c.operand(in.X), c.operand(in.Y)
	uns := isUnsigned(in.X.Type().Underlying().(*types.Basic))
	switch in.Op {
	case token.EQL:
		return cmpEQ, x, y
	case token.NEQ:
		return cmpNE, x, y
	case token.LSS:
		op = cmpLT
	case token.LEQ:
		op = cmpLE
	case token.GTR:
		op = cmpGT
	default:
		op = cmpGE
	}
	if uns {
		op += cmpLTU - cmpLT
	}
	return op, x, y
}

// intCompare evaluates an integer comparison.
// falseKey is the key of the constant false in a function's table of
// constants (fnCompiler.konst).
type falseKey struct{}

func intCompare(op uint8, a, b uint64) bool {
	switch op {
	case cmpEQ:
		return a == b
	case cmpNE:
		return a != b
	case cmpLT:
		return int64(a) < int64(b)
	case cmpLE:
		return int64(a) <= int64(b)
	case cmpGT:
		return int64(a) > int64(b)
	case cmpGE:
		return int64(a) >= int64(b)
	case cmpLTU:
		return a < b
	case cmpLEU:
		return a <= b
	case cmpGTU:
		return a > b
	}
	return a >= b
}

// deferTo compiles a defer inside a range-over-func loop body: the call is
// deferred to the frame that owns the loop (ssa:deferstack).
func (c *fnCompiler) deferTo(blk *block, in *ssa.Defer) {
	cc := in.Common()
	stack := c.operand(in.DeferStack)
	args := c.operands(cc.Args)
	if _, ok := cc.Value.(*ssa.Builtin); ok || cc.IsInvoke() {
		c.fail(in, "this defer in a range-over-func loop is not supported in scenes")
		return
	}
	fnv := c.operand(cc.Value)
	c.add(blk, costCall, func(t *Thread, fr *frame) status {
		owner, _ := fr.get(stack).R.(*frame)
		if owner == nil {
			owner = fr
		}
		vals := make([]Value, len(args))
		for i, a := range args {
			vals[i] = fr.get(a)
		}
		owner.defers = append(owner.defers, deferred{fn: fr.get(fnv), args: vals})
		return stNext
	})
}
