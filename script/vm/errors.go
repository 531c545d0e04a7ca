package vm

import (
	"errors"
	"fmt"

	"github.com/gmpbook/gmpbook/core"
	"go/types"
	"strconv"
	"strings"
)

func fmtErr(s string) error { return errors.New(s) }

// Runtime errors, raised as panics of the program (recoverable, as in Go).

func (t *Thread) runtimeError(msg string) status {
	t.panic = t.startPanic(&panicking{val: t.run.p.errorValue(msg, true), prev: t.panic})
	return stPanic
}

func (t *Thread) nilDeref() status {
	return t.runtimeError("invalid memory address or nil pointer dereference")
}

func (t *Thread) indexError(i int64, n int) status {
	return t.runtimeError(boundsText(boundsIndex, i, int64(n)))
}

// boundsKind is which check of an index or slice expression failed, as
// the compiler names them (cmd/compile ssagen: state.slice, the order
// of the checks) and the runtime prints them (error.go: boundsError).
type boundsKind uint8

const (
	boundsIndex      boundsKind = iota // s[x]: 0 <= x < len(s)
	boundsSliceAlen                    // s[:x] of a string or array: x <= len
	boundsSliceAcap                    // s[:x] of a slice: x <= cap
	boundsSliceB                       // s[x:y]: x <= y
	boundsSlice3Alen                   // s[::x] of an array: x <= len
	boundsSlice3Acap                   // s[::x] of a slice: x <= cap
	boundsSlice3B                      // s[:x:y]: x <= y
	boundsSlice3C                      // s[x:y:]: x <= y
)

// boundsFormats and boundsNegFormats are the runtime's messages by kind
// (error.go: boundsErrorFmt, and boundsNegErrorFmt for a negative x,
// which leaves y out), with X and Y for the two numbers.
var (
	boundsFormats = [...]string{
		boundsIndex:      "index out of range [X] with length Y",
		boundsSliceAlen:  "slice bounds out of range [:X] with length Y",
		boundsSliceAcap:  "slice bounds out of range [:X] with capacity Y",
		boundsSliceB:     "slice bounds out of range [X:Y]",
		boundsSlice3Alen: "slice bounds out of range [::X] with length Y",
		boundsSlice3Acap: "slice bounds out of range [::X] with capacity Y",
		boundsSlice3B:    "slice bounds out of range [:X:Y]",
		boundsSlice3C:    "slice bounds out of range [X:Y:]",
	}
	boundsNegFormats = [...]string{
		boundsIndex:      "index out of range [X]",
		boundsSliceAlen:  "slice bounds out of range [:X]",
		boundsSliceAcap:  "slice bounds out of range [:X]",
		boundsSliceB:     "slice bounds out of range [X:]",
		boundsSlice3Alen: "slice bounds out of range [::X]",
		boundsSlice3Acap: "slice bounds out of range [::X]",
		boundsSlice3B:    "slice bounds out of range [:X:]",
		boundsSlice3C:    "slice bounds out of range [X::]",
	}
)

// boundsText is the runtime's message for a failed check of x against y.
func boundsText(k boundsKind, x, y int64) string {
	f := boundsFormats[k]
	if x < 0 {
		f = boundsNegFormats[k]
	}
	return strings.NewReplacer("X", strconv.FormatInt(x, 10), "Y", strconv.FormatInt(y, 10)).Replace(f)
}

// panicString panics with a string value, as library code does.
func (t *Thread) panicString(msg string) status {
	t.panic = t.startPanic(&panicking{val: t.run.p.errorValue(msg, false), prev: t.panic})
	return stPanic
}

// panicPlain panics with a runtime.Error whose message has no
// "runtime error: " prefix (the runtime's plainError).
func (t *Thread) panicPlain(msg string) status {
	t.panic = t.startPanic(&panicking{val: t.run.p.plainError(msg), prev: t.panic})
	return stPanic
}

func (t *Thread) fatalGoNil() status {
	return t.runtimeError("invalid memory address or nil pointer dereference")
}

// stackOverflow stops the run: the real runtime would grow the stack to
// 1 GB and die with "fatal error: stack overflow".
func (t *Thread) stackOverflow() status {
	return t.limit("more than " + strconv.Itoa(maxFrames) + " nested calls; the real runtime stops at a 1 GB stack")
}

// limit ends the run at one of the VM's bounds, with msg.
func (t *Thread) limit(msg string) status {
	t.ended = true
	t.op = core.Op{Kind: core.OpLimit, Text: msg}
	return stYield
}

