// Package runtime is the scenes' runtime package: the scheduler calls the
// simulator answers, and the runtime's error types.
package runtime

func Gosched()
func Goexit()
func GOMAXPROCS(n int) int
func NumGoroutine() int
func NumCPU() int
func LockOSThread()
func UnlockOSThread()
func KeepAlive(x any) {}

// GOOS and GOARCH are those of the simulated machine.
const (
	GOOS     = "linux"
	GOARCH   = "amd64"
	Compiler = "gc"
)

// An Error is a run-time panic of the program.
type Error interface {
	error
	RuntimeError()
}

// errorString is a runtime error such as an index out of range.
type errorString string

func (e errorString) RuntimeError() {}
func (e errorString) Error() string { return "runtime error: " + string(e) }

// plainError is a runtime error printed without the "runtime error: "
// prefix (assignment to entry in nil map, close of a closed channel).
type plainError string

func (e plainError) RuntimeError() {}
func (e plainError) Error() string { return string(e) }

// A TypeAssertionError is a failed type assertion.
type TypeAssertionError struct{ msg string }

func (*TypeAssertionError) RuntimeError()   {}
func (e *TypeAssertionError) Error() string { return e.msg }

// A PanicNilError is what panic(nil) panics with.
type PanicNilError struct{ _ [0]int }

func (*PanicNilError) Error() string {
	return "panic called with nil argument"
}
func (*PanicNilError) RuntimeError() {}

// GC runs a garbage collection: in the simulator, which has no collector,
// one stop-the-world pause of 100 µs (a real collection stops the world
// twice, briefly, around a concurrent mark).
func GC()

// Breakpoint executes a breakpoint trap: the process dies with SIGTRAP.
func Breakpoint()

// MemProfileRate is the allocation profiler's sampling rate. The
// simulator has no heap profiler: setting it changes nothing.
var MemProfileRate int = 512 * 1024
