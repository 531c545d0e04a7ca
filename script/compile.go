package script

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Compile lowers a checked scene to bytecode.
func Compile(sc *Scene) (*Compiled, error) {
	c := &compiler{sc: sc, info: sc.info, out: &Compiled{Scene: sc, MaxInstructions: 400_000_000},
		globals: map[types.Object]int{}, funcs: map[types.Object]*fnCode{}}
	return c.compile()
}

type compiler struct {
	sc      *Scene
	info    *types.Info
	out     *Compiled
	globals map[types.Object]int
	funcs   map[types.Object]*fnCode
	errs    Errors
}

func (c *compiler) newFn(name string) *fnCode {
	f := &fnCode{name: name, index: len(c.out.funcs)}
	c.out.funcs = append(c.out.funcs, f)
	return f
}

func (c *compiler) compile() (*Compiled, error) {
	var decls []*ast.FuncDecl
	for _, d := range c.sc.file.Decls {
		if c.sc.inHeader(d.Pos()) {
			continue
		}
		switch d := d.(type) {
		case *ast.FuncDecl:
			obj := c.info.Defs[d.Name]
			c.funcs[obj] = c.newFn("main." + d.Name.Name)
			decls = append(decls, d)
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, sp := range d.Specs {
				for _, n := range sp.(*ast.ValueSpec).Names {
					if obj := c.info.Defs[n]; obj != nil && n.Name != "_" {
						c.globals[obj] = c.out.globals
						c.out.globals++
						c.out.globalZero = append(c.out.globalZero, zeroOf(obj.Type()))
					}
				}
			}
		}
	}
	// Package initialisation: globals in the order go/types computed.
	initFn := c.newFn("main.init")
	fc := &fctx{c: c, fn: initFn, locals: map[types.Object]int{}, env: map[types.Object]int{}, top: "init"}
	for _, d := range c.sc.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || c.sc.inHeader(d.Pos()) {
			continue
		}
		for _, sp := range gd.Specs {
			vs := sp.(*ast.ValueSpec)
			for _, n := range vs.Names {
				obj := c.info.Defs[n]
				if obj == nil || n.Name == "_" {
					continue
				}
				fc.line = int32(c.sc.pos(n.Pos()).Line)
				if isSyncVar(obj.Type()) && len(vs.Values) == 0 {
					fc.newSync(obj.Type())
					fc.emit(instr{op: iStore, a: spGlobal, b: int32(c.globals[obj])})
				}
			}
		}
	}
	for _, ini := range c.info.InitOrder {
		if len(ini.Lhs) == 0 || c.sc.inHeader(ini.Rhs.Pos()) {
			continue
		}
		fc.line = int32(c.sc.pos(ini.Rhs.Pos()).Line)
		fc.expr(ini.Rhs)
		for i := len(ini.Lhs) - 1; i >= 0; i-- {
			v := ini.Lhs[i]
			if idx, ok := c.globals[v]; ok {
				fc.emit(instr{op: iStore, a: spGlobal, b: int32(idx)})
			} else {
				fc.emit(instr{op: iPop})
			}
		}
	}
	fc.emit(instr{op: iReturn})
	c.out.init = initFn
	for _, d := range decls {
		fn := c.funcs[c.info.Defs[d.Name]]
		f := &fctx{c: c, fn: fn, locals: map[types.Object]int{}, env: map[types.Object]int{}, top: d.Name.Name}
		f.body(d.Type, d.Body)
		if d.Name.Name == "main" {
			c.out.main = fn
		}
	}
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	if c.out.main == nil {
		return nil, Errors{{Pos: token.Position{Filename: c.sc.Filename, Line: 1, Column: 1}, Msg: "a scene needs func main()"}}
	}
	return c.out, nil
}

func isSyncVar(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync"
}

// fctx compiles one function body.
type fctx struct {
	c        *compiler
	fn       *fnCode
	parent   *fctx
	locals   map[types.Object]int
	env      map[types.Object]int
	targets  []*target
	named    []types.Object
	top      string // the enclosing top-level function, for closure names
	nclosure *int
	line     int32
}

// target is what break and continue jump to.
type target struct {
	loop      bool
	breaks    []int
	continues []int
}

func (f *fctx) emit(in instr) int {
	in.line = f.line
	f.fn.code = append(f.fn.code, in)
	return len(f.fn.code) - 1
}

func (f *fctx) here() int { return len(f.fn.code) }

func (f *fctx) patch(at, to int) { f.fn.code[at].a = int32(to) }

