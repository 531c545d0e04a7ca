package script

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sync"
)

// ToolkitPath is the import path of the scene toolkit.
const ToolkitPath = "gmpbook/scene"

// stubSources declare what a scene may use from each package. They are
// type-checked once into *types.Package values that the scene importer
// returns, so a scene is checked like real Go without export data (which
// WebAssembly builds do not have).
var stubSources = []struct{ path, src string }{
	{"time", `package time
type Duration int64
const (
	Nanosecond Duration = 1
	Microsecond = 1000 * Nanosecond
	Millisecond = 1000 * Microsecond
	Second = 1000 * Millisecond
	Minute = 60 * Second
	Hour = 60 * Minute
)
func (d Duration) String() string
func (d Duration) Nanoseconds() int64
func (d Duration) Microseconds() int64
func (d Duration) Milliseconds() int64
type Time struct{ ns int64 }
func Now() Time
func Since(t Time) Duration
func (t Time) Sub(u Time) Duration
func Sleep(d Duration)
`},
	{"fmt", `package fmt
func Println(a ...any) (n int, err error)
func Print(a ...any) (n int, err error)
func Printf(format string, a ...any) (n int, err error)
func Sprintf(format string, a ...any) string
func Sprint(a ...any) string
func Sprintln(a ...any) string
`},
	{"runtime", `package runtime
func Gosched()
func Goexit()
func GOMAXPROCS(n int) int
func NumGoroutine() int
func NumCPU() int
func LockOSThread()
func UnlockOSThread()
`},
	{"sync", `package sync
type WaitGroup struct{ n int }
func (wg *WaitGroup) Add(delta int)
func (wg *WaitGroup) Done()
func (wg *WaitGroup) Wait()
func (wg *WaitGroup) Go(f func())
type Mutex struct{ n int }
func (m *Mutex) Lock()
func (m *Mutex) Unlock()
`},
	{ToolkitPath, `package scene
import "time"
func Work(d time.Duration)
func Syscall(d time.Duration)
func FileRead(d time.Duration)
func NetRead(d time.Duration)
func Cgo(d time.Duration)
`},
}

// stubImporter returns the stub packages; it is built once.
type stubImporter map[string]*types.Package

func (im stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := im[path]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("package %q is not available in scenes", path)
}

// stubs type-checks the stub packages on first use rather than at package
// init: in the browser the player draws its first frame before it loads a
// scene, and the check (tens of milliseconds there) no longer delays it.
var stubs = sync.OnceValue(buildStubs)

func buildStubs() stubImporter {
	im := stubImporter{}
	for _, st := range stubSources {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, st.path+".go", st.src, 0)
		if err != nil {
			panic("script: stub " + st.path + ": " + err.Error())
		}
		conf := types.Config{Importer: im, IgnoreFuncBodies: true}
		pkg, err := conf.Check(st.path, fset, []*ast.File{f}, nil)
		if err != nil {
			panic("script: stub " + st.path + ": " + err.Error())
		}
		im[st.path] = pkg
	}
	return im
}

// impliedImports are the packages the short form may use without importing.
var impliedImports = []struct{ name, path string }{
	{"fmt", "fmt"}, {"runtime", "runtime"}, {"sync", "sync"}, {"time", "time"}, {"scene", ToolkitPath},
}
