package script

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// allowedImports are the packages a complete-form scene may import.
var allowedImports = map[string]bool{"fmt": true, "runtime": true, "sync": true, "time": true, ToolkitPath: true}

// check type-checks the scene against the stubs and then walks it,
// rejecting whatever the scene language does not support.
func (sc *Scene) check() error {
	var errs Errors
	if sc.file.Name.Name != "main" {
		errs = append(errs, sc.errorf(sc.file.Name.Pos(), "a scene is package main, not %s", sc.file.Name.Name))
	}
	for _, im := range sc.file.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		if !sc.inHeader(im.Pos()) && !allowedImports[path] {
			errs = append(errs, sc.errorf(im.Pos(), "import %q is not supported in scenes (use fmt, runtime, sync, time and %s)", path, ToolkitPath))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	sc.info = &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
	}
	conf := types.Config{
		Importer:  stubs(),
		GoVersion: "go1.26",
		Error: func(err error) {
			te, ok := err.(types.Error)
			if !ok {
				errs = append(errs, Diagnostic{Pos: token.Position{Filename: sc.Filename}, Msg: err.Error()})
				return
			}
			if sc.inHeader(te.Pos) {
				return
			}
			// One line per message: go/types puts have/want on lines of
			// their own.
			msg := strings.ReplaceAll(te.Msg, "\n\t", "; ")
			errs = append(errs, Diagnostic{Pos: sc.pos(te.Pos), Msg: strings.ReplaceAll(msg, "\n", "; ")})
		},
	}
	pkg, _ := conf.Check("main", sc.fset, []*ast.File{sc.file}, sc.info)
	sc.pkg = pkg
	if len(errs) == 0 {
		w := &walker{sc: sc}
		w.file()
		errs = w.errs
		if len(errs) == 0 && pkg.Scope().Lookup("main") == nil {
			errs = append(errs, Diagnostic{Pos: token.Position{Filename: sc.Filename, Line: 1, Column: 1}, Msg: "a scene needs func main()"})
		}
	}
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool {
			a, b := errs[i].Pos, errs[j].Pos
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.Column < b.Column
		})
		return errs
	}
	return nil
}

// walker rejects constructs outside the subset. Each message names the
// construct and says it is not supported in scenes.
type walker struct {
	sc    *Scene
	errs  Errors
	depth int
}

func (w *walker) unsupported(n ast.Node, what string) {
	w.errs = append(w.errs, w.sc.errorf(n.Pos(), "%s is not supported in scenes", what))
}

func (w *walker) file() {
	for _, d := range w.sc.file.Decls {
		if w.sc.inHeader(d.Pos()) {
			continue
		}
		switch d := d.(type) {
		case *ast.GenDecl:
			switch d.Tok {
			case token.IMPORT:
			case token.TYPE:
				w.unsupported(d, "a type declaration")
			case token.VAR, token.CONST:
				w.genDecl(d)
			}
		case *ast.FuncDecl:
			if d.Recv != nil {
				w.unsupported(d, "a method")
				continue
			}
			if d.Type.TypeParams != nil {
				w.unsupported(d, "a generic function")
				continue
			}
			if d.Name.Name == "init" {
				w.unsupported(d, "func init")
				continue
			}
			w.funcType(d.Type)
			if d.Body == nil {
				w.unsupported(d, "a function without a body")
				continue
			}
			w.block(d.Body)
		}
	}
}

func (w *walker) genDecl(d *ast.GenDecl) {
	for _, sp := range d.Specs {
		vs, ok := sp.(*ast.ValueSpec)
		if !ok {
			continue
		}
		for _, name := range vs.Names {
			if obj := w.sc.info.Defs[name]; obj != nil {
				w.typ(name, obj.Type(), d.Tok == token.VAR)
			}
		}
		for _, v := range vs.Values {
			w.expr(v)
		}
	}
}

func (w *walker) funcType(ft *ast.FuncType) {
	for _, fl := range []*ast.FieldList{ft.Params, ft.Results} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			if _, ok := f.Type.(*ast.Ellipsis); ok {
				w.unsupported(f, "a variadic parameter")
				continue
			}
			if t := w.sc.info.Types[f.Type].Type; t != nil {
				w.typ(f.Type, t, false)
			}
		}
	}
}

// typ checks that t is a type scenes support. Values of sync.WaitGroup and
// sync.Mutex may only be declared as variables.
func (w *walker) typ(n ast.Node, t types.Type, isVar bool) {
	if !w.okType(t, isVar) {
		w.errs = append(w.errs, w.sc.errorf(n.Pos(), "type %s is not supported in scenes (use int, bool, string, time.Duration, channels, *sync.WaitGroup, *sync.Mutex and funcs of those)", types.TypeString(t, qualifier)))
	}
}

func qualifier(p *types.Package) string { return p.Name() }