func (f *fctx) errorf(n ast.Node, format string, args ...any) {
	f.c.errs = append(f.c.errs, f.c.sc.errorf(n.Pos(), format, args...))
}

func (f *fctx) declare(obj types.Object) int {
	idx := f.fn.ncells
	f.fn.ncells++
	f.locals[obj] = idx
	return idx
}

// temp allocates a hidden local.
func (f *fctx) temp() int {
	idx := f.fn.ncells
	f.fn.ncells++
	return idx
}

// ref finds where a variable lives, capturing it from enclosing functions.
func (f *fctx) ref(obj types.Object) (int32, int32) {
	if i, ok := f.c.globals[obj]; ok {
		return spGlobal, int32(i)
	}
	if i, ok := f.locals[obj]; ok {
		return spLocal, int32(i)
	}
	if i, ok := f.env[obj]; ok {
		return spEnv, int32(i)
	}
	if f.parent == nil {
		panic(fmt.Sprintf("script: unresolved variable %s", obj.Name()))
	}
	ps, pi := f.parent.ref(obj)
	if ps == spGlobal {
		return ps, pi
	}
	idx := len(f.fn.captures)
	f.fn.captures = append(f.fn.captures, capture{fromEnv: ps == spEnv, idx: int(pi)})
	f.env[obj] = idx
	return spEnv, int32(idx)
}

func (f *fctx) load(obj types.Object) {
	s, i := f.ref(obj)
	f.emit(instr{op: iLoad, a: s, b: i})
}

func (f *fctx) store(obj types.Object) {
	s, i := f.ref(obj)
	f.emit(instr{op: iStore, a: s, b: i})
}

func (f *fctx) body(ft *ast.FuncType, b *ast.BlockStmt) {
	for _, fl := range ft.Params.List {
		for _, n := range fl.Names {
			f.declare(f.c.info.Defs[n])
			f.fn.nparams++
		}
		if len(fl.Names) == 0 {
			f.temp()
			f.fn.nparams++
		}
	}
	if ft.Results != nil {
		for _, fl := range ft.Results.List {
			for _, n := range fl.Names {
				obj := f.c.info.Defs[n]
				f.line = int32(f.c.sc.pos(n.Pos()).Line)
				f.emit(instr{op: iNewCell, b: int32(f.declare(obj)), v: zeroOf(obj.Type())})
				f.named = append(f.named, obj)
			}
		}
	}
	f.block(b.List)
	f.line = int32(f.c.sc.pos(b.Rbrace).Line)
	f.emit(instr{op: iReturn})
}

func (f *fctx) block(list []ast.Stmt) {
	for _, s := range list {
		f.stmt(s)
	}
}

func (f *fctx) stmt(s ast.Stmt) {
	f.line = int32(f.c.sc.pos(s.Pos()).Line)
	switch s := s.(type) {
	case *ast.DeclStmt:
		gd := s.Decl.(*ast.GenDecl)
		if gd.Tok != token.VAR {
			return // constants are folded by the type checker
		}
		for _, sp := range gd.Specs {
			vs := sp.(*ast.ValueSpec)
			for _, v := range vs.Values {
				f.expr(v)
			}
			if len(vs.Values) == 1 && len(vs.Names) > 1 {
				// v, ok := <-ch style: values already pushed by expr.
			}
			for i := len(vs.Names) - 1; i >= 0; i-- {
				n := vs.Names[i]
				obj := f.c.info.Defs[n]
				if n.Name == "_" || obj == nil {
					if len(vs.Values) > 0 {
						f.emit(instr{op: iPop})
					}
					continue
				}
				idx := f.declare(obj)
				f.emit(instr{op: iNewCell, b: int32(idx), v: zeroOf(obj.Type())})
				if len(vs.Values) > 0 {
					f.emit(instr{op: iStore, a: spLocal, b: int32(idx)})
				} else if isSyncVar(obj.Type()) {
					f.newSync(obj.Type())
					f.emit(instr{op: iStore, a: spLocal, b: int32(idx)})
				}
			}
		}
	case *ast.AssignStmt:
		f.assign(s)
	case *ast.IncDecStmt:
		obj := f.objOf(s.X)
		f.load(obj)
		f.emit(instr{op: iConst, v: retype(int64(1), obj.Type())})
		tok := token.ADD
		if s.Tok == token.DEC {
			tok = token.SUB
		}
		f.emit(instr{op: iBin, a: int32(tok), b: int32(kindOf(obj.Type()))})
		f.store(obj)
	case *ast.ExprStmt:
		n := f.exprN(s.X)
		for range n {
			f.emit(instr{op: iPop})
		}
	case *ast.SendStmt:
		f.expr(s.Chan)
		f.expr(s.Value)
		f.emit(instr{op: iOp, a: opSend})
	case *ast.IfStmt:
		if s.Init != nil {
			f.stmt(s.Init)
		}
		f.line = int32(f.c.sc.pos(s.Cond.Pos()).Line)
		f.expr(s.Cond)
		jf := f.emit(instr{op: iJumpF})
		f.block(s.Body.List)
		if s.Else == nil {
			f.patch(jf, f.here())
			return
		}
		je := f.emit(instr{op: iJump})
		f.patch(jf, f.here())
		f.stmt(s.Else)
		f.patch(je, f.here())
	case *ast.BlockStmt:
		f.block(s.List)
	case *ast.ForStmt:
		f.forStmt(s)
	case *ast.RangeStmt:
		f.rangeStmt(s)
	case *ast.BranchStmt:
		f.branch(s)
	case *ast.ReturnStmt:
		if len(s.Results) == 0 {
			for _, obj := range f.named {
				f.load(obj)
			}
			f.emit(instr{op: iReturn, a: int32(len(f.named))})
			return
		}
		n := 0
		for _, r := range s.Results {
			n += f.exprN(r)
		}
		f.emit(instr{op: iReturn, a: int32(n)})
	case *ast.GoStmt:
		f.goOrDefer(s.Call, iGo)
	case *ast.DeferStmt:
		f.goOrDefer(s.Call, iDefer)
	case *ast.SelectStmt:
		f.selectStmt(s)
	case *ast.SwitchStmt:
		f.switchStmt(s)
	case *ast.EmptyStmt:
	default:
		f.errorf(s, "this statement is not supported in scenes")
	}
}

