package tests

// The dependency rule of the architecture, made executable.
//
// Each rule is a plain function over a list of packages and their direct
// imports, so that a unit test can feed it a forbidden import and watch it
// fail (TestImportRulesReportForbiddenImports): a rule that cannot fail
// checks nothing. The Test* functions below apply the rules to what
// `go list` reports for this module, once for the host and once for
// GOOS=js GOARCH=wasm, because build tags choose files and so imports.
//
// These rules are policy. When one fails, change the import, not the rule.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// module is the import path of this module; every package path below is
// relative to it.
const module = "github.com/gmpbook/gmpbook"

// ebiten is the import path prefix of the Ebiten game engine. Importing it
// panics without a display, so only the packages that draw may import it.
const ebiten = "github.com/hajimehoshi/ebiten/v2"

// coreStdlib is the whole of the standard library that core may import:
// formatting, sorting, text and JSON. Nothing here reads a clock, touches the
// host, starts a goroutine or draws randomness from outside the simulation.
var coreStdlib = []string{
	"bytes",
	"cmp",
	"errors",
	"fmt",
	"io",
	"iter",
	"math",
	"math/bits",
	"slices",
	"sort",
	"strconv",
	"strings",
	"unicode",
	"unicode/utf8",
	"encoding/json",
}

// hostPackages are standard library packages through which core would stop
// being a pure, deterministic state machine: a host clock (time), the host
// itself (os, net, runtime, unsafe, syscall/js), real concurrency (sync,
// sync/atomic) or randomness not owned by the simulation (math/rand). They
// are named here as well as left out of coreStdlib, so that adding one to
// the allowlist by mistake still fails a test.
var hostPackages = []string{
	"time",
	"os",
	"net",
	"sync",
	"sync/atomic",
	"math/rand",
	"math/rand/v2",
	"syscall/js",
	"unsafe",
	"runtime",
}

// platforms are the GOOS/GOARCH pairs under which imports are listed. The
// empty pair is the host; js/wasm is the browser build.
var platforms = []struct{ goos, goarch string }{
	{"", ""},
	{"js", "wasm"},
}

// pkg is one package of the module and its direct (non-test) imports.
type pkg struct {
	path    string
	imports []string
}

// rule reports whether the package importer must not import imp.
type rule func(importer, imp string) bool

