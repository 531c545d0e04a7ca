package script

import "github.com/gmpbook/gmpbook/core"

// opcode is a VM instruction. The VM is a stack machine; every local
// variable lives in a cell so that closures share it.
type opcode uint8

const (
	iConst       opcode = iota // push v
	iLoad                      // push cell(a=space, b=index)
	iStore                     // pop into cell(a, b)
	iNewCell                   // local b = new cell holding v (a fresh variable)
	iPop                       // drop the top
	iDup                       // duplicate the top
	iBin                       // pop y, x; push x op y (a = token, v = result kind)
	iNeg                       // arithmetic negation
	iNot                       // logical not
	iCompl                     // bitwise complement
	iJump                      // goto a
	iJumpF                     // pop; goto a if false
	iJumpT                     // pop; goto a if true
	iCall                      // call the closure below a args
	iReturn                    // return a results (running defers first)
	iClosure                   // push a closure of funcs[a] capturing cells
	iDefer                     // pop a closure and a args; run at return
	iGo                        // pop a closure and a args; start a goroutine
	iOp                        // a scheduler op (a = opKind), may yield
	iConv                      // convert the top to kind a
	iSprint                    // pop a args, push fmt.Sprint-like string (b = flavour)
	iLen                       // string length
	iSpinForever               // an empty infinite loop: CPU work with no safe points, forever
	iGoexit                    // runtime.Goexit: run every defer, then exit
	iCheckDefer                // pop a closure (nil panics) — for defer of a nil func
)

// cell spaces for iLoad/iStore.
const (
	spLocal = iota
	spEnv
	spGlobal
)

// value kinds for iBin results and iConv targets.
const (
	kInt = iota
	kDur
	kBool
	kString
	kTime
)

// op kinds for iOp.
const (
	opPrintln        = iota // b args: fmt.Println
	opPrint                 // b args: fmt.Print
	opPrintf                // b args (format first): fmt.Printf
	opRuntimePrintln        // b args: builtin println (stderr)
	opRuntimePrint          // b args: builtin print (stderr, no newline)
	opGosched
	opGOMAXPROCS
	opNumGoroutine
	opLockOS
	opUnlockOS
	opSleep
	opNow
	opSince
	opWork
	opSyscall
	opNetRead
	opMakeChan // b = 1 if a size is on the stack
	opSend
	opRecv   // push the value
	opRecvOk // push the value and ok
	opClose
	opSelect // v = *selectDesc
	opNewWG
	opNewMutex
	opWGAdd
	opWGDone
	opWGWait
	opWGGo // pop closure: Add(1) then go { f(); Done() }
	opLock
	opUnlock
)

type instr struct {
	op   opcode
	a, b int32
	v    any
	line int32
}

// fnCode is one compiled function.
type fnCode struct {
	name     string
	index    int
	nparams  int
	ncells   int
	captures []capture // for closures: where each env cell comes from
	code     []instr
}

type capture struct {
	fromEnv bool // from the creating frame's env, else from its locals
	idx     int
}

type closure struct {
	fn  *fnCode
	env []*cell
}

type cell struct{ v any }

// selectDesc describes a select: its cases in source order.
type selectDesc struct {
	sends      []bool
	zeros      []any // the zero value of each receive case's element
	hasDefault bool
}

// Compiled is a scene lowered to bytecode, ready to run any number of times.
type Compiled struct {
	Scene      *Scene
	funcs      []*fnCode
	main       *fnCode
	init       *fnCode
	globals    int
	globalZero []any // each global's zero value
	// MaxInstructions bounds the instructions one run may execute, so that
	// a scene stuck in a loop ends with a clear message.
	MaxInstructions int64
}

var _ core.Program = (*thread)(nil)
