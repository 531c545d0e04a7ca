package vm

import (
	"fmt"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Formatting of program values by fmt's rules: each argument is wrapped
// in a host value that implements fmt.Formatter, so that the host's fmt
// parses the format string, widths and flags, and the wrapper prints the
// program's value (calling its Error or String method through the VM).

type fmtArg struct {
	t     *Thread
	typ   types.Type
	v     Value
	depth int
}

// Sprintf formats like fmt.Sprintf; args are interface values.
func (t *Thread) Sprintf(format string, args []Value) string {
	host := t.hostArgs(args)
	// fmt answers %T and %p itself, from the host value: give it the
	// program's type name instead, as a string.
	if strings.ContainsAny(format, "Tp") {
		b := []byte(format)
		k := 0
		for i := 0; i < len(b); i++ {
			if b[i] != '%' {
				continue
			}
			i++
			for i < len(b) && strings.IndexByte("+-# 0123456789.*", b[i]) >= 0 {
				if b[i] == '*' {
					k++
				}
				i++
			}
			if i >= len(b) || b[i] == '%' {
				continue
			}
			if k < len(args) && (b[i] == 'T' || b[i] == 'p') {
				iv, _ := args[k].R.(*Iface)
				if b[i] == 'T' {
					host[k] = "<nil>"
					if iv != nil {
						host[k] = iv.T.Name
					}
				} else {
					host[k] = "0xc000010000"
				}
				b[i] = 's'
			}
			k++
		}
		format = string(b)
	}
	return fmt.Sprintf(format, host...)
}

// Sprint and Sprintln format like fmt.Sprint and fmt.Sprintln.
func (t *Thread) Sprint(args []Value) string   { return fmt.Sprint(t.hostArgs(args)...) }
func (t *Thread) Sprintln(args []Value) string { return fmt.Sprintln(t.hostArgs(args)...) }

// hostArgs wraps interface values for the host's fmt. Strings stay plain
// strings (fmt.Sprint puts spaces between operands unless both are
// strings, so it must see them as strings).
func (t *Thread) hostArgs(args []Value) []any {
	out := make([]any, len(args))
	for i, a := range args {
		iv, _ := a.R.(*Iface)
		if iv == nil {
			out[i] = nil
			continue
		}
		if b, ok := iv.T.T.(*types.Basic); ok {
			// An unnamed basic value has no methods: the host's fmt
			// prints it exactly (and takes ints for * widths).
			out[i] = host(b, iv.V)
			continue
		}
		out[i] = &fmtArg{t: t, typ: iv.T.T, v: iv.V}
	}
	return out
}

// directive rebuilds the verb with its flags, width and precision.
func directive(f fmt.State, verb rune) string {
	var b strings.Builder
	b.WriteByte('%')
	for _, c := range "+-# 0" {
		if f.Flag(int(c)) {
			b.WriteRune(c)
		}
	}
	if w, ok := f.Width(); ok {
		b.WriteString(strconv.Itoa(w))
	}
	if p, ok := f.Precision(); ok {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(p))
	}
	b.WriteRune(verb)
	return b.String()
}

func (a *fmtArg) Format(f fmt.State, verb rune) {
	d := directive(f, verb)
	if verb == 'T' {
		fmt.Fprintf(f, strings.Replace(d, "T", "s", 1), typeName(a.typ))
		return
	}
	if verb == 'p' {
		fmt.Fprintf(f, d, &struct{}{})
		return
	}
	sharp := f.Flag('#')
	// Error and String methods, for the verbs that print strings.
	if !sharp && a.depth < 10 {
		switch verb {
		case 'v', 's', 'q', 'x', 'X':
			for _, name := range [...]string{"Error", "String"} {
				if s, ok, raw := a.method(name, verb); ok {
					if raw {
						f.Write([]byte(s))
					} else {
						fmt.Fprintf(f, d, s)
					}
					return
				}
			}
		}
	}
	if sharp && verb == 'v' {
		if s, ok, _ := a.method("GoString", verb); ok {
			f.Write([]byte(s))
			return
		}
	}
	a.value(f, verb, d)
}

