package vm

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/gmpbook/gmpbook/core"
)

// Program is an SSA program compiled for the VM, ready to run any number
// of times (each run with NewRun).
type Program struct {
	ssa     *ssa.Program
	fset    *token.FileSet
	main    *ssa.Package
	funcs   map[*ssa.Function]*Func
	globals map[*ssa.Global]int
	gtypes  []types.Type
	types   typeutil.Map // types.Type → *Type
	ntypes  int
	natives map[string]Native
	errs    []error
	sizes   types.Sizes
	// MaxInstructions bounds the instructions one run may execute.
	MaxInstructions int64
	// UserFile is the scene's file name: frames of other files are the
	// library's (stack traces name them as the runtime would).
	UserFile string
	zb       *Value
	// NoSummaries makes every loop interpreted iteration by iteration
	// (loop.go), so that tests can compare the two.
	NoSummaries bool
	// branchSites counts the Ifs compiled so far (predict.go).
	branchSites int32
	// OneByOne runs every instruction alone (no segment at once, no fused
	// code, no header run by the jump into it), so that tests can check
	// that those keep the virtual time of running instruction by
	// instruction.
	OneByOne bool
	// goNames are the authors' names for go statements, by the position of
	// their go keyword (goname.go).
	goNames map[token.Pos]GoName
}

// New compiles prog, whose package main is mainPkg. natives supplies the
// functions without a body (see Native); a call of a missing one is an
// error reported before the program runs. names are the authors' names
// for the goroutines of go statements (GoName).
func New(prog *ssa.Program, mainPkg *ssa.Package, natives map[string]Native, names ...GoName) (*Program, error) {
	p := &Program{
		ssa: prog, fset: prog.Fset, main: mainPkg,
		funcs:   map[*ssa.Function]*Func{},
		globals: map[*ssa.Global]int{},
		natives: natives,
		sizes:   types.SizesFor("gc", "amd64"),
	}
	for _, n := range names {
		if p.goNames == nil {
			p.goNames = map[token.Pos]GoName{}
		}
		p.goNames[n.Go] = n
	}
	p.MaxInstructions = 400_000_000
	// Every function that can run: compile them now, so that a missing
	// native is reported before the run.
	// In a fixed order (by position, then name), so that branch-site
	// numbers and the first error reported are the same on every load.
	for _, fn := range sortedFunctions(allFunctions(prog)) {
		f := p.funcOf(fn)
		if f.native == nil && len(fn.Blocks) > 0 {
			p.build(f)
		}
	}
	if len(p.errs) > 0 {
		return nil, p.errs[0]
	}
	return p, nil
}

// allFunctions lists the functions of prog that have a body or are
// called: ssautil.AllFunctions without the import.
func allFunctions(prog *ssa.Program) map[*ssa.Function]bool {
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
		var buf [10]*ssa.Value
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands(buf[:0]) {
					if f, ok := (*op).(*ssa.Function); ok {
						visit(f)
					}
				}
				if call, ok := in.(ssa.CallInstruction); ok {
					if f := call.Common().StaticCallee(); f != nil {
						visit(f)
					}
				}
			}
		}
	}
	for _, pkg := range prog.AllPackages() {
		for _, mem := range pkg.Members {
			if fn, ok := mem.(*ssa.Function); ok && fn.TypeParams().Len() == 0 {
				visit(fn)
			}
		}
	}
	// Methods of every type that can be in an interface.
	for _, t := range prog.RuntimeTypes() {
		ms := prog.MethodSets.MethodSet(t)
		for i := 0; i < ms.Len(); i++ {
			visit(prog.MethodValue(ms.At(i)))
		}
	}
	return seen
}

// sortedFunctions lists fns by source position, then by name: a map's
// order differs from one load to the next.
func sortedFunctions(fns map[*ssa.Function]bool) []*ssa.Function {
	list := make([]*ssa.Function, 0, len(fns))
	for fn := range fns {
		list = append(list, fn)
	}
	slices.SortFunc(list, func(a, b *ssa.Function) int {
		if c := cmp.Compare(a.Pos(), b.Pos()); c != 0 {
			return c
		}
		return strings.Compare(a.String(), b.String())
	})
	return list
}

