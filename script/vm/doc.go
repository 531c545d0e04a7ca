// Package vm runs a scene's Go program, lowered to SSA by
// golang.org/x/tools/go/ssa, as goroutines of the simulator: each
// goroutine is a core.Program that interprets its frames until it has a
// scheduler-visible op to hand over (a channel send, a sleep, a lock, a
// stretch of CPU work), and resumes with the op's result.
//
// # Why SSA, and why not x/tools' own interpreter
//
// go/ssa gives the whole language already lowered: closures with their
// free variables, defer and recover, select, range over strings and maps,
// method values, generics instantiated (ssa.InstantiateGenerics). Its
// interpreter (go/ssa/interp) runs goroutines as host goroutines; ours
// must be the simulator's, stepped one op at a time and deterministic, so
// frames here are explicit and a goroutine can stop in the middle of any
// instruction that needs the scheduler.
//
// # Compilation
//
// Program compiles each function on first use (Func): every SSA value
// gets a register of the frame; each instruction becomes a Go closure
// reading registers, constants (the function's table) or the run's
// globals. Jumps copy the successor's φ values for their edge. An
// instruction returns a status: go on, the frame stack changed, an op is
// ready (t.op, and t.then for its result), a panic is unwinding.
//
// The run loop charges costs, counts instructions and notes lines a
// segment at a time (a stretch of a block that calls only at its end),
// gives back what an early stop did not run, and runs fused pairs of
// instructions (fuse.go), runs of integer and float64 arithmetic whose
// intermediate values stay out of the frame (expr.go; an operator and an
// operand operator of registers are one closure, expr_pairs.go), loop
// headers run by the jump into them, and with them the whole loop when
// its body is one segment that jumps back, its checks made for a batch
// of iterations at once, and the step blocks a header's branch leads to
// (one segment that jumps to a header) with the headers they jump to
// (header.go), two kinds of simple loop running a batch of iterations
// in a Go loop and charging them afterwards (a strided fill, which
// stores one value into a slice, fill.go; a numeric loop, whose body is
// one numeric run, numloop.go); and small leaf functions compiled
// into their callers only where that cannot move the end of a stretch of
// CPU work: the virtual time is the one of running instruction by
// instruction, which Program.OneByOne does for tests to compare.
//
// # Values
//
// Value (value.go) holds any Go value: numbers in N, everything else in R
// (strings, *Value pointers, *Agg structs and arrays copied on
// assignment, []Value slices using Go's own len and cap, *Map, Chan,
// *Closure, *Iface). The static types the compiler knows decide how a
// Value is read; interfaces carry a *Type.
//
// # The library
//
// The packages a scene may import are Go source in script/_prelude. A
// function there without a body is a Native of this package, found by
// nativeKey ("time.Sleep", "(*sync.Mutex).Lock"). A native gets a Call:
// its arguments, and Return to set results, Op/OpFunc to hand the
// simulator ops in sequence (each op's result goes to a callback), Panic
// and RuntimeError, Invoke and Method to call back into the program
// (without blocking). Everything else in the prelude is interpreted like
// the scene's own code, so its cost and its scheduling are the program's.
//
// # Simplifications
//
//   - CPU cost is a fixed number of picoseconds per instruction kind
//     (func.go), plus one for an element access far from the last one in
//     a slice larger than the L2 cache; see docs/scenes.md.
//   - A panic while another is being printed, Goexit during a panic and
//     recover in nested deferred calls follow Go's rules only in the common
//     cases: the first panic's chain is printed, as "panic: a [recovered]".
//   - Addresses printed by %p, println of pointers and %v of nested
//     pointers are stand-ins: the VM has no addresses.
//   - A callback from a native (a String method called by fmt, a less
//     function of sort.Slice) may not block: a scheduler op there ends the
//     scene with a message.
package vm
