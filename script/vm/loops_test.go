package vm

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestFillLoopsAreRecognised: which loops the VM runs as strided fills
// (fill.go). A loop is one only when an iteration is the store of a value
// that does not change, the step and the comparison with a bound that
// does not change; anything else in the loop leaves it to the
// interpreter. That the fills keep the virtual time and the results of
// interpreting them is script's TestShortcutsKeepTheVirtualTimeOfOneInstructionAtATime.
func TestFillLoopsAreRecognised(t *testing.T) {
	src := `package main

var n = 100

func sieve(c []bool, i int) {
	for j := i * i; j <= n; j += i {
		c[j] = true
	}
}

func down(a []int, v int) {
	for j := len(a) - 1; j >= 0; j -= 3 {
		a[j] = v
	}
}

func left(a []string, m int) {
	for j := 0; m > j; j += 2 {
		a[j] = "x"
	}
}

func array(p *[64]int8, k int) {
	for j := k; j < 64; j = k + j {
		p[j] = -1
	}
}

// The value is the index: it changes every iteration.
func index(a []int) {
	for j := 0; j < len(a); j++ {
		a[j] = j
	}
}

// The body does more than store and step.
func twice(a []int) {
	for j := 0; j < len(a); j++ {
		a[j] = 1
		a[len(a)-1-j] = 2
	}
}

// A package-level bound the body cannot store to, and a length.
var m = 10

func bound(a []int) {
	for j := 0; j < m; j++ {
		a[j] = 1
	}
}

func length(a []float64) {
	for j := 0; j < len(a); j += 2 {
		a[j] = 0.5
	}
}

// The step changes: it is not the same register every iteration.
func grow(a []int) {
	k := 1
	for j := 0; j < len(a); j += k {
		a[j] = 1
		k++
	}
}

// Aggregates are copied, not stored.
type pair struct{ a, b int }

func pairs(a []pair, p pair) {
	for j := 0; j < len(a); j++ {
		a[j] = p
	}
}

func main() {}
`
	pkg, p := buildSource(t, src)
	want := map[string]bool{
		"sieve": true, "down": true, "left": true, "array": true, "bound": true, "length": true,
		"index": false, "twice": false, "grow": false, "pairs": false,
	}
	checkLoops(t, pkg, p, want, func(h *header) bool { return h.fill != nil }, "a fill loop")
}

// TestNumericLoopsAreRecognised: which loops the VM runs as numeric loops
// (numloop.go): a body that is one numeric run and its jump, a header
// that compares registers, a package-level variable the body cannot
// store to or a length. That they keep the virtual time and the results
// is script's TestShortcutsKeepTheVirtualTimeOfOneInstructionAtATime.
func TestNumericLoopsAreRecognised(t *testing.T) {
	src := `package main

var n = 100

func pi(steps int) float64 {
	h := 1 / float64(steps)
	sum := 0.0
	for i := 0; i < steps; i++ {
		x := float64(float64(i)+0.5) * h
		sum += 4 / float64(1+float64(x*x))
	}
	return sum * h
}

func global() (acc int) {
	for i := 0; i < n; i++ {
		acc = acc*31 + i
	}
	return
}

func length(a []int) (s int) {
	for i := 0; i < len(a); i++ {
		s += i
	}
	return
}

// A load from the slice: not a numeric run.
func load(a []int) (s int) {
	for i := 0; i < len(a); i++ {
		s += a[i]
	}
	return
}

// A division by an integer can panic: not in a numeric run.
func div(k int) (s int) {
	for i := 1; i < 50; i++ {
		s += k / i
	}
	return
}

// The body stores to the bound.
func bound() (s int) {
	for i := 0; i < n; i++ {
		s += i
		n--
	}
	return
}

func main() {}
`
	pkg, p := buildSource(t, src)
	want := map[string]bool{"pi": true, "global": true, "length": true, "load": false, "div": false, "bound": false}
	checkLoops(t, pkg, p, want, func(h *header) bool { return h.num != nil }, "a numeric loop")
}

// buildSource compiles a program without imports.
func buildSource(t *testing.T, src string) (*ssa.Package, *Program) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "loops.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{},
	}
	tpkg, err := (&types.Config{}).Check("main", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	prog := ssa.NewProgram(fset, ssa.SanityCheckFunctions)
	pkg := prog.CreatePackage(tpkg, []*ast.File{f}, info, true)
	prog.Build()
	p, err := New(pkg.Prog, pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, p
}

// checkLoops checks, for each function named in want, whether one of its
// loop headers is of a kind (is).
func checkLoops(t *testing.T, pkg *ssa.Package, p *Program, want map[string]bool, is func(*header) bool, kind string) {
	t.Helper()
	for name, fill := range want {
		fn := pkg.Func(name)
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		vf := p.funcOf(fn)
		got := false
		for _, b := range vf.blocks {
			if b.hdr != nil && is(b.hdr) {
				got = true
			}
		}
		if got != fill {
			t.Errorf("%s: %s: %v, want %v", name, kind, got, fill)
		}
	}
}
