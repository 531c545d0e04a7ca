package core

import "fmt"

// This file follows proc.go: goroutine creation and readying, the run
// queues, schedule and findRunnable, spinning Ms, and the idle P and M stacks.
// Each function names the runtime function it models.

// casgstatus changes a G's status and location together. All status changes
// go through here, and each caller states the status it expects to find: a
// G in any other status is a simulator bug, an invariant failure
// (proc.go:casgstatus throws when the compare-and-swap from oldval fails).
func (s *Sim) casgstatus(g *G, from, to GStatus, loc Loc, p *P) {
	if g.status != from {
		panic(fmt.Sprintf("core.casgstatus: G%d is %v, want %v (to %v)", g.ID, g.status, from, to))
	}
	g.status = to
	g.loc = loc
	g.locP = p
}

// setLoc moves a runnable G between queues without changing its status.
func setLoc(g *G, loc Loc, p *P) {
	g.loc = loc
	g.locP = p
}

// ---- goroutine creation and exit -------------------------------------------

// newproc creates a G running prog and puts it in the creator P's runnext
// (proc.go:newproc, newproc1). parent may be nil during boot.
// label is a scene author's name for the new goroutine ("worker 3", from a
// //> name directive), carried on its EvGoCreate; "" for none.
func (s *Sim) newproc(m *M, parent *G, prog Program, name, label string, system bool) *G {
	pp := m.p
	if len(s.allg) >= s.cfg.Limits.MaxGoroutines {
		s.limit(LimitGoroutines, fmt.Sprintf("goroutine limit %d reached", s.cfg.Limits.MaxGoroutines))
		return nil
	}
	g, reused := s.gfget(pp)
	if g == nil {
		g = &G{}
		s.casgstatus(g, Gidle, Gdead, LocNone, nil)
		s.allg = append(s.allg, g)
	}
	// goids come from a per-P cache refilled in batches of 16
	// (proc.go:newproc1, _GoidCacheBatch).
	if pp.goidcache == pp.goidcacheend {
		pp.goidcache = s.sched.goidgen + 1
		s.sched.goidgen += goidCacheBatch
		pp.goidcacheend = s.sched.goidgen + 1
	}
	g.ID = pp.goidcache
	pp.goidcache++
	if s.byID != nil {
		s.byID[g.ID] = g
	}
	g.Parent = gid(parent)
	g.System = system
	g.Name = name
	g.prog = prog
	s.startStack(g, reused) // stack.go
	g.res = Result{}
	g.opKind = OpNone
	g.opStarted = false
	g.held = nil
	g.spawnPaid = false
	g.computing = false
	g.preempt = false
	g.created = s.now
	g.waitReason = WaitNone
	// newproc1 draws cheaprand once for trackingSeq (docs/spec/runtime-facts.md §3.2).
	m.rng.next()
	// A new G is made dead first, so both a fresh and a reused one become
	// runnable from Gdead (proc.go:newproc1).
	s.casgstatus(g, Gdead, Grunnable, LocNone, nil)
	why := RNone
	if s.goFuncTimer != 0 {
		why = TimerFunc // time/sleep.go:goFunc, right after the timer's EvTimerFire
	}
	var e Event
	s.emit(e.goCreate(g.ID, gid(parent), mid(m), pid(pp), int64(g.stackSize), reused, system, why, name, label))
	s.runqput(pp, g, true)
	if s.sched.mainStarted {
		s.wakep()
	}
	return g
}

const goidCacheBatch = 16

// gfget takes a dead G from pp's free list, refilling it with up to 32 from
// the global list first (proc.go:gfget).
func (s *Sim) gfget(pp *P) (*G, bool) {
	if len(pp.gFree) == 0 && len(s.sched.gFree) > 0 {
		for len(pp.gFree) < 32 && len(s.sched.gFree) > 0 {
			n := len(s.sched.gFree) - 1
			g := s.sched.gFree[n]
			s.sched.gFree = s.sched.gFree[:n]
			pp.gFree = append(pp.gFree, g)
			setLoc(g, LocGFree, pp)
		}
	}
	n := len(pp.gFree)
	if n == 0 {
		return nil, false
	}
	g := pp.gFree[n-1] // LIFO
	pp.gFree = pp.gFree[:n-1]
	return g, true
}

