package script

import (
	"embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// The library a scene may import is written in Go, in _prelude/<import
// path>/: the standard library's API (for the part scenes support), with
// bodies in Go where the real package's code is ordinary Go, and without
// a body where the VM implements the function (script/vm.Natives): the
// scheduler's operations, formatting, the clock. go/types checks a scene
// against these packages, natively and in the browser alike.
//
//go:embed _prelude
var preludeFS embed.FS

// preludePackages lists the import paths the prelude provides.
func preludePackages() []string {
	var out []string
	fs.WalkDir(preludeFS, "_prelude", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			dir := strings.TrimPrefix(path.Dir(p), "_prelude/")
			if len(out) == 0 || out[len(out)-1] != dir {
				out = append(out, dir)
			}
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// preludeImporter type-checks prelude packages from source, into the
// scene's file set, on demand.
type preludeImporter struct {
	fset  *token.FileSet
	pkgs  map[string]*types.Package
	files map[string][]*ast.File
	infos map[string]*types.Info
	order []string // in dependency order
	busy  map[string]bool
}

func newPreludeImporter(fset *token.FileSet) *preludeImporter {
	return &preludeImporter{fset: fset, pkgs: map[string]*types.Package{}, files: map[string][]*ast.File{},
		infos: map[string]*types.Info{}, busy: map[string]bool{}}
}

func (im *preludeImporter) Import(p string) (*types.Package, error) {
	if p == "unsafe" {
		// For the library's own declarations (atomic.Pointer); scenes
		// may not import it (check refuses it first).
		return types.Unsafe, nil
	}
	if pkg, ok := im.pkgs[p]; ok {
		return pkg, nil
	}
	if im.busy[p] {
		return nil, fmt.Errorf("import cycle through %s", p)
	}
	dir := "_prelude/" + p
	entries, err := fs.ReadDir(preludeFS, dir)
	if err != nil {
		return nil, fmt.Errorf("package %q is not available in scenes", p)
	}
	im.busy[p] = true
	defer delete(im.busy, p)
	var files []*ast.File
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		src, err := preludeFS.ReadFile(dir + "/" + e.Name())
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(im.fset, "$prelude/"+p+"/"+e.Name(), src, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("script: prelude %s: %v", p, err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("package %q is not available in scenes", p)
	}
	info := newInfo()
	conf := types.Config{Importer: im, GoVersion: "go1.26"}
	pkg, err := conf.Check(p, im.fset, files, info)
	if err != nil {
		return nil, fmt.Errorf("script: prelude %s: %v", p, err)
	}
	im.pkgs[p], im.files[p], im.infos[p] = pkg, files, info
	im.order = append(im.order, p)
	return pkg, nil
}

func newInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
}

// ToolkitPath is the import path of the scene toolkit.
const ToolkitPath = "gmpbook/scene"

// impliedImports are the packages the short form may use without importing.
var impliedImports = []struct{ name, path string }{
	{"fmt", "fmt"}, {"runtime", "runtime"}, {"sync", "sync"}, {"time", "time"}, {"scene", ToolkitPath},
}
