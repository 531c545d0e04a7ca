package vm

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// GoName is a scene author's name for the goroutines one go statement
// starts (a "//> name worker {i}" directive): literal text and values read
// when the statement runs, so that each goroutine gets its own name. The
// name rides on the OpGo to the simulator, which puts it on the
// goroutine's EvGoCreate (core.Event.GoLabel).
type GoName struct {
	Go token.Pos // the go keyword of the statement
	// Args is how many arguments the SSA call has besides a receiver: the
	// arguments as written, with the variadic ones as one slice.
	Args  int
	Parts []NamePart
	// Starter marks a name on a wg.Go(f) or g.Go(f) call rather than a
	// go statement: Go is then the call's (, and the name is of the
	// goroutine the method starts to run f (its only argument).
	Starter bool
}

// NamePart is one piece of a GoName: literal Text, the value of the call's
// argument Arg, or the value of the started closure's free variable Free.
// Exactly one is meant: Text when it is not empty, else Free when it is not
// empty, else Arg.
type NamePart struct {
	Text string
	// Arg counts the call's arguments as written in the go statement
	// (0 is the first), not counting a method's receiver.
	Arg  int
	Free string
}

// goNamer compiles the name of the goroutine go statement in starts, or
// returns nil when the author gave none. The returned function reads the
// values in frame fr when the statement runs.
func (c *fnCompiler) goNamer(in *ssa.Go) (func(fr *frame) string, error) {
	gn, ok := c.p.goNames[in.Pos()]
	if !ok || gn.Starter {
		return nil, nil
	}
	return c.namer(gn, in.Common(), in.Common().Value)
}

// starterNamer compiles the name of the goroutine that call (a wg.Go(f)
// or g.Go(f) the author named) starts, or returns nil when there is none.
func (c *fnCompiler) starterNamer(call *ssa.Call) (func(fr *frame) string, error) {
	gn, ok := c.p.goNames[call.Pos()]
	if !ok || !gn.Starter {
		return nil, nil
	}
	cc := call.Common()
	if len(cc.Args) == 0 {
		return nil, fmt.Errorf("the call has no function to start")
	}
	return c.namer(gn, cc, cc.Args[len(cc.Args)-1])
}

// namer compiles gn for call cc, whose started function is fnv.
func (c *fnCompiler) namer(gn GoName, cc *ssa.CallCommon, fnv ssa.Value) (func(fr *frame) string, error) {
	type piece struct {
		text string
		reg  operand
		typ  *types.Basic
		ptr  bool // reg holds a pointer to the value (a captured variable)
	}
	var pieces []piece
	// The SSA call may put a receiver before the arguments as written.
	skip := len(cc.Args) - gn.Args
	for _, pt := range gn.Parts {
		switch {
		case pt.Text != "":
			pieces = append(pieces, piece{text: pt.Text})
		case pt.Free != "":
			mc, _ := fnv.(*ssa.MakeClosure)
			if mc == nil {
				return nil, fmt.Errorf("{%s}: the go statement does not start a closure", pt.Free)
			}
			fn := mc.Fn.(*ssa.Function)
			j := -1
			for k, fv := range fn.FreeVars {
				if fv.Name() == pt.Free {
					j = k
				}
			}
			if j < 0 {
				return nil, fmt.Errorf("{%s}: the closure does not use %s", pt.Free, pt.Free)
			}
			b := mc.Bindings[j]
			t, ptr := b.Type(), false
			if p, ok := t.Underlying().(*types.Pointer); ok {
				// A captured variable is shared through its address.
				t, ptr = p.Elem(), true
			}
			bt, ok := t.Underlying().(*types.Basic)
			if !ok {
				return nil, fmt.Errorf("{%s}: a name can show a number, a string or a bool, not a %s", pt.Free, t)
			}
			pieces = append(pieces, piece{reg: c.operand(b), typ: bt, ptr: ptr})
		default:
			k := pt.Arg + skip
			if pt.Arg < 0 || skip < 0 || k >= len(cc.Args) {
				return nil, fmt.Errorf("argument %d of the go statement is not in its call", pt.Arg)
			}
			a := cc.Args[k]
			bt, ok := a.Type().Underlying().(*types.Basic)
			if !ok {
				return nil, fmt.Errorf("a name can show a number, a string or a bool, not a %s", a.Type())
			}
			pieces = append(pieces, piece{reg: c.operand(a), typ: bt})
		}
	}
	return func(fr *frame) string {
		var b strings.Builder
		for _, p := range pieces {
			if p.typ == nil {
				b.WriteString(p.text)
				continue
			}
			v := fr.get(p.reg)
			if p.ptr {
				pv := v.Ptr()
				if pv == nil {
					b.WriteString("?")
					continue
				}
				v = *pv
			}
			fmt.Fprint(&b, host(p.typ, v))
		}
		return b.String()
	}, nil
}
