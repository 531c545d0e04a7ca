package core

// Constructors for the emitters: one per kind (two where a kind has two
// shapes), each taking exactly the fields its eventSpecs entry names, so an
// emit site cannot set a field its kind does not have. Ids are passed as
// the simulator already holds them (mid, pid and gid give -1 or 0 for
// none). An emit site reads
//
//	var e Event
//	s.emit(e.steal(mid(m), pp.ID, p2.ID, g.ID, n, round, false))
//
// They fill an Event in place rather than return one: they inline either
// way, but an inlined function returning an Event leaves a copy of it
// (88 bytes) at every emit site, which filling in place does not. Emitting
// stays allocation-free (TestEmittingDoesNotAllocate).
// TestEmittersUseConstructors keeps the rest of the package from building
// or patching events by hand.

// clearTo makes e an event of kind k with "none" ids, every other field
// zero; each constructor starts with it, so a reused Event keeps nothing.
func (e *Event) clearTo(k EvKind) {
	*e = Event{}
	e.Kind, e.M, e.P, e.P2 = k, -1, -1, -1
}

// Goroutines.

func (e *Event) goCreate(g, parent int64, m, p int32, stack int64, reused, runtimeG bool, why Reason, fn, label string) *Event {
	e.clearTo(EvGoCreate)
	e.G, e.G2, e.M, e.P, e.N, e.Flag, e.Why, e.Text = g, parent, m, p, stack, reused, why, fn
	if label != "" {
		e.Text = fn + goLabelSep + label
	}
	if runtimeG {
		e.Arg = 1
	}
	return e
}

func (e *Event) goStart(g int64, m, p int32, src Reason, schedtick int64, inheritTime bool) *Event {
	e.clearTo(EvGoStart)
	e.G, e.M, e.P, e.Why, e.N, e.Flag = g, m, p, src, schedtick, inheritTime
	return e
}

func (e *Event) goBlock(g int64, m, p int32, wait WaitReason, obj int64) *Event {
	e.clearTo(EvGoBlock)
	e.G, e.M, e.P, e.Wait, e.N = g, m, p, wait, obj
	return e
}

func (e *Event) goUnblock(g, waker int64, m, p int32, dest Reason) *Event {
	e.clearTo(EvGoUnblock)
	e.G, e.G2, e.M, e.P, e.Why = g, waker, m, p, dest
	return e
}

func (e *Event) goSched(g int64, m, p int32, dest Reason) *Event {
	e.clearTo(EvGoSched)
	e.G, e.M, e.P, e.Why = g, m, p, dest
	return e
}

func (e *Event) goPreempt(g int64, m, p, runnextOf int32, kind Reason) *Event {
	e.clearTo(EvGoPreempt)
	e.G, e.M, e.P, e.P2, e.Why = g, m, p, runnextOf, kind
	return e
}

func (e *Event) preemptReq(g int64, m, p int32, signal bool) *Event {
	e.clearTo(EvPreemptReq)
	e.G, e.M, e.P, e.Flag = g, m, p, signal
	return e
}

func (e *Event) goSysCall(g int64, m, p int32, d Duration, block bool) *Event {
	e.clearTo(EvGoSysCall)
	e.G, e.M, e.P, e.N, e.Flag = g, m, p, d, block
	return e
}

func (e *Event) goSysExit(g int64, m, p int32, path Reason) *Event {
	e.clearTo(EvGoSysExit)
	e.G, e.M, e.P, e.Why = g, m, p, path
	return e
}

func (e *Event) goEnd(g int64, m, p int32, dest Reason) *Event {
	e.clearTo(EvGoEnd)
	e.G, e.M, e.P, e.Why = g, m, p, dest
	return e
}

func (e *Event) goLockOS(g int64, m, p int32) *Event {
	e.clearTo(EvGoLockOS)
	e.G, e.M, e.P = g, m, p
	return e
}

func (e *Event) goUnlockOS(g int64, m, p int32) *Event {
	e.clearTo(EvGoUnlockOS)
	e.G, e.M, e.P = g, m, p
	return e
}

func (e *Event) print(g int64, m, p int32, text string, fd int64) *Event {
	e.clearTo(EvPrint)
	e.G, e.M, e.P, e.Text, e.N = g, m, p, text, fd
	return e
}

func (e *Event) goKick(g int64, p int32) *Event {
	e.clearTo(EvGoKick)
	e.G, e.P = g, p
	return e
}

func (e *Event) runqPut(g int64, p int32, dest Reason) *Event {
	e.clearTo(EvRunqPut)
	e.G, e.P, e.Why = g, p, dest
	return e
}

func (e *Event) runqOverflow(g int64, p int32, moved int64) *Event {
	e.clearTo(EvRunqOverflow)
	e.G, e.P, e.N = g, p, moved
	return e
}

