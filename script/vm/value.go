package vm

import (
	"fmt"
	"go/types"
	"math"
	"strconv"
	"strings"
)

// Value is one Go value of the interpreted program. Which field holds it
// depends on the value's static type, which the compiled code always knows:
//
//   - booleans, integers of every size (two's complement, kept sign- or
//     zero-extended to 64 bits as their type says) and floats
//     (math.Float64bits; a float32 is rounded to float32 first) are in N;
//   - strings are a string in R; complex numbers a complex128 in R;
//   - a pointer is a *Value in R (nil: R == nil); a pointer to a struct
//     field or an array or slice element points into its aggregate;
//   - a struct or an array is an *Agg in R, copied on assignment;
//   - a slice is a []Value in R (nil: R == nil); cap and len are Go's;
//   - a map is a *Map, a channel a Chan (the simulator's object id), a
//     function a *Closure, an interface an *Iface (nil: R == nil), a tuple
//     of results a []Value.
type Value struct {
	N uint64
	R any
}

// Agg is the storage of a struct (its fields) or an array (its elements).
type Agg struct{ V []Value }

// Closure is a function value: the code and its captured variables.
type Closure struct {
	Fn  *Func
	Env []Value
	// Bound is set for a method value x.M: the receiver, passed first.
	Bound *Value
}

// Iface is a non-nil interface value: its dynamic type and value.
type Iface struct {
	T *Type
	V Value
}

// Chan is a channel: the simulator's object id.
type Chan int64

// Type is a type as the running program sees it through interfaces: type
// assertions, type switches, %T, map keys of interface type.
type Type struct {
	T       types.Type
	ID      int
	Name    string // as %T prints it
	methods map[string]*Func
}

func (t *Type) String() string { return t.Name }

// Int, Uint, Float, Bool and Str make values.
func Int(n int64) Value     { return Value{N: uint64(n)} }
func Uint(n uint64) Value   { return Value{N: n} }
func Float(f float64) Value { return Value{N: math.Float64bits(f)} }
func Str(s string) Value    { return Value{R: s} }
func Bool(b bool) Value {
	if b {
		return Value{N: 1}
	}
	return Value{}
}

// I, F, B and S read values.
func (v Value) I() int64   { return int64(v.N) }
func (v Value) F() float64 { return math.Float64frombits(v.N) }
func (v Value) B() bool    { return v.N != 0 }
func (v Value) S() string {
	s, _ := v.R.(string)
	return s
}

// Ptr is the pointer v holds (nil for a nil pointer).
func (v Value) Ptr() *Value {
	p, _ := v.R.(*Value)
	return p
}

// zero returns the zero value of t; aggregates get fresh storage.
func zero(t types.Type) Value {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return Value{R: ""}
		}
		if u.Info()&types.IsComplex != 0 {
			return Value{R: complex128(0)}
		}
		return Value{}
	case *types.Struct:
		a := &Agg{V: make([]Value, u.NumFields())}
		for i := range a.V {
			a.V[i] = zero(u.Field(i).Type())
		}
		return Value{R: a}
	case *types.Array:
		a := &Agg{V: make([]Value, u.Len())}
		if u.Len() > 0 {
			z := zero(u.Elem())
			if _, agg := z.R.(*Agg); agg {
				for i := range a.V {
					a.V[i] = zero(u.Elem())
				}
			} else {
				for i := range a.V {
					a.V[i] = z
				}
			}
		}
		return Value{R: a}
	}
	return Value{}
}

// copyVal returns v with fresh storage if it is a struct or an array (Go
// copies those on assignment).
func copyVal(v Value) Value {
	if a, ok := v.R.(*Agg); ok {
		b := &Agg{V: make([]Value, len(a.V))}
		for i, e := range a.V {
			b.V[i] = copyVal(e)
		}
		return Value{R: b}
	}
	return v
}

// set writes v into *d. A value without a reference part written over
// another writes its number alone: no pointer word is written, so the Go
// garbage collector's write barrier, which every store of a pointer word
// (nil included) pays while the collector marks, and the VM's big slices
// keep it marking, is not paid for the scalars that the φ copies of a
// loop's jumps move (copyPhis). For element stores it was measured no
// faster (the extra load of the old element), so they assign whole.
func set(d *Value, v Value) {
	if v.R == nil && d.R == nil {
		d.N = v.N
	} else {
		*d = v
	}
}