// gfput puts a dead G on pp's free list; at 64 entries it moves Gs to the
// global list until 31 remain (proc.go:gfput).
func (s *Sim) gfput(pp *P, g *G) Reason {
	pp.gFree = append(pp.gFree, g)
	setLoc(g, LocGFree, pp)
	if len(pp.gFree) >= 64 {
		for len(pp.gFree) >= 32 {
			n := len(pp.gFree) - 1
			x := pp.gFree[n]
			pp.gFree = pp.gFree[:n]
			s.sched.gFree = append(s.sched.gFree, x)
			setLoc(x, LocGFree, nil)
		}
		if g.locP == nil {
			return DestGFreeGlobal
		}
	}
	return DestGFreeLocal
}

// goexit0 ends the running G on m (proc.go:goexit0, gdestroy).
func (s *Sim) goexit0(m *M, g *G) {
	pp := m.p
	locked := g.lockedm != nil && g.lockExt > 0
	s.casgstatus(g, Grunning, Gdead, LocNone, nil)
	s.dropg(m)
	g.prog = nil
	g.opKind = OpNone
	g.held = nil
	g.spawnPaid = false
	g.res = Result{}
	wasLocked := m.lockedg == g
	g.lockedm = nil
	g.lockExt = 0
	g.lockInt = 0
	if wasLocked {
		m.lockedg = nil
	}
	dest := s.gfput(pp, g)
	m.pending += s.costs.Goexit
	var e Event
	s.emit(e.goEnd(g.ID, mid(m), pid(pp), dest))
	if wasLocked && locked {
		// A G that exits while locked takes its thread with it
		// (proc.go:gdestroy: the M exits instead of being reused).
		s.mexit(m)
		return
	}
	s.scheduleM(m)
}

// dropg detaches m's current G (proc.go:dropg).
func (s *Sim) dropg(m *M) {
	if m.curg != nil {
		m.curg.m = nil
		m.curg = nil
	}
}

// ---- run queues -------------------------------------------------------------

// runqput puts g on pp's local queue (proc.go:runqput). With next, g goes to
// runnext and the old runnext is kicked to the tail. A full queue moves half
// of itself plus the G being put to the global queue (runqputslow).
func (s *Sim) runqput(pp *P, g *G, next bool) {
	if next {
		old := pp.runnext
		if old != nil {
			setLoc(old, LocInFlight, nil)
		}
		pp.runnext = g
		setLoc(g, LocRunnext, pp)
		var e Event
		s.emit(e.runqPut(g.ID, pp.ID, DestRunnext))
		if old == nil {
			return
		}
		// Kick the old runnext out to the regular run queue.
		g = old
		s.emit(e.goKick(g.ID, pp.ID))
	}
	if pp.runqtail-pp.runqhead < uint32(len(pp.runq)) {
		pp.pushTail(g)
		setLoc(g, LocRunq, pp)
		var e Event
		s.emit(e.runqPut(g.ID, pp.ID, DestRunqTail))
		return
	}
	s.runqputslow(pp, g)
}

// runqputslow moves the oldest half of pp's full queue plus g to the global
// tail, in order (proc.go:runqputslow).
func (s *Sim) runqputslow(pp *P, g *G) {
	n := (pp.runqtail - pp.runqhead) / 2
	for i := uint32(0); i < n; i++ {
		x := pp.popHead()
		s.sched.runq.pushBack(x)
		setLoc(x, LocGlobal, nil)
	}
	s.sched.runq.pushBack(g)
	setLoc(g, LocGlobal, nil)
	var e Event
	s.emit(e.runqOverflow(g.ID, pp.ID, int64(n)+1))
}

// runqget takes runnext, else the head of the local queue (proc.go:runqget).
// A G from runnext inherits the current time slice.
func (s *Sim) runqget(pp *P) (*G, bool) {
	if g := pp.runnext; g != nil {
		pp.runnext = nil
		setLoc(g, LocInFlight, nil)
		return g, true
	}
	g := pp.popHead()
	if g != nil {
		setLoc(g, LocInFlight, nil)
	}
	return g, false
}

// globrunqput puts g at the global tail (proc.go:globrunqput).
func (s *Sim) globrunqput(g *G) {
	s.sched.runq.pushBack(g)
	setLoc(g, LocGlobal, nil)
	var e Event
	s.emit(e.globalPut(g.ID, DestGlobalTail))
}