func (w *walker) okType(t types.Type, isVar bool) bool {
	switch t := t.(type) {
	case *types.Basic:
		switch t.Kind() {
		case types.Int, types.Int64, types.Bool, types.String, types.UntypedInt, types.UntypedBool, types.UntypedString:
			return true
		}
		return false
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil {
			return false
		}
		switch obj.Pkg().Path() + "." + obj.Name() {
		case "time.Duration", "time.Time":
			return true
		case "sync.WaitGroup", "sync.Mutex":
			return isVar
		}
		return false
	case *types.Pointer:
		if n, ok := t.Elem().(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" {
			return true
		}
		return false
	case *types.Chan:
		return w.okType(t.Elem(), false)
	case *types.Signature:
		if t.Variadic() {
			return false
		}
		for i := 0; i < t.Params().Len(); i++ {
			if !w.okType(t.Params().At(i).Type(), false) {
				return false
			}
		}
		for i := 0; i < t.Results().Len(); i++ {
			if !w.okType(t.Results().At(i).Type(), false) {
				return false
			}
		}
		return true
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if !w.okType(t.At(i).Type(), false) {
				return false
			}
		}
		return true
	}
	return false
}

func (w *walker) block(b *ast.BlockStmt) {
	if b == nil {
		return
	}
	for _, st := range b.List {
		w.stmt(st)
	}
}

func (w *walker) stmt(s ast.Stmt) {
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > maxNesting {
		w.unsupported(s, "nesting this deep")
		return
	}
	switch s := s.(type) {
	case *ast.DeclStmt:
		d := s.Decl.(*ast.GenDecl)
		if d.Tok == token.TYPE {
			w.unsupported(s, "a type declaration")
			return
		}
		w.genDecl(d)
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			if id, ok := l.(*ast.Ident); ok {
				if obj := w.sc.info.Defs[id]; obj != nil {
					w.typ(id, obj.Type(), true)
				}
				continue
			}
			if _, ok := l.(*ast.Ident); !ok {
				w.unsupported(l, "assigning to anything but a variable")
			}
		}
		for _, r := range s.Rhs {
			w.expr(r)
		}
	case *ast.IncDecStmt:
		if _, ok := s.X.(*ast.Ident); !ok {
			w.unsupported(s, "++/-- on anything but a variable")
		}
	case *ast.ExprStmt:
		w.expr(s.X)
	case *ast.SendStmt:
		w.expr(s.Chan)
		w.expr(s.Value)
	case *ast.IfStmt:
		if s.Init != nil {
			w.stmt(s.Init)
		}
		w.expr(s.Cond)
		w.block(s.Body)
		if s.Else != nil {
			w.stmt(s.Else)
		}
	case *ast.ForStmt:
		if s.Init != nil {
			w.stmt(s.Init)
		}
		if s.Cond != nil {
			w.expr(s.Cond)
		}
		if s.Post != nil {
			w.stmt(s.Post)
		}
		w.block(s.Body)
	case *ast.RangeStmt:
		t := w.sc.info.Types[s.X].Type
		switch u := t.Underlying().(type) {
		case *types.Basic:
			if u.Info()&types.IsInteger == 0 {
				w.unsupported(s, "range over "+t.String())
			}
		case *types.Chan:
		default:
			w.unsupported(s, "range over "+types.TypeString(t, qualifier))
		}
		if s.Value != nil {
			w.unsupported(s.Value, "a second range variable")
		}
		if s.Key != nil && s.Tok == token.ASSIGN {
			if _, ok := s.Key.(*ast.Ident); !ok {
				w.unsupported(s.Key, "ranging into anything but a variable")
			}
		}
		w.expr(s.X)
		w.block(s.Body)
	case *ast.BranchStmt:
		if s.Label != nil {
			w.unsupported(s, "a labelled "+s.Tok.String())
		} else if s.Tok == token.GOTO || s.Tok == token.FALLTHROUGH {
			w.unsupported(s, s.Tok.String())
		}
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			w.expr(r)
		}
	case *ast.GoStmt:
		w.expr(s.Call)
	case *ast.DeferStmt:
		w.expr(s.Call)
	case *ast.BlockStmt:
		w.block(s)
	case *ast.EmptyStmt:
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			cc := c.(*ast.CommClause)
			if cc.Comm != nil {
				w.stmt(cc.Comm)
			}
			for _, st := range cc.Body {
				w.stmt(st)
			}
		}
	case *ast.SwitchStmt:
		if s.Init != nil {
			w.stmt(s.Init)
		}
		if s.Tag != nil {
			w.expr(s.Tag)
		}
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			for _, e := range cc.List {
				w.expr(e)
			}
			for _, st := range cc.Body {
				w.stmt(st)
			}
		}
	case *ast.LabeledStmt:
		w.unsupported(s, "a label")
	case *ast.TypeSwitchStmt:
		w.unsupported(s, "a type switch")
	default:
		w.unsupported(s, "this statement")
	}
}

