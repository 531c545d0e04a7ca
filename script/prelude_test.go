package script

import (
	"go/constant"
	"go/importer"
	"go/token"
	"go/types"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// libraryPackages are the prelude packages that mirror a standard package
// and are checked against it here.
var libraryPackages = []string{
	"bytes", "cmp", "container/heap", "container/list", "io", "iter", "maps", "math", "math/bits",
	"math/rand", "math/rand/v2", "slices", "sort", "strconv", "strings", "unicode", "unicode/utf8",
}

// TestPreludeAPIIsTheStandardLibrarys checks that everything exported by
// the prelude packages above exists in the real standard library with
// the same kind, type or signature (and value, for constants), so that a
// scene that type-checks against the prelude builds with the toolchain.
func TestPreludeAPIIsTheStandardLibrarys(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no Go toolchain to read the standard library from")
	}
	fset := token.NewFileSet()
	real := importer.ForCompiler(fset, "source", nil)
	prelude := newPreludeImporter(token.NewFileSet())
	for _, path := range libraryPackages {
		t.Run(path, func(t *testing.T) {
			mine, err := prelude.Import(path)
			require.NoError(t, err)
			std, err := real.Import(path)
			require.NoError(t, err)
			var missing []string
			for _, name := range std.Scope().Names() {
				if token.IsExported(name) && mine.Scope().Lookup(name) == nil {
					missing = append(missing, name)
				}
			}
			if len(missing) > 0 {
				t.Logf("not in the prelude: %s", strings.Join(missing, " "))
			}
			for _, name := range mine.Scope().Names() {
				if !token.IsExported(name) {
					continue
				}
				obj, want := mine.Scope().Lookup(name), std.Scope().Lookup(name)
				if want == nil {
					t.Errorf("%s.%s is not in the standard library", path, name)
					continue
				}
				if d := objDiff(obj, want); d != "" {
					t.Errorf("%s.%s: %s", path, name, d)
				}
			}
		})
	}
}

// objDiff describes how the prelude's object differs from the real one
// ("" if it does not).
func objDiff(mine, std types.Object) string {
	switch m := mine.(type) {
	case *types.Const:
		s, ok := std.(*types.Const)
		if !ok {
			return "a constant, not a " + kindOf(std)
		}
		if a, b := typeStr(m.Type()), typeStr(s.Type()); a != b {
			return "type " + a + ", want " + b
		}
		if !constant.Compare(m.Val(), token.EQL, s.Val()) {
			return "value " + m.Val().ExactString() + ", want " + s.Val().ExactString()
		}
	case *types.Var:
		s, ok := std.(*types.Var)
		if !ok {
			return "a variable, not a " + kindOf(std)
		}
		if a, b := typeStr(m.Type()), typeStr(s.Type()); a != b {
			return "type " + a + ", want " + b
		}
	case *types.Func:
		s, ok := std.(*types.Func)
		if !ok {
			return "a function, not a " + kindOf(std)
		}
		if a, b := typeStr(m.Type()), typeStr(s.Type()); a != b {
			return a + ", want " + b
		}
	case *types.TypeName:
		s, ok := std.(*types.TypeName)
		if !ok {
			return "a type, not a " + kindOf(std)
		}
		return typeDiff(m, s)
	default:
		return "unexpected " + kindOf(mine)
	}
	return ""
}

func kindOf(obj types.Object) string {
	switch obj.(type) {
	case *types.Const:
		return "constant"
	case *types.Var:
		return "variable"
	case *types.Func:
		return "function"
	case *types.TypeName:
		return "type"
	}
	return "?"
}

// typeDiff compares two type declarations: alias or not, type
// parameters, the underlying type (of a struct, its exported fields
// only) and the exported methods with their receivers.
func typeDiff(mine, std *types.TypeName) string {
	if mine.IsAlias() != std.IsAlias() {
		return "alias mismatch"
	}
	if mine.IsAlias() {
		if a, b := typeStr(mine.Type()), typeStr(std.Type()); a != b {
			return "alias of " + a + ", want " + b
		}
		return ""
	}
	mn, sn := mine.Type().(*types.Named), std.Type().(*types.Named)
	if a, b := tparamStr(mn.TypeParams()), tparamStr(sn.TypeParams()); a != b {
		return "type parameters " + a + ", want " + b
	}
	mu, su := mn.Underlying(), sn.Underlying()
	if ms, ok := mu.(*types.Struct); ok {
		ss, ok := su.(*types.Struct)
		if !ok {
			return "a struct, want " + typeStr(su)
		}
		if a, b := exportedFields(ms), exportedFields(ss); a != b {
			return "exported fields " + a + ", want " + b
		}
	} else if a, b := typeStr(mu), typeStr(su); a != b {
		return "underlying type " + a + ", want " + b
	}
	for i := 0; i < mn.NumMethods(); i++ {
		m := mn.Method(i)
		if !m.Exported() {
			continue
		}
		var s *types.Func
		for j := 0; j < sn.NumMethods(); j++ {
			if sn.Method(j).Name() == m.Name() {
				s = sn.Method(j)
			}
		}
		if s == nil {
			return "method " + m.Name() + " is not in the standard library"
		}
		msig, ssig := m.Type().(*types.Signature), s.Type().(*types.Signature)
		_, mp := msig.Recv().Type().(*types.Pointer)
		_, sp := ssig.Recv().Type().(*types.Pointer)
		if mp != sp {
			return "method " + m.Name() + ": pointer receiver mismatch"
		}
		if a, b := typeStr(msig), typeStr(ssig); a != b {
			return "method " + m.Name() + ": " + a + ", want " + b
		}
	}
	return ""
}