func (f *fctx) objOf(e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		f.errorf(e, "assigning to anything but a variable is not supported in scenes")
		return types.NewVar(e.Pos(), nil, "_", types.Typ[types.Int])
	}
	if obj := f.c.info.Defs[id]; obj != nil {
		return obj
	}
	return f.c.info.Uses[id]
}

func (f *fctx) assign(s *ast.AssignStmt) {
	if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
		// x op= y
		obj := f.objOf(s.Lhs[0])
		f.load(obj)
		f.expr(s.Rhs[0])
		f.emit(instr{op: iBin, a: int32(opAssignTok[s.Tok]), b: int32(kindOf(obj.Type()))})
		f.store(obj)
		return
	}
	for _, r := range s.Rhs {
		f.exprN(r)
	}
	for i := len(s.Lhs) - 1; i >= 0; i-- {
		l := s.Lhs[i]
		if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
			f.emit(instr{op: iPop})
			continue
		}
		id, _ := l.(*ast.Ident)
		if id != nil && s.Tok == token.DEFINE {
			if obj := f.c.info.Defs[id]; obj != nil {
				idx := f.declare(obj)
				f.emit(instr{op: iNewCell, b: int32(idx), v: zeroOf(obj.Type())})
				f.emit(instr{op: iStore, a: spLocal, b: int32(idx)})
				continue
			}
		}
		f.store(f.objOf(l))
	}
}

var opAssignTok = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL, token.QUO_ASSIGN: token.QUO,
	token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND, token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR,
	token.SHL_ASSIGN: token.SHL, token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}

func (f *fctx) pushTarget(loop bool) *target {
	t := &target{loop: loop}
	f.targets = append(f.targets, t)
	return t
}

func (f *fctx) popTarget(t *target, brk, cont int) {
	for _, at := range t.breaks {
		f.patch(at, brk)
	}
	for _, at := range t.continues {
		f.patch(at, cont)
	}
	f.targets = f.targets[:len(f.targets)-1]
}

func (f *fctx) branch(s *ast.BranchStmt) {
	for i := len(f.targets) - 1; i >= 0; i-- {
		t := f.targets[i]
		if s.Tok == token.BREAK {
			t.breaks = append(t.breaks, f.emit(instr{op: iJump}))
			return
		}
		if t.loop {
			t.continues = append(t.continues, f.emit(instr{op: iJump}))
			return
		}
	}
	f.errorf(s, "%s outside a loop", s.Tok)
}

