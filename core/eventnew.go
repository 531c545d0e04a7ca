package core

// Constructors for the emitters: one per kind (two where a kind has two
// shapes), each taking exactly the fields its eventSpecs entry names, so an
// emit site cannot set a field its kind does not have. Ids are passed as
// the simulator already holds them (mid, pid and gid give -1 or 0 for
// none). They are small enough to inline: emitting stays allocation-free.
// TestEmittersUseConstructors keeps the rest of the package from building
// events by hand.

// ev builds an event with "none" ids; only the constructors below use it.
func ev(k EvKind) Event { return Event{Kind: k, M: -1, P: -1, P2: -1} }

// Goroutines.

func evGoCreate(g, parent int64, m, p int32, stack int64, reused, runtimeG bool, why Reason, fn string) Event {
	e := ev(EvGoCreate)
	e.G, e.G2, e.M, e.P, e.N, e.Flag, e.Why, e.Text = g, parent, m, p, stack, reused, why, fn
	if runtimeG {
		e.Arg = 1
	}
	return e
}

func evGoStart(g int64, m, p int32, src Reason, schedtick int64, inheritTime bool) Event {
	e := ev(EvGoStart)
	e.G, e.M, e.P, e.Why, e.N, e.Flag = g, m, p, src, schedtick, inheritTime
	return e
}

func evGoBlock(g int64, m, p int32, wait WaitReason, obj int64) Event {
	e := ev(EvGoBlock)
	e.G, e.M, e.P, e.Wait, e.N = g, m, p, wait, obj
	return e
}

func evGoUnblock(g, waker int64, m, p int32, dest Reason) Event {
	e := ev(EvGoUnblock)
	e.G, e.G2, e.M, e.P, e.Why = g, waker, m, p, dest
	return e
}

func evGoSched(g int64, m, p int32, dest Reason) Event {
	e := ev(EvGoSched)
	e.G, e.M, e.P, e.Why = g, m, p, dest
	return e
}

func evGoPreempt(g int64, m, p, runnextOf int32, kind Reason) Event {
	e := ev(EvGoPreempt)
	e.G, e.M, e.P, e.P2, e.Why = g, m, p, runnextOf, kind
	return e
}

func evPreemptReq(g int64, m, p int32, signal bool) Event {
	e := ev(EvPreemptReq)
	e.G, e.M, e.P, e.Flag = g, m, p, signal
	return e
}

func evGoSysCall(g int64, m, p int32, d Duration, block bool) Event {
	e := ev(EvGoSysCall)
	e.G, e.M, e.P, e.N, e.Flag = g, m, p, d, block
	return e
}

func evGoSysExit(g int64, m, p int32, path Reason) Event {
	e := ev(EvGoSysExit)
	e.G, e.M, e.P, e.Why = g, m, p, path
	return e
}

func evGoEnd(g int64, m, p int32, dest Reason) Event {
	e := ev(EvGoEnd)
	e.G, e.M, e.P, e.Why = g, m, p, dest
	return e
}

func evGoLockOS(g int64, m, p int32) Event {
	e := ev(EvGoLockOS)
	e.G, e.M, e.P = g, m, p
	return e
}

func evGoUnlockOS(g int64, m, p int32) Event {
	e := ev(EvGoUnlockOS)
	e.G, e.M, e.P = g, m, p
	return e
}

func evPrint(g int64, m, p int32, text string, fd int64) Event {
	e := ev(EvPrint)
	e.G, e.M, e.P, e.Text, e.N = g, m, p, text, fd
	return e
}

func evGoKick(g int64, p int32) Event {
	e := ev(EvGoKick)
	e.G, e.P = g, p
	return e
}

func evRunqPut(g int64, p int32, dest Reason) Event {
	e := ev(EvRunqPut)
	e.G, e.P, e.Why = g, p, dest
	return e
}

func evRunqOverflow(g int64, p int32, moved int64) Event {
	e := ev(EvRunqOverflow)
	e.G, e.P, e.N = g, p, moved
	return e
}