// violations returns, sorted, one line "importer imports forbidden imp" for
// each import that the rule forbids.
func violations(pkgs []pkg, forbidden rule) []string {
	var out []string
	for _, p := range pkgs {
		for _, imp := range p.imports {
			if forbidden(p.path, imp) {
				out = append(out, fmt.Sprintf("%s imports forbidden %q", p.path, imp))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// within reports whether the import path is the package dir of this module
// (a slash-separated path such as "render/view") or a package under it.
func within(path, dir string) bool {
	p := module + "/" + dir
	return path == p || strings.HasPrefix(path, p+"/")
}

// isCore reports whether the import path is core or a package under core/.
func isCore(path string) bool { return within(path, "core") }

// isEbiten reports whether the import path is Ebiten or one of its packages.
func isEbiten(path string) bool {
	return path == ebiten || strings.HasPrefix(path, ebiten+"/")
}

// isModule reports whether the import path is a package of this module.
func isModule(path string) bool { return path == module || strings.HasPrefix(path, module+"/") }

// mayImportEbiten reports whether the package may import Ebiten: render and
// its packages except the pure ones (render/view, render/play), and the
// desktop app except its pure parts (desktop/page, the typesetter;
// desktop/read, the reading mode's model; desktop/present, presentation
// mode's model; desktop/link, the two windows' link; desktop/frame, the
// -frame schema).
func mayImportEbiten(path string) bool {
	return within(path, "render") && !within(path, "render/view") && !within(path, "render/play") ||
		within(path, "cmd/gmpbook-desktop") ||
		within(path, "desktop") && !within(path, "desktop/present") && !within(path, "desktop/page") && !within(path, "desktop/read") && !within(path, "desktop/link") && !within(path, "desktop/frame")
}

// coreImportsOnlyPureStdlib forbids a core package any import that is
// neither in coreStdlib nor another core package.
func coreImportsOnlyPureStdlib(importer, imp string) bool {
	return isCore(importer) && !isCore(imp) && !slices.Contains(coreStdlib, imp)
}

// coreImportsNoHostPackage forbids a core package the hostPackages.
func coreImportsNoHostPackage(importer, imp string) bool {
	return isCore(importer) && slices.Contains(hostPackages, imp)
}

// onlyWasmImportsSyscallJS forbids syscall/js outside wasm/.
func onlyWasmImportsSyscallJS(importer, imp string) bool {
	return imp == "syscall/js" && !within(importer, "wasm")
}

// ebitenOnlyInRenderAndDesktop forbids Ebiten outside render (but not
// render/view) and the desktop entry point.
func ebitenOnlyInRenderAndDesktop(importer, imp string) bool {
	return isEbiten(imp) && !mayImportEbiten(importer)
}

// scriptImportsOnlyCore forbids script and its packages (the scene
// language and its VM) any package of this module but core and script's
// own: the language knows nothing of pictures, players or chapters.
func scriptImportsOnlyCore(importer, imp string) bool {
	return within(importer, "script") && isModule(imp) && !isCore(imp) && !within(imp, "script")
}

// viewImportsOnlyCore forbids render/view any package of this module but
// core, and the host packages: the picture is a function of the event log
// (captions arrive as plain values), so it tests on any machine and gives
// the same frame everywhere.
func viewImportsOnlyCore(importer, imp string) bool {
	return within(importer, "render/view") && (isModule(imp) && !isCore(imp) && !within(imp, "render/view") ||
		slices.Contains(hostPackages, imp))
}

// playImportsOnlyViewAndCore forbids render/play, the player's controller,
// any package of this module but render/view and core: it replays what it
// is handed and never simulates or draws.
func playImportsOnlyViewAndCore(importer, imp string) bool {
	return within(importer, "render/play") && isModule(imp) && !isCore(imp) &&
		!within(imp, "render/view") && !within(imp, "render/play")
}

// concurrencyStatements returns one line "file:line: what" for each go
// statement and each select statement in f.
func concurrencyStatements(fset *token.FileSet, f *ast.File) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		var what string
		switch n.(type) {
		case *ast.GoStmt:
			what = "go statement"
		case *ast.SelectStmt:
			what = "select statement"
		default:
			return true
		}
		pos := fset.Position(n.Pos())
		out = append(out, fmt.Sprintf("%s:%d: %s", pos.Filename, pos.Line, what))
		return true
	})
	return out
}

func TestImportRulesReportForbiddenImports(t *testing.T) {
	fake := []pkg{
		{module + "/core", []string{"fmt", "slices", "time", module + "/core/internal/heap"}},
		{module + "/core/internal/heap", []string{"cmp", "os", "github.com/example/dep"}},
		{module + "/corelike", []string{"time"}}, // not core: only a shared prefix
		{module + "/script", []string{"go/parser", "syscall/js", module + "/core"}},
		{module + "/wasm", []string{"syscall/js", module + "/render"}},
		{module + "/render", []string{ebiten, module + "/render/view"}},
		{module + "/render/widgets", []string{ebiten + "/vector"}},
		{module + "/render/view", []string{ebiten + "/text/v2", module + "/core", module + "/script", "os"}},
		{module + "/render/play", []string{ebiten, module + "/core", module + "/render/view", module + "/internal/playerlog", "time"}},
		{module + "/script/vm", []string{module + "/core", module + "/script", module + "/render/view"}},
		{module + "/desktop/page", []string{ebiten + "/text/v2"}},
		{module + "/cmd/gmpbook", []string{ebiten + "/inpututil"}},
		{module + "/cmd/gmpbook-desktop", []string{ebiten}},
		{module + "/desktop/present", []string{ebiten}},
	}
	tests := []struct {
		name string
		rule rule
		want []string
	}{
		{"core imports only pure stdlib", coreImportsOnlyPureStdlib, []string{
			module + `/core imports forbidden "time"`,
			module + `/core/internal/heap imports forbidden "github.com/example/dep"`,
			module + `/core/internal/heap imports forbidden "os"`,
		}},
		{"core imports no host package", coreImportsNoHostPackage, []string{
			module + `/core imports forbidden "time"`,
			module + `/core/internal/heap imports forbidden "os"`,
		}},
		{"only wasm imports syscall/js", onlyWasmImportsSyscallJS, []string{
			module + `/script imports forbidden "syscall/js"`,
		}},
		{"ebiten only in render and desktop", ebitenOnlyInRenderAndDesktop, []string{
			module + `/cmd/gmpbook imports forbidden "` + ebiten + `/inpututil"`,
			module + `/desktop/page imports forbidden "` + ebiten + `/text/v2"`,
			module + `/desktop/present imports forbidden "` + ebiten + `"`,
			module + `/render/play imports forbidden "` + ebiten + `"`,
			module + `/render/view imports forbidden "` + ebiten + `/text/v2"`,
		}},
		{"script imports only core", scriptImportsOnlyCore, []string{
			module + `/script/vm imports forbidden "` + module + `/render/view"`,
		}},
		{"render/view imports only core", viewImportsOnlyCore, []string{
			module + `/render/view imports forbidden "` + module + `/script"`,
			module + `/render/view imports forbidden "os"`,
		}},
		{"render/play imports only view and core", playImportsOnlyViewAndCore, []string{
			module + `/render/play imports forbidden "` + module + `/internal/playerlog"`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, violations(fake, tt.rule))
		})
	}
}

