package vm

import (
	"go/types"
	"math"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gmpbook/gmpbook/core"
)

// builtin compiles a call of a builtin function.
func (c *fnCompiler) builtin(blk *block, b *ssa.Builtin, cc *ssa.CallCommon, args []operand, argTypes []types.Type, dst int32, mode int) {
	name := b.Name()
	if mode != modeCall {
		// go/defer of a builtin: wrap it as a native.
		fn := c.p.builtinFunc(name, cc, argTypes)
		c.add(blk, costCall, func(t *Thread, fr *frame) status {
			vals := make([]Value, len(args))
			for i, a := range args {
				vals[i] = fr.get(a)
			}
			return t.dispatch(Value{R: &Closure{Fn: fn}}, vals, argTypes, -1, mode)
		})
		c.brk(blk)
		return
	}
	if c.fastBuiltin(blk, name, args, argTypes, dst) {
		return
	}
	impl := c.p.builtinImpl(name, cc, argTypes)
	if impl == nil {
		c.p.errs = append(c.p.errs, fmtErr(c.p.fset.Position(cc.Pos()).String()+": the builtin "+name+" is not supported in scenes"))
		return
	}
	cost := int32(costSimple)
	switch name {
	case "append", "copy", "print", "println", "clear":
		cost = costAlloc
	case "delete":
		cost = costMapStr
		if mt, ok := argTypes[0].Underlying().(*types.Map); ok {
			_, cost = c.mapCostOf(mt)
		}
	}
	c.add(blk, cost, func(t *Thread, fr *frame) status {
		vals := make([]Value, len(args))
		for i, a := range args {
			vals[i] = fr.get(a)
		}
		cl := &Call{t: t, fr: fr, Args: vals, Types: argTypes, dst: dst, Sig: b.Type().(*types.Signature)}
		impl(cl)
		if len(t.steps) > 0 {
			t.call = cl
			t.nextStep()
			return stYield
		}
		if cl.panicMsg != "" || cl.panicVal != nil {
			t.panic = t.startPanic(&panicking{val: *panicValueOf(t, cl), prev: t.panic})
			return stPanic
		}
		if cl.returned && dst >= 0 && len(cl.results) == 1 {
			fr.regs[dst] = cl.results[0]
		}
		return stNext
	})
	c.brk(blk)
}

// fastBuiltin compiles the calls of builtins that neither fail nor need
// the simulator, len and cap of strings, slices and maps and min and max
// of integers, as instructions of their own (the builtin's cost, without
// making a Call), and reports whether it did.
func (c *fnCompiler) fastBuiltin(blk *block, name string, args []operand, argTypes []types.Type, dst int32) bool {
	if dst < 0 || len(args) == 0 {
		return false
	}
	x := args[0]
	switch name {
	case "len", "cap":
		switch u := argTypes[0].Underlying().(type) {
		case *types.Basic:
			if name == "cap" || u.Info()&types.IsString == 0 {
				return false
			}
			c.add(blk, costSimple, func(t *Thread, fr *frame) status {
				fr.regs[dst] = Value{N: uint64(len(fr.regs[x].S()))}
				return stNext
			})
		case *types.Slice:
			if name == "cap" {
				c.add(blk, costSimple, func(t *Thread, fr *frame) status {
					s, _ := fr.regs[x].R.([]Value)
					fr.regs[dst] = Value{N: uint64(cap(s))}
					return stNext
				})
				return true
			}
			if len(blk.instrs) == 0 {
				// Perhaps a loop header, i < len(a) (header.go).
				blk.hdr = &header{kind: hdrLen, addr: x, dst: dst}
			}
			c.add(blk, costSimple, func(t *Thread, fr *frame) status {
				s, _ := fr.regs[x].R.([]Value)
				fr.regs[dst] = Value{N: uint64(len(s))}
				return stNext
			})
		case *types.Map:
			if name == "cap" {
				return false
			}
			c.add(blk, costSimple, func(t *Thread, fr *frame) status {
				m, _ := fr.regs[x].R.(*Map)
				fr.regs[dst] = Value{N: uint64(m.Len())}
				return stNext
			})
		default:
			return false
		}
		return true
	case "min", "max":
		b, ok := argTypes[0].Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsInteger == 0 {
			return false
		}
		isMax, uns := name == "max", isUnsigned(b)
		c.add(blk, costSimple, func(t *Thread, fr *frame) status {
			best := fr.regs[x].N
			for _, a := range args[1:] {
				v := fr.regs[a].N
				var lt bool
				if uns {
					lt = v < best
				} else {
					lt = int64(v) < int64(best)
				}
				if lt != isMax && v != best {
					best = v
				}
			}
			fr.regs[dst] = Value{N: best}
			return stNext
		})
		return true
	}
	return false
}