// funcOf returns the VM function of fn, creating it (without its body).
func (p *Program) funcOf(fn *ssa.Function) *Func {
	if f, ok := p.funcs[fn]; ok {
		return f
	}
	f := &Func{Name: funcName(fn), ssa: fn, prog: p}
	f.results = fn.Signature.Results().Len()
	p.funcs[fn] = f
	if len(fn.Blocks) == 0 {
		key := nativeKey(fn)
		if n, ok := p.natives[key]; ok {
			f.native = n
		} else if fn.Name() == "init" && fn.Signature.Recv() == nil {
			f.native = func(*Call) {} // a package without initialisation code (unsafe)
		} else {
			f.native = func(c *Call) {
				c.Panic(fmt.Sprintf("%s is not supported in scenes", key))
			}
			if fn.Pkg != nil && fn.Pkg == p.main {
				p.errs = append(p.errs, fmt.Errorf("%s: function %s has no body", p.fset.Position(fn.Pos()), fn.Name()))
			}
		}
	}
	return f
}

// nativeKey names a function without a body: "time.Sleep",
// "(*sync.Mutex).Lock", "(time.Duration).String"; generic functions by
// their origin, "slices.Sort".
func nativeKey(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		ptr := false
		if pt, ok := t.(*types.Pointer); ok {
			t, ptr = pt.Elem(), true
		}
		name := types.TypeString(t, func(p *types.Package) string { return p.Path() })
		if i := strings.IndexByte(name, '['); i >= 0 {
			name = name[:i]
		}
		if ptr {
			return "(*" + name + ")." + fn.Name()
		}
		return "(" + name + ")." + fn.Name()
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path() + "." + fn.Name()
	}
	return fn.String()
}

// funcName is a function's name as a Go stack trace shows it.
func funcName(fn *ssa.Function) string {
	s := fn.String()
	s = strings.ReplaceAll(s, "$", ".func")
	return methodName(s)
}

// methodName rewrites a method's name from the SSA form, receiver type
// first ("(*main.stack).pop", "(main.T).get"), to the form a traceback
// prints, package first ("main.(*stack).pop", "main.T.get").
func methodName(s string) string {
	if !strings.HasPrefix(s, "(") {
		return s
	}
	end := strings.Index(s, ").")
	if end < 0 {
		return s
	}
	recv, rest := s[1:end], s[end+1:]
	ptr := strings.HasPrefix(recv, "*")
	recv = strings.TrimPrefix(recv, "*")
	dot := strings.LastIndex(recv, ".")
	if i := strings.IndexByte(recv, '['); i >= 0 {
		dot = strings.LastIndex(recv[:i], ".")
	}
	if dot < 0 {
		return s
	}
	pkg, typ := recv[:dot], recv[dot+1:]
	if ptr {
		return pkg + ".(*" + typ + ")" + rest
	}
	return pkg + "." + typ + rest
}

// zerobase is the variable every zero-size heap object is.
func (p *Program) zerobase() *Value {
	if p.zb == nil {
		p.zb = &Value{R: &Agg{V: []Value{}}}
	}
	return p.zb
}

// closureOf is the function value of a top-level function.
func (p *Program) closureOf(fn *ssa.Function) *Closure {
	return &Closure{Fn: p.funcOf(fn)}
}

func (p *Program) globalIndex(g *ssa.Global) int {
	if i, ok := p.globals[g]; ok {
		return i
	}
	i := len(p.gtypes)
	p.globals[g] = i
	p.gtypes = append(p.gtypes, g.Type().(*types.Pointer).Elem())
	return i
}

// typeOf returns the runtime type of t, made once.
func (p *Program) typeOf(t types.Type) *Type {
	if rt, ok := p.types.At(t).(*Type); ok {
		return rt
	}
	p.ntypes++
	rt := &Type{T: t, ID: p.ntypes, Name: typeName(t), methods: map[string]*Func{}}
	p.types.Set(t, rt)
	return rt
}

// typeName is t as the runtime spells it (%T, panics): package names,
// not paths; "interface {}" and "struct { A int }" with spaces.
func typeName(t types.Type) string {
	var b strings.Builder
	writeType(&b, t)
	return b.String()
}

