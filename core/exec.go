package core

import (
	"fmt"
	"strings"
)

// runG advances m's current G through its program until it computes, blocks
// or leaves the CPU. Zero-length ops still cost virtual time (Costs.Op and
// friends); while no other action is due first, they run in one go.
func (s *Sim) runG(m *M) {
	for !s.exited {
		g := m.curg
		if g == nil {
			panic(fmt.Sprintf("core.runG: M%d has no G", m.ID))
		}
		if len(g.timerChans) > 0 {
			// Back from a receive or select on timer channels
			// (chan.go:chanrecv, select.go:selectgo → unblockTimerChan).
			s.unblockTimerChans(m, g)
		}
		// Resume an op that was interrupted by parking or computing.
		if g.opStarted {
			switch g.opKind {
			case OpCompute:
				if g.computing {
					g.remaining -= Duration(s.now - g.runStart)
					g.computing = false
				}
				if g.remaining > 0 {
					// Resumed after preemption: compute what is left.
					if !s.startCompute(m, g) {
						return
					}
					continue
				}
			case OpLock:
				if g.mutexRetry {
					if s.lock(m, g, g.opObj) {
						s.afterPark(m)
						return
					}
				}
			case OpSemacquire:
				if s.semacquireResume(m, g) {
					s.afterPark(m)
					return
				}
			case OpSend:
				if g.sendClosed {
					g.sendClosed = false
					if !s.opPanic(g, "send on closed channel") {
						return
					}
				}
			case OpGOMAXPROCS:
				// Woken from worldsema: try again.
				g.opStarted, g.opKind = false, OpNone
				retry := Op{Kind: OpGOMAXPROCS, N: g.opObj}
				cost, cont := s.doOp(m, g, &retry)
				if !cont || s.exited {
					return
				}
				_ = cost
				continue
			case OpPrint:
				// Back from the print's write(2): release the file's
				// write lock (print.go).
				s.fdUnlock(m, g, g.opObj)
			case OpSelect:
				if g.sendClosed {
					g.sendClosed = false
					if !s.opPanic(g, "send on closed channel") {
						return
					}
				}
			}
			g.opStarted = false
			g.opKind = OpNone
		}
		var op *Op
		if g.held != nil {
			op, g.held = g.held, nil
		} else {
			op = g.prog.Next(g.res)
			g.res = Result{}
			if s.opHook != nil {
				s.opHook(g.ID)
			}
		}
		// An op is a call: its prologue is a cooperative safe point, unless
		// it only continues a loop without calls.
		if g.preempt && !op.NoSafePoint && !g.spawnPaid {
			held := *op
			g.held = &held
			s.gopreemptM(m, g, PreemptCoop)
			return
		}
		cost, cont := s.doOp(m, g, op)
		if !cont || s.exited {
			return
		}
		if cost < 1 {
			cost = 1
		}
		t := s.now + Time(cost)
		if nt, ok := s.peek(); ok && nt <= t || t > s.cfg.Limits.MaxTime {
			m.gen++
			s.schedule(t, actGOp, m, m.gen, 0)
			return
		}
		s.now = t
	}
}

// startCompute runs g's remaining CPU work; it reports false when the work
// is under way (an action will continue it).
func (s *Sim) startCompute(m *M, g *G) bool {
	if g.remaining <= 0 {
		g.opStarted = false
		return true
	}
	g.opStarted = true
	g.computing = true
	g.runStart = s.now
	m.gen++
	s.schedule(s.now+Time(g.remaining), actGOp, m, m.gen, 0)
	// Already asked to stop while it was off the CPU? Code with calls
	// notices at its next prologue.
	if g.preempt && g.opCalls {
		s.schedule(s.now+Time(s.costs.CallInterval), actCoopCheck, m, m.gen, 0)
	}
	return false
}