func (f *fctx) forStmt(s *ast.ForStmt) {
	if s.Init == nil && s.Cond == nil && s.Post == nil && len(s.Body.List) == 0 {
		// for {}: CPU work that never reaches a safe point.
		f.emit(instr{op: iSpinForever})
		return
	}
	var loopVars []types.Object
	if s.Init != nil {
		f.stmt(s.Init)
		if as, ok := s.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if obj := f.c.info.Defs[l.(*ast.Ident)]; obj != nil {
					loopVars = append(loopVars, obj)
				}
			}
		}
	}
	top := f.here()
	jf := -1
	if s.Cond != nil {
		f.line = int32(f.c.sc.pos(s.Cond.Pos()).Line)
		f.expr(s.Cond)
		jf = f.emit(instr{op: iJumpF})
	}
	t := f.pushTarget(true)
	f.block(s.Body.List)
	cont := f.here()
	// Go 1.22: each iteration has its own copy of the loop variables; the
	// copy is made before the post statement.
	for _, obj := range loopVars {
		idx := f.locals[obj]
		f.emit(instr{op: iLoad, a: spLocal, b: int32(idx)})
		f.emit(instr{op: iNewCell, b: int32(idx), v: zeroOf(obj.Type())})
		f.emit(instr{op: iStore, a: spLocal, b: int32(idx)})
	}
	if s.Post != nil {
		f.stmt(s.Post)
	}
	f.emit(instr{op: iJump, a: int32(top)})
	end := f.here()
	if jf >= 0 {
		f.patch(jf, end)
	}
	f.popTarget(t, end, cont)
}

func (f *fctx) rangeStmt(s *ast.RangeStmt) {
	xt := f.c.info.Types[s.X].Type
	var key types.Object
	if s.Key != nil {
		if id, ok := s.Key.(*ast.Ident); ok && id.Name != "_" {
			if s.Tok == token.DEFINE {
				key = f.c.info.Defs[id]
			} else {
				key = f.c.info.Uses[id]
			}
		}
	}
	setKey := func() {
		if key == nil {
			f.emit(instr{op: iPop})
			return
		}
		if s.Tok == token.DEFINE {
			idx := f.declare(key)
			f.emit(instr{op: iNewCell, b: int32(idx), v: zeroOf(key.Type())})
			f.emit(instr{op: iStore, a: spLocal, b: int32(idx)})
			return
		}
		f.store(key)
	}
	if ch, ok := xt.Underlying().(*types.Chan); ok {
		c := f.temp()
		f.expr(s.X)
		f.emit(instr{op: iNewCell, b: int32(c), v: chanV(0)})
		f.emit(instr{op: iStore, a: spLocal, b: int32(c)})
		top := f.here()
		f.emit(instr{op: iLoad, a: spLocal, b: int32(c)})
		f.emit(instr{op: iOp, a: opRecvOk, v: zeroOf(ch.Elem())})
		jt := f.emit(instr{op: iJumpT})
		f.emit(instr{op: iPop})
		jend := f.emit(instr{op: iJump})
		f.patch(jt, f.here())
		setKey()
		t := f.pushTarget(true)
		f.block(s.Body.List)
		f.emit(instr{op: iJump, a: int32(top)})
		end := f.here()
		f.patch(jend, end)
		f.popTarget(t, end, top)
		return
	}
	// range over an integer
	n, i := f.temp(), f.temp()
	f.expr(s.X)
	f.emit(instr{op: iNewCell, b: int32(n), v: int64(0)})
	f.emit(instr{op: iStore, a: spLocal, b: int32(n)})
	f.emit(instr{op: iNewCell, b: int32(i), v: retype(int64(0), xt)})
	top := f.here()
	f.emit(instr{op: iLoad, a: spLocal, b: int32(i)})
	f.emit(instr{op: iLoad, a: spLocal, b: int32(n)})
	f.emit(instr{op: iBin, a: int32(token.LSS), b: kBool})
	jf := f.emit(instr{op: iJumpF})
	f.emit(instr{op: iLoad, a: spLocal, b: int32(i)})
	setKey()
	t := f.pushTarget(true)
	f.block(s.Body.List)
	cont := f.here()
	f.emit(instr{op: iLoad, a: spLocal, b: int32(i)})
	f.emit(instr{op: iConst, v: retype(int64(1), xt)})
	f.emit(instr{op: iBin, a: int32(token.ADD), b: int32(kindOf(xt))})
	f.emit(instr{op: iStore, a: spLocal, b: int32(i)})
	f.emit(instr{op: iJump, a: int32(top)})
	end := f.here()
	f.patch(jf, end)
	f.popTarget(t, end, cont)
}