// globrunqputhead puts g at the global head (proc.go:globrunqputhead; used
// only when a P is destroyed).
func (s *Sim) globrunqputhead(g *G) {
	s.sched.runq.pushFront(g)
	setLoc(g, LocGlobal, nil)
	var e Event
	s.emit(e.globalPut(g.ID, DestGlobalHead))
}

// globrunqget takes one G from the global queue (proc.go:globrunqget).
func (s *Sim) globrunqget(pp *P) *G {
	g := s.sched.runq.pop()
	if g == nil {
		return nil
	}
	setLoc(g, LocInFlight, nil)
	var e Event
	s.emit(e.globalGet(g.ID, pid(pp), 1, SrcFairness))
	return g
}

// globrunqgetbatch takes n = min(len(runq)/2, size, size/gomaxprocs+1) Gs:
// the first to run, the rest onto pp's local queue (proc.go:globrunqgetbatch,
// findRunnable).
func (s *Sim) globrunqgetbatch(pp *P) *G {
	size := s.sched.runq.size
	if size == 0 {
		return nil
	}
	n := size/s.procs + 1
	if n > size {
		n = size
	}
	if max := len(pp.runq) / 2; n > max {
		n = max
	}
	g := s.sched.runq.pop()
	setLoc(g, LocInFlight, nil)
	moved := make([]*G, 0, n-1)
	for i := 1; i < n; i++ {
		x := s.sched.runq.pop()
		moved = append(moved, x)
	}
	var e Event
	e.globalGet(g.ID, pid(pp), int64(n), SrcGlobal)
	for _, x := range moved {
		pp.pushTail(x) // room: the local queue was empty
		setLoc(x, LocRunq, pp)
	}
	s.emit(&e)
	return g
}

// ---- ready and park ----------------------------------------------------------

// ready makes a waiting G runnable on the P of m, the M doing the waking
// (proc.go:ready, goready): into runnext if next, then wakep.
func (s *Sim) ready(m *M, waker *G, g *G, next bool) {
	pp := m.p
	if pp == nil {
		panic(fmt.Sprintf("core.ready: M%d has no P", m.ID))
	}
	s.casgstatus(g, Gwaiting, Grunnable, LocInFlight, nil) // proc.go:ready
	g.waitReason = WaitNone
	g.waitObj = 0
	dest := DestRunqTail
	if next {
		dest = DestRunnext
	}
	var e Event
	s.emit(e.goUnblock(g.ID, gid(waker), mid(m), pp.ID, dest))
	s.runqput(pp, g, next)
	s.wakep()
}

// gopark parks m's running G with reason; loc says where it waits. The M
// then schedules (proc.go:gopark, park_m).
func (s *Sim) gopark(m *M, g *G, reason WaitReason, loc Loc, obj int64) {
	s.casgstatus(g, Grunning, Gwaiting, loc, nil)
	g.waitReason = reason
	g.waitObj = obj
	g.waitSince = s.now
	s.dropg(m)
	m.pending += s.costs.Park
	var e Event
	s.emit(e.goBlock(g.ID, mid(m), pid(m.p), reason, obj))
}

// ---- schedule ----------------------------------------------------------------

// execute runs g on m: curg, _Grunnable → _Grunning, schedtick++ unless the
// G inherits the time slice (proc.go:execute).
func (s *Sim) execute(m *M, g *G, inheritTime bool, src Reason) {
	pp := m.p
	m.curg = g
	g.m = m
	s.casgstatus(g, Grunnable, Grunning, LocRunning, nil)
	g.preempt = false
	if !inheritTime {
		pp.schedtick++
	}
	m.state = MRunning
	var e Event
	s.emit(e.goStart(g.ID, mid(m), pp.ID, src, int64(pp.schedtick), inheritTime))
	m.gen++
	s.schedule(s.now+Time(s.costs.Schedule+m.pending), actGOp, m, m.gen, 0)
	m.pending = 0
}

