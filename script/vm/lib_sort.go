package vm

import (
	"go/types"
	"strings"
)

// sort: the element swaps of sort.Slice, which the real package does
// with reflection.
func init() {
	registerNatives(func(n map[string]Native) {
		n["sort.sliceLen"] = func(c *Call) {
			s, ok := sliceIn(c)
			if ok {
				c.Return(Int(int64(len(s))))
			}
		}
		n["sort.swapElems"] = func(c *Call) {
			s, ok := sliceIn(c)
			if !ok {
				return
			}
			i, j := c.Args[1].I(), c.Args[2].I()
			if i < 0 || i >= int64(len(s)) || j < 0 || j >= int64(len(s)) {
				k := i
				if i >= 0 && i < int64(len(s)) {
					k = j
				}
				c.RuntimeError(boundsText(boundsIndex, k, int64(len(s))))
				return
			}
			// Stores, not moves: pointers into the elements stay where
			// they were, as in Go.
			tmp := copyVal(s[i])
			store(&s[i], s[j])
			store(&s[j], tmp)
		}
	})
}

// sliceIn is the slice in the call's first argument, an interface; for
// another value the call panics as reflect.Swapper does.
func sliceIn(c *Call) ([]Value, bool) {
	i, _ := c.Args[0].R.(*Iface)
	if i == nil {
		c.Panic("reflect: call of Swapper on zero Value")
		return nil, false
	}
	if _, ok := i.T.T.Underlying().(*types.Slice); !ok {
		c.Panic("reflect: call of Swapper on " + kindName(i.T.T) + " Value")
		return nil, false
	}
	s, _ := i.V.R.([]Value)
	return s, true
}

// kindName is reflect.Kind's name of t's kind.
func kindName(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.UnsafePointer {
			return "unsafe.Pointer"
		}
		return strings.TrimPrefix(types.Typ[u.Kind()].Name(), "untyped ")
	case *types.Pointer:
		return "ptr"
	case *types.Struct:
		return "struct"
	case *types.Array:
		return "array"
	case *types.Map:
		return "map"
	case *types.Chan:
		return "chan"
	case *types.Signature:
		return "func"
	case *types.Interface:
		return "interface"
	}
	return "invalid"
}

func itoa64(n int64) string {
	if n < 0 {
		return "-" + itoa(int(-n))
	}
	return itoa(int(n))
}