// method calls a method of the value that returns a string. A method that
// panics prints as fmt's catchPanic has it: <nil> for a nil pointer
// receiver, else %!verb(PANIC=Name method: value), written raw (no width).
func (a *fmtArg) method(name string, verb rune) (s string, ok, raw bool) {
	rt := a.t.run.p.typeOf(a.typ)
	fn := a.t.run.p.method(rt, name)
	if fn == nil || fn.ssa.Signature.Params().Len() != 0 || fn.ssa.Signature.Results().Len() != 1 {
		return "", false, false
	}
	if b, ok := fn.ssa.Signature.Results().At(0).Type().(*types.Basic); !ok || b.Kind() != types.String {
		return "", false, false
	}
	defer func() {
		e := recover()
		if e == nil {
			return
		}
		if _, ptr := a.typ.Underlying().(*types.Pointer); ptr && a.v.R == nil {
			s, ok, raw = "<nil>", true, true
			return
		}
		var text string
		switch e := e.(type) {
		case vmPanic:
			text = a.t.run.p.panicText(a.t, e.v)
		case runtimeError:
			text = "runtime error: " + string(e)
		default:
			panic(e)
		}
		text, _, _ = strings.Cut(text, "\n") // the runtime's signal line is not fmt's
		s, ok, raw = "%!"+string(verb)+"(PANIC="+name+" method: "+text+")", true, true
	}()
	res := a.t.callSync(Value{R: &Closure{Fn: fn}}, []Value{a.v})
	return res[0].S(), true, false
}

// host converts a basic value to the host's value of the same kind.
func host(b *types.Basic, v Value) any {
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return v.B()
	case types.Int, types.UntypedInt:
		return int(int64(v.N))
	case types.Int8:
		return int8(v.N)
	case types.Int16:
		return int16(v.N)
	case types.Int32, types.UntypedRune:
		return int32(v.N)
	case types.Int64:
		return int64(v.N)
	case types.Uint:
		return uint(v.N)
	case types.Uint8:
		return uint8(v.N)
	case types.Uint16:
		return uint16(v.N)
	case types.Uint32:
		return uint32(v.N)
	case types.Uint64:
		return v.N
	case types.Uintptr:
		return uintptr(v.N)
	case types.Float32:
		return float32(v.F())
	case types.Float64, types.UntypedFloat:
		return v.F()
	case types.Complex64:
		z, _ := v.R.(complex128)
		return complex64(z)
	case types.Complex128, types.UntypedComplex:
		z, _ := v.R.(complex128)
		return z
	case types.String, types.UntypedString:
		return v.S()
	}
	return nil
}

func (a *fmtArg) sub(t types.Type, v Value) *fmtArg {
	return &fmtArg{t: a.t, typ: t, v: v, depth: a.depth + 1}
}

// elem formats a component: interface components by their dynamic value.
func (a *fmtArg) elem(f fmt.State, t types.Type, v Value, verb rune, d string) {
	if _, ok := t.Underlying().(*types.Interface); ok {
		i, _ := v.R.(*Iface)
		if i == nil {
			if f.Flag('#') {
				f.Write([]byte("interface {}(nil)"))
			} else {
				f.Write([]byte("<nil>"))
			}
			return
		}
		t, v = i.T.T, i.V
	}
	s := a.sub(t, v)
	s.Format(f, verb)
}

