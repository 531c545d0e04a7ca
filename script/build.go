package script

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script/vm"
)

// Compiled is a scene compiled for the VM, ready to run any number of
// times.
type Compiled struct {
	Scene *Scene
	prog  *vm.Program
	// MaxInstructions bounds the instructions one run may execute, so that
	// a scene stuck in a loop ends with a clear message.
	MaxInstructions int64
	// NoSummaries interprets every loop iteration by iteration (tests).
	NoSummaries bool
	// OneByOne runs every instruction alone, without the run loop's
	// shortcuts (tests).
	OneByOne bool
}

// Compile lowers a checked scene to SSA (golang.org/x/tools/go/ssa, with
// generics instantiated) together with the prelude packages it imports,
// and compiles that for the VM.
func Compile(sc *Scene) (c *Compiled, err error) {
	// The SSA builder panics on input it cannot handle; that is our bug,
	// reported as the scene's error rather than a crash.
	defer func() {
		if e := recover(); e != nil {
			c, err = nil, Errors{{Pos: token.Position{Filename: sc.Filename, Line: 1, Column: 1}, Msg: fmt.Sprintf("script: the scene could not be compiled: %v", e)}}
		}
	}()
	prog := ssa.NewProgram(sc.fset, ssa.InstantiateGenerics|ssa.BuildSerially)
	prog.CreatePackage(types.Unsafe, nil, nil, true)
	for _, p := range sc.imp.order {
		prog.CreatePackage(sc.imp.pkgs[p], sc.imp.files[p], sc.imp.infos[p], true)
	}
	mainPkg := prog.CreatePackage(sc.pkg, []*ast.File{sc.file}, sc.info, false)
	prog.Build()
	vp, err := vm.New(prog, mainPkg, vm.Natives(), sc.goNames...)
	if err != nil {
		return nil, sc.vmError(err)
	}
	vp.UserFile = sc.Filename
	return &Compiled{Scene: sc, prog: vp, MaxInstructions: vp.MaxInstructions}, nil
}

// vmError turns the VM compiler's "file:line:col: msg" into a Diagnostic.
func (sc *Scene) vmError(err error) error {
	msg := err.Error()
	parts := strings.SplitN(msg, ": ", 2)
	if len(parts) == 2 {
		var pos token.Position
		fields := strings.Split(parts[0], ":")
		if n := len(fields); n >= 3 {
			pos.Filename = strings.Join(fields[:n-2], ":")
			pos.Line, pos.Column = atoi(fields[n-2]), atoi(fields[n-1])
			return Errors{{Pos: pos, Msg: parts[1]}}
		}
	}
	return Errors{{Pos: token.Position{Filename: sc.Filename}, Msg: msg}}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// Liner is what a scene goroutine tells of the scene's source: the line
// it is at, and the lines that ran to produce the op it handed to the
// simulator last. Every program of a scene's simulator that runs the
// scene's code implements it (core.Sim.ProgramOf); the runtime's own
// goroutines do not.
type Liner interface {
	Line() int
	RanLines() []int32
}

var _ Liner = (*vm.Thread)(nil)

// Tracer is a goroutine program that can list its stack the way a
// traceback does (vm.Thread.Traceback): the scene's frames, innermost
// first.
type Tracer interface {
	Traceback() []TraceFrame
	CreatedBy() (fn string, line int)
}

// TraceFrame is one frame of a traceback (vm.TraceFrame).
type TraceFrame = vm.TraceFrame

var _ Tracer = (*vm.Thread)(nil)

// NewSim builds a simulator running the scene with cfg. What the program
// links changes its start-up: without package os (which fmt and the
// toolkit bring in) there is no finalizer goroutine.
func (c *Compiled) NewSim(cfg core.Config, opts ...core.Option) (*core.Sim, error) {
	cfg.NoFinalizerG = !c.Scene.LinksOS()
	c.prog.MaxInstructions = c.MaxInstructions
	c.prog.NoSummaries = c.NoSummaries
	c.prog.OneByOne = c.OneByOne
	run := c.prog.NewRun(cfg.Seed)
	return core.New(cfg, run.Main(), opts...)
}