func (f *fctx) switchStmt(s *ast.SwitchStmt) {
	if s.Init != nil {
		f.stmt(s.Init)
	}
	tag := -1
	var tagT types.Type
	if s.Tag != nil {
		tag = f.temp()
		tagT = f.c.info.Types[s.Tag].Type
		f.expr(s.Tag)
		f.emit(instr{op: iNewCell, b: int32(tag), v: zeroOf(tagT)})
		f.emit(instr{op: iStore, a: spLocal, b: int32(tag)})
	}
	clauses := s.Body.List
	bodyJumps := make([][]int, len(clauses))
	dflt := -1
	for ci, c := range clauses {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			dflt = ci
			continue
		}
		for _, e := range cc.List {
			f.line = int32(f.c.sc.pos(e.Pos()).Line)
			if tag >= 0 {
				f.emit(instr{op: iLoad, a: spLocal, b: int32(tag)})
				f.expr(e)
				f.emit(instr{op: iBin, a: int32(token.EQL), b: kBool})
			} else {
				f.expr(e)
			}
			bodyJumps[ci] = append(bodyJumps[ci], f.emit(instr{op: iJumpT}))
		}
	}
	toDefault := f.emit(instr{op: iJump})
	t := f.pushTarget(false)
	var ends []int
	for ci, c := range clauses {
		cc := c.(*ast.CaseClause)
		start := f.here()
		for _, at := range bodyJumps[ci] {
			f.patch(at, start)
		}
		if ci == dflt {
			f.patch(toDefault, start)
		}
		f.block(cc.Body)
		ends = append(ends, f.emit(instr{op: iJump}))
	}
	end := f.here()
	if dflt < 0 {
		f.patch(toDefault, end)
	}
	for _, at := range ends {
		f.patch(at, end)
	}
	f.popTarget(t, end, end)
}

func (f *fctx) selectStmt(s *ast.SelectStmt) {
	desc := &selectDesc{}
	var cases []*ast.CommClause
	for _, c := range s.Body.List {
		cc := c.(*ast.CommClause)
		if cc.Comm == nil {
			desc.hasDefault = true
			continue
		}
		cases = append(cases, cc)
	}
	// Evaluate channels and values in source order.
	for _, cc := range cases {
		switch comm := cc.Comm.(type) {
		case *ast.SendStmt:
			f.expr(comm.Chan)
			f.expr(comm.Value)
			desc.sends = append(desc.sends, true)
			desc.zeros = append(desc.zeros, nil)
		default:
			ch := recvChan(comm)
			f.expr(ch)
			desc.sends = append(desc.sends, false)
			desc.zeros = append(desc.zeros, zeroOf(f.c.info.Types[ch].Type.Underlying().(*types.Chan).Elem()))
		}
	}
	f.line = int32(f.c.sc.pos(s.Pos()).Line)
	f.emit(instr{op: iOp, a: opSelect, v: desc})
	okT, valT, idxT := f.temp(), f.temp(), f.temp()
	for _, t := range []int{okT, valT, idxT} {
		f.emit(instr{op: iNewCell, b: int32(t)})
		f.emit(instr{op: iStore, a: spLocal, b: int32(t)})
	}
	t := f.pushTarget(false)
	var ends []int
	ci := 0
	for _, c := range s.Body.List {
		cc := c.(*ast.CommClause)
		f.line = int32(f.c.sc.pos(cc.Pos()).Line)
		want := int64(-1)
		if cc.Comm != nil {
			want = int64(ci)
			ci++
		}
		f.emit(instr{op: iLoad, a: spLocal, b: int32(idxT)})
		f.emit(instr{op: iConst, v: want})
		f.emit(instr{op: iBin, a: int32(token.EQL), b: kBool})
		jf := f.emit(instr{op: iJumpF})
		if as, ok := cc.Comm.(*ast.AssignStmt); ok {
			// v [, ok] (:)= <-ch
			f.emit(instr{op: iLoad, a: spLocal, b: int32(valT)})
			if len(as.Lhs) == 2 {
				f.emit(instr{op: iLoad, a: spLocal, b: int32(okT)})
			}
			for i := len(as.Lhs) - 1; i >= 0; i-- {
				l := as.Lhs[i]
				if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
					f.emit(instr{op: iPop})
					continue
				}
				if as.Tok == token.DEFINE {
					if obj := f.c.info.Defs[l.(*ast.Ident)]; obj != nil {
						idx := f.declare(obj)
						f.emit(instr{op: iNewCell, b: int32(idx), v: zeroOf(obj.Type())})
						f.emit(instr{op: iStore, a: spLocal, b: int32(idx)})
						continue
					}
				}
				f.store(f.objOf(l))
			}
		}
		f.block(cc.Body)
		ends = append(ends, f.emit(instr{op: iJump}))
		f.patch(jf, f.here())
	}
	end := f.here()
	for _, at := range ends {
		f.patch(at, end)
	}
	f.popTarget(t, end, end)
}

