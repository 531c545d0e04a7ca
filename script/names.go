package script

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gmpbook/gmpbook/script/vm"
)

// A "//> name worker {i}" directive names the goroutines a go statement
// starts. It is written like a caption, at the end of the go statement's
// line or alone on the line before it. The text is the name, and each {x}
// in it is a value read when the statement runs, so that every goroutine
// gets its own name ("worker 0", "worker 1", …). x is, in this order:
//
//   - a parameter of the started function: the argument passed for it
//     (go worker(n) with func worker(id int): {id});
//   - a variable passed as an argument (go worker(i): {i});
//   - a variable the started closure uses (go func() { … i … }(): {i}).
//
// The value must be a number, a string or a bool; it is printed as fmt's
// %v prints its underlying value. The VM reads it (vm.GoName), the
// simulator carries the name on the goroutine's EvGoCreate
// (core.Event.GoLabel) and the player shows it on the goroutine's token.

// nameDirective is the text after "//>" when it is a name directive.
func nameDirective(text string) (string, bool) {
	rest, ok := strings.CutPrefix(text, "name")
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

// readNames resolves the name directives of the scene into what the VM
// reads at each go statement.
func (sc *Scene) readNames() error {
	goAt := map[int]*ast.GoStmt{}
	startAt := map[int]*ast.CallExpr{} // wg.Go(f) and g.Go(f) statements
	codeLines := map[int]bool{}
	ast.Inspect(sc.file, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st != nil && !sc.inHeader(st.Pos()) {
			line := sc.pos(st.Pos()).Line
			codeLines[line] = true
			switch st := st.(type) {
			case *ast.GoStmt:
				goAt[line] = st
			case *ast.ExprStmt:
				if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && sc.startsGoroutine(call) {
					startAt[line] = call
				}
			}
		}
		return true
	})
	srcLines := strings.Split(string(sc.Source), "\n")
	var errs Errors
	for _, cg := range sc.file.Comments {
		for _, c := range cg.List {
			text, ok := strings.CutPrefix(c.Text, "//>")
			if !ok || sc.inHeader(c.Pos()) {
				continue
			}
			tmpl, ok := nameDirective(strings.TrimSpace(text))
			if !ok {
				continue
			}
			p := sc.pos(c.Pos())
			line := p.Line
			if p.Line-1 < len(srcLines) && strings.TrimSpace(srcLines[p.Line-1][:max(0, min(p.Column-1, len(srcLines[p.Line-1])))]) == "" {
				// Alone on its line: it names the next line with code.
				line = 0
				for l := p.Line + 1; l <= len(srcLines); l++ {
					if codeLines[l] {
						line = l
						break
					}
				}
			}
			// Where the name starts in the comment, for the columns of
			// errors inside it (a // comment is one line).
			off := strings.Index(c.Text, tmpl)
			var gn vm.GoName
			var err *Diagnostic
			if gs := goAt[line]; gs != nil {
				gn, err = sc.resolveName(gs.Go, gs.Call, tmpl, c.Pos()+token.Pos(off))
			} else if call := startAt[line]; call != nil {
				// wg.Go(f) names the goroutine that runs f: resolve the
				// name as if the statement were go f().
				gn, err = sc.resolveName(call.Lparen, &ast.CallExpr{Fun: call.Args[0]}, tmpl, c.Pos()+token.Pos(off))
				gn.Starter = true
			} else {
				errs = append(errs, sc.errorf(c.Pos(), "//> name names the goroutine of a go statement (or of wg.Go, g.Go): put it at the end of that line or on the line before it"))
				continue
			}
			if err != nil {
				errs = append(errs, *err)
				continue
			}
			sc.goNames = append(sc.goNames, gn)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// startsGoroutine reports whether call is sync.WaitGroup's or errgroup's
// Go method, which starts its argument in a goroutine of its own.
func (sc *Scene) startsGoroutine(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	s := sc.info.Selections[sel]
	if s == nil {
		return false
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok {
		return false
	}
	switch fn.FullName() {
	case "(*sync.WaitGroup).Go", "(*golang.org/x/sync/errgroup.Group).Go":
		return true
	}
	return false
}

// resolveName parses tmpl, which starts at pos, and finds what each {x}
// in it reads when the statement at key (a go keyword, or the ( of a
// wg.Go call) starts call in a new goroutine.
func (sc *Scene) resolveName(key token.Pos, call *ast.CallExpr, tmpl string, pos token.Pos) (vm.GoName, *Diagnostic) {
	fail := func(at int, format string, args ...any) (vm.GoName, *Diagnostic) {
		d := sc.errorf(pos+token.Pos(at), format, args...)
		return vm.GoName{}, &d
	}
	if tmpl == "" {
		return fail(0, "//> name needs a name: //> name worker {i}")
	}
	if tv, ok := sc.info.Types[call.Fun]; ok && tv.IsBuiltin() {
		return fail(0, "//> name: this go statement calls a builtin, which starts no goroutine of the scene's")
	}
	sig, _ := sc.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if sig == nil {
		return fail(0, "//> name: the go statement's call has no function type")
	}
	gn := vm.GoName{Go: key, Args: len(call.Args)}
	variadic := -1
	if sig.Variadic() && !call.Ellipsis.IsValid() {
		variadic = sig.Params().Len() - 1
		gn.Args = sig.Params().Len()
	}
	lit, _ := ast.Unparen(call.Fun).(*ast.FuncLit)
	for at := 0; at < len(tmpl); {
		open := strings.IndexAny(tmpl[at:], "{}")
		if open < 0 {
			gn.Parts = append(gn.Parts, vm.NamePart{Text: tmpl[at:]})
			break
		}
		open += at
		if tmpl[open] == '}' {
			return fail(open, "//> name: a } with no { before it")
		}
		if open > at {
			gn.Parts = append(gn.Parts, vm.NamePart{Text: tmpl[at:open]})
		}
		end := strings.IndexByte(tmpl[open:], '}')
		if end < 0 {
			return fail(open, "//> name: a { with no } after it")
		}
		end += open
		x := strings.TrimSpace(tmpl[open+1 : end])
		if !token.IsIdentifier(x) {
			return fail(open, "//> name: {%s} must hold one variable name, as in {i}", x)
		}
		part, typ, ok := sc.nameValue(call, sig, lit, x)
		if !ok {
			return fail(open+1, "//> name: {%s}: %s is not a parameter of the function the go statement starts, an argument of its call, or a variable its closure uses", x, x)
		}
		if part.Free == "" && part.Arg >= variadic && variadic >= 0 {
			return fail(open+1, "//> name: {%s} is one of the variadic arguments; name the goroutine after another value", x)
		}
		if _, basic := typ.Underlying().(*types.Basic); !basic {
			return fail(open+1, "//> name: {%s} is a %s; a name can show a number, a string or a bool", x, typ)
		}
		gn.Parts = append(gn.Parts, part)
		at = end + 1
	}
	return gn, nil
}

// nameValue finds x for a {x} of a name directive on a go statement that
// calls call: a parameter of the callee, a variable passed as an argument,
// or a variable that the started closure lit uses from outside it.
func (sc *Scene) nameValue(call *ast.CallExpr, sig *types.Signature, lit *ast.FuncLit, x string) (vm.NamePart, types.Type, bool) {
	for k := range min(sig.Params().Len(), len(call.Args)) {
		if v := sig.Params().At(k); v.Name() == x {
			return vm.NamePart{Arg: k}, v.Type(), true
		}
	}
	for k, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && id.Name == x {
			return vm.NamePart{Arg: k}, sc.info.TypeOf(a), true
		}
	}
	if lit == nil {
		return vm.NamePart{}, nil, false
	}
	var found *types.Var
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id.Name != x || found != nil {
			return found == nil
		}
		v, ok := sc.info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Parent() == sc.pkg.Scope() || v.Parent() == nil {
			return true
		}
		if v.Pos() < lit.Pos() || v.Pos() >= lit.End() {
			found = v
		}
		return true
	})
	if found == nil {
		return vm.NamePart{}, nil, false
	}
	return vm.NamePart{Free: x}, found.Type(), true
}