// scheduleM is one round of the scheduler on m (proc.go:schedule). It either
// starts a G or leaves m blocked (parked, polling, sleeping).
func (s *Sim) scheduleM(m *M) {
	if s.exited {
		return
	}
	if m.lockedg != nil {
		// This M may run only its locked G: give the P away and wait
		// (proc.go:schedule → stoplockedm).
		s.stoplockedm(m)
		return
	}
	if m.p == nil {
		panic(fmt.Sprintf("core.scheduleM: M%d has no P", m.ID))
	}
	m.p.preempt = false
	if m.spinning && !m.p.runqempty() {
		panic("core.scheduleM: spinning with local work") // proc.go:schedule throws too
	}
	g, inherit, src := s.findRunnable(m)
	if g == nil {
		return // m blocked; it comes back through an action
	}
	s.scheduleFound(m, g, inherit, src)
}

// scheduleFound is the rest of schedule once findRunnable has a G.
// A spinning M that found work stops spinning and wakes another
// (resetspinning). The runtime does that before execute; both happen in
// one atomic step here, and the events say first where the G went so that
// the log never shows a G that left its queue without saying so.
func (s *Sim) scheduleFound(m *M, g *G, inherit bool, src Reason) {
	if g.lockedm != nil && g.lockedm != m {
		// Hands off own P to the locked M, then blocks waiting for a new
		// P (proc.go:startlockedm).
		s.startlockedm(m, g)
		return
	}
	wasSpinning := m.spinning
	s.execute(m, g, inherit, src)
	if wasSpinning {
		s.resetspinning(m)
	}
}

// findRunnable finds a runnable G for m in the runtime's order (docs/spec/runtime-facts.md
// §5, proc.go:findRunnable). It returns nil if m blocked instead.
func (s *Sim) findRunnable(m *M) (*G, bool, Reason) {
top:
	pp := m.p
	if s.sched.gcwaiting {
		s.gcstopm(m)
		return nil, false, RNone
	}
	// 1. Run this P's expired timers; readied Gs land in its runnext/runq.
	pollUntil, _ := s.checkTimers(m, pp)

	// 4. Fairness: every 61st schedtick take one G from the global queue
	// first, so that two Gs handing off to each other through runnext
	// cannot starve it.
	if pp.schedtick%61 == 0 && !s.sched.runq.empty() {
		g := s.globrunqget(pp)
		return g, false, SrcFairness
	}
	// 7. Local: runnext, then the local queue.
	if g, inherit := s.runqget(pp); g != nil {
		if inherit {
			return g, true, SrcRunnext
		}
		return g, false, SrcLocal
	}
	// 8. Global batch.
	if !s.sched.runq.empty() {
		return s.globrunqgetbatch(pp), false, SrcGlobal
	}
	// 9. Non-blocking netpoll, by at most one M, only when someone waits
	// and nobody is blocked in netpoll.
	if s.sched.netpollInited && s.sched.netpollWaiters > 0 && s.sched.lastpoll != 0 && !s.sched.pollingNet {
		s.sched.pollingNet = true
		list := s.netpoll(m, PollNonBlocking)
		s.sched.pollingNet = false
		if len(list) > 0 {
			g := list[0]
			s.injectglist(m, list[1:])
			s.casgstatus(g, Gwaiting, Grunnable, LocInFlight, nil)
			return g, false, SrcNetpoll
		}
	}
	// 10. Steal, if spinning or if fewer than half of the busy Ps have
	// spinning Ms: limits CPU use when parallelism is low.
	if m.spinning || 2*s.sched.nmspinning < s.procs-s.sched.npidle {
		if !m.spinning {
			s.becomeSpinning(m, SpinSelf)
		}
		// Visiting the other Ps takes time: meanwhile this M counts in
		// nmspinning and the victims' queues keep changing. The pass
		// itself is atomic once that time is over.
		if !m.stealPaid {
			if d := s.stealPass(); d > 0 {
				m.stealPaid = true
				m.gen++
				s.schedule(s.now+d, actStealPass, m, m.gen, 0)
				return nil, false, RNone
			}
		}
		m.stealPaid = false
		g, inherit, src, stealPoll, newWork, slept := s.stealWork(m)
		if slept {
			return nil, false, RNone
		}
		if g != nil {
			return g, inherit, src
		}
		if newWork {
			goto top
		}
		if stealPoll != 0 && (pollUntil == 0 || stealPoll < pollUntil) {
			pollUntil = stealPoll
		}
	}
	m.slept3us = false

	// 14. Last look at the global queue, then give up the P.
	if !s.sched.runq.empty() {
		return s.globrunqgetbatch(pp), false, SrcGlobal
	}
	if s.ver.NeedSpinning && !m.spinning && s.sched.needspinning {
		// Someone found work but no idle P; spin instead of sleeping (the
		// "delicate dance").
		s.becomeSpinning(m, SpinNeedSpinning)
		goto top
	}
	s.releasep(m)
	s.pidleput(pp)

	// 15. A spinning M that found nothing drops spinning, then re-checks
	// every source so that work submitted meanwhile is not lost.
	wasSpinning := m.spinning
	if m.spinning {
		s.stopSpinning(m, false)
		if !s.sched.runq.empty() {
			if p2 := s.pidlegetSpinning(); p2 != nil {
				s.acquirep(m, p2)
				s.becomeSpinning(m, SpinRecheck)
				return s.globrunqgetbatch(p2), false, SrcGlobal
			}
		}
		if p2 := s.checkRunqsNoP(); p2 != nil {
			s.acquirep(m, p2)
			s.becomeSpinning(m, SpinRecheck)
			goto top
		}
		if t := s.checkTimersNoP(); t != 0 && (pollUntil == 0 || t < pollUntil) {
			pollUntil = t
		}
	}

	// 16. Block in netpoll until a timer is due or I/O arrives, unless
	// another M already does.
	if s.sched.netpollInited && (s.sched.netpollWaiters > 0 || pollUntil != 0) && s.sched.lastpoll != 0 {
		s.sched.lastpoll = 0
		s.sched.pollUntil = pollUntil
		s.netpollBlock(m, pollUntil, wasSpinning)
		return nil, false, RNone
	} else if pollUntil != 0 && s.sched.netpollInited {
		if s.sched.pollUntil == 0 || s.sched.pollUntil > pollUntil {
			s.netpollBreak()
		}
	}
	s.stopm(m)
	return nil, false, RNone
}