func evGlobalPut(g int64, dest Reason) Event {
	e := ev(EvGlobalPut)
	e.G, e.Why = g, dest
	return e
}

func evGlobalGet(g int64, p int32, n int64, src Reason) Event {
	e := ev(EvGlobalGet)
	e.G, e.P, e.N, e.Why = g, p, n, src
	return e
}

func evSteal(m, p, victim int32, g, n, round int64, tookRunnext bool) Event {
	e := ev(EvSteal)
	e.M, e.P, e.P2, e.G, e.N, e.Arg, e.Flag = m, p, victim, g, n, round, tookRunnext
	return e
}

func evInject(m, p int32, n, toGlobal int64) Event {
	e := ev(EvInject)
	e.M, e.P, e.N, e.Arg = m, p, n, toGlobal
	return e
}

// Processors.

func evProcAcquire(m, p int32) Event {
	e := ev(EvProcAcquire)
	e.M, e.P = m, p
	return e
}

func evProcRelease(m, p int32) Event {
	e := ev(EvProcRelease)
	e.M, e.P = m, p
	return e
}

func evProcIdle(p int32) Event {
	e := ev(EvProcIdle)
	e.P = p
	return e
}

func evProcUnidle(p int32) Event {
	e := ev(EvProcUnidle)
	e.P = p
	return e
}

func evProcHandoff(p int32, why Reason) Event {
	e := ev(EvProcHandoff)
	e.P, e.Why = p, why
	return e
}

func evProcRetake(p, m int32, g int64, by Reason) Event {
	e := ev(EvProcRetake)
	e.P, e.M, e.G, e.Why = p, m, g, by
	return e
}

func evProcStatus(p int32, st PStatus) Event {
	e := ev(EvProcStatus)
	e.P, e.N = p, int64(st)
	return e
}

func evProcResize(old, n int64) Event {
	e := ev(EvProcResize)
	e.N, e.Arg = old, n
	return e
}

func evProcDestroy(p int32, moved int64) Event {
	e := ev(EvProcDestroy)
	e.P, e.N = p, moved
	return e
}

// Threads.

func evMCreate(m, nextp int32, spinning bool) Event {
	e := ev(EvMCreate)
	e.M, e.P, e.Flag = m, nextp, spinning
	return e
}

// evMCreateRuntime is EvMCreate of one of the runtime's own threads
// (MCreateSysmon, MCreateTemplate).
func evMCreateRuntime(m int32, which int64) Event {
	e := ev(EvMCreate)
	e.M, e.Arg = m, which
	return e
}

func evMPark(m int32) Event {
	e := ev(EvMPark)
	e.M = m
	return e
}

func evMParkLocked(m int32, lockedg int64) Event {
	e := ev(EvMPark)
	e.M, e.G, e.Flag = m, lockedg, true
	return e
}

func evMUnpark(m, nextp int32, spinning bool) Event {
	e := ev(EvMUnpark)
	e.M, e.P, e.Flag = m, nextp, spinning
	return e
}

func evMSpin(m, p int32, why Reason) Event {
	e := ev(EvMSpin)
	e.M, e.P, e.Why = m, p, why
	return e
}

func evMSpinStop(m int32, found bool) Event {
	e := ev(EvMSpinStop)
	e.M, e.Flag = m, found
	return e
}

func evMNetpoll(m int32, until Time) Event {
	e := ev(EvMNetpoll)
	e.M, e.Arg = m, int64(until)
	return e
}

func evMNetpollWake(m int32, cause Reason) Event {
	e := ev(EvMNetpollWake)
	e.M, e.Why = m, cause
	return e
}

func evMExit(m int32) Event {
	e := ev(EvMExit)
	e.M = m
	return e
}

func evNetpollBreak(m int32) Event {
	e := ev(EvNetpollBreak)
	e.M = m
	return e
}

func evMLockedHand(m int32, g int64, p int32, lockedm int64) Event {
	e := ev(EvMLockedHand)
	e.M, e.G, e.P, e.Arg = m, g, p, lockedm
	return e
}