// builtinFunc makes a function value of a builtin, for go and defer.
func (p *Program) builtinFunc(name string, cc *ssa.CallCommon, argTypes []types.Type) *Func {
	impl := p.builtinImpl(name, cc, argTypes)
	if name == "recover" {
		// defer recover() in F: when F returns (normally, or after a
		// panic of its own was recovered), it is as if F called recover,
		// and F may be a deferred call that stops a panic; while F itself
		// unwinds, the panic machinery calls it and it recovers nothing.
		impl = func(c *Call) {
			if c.fr != nil && c.fr.mode != modeUnwind {
				c.t.recover(c.fr)
			}
		}
	}
	sig := cc.Signature()
	fn := p.ssa.NewFunction("builtin."+name, sig, "builtin")
	f := &Func{Name: name, ssa: fn, prog: p, native: impl, built: true}
	return f
}

// builtinImpl implements a builtin for the argument types of one call.
func (p *Program) builtinImpl(name string, cc *ssa.CallCommon, argTypes []types.Type) Native {
	switch name {
	case "len", "cap":
		capOf := name == "cap"
		t0 := argTypes[0].Underlying()
		return func(c *Call) {
			v := c.Args[0]
			switch u := t0.(type) {
			case *types.Basic:
				c.Return(Int(int64(len(v.S()))))
			case *types.Slice:
				s, _ := v.R.([]Value)
				if capOf {
					c.Return(Int(int64(cap(s))))
				} else {
					c.Return(Int(int64(len(s))))
				}
			case *types.Pointer:
				c.Return(Int(u.Elem().Underlying().(*types.Array).Len()))
			case *types.Array:
				c.Return(Int(u.Len()))
			case *types.Map:
				m, _ := v.R.(*Map)
				c.Return(Int(int64(m.Len())))
			case *types.Chan:
				id := chanID(v)
				if id == 0 {
					c.Return(Int(0))
					return
				}
				kind := core.OpChanLen
				if capOf {
					kind = core.OpChanCap
				}
				c.Op(core.Op{Kind: kind, Obj: id, NoSafePoint: true}, func(r core.Result) { c.Return(Int(r.N)) })
			}
		}
	case "append":
		st := cc.Signature().Results().At(0).Type().Underlying().(*types.Slice)
		elem := st.Elem()
		size, noscan := p.sizes.Sizeof(elem), !hasPointers(elem)
		fromString := false
		if b, ok := argTypes[len(argTypes)-1].Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			fromString = true
		}
		return func(c *Call) {
			s, _ := c.Args[0].R.([]Value)
			var add []Value
			if fromString {
				str := c.Args[1].S()
				add = make([]Value, len(str))
				for i := 0; i < len(str); i++ {
					add[i] = Value{N: uint64(str[i])}
				}
			} else if len(c.Args) > 1 {
				add, _ = c.Args[1].R.([]Value)
			}
			c.Return(Value{R: appendValues(s, add, size, noscan, elem)})
		}
	case "copy":
		return func(c *Call) {
			dst, _ := c.Args[0].R.([]Value)
			if str, ok := c.Args[1].R.(string); ok {
				n := min(len(dst), len(str))
				for i := 0; i < n; i++ {
					dst[i] = Value{N: uint64(str[i])}
				}
				c.Return(Int(int64(n)))
				return
			}
			src, _ := c.Args[1].R.([]Value)
			n := min(len(dst), len(src))
			if n > 0 {
				tmp := make([]Value, n)
				for i := range tmp {
					tmp[i] = copyVal(src[i])
				}
				for i := range tmp {
					store(&dst[i], tmp[i])
				}
			}
			c.Return(Int(int64(n)))
		}
	case "delete":
		kt := argTypes[0].Underlying().(*types.Map).Key()
		return func(c *Call) {
			m, _ := c.Args[0].R.(*Map)
			m.del(key(kt, c.Args[1]))
		}
	case "clear":
		t0 := argTypes[0].Underlying()
		return func(c *Call) {
			switch u := t0.(type) {
			case *types.Map:
				m, _ := c.Args[0].R.(*Map)
				m.clear()
			case *types.Slice:
				s, _ := c.Args[0].R.([]Value)
				fillZero(s, u.Elem())
			}
		}
	case "close":
		return func(c *Call) {
			c.Op(core.Op{Kind: core.OpClose, Obj: chanID(c.Args[0])}, nil)
		}
	case "print", "println":
		ln := name == "println"
		return func(c *Call) {
			var b strings.Builder
			for i, a := range c.Args {
				if ln && i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(printBuiltin(c.Types[i], a))
			}
			if ln {
				b.WriteByte('\n')
			}
			// The runtime's print writes to fd 2 from the goroutine
			// itself, without entersyscall (print.go:gwrite →
			// writeErrData → write1): the P stays _Prunning and no
			// sysmon can take it, so no system call is simulated.
			c.Write(2, b.String(), false)
		}
	case "recover":
		return func(c *Call) {
			c.Return(c.t.recover(c.fr))
		}
	case "min", "max":
		isMax := name == "max"
		t0 := argTypes[0]
		return func(c *Call) {
			best := c.Args[0]
			for _, a := range c.Args[1:] {
				if less(t0, a, best) == !isMax && !equal(t0, a, best) || isNaN(t0, a) {
					best = a
				}
			}
			c.Return(best)
		}
	case "real", "imag":
		im := name == "imag"
		single := argTypes[0].Underlying().(*types.Basic).Kind() == types.Complex64
		return func(c *Call) {
			z, _ := c.Args[0].R.(complex128)
			f := real(z)
			if im {
				f = imag(z)
			}
			if single {
				f = f32(f)
			}
			c.Return(Float(f))
		}
	case "complex":
		return func(c *Call) {
			c.Return(Value{R: complex(c.Args[0].F(), c.Args[1].F())})
		}
	case "ssa:deferstack":
		// The defer stack of the function that owns a range-over-func
		// loop: its frame (which is then never reused).
		return func(c *Call) { c.Return(Value{R: c.fr}) }
	case "ssa:wrapnilchk":
		return func(c *Call) {
			if c.Args[0].R == nil {
				c.RuntimeError("invalid memory address or nil pointer dereference")
				return
			}
			c.Return(c.Args[0])
		}
	}
	return nil
}