// checkRunqsNoP looks for a non-idle P with work while holding no P and
// takes an idle P to go after it (proc.go:checkRunqsNoP).
func (s *Sim) checkRunqsNoP() *P {
	for _, p2 := range s.allp {
		if p2.status != Pidle && !p2.runqempty() {
			p := s.pidlegetSpinning()
			if p == nil {
				return nil
			}
			return p
		}
	}
	return nil
}

// ---- spinning ----------------------------------------------------------------

// becomeSpinning marks m spinning (proc.go:mp.becomeSpinning).
func (s *Sim) becomeSpinning(m *M, why Reason) {
	m.spinning = true
	s.sched.nmspinning++
	var e Event
	s.emit(e.mSpin(mid(m), pid(m.p), why))
	if s.sched.needspinning {
		s.setNeedSpinning(false)
	}
}

func (s *Sim) stopSpinning(m *M, found bool) {
	m.spinning = false
	s.sched.nmspinning--
	if s.sched.nmspinning < 0 {
		panic("core.stopSpinning: negative nmspinning")
	}
	var e Event
	s.emit(e.mSpinStop(mid(m), found))
}

func (s *Sim) setNeedSpinning(v bool) {
	if s.sched.needspinning == v {
		return
	}
	s.sched.needspinning = v
	var e Event
	s.emit(e.needSpinning(v))
}

// resetspinning: a spinning M found work; if it was the last spinner, start
// another so that new work keeps being looked for (proc.go:resetspinning).
func (s *Sim) resetspinning(m *M) {
	s.stopSpinning(m, true)
	s.wakep()
}

// wakep starts one spinning M on an idle P, but only if no M spins already
// (proc.go:wakep).
func (s *Sim) wakep() {
	// Only a wakep that starts an M is an event; one that finds a spinner
	// or no idle P changes nothing but needspinning, which has its own.
	if s.sched.nmspinning != 0 {
		return
	}
	s.sched.nmspinning++
	pp := s.pidlegetSpinning()
	if pp == nil {
		s.sched.nmspinning--
		return
	}
	var e Event
	s.emit(e.wakep(pp.ID, WakepStarted))
	s.startm(pp, true)
}