func writeType(b *strings.Builder, t types.Type) {
	switch t := t.(type) {
	case *types.Alias:
		writeType(b, types.Unalias(t))
	case *types.Named:
		if obj := t.Obj(); obj.Pkg() != nil {
			b.WriteString(obj.Pkg().Name())
			b.WriteByte('.')
		}
		b.WriteString(t.Obj().Name())
		if args := t.TypeArgs(); args != nil && args.Len() > 0 {
			b.WriteByte('[')
			for i := 0; i < args.Len(); i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				writeType(b, args.At(i))
			}
			b.WriteByte(']')
		}
	case *types.Basic:
		switch t.Kind() {
		case types.UntypedInt:
			b.WriteString("int")
		case types.UntypedFloat:
			b.WriteString("float64")
		case types.UntypedRune:
			b.WriteString("int32")
		case types.UntypedString:
			b.WriteString("string")
		case types.UntypedBool:
			b.WriteString("bool")
		case types.Byte:
			b.WriteString("uint8")
		case types.Rune:
			b.WriteString("int32")
		default:
			b.WriteString(t.Name())
		}
	case *types.Pointer:
		b.WriteByte('*')
		writeType(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		writeType(b, t.Elem())
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		writeType(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		writeType(b, t.Key())
		b.WriteByte(']')
		writeType(b, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.RecvOnly:
			b.WriteString("<-chan ")
		case types.SendOnly:
			b.WriteString("chan<- ")
		default:
			b.WriteString("chan ")
		}
		writeType(b, t.Elem())
	case *types.Signature:
		b.WriteString("func(")
		for i := 0; i < t.Params().Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if t.Variadic() && i == t.Params().Len()-1 {
				b.WriteString("...")
				writeType(b, t.Params().At(i).Type().(*types.Slice).Elem())
				continue
			}
			writeType(b, t.Params().At(i).Type())
		}
		b.WriteByte(')')
		if n := t.Results().Len(); n == 1 {
			b.WriteByte(' ')
			writeType(b, t.Results().At(0).Type())
		} else if n > 1 {
			b.WriteString(" (")
			for i := 0; i < n; i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				writeType(b, t.Results().At(i).Type())
			}
			b.WriteByte(')')
		}
	case *types.Struct:
		if t.NumFields() == 0 {
			b.WriteString("struct {}")
			return
		}
		b.WriteString("struct { ")
		for i := 0; i < t.NumFields(); i++ {
			if i > 0 {
				b.WriteString("; ")
			}
			f := t.Field(i)
			if !f.Embedded() {
				b.WriteString(f.Name())
				b.WriteByte(' ')
			}
			writeType(b, f.Type())
		}
		b.WriteString(" }")
	case *types.Interface:
		if t.NumMethods() == 0 {
			b.WriteString("interface {}")
			return
		}
		b.WriteString("interface { ")
		for i := 0; i < t.NumMethods(); i++ {
			if i > 0 {
				b.WriteString("; ")
			}
			m := t.Method(i)
			b.WriteString(m.Name())
			sig := typeName(m.Type())
			b.WriteString(strings.TrimPrefix(sig, "func"))
		}
		b.WriteString(" }")
	case *types.Tuple:
		b.WriteString(t.String())
	default:
		b.WriteString(t.String())
	}
}

// method finds the method name of dynamic type rt.
func (p *Program) method(rt *Type, name string) *Func {
	if f, ok := rt.methods[name]; ok {
		return f
	}
	ms := p.ssa.MethodSets.MethodSet(rt.T)
	var f *Func
	for i := 0; i < ms.Len(); i++ {
		if sel := ms.At(i); sel.Obj().Name() == name {
			fn := p.ssa.MethodValue(sel)
			f = p.funcOf(fn)
			p.build(f)
			break
		}
	}
	rt.methods[name] = f
	return f
}

// Run is one execution of a Program: its globals, output and counters.
type Run struct {
	p       *Program
	globals []*Value
	instrs  int64
	stdout  strings.Builder // a line written in pieces
	stderr  strings.Builder
	rand    uint64
	// The branch predictor's state (predict.go).
	predHist, predCtr []uint8
	// Seed feeds map iteration order.
	Seed uint64
	// NumCPU is what runtime.NumCPU answers: the simulated machine's.
	NumCPU int
}

// NewRun prepares a fresh execution.
func (p *Program) NewRun(seed uint64) *Run {
	r := &Run{p: p, globals: make([]*Value, len(p.gtypes)), rand: seed*0x9E3779B97F4A7C15 + 1, Seed: seed, NumCPU: 2}
	for i, t := range p.gtypes {
		if p.sizes.Sizeof(t) == 0 {
			r.globals[i] = p.zerobase()
			continue
		}
		v := zero(t)
		r.globals[i] = &v
	}
	return r
}

// Main is the program of the main goroutine: package initialisation, then
// main.main.
func (r *Run) Main() core.Program {
	t := newThread(r, "main.main")
	t.main = true
	mainFn := r.p.main.Func("main")
	initFn := r.p.main.Func("init")
	t.pushCall(r.p.funcOf(mainFn), nil, nil, -1)
	t.pushCall(r.p.funcOf(initFn), nil, nil, -1)
	return t
}

// next draws from the run's generator (splitmix64).
func (r *Run) next() uint64 {
	r.rand += 0x9E3779B97F4A7C15
	z := r.rand
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