func isNaN(t types.Type, v Value) bool {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsFloat != 0 {
		return math.IsNaN(v.F())
	}
	return false
}

// less orders two values of an ordered type.
func less(t types.Type, x, y Value) bool {
	b := t.Underlying().(*types.Basic)
	switch {
	case b.Info()&types.IsString != 0:
		return x.S() < y.S()
	case b.Info()&types.IsFloat != 0:
		return x.F() < y.F()
	case isUnsigned(b):
		return x.N < y.N
	}
	return int64(x.N) < int64(y.N)
}

// appendValues appends add to s, growing its storage as the runtime's
// growslice does for elements of size bytes (slice.go:growslice,
// nextslicecap, msize.go:roundupsize), so that cap() agrees.
func appendValues(s, add []Value, size int64, noscan bool, elem types.Type) []Value {
	newLen := len(s) + len(add)
	if newLen <= cap(s) {
		out := s[:newLen]
		for i, v := range add {
			out[len(s)+i] = copyVal(v)
		}
		return out
	}
	newcap := nextSliceCap(newLen, cap(s))
	if size > 0 {
		mem := roundupsize(int64(newcap)*size, noscan)
		newcap = int(mem / size)
	} else {
		newcap = max(newcap, newLen)
	}
	out := make([]Value, newLen, newcap)
	copy(out, s)
	for i, v := range add {
		out[len(s)+i] = copyVal(v)
	}
	fillFresh(out[newLen:newcap], elem)
	return out
}