// pidlegetSpinning is pidleget that records needspinning when no P is
// idle (proc.go:pidlegetSpinning).
func (s *Sim) pidlegetSpinning() *P {
	pp := s.pidleget()
	if pp == nil && s.ver.NeedSpinning {
		s.setNeedSpinning(true)
	}
	return pp
}

// ---- Ms and Ps ---------------------------------------------------------------

// startm runs pp on an idle M, or on a new one (proc.go:startm). For a
// spinning start the caller already counted it in nmspinning.
func (s *Sim) startm(pp *P, spinning bool) {
	if pp == nil {
		pp = s.pidleget()
		if pp == nil {
			if spinning {
				s.sched.nmspinning--
			}
			return
		}
	}
	nm := s.mget()
	if nm == nil {
		s.newm(pp, spinning)
		return
	}
	nm.nextp = pp
	nm.waitingSpinning = spinning
	nm.state = MWaking
	nm.gen++
	var e Event
	s.emit(e.mUnpark(mid(nm), pp.ID, spinning))
	s.schedule(s.now+s.futexWake()+s.loadWait(true), actMWake, nm, nm.gen, 0)
}

// newm creates a thread that will run pp (proc.go:newm, newm1). Thread
// creation takes Costs.ThreadStart.
func (s *Sim) newm(pp *P, spinning bool) *M {
	if s.mcount() >= s.cfg.Limits.MaxThreads {
		s.fatalThrow(fmt.Sprintf("thread exhaustion: program exceeds %d-thread limit", s.cfg.Limits.MaxThreads))
		return nil
	}
	m := s.allocm()
	m.nextp = pp
	m.waitingSpinning = spinning
	m.state = MStarting
	var e Event
	s.emit(e.mCreate(mid(m), pid(pp), spinning))
	s.schedule(s.now+s.threadStart()+s.loadWait(true), actMStart, m, m.gen, 0)
	return m
}

func (s *Sim) allocm() *M {
	m := &M{ID: s.sched.mnext, rng: newWyrand(s.cfg.Seed, uint64(s.sched.mnext)+1)}
	s.sched.mnext++
	s.allm = append(s.allm, m)
	return m
}

// mcount is the number of live threads (proc.go:mcount).
func (s *Sim) mcount() int { return int(s.sched.mnext) - s.sched.nmfreed }

// mstart: a new thread begins (proc.go:mstart1, mspinning, schedule).
func (s *Sim) mstart(m *M) {
	m.state = MRunning
	if m.nextp != nil {
		p := m.nextp
		m.nextp = nil
		s.acquirep(m, p)
	}
	if m.waitingSpinning {
		m.waitingSpinning = false
		m.spinning = true
		var e Event
		s.emit(e.mSpin(mid(m), pid(m.p), SpinWakep))
	}
	if m.p == nil {
		s.stopm(m)
		return
	}
	s.scheduleM(m)
}

// mwoken: a parked M was woken with a P (proc.go:stopm after mPark,
// stoplockedm after mPark).
func (s *Sim) mwoken(m *M) {
	p := m.nextp
	m.nextp = nil
	m.state = MRunning
	s.acquirep(m, p)
	if m.waitingSpinning {
		m.waitingSpinning = false
		m.spinning = true
		var e Event
		s.emit(e.mSpin(mid(m), pid(m.p), SpinWakep))
	}
	if g := m.lockedg; g != nil {
		// The locked G was handed to us: run it (proc.go:schedule,
		// "execute(mp.lockedg.ptr(), false)").
		if m.spinning {
			s.resetspinning(m)
		}
		s.execute(m, g, false, SrcLocked)
		return
	}
	s.scheduleM(m)
}

// stopm parks m on the idle M stack (proc.go:stopm, mput).
func (s *Sim) stopm(m *M) {
	if m.p != nil || m.spinning {
		panic(fmt.Sprintf("core.stopm: M%d holds a P or spins", m.ID))
	}
	m.state = MParked
	m.nextLink = s.sched.midle
	s.sched.midle = m
	s.sched.nmidle++
	var e Event
	s.emit(e.mPark(mid(m)))
	s.checkdead()
}

// mget pops an idle M (proc.go:mget).
func (s *Sim) mget() *M {
	m := s.sched.midle
	if m == nil {
		return nil
	}
	s.sched.midle = m.nextLink
	m.nextLink = nil
	s.sched.nmidle--
	return m
}