// store writes v into the variable at p. An aggregate is written in place,
// so that pointers to its fields stay valid.
func store(p *Value, v Value) {
	if a, ok := v.R.(*Agg); ok {
		if d, ok := p.R.(*Agg); ok && d != a && len(d.V) == len(a.V) {
			for i := range a.V {
				store(&d.V[i], a.V[i])
			}
			return
		}
		*p = copyVal(v)
		return
	}
	*p = v
}

// equal reports x == y for values of type t (comparable).
func equal(t types.Type, x, y Value) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return x.S() == y.S()
		case u.Info()&types.IsFloat != 0:
			return x.F() == y.F()
		case u.Info()&types.IsComplex != 0:
			a, _ := x.R.(complex128)
			b, _ := y.R.(complex128)
			return a == b
		case u.Kind() == types.UnsafePointer:
			return x.R == y.R
		}
		return x.N == y.N
	case *types.Struct:
		a, b := x.R.(*Agg), y.R.(*Agg)
		for i := range a.V {
			if !equal(u.Field(i).Type(), a.V[i], b.V[i]) {
				return false
			}
		}
		return true
	case *types.Array:
		a, b := x.R.(*Agg), y.R.(*Agg)
		for i := range a.V {
			if !equal(u.Elem(), a.V[i], b.V[i]) {
				return false
			}
		}
		return true
	case *types.Interface:
		return ifaceEqual(x, y)
	case *types.Pointer, *types.Chan:
		return x.R == y.R
	case *types.Signature, *types.Map, *types.Slice:
		// Only comparison with nil is legal.
		return isNil(x) == isNil(y)
	}
	return x.N == y.N && x.R == y.R
}

func isNil(v Value) bool {
	switch r := v.R.(type) {
	case nil:
		return true
	case []Value:
		return r == nil
	case *Map:
		return r == nil
	case *Closure:
		return r == nil
	case *Value:
		return r == nil
	}
	return false
}

// ifaceEqual compares two interface values; comparing uncomparable
// dynamic types panics as in Go.
func ifaceEqual(x, y Value) bool {
	a, _ := x.R.(*Iface)
	b, _ := y.R.(*Iface)
	if a == nil || b == nil {
		return a == b
	}
	if a.T != b.T {
		return false
	}
	if !types.Comparable(a.T.T) {
		panic(runtimeError("comparing uncomparable type " + a.T.Name))
	}
	return equal(a.T.T, a.V, b.V)
}

// key turns a value of type t into a host value usable as a Go map key
// with the same equality.
func key(t types.Type, v Value) any {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return v.S()
		case u.Info()&types.IsFloat != 0:
			f := v.F()
			if f == 0 {
				return float64(0) // +0 and -0 are one key
			}
			return f
		case u.Info()&types.IsComplex != 0:
			return v.R
		}
		return v.N
	case *types.Pointer, *types.Chan:
		return v.R
	case *types.Interface:
		i, _ := v.R.(*Iface)
		if i == nil {
			return nil
		}
		if !types.Comparable(i.T.T) {
			panic(runtimeError("hash of unhashable type " + i.T.Name))
		}
		return ifaceKey{i.T, key(i.T.T, i.V)}
	case *types.Struct:
		var b strings.Builder
		a := v.R.(*Agg)
		for i := range a.V {
			writeKey(&b, key(u.Field(i).Type(), a.V[i]))
		}
		return aggKey(b.String())
	case *types.Array:
		var b strings.Builder
		a := v.R.(*Agg)
		for i := range a.V {
			writeKey(&b, key(u.Elem(), a.V[i]))
		}
		return aggKey(b.String())
	}
	return v.N
}

type ifaceKey struct {
	t *Type
	k any
}

type aggKey string

// writeKey appends an unambiguous encoding of a component key. A float NaN
// makes a key that matches nothing, as in Go.
func writeKey(b *strings.Builder, k any) {
	switch k := k.(type) {
	case nil:
		b.WriteString("n")
	case string:
		b.WriteString("s")
		b.WriteString(strconv.Itoa(len(k)))
		b.WriteByte(':')
		b.WriteString(k)
	case uint64:
		b.WriteString("u")
		b.WriteString(strconv.FormatUint(k, 16))
	case float64:
		if k != k {
			fmt.Fprintf(b, "nan%p", new(int64))
		}
		b.WriteString("f")
		b.WriteString(strconv.FormatUint(math.Float64bits(k), 16))
	case complex128:
		fmt.Fprintf(b, "c%v", k)
	case aggKey:
		b.WriteString("a")
		b.WriteString(strconv.Itoa(len(k)))
		b.WriteByte(':')
		b.WriteString(string(k))
	case ifaceKey:
		b.WriteString("i")
		b.WriteString(strconv.Itoa(k.t.ID))
		b.WriteByte('(')
		writeKey(b, k.k)
		b.WriteByte(')')
	case Chan:
		b.WriteString("c")
		b.WriteString(strconv.FormatInt(int64(k), 10))
	default:
		// A pointer: its address (the host's heap does not move).
		fmt.Fprintf(b, "p%p", k)
	}
	b.WriteByte(';')
}