// doOp performs one op for g on m. cont says whether g still runs on m
// afterwards (after cost); otherwise g parked, yielded, exited or computes.
func (s *Sim) doOp(m *M, g *G, op *Op) (cost Duration, cont bool) {
	c := s.costs
	switch op.Kind {
	case OpCompute:
		if op.D <= 0 {
			return c.Op, true
		}
		g.opKind, g.opCalls = OpCompute, op.Calls
		g.remaining = s.workFor(op.D)
		s.startCompute(m, g)
		return 0, false
	case OpGo:
		prog := op.Prog
		if prog == nil {
			prog = Ops(op.Body...)
		}
		system := strings.HasPrefix(op.Name, "runtime.")
		if s.measuredTiming() && !system && !g.spawnPaid {
			// newproc1 does its work (gfget or malg, the G's set-up)
			// before runqput and wakep make the G visible: charge the
			// go statement first, then create the G (doOp again, below).
			// The op is held as it is: the program hands out no other
			// op to g before it has run this one.
			g.spawnPaid = true
			g.held = op
			return s.spawnCost(m.p), true
		}
		paid := g.spawnPaid
		g.spawnPaid = false
		s.newproc(m, g, prog, op.Name, op.Text, system)
		if paid {
			return 0, true
		}
		return c.Newproc, true
	case OpGosched:
		s.goschedImpl(m, g)
		return 0, false
	case OpReturn:
		if g == s.mainG {
			s.end(0) // runtime.main calls exit(0) when main.main returns
			return 0, false
		}
		s.goexit0(m, g)
		return 0, false
	case OpGoexit:
		if g == s.mainG {
			// main called runtime.Goexit: the process runs on until the
			// others finish, then checkdead reports it.
			s.mainGoexit = true
		}
		s.goexit0(m, g)
		return 0, false
	case OpExit:
		s.end(int(op.N))
		return 0, false
	case OpSleep:
		if op.D <= 0 {
			return c.Op, true
		}
		s.timeSleep(m, g, op.D)
		s.scheduleM(m)
		return 0, false
	case OpSyscall, OpSyscallBlock:
		m.sysOnCPU = false
		s.entersyscall(m, g, op.D, op.Kind == OpSyscallBlock)
		return 0, false
	case OpNetRead:
		if s.netRead(m, g, op.D) {
			s.scheduleM(m)
			return 0, false
		}
		return c.Op, true
	case OpNetSetup:
		if op.N == NetDial {
			g.res = Result{Obj: s.netOpen()}
		}
		// Loopback calls do their work on the CPU, in the kernel: they
		// wait for nothing (with cpus, the thread keeps its CPU).
		m.sysOnCPU = true
		s.entersyscall(m, g, s.netSetupFor(op.N), false)
		return 0, false
	case OpNetReady:
		s.ioReady(op.Obj)
		return c.Op, true
	case OpNetWait:
		if s.netWait(m, g, op.Obj) {
			s.scheduleM(m)
			return 0, false
		}
		return c.Op, true
	case OpMakeChan:
		g.res = Result{Obj: s.NewChan(int(op.N))}
		return c.Op, true
	case OpSend:
		g.opKind, g.opStarted = OpSend, true
		if s.chansend(m, g, op.Obj, op.Val) {
			s.afterPark(m)
			return 0, false
		}
		g.opKind, g.opStarted = OpNone, false
		return c.Op, true
	case OpRecv:
		if s.chanrecv(m, g, op.Obj) {
			s.afterPark(m)
			return 0, false
		}
		return c.Op, true
	case OpClose:
		s.closechan(m, g, op.Obj)
		return c.Op, true
	case OpChanLen, OpChanCap:
		// chan.go:chanlen and chancap read the channel without its lock.
		// A synchronous timer channel presents itself as unbuffered.
		if ch := s.chanByID(op.Obj); ch != nil && ch.timer == nil {
			g.res.N = int64(len(ch.buf))
			if op.Kind == OpChanCap {
				g.res.N = int64(ch.cap)
			}
		}
		return c.Op, true
	case OpSelect:
		g.opKind, g.opStarted = OpSelect, true
		if s.selectgo(m, g, op.Cases, op.Default) {
			s.afterPark(m)
			return 0, false
		}
		g.opKind, g.opStarted = OpNone, false
		return c.Op, true
	case OpNewMutex:
		g.res = Result{Obj: s.NewMutex()}
		return c.Op, true
	case OpLock:
		g.opKind, g.opObj, g.opStarted = OpLock, op.Obj, true
		if s.lock(m, g, op.Obj) {
			s.afterPark(m)
			return 0, false
		}
		g.opKind, g.opStarted = OpNone, false
		return c.Op, true
	case OpUnlock:
		if s.unlock(m, g, op.Obj) {
			return 0, false
		}
		return c.Op, true
	case OpNewWaitGroup:
		g.res = Result{Obj: s.NewWaitGroup()}
		return c.Op, true
	case OpWGAdd:
		s.wgAdd(m, g, op.Obj, op.N)
		return c.Op, true
	case OpWGWait:
		if s.wgWait(m, g, op.Obj) {
			s.afterPark(m)
			return 0, false
		}
		return c.Op, true
	case OpLockOSThread:
		s.lockOSThread(m, g, true)
		return c.Op, true
	case OpUnlockOSThread:
		s.unlockOSThread(m, g, true)
		return c.Op, true
	case opLockInternal:
		s.lockOSThread(m, g, false)
		return c.Op, true
	case opUnlockInternal:
		s.unlockOSThread(m, g, false)
		return c.Op, true
	case OpGOMAXPROCS:
		g.res = Result{N: int64(s.procs)}
		if op.N <= 0 || int(op.N) == s.procs {
			return c.Op, true
		}
		if op.N > maxProcs {
			s.limit(LimitProgram, fmt.Sprintf("runtime.GOMAXPROCS(%d): the simulator models at most %d Ps", op.N, maxProcs))
			return 0, false
		}
		if s.stw.active {
			// Another stop-the-world holds worldsema: wait for it
			// (proc.go:stopTheWorld → semacquire(&worldsema)).
			g.opKind, g.opObj, g.opStarted = OpGOMAXPROCS, op.N, true
			s.stw.waiters = append(s.stw.waiters, g)
			s.gopark(m, g, WaitSemacquire, LocWait, 0)
			s.scheduleM(m)
			return 0, false
		}
		s.stopTheWorld(m, g, int(op.N))
		return 0, false
	case OpGC:
		// mgc.go:GC stops the world twice around a concurrent mark; the
		// simulator has no collector and stops it once, for op.D. A GC
		// asked for while another stop is under way is skipped.
		if s.stw.active {
			return c.Op, true
		}
		s.gcStacks()
		custom := s.sched.customGOMAXPROCS
		s.stopTheWorld(m, g, s.procs)
		s.sched.customGOMAXPROCS = custom
		s.stw.pause = op.D
		return 0, false
	case OpStackGrow:
		return s.stackGrow(m, g, op)
	case OpNumGoroutine:
		g.res = Result{N: int64(s.numGoroutine())}
		return c.Op, true
	case OpNow:
		g.res = Result{N: int64(s.now)}
		return c.Op, true
	case OpPrint:
		if op.NoWrite {
			s.print(m, g, op)
			return c.Op, true
		}
		return s.fmtPrint(m, g, op) // print.go
	case OpParkForever:
		s.gopark(m, g, op.Reason, LocWait, 0)
		s.scheduleM(m)
		return 0, false
	case opStartSysmon:
		s.startSysmon()
		return c.Op, true
	case opMainStarted:
		s.sched.mainStarted = true
		return c.Op, true
	case opUserMain:
		s.startupDone = true
		var me Event
		s.emit(me.mainStart(g.ID, mid(m), pid(m.p)))
		s.prints.mainP = m.p
		// The prelude is over: main.main's program runs without the wrapper.
		g.prog = s.userMain
		return c.Op, true
	case OpPanic:
		s.panicG(g, op.Text)
		return 0, false
	case OpLimit:
		s.limit(LimitProgram, op.Text)
		return 0, false
	case OpNone:
		return c.Op, true
	case OpNewSema, OpSemacquire, OpSemrelease, OpNewNotifyList, OpNotifyListAdd, OpNotifyListWait,
		OpNotifyListNotifyOne, OpNotifyListNotifyAll, OpTryLock, OpFatal:
		return s.doSemaOp(m, g, op) // sema.go
	case OpNewTimer, OpTimerStop, OpTimerReset:
		return s.doTimerOp(m, g, op) // timerchan.go
	}
	panic(fmt.Sprintf("core.doOp: op %v not handled", op.Kind))
}