func recvChan(s ast.Stmt) ast.Expr {
	var e ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		e = s.Rhs[0]
	}
	return ast.Unparen(e).(*ast.UnaryExpr).X
}

// expr compiles an expression that yields one value.
func (f *fctx) expr(e ast.Expr) {
	if n := f.exprN(e); n != 1 {
		f.errorf(e, "expected a single value")
	}
}

// exprN compiles an expression and returns how many values it pushes.
func (f *fctx) exprN(e ast.Expr) int {
	tv := f.c.info.Types[e]
	if tv.Value != nil {
		f.emit(instr{op: iConst, v: constValue(tv.Value, tv.Type)})
		return 1
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return f.exprN(e.X)
	case *ast.Ident:
		switch obj := f.c.info.Uses[e].(type) {
		case *types.Var:
			f.load(obj)
		case *types.Func:
			fn := f.c.funcs[obj]
			if fn == nil {
				f.errorf(e, "%s is not supported in scenes", e.Name)
				return 1
			}
			f.emit(instr{op: iConst, v: &closure{fn: fn}})
		case *types.Nil:
			f.emit(instr{op: iConst, v: zeroOf(tv.Type)})
		default:
			f.errorf(e, "%s is not supported in scenes", e.Name)
		}
		return 1
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			f.expr(e.X)
			f.emit(instr{op: iDup})
			op := iJumpF
			if e.Op == token.LOR {
				op = iJumpT
			}
			j := f.emit(instr{op: op})
			f.emit(instr{op: iPop})
			f.expr(e.Y)
			f.patch(j, f.here())
			return 1
		}
		f.expr(e.X)
		f.expr(e.Y)
		f.emit(instr{op: iBin, a: int32(e.Op), b: int32(kindOf(tv.Type))})
		return 1
	case *ast.UnaryExpr:
		switch e.Op {
		case token.ARROW:
			f.expr(e.X)
			zero := zeroOf(f.c.info.Types[e.X].Type.Underlying().(*types.Chan).Elem())
			if _, ok := tv.Type.(*types.Tuple); ok {
				f.emit(instr{op: iOp, a: opRecvOk, v: zero})
				return 2
			}
			f.emit(instr{op: iOp, a: opRecv, v: zero})
		case token.SUB:
			f.expr(e.X)
			f.emit(instr{op: iNeg})
		case token.ADD, token.AND:
			f.expr(e.X)
		case token.NOT:
			f.expr(e.X)
			f.emit(instr{op: iNot})
		case token.XOR:
			f.expr(e.X)
			f.emit(instr{op: iCompl})
		default:
			f.errorf(e, "operator %s is not supported in scenes", e.Op)
		}
		return 1
	case *ast.CompositeLit:
		f.newSync(tv.Type)
		return 1
	case *ast.FuncLit:
		f.funcLit(e)
		return 1
	case *ast.CallExpr:
		return f.call(e)
	case *ast.SelectorExpr:
		f.errorf(e, "a method value is not supported in scenes (call the method instead)")
		return 1
	}
	f.errorf(e, "this expression is not supported in scenes")
	return 1
}

func (f *fctx) newSync(t types.Type) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Name() == "Mutex" {
		f.emit(instr{op: iOp, a: opNewMutex})
		return
	}
	f.emit(instr{op: iOp, a: opNewWG})
}

func (f *fctx) funcLit(e *ast.FuncLit) {
	if f.nclosure == nil {
		n := 0
		f.nclosure = &n
	}
	*f.nclosure++
	fn := f.c.newFn(fmt.Sprintf("main.%s.func%d", f.top, *f.nclosure))
	inner := &fctx{c: f.c, fn: fn, parent: f, locals: map[types.Object]int{}, env: map[types.Object]int{},
		top: f.top, nclosure: f.nclosure, line: f.line}
	inner.body(e.Type, e.Body)
	f.emit(instr{op: iClosure, a: int32(fn.index)})
}

// callee classifies what a call calls.
type callee struct {
	user    bool   // a closure value: push it, then the args, then iCall
	builtin string // "pkg.Name" or a builtin's name or a method "sync.WaitGroup.Add"
	recv    ast.Expr
	conv    types.Type
}

