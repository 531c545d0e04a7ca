package vm

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gmpbook/gmpbook/core"
)

// Goroutine stacks. Each interpreted call takes its function's frame size
// (frameSize) from the goroutine's stack; when a frame does not fit, the
// thread asks the simulator for a stack twice as large (core.OpStackGrow),
// as a compiled function's prologue calls morestack (stack.go:newstack),
// and pays what copystack costs on the real runtime. The simulator owns
// the size (core.StackUser): it sets it when the goroutine is created and
// halves it at a GC (stack.go:shrinkstack).

// What a growth costs, fitted to cmd/measure-timing -only stack (the
// first descent of a recursion less the second, at three frame sizes and
// four depths; docs/timing.md): a fixed part, the frames copystack walks
// to adjust (stack.go:adjustframe), and the new stack's bytes (allocated,
// copied into and first touched).
const (
	growFixedPs    = 211_000
	growPerFramePs = 57_900
	growPerBytePs  = 272
)

// frameSize estimates the stack frame the gc compiler gives fn on amd64:
// the return address and saved frame pointer, the locals that stay on the
// stack (SSA Allocs that do not escape), spill slots for the parameters
// and the largest argument list of a call it makes. The compiler keeps
// many values in registers and may inline the call altogether, which this
// does not see; for the three recursions of the stack probe it gives 40,
// 160 and 544 bytes where the compiler's frames (go build -gcflags=-S,
// plus the return address) are 24, 160 and 544.
func frameSize(fn *ssa.Function, sizes types.Sizes) int64 {
	n := int64(16)
	for _, a := range fn.Locals {
		if !a.Heap {
			n += sizes.Sizeof(a.Type().(*types.Pointer).Elem())
		}
	}
	for _, prm := range fn.Params {
		n += sizes.Sizeof(prm.Type())
	}
	var out int64
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			var args int64
			for _, a := range call.Common().Args {
				args += sizes.Sizeof(a.Type())
			}
			out = max(out, args)
		}
	}
	return (n + out + 7) &^ 7
}

// SetStack is core.StackUser's: the goroutine's stack is size bytes.
func (t *Thread) SetStack(size int64) { t.stackSize = size }

// StackUsed is core.StackUser's: the bytes of the frames in use.
func (t *Thread) StackUsed() int64 { return t.stackUsed }

// growStack is morestack for a frame of frame bytes that did not fit:
// the new size doubles the old until the frame and the guard fit
// (stack.go:newstack). The thread hands core.OpStackGrow at its next step
// (after the callback, when a native's call of interpreted code grew it);
// a stack beyond 1 GB is the runtime's fatal "stack overflow".
func (t *Thread) growStack(frame int64) {
	old := t.stackSize
	used := t.stackUsed - frame
	size := old * 2
	for size-used < frame+core.StackGuard {
		size *= 2
	}
	if size > core.MaxStack {
		// stack.go:newstack prints the limit, then throws.
		t.grow = &core.Op{Kind: core.OpPrint, N: 2, NoWrite: true, Text: "runtime: goroutine stack exceeds 1000000000-byte limit"}
		t.steps = append(t.steps, step{op: func() core.Op { return core.Op{Kind: core.OpFatal, Text: "stack overflow"} }})
		return
	}
	t.stackSize = size
	cost := growFixedPs + growPerFramePs*int64(t.depth) + growPerBytePs*size
	d := core.Duration(cost / 1000)
	if t.sync > 0 {
		// A callback cannot stop for an op: its thread pays the copy now
		// and tells the simulator of the new size once it can.
		t.cpu += cost
		d = 0
	}
	t.grow = &core.Op{Kind: core.OpStackGrow, N: size, Obj: old, D: d}
}

// yieldGrow hands the simulator the growth a call asked for (growStack).
func (t *Thread) yieldGrow() *core.Op {
	t.op, t.grow = *t.grow, nil
	return t.yieldOp()
}