func evWakep(p int32, result Reason) Event {
	e := ev(EvWakep)
	e.P, e.Why = p, result
	return e
}

func evNeedSpinning(v bool) Event {
	e := ev(EvNeedSpinning)
	if v {
		e.N = 1
	}
	return e
}

func evMSleep(m, p, victim int32, d Duration) Event {
	e := ev(EvMSleep)
	e.M, e.P, e.P2, e.Arg = m, p, victim, d
	return e
}

// sysmon, timers, netpoll, stop-the-world.

func evSysmonWake(m int32, slept Duration, idle int64, deep bool) Event {
	e := ev(EvSysmonWake)
	e.M, e.N, e.Arg, e.Flag = m, slept, idle, deep
	return e
}

func evSysmonSleep(m int32, until Time) Event {
	e := ev(EvSysmonSleep)
	e.M, e.Arg = m, int64(until)
	return e
}

// evSleepTimerAdd is EvTimerAdd of G's sleep timer; from is the destroyed
// P it moved from, or -1.
func evSleepTimerAdd(g int64, p, from int32, when Time) Event {
	e := ev(EvTimerAdd)
	e.G, e.P, e.P2, e.Arg = g, p, from, int64(when)
	return e
}

// evTimeTimerAdd is EvTimerAdd of a timer of package time; m is -1 when a
// destroyed P's timers move (from is that P, else -1).
func evTimeTimerAdd(m, p, from int32, kind Reason, id int64, when Time) Event {
	e := ev(EvTimerAdd)
	e.M, e.P, e.P2, e.Why, e.N, e.Arg = m, p, from, kind, id, int64(when)
	return e
}

func evSleepTimerFire(g int64, m, p, heap int32) Event {
	e := ev(EvTimerFire)
	e.G, e.M, e.P, e.P2 = g, m, p, heap
	return e
}

// evTimeTimerFire is EvTimerFire of a timer of package time; heap is -1
// when a channel receive ran it.
func evTimeTimerFire(m, p, heap int32, kind Reason, id int64, next Time) Event {
	e := ev(EvTimerFire)
	e.M, e.P, e.P2, e.Why, e.N, e.Arg = m, p, heap, kind, id, int64(next)
	return e
}

func evTimerMod(m, p int32, kind Reason, id int64, when Time, zombie bool) Event {
	e := ev(EvTimerMod)
	e.M, e.P, e.Why, e.N, e.Arg, e.Flag = m, p, kind, id, int64(when), zombie
	return e
}

func evTimerDel(m, p int32, kind Reason, id int64) Event {
	e := ev(EvTimerDel)
	e.M, e.P, e.Why, e.N = m, p, kind, id
	return e
}

func evIOReady(fd, waiter int64) Event {
	e := ev(EvIOReady)
	e.N, e.G = fd, waiter
	return e
}

func evNetpoll(m, p int32, ready int64, kind Reason) Event {
	e := ev(EvNetpoll)
	e.M, e.P, e.N, e.Why = m, p, ready, kind
	return e
}

func evSchedTrace(m int32, snap *SchedSnapshot) Event {
	e := ev(EvSchedTrace)
	e.M, e.Snap = m, snap
	return e
}

func evSTWStart(g int64, m, p int32, procs int64) Event {
	e := ev(EvSTWStart)
	e.G, e.M, e.P, e.N = g, m, p, procs
	return e
}

func evSTWDone(g int64, m, p int32) Event {
	e := ev(EvSTWDone)
	e.G, e.M, e.P = g, m, p
	return e
}

func evMainStart(g int64, m, p int32) Event {
	e := ev(EvMainStart)
	e.G, e.M, e.P = g, m, p
	return e
}

// End of the run.

func evDeadlock(g int64, msg string) Event {
	e := ev(EvDeadlock)
	e.G, e.Text = g, msg
	return e
}

func evExit(code int64) Event {
	e := ev(EvExit)
	e.N = code
	return e
}

func evLimit(which Reason, msg string) Event {
	e := ev(EvLimit)
	e.Why, e.Text = which, msg
	return e
}