func (f *fctx) classify(c *ast.CallExpr) callee {
	fun := ast.Unparen(c.Fun)
	if tv := f.c.info.Types[fun]; tv.IsType() {
		return callee{conv: tv.Type}
	}
	switch fn := fun.(type) {
	case *ast.Ident:
		switch obj := f.c.info.Uses[fn].(type) {
		case *types.Builtin:
			return callee{builtin: obj.Name()}
		case *types.Func:
			return callee{user: true}
		}
	case *ast.SelectorExpr:
		if sel, ok := f.c.info.Selections[fn]; ok {
			recvT := sel.Recv()
			if p, ok := recvT.(*types.Pointer); ok {
				recvT = p.Elem()
			}
			if n, ok := recvT.(*types.Named); ok && n.Obj().Pkg() != nil {
				return callee{builtin: n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + fn.Sel.Name, recv: fn.X}
			}
		}
		if obj, ok := f.c.info.Uses[fn.Sel].(*types.Func); ok && obj.Pkg() != nil {
			return callee{builtin: obj.Pkg().Path() + "." + obj.Name()}
		}
	}
	return callee{user: true}
}

// call compiles a call and returns how many values it pushes.
func (f *fctx) call(c *ast.CallExpr) int {
	cl := f.classify(c)
	if cl.conv != nil {
		f.expr(c.Args[0])
		f.emit(instr{op: iConv, a: int32(kindOf(cl.conv))})
		return 1
	}
	if cl.user {
		f.expr(c.Fun)
		for _, a := range c.Args {
			f.expr(a)
		}
		f.emit(instr{op: iCall, a: int32(len(c.Args))})
		return resultCount(f.c.info.Types[c].Type)
	}
	nargs := f.pushBuiltinArgs(c, cl)
	return f.invokeBuiltin(c, cl, nargs)
}

func resultCount(t types.Type) int {
	if t == nil {
		return 0
	}
	if tu, ok := t.(*types.Tuple); ok {
		return tu.Len()
	}
	return 1
}

// pushBuiltinArgs pushes the receiver (for methods) and the arguments.
func (f *fctx) pushBuiltinArgs(c *ast.CallExpr, cl callee) int {
	n := 0
	if cl.recv != nil {
		f.expr(cl.recv)
		n++
	}
	switch cl.builtin {
	case "make", "new":
		for _, a := range c.Args[1:] {
			f.expr(a)
			n++
		}
		return n
	}
	for _, a := range c.Args {
		f.expr(a)
		n++
	}
	return n
}

// invokeBuiltin emits the work of a library or builtin call whose nargs
// operands are on the stack, and returns how many values it leaves.
func (f *fctx) invokeBuiltin(c *ast.CallExpr, cl callee, nargs int) int {
	op := func(kind int32, b int, v any) { f.emit(instr{op: iOp, a: kind, b: int32(b), v: v}) }
	switch cl.builtin {
	case "fmt.Println":
		op(opPrintln, nargs, nil)
		return 0
	case "fmt.Print":
		op(opPrint, nargs, nil)
		return 0
	case "fmt.Printf":
		op(opPrintf, nargs, nil)
		return 0
	case "fmt.Sprint":
		f.emit(instr{op: iSprint, a: int32(nargs), b: 0})
		return 1
	case "fmt.Sprintln":
		f.emit(instr{op: iSprint, a: int32(nargs), b: 1})
		return 1
	case "fmt.Sprintf":
		f.emit(instr{op: iSprint, a: int32(nargs), b: 2})
		return 1
	case "println":
		op(opRuntimePrintln, nargs, nil)
		return 0
	case "print":
		op(opRuntimePrint, nargs, nil)
		return 0
	case "len":
		f.emit(instr{op: iLen})
		return 1
	case "close":
		op(opClose, 0, nil)
		return 0
	case "make":
		op(opMakeChan, nargs, nil)
		return 1
	case "new":
		f.newSync(f.c.info.Types[c.Args[0]].Type)
		return 1
	case "runtime.Gosched":
		op(opGosched, 0, nil)
		return 0
	case "runtime.Goexit":
		f.emit(instr{op: iGoexit})
		return 0
	case "runtime.GOMAXPROCS":
		op(opGOMAXPROCS, 0, nil)
		return 1
	case "runtime.NumGoroutine":
		op(opNumGoroutine, 0, nil)
		return 1
	case "runtime.LockOSThread":
		op(opLockOS, 0, nil)
		return 0
	case "runtime.UnlockOSThread":
		op(opUnlockOS, 0, nil)
		return 0
	case "time.Sleep":
		op(opSleep, 0, nil)
		return 0
	case "time.Now":
		op(opNow, 0, nil)
		return 1
	case "time.Since":
		op(opSince, 0, nil)
		return 1
	case "time.Time.Sub":
		f.emit(instr{op: iBin, a: int32(token.SUB), b: kDur})
		return 1
	case "time.Duration.String":
		f.emit(instr{op: iSprint, a: 1, b: 0})
		return 1
	case "time.Duration.Nanoseconds":
		f.emit(instr{op: iConv, a: kInt})
		return 1
	case "time.Duration.Microseconds", "time.Duration.Milliseconds":
		f.emit(instr{op: iConv, a: kInt})
		div := int64(1000)
		if cl.builtin == "time.Duration.Milliseconds" {
			div = 1_000_000
		}
		f.emit(instr{op: iConst, v: div})
		f.emit(instr{op: iBin, a: int32(token.QUO), b: kInt})
		return 1
	case "sync.WaitGroup.Add":
		op(opWGAdd, 0, nil)
		return 0
	case "sync.WaitGroup.Done":
		op(opWGDone, 0, nil)
		return 0
	case "sync.WaitGroup.Wait":
		op(opWGWait, 0, nil)
		return 0
	case "sync.WaitGroup.Go":
		op(opWGGo, 0, nil)
		return 0
	case "sync.Mutex.Lock":
		op(opLock, 0, nil)
		return 0
	case "sync.Mutex.Unlock":
		op(opUnlock, 0, nil)
		return 0
	case ToolkitPath + ".Work":
		op(opWork, 0, nil)
		return 0
	case ToolkitPath + ".Syscall", ToolkitPath + ".FileRead", ToolkitPath + ".Cgo":
		op(opSyscall, 0, nil)
		return 0
	case ToolkitPath + ".NetRead":
		op(opNetRead, 0, nil)
		return 0
	}
	f.errorf(c, "%s is not supported in scenes", cl.builtin)
	return resultCount(f.c.info.Types[c].Type)
}

