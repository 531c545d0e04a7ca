package script

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strings"
)

// notInScenes are standard packages a reader may reach for that scenes do
// not provide; importing one says so plainly.
var notInScenes = map[string]string{
	"unsafe":  "unsafe is not supported in scenes",
	"reflect": "reflection is not supported in scenes",
	"C":       "cgo is not supported in scenes (use scene.Cgo(d) for time spent in C)",
}

// undefinedQualified matches go/types' message for a missing member of an
// imported package.
var undefinedQualified = regexp.MustCompile(`^undefined: ([a-z][a-z0-9]*)\.([A-Za-z_][A-Za-z0-9_]*)$`)

// check type-checks the scene against the prelude packages.
func (sc *Scene) check() error {
	var errs Errors
	if sc.file.Name.Name != "main" {
		errs = append(errs, sc.errorf(sc.file.Name.Pos(), "a scene is package main, not %s", sc.file.Name.Name))
	}
	available := map[string]bool{}
	for _, p := range preludePackages() {
		available[p] = true
	}
	for _, im := range sc.file.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		if sc.inHeader(im.Pos()) || available[path] {
			continue
		}
		if msg, ok := notInScenes[path]; ok {
			errs = append(errs, sc.errorf(im.Pos(), "%s", msg))
			continue
		}
		errs = append(errs, sc.errorf(im.Pos(), "import %q is not supported in scenes (scenes may import %s)", path, strings.Join(preludePackages(), ", ")))
	}
	if len(errs) > 0 {
		return errs
	}
	sc.imp = newPreludeImporter(sc.fset)
	// The runtime's error types are the VM's panics' values, whether or
	// not the scene imports runtime.
	if _, err := sc.imp.Import("runtime"); err != nil {
		return Errors{{Pos: token.Position{Filename: sc.Filename, Line: 1, Column: 1}, Msg: err.Error()}}
	}
	sc.info = newInfo()
	conf := types.Config{
		Importer:  sc.imp,
		GoVersion: "go1.26",
		Error: func(err error) {
			te, ok := err.(types.Error)
			if !ok {
				errs = append(errs, Diagnostic{Pos: token.Position{Filename: sc.Filename}, Msg: err.Error()})
				return
			}
			if sc.inHeader(te.Pos) {
				// The implied imports: only a broken library fails there.
				if strings.Contains(te.Msg, "could not import") {
					errs = append(errs, Diagnostic{Pos: token.Position{Filename: sc.Filename, Line: 1, Column: 1}, Msg: te.Msg})
				}
				return
			}
			// One line per message: go/types puts have/want on lines of
			// their own.
			msg := strings.ReplaceAll(te.Msg, "\n\t", "; ")
			msg = strings.ReplaceAll(msg, "\n", "; ")
			if m := undefinedQualified.FindStringSubmatch(msg); m != nil && sc.importsPackageNamed(m[1]) {
				// It exists in Go: it is the scenes' library that lacks it.
				msg = m[1] + "." + m[2] + " is not supported in scenes"
			}
			errs = append(errs, Diagnostic{Pos: sc.pos(te.Pos), Msg: msg})
		},
	}
	pkg, _ := conf.Check("main", sc.fset, []*ast.File{sc.file}, sc.info)
	sc.pkg = pkg
	if len(errs) == 0 && pkg.Scope().Lookup("main") == nil {
		errs = append(errs, Diagnostic{Pos: token.Position{Filename: sc.Filename, Line: 1, Column: 1}, Msg: "a scene needs func main()"})
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

// importsPackageNamed reports whether the scene imports a package under
// name.
func (sc *Scene) importsPackageNamed(name string) bool {
	for _, im := range sc.file.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		n := path[strings.LastIndexByte(path, '/')+1:]
		if im.Name != nil {
			n = im.Name.Name
		}
		if n == name {
			return true
		}
	}
	return false
}
