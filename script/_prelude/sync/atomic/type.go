package atomic

// The atomic types (sync/atomic/type.go). Their methods are natives on
// the one field v, like the functions on &v.

// A Bool is an atomic boolean value. The zero value is false.
type Bool struct{ v uint32 }

func (x *Bool) Load() bool
func (x *Bool) Store(val bool)
func (x *Bool) Swap(new bool) (old bool)
func (x *Bool) CompareAndSwap(old, new bool) (swapped bool)

// A Pointer is an atomic pointer of type *T. The zero value is a nil *T.
type Pointer[T any] struct{ v *T }

func (x *Pointer[T]) Load() *T
func (x *Pointer[T]) Store(val *T)
func (x *Pointer[T]) Swap(new *T) (old *T)
func (x *Pointer[T]) CompareAndSwap(old, new *T) (swapped bool)

// An Int32 is an atomic int32. The zero value is zero.
type Int32 struct{ v int32 }

func (x *Int32) Load() int32
func (x *Int32) Store(val int32)
func (x *Int32) Swap(new int32) (old int32)
func (x *Int32) CompareAndSwap(old, new int32) (swapped bool)
func (x *Int32) Add(delta int32) (new int32)
func (x *Int32) And(mask int32) (old int32)
func (x *Int32) Or(mask int32) (old int32)

// An Int64 is an atomic int64. The zero value is zero.
type Int64 struct{ v int64 }

func (x *Int64) Load() int64
func (x *Int64) Store(val int64)
func (x *Int64) Swap(new int64) (old int64)
func (x *Int64) CompareAndSwap(old, new int64) (swapped bool)
func (x *Int64) Add(delta int64) (new int64)
func (x *Int64) And(mask int64) (old int64)
func (x *Int64) Or(mask int64) (old int64)

// A Uint32 is an atomic uint32. The zero value is zero.
type Uint32 struct{ v uint32 }

func (x *Uint32) Load() uint32
func (x *Uint32) Store(val uint32)
func (x *Uint32) Swap(new uint32) (old uint32)
func (x *Uint32) CompareAndSwap(old, new uint32) (swapped bool)
func (x *Uint32) Add(delta uint32) (new uint32)
func (x *Uint32) And(mask uint32) (old uint32)
func (x *Uint32) Or(mask uint32) (old uint32)

// A Uint64 is an atomic uint64. The zero value is zero.
type Uint64 struct{ v uint64 }

func (x *Uint64) Load() uint64
func (x *Uint64) Store(val uint64)
func (x *Uint64) Swap(new uint64) (old uint64)
func (x *Uint64) CompareAndSwap(old, new uint64) (swapped bool)
func (x *Uint64) Add(delta uint64) (new uint64)
func (x *Uint64) And(mask uint64) (old uint64)
func (x *Uint64) Or(mask uint64) (old uint64)

// A Uintptr is an atomic uintptr. The zero value is zero.
type Uintptr struct{ v uintptr }

func (x *Uintptr) Load() uintptr
func (x *Uintptr) Store(val uintptr)
func (x *Uintptr) Swap(new uintptr) (old uintptr)
func (x *Uintptr) CompareAndSwap(old, new uintptr) (swapped bool)
func (x *Uintptr) Add(delta uintptr) (new uintptr)
func (x *Uintptr) And(mask uintptr) (old uintptr)
func (x *Uintptr) Or(mask uintptr) (old uintptr)

// A Value provides an atomic load and store of a consistently typed value
// (sync/atomic/value.go). The zero value's Load returns nil.
type Value struct{ v any }

func (v *Value) Load() (val any)
func (v *Value) Store(val any)
func (v *Value) Swap(new any) (old any)
func (v *Value) CompareAndSwap(old, new any) (swapped bool)