// goOrDefer compiles go f(x) and defer f(x): the function value and its
// arguments are evaluated now; a library call is wrapped in a small
// function taking the evaluated arguments.
func (f *fctx) goOrDefer(c *ast.CallExpr, op opcode) {
	cl := f.classify(c)
	if cl.conv != nil {
		f.errorf(c, "go or defer of a conversion is not supported in scenes")
		return
	}
	if cl.user {
		f.expr(c.Fun)
		for _, a := range c.Args {
			f.expr(a)
		}
		f.emit(instr{op: op, a: int32(len(c.Args))})
		return
	}
	// A wrapper taking the operands as parameters.
	if f.nclosure == nil {
		n := 0
		f.nclosure = &n
	}
	*f.nclosure++
	fn := f.c.newFn(fmt.Sprintf("main.%s.gowrap%d", f.top, *f.nclosure))
	f.emit(instr{op: iClosure, a: int32(fn.index)})
	nargs := f.pushBuiltinArgs(c, cl)
	inner := &fctx{c: f.c, fn: fn, parent: f, locals: map[types.Object]int{}, env: map[types.Object]int{},
		top: f.top, nclosure: f.nclosure, line: f.line}
	fn.nparams, fn.ncells = nargs, nargs
	for i := range nargs {
		inner.emit(instr{op: iLoad, a: spLocal, b: int32(i)})
	}
	n := inner.invokeBuiltin(c, cl, nargs)
	for range n {
		inner.emit(instr{op: iPop})
	}
	inner.emit(instr{op: iReturn})
	f.emit(instr{op: op, a: int32(nargs)})
}

// kindOf maps a type to the VM's value kind.
func kindOf(t types.Type) int {
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" {
		if n.Obj().Name() == "Duration" {
			return kDur
		}
		return kTime
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsBoolean != 0:
			return kBool
		case b.Info()&types.IsString != 0:
			return kString
		}
	}
	return kInt
}

// zeroOf is the zero value of a scene type.
func zeroOf(t types.Type) any {
	switch kindOf(t) {
	case kDur:
		return durV(0)
	case kTime:
		return timeV(0)
	case kBool:
		return false
	case kString:
		return ""
	}
	switch t.Underlying().(type) {
	case *types.Chan:
		return chanV(0)
	case *types.Signature:
		return (*closure)(nil)
	case *types.Pointer, *types.Struct:
		return syncV(0)
	}
	return int64(0)
}

// retype gives an int64 the representation of type t.
func retype(v int64, t types.Type) any {
	switch kindOf(t) {
	case kDur:
		return durV(v)
	case kTime:
		return timeV(v)
	}
	return v
}

func constValue(v constant.Value, t types.Type) any {
	switch v.Kind() {
	case constant.Bool:
		return constant.BoolVal(v)
	case constant.String:
		return constant.StringVal(v)
	case constant.Int:
		n, _ := constant.Int64Val(v)
		return retype(n, t)
	}
	return nil
}