func TestGoroutineCheckReportsGoAndSelect(t *testing.T) {
	const src = `package core

func f(c chan int) {
	go func() {}()
	select {
	case <-c:
	}
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "core/fake.go", src, parser.SkipObjectResolution)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"core/fake.go:4: go statement",
		"core/fake.go:5: select statement",
	}, concurrencyStatements(fset, f))
}

func TestHostPackagesAreNotInTheCoreAllowlist(t *testing.T) {
	for _, h := range hostPackages {
		assert.NotContains(t, coreStdlib, h, "core's allowlist must not grow to include a host package")
	}
}

func TestCoreImportsOnlyPureStdlib(t *testing.T) {
	pkgs := corePackages(t, listModule(t))
	assert.Empty(t, violations(pkgs, coreImportsOnlyPureStdlib),
		"core may import only other core packages and the standard library allowlist %v", coreStdlib)
}

func TestCoreImportsNoHostPackage(t *testing.T) {
	pkgs := corePackages(t, listModule(t))
	assert.Empty(t, violations(pkgs, coreImportsNoHostPackage),
		"core must not import any of %v: it is a pure state machine with virtual time", hostPackages)
}

func TestCoreStartsNoGoroutines(t *testing.T) {
	root := moduleRoot(t)
	dir := filepath.Join(root, "core")
	_, err := os.Stat(dir)
	require.NoError(t, err, "core/ is where the simulator lives: if it moved, move this rule with it")
	fset := token.NewFileSet()
	var found []string
	files := 0
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			// The go command ignores these directories too.
			if path != dir && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, filepath.ToSlash(rel), src, parser.SkipObjectResolution)
		if err != nil {
			t.Errorf("parse %s: %v", rel, err)
			return nil
		}
		files++
		found = append(found, concurrencyStatements(fset, f)...)
		return nil
	})
	require.NoError(t, err)
	t.Logf("checked %d non-test files under core/", files)
	assert.Empty(t, found, "core is a single-threaded state machine: no go or select statement outside tests")
}

func TestScriptImportsOnlyCore(t *testing.T) {
	pkgs := listModule(t)
	requireHas(t, pkgs, "script")
	assert.Empty(t, violations(pkgs, scriptImportsOnlyCore),
		"script (and script/vm) may import, of this module, only core")
}

func TestViewImportsOnlyCore(t *testing.T) {
	pkgs := listModule(t)
	requireHas(t, pkgs, "render/view")
	assert.Empty(t, violations(pkgs, viewImportsOnlyCore),
		"render/view may import, of this module, only core, and none of %v", hostPackages)
}

func TestPlayImportsOnlyViewAndCore(t *testing.T) {
	pkgs := listModule(t)
	requireHas(t, pkgs, "render/play")
	assert.Empty(t, violations(pkgs, playImportsOnlyViewAndCore),
		"render/play may import, of this module, only render/view and core")
}

// requireHas fails the test when pkgs has no package dir: a rule about a
// package that has moved checks nothing.
func requireHas(t *testing.T, pkgs []pkg, dir string) {
	t.Helper()
	for _, p := range pkgs {
		if p.path == module+"/"+dir {
			return
		}
	}
	t.Fatalf("go list reports no package %s: if it moved, move its rule with it", dir)
}

func TestOnlyWasmImportsSyscallJS(t *testing.T) {
	assert.Empty(t, violations(listModule(t), onlyWasmImportsSyscallJS),
		"only wasm/ may import syscall/js")
}

func TestEbitenOnlyInRenderAndDesktop(t *testing.T) {
	assert.Empty(t, violations(listModule(t), ebitenOnlyInRenderAndDesktop),
		"only render (not render/view), cmd/gmpbook-desktop and desktop/ may import Ebiten")

	// render/view, desktop/read (the reading mode's model) and
	// desktop/present (presentation mode's model) are tested on machines
	// with no display, and cmd/gmpbook is pure Go with no cgo: none may
	// reach Ebiten even through another package.
	for _, dir := range []string{"render/view", "render/play", "desktop/page", "cmd/gmpbook", "desktop/read", "desktop/present", "desktop/link", "desktop/frame", "internal/playerlog"} {
		t.Run(dir+" never depends on Ebiten", func(t *testing.T) {
			root := moduleRoot(t)
			_, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir)))
			require.NoError(t, err, "%s is named by this rule: if it moved, move the rule with it", dir)
			for _, p := range platforms {
				deps := goList(t, root, p.goos, p.goarch, "-deps", "-e", "-f", "{{.ImportPath}}", "./"+dir+"/...")
				var bad []string
				for _, d := range deps {
					if isEbiten(d) {
						bad = append(bad, d)
					}
				}
				assert.Empty(t, bad, "%s depends on Ebiten (GOOS=%q GOARCH=%q)", dir, p.goos, p.goarch)
			}
		})
	}
}

// corePackages returns the core packages of pkgs, and fails the test when
// there are none: a rule about core that finds no core checks nothing.
func corePackages(t *testing.T, pkgs []pkg) []pkg {
	t.Helper()
	var core []pkg
	for _, p := range pkgs {
		if isCore(p.path) {
			core = append(core, p)
		}
	}
	if len(core) == 0 {
		t.Fatal("go list reports no core package")
	}
	return core
}

// listModule returns every package of the module with the union of its
// direct imports over all platforms, sorted by path.
func listModule(t *testing.T) []pkg {
	t.Helper()
	root := moduleRoot(t)
	imports := map[string][]string{}
	for _, p := range platforms {
		lines := goList(t, root, p.goos, p.goarch, "-e", "-f", `{{.ImportPath}}|{{join .Imports ","}}`, "./...")
		for _, line := range lines {
			path, list, ok := strings.Cut(line, "|")
			require.True(t, ok, "unexpected go list line %q", line)
			imports[path] = append(imports[path], strings.Split(list, ",")...)
		}
	}
	var pkgs []pkg
	for path, imps := range imports {
		imps = slices.DeleteFunc(imps, func(s string) bool { return s == "" })
		slices.Sort(imps)
		pkgs = append(pkgs, pkg{path, slices.Compact(imps)})
	}
	slices.SortFunc(pkgs, func(a, b pkg) int { return strings.Compare(a.path, b.path) })
	// The listing must at least see this package, or every rule above would
	// pass on nothing.
	require.True(t, slices.ContainsFunc(pkgs, func(p pkg) bool { return p.path == module+"/tests" }),
		"go list did not report %s/tests: the listing is broken", module)
	return pkgs
}

// moduleRoot returns the directory holding this module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	require.NoError(t, err, "go env GOMOD")
	gomod := strings.TrimSpace(string(out))
	require.True(t, gomod != "" && gomod != os.DevNull, "not inside a module (go env GOMOD = %q)", gomod)
	return filepath.Dir(gomod)
}

// goList runs go list with args in dir for the given GOOS and GOARCH (empty
// for the host) and returns its non-empty output lines.
func goList(t *testing.T, dir, goos, goarch string, args ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	if goos != "" {
		cmd.Env = append(cmd.Env, "GOOS="+goos, "GOARCH="+goarch)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list %s (GOOS=%q GOARCH=%q): %s", strings.Join(args, " "), goos, goarch, stderr.String())
	var lines []string
	for _, line := range strings.Split(string(out), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

// archRow is one row of the table in docs/architecture.md: a package (or
// "dir/..." for a package and those under it) and the packages of this
// module it may import.
type archRow struct {
	pkg     string
	any     bool // "any": the row allows every import
	imports []string
}

// archRowRE is a row of the "who owns what" table: | `pkg` | owns | imports |.
var archRowRE = regexp.MustCompile("^\\|\\s*`([a-z0-9/._-]+)`\\s*\\|[^|]*\\|\\s*([^|]*)\\|\\s*$")

// architectureRows reads the table of docs/architecture.md.
func architectureRows(doc string) []archRow {
	var rows []archRow
	for _, line := range strings.Split(doc, "\n") {
		m := archRowRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		r := archRow{pkg: m[1]}
		cell := strings.TrimSpace(m[2])
		switch cell {
		case "any":
			r.any = true
		case "—", "":
		default:
			for _, imp := range strings.Split(cell, ",") {
				r.imports = append(r.imports, strings.Trim(strings.TrimSpace(imp), "`"))
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// matches reports whether the module-relative path rel is pattern (a
// path, or "dir/..." for dir and the packages under it).
func matches(pattern, rel string) bool {
	if dir, ok := strings.CutSuffix(pattern, "/..."); ok {
		return rel == dir || strings.HasPrefix(rel, dir+"/")
	}
	return rel == pattern
}

// archViolations lists each package of pkgs that the table has no row
// for, and each import of this module a package's row does not allow.
func archViolations(pkgs []pkg, rows []archRow) []string {
	var out []string
	for _, p := range pkgs {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.path, module), "/")
		var row *archRow
		for i := range rows {
			if matches(rows[i].pkg, rel) {
				row = &rows[i]
				break
			}
		}
		if row == nil {
			out = append(out, fmt.Sprintf("%s has no row in docs/architecture.md", rel))
			continue
		}
		if row.any {
			continue
		}
		for _, imp := range p.imports {
			if !isModule(imp) {
				continue
			}
			irel := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if matches(row.pkg, irel) && strings.HasSuffix(row.pkg, "/...") {
				continue // within its own tree
			}
			if !slices.ContainsFunc(row.imports, func(allowed string) bool { return matches(allowed, irel) }) {
				out = append(out, fmt.Sprintf("%s imports %s, which its row in docs/architecture.md does not allow", rel, irel))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestArchitectureDocRulesReportWhatTheyForbid(t *testing.T) {
	doc := "| package | owns | imports |\n|---|---|---|\n" +
		"| `core` | the simulator | — |\n" +
		"| `render/play` | playback | `core`, `render/view` |\n" +
		"| `cmd/vmbench/...` | benchmarks | `cmd/vmbench/...`, `core` |\n" +
		"| `tests/...` | checks | any |\n"
	rows := architectureRows(doc)
	require.Len(t, rows, 4)
	fake := []pkg{
		{module + "/core", []string{"fmt"}},
		{module + "/render/play", []string{"time", module + "/core", module + "/render/view", module + "/script"}},
		{module + "/cmd/vmbench/internal/workload", []string{module + "/core", module + "/cmd/vmbench/internal/x"}},
		{module + "/cmd/vmbench", []string{module + "/site"}},
		{module + "/tests", []string{module + "/site"}},
		{module + "/newpkg", nil},
	}
	assert.Equal(t, []string{
		"cmd/vmbench imports site, which its row in docs/architecture.md does not allow",
		"newpkg has no row in docs/architecture.md",
		"render/play imports script, which its row in docs/architecture.md does not allow",
	}, archViolations(fake, rows))
}

// TestArchitectureDocIsTheImportGraph keeps docs/architecture.md true:
// every package of the module has a row, and imports of this module only
// what its row allows.
func TestArchitectureDocIsTheImportGraph(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(moduleRoot(t), "docs", "architecture.md"))
	require.NoError(t, err)
	rows := architectureRows(string(doc))
	require.NotEmpty(t, rows, "docs/architecture.md has no table of packages")
	assert.Empty(t, archViolations(listModule(t), rows),
		"docs/architecture.md says who may import whom: change the import, or the document with the reason")
}
