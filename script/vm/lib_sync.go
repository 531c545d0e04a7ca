package vm

import (
	"go/types"

	"github.com/gmpbook/gmpbook/core"
)

// The natives of sync and sync/atomic beyond Mutex and WaitGroup (lib.go):
// the runtime side of sync (runtime_Semacquire*, runtime_Semrelease,
// runtime_notifyList*, fatal) over the simulator's semaphores and notify
// lists (core/sema.go), Mutex.TryLock, sync.Map and sync.Pool's steps, and
// the atomics, which the VM makes atomic by doing each in one native call.

func init() { registerNatives(syncNatives) }

// costAtomic is what an atomic read-modify-write adds to its call, in
// picoseconds: a LOCK-prefixed instruction on the reference machine.
const costAtomic = 3000

func syncNatives(n map[string]Native) {
	// sync.Mutex.TryLock: the simulator's mutex (internal/sync/mutex.go).
	n["(*sync.Mutex).TryLock"] = func(c *Call) {
		id := c.firstField()
		if id == nil {
			return
		}
		c.simObject(id, core.OpNewMutex, func(obj int64) core.Op { return core.Op{Kind: core.OpTryLock, Obj: obj} },
			func(r core.Result) { c.Return(Bool(r.Ok)) })
	}

	// sync/runtime.go: semaphores. The uint32 holds the object's id.
	semacquire := func(reason core.WaitReason) Native {
		return func(c *Call) {
			id := c.Args[0].Ptr()
			if id == nil {
				c.RuntimeError("invalid memory address or nil pointer dereference")
				return
			}
			var flags int64
			if len(c.Args) > 1 && c.Args[1].B() {
				flags = core.SemaLIFO
			}
			c.simObject(id, core.OpNewSema, func(obj int64) core.Op {
				return core.Op{Kind: core.OpSemacquire, Obj: obj, N: flags, Reason: reason}
			}, nil)
		}
	}
	n["sync.runtime_Semacquire"] = semacquire(core.WaitSemacquire)
	n["sync.runtime_SemacquireRWMutexR"] = semacquire(core.WaitSyncRWMutexRLock)
	n["sync.runtime_SemacquireRWMutex"] = semacquire(core.WaitSyncRWMutexLock)
	n["sync.runtime_Semrelease"] = func(c *Call) {
		id := c.Args[0].Ptr()
		if id == nil {
			c.RuntimeError("invalid memory address or nil pointer dereference")
			return
		}
		var flags int64
		if c.Args[1].B() {
			flags = core.SemaHandoff
		}
		c.simObject(id, core.OpNewSema, func(obj int64) core.Op { return core.Op{Kind: core.OpSemrelease, Obj: obj, N: flags} }, nil)
	}

	// Notify lists: the notifyList struct's field holds the id.
	notify := func(kind core.OpKind) Native {
		return func(c *Call) {
			id := c.argField(0)
			if id == nil {
				return
			}
			var ticket int64
			if kind == core.OpNotifyListWait {
				ticket = int64(uint32(c.Args[1].N))
			}
			var then func(core.Result)
			if kind == core.OpNotifyListAdd {
				then = func(r core.Result) { c.Return(Uint(uint64(uint32(r.N)))) }
			}
			c.simObject(id, core.OpNewNotifyList, func(obj int64) core.Op { return core.Op{Kind: kind, Obj: obj, N: ticket} }, then)
		}
	}
	n["sync.runtime_notifyListAdd"] = notify(core.OpNotifyListAdd)
	n["sync.runtime_notifyListWait"] = notify(core.OpNotifyListWait)
	n["sync.runtime_notifyListNotifyOne"] = notify(core.OpNotifyListNotifyOne)
	n["sync.runtime_notifyListNotifyAll"] = notify(core.OpNotifyListNotifyAll)

	// sync.fatal (runtime.sync_fatal): main's unfinished line first, as
	// the real program has written it already.
	n["sync.fatal"] = func(c *Call) {
		c.t.flushOutput(c)
		c.Op(core.Op{Kind: core.OpFatal, Text: c.Args[0].S()}, nil)
	}

	syncMapNatives(n)
	syncPoolNatives(n)
	atomicNatives(n)
}

// simObject performs the op mk makes on the simulator object whose id is
// kept in *id, making the object first (with op kind mk) if *id is still
// zero. Two goroutines that both find zero make two objects; the first
// id stored wins and both use it.
func (c *Call) simObject(id *Value, mk core.OpKind, op func(obj int64) core.Op, then func(core.Result)) {
	if id.N == 0 {
		c.Op(core.Op{Kind: mk, NoSafePoint: true}, func(r core.Result) {
			if id.N == 0 {
				id.N = uint64(r.Obj)
			}
		})
	}
	c.OpFunc(func() core.Op { return op(int64(id.N)) }, then)
}