// afterPark: g parked (or the process ended); m looks for other work.
func (s *Sim) afterPark(m *M) {
	if s.exited || m.curg != nil {
		return
	}
	s.scheduleM(m)
}

// print records a line of output (N=2: standard error, like println).
func (s *Sim) print(m *M, g *G, op *Op) {
	var e Event
	s.emit(e.print(g.ID, mid(m), pid(m.p), op.Text, op.N))
	if op.N == 2 {
		s.stderr = append(s.stderr, op.Text)
	} else {
		s.output = append(s.output, op.Text)
	}
}

// numGoroutine counts live Gs, runtime service Gs excluded
// (proc.go:gcount; NumGoroutine).
func (s *Sim) numGoroutine() int {
	n := 0
	for _, g := range s.allg {
		if g.status != Gdead && g.status != Gidle && !g.System {
			n++
		}
	}
	return n
}

// lockOSThread wires g to m (proc.go:LockOSThread, lockOSThread). The first
// user lock starts the template thread.
func (s *Sim) lockOSThread(m *M, g *G, external bool) {
	if external && s.templateM == nil {
		t := s.allocm()
		t.template = true
		t.state = MTemplate
		s.templateM = t
		s.sched.nmsys++
		var e Event
		s.emit(e.mCreateRuntime(mid(t), MCreateTemplate))
	}
	if external {
		g.lockExt++
	} else {
		g.lockInt++
	}
	g.lockedm = m
	m.lockedg = g
	var e Event
	s.emit(e.goLockOS(g.ID, mid(m), pid(m.p)))
}

// unlockOSThread undoes one lock; the wiring goes when no lock remains
// (proc.go:UnlockOSThread, dounlockOSThread).
func (s *Sim) unlockOSThread(m *M, g *G, external bool) {
	if external {
		if g.lockExt > 0 {
			g.lockExt--
		}
	} else if g.lockInt > 0 {
		g.lockInt--
	}
	if g.lockExt > 0 || g.lockInt > 0 || g.lockedm == nil {
		return
	}
	g.lockedm = nil
	m.lockedg = nil
	var e Event
	s.emit(e.goUnlockOS(g.ID, mid(m), pid(m.p)))
}
