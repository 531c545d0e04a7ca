package core

// Goroutine stacks (stack.go). The simulator keeps each G's stack size;
// a StackUser program (the scene VM) knows how much of it its frames use,
// asks for growth itself (OpStackGrow, stack.go:newstack), and is told of
// shrinks at a GC. Only scene goroutines have stacks that change: the
// runtime's own goroutines keep their 2 KB and are left out of the
// average that sets the starting size.

// The runtime's stack sizes on linux/amd64, shared with the VM, which
// checks its frames against them (script/vm/stack.go).
const (
	StackMin     = 2048               // stack.go:stackMin (fixedStack): a new G's stack
	stackNosplit = 800                // stack.go:stackNosplit
	StackGuard   = stackNosplit + 128 // stack.go:stackGuard: room a prologue's check keeps free below a frame (StackNosplit + StackSmall)
	MaxStack     = 1_000_000_000      // stack.go:maxstacksize, set by proc.go:main on 64-bit systems
)

// startStack gives a new or reused G the stack the runtime gives it: a new
// G's is stackMin (proc.go:newproc1 calls malg(stackMin)); a G from a free
// list gets startingStackSize (proc.go:gfget frees a stack of any other
// size and allocates one of that size).
func (s *Sim) startStack(g *G, reused bool) {
	if reused {
		g.stackSize = s.startingStack
	} else {
		g.stackSize = StackMin
	}
	if su := s.stackUser(g); su != nil {
		su.SetStack(int64(g.stackSize))
	}
}

// stackUser is the StackUser that runs on g: its program, or for the main
// goroutine under a faithful start-up (runtime.main's program), main.main's.
func (s *Sim) stackUser(g *G) StackUser {
	if su, ok := g.prog.(StackUser); ok {
		return su
	}
	if g == s.mainG && s.userMain != nil {
		su, _ := s.userMain.(StackUser)
		return su
	}
	return nil
}

// stackGrow performs OpStackGrow: g's stack becomes op.N bytes, which
// copystack takes op.D to do. cont and cost are doOp's.
func (s *Sim) stackGrow(m *M, g *G, op *Op) (cost Duration, cont bool) {
	old := int64(g.stackSize)
	g.stackSize = int32(op.N)
	var e Event
	s.emit(e.goStackGrow(g.ID, mid(m), pid(m.p), op.N, old))
	if op.D <= 0 {
		return s.costs.Op, true
	}
	// The copy runs on the thread's g0 (newstack → copystack) with the G
	// in _Gcopystack: CPU time of that thread, with no call in it that
	// could be a safe point.
	g.opKind, g.opCalls = OpCompute, false
	g.remaining = s.workFor(op.D)
	s.startCompute(m, g)
	return 0, false
}

// gcStacks does what a GC's stack scans do to stacks (mgcmark.go:
// scanstack): each scene goroutine's stack that uses less than a quarter
// of itself is halved, never below stackMin (stack.go:shrinkstack), and
// the starting size of goroutines taken from a free list becomes the
// average scanned stack plus the guard, rounded up to a power of two
// (stack.go:gcComputeStartingStackSize). The runtime shrinks a running
// G's stack at its next synchronous safe point instead; the simulator
// does it at once. The time the copies take is not charged: they happen
// during the concurrent mark, which the simulator does not model.
func (s *Sim) gcStacks() {
	var scanned, count int64
	for _, g := range s.allg {
		su := s.stackUser(g)
		if su == nil || g.status == Gdead || g.status == Gidle {
			continue
		}
		used := su.StackUsed()
		scanned += used
		count++
		if s.cfg.Debug.GCShrinkStackOff {
			continue
		}
		old := int64(g.stackSize)
		if old/2 < StackMin || used+stackNosplit >= old/4 {
			continue
		}
		g.stackSize = int32(old / 2)
		su.SetStack(old / 2)
		var e Event
		s.emit(e.goStackShrink(g.ID, old/2, old))
	}
	if s.cfg.Debug.AdaptiveStackStartOff {
		return
	}
	if count == 0 {
		s.startingStack = StackMin
		return
	}
	avg := scanned/count + StackGuard
	size := int64(StackMin)
	for size < avg && size < MaxStack {
		size *= 2
	}
	s.startingStack = int32(size)
}