// Map is a Go map: entries in insertion order (deleted ones are holes)
// and an index from keys to entries. Keys that are strings or integers
// (the host keys key makes of them) have indexes of their own, which
// neither box them nor hash an interface.
type Map struct {
	idx  map[any]int
	sidx map[string]int
	uidx map[uint64]int
	keys []Value
	vals []Value
	live []bool
	n    int
	gen  int // clears so far
	hint int // the size make was given (mapcost.go)
}

func newMap() *Map { return &Map{} }

// Len is the number of entries.
func (m *Map) Len() int {
	if m == nil {
		return 0
	}
	return m.n
}

// find returns the entry of host key k.
func (m *Map) find(k any) (int, bool) {
	switch k := k.(type) {
	case string:
		i, ok := m.sidx[k]
		return i, ok
	case uint64:
		i, ok := m.uidx[k]
		return i, ok
	}
	i, ok := m.idx[k]
	return i, ok
}

func (m *Map) get(k any) (Value, bool) {
	if m == nil {
		return Value{}, false
	}
	i, ok := m.find(k)
	if !ok {
		return Value{}, false
	}
	return m.vals[i], true
}

// getStr and getUint are get of a string key and of an integer's.
func (m *Map) getStr(k string) (Value, bool) {
	if m == nil {
		return Value{}, false
	}
	i, ok := m.sidx[k]
	if !ok {
		return Value{}, false
	}
	return m.vals[i], true
}

func (m *Map) getUint(k uint64) (Value, bool) {
	if m == nil {
		return Value{}, false
	}
	i, ok := m.uidx[k]
	if !ok {
		return Value{}, false
	}
	return m.vals[i], true
}

func (m *Map) set(k any, kv, v Value) {
	if i, ok := m.find(k); ok {
		m.vals[i] = v
		return
	}
	switch k := k.(type) {
	case string:
		if m.sidx == nil {
			m.sidx = map[string]int{}
		}
		m.sidx[k] = len(m.keys)
	case uint64:
		if m.uidx == nil {
			m.uidx = map[uint64]int{}
		}
		m.uidx[k] = len(m.keys)
	default:
		if m.idx == nil {
			m.idx = map[any]int{}
		}
		m.idx[k] = len(m.keys)
	}
	m.add(kv, v)
}

// setStr and setUint are set of a string key and of an integer's.
func (m *Map) setStr(k string, kv, v Value) {
	if i, ok := m.sidx[k]; ok {
		m.vals[i] = v
		return
	}
	if m.sidx == nil {
		m.sidx = map[string]int{}
	}
	m.sidx[k] = len(m.keys)
	m.add(kv, v)
}

func (m *Map) setUint(k uint64, kv, v Value) {
	if i, ok := m.uidx[k]; ok {
		m.vals[i] = v
		return
	}
	if m.uidx == nil {
		m.uidx = map[uint64]int{}
	}
	m.uidx[k] = len(m.keys)
	m.add(kv, v)
}

// add appends a new entry.
func (m *Map) add(kv, v Value) {
	m.keys = append(m.keys, kv)
	m.vals = append(m.vals, v)
	m.live = append(m.live, true)
	m.n++
}

func (m *Map) del(k any) {
	if m == nil {
		return
	}
	if i, ok := m.find(k); ok {
		switch k := k.(type) {
		case string:
			delete(m.sidx, k)
		case uint64:
			delete(m.uidx, k)
		default:
			delete(m.idx, k)
		}
		m.live[i] = false
		m.keys[i], m.vals[i] = Value{}, Value{}
		m.n--
	}
}

func (m *Map) clear() {
	if m == nil {
		return
	}
	m.idx, m.sidx, m.uidx = nil, nil, nil
	m.keys, m.vals, m.live, m.n = nil, nil, nil, 0
	m.gen++
}

// runtimeError is a Go runtime error the program may recover: its message
// is what Error() returns.
type runtimeError string

func (e runtimeError) Error() string { return "runtime error: " + string(e) }