func exportedFields(s *types.Struct) string {
	var b strings.Builder
	for i := 0; i < s.NumFields(); i++ {
		if f := s.Field(i); f.Exported() {
			b.WriteString(f.Name() + " " + typeStr(f.Type()) + "; ")
		}
	}
	return b.String()
}

// typeStr spells a type with package paths and without parameter names,
// so that two packages' declarations of one API compare equal.
func typeStr(t types.Type) string {
	var b strings.Builder
	writeTypeStr(&b, t)
	return b.String()
}

func writeTypeStr(b *strings.Builder, t types.Type) {
	switch t := t.(type) {
	case *types.Basic:
		b.WriteString(types.Typ[t.Kind()].Name())
	case *types.Alias:
		writeTypeStr(b, types.Unalias(t))
	case *types.Named:
		if pkg := t.Obj().Pkg(); pkg != nil {
			b.WriteString(pkg.Path() + ".")
		}
		b.WriteString(t.Obj().Name())
		if args := t.TypeArgs(); args != nil && args.Len() > 0 {
			b.WriteByte('[')
			for i := 0; i < args.Len(); i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				writeTypeStr(b, args.At(i))
			}
			b.WriteByte(']')
		}
	case *types.TypeParam:
		b.WriteString(t.Obj().Name())
	case *types.Pointer:
		b.WriteByte('*')
		writeTypeStr(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		writeTypeStr(b, t.Elem())
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		writeTypeStr(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		writeTypeStr(b, t.Key())
		b.WriteByte(']')
		writeTypeStr(b, t.Elem())
	case *types.Chan:
		b.WriteString([]string{"chan ", "chan<- ", "<-chan "}[t.Dir()])
		writeTypeStr(b, t.Elem())
	case *types.Signature:
		b.WriteString("func")
		b.WriteString(tparamStr(t.TypeParams()))
		b.WriteByte('(')
		for i := 0; i < t.Params().Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if t.Variadic() && i == t.Params().Len()-1 {
				b.WriteString("...")
				writeTypeStr(b, t.Params().At(i).Type().(*types.Slice).Elem())
				continue
			}
			writeTypeStr(b, t.Params().At(i).Type())
		}
		b.WriteString(") (")
		for i := 0; i < t.Results().Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			writeTypeStr(b, t.Results().At(i).Type())
		}
		b.WriteByte(')')
	case *types.Struct:
		b.WriteString("struct{")
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			if !f.Embedded() {
				b.WriteString(f.Name() + " ")
			}
			writeTypeStr(b, f.Type())
			b.WriteString("; ")
		}
		b.WriteByte('}')
	case *types.Interface:
		// The complete method set, and the type terms of constraints.
		var parts []string
		for i := 0; i < t.NumMethods(); i++ {
			m := t.Method(i)
			parts = append(parts, m.Name()+strings.TrimPrefix(typeStr(m.Type()), "func"))
		}
		for i := 0; i < t.NumEmbeddeds(); i++ {
			if _, ok := t.EmbeddedType(i).Underlying().(*types.Interface); !ok {
				parts = append(parts, typeStr(t.EmbeddedType(i)))
			} else if u, ok := t.EmbeddedType(i).(*types.Named); ok {
				// A named constraint (cmp.Ordered): its terms.
				if it := u.Underlying().(*types.Interface); !it.IsMethodSet() {
					parts = append(parts, typeStr(u))
				}
			}
		}
		sort.Strings(parts)
		b.WriteString("interface{" + strings.Join(parts, "; ") + "}")
	case *types.Union:
		for i := 0; i < t.Len(); i++ {
			if i > 0 {
				b.WriteString(" | ")
			}
			if t.Term(i).Tilde() {
				b.WriteByte('~')
			}
			writeTypeStr(b, t.Term(i).Type())
		}
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			writeTypeStr(b, t.At(i).Type())
		}
	default:
		b.WriteString(t.String())
	}
}

// tparamStr is a type parameter list with the constraints.
func tparamStr(l *types.TypeParamList) string {
	if l == nil || l.Len() == 0 {
		return ""
	}
	var parts []string
	for i := 0; i < l.Len(); i++ {
		p := l.At(i)
		parts = append(parts, p.Obj().Name()+" "+typeStr(p.Constraint()))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