func nextSliceCap(newLen, oldCap int) int {
	newcap := oldCap
	double := newcap + newcap
	if newLen > double {
		return newLen
	}
	const threshold = 256
	if oldCap < threshold {
		return double
	}
	for {
		newcap += (newcap + 3*threshold) >> 2
		if uint(newcap) >= uint(newLen) {
			break
		}
	}
	if newcap <= 0 {
		return newLen
	}
	return newcap
}

// sizeClasses are the runtime's small object sizes (internal/runtime/gc).
var sizeClasses = []int64{8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

// roundupsize is the size mallocgc gives a request of size bytes: the
// next size class (with room for a malloc header for larger objects with
// pointers), or whole 8 KB pages.
func roundupsize(size int64, noscan bool) int64 {
	const maxSmall, header, minHeader, page = 32768, 8, 512, 8192
	req := size
	if req <= maxSmall-header {
		if !noscan && req > minHeader {
			req += header
		}
		i := sort.Search(len(sizeClasses), func(i int) bool { return sizeClasses[i] >= req })
		return sizeClasses[i] - (req - size)
	}
	req += page - 1
	return req &^ (page - 1)
}

// hasPointers reports whether values of t contain pointers (the
// allocator's "scan" objects).
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0 || u.Kind() == types.UnsafePointer
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	}
	return true
}

// printBuiltin formats a value as the builtins print and println do.
func printBuiltin(t types.Type, v Value) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return strconv.FormatBool(v.B())
		case u.Info()&types.IsString != 0:
			return v.S()
		case u.Info()&types.IsFloat != 0:
			// print.go:printfloat64: strconv's shortest form since Go 1.2x.
			if u.Kind() == types.Float32 {
				return strconv.FormatFloat(v.F(), 'g', -1, 32)
			}
			return strconv.FormatFloat(v.F(), 'g', -1, 64)
		case u.Info()&types.IsComplex != 0:
			z, _ := v.R.(complex128)
			if u.Kind() == types.Complex64 {
				return strconv.FormatComplex(z, 'g', -1, 64)
			}
			return strconv.FormatComplex(z, 'g', -1, 128)
		case isUnsigned(u):
			return strconv.FormatUint(v.N, 10)
		case u.Info()&types.IsInteger != 0:
			return strconv.FormatInt(int64(v.N), 10)
		}
	case *types.Interface:
		i, _ := v.R.(*Iface)
		if i == nil {
			return "(0x0,0x0)"
		}
		return "(" + pseudoAddr(i.T) + "," + pseudoAddr(i.V.R) + ")"
	case *types.Map, *types.Pointer, *types.Chan, *types.Signature:
		if isNil(v) {
			return "0x0"
		}
		return pseudoAddr(v.R)
	case *types.Slice:
		s, _ := v.R.([]Value)
		addr := "0x0"
		if s != nil {
			addr = pseudoAddr(s)
		}
		return "[" + strconv.Itoa(len(s)) + "/" + strconv.Itoa(cap(s)) + "]" + addr
	}
	return "?"
}

// pseudoAddr is a stand-in for an address: the VM has none to show.
func pseudoAddr(any) string { return "0xc000010000" }

// recover implements the builtin in frame fr: it stops a panic only when
// called directly by a deferred function while its caller unwinds.
func (t *Thread) recover(fr *frame) Value {
	p := t.panic
	if p == nil || p.goexit || p.recovered || !fr.isDefer || fr.caller == nil || fr.caller.mode != modeUnwind {
		return Value{}
	}
	p.recovered = true
	return p.val
}