// firstField is the first field of the struct the receiver points to (nil
// after raising the nil dereference).
func (c *Call) firstField() *Value { return c.argField(0) }

// argField is the first field of the struct argument i points to.
func (c *Call) argField(i int) *Value {
	p := c.Args[i].Ptr()
	if p == nil {
		c.RuntimeError("invalid memory address or nil pointer dereference")
		return nil
	}
	a, _ := p.R.(*Agg)
	if a == nil || len(a.V) == 0 {
		c.RuntimeError("invalid memory address or nil pointer dereference")
		return nil
	}
	return &a.V[0]
}

// ---- sync.Map ----------------------------------------------------------------

// ifaceEq is == on two interface values inside a native: equal
// uncomparable dynamic types make the call panic with the runtime error
// instead (ok false).
func (c *Call) ifaceEq(x, y Value) (eq, ok bool) {
	a, _ := x.R.(*Iface)
	b, _ := y.R.(*Iface)
	if a != nil && b != nil && a.T == b.T && !types.Comparable(a.T.T) {
		c.RuntimeError("comparing uncomparable type " + a.T.Name)
		return false, false
	}
	return ifaceEqual(x, y), true
}

// anyKey is the map key of interface value v; an unhashable dynamic type
// makes the call panic with the runtime error (ok false).
func (c *Call) anyKey(v Value) (k any, ok bool) {
	if i, _ := v.R.(*Iface); i != nil && !types.Comparable(i.T.T) {
		c.RuntimeError("hash of unhashable type " + i.T.Name)
		return nil, false
	}
	return key(anyType, v), true
}

// anyType is the key and element type of sync.Map's map[any]any.
var anyType = types.Universe.Lookup("any").Type()

func syncMapNatives(n map[string]Native) {
	// mapOf is the receiver's map (made if create and still nil).
	mapOf := func(c *Call, create bool) (*Map, bool) {
		f := c.firstField()
		if f == nil {
			return nil, false
		}
		m, _ := f.R.(*Map)
		if m == nil && create {
			m = newMap()
			f.R = m
		}
		return m, true
	}
	n["(*sync.Map).Load"] = func(c *Call) {
		m, ok := mapOf(c, false)
		if !ok {
			return
		}
		k, ok := c.anyKey(c.Args[1])
		if !ok {
			return
		}
		v, found := m.get(k)
		c.Return(v, Bool(found))
	}
	n["(*sync.Map).Store"] = func(c *Call) {
		m, ok := mapOf(c, true)
		if !ok {
			return
		}
		if k, ok := c.anyKey(c.Args[1]); ok {
			m.set(k, c.Args[1], c.Args[2])
		}
	}
	n["(*sync.Map).LoadOrStore"] = func(c *Call) {
		m, ok := mapOf(c, true)
		if !ok {
			return
		}
		k, ok := c.anyKey(c.Args[1])
		if !ok {
			return
		}
		if v, found := m.get(k); found {
			c.Return(v, Bool(true))
			return
		}
		m.set(k, c.Args[1], c.Args[2])
		c.Return(c.Args[2], Bool(false))
	}
	n["(*sync.Map).LoadAndDelete"] = func(c *Call) {
		m, ok := mapOf(c, false)
		if !ok {
			return
		}
		k, ok := c.anyKey(c.Args[1])
		if !ok {
			return
		}
		v, found := m.get(k)
		if found {
			m.del(k)
		}
		c.Return(v, Bool(found))
	}
	n["(*sync.Map).Delete"] = func(c *Call) {
		if m, ok := mapOf(c, false); ok {
			if k, ok := c.anyKey(c.Args[1]); ok {
				m.del(k)
			}
		}
	}
	n["(*sync.Map).Swap"] = func(c *Call) {
		m, ok := mapOf(c, true)
		if !ok {
			return
		}
		k, ok := c.anyKey(c.Args[1])
		if !ok {
			return
		}
		prev, found := m.get(k)
		m.set(k, c.Args[1], c.Args[2])
		c.Return(prev, Bool(found))
	}
	// CompareAndSwap and CompareAndDelete compare with ==, which panics
	// for equal uncomparable dynamic types (the map's valEqual, efaceeq).
	n["(*sync.Map).CompareAndSwap"] = func(c *Call) {
		m, ok := mapOf(c, false)
		if !ok {
			return
		}
		k, ok := c.anyKey(c.Args[1])
		if !ok {
			return
		}
		v, found := m.get(k)
		if !found {
			c.Return(Bool(false))
			return
		}
		if eq, ok := c.ifaceEq(v, c.Args[2]); !ok || !eq {
			c.Return(Bool(false))
			return
		}
		m.set(k, c.Args[1], c.Args[3])
		c.Return(Bool(true))
	}
	n["(*sync.Map).CompareAndDelete"] = func(c *Call) {
		m, ok := mapOf(c, false)
		if !ok {
			return
		}
		k, ok := c.anyKey(c.Args[1])
		if !ok {
			return
		}
		v, found := m.get(k)
		if !found {
			c.Return(Bool(false))
			return
		}
		if eq, ok := c.ifaceEq(v, c.Args[2]); !ok || !eq {
			c.Return(Bool(false))
			return
		}
		m.del(k)
		c.Return(Bool(true))
	}
	n["(*sync.Map).Clear"] = func(c *Call) {
		if m, ok := mapOf(c, false); ok {
			m.clear()
		}
	}
}