func (w *walker) expr(e ast.Expr) {
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > maxNesting {
		w.unsupported(e, "nesting this deep")
		return
	}
	tv := w.sc.info.Types[e]
	if tv.Value != nil {
		// A constant: only its type matters.
		if !w.okType(tv.Type, false) {
			w.typ(e, tv.Type, false)
		}
		return
	}
	switch e := e.(type) {
	case *ast.Ident:
	case *ast.BasicLit:
		w.unsupported(e, "a "+strings.ToLower(e.Kind.String())+" literal")
	case *ast.ParenExpr:
		w.expr(e.X)
	case *ast.BinaryExpr:
		w.expr(e.X)
		w.expr(e.Y)
	case *ast.UnaryExpr:
		switch e.Op {
		case token.SUB, token.NOT, token.XOR, token.ARROW, token.ADD:
			w.expr(e.X)
		case token.AND:
			if !w.isSyncValue(e.X) {
				w.unsupported(e, "taking an address (except &wg or &mu of a sync value)")
			}
		default:
			w.unsupported(e, "operator "+e.Op.String())
		}
	case *ast.StarExpr:
		w.unsupported(e, "dereferencing a pointer")
	case *ast.FuncLit:
		w.funcType(e.Type)
		w.block(e.Body)
	case *ast.CallExpr:
		w.call(e)
	case *ast.SelectorExpr:
		if _, ok := w.sc.info.Selections[e]; ok {
			w.unsupported(e, "a method value (call the method instead)")
			return
		}
		if id, ok := e.X.(*ast.Ident); ok {
			if _, ok := w.sc.info.Uses[id].(*types.PkgName); ok {
				return
			}
		}
		w.unsupported(e, "a field selector")
	case *ast.CompositeLit:
		if !w.isSyncType(w.sc.info.Types[e].Type) || len(e.Elts) > 0 {
			w.unsupported(e, "a composite literal")
		}
	default:
		w.unsupported(e, describe(e))
	}
}

func describe(e ast.Expr) string {
	switch e.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return "indexing"
	case *ast.SliceExpr:
		return "slicing"
	case *ast.TypeAssertExpr:
		return "a type assertion"
	case *ast.KeyValueExpr:
		return "a key: value pair"
	case *ast.ArrayType, *ast.MapType, *ast.StructType, *ast.InterfaceType:
		return "this type"
	}
	return "this expression"
}

func (w *walker) isSyncType(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync"
}

func (w *walker) isSyncValue(e ast.Expr) bool {
	if cl, ok := e.(*ast.CompositeLit); ok {
		return w.isSyncType(w.sc.info.Types[cl].Type) && len(cl.Elts) == 0
	}
	id, ok := e.(*ast.Ident)
	return ok && w.isSyncType(w.sc.info.Types[id].Type)
}

func (w *walker) call(c *ast.CallExpr) {
	if c.Ellipsis.IsValid() {
		w.unsupported(c, "a ... argument")
	}
	fun := c.Fun
	if tv := w.sc.info.Types[fun]; tv.IsType() {
		// A conversion: between integer types only.
		to := tv.Type.Underlying()
		from := w.sc.info.Types[c.Args[0]].Type
		if b, ok := to.(*types.Basic); !ok || b.Info()&types.IsInteger == 0 || from == nil {
			w.unsupported(c, "this conversion")
		} else if fb, ok := from.Underlying().(*types.Basic); !ok || fb.Info()&types.IsInteger == 0 {
			w.unsupported(c, "this conversion")
		}
		for _, a := range c.Args {
			w.expr(a)
		}
		return
	}
	switch f := fun.(type) {
	case *ast.Ident:
		if b, ok := w.sc.info.Uses[f].(*types.Builtin); ok {
			switch b.Name() {
			case "make":
				if _, ok := w.sc.info.Types[c.Args[0]].Type.Underlying().(*types.Chan); !ok {
					w.unsupported(c, "make of anything but a channel")
				}
				for _, a := range c.Args[1:] {
					w.expr(a)
				}
				return
			case "close", "println", "print":
			case "new":
				if !w.isSyncType(w.sc.info.Types[c.Args[0]].Type) {
					w.unsupported(c, "new of anything but sync.WaitGroup or sync.Mutex")
				}
				return
			case "len":
				if t := w.sc.info.Types[c.Args[0]].Type; t == nil || !isString(t) {
					w.unsupported(c, "len of anything but a string")
				}
			default:
				w.unsupported(c, "the builtin "+b.Name())
				return
			}
		}
	case *ast.SelectorExpr:
		if sel, ok := w.sc.info.Selections[f]; ok {
			if sel.Kind() != types.MethodVal {
				w.unsupported(f, "a field selector")
			}
			w.expr(f.X)
			for _, a := range c.Args {
				w.expr(a)
			}
			return
		}
		if fn, ok := w.sc.info.Uses[f.Sel].(*types.Func); ok && fn.Name() == "NumCPU" {
			w.unsupported(c, "runtime.NumCPU")
		}
	default:
		w.expr(fun)
	}
	for _, a := range c.Args {
		w.expr(a)
	}
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
