package vm

import (
	"runtime"
	"strings"
	"unsafe"
)

// Helpers of the library's leaf natives (lib_strings.go, lib_bytes.go,
// …): they convert between program values and host values and run the
// host's own implementation of the function.

// guard turns a panic of the host's library function into the program's
// panic, with the same message: `defer guard(c)` in a native.
func guard(c *Call) {
	switch e := recover().(type) {
	case nil:
	case runtimeError:
		// The VM's own (a nil Source, a callback that blocked): raised
		// here, with the message once.
		c.RuntimeError(string(e))
	case vmPanic:
		panic(e)
	case runtime.Error:
		c.RuntimeError(strings.TrimPrefix(e.Error(), "runtime error: "))
	case string:
		c.Panic(e)
	case error:
		c.Panic(e.Error())
	default:
		panic(e)
	}
}

// bytesOf copies a []byte of the program to the host, with the same
// length and capacity.
func bytesOf(v Value) []byte {
	s, _ := v.R.([]Value)
	if s == nil {
		return nil
	}
	b := make([]byte, len(s), cap(s))
	for i, e := range s {
		b[i] = byte(e.N)
	}
	return b
}

// bytesVal makes a new []byte of the program from the host's b, with its
// length and capacity (nil for nil).
func bytesVal(b []byte) Value {
	if b == nil {
		return Value{}
	}
	s := make([]Value, len(b), cap(b))
	for i, c := range b {
		s[i].N = uint64(c)
	}
	return Value{R: s}
}

// subslice returns what the host's res is to host (the copy bytesOf made
// of the program's slice orig): the same part of orig if res lies in
// host's storage, as the real functions return sub-slices of their
// argument; otherwise a new slice.
func subslice(orig Value, host, res []byte) Value {
	if res == nil {
		return Value{}
	}
	s, _ := orig.R.([]Value)
	if cap(host) > 0 && cap(res) > 0 {
		base := uintptr(unsafe.Pointer(unsafe.SliceData(host)))
		p := uintptr(unsafe.Pointer(unsafe.SliceData(res)))
		if p >= base && p < base+uintptr(cap(host)) {
			off := int(p - base)
			return Value{R: s[off : off+len(res) : off+cap(res)]}
		}
	}
	return bytesVal(res)
}

// subslices is subslice for each of a result's slices.
func subslices(orig Value, host []byte, res [][]byte) Value {
	if res == nil {
		return Value{}
	}
	out := make([]Value, len(res), cap(res))
	for i, r := range res {
		out[i] = subslice(orig, host, r)
	}
	return Value{R: out}
}

// appendTo appends to the program's []byte dst what f appends to a host
// slice of the same length and capacity: in place if f's append had room,
// else in new storage of the capacity the host's append chose. f must
// not read the slice it is given.
func appendTo(dst Value, f func([]byte) []byte) Value {
	s, _ := dst.R.([]Value)
	host := f(make([]byte, len(s), cap(s)))
	var out []Value
	if cap(host) == cap(s) {
		out = s[:len(host)]
	} else {
		out = make([]Value, len(host), cap(host))
		copy(out, s)
	}
	for i := len(s); i < len(host); i++ {
		out[i] = Value{N: uint64(host[i])}
	}
	return Value{R: out}
}

// strsOf copies a []string of the program to the host.
func strsOf(v Value) []string {
	s, _ := v.R.([]Value)
	out := make([]string, len(s))
	for i, e := range s {
		out[i] = e.S()
	}
	return out
}

// strsVal makes a []string of the program (nil for nil), with the host
// slice's capacity.
func strsVal(ss []string) Value {
	if ss == nil {
		return Value{}
	}
	out := make([]Value, len(ss), cap(ss))
	for i, s := range ss {
		out[i] = Str(s)
	}
	for i := len(ss); i < cap(ss); i++ {
		out[i] = Str("")
	}
	return Value{R: out}
}

// checkLen stops the run when a native would build a string or slice
// longer than the VM allows (the host would try to allocate it).
func checkLen(n int64) {
	if n < 0 || n > maxString {
		panic("a string or slice longer than " + itoa(maxString) + " bytes")
	}
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// Adapters from host functions to natives, by signature.

func nS_S(f func(string) string) Native {
	return func(c *Call) { c.Return(Str(f(c.Args[0].S()))) }
}

func nSS_S(f func(a, b string) string) Native {
	return func(c *Call) { c.Return(Str(f(c.Args[0].S(), c.Args[1].S()))) }
}

func nSS_B(f func(a, b string) bool) Native {
	return func(c *Call) { c.Return(Bool(f(c.Args[0].S(), c.Args[1].S()))) }
}

func nSS_I(f func(a, b string) int) Native {
	return func(c *Call) { c.Return(Int(int64(f(c.Args[0].S(), c.Args[1].S())))) }
}

func nSS_L(f func(a, b string) []string) Native {
	return func(c *Call) { c.Return(strsVal(f(c.Args[0].S(), c.Args[1].S()))) }
}

func nSSI_L(f func(a, b string, n int) []string) Native {
	return func(c *Call) { c.Return(strsVal(f(c.Args[0].S(), c.Args[1].S(), int(c.Args[2].I())))) }
}

func nR_B(f func(rune) bool) Native {
	return func(c *Call) { c.Return(Bool(f(rune(c.Args[0].I())))) }
}

func nR_R(f func(rune) rune) Native {
	return func(c *Call) { c.Return(Int(int64(f(rune(c.Args[0].I()))))) }
}

// Byte-slice adapters: the result is a sub-slice of the first argument
// where the host's is.

func nB_B(f func([]byte) []byte) Native {
	return func(c *Call) {
		b := bytesOf(c.Args[0])
		c.Return(subslice(c.Args[0], b, f(b)))
	}
}

func nBB_B(f func(a, b []byte) []byte) Native {
	return func(c *Call) {
		b := bytesOf(c.Args[0])
		c.Return(subslice(c.Args[0], b, f(b, bytesOf(c.Args[1]))))
	}
}

func nBS_B(f func(a []byte, b string) []byte) Native {
	return func(c *Call) {
		b := bytesOf(c.Args[0])
		c.Return(subslice(c.Args[0], b, f(b, c.Args[1].S())))
	}
}

func nBB_Bool(f func(a, b []byte) bool) Native {
	return func(c *Call) { c.Return(Bool(f(bytesOf(c.Args[0]), bytesOf(c.Args[1])))) }
}

func nBB_I(f func(a, b []byte) int) Native {
	return func(c *Call) { c.Return(Int(int64(f(bytesOf(c.Args[0]), bytesOf(c.Args[1]))))) }
}

func nBS_I(f func(a []byte, b string) int) Native {
	return func(c *Call) { c.Return(Int(int64(f(bytesOf(c.Args[0]), c.Args[1].S())))) }
}

func nBB_L(f func(a, b []byte) [][]byte) Native {
	return func(c *Call) {
		b := bytesOf(c.Args[0])
		c.Return(subslices(c.Args[0], b, f(b, bytesOf(c.Args[1]))))
	}
}

func nBBI_L(f func(a, b []byte, n int) [][]byte) Native {
	return func(c *Call) {
		b := bytesOf(c.Args[0])
		c.Return(subslices(c.Args[0], b, f(b, bytesOf(c.Args[1]), int(c.Args[2].I()))))
	}
}