// ---- sync.Pool -----------------------------------------------------------------

// syncPoolNatives are Pool's put and get: the private slot (field 0), then
// the shared list (field 1), pushed and popped at its head (the end of the
// slice), as one P's poolLocal in sync/pool.go.
func syncPoolNatives(n map[string]Native) {
	fields := func(c *Call) *Agg {
		p := c.Args[0].Ptr()
		if p == nil {
			c.RuntimeError("invalid memory address or nil pointer dereference")
			return nil
		}
		a, _ := p.R.(*Agg)
		return a
	}
	n["(*sync.Pool).put"] = func(c *Call) {
		a := fields(c)
		if a == nil {
			return
		}
		if a.V[0].R == nil {
			a.V[0] = c.Args[1]
			return
		}
		shared, _ := a.V[1].R.([]Value)
		a.V[1].R = append(shared, c.Args[1])
	}
	n["(*sync.Pool).get"] = func(c *Call) {
		a := fields(c)
		if a == nil {
			return
		}
		x := a.V[0]
		a.V[0] = Value{}
		if x.R == nil {
			if shared, _ := a.V[1].R.([]Value); len(shared) > 0 {
				x = shared[len(shared)-1]
				shared[len(shared)-1] = Value{}
				a.V[1].R = shared[:len(shared)-1]
			}
		}
		c.Return(x)
	}
}

// ---- sync/atomic -----------------------------------------------------------------

// atomicInts are the integer types of sync/atomic and how a value of each
// is kept in Value.N: sign- or zero-extended from its width.
var atomicInts = []struct {
	name string
	norm func(uint64) uint64
}{
	{"Int32", func(x uint64) uint64 { return uint64(int64(int32(x))) }},
	{"Uint32", func(x uint64) uint64 { return uint64(uint32(x)) }},
	{"Int64", func(x uint64) uint64 { return x }},
	{"Uint64", func(x uint64) uint64 { return x }},
	{"Uintptr", func(x uint64) uint64 { return x }},
}

// atomicOp is one operation on the word at p, with the arguments after
// the address.
type atomicOp func(c *Call, p *Value, args []Value)

