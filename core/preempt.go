package core

// preemptone asks the G running on pp to stop (proc.go:preemptone): the
// cooperative flag, honoured at its next function prologue, and, with async
// preemption on, a SIGURG to its M.
func (s *Sim) preemptone(pp *P) bool {
	m := pp.m
	if m == nil || m.curg == nil {
		return false
	}
	g := m.curg
	if g.status != Grunning {
		return false // in a syscall: preemptone doesn't work, retake does
	}
	g.preempt = true
	signal := s.ver.AsyncPreempt && !s.cfg.Debug.AsyncPreemptOff
	var e Event
	s.emit(e.preemptReq(g.ID, mid(m), pp.ID, signal))
	// Code with calls reaches a prologue soon and sees stackPreempt.
	if g.computing && g.opCalls {
		s.schedule(s.now+Time(s.costs.CallInterval), actCoopCheck, m, m.gen, 0)
	}
	if signal {
		pp.preempt = true
		// preemptM: at most one signal in flight per M.
		if !m.signalPending {
			m.signalPending = true
			s.schedule(s.now+Time(s.costs.SignalDelay), actSignal, m, 0, 0)
		}
	}
	return true
}

// coopCheck: the computing G reached a function prologue with a preemption
// request pending (stack.go:newstack → gopreempt_m).
func (s *Sim) coopCheck(m *M) {
	g := m.curg
	if g == nil || !g.preempt || !g.computing {
		return
	}
	s.interruptCompute(m, g)
	s.gopreemptM(m, g, PreemptCoop)
}

// doSigPreempt: SIGURG arrived at m (signal_unix.go:doSigPreempt). The G is
// stopped if it wants preemption and is at an async safe point; in the
// simulator every instant of a Compute op is one.
func (s *Sim) doSigPreempt(m *M) {
	m.signalPending = false
	g := m.curg
	if g == nil || g.status != Grunning || m.p == nil {
		return
	}
	if !(g.preempt || m.p.preempt) || !g.computing {
		return
	}
	s.interruptCompute(m, g)
	s.gopreemptM(m, g, PreemptAsync)
}

// interruptCompute stops g's Compute op now, keeping the CPU time left.
func (s *Sim) interruptCompute(m *M, g *G) {
	g.remaining -= Duration(s.now - g.runStart)
	if g.remaining < 0 {
		g.remaining = 0
	}
	g.computing = false
	m.gen++ // the queued "compute finished" action is now stale
}

// gopreemptM: g stopped at a safe point goes to the global tail, or to its
// P's runnext while a stop-the-world is pending (1.26) (proc.go:gopreempt_m,
// goschedImpl).
func (s *Sim) gopreemptM(m *M, g *G, kind Reason) {
	g.preempt = false
	pp := m.p
	pp.preempt = false
	s.casgstatus(g, Grunning, Grunnable, LocInFlight, nil)
	s.dropg(m)
	if s.sched.gcwaiting && s.ver.STWPreemptRunnext {
		var e Event
		s.emit(e.goPreempt(g.ID, mid(m), pid(pp), pp.ID, kind))
		s.runqput(pp, g, true)
	} else {
		var e Event
		s.emit(e.goPreempt(g.ID, mid(m), pid(pp), -1, kind))
		s.globrunqput(g)
	}
	s.wakep()
	s.scheduleM(m)
}

// goschedImpl is runtime.Gosched: the G goes to the global tail
// (proc.go:gosched_m, goschedImpl).
func (s *Sim) goschedImpl(m *M, g *G) {
	s.casgstatus(g, Grunning, Grunnable, LocInFlight, nil)
	s.dropg(m)
	var e Event
	s.emit(e.goSched(g.ID, mid(m), pid(m.p), DestGlobalTail))
	s.globrunqput(g)
	s.wakep()
	s.scheduleM(m)
}