// acquirep wires pp to m (proc.go:acquirep).
func (s *Sim) acquirep(m *M, pp *P) {
	if m.p != nil || (pp.m != nil && pp.m != m) || (pp.status == Pdead) {
		panic(fmt.Sprintf("core.acquirep: M%d P%d status %v", m.ID, pp.ID, pp.status))
	}
	m.p = pp
	pp.m = m
	pp.status = Prunning
	pp.oldm = nil
	var e Event
	s.emit(e.procAcquire(mid(m), pp.ID))
}

// releasep unwires m's P (proc.go:releasep).
func (s *Sim) releasep(m *M) *P {
	pp := m.p
	if pp == nil {
		panic(fmt.Sprintf("core.releasep: M%d has no P", m.ID))
	}
	m.p = nil
	pp.m = nil
	pp.oldm = m
	pp.status = Pidle
	var e Event
	s.emit(e.procRelease(mid(m), pp.ID))
	return pp
}

// pidleput pushes pp on the idle P stack (proc.go:pidleput).
func (s *Sim) pidleput(pp *P) {
	if !pp.runqempty() {
		panic(fmt.Sprintf("core.pidleput: P%d has work", pp.ID))
	}
	pp.status = Pidle
	pp.idleMask = true
	pp.link = s.sched.pidle
	s.sched.pidle = pp
	s.sched.npidle++
	var e Event
	s.emit(e.procIdle(pp.ID))
}

// pidleget pops an idle P, the most recently idled first (proc.go:pidleget).
func (s *Sim) pidleget() *P {
	pp := s.sched.pidle
	if pp == nil {
		return nil
	}
	s.sched.pidle = pp.link
	pp.link = nil
	pp.idleMask = false
	s.sched.npidle--
	var e Event
	s.emit(e.procUnidle(pp.ID))
	return pp
}

// handoffp finds a new owner for a P released by a blocked M, or idles it
// (proc.go:handoffp, docs/spec/runtime-facts.md §8.5).
func (s *Sim) handoffp(pp *P) {
	// Local or global work: start an M right away.
	if !pp.runqempty() || !s.sched.runq.empty() {
		var e Event
		s.emit(e.procHandoff(pp.ID, HandoffWork))
		s.startm(pp, false)
		return
	}
	// No local work: if nobody spins and no P is idle, start a spinner.
	if s.sched.nmspinning+s.sched.npidle == 0 {
		s.sched.nmspinning++
		s.setNeedSpinning(false)
		var e Event
		s.emit(e.procHandoff(pp.ID, HandoffSpinner))
		s.startm(pp, true)
		return
	}
	if s.sched.gcwaiting {
		var e Event
		s.emit(e.procHandoff(pp.ID, HandoffGCStop))
		s.gcstopP(pp)
		return
	}
	if !s.sched.runq.empty() {
		var e Event
		s.emit(e.procHandoff(pp.ID, HandoffGlobal))
		s.startm(pp, false)
		return
	}
	// The last running P and nobody polls the network: start an M so that
	// someone does.
	if s.sched.npidle == s.procs-1 && s.sched.lastpoll != 0 {
		var e Event
		s.emit(e.procHandoff(pp.ID, HandoffLastPoller))
		s.startm(pp, false)
		return
	}
	var e Event
	s.emit(e.procHandoff(pp.ID, HandoffIdle))
	when := pp.timers.wakeTime()
	s.pidleput(pp)
	if when != 0 {
		s.wakeNetPoller(when)
	}
}

// ---- locked Ms ---------------------------------------------------------------

// stoplockedm: m may only run its locked G, which is not runnable; hand the
// P off and park until the G is handed back (proc.go:stoplockedm).
func (s *Sim) stoplockedm(m *M) {
	if m.p != nil {
		pp := s.releasep(m)
		s.handoffp(pp)
	}
	m.state = MLockedParked
	s.sched.nmidlelocked++
	var e Event
	s.emit(e.mParkLocked(mid(m), gid(m.lockedg)))
	s.checkdead()
}