func (a *fmtArg) value(f fmt.State, verb rune, d string) {
	sharp := f.Flag('#')
	plus := f.Flag('+')
	switch u := a.typ.Underlying().(type) {
	case *types.Basic:
		hv := host(u, a.v)
		if sharp && verb == 'v' {
			if _, named := a.typ.(*types.Named); named && u.Info()&(types.IsString|types.IsBoolean) == 0 {
				// Named numbers print as numbers, strings quoted.
				fmt.Fprintf(f, "%v", hv)
				return
			}
		}
		fmt.Fprintf(f, d, hv)
	case *types.Pointer:
		p := a.v.Ptr()
		if p == nil {
			if sharp && verb == 'v' {
				fmt.Fprintf(f, "(%s)(nil)", typeName(a.typ))
				return
			}
			fmt.Fprintf(f, "%v", nil)
			return
		}
		if a.depth == 0 {
			switch u.Elem().Underlying().(type) {
			case *types.Struct, *types.Array, *types.Slice, *types.Map:
				f.Write([]byte("&"))
				a.sub(u.Elem(), *p).Format(f, verb)
				return
			}
		}
		fmt.Fprintf(f, "0xc%09x", addrOf(p))
	case *types.Struct:
		ag := a.v.R.(*Agg)
		if sharp {
			f.Write([]byte(typeName(a.typ)))
		}
		f.Write([]byte("{"))
		for i := 0; i < u.NumFields(); i++ {
			if i > 0 {
				if sharp {
					f.Write([]byte(", "))
				} else {
					f.Write([]byte(" "))
				}
			}
			if plus || sharp {
				f.Write([]byte(u.Field(i).Name() + ":"))
			}
			a.elem(f, u.Field(i).Type(), ag.V[i], verb, d)
		}
		f.Write([]byte("}"))
	case *types.Array:
		a.list(f, verb, d, a.v.R.(*Agg).V, u.Elem(), false)
	case *types.Slice:
		s, _ := a.v.R.([]Value)
		if eb, ok := u.Elem().Underlying().(*types.Basic); ok && eb.Kind() == types.Uint8 && (verb == 's' || verb == 'q' || verb == 'x' || verb == 'X') {
			bs := make([]byte, len(s))
			for i, v := range s {
				bs[i] = byte(v.N)
			}
			fmt.Fprintf(f, d, bs)
			return
		}
		if sharp && s == nil {
			fmt.Fprintf(f, "%s(nil)", typeName(a.typ))
			return
		}
		a.list(f, verb, d, s, u.Elem(), true)
	case *types.Map:
		m, _ := a.v.R.(*Map)
		if sharp {
			if m == nil {
				fmt.Fprintf(f, "%s(nil)", typeName(a.typ))
				return
			}
			f.Write([]byte(typeName(a.typ) + "{"))
		} else {
			f.Write([]byte("map["))
		}
		var idx []int
		if m != nil {
			for i := range m.keys {
				if m.live[i] {
					idx = append(idx, i)
				}
			}
		}
		sort.SliceStable(idx, func(x, y int) bool { return compareKeys(u.Key(), m.keys[idx[x]], m.keys[idx[y]]) < 0 })
		for n, i := range idx {
			if n > 0 {
				if sharp {
					f.Write([]byte(", "))
				} else {
					f.Write([]byte(" "))
				}
			}
			a.elem(f, u.Key(), m.keys[i], verb, d)
			f.Write([]byte(":"))
			a.elem(f, u.Elem(), m.vals[i], verb, d)
		}
		if sharp {
			f.Write([]byte("}"))
		} else {
			f.Write([]byte("]"))
		}
	case *types.Interface:
		a.elem(f, a.typ, a.v, verb, d)
	case *types.Chan, *types.Signature:
		if isNil(a.v) {
			if sharp {
				fmt.Fprintf(f, "(%s)(nil)", typeName(a.typ))
				return
			}
			f.Write([]byte("<nil>"))
			return
		}
		if ch, ok := a.v.R.(Chan); ok {
			fmt.Fprintf(f, "0xc%09x", int64(ch)*0x60)
			return
		}
		f.Write([]byte("0x47b0e0"))
	default:
		fmt.Fprintf(f, "%%!%c(%s)", verb, typeName(a.typ))
	}
}

func (a *fmtArg) list(f fmt.State, verb rune, d string, s []Value, et types.Type, slice bool) {
	sharp := f.Flag('#')
	if sharp {
		f.Write([]byte(typeName(a.typ) + "{"))
	} else {
		f.Write([]byte("["))
	}
	for i, v := range s {
		if i > 0 {
			if sharp {
				f.Write([]byte(", "))
			} else {
				f.Write([]byte(" "))
			}
		}
		a.elem(f, et, v, verb, d)
	}
	if sharp {
		f.Write([]byte("}"))
	} else {
		f.Write([]byte("]"))
	}
}

// compareKeys orders map keys as fmt prints them (internal/fmtsort):
// numbers and strings by value, false before true, pointers and channels
// by address, interfaces by type then value.
func compareKeys(t types.Type, x, y Value) int {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return strings.Compare(x.S(), y.S())
		case u.Info()&types.IsFloat != 0:
			a, b := x.F(), y.F()
			switch {
			case a < b:
				return -1
			case a > b:
				return 1
			}
			return 0
		case u.Info()&types.IsBoolean != 0:
			return int(x.N) - int(y.N)
		case isUnsigned(u):
			switch {
			case x.N < y.N:
				return -1
			case x.N > y.N:
				return 1
			}
			return 0
		}
		switch {
		case int64(x.N) < int64(y.N):
			return -1
		case int64(x.N) > int64(y.N):
			return 1
		}
		return 0
	case *types.Struct:
		a, b := x.R.(*Agg), y.R.(*Agg)
		for i := range a.V {
			if c := compareKeys(u.Field(i).Type(), a.V[i], b.V[i]); c != 0 {
				return c
			}
		}
		return 0
	case *types.Array:
		a, b := x.R.(*Agg), y.R.(*Agg)
		for i := range a.V {
			if c := compareKeys(u.Elem(), a.V[i], b.V[i]); c != 0 {
				return c
			}
		}
		return 0
	case *types.Interface:
		a, _ := x.R.(*Iface)
		b, _ := y.R.(*Iface)
		switch {
		case a == nil && b == nil:
			return 0
		case a == nil:
			return -1
		case b == nil:
			return 1
		case a.T != b.T:
			return a.T.ID - b.T.ID
		}
		return compareKeys(a.T.T, a.V, b.V)
	case *types.Chan:
		return int(chanID(x) - chanID(y))
	}
	return 0
}

// addrOf is a stable pseudo address of a variable, for %v of nested
// pointers.
func addrOf(p *Value) int64 {
	return 0x10000
}
