package core

// entersyscall: g on m enters a system call of length d
// (proc.go:reentersyscall, entersyscallblock; docs/spec/runtime-facts.md §14).
//
// In 1.26 the P stays _Prunning and wired to m; sysmon or another M can take
// it while the G is in _Gsyscall. In ≤1.25 mode the P is unwired and marked
// _Psyscall.
func (s *Sim) entersyscall(m *M, g *G, d Duration, block bool) {
	pp := m.p
	m.syscalltick = pp.syscalltick
	m.oldp = pp
	s.casgstatus(g, Grunning, Gsyscall, LocSyscall, nil)
	m.state = MSyscall
	var e Event
	s.emit(e.goSysCall(g.ID, mid(m), pp.ID, d, block))
	if s.sched.sysmonwait {
		s.wakeSysmon()
	}
	switch {
	case s.sched.gcwaiting:
		// A stop-the-world is pending: give it the P now
		// (proc.go:entersyscall_gcwait).
		s.releasep(m)
		s.gcstopP(pp)
	case block:
		// Known to block: hand the P off at once (entersyscallblock).
		pp.syscalltick++
		s.releasep(m)
		s.handoffp(pp)
	case s.ver.PSyscall:
		m.p = nil
		pp.m = nil
		pp.status = Psyscall
		var e Event
		s.emit(e.procStatus(pp.ID, Psyscall))
	}
	s.schedule(s.now+Time(d), actSyscallDone, m, 0, 0)
}

// exitsyscall: m's system call returned (proc.go:exitsyscall,
// exitsyscallTryGetP, exitsyscallNoP).
func (s *Sim) exitsyscall(m *M) {
	g := m.curg
	oldp := m.oldp
	m.oldp = nil
	path := ExitFast
	if s.ver.PSyscall {
		// ≤1.25 exitsyscallfast: CAS any _Psyscall oldp back, else an idle P.
		if m.p == nil && oldp != nil && oldp.status == Psyscall && oldp.m == nil {
			if oldp.syscalltick != m.syscalltick {
				path = ExitStoleOldP
			}
			s.acquirep(m, oldp)
		}
	} else if m.p == nil {
		path = ExitStoleOldP
		if oldp != nil && s.ver.SyscallStealBack && oldp.status == Prunning && oldp.m != nil && oldp.m != m &&
			oldp.m.curg != nil && oldp.m.curg.status == Gsyscall {
			// 1.26: the old P now runs another M whose G is itself in a
			// syscall: take it back (setBlockOnExitSyscall + takeP).
			other := oldp.m
			other.p = nil
			oldp.m = nil
			oldp.syscalltick++
			oldp.status = Pidle
			var e Event
			s.emit(e.procRetake(oldp.ID, mid(other), gid(other.curg), ByExitsyscall))
			s.acquirep(m, oldp)
		}
	}
	if m.p == nil && s.sched.npidle > 0 {
		if pp := s.pidleget(); pp != nil {
			path = ExitIdleP
			s.acquirep(m, pp)
			if s.sched.sysmonwait {
				s.wakeSysmon()
			}
		}
	}
	if m.p != nil {
		m.p.syscalltick++
		s.casgstatus(g, Gsyscall, Grunning, LocRunning, nil)
		m.state = MRunning
		var e Event
		s.emit(e.goSysExit(g.ID, mid(m), m.p.ID, path))
		m.gen++
		s.schedule(s.now+s.syscallEnter(), actGOp, m, m.gen, 0)
		return
	}
	// exitsyscallNoP: no P anywhere. The G goes to the global queue and
	// the M stops.
	s.casgstatus(g, Gsyscall, Grunnable, LocInFlight, nil)
	s.dropg(m)
	m.state = MRunning
	var e Event
	s.emit(e.goSysExit(g.ID, mid(m), -1, ExitNoP))
	s.globrunqput(g)
	if g.lockedm != nil {
		s.stoplockedm(m)
		return
	}
	s.stopm(m)
}

// takePFromSyscall is sysmon's retake of a P whose G is in a syscall
// (proc.go:retake, setBlockOnExitSyscall, takeP; ≤1.25: CAS _Psyscall→_Pidle).
func (s *Sim) takePFromSyscall(pp *P) {
	rm, rg := int32(-1), int64(0)
	if s.ver.PSyscall {
		pp.status = Pidle
	} else {
		m := pp.m
		rm, rg = mid(m), gid(m.curg)
		m.p = nil
		pp.m = nil
		pp.status = Pidle
	}
	pp.syscalltick++
	var e Event
	s.emit(e.procRetake(pp.ID, rm, rg, BySysmon))
	s.handoffp(pp)
}

// inSyscall reports whether pp's G is in a system call, so that sysmon may
// take pp (proc.go:setBlockOnExitSyscall; ≤1.25: status _Psyscall).
func (s *Sim) inSyscall(pp *P) bool {
	if s.ver.PSyscall {
		return pp.status == Psyscall
	}
	return pp.status == Prunning && pp.m != nil && pp.m.curg != nil && pp.m.curg.status == Gsyscall
}