// startlockedm gives m's P to the M that g is locked to, and parks m
// (proc.go:startlockedm).
func (s *Sim) startlockedm(m *M, g *G) {
	lm := g.lockedm
	s.sched.nmidlelocked--
	// g waits in flight for its M; it is runnable but on no queue.
	setLoc(g, LocInFlight, nil)
	var e Event
	s.emit(e.mLockedHand(mid(m), g.ID, pid(m.p), lm.ID))
	if m.spinning {
		s.resetspinning(m)
	}
	pp := s.releasep(m)
	lm.nextp = pp
	lm.state = MWaking
	lm.gen++
	s.schedule(s.now+s.futexWake()+s.loadWait(true), actMWake, lm, lm.gen, 0)
	s.stopm(m)
}

// mexit ends m's thread (proc.go:mexit): its P is handed off.
func (s *Sim) mexit(m *M) {
	if m.p != nil {
		pp := s.releasep(m)
		s.handoffp(pp)
	}
	m.state = MExited
	m.lockedg = nil
	s.sched.nmfreed++
	var e Event
	s.emit(e.mExit(mid(m)))
	s.checkdead()
}

// ---- injectglist ---------------------------------------------------------------

// injectglist makes a list of Gs runnable (proc.go:injectglist). Without a
// P everything goes to the global queue and idle Ps get Ms; with a P, one G
// per idle P goes to the global queue and the rest to the local queue.
func (s *Sim) injectglist(m *M, list []*G) {
	if len(list) == 0 {
		return
	}
	// The runtime marks every G runnable first; here each is marked just
	// before it is queued, within the same step, so that every status
	// change in the log comes with the event that places the G.
	ready := func(g *G) {
		if g.status == Gwaiting {
			s.casgstatus(g, Gwaiting, Grunnable, LocInFlight, nil)
			g.waitReason = WaitNone
		}
	}
	var pp *P
	if m != nil {
		pp = m.p
	}
	startIdle := func(n int) {
		for ; n > 0; n-- {
			p := s.pidlegetSpinning()
			if p == nil {
				break
			}
			s.startm(p, false)
		}
	}
	if pp == nil || !s.ver.InjectLocal {
		var e Event
		s.emit(e.inject(mid(m), pid(pp), int64(len(list)), int64(len(list))))
		for _, g := range list {
			ready(g)
			s.globrunqput(g)
		}
		startIdle(len(list))
		if pp != nil {
			s.wakep()
		}
		return
	}
	nglob := s.sched.npidle
	if nglob > len(list) {
		nglob = len(list)
	}
	var e Event
	s.emit(e.inject(mid(m), pid(pp), int64(len(list)), int64(nglob)))
	for _, g := range list[:nglob] {
		ready(g)
		s.globrunqput(g)
	}
	startIdle(nglob)
	for _, g := range list[nglob:] {
		ready(g)
		s.runqput(pp, g, false)
	}
	s.wakep()
}

// ---- deadlock detection -------------------------------------------------------

// checkdead reports a deadlock when no M can ever run again
// (proc.go:checkdead, docs/spec/runtime-facts.md §8.7).
func (s *Sim) checkdead() {
	if !s.startupDone {
		return
	}
	run := s.mcount() - s.sched.nmidle - s.sched.nmidlelocked - s.sched.nmsys
	if run > 0 {
		return
	}
	if run < 0 {
		panic(fmt.Sprintf("core.checkdead: inconsistent M counts: mcount=%d nmidle=%d nmidlelocked=%d nmsys=%d",
			s.mcount(), s.sched.nmidle, s.sched.nmidlelocked, s.sched.nmsys))
	}
	waiting := 0
	for _, g := range s.allg {
		if g.System {
			continue
		}
		switch g.status {
		case Gwaiting, Gpreempted:
			waiting++
		case Grunnable, Grunning, Gsyscall:
			panic(fmt.Sprintf("core.checkdead: runnable G%d (%v)", g.ID, g.status))
		}
	}
	if waiting == 0 {
		s.fatal("no goroutines (main called runtime.Goexit) - deadlock!")
		return
	}
	for _, pp := range s.allp {
		if pp.timers.len() > 0 {
			return
		}
	}
	s.fatal("all goroutines are asleep - deadlock!")
}

// fatalThrow ends the run like the runtime's throw (fatal error, status 2).
func (s *Sim) fatalThrow(msg string) { s.fatal(msg) }