func (e *Event) globalPut(g int64, dest Reason) *Event {
	e.clearTo(EvGlobalPut)
	e.G, e.Why = g, dest
	return e
}

func (e *Event) globalGet(g int64, p int32, n int64, src Reason) *Event {
	e.clearTo(EvGlobalGet)
	e.G, e.P, e.N, e.Why = g, p, n, src
	return e
}

func (e *Event) steal(m, p, victim int32, g, n, round int64, tookRunnext bool) *Event {
	e.clearTo(EvSteal)
	e.M, e.P, e.P2, e.G, e.N, e.Arg, e.Flag = m, p, victim, g, n, round, tookRunnext
	return e
}

func (e *Event) inject(m, p int32, n, toGlobal int64) *Event {
	e.clearTo(EvInject)
	e.M, e.P, e.N, e.Arg = m, p, n, toGlobal
	return e
}

// Processors.

func (e *Event) procAcquire(m, p int32) *Event {
	e.clearTo(EvProcAcquire)
	e.M, e.P = m, p
	return e
}

func (e *Event) procRelease(m, p int32) *Event {
	e.clearTo(EvProcRelease)
	e.M, e.P = m, p
	return e
}

func (e *Event) procIdle(p int32) *Event {
	e.clearTo(EvProcIdle)
	e.P = p
	return e
}

func (e *Event) procUnidle(p int32) *Event {
	e.clearTo(EvProcUnidle)
	e.P = p
	return e
}

func (e *Event) procHandoff(p int32, why Reason) *Event {
	e.clearTo(EvProcHandoff)
	e.P, e.Why = p, why
	return e
}

func (e *Event) procRetake(p, m int32, g int64, by Reason) *Event {
	e.clearTo(EvProcRetake)
	e.P, e.M, e.G, e.Why = p, m, g, by
	return e
}

func (e *Event) procStatus(p int32, st PStatus) *Event {
	e.clearTo(EvProcStatus)
	e.P, e.N = p, int64(st)
	return e
}

func (e *Event) procResize(old, n int64) *Event {
	e.clearTo(EvProcResize)
	e.N, e.Arg = old, n
	return e
}

func (e *Event) procDestroy(p int32, moved int64) *Event {
	e.clearTo(EvProcDestroy)
	e.P, e.N = p, moved
	return e
}

// Threads.

func (e *Event) mCreate(m, nextp int32, spinning bool) *Event {
	e.clearTo(EvMCreate)
	e.M, e.P, e.Flag = m, nextp, spinning
	return e
}

// mCreateRuntime is EvMCreate of one of the runtime's own threads
// (MCreateSysmon, MCreateTemplate).
func (e *Event) mCreateRuntime(m int32, which int64) *Event {
	e.clearTo(EvMCreate)
	e.M, e.Arg = m, which
	return e
}

func (e *Event) mPark(m int32) *Event {
	e.clearTo(EvMPark)
	e.M = m
	return e
}

func (e *Event) mParkLocked(m int32, lockedg int64) *Event {
	e.clearTo(EvMPark)
	e.M, e.G, e.Flag = m, lockedg, true
	return e
}

func (e *Event) mUnpark(m, nextp int32, spinning bool) *Event {
	e.clearTo(EvMUnpark)
	e.M, e.P, e.Flag = m, nextp, spinning
	return e
}

func (e *Event) mSpin(m, p int32, why Reason) *Event {
	e.clearTo(EvMSpin)
	e.M, e.P, e.Why = m, p, why
	return e
}

func (e *Event) mSpinStop(m int32, found bool) *Event {
	e.clearTo(EvMSpinStop)
	e.M, e.Flag = m, found
	return e
}

func (e *Event) mNetpoll(m int32, until Time) *Event {
	e.clearTo(EvMNetpoll)
	e.M, e.Arg = m, int64(until)
	return e
}

func (e *Event) mNetpollWake(m int32, cause Reason) *Event {
	e.clearTo(EvMNetpollWake)
	e.M, e.Why = m, cause
	return e
}

func (e *Event) mExit(m int32) *Event {
	e.clearTo(EvMExit)
	e.M = m
	return e
}

func (e *Event) netpollBreak(m int32) *Event {
	e.clearTo(EvNetpollBreak)
	e.M = m
	return e
}

func (e *Event) mLockedHand(m int32, g int64, p int32, lockedm int64) *Event {
	e.clearTo(EvMLockedHand)
	e.M, e.G, e.P, e.Arg = m, g, p, lockedm
	return e
}

func (e *Event) wakep(p int32, result Reason) *Event {
	e.clearTo(EvWakep)
	e.P, e.Why = p, result
	return e
}