func atomicNatives(n map[string]Native) {
	// fn registers op as the function sync/atomic.<fname> (address first)
	// and, if method is set, as the method <method> of *sync/atomic.<typ>
	// (on its field v).
	reg := func(fname, typ, method string, op atomicOp) {
		n["sync/atomic."+fname] = func(c *Call) {
			c.t.cpu += costAtomic
			p := c.Args[0].Ptr()
			if p == nil {
				c.RuntimeError("invalid memory address or nil pointer dereference")
				return
			}
			op(c, p, c.Args[1:])
		}
		if typ == "" {
			return
		}
		n["(*sync/atomic."+typ+")."+method] = func(c *Call) {
			c.t.cpu += costAtomic
			p := c.firstField()
			if p == nil {
				return
			}
			op(c, p, c.Args[1:])
		}
	}
	for _, it := range atomicInts {
		norm := it.norm
		reg("Load"+it.name, it.name, "Load", func(c *Call, p *Value, _ []Value) { c.Return(Value{N: p.N}) })
		reg("Store"+it.name, it.name, "Store", func(c *Call, p *Value, a []Value) { p.N = norm(a[0].N) })
		reg("Swap"+it.name, it.name, "Swap", func(c *Call, p *Value, a []Value) {
			old := p.N
			p.N = norm(a[0].N)
			c.Return(Value{N: old})
		})
		reg("CompareAndSwap"+it.name, it.name, "CompareAndSwap", func(c *Call, p *Value, a []Value) {
			if p.N != norm(a[0].N) {
				c.Return(Bool(false))
				return
			}
			p.N = norm(a[1].N)
			c.Return(Bool(true))
		})
		reg("Add"+it.name, it.name, "Add", func(c *Call, p *Value, a []Value) {
			p.N = norm(p.N + a[0].N)
			c.Return(Value{N: p.N})
		})
		reg("And"+it.name, it.name, "And", func(c *Call, p *Value, a []Value) {
			old := p.N
			p.N = norm(p.N & a[0].N)
			c.Return(Value{N: old})
		})
		reg("Or"+it.name, it.name, "Or", func(c *Call, p *Value, a []Value) {
			old := p.N
			p.N = norm(p.N | a[0].N)
			c.Return(Value{N: old})
		})
	}

	// Pointers: unsafe.Pointer for the functions, *T for Pointer[T].
	// Pointers compare by identity, like == on them.
	ptrLoad := func(c *Call, p *Value, _ []Value) { c.Return(Value{R: p.R}) }
	ptrStore := func(c *Call, p *Value, a []Value) { *p = Value{R: a[0].R} }
	ptrSwap := func(c *Call, p *Value, a []Value) {
		old := *p
		*p = Value{R: a[0].R}
		c.Return(old)
	}
	ptrCAS := func(c *Call, p *Value, a []Value) {
		if p.R != a[0].R {
			c.Return(Bool(false))
			return
		}
		*p = Value{R: a[1].R}
		c.Return(Bool(true))
	}
	reg("LoadPointer", "Pointer", "Load", ptrLoad)
	reg("StorePointer", "Pointer", "Store", ptrStore)
	reg("SwapPointer", "Pointer", "Swap", ptrSwap)
	reg("CompareAndSwapPointer", "Pointer", "CompareAndSwap", ptrCAS)

	// Bool: a uint32 that is 0 or 1 (type.go:b32).
	boolOp := func(name string, op atomicOp) {
		n["(*sync/atomic.Bool)."+name] = func(c *Call) {
			c.t.cpu += costAtomic
			if p := c.firstField(); p != nil {
				op(c, p, c.Args[1:])
			}
		}
	}
	b32 := func(v Value) uint64 {
		if v.B() {
			return 1
		}
		return 0
	}
	boolOp("Load", func(c *Call, p *Value, _ []Value) { c.Return(Bool(p.N != 0)) })
	boolOp("Store", func(c *Call, p *Value, a []Value) { p.N = b32(a[0]) })
	boolOp("Swap", func(c *Call, p *Value, a []Value) {
		old := p.N
		p.N = b32(a[0])
		c.Return(Bool(old != 0))
	})
	boolOp("CompareAndSwap", func(c *Call, p *Value, a []Value) {
		if p.N != b32(a[0]) {
			c.Return(Bool(false))
			return
		}
		p.N = b32(a[1])
		c.Return(Bool(true))
	})

	atomicValueNatives(n)
}

// atomicValueNatives are atomic.Value's methods (sync/atomic/value.go):
// the first Store fixes the dynamic type; nil and values of another type
// panic with the package's messages.
func atomicValueNatives(n map[string]Native) {
	typeOf := func(v Value) *Type {
		if i, _ := v.R.(*Iface); i != nil {
			return i.T
		}
		return nil
	}
	method := func(name string, op atomicOp) {
		n["(*sync/atomic.Value)."+name] = func(c *Call) {
			c.t.cpu += costAtomic
			if p := c.firstField(); p != nil {
				op(c, p, c.Args[1:])
			}
		}
	}
	method("Load", func(c *Call, p *Value, _ []Value) { c.Return(*p) })
	method("Store", func(c *Call, p *Value, a []Value) {
		nt := typeOf(a[0])
		if nt == nil {
			c.Panic("sync/atomic: store of nil value into Value")
			return
		}
		if t := typeOf(*p); t != nil && t != nt {
			c.Panic("sync/atomic: store of inconsistently typed value into Value")
			return
		}
		*p = a[0]
	})
	method("Swap", func(c *Call, p *Value, a []Value) {
		nt := typeOf(a[0])
		if nt == nil {
			c.Panic("sync/atomic: swap of nil value into Value")
			return
		}
		if t := typeOf(*p); t != nil && t != nt {
			c.Panic("sync/atomic: swap of inconsistently typed value into Value")
			return
		}
		old := *p
		*p = a[0]
		c.Return(old)
	})
	method("CompareAndSwap", func(c *Call, p *Value, a []Value) {
		old, nw := a[0], a[1]
		nt := typeOf(nw)
		if nt == nil {
			c.Panic("sync/atomic: compare and swap of nil value into Value")
			return
		}
		if ot := typeOf(old); ot != nil && ot != nt {
			c.Panic("sync/atomic: compare and swap of inconsistently typed values")
			return
		}
		t := typeOf(*p)
		if t == nil {
			if typeOf(old) != nil {
				c.Return(Bool(false))
				return
			}
			*p = nw
			c.Return(Bool(true))
			return
		}
		if t != nt {
			c.Panic("sync/atomic: compare and swap of inconsistently typed value into Value")
			return
		}
		// i != old: == on the interfaces, which panics for an
		// uncomparable dynamic type.
		if eq, ok := c.ifaceEq(*p, old); !ok || !eq {
			c.Return(Bool(false))
			return
		}
		*p = nw
		c.Return(Bool(true))
	})
}