// typeAssertError is the runtime.TypeAssertionError of a failed x.(T).
func (t *Thread) typeAssertError(from types.Type, i *Iface, to types.Type, p *Program) status {
	var msg string
	iface := typeName(from)
	if _, ok := to.Underlying().(*types.Interface); ok {
		if i == nil {
			msg = "interface conversion: interface is nil, not " + typeName(to)
		} else {
			missing := ""
			if m, _ := types.MissingMethod(i.T.T, to.Underlying().(*types.Interface), true); m != nil {
				missing = m.Name()
			}
			msg = "interface conversion: " + i.T.Name + " is not " + typeName(to) + ": missing method " + missing
		}
	} else if i == nil {
		msg = "interface conversion: " + iface + " is nil, not " + typeName(to)
	} else {
		msg = "interface conversion: " + iface + " is " + i.T.Name + ", not " + typeName(to)
	}
	t.panic = t.startPanic(&panicking{val: p.typeError(msg), prev: t.panic})
	return stPanic
}

// The runtime's error types come from the prelude's runtime package.
func (p *Program) runtimeType(name string) *Type {
	for _, pkg := range p.ssa.AllPackages() {
		if pkg.Pkg.Path() == "runtime" {
			if obj := pkg.Pkg.Scope().Lookup(name); obj != nil {
				return p.typeOf(obj.Type())
			}
		}
	}
	return nil
}

// runtimePtrType is *runtime.name.
func (p *Program) runtimePtrType(name string) *Type {
	rt := p.runtimeType(name)
	if rt == nil {
		return nil
	}
	return p.typeOf(types.NewPointer(rt.T))
}

// errorValue is the value of a panic raised by the VM: a runtime error
// (runtime.Error, message after "runtime error: ") or a string.
func (p *Program) errorValue(msg string, runtimeErr bool) Value {
	if runtimeErr {
		if rt := p.runtimeType("errorString"); rt != nil {
			return Value{R: &Iface{T: rt, V: Str(msg)}}
		}
		msg = "runtime error: " + msg
	}
	return Value{R: &Iface{T: p.typeOf(types.Typ[types.String]), V: Str(msg)}}
}

func (p *Program) plainError(msg string) Value {
	if rt := p.runtimeType("plainError"); rt != nil {
		return Value{R: &Iface{T: rt, V: Str(msg)}}
	}
	return p.errorValue(msg, false)
}

func (p *Program) typeError(msg string) Value {
	if rt := p.runtimePtrType("TypeAssertionError"); rt != nil {
		return Value{R: &Iface{T: rt, V: Value{R: &Value{R: &Agg{V: []Value{Str(msg)}}}}}}
	}
	return p.errorValue(msg, false)
}

func (p *Program) panicNilError() Value {
	if rt := p.runtimePtrType("PanicNilError"); rt != nil {
		return Value{R: &Iface{T: rt, V: Value{R: &Value{R: &Agg{V: []Value{{}}}}}}}
	}
	return p.errorValue("panic called with nil argument", false)
}

// panicText is the value part of "panic: …" as the runtime prints it
// (runtime/panic.go:printpanicval): an error's Error(), a Stringer's
// String(), a basic value, or a named basic value as T(v).
func (p *Program) panicText(t *Thread, v Value) string {
	i, _ := v.R.(*Iface)
	if i == nil {
		return "nil"
	}
	if s, ok := t.methodString(i, "Error"); ok {
		if strings.HasPrefix(s, "runtime error: invalid memory address") {
			s += "\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]"
		}
		return s
	}
	if s, ok := t.methodString(i, "String"); ok {
		return s
	}
	b, ok := i.T.T.Underlying().(*types.Basic)
	if !ok {
		return "(" + i.T.Name + ") " + pseudoAddr(nil)
	}
	s := printBuiltin(b, i.V)
	if _, named := i.T.T.(*types.Named); named {
		if b.Info()&types.IsString != 0 {
			return i.T.Name + "(" + strconv.Quote(s) + ")"
		}
		return i.T.Name + "(" + s + ")"
	}
	if b.Info()&types.IsString != 0 {
		return s
	}
	return s
}

// methodString calls a string-returning method without arguments.
func (t *Thread) methodString(i *Iface, name string) (s string, ok bool) {
	f := t.run.p.method(i.T, name)
	if f == nil || f.ssa.Signature.Params().Len() != 0 || f.ssa.Signature.Results().Len() != 1 {
		return "", false
	}
	defer func() {
		if e := recover(); e != nil {
			s, ok = fmt.Sprintf("(panic in %s: %v)", name, e), true
		}
	}()
	res := t.callSync(Value{R: &Closure{Fn: f}}, []Value{i.V})
	if len(res) != 1 {
		return "", false
	}
	return res[0].S(), true
}