func (e *Event) needSpinning(v bool) *Event {
	e.clearTo(EvNeedSpinning)
	if v {
		e.N = 1
	}
	return e
}

func (e *Event) mSleep(m, p, victim int32, d Duration) *Event {
	e.clearTo(EvMSleep)
	e.M, e.P, e.P2, e.Arg = m, p, victim, d
	return e
}

// sysmon, timers, netpoll, stop-the-world.

func (e *Event) sysmonWake(m int32, slept Duration, idle int64, deep bool) *Event {
	e.clearTo(EvSysmonWake)
	e.M, e.N, e.Arg, e.Flag = m, slept, idle, deep
	return e
}

func (e *Event) sysmonSleep(m int32, until Time) *Event {
	e.clearTo(EvSysmonSleep)
	e.M, e.Arg = m, int64(until)
	return e
}

// sleepTimerAdd is EvTimerAdd of G's sleep timer; from is the destroyed
// P it moved from, or -1.
func (e *Event) sleepTimerAdd(g int64, p, from int32, when Time) *Event {
	e.clearTo(EvTimerAdd)
	e.G, e.P, e.P2, e.Arg = g, p, from, int64(when)
	return e
}

// timeTimerAdd is EvTimerAdd of a timer of package time; m is -1 when a
// destroyed P's timers move (from is that P, else -1).
func (e *Event) timeTimerAdd(m, p, from int32, kind Reason, id int64, when Time) *Event {
	e.clearTo(EvTimerAdd)
	e.M, e.P, e.P2, e.Why, e.N, e.Arg = m, p, from, kind, id, int64(when)
	return e
}

func (e *Event) sleepTimerFire(g int64, m, p, heap int32) *Event {
	e.clearTo(EvTimerFire)
	e.G, e.M, e.P, e.P2 = g, m, p, heap
	return e
}

// timeTimerFire is EvTimerFire of a timer of package time; heap is -1
// when a channel receive ran it.
func (e *Event) timeTimerFire(m, p, heap int32, kind Reason, id int64, next Time) *Event {
	e.clearTo(EvTimerFire)
	e.M, e.P, e.P2, e.Why, e.N, e.Arg = m, p, heap, kind, id, int64(next)
	return e
}

func (e *Event) timerMod(m, p int32, kind Reason, id int64, when Time, zombie bool) *Event {
	e.clearTo(EvTimerMod)
	e.M, e.P, e.Why, e.N, e.Arg, e.Flag = m, p, kind, id, int64(when), zombie
	return e
}

func (e *Event) timerDel(m, p int32, kind Reason, id int64) *Event {
	e.clearTo(EvTimerDel)
	e.M, e.P, e.Why, e.N = m, p, kind, id
	return e
}

func (e *Event) ioReady(fd, waiter int64) *Event {
	e.clearTo(EvIOReady)
	e.N, e.G = fd, waiter
	return e
}

func (e *Event) netpoll(m, p int32, ready int64, kind Reason) *Event {
	e.clearTo(EvNetpoll)
	e.M, e.P, e.N, e.Why = m, p, ready, kind
	return e
}

func (e *Event) schedTrace(m int32, snap *SchedSnapshot) *Event {
	e.clearTo(EvSchedTrace)
	e.M, e.Snap = m, snap
	return e
}

func (e *Event) stwStart(g int64, m, p int32, procs int64) *Event {
	e.clearTo(EvSTWStart)
	e.G, e.M, e.P, e.N = g, m, p, procs
	return e
}

func (e *Event) stwDone(g int64, m, p int32) *Event {
	e.clearTo(EvSTWDone)
	e.G, e.M, e.P = g, m, p
	return e
}

func (e *Event) mainStart(g int64, m, p int32) *Event {
	e.clearTo(EvMainStart)
	e.G, e.M, e.P = g, m, p
	return e
}

// Goroutine stacks.

func (e *Event) goStackGrow(g int64, m, p int32, size, old int64) *Event {
	e.clearTo(EvGoStackGrow)
	e.G, e.M, e.P, e.N, e.Arg = g, m, p, size, old
	return e
}

func (e *Event) goStackShrink(g int64, size, old int64) *Event {
	e.clearTo(EvGoStackShrink)
	e.G, e.N, e.Arg = g, size, old
	return e
}

// End of the run.

func (e *Event) deadlock(g int64, msg string) *Event {
	e.clearTo(EvDeadlock)
	e.G, e.Text = g, msg
	return e
}

func (e *Event) exit(code int64) *Event {
	e.clearTo(EvExit)
	e.N = code
	return e
}

func (e *Event) limit(which Reason, msg string) *Event {
	e.clearTo(EvLimit)
	e.Why, e.Text = which, msg
	return e
}
