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
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "fill.go", src, 0)
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
	want := map[string]bool{
		"sieve": true, "down": true, "left": true, "array": true,
		"bound": true, "length": true,
		"index": false, "twice": false, "grow": false, "pairs": false,
	}
	for name, fill := range want {
		fn := pkg.Func(name)
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		vf := p.funcOf(fn)
		got := false
		for _, b := range vf.blocks {
			if b.hdr != nil && b.hdr.fill != nil {
				got = true
			}
		}
		if got != fill {
			t.Errorf("%s: a fill loop: %v, want %v", name, got, fill)
		}
	}
}
