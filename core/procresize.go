package core

// stwState is a stop-the-world in progress (proc.go:stopTheWorldWithSema).
type stwState struct {
	active   bool
	m        *M
	g        *G
	newprocs int
	gen      uint32
	waiters  []*G     // Gs waiting for worldsema
	pause    Duration // runtime.GC: how long the world stays stopped
}

// stwRepreempt is how often a waiting stop-the-world re-preempts
// (proc.go:stopTheWorldWithSema, 100µs).
const stwRepreempt = 100 * Microsecond

// stopTheWorld stops every P for runtime.GOMAXPROCS(n) called by g on m
// (debug.go:GOMAXPROCS, proc.go:stopTheWorldWithSema): the caller's P and
// the idle Ps stop at once, Ps in syscalls are taken, running Gs are
// preempted and their Ms stop at the top of findRunnable.
func (s *Sim) stopTheWorld(m *M, g *G, n int) {
	s.sched.customGOMAXPROCS = true
	s.stw = stwState{active: true, m: m, g: g, newprocs: n, gen: s.stw.gen + 1, waiters: s.stw.waiters}
	var e Event
	s.emit(e.stwStart(g.ID, mid(m), pid(m.p), int64(n)))
	s.sched.gcwaiting = true
	s.sched.stopwait = s.procs
	pp := m.p
	s.setPStatus(pp, Pgcstop)
	s.sched.stopwait--
	for _, p := range s.allp {
		if p == pp {
			continue
		}
		if s.inSyscall(p) {
			// Take the P from its M's system call (proc.go:stopTheWorldWithSema).
			rm, rg := int32(-1), int64(0)
			if !s.ver.PSyscall {
				other := p.m
				rm, rg = mid(other), gid(other.curg)
				other.p = nil
				p.m = nil
			}
			p.status = Pidle
			var re Event
			s.emit(re.procRetake(p.ID, rm, rg, BySTW))
			p.syscalltick++
			s.gcstopP(p)
		}
	}
	for {
		p := s.pidleget()
		if p == nil {
			break
		}
		s.gcstopP(p)
	}
	s.stwCheck()
}

// stwCheck finishes the stop once every P stopped, else re-preempts.
func (s *Sim) stwCheck() {
	if !s.stw.active {
		return
	}
	if s.sched.stopwait > 0 {
		for _, p := range s.allp {
			if p.status == Prunning && p != s.stw.m.p {
				s.preemptone(p)
			}
		}
		s.stw.gen++
		s.schedule(s.now+Time(stwRepreempt), actSTWCheck, nil, s.stw.gen, 0)
		return
	}
	if d := s.stw.pause; d > 0 {
		// Stopped: runtime.GC's pause, then the world restarts.
		s.stw.pause = 0
		s.stw.gen++
		s.schedule(s.now+Time(d), actSTWCheck, nil, s.stw.gen, 0)
		return
	}
	s.startTheWorld()
}

// setPStatus changes a P's status where no acquire or release says so.
func (s *Sim) setPStatus(pp *P, st PStatus) {
	pp.status = st
	var e Event
	s.emit(e.procStatus(pp.ID, st))
}

// gcstopP parks a P for the stop-the-world (proc.go:gcstopm, handoffp).
func (s *Sim) gcstopP(pp *P) {
	s.setPStatus(pp, Pgcstop)
	s.sched.stopwait--
	if s.sched.stopwait == 0 && s.stw.active {
		s.stw.gen++
		s.schedule(s.now, actSTWCheck, nil, s.stw.gen, 0)
	}
}

// gcstopm: m found a stop-the-world pending at the top of findRunnable
// (proc.go:gcstopm).
func (s *Sim) gcstopm(m *M) {
	if m.spinning {
		s.stopSpinning(m, false)
	}
	pp := s.releasep(m)
	s.gcstopP(pp)
	s.stopm(m)
}

// startTheWorld resizes to the new GOMAXPROCS and restarts every P with
// work (proc.go:startTheWorldWithSema, procresize).
func (s *Sim) startTheWorld() {
	st := s.stw
	m, n, old := st.m, st.newprocs, s.procs
	cur := m.p
	if cur.ID >= int32(n) {
		// The caller's P goes away: continue on P0.
		s.releasep(m)
		s.setPStatus(cur, Pgcstop)
		p0 := s.allp[0]
		p0.m = nil
		s.acquirep(m, p0)
		cur = p0
	} else {
		s.setPStatus(cur, Prunning)
	}
	for i := n; i < old; i++ {
		s.destroyP(s.allp[i], cur)
	}
	s.resizeAllp(n)
	s.allp = s.allp[:n]
	s.procs = n
	if n != old { // runtime.GC restarts the world with the same Ps
		var e Event
		s.emit(e.procResize(int64(old), int64(n)))
	}
	runnable := s.putIdlePs(cur)
	s.stealOrder.reset(uint32(n))
	s.sched.gcwaiting = false
	if s.sched.sysmonwait {
		s.wakeSysmon()
	}
	s.stw.active = false
	s.stw.gen++
	if s.sched.netpollInited && len(s.poll.kready) > 0 {
		s.injectglist(m, s.netpoll(m, PollSTW))
	}
	for _, pp := range runnable {
		var nm *M
		if pp.oldm != nil && pp.oldm.state == MParked {
			nm = s.mgetSpecific(pp.oldm)
		}
		if nm == nil {
			nm = s.mget()
		}
		if nm == nil {
			s.newm(pp, false)
			continue
		}
		nm.nextp = pp
		nm.state = MWaking
		nm.gen++
		var ue Event
		s.emit(ue.mUnpark(mid(nm), pp.ID, false))
		s.schedule(s.now+s.futexWake()+s.loadWait(true), actMWake, nm, nm.gen, 0)
	}
	s.wakep()
	var de Event
	s.emit(de.stwDone(gid(st.g), mid(m), pid(m.p)))
	if len(s.stw.waiters) > 0 {
		// semrelease(&worldsema): the next waiter retries.
		w := s.stw.waiters[0]
		s.stw.waiters = s.stw.waiters[1:]
		s.ready(m, st.g, w, true)
	}
	m.gen++
	s.schedule(s.now+Time(s.costs.Op), actGOp, m, m.gen, 0)
}

// mgetSpecific takes a particular idle M off the idle stack (proc.go:mgetSpecific).
func (s *Sim) mgetSpecific(want *M) *M {
	var prev *M
	for m := s.sched.midle; m != nil; prev, m = m, m.nextLink {
		if m == want {
			if prev == nil {
				s.sched.midle = m.nextLink
			} else {
				prev.nextLink = m.nextLink
			}
			m.nextLink = nil
			s.sched.nmidle--
			return m
		}
	}
	return nil
}

// destroyP retires a P above the new GOMAXPROCS: its queue and then its
// runnext go to the global head in order, its timers to cur, its free Gs to
// the global list (proc.go:(*p).destroy).
func (s *Sim) destroyP(pp, cur *P) {
	moved := 0
	for pp.runqtail != pp.runqhead {
		pp.runqtail--
		i := pp.runqtail % uint32(len(pp.runq))
		g := pp.runq[i]
		pp.runq[i] = nil
		s.globrunqputhead(g)
		moved++
	}
	if g := pp.runnext; g != nil {
		pp.runnext = nil
		s.globrunqputhead(g)
		moved++
	}
	s.takeTimers(pp, cur) // timerchan.go
	for _, g := range pp.gFree {
		s.sched.gFree = append(s.sched.gFree, g)
		setLoc(g, LocGFree, nil)
	}
	pp.gFree = nil
	if pp.m != nil {
		pp.m.p = nil
		pp.m = nil
	}
	pp.status = Pdead
	var e Event
	s.emit(e.procDestroy(pp.ID, int64(moved)))
}
