package core

// forcePreemptNS is the time slice: a G running for 10ms without a
// schedtick change is asked to stop (proc.go:forcePreemptNS).
const forcePreemptNS = 10 * Millisecond

// sysmonState is what sysmon keeps between loops (proc.go:sysmon locals).
type sysmonState struct {
	m         *M
	idle      int
	delay     Duration // µs in the runtime; ns here
	lasttrace Time
	starttime Time // schedtrace's first call
	gen       uint32
	deep      bool // in the deep sleep (sched.sysmonwait)
}

// startSysmon creates the sysmon thread (proc.go:main → newm(sysmon, nil)).
func (s *Sim) startSysmon() {
	m := s.allocm()
	m.sysMon = true
	m.state = MSysmon
	s.sysmon.m = m
	var e Event
	s.emit(e.mCreateRuntime(mid(m), MCreateSysmon))
	// sysmon counts itself in nmsys (proc.go:sysmon).
	s.sched.nmsys++
	s.schedule(s.now+s.threadStart(), actSysmon, m, 0, -1)
}

// sysmonSleep computes the next delay and sleeps (proc.go:sysmon): 20µs
// while it finds work, doubling after 50 idle loops, at most 10ms.
func (s *Sim) sysmonSleep() {
	st := &s.sysmon
	if st.idle == 0 {
		st.delay = 20 * Microsecond
	} else if st.idle > 50 {
		st.delay *= 2
	}
	if st.delay > 10*Millisecond {
		st.delay = 10 * Millisecond
	}
	s.schedule(s.now+s.usleepFor(st.delay), actSysmon, st.m, 0, 0)
}

// sysmonLoop is one iteration of sysmon after its usleep.
func (s *Sim) sysmonLoop() {
	st := &s.sysmon
	if st.delay == 0 {
		// The thread just started: sysmon begins with usleep(20).
		st.delay = 20 * Microsecond
		s.sysmonSleep()
		return
	}
	var e Event
	s.emit(e.sysmonWake(mid(st.m), st.delay, int64(st.idle), false))
	s.reschedPoint(0) // sysmon's wake-up lets the kernel look at a CPU
	// Deep sleep when nothing runs: all Ps idle (and no schedtrace).
	if s.cfg.Debug.SchedTrace <= 0 && (s.sched.gcwaiting || s.sched.npidle == s.procs) {
		next := s.timeSleepUntil()
		if next == 0 || next > s.now {
			sleep := Time(60 * Second) // forcegcperiod/2
			if next != 0 && next-s.now < sleep {
				sleep = next - s.now
			}
			s.sched.sysmonwait = true
			st.deep = true
			st.gen++
			var e Event
			s.emit(e.sysmonSleep(mid(st.m), s.now+sleep))
			s.schedule(s.now+sleep, actSysmonDeep, st.m, st.gen, 0)
			return
		}
	}
	s.sysmonWork()
}

// wakeSysmon ends sysmon's deep sleep early (notewakeup(&sched.sysmonnote)).
func (s *Sim) wakeSysmon() {
	if !s.sched.sysmonwait || !s.sysmon.deep {
		return
	}
	s.sched.sysmonwait = false
	s.sysmon.gen++
	s.schedule(s.now+s.futexWake(), actSysmonDeep, s.sysmon.m, s.sysmon.gen, 1)
}

func (s *Sim) sysmonDeepDone(woken bool) {
	st := &s.sysmon
	st.deep = false
	s.sched.sysmonwait = false
	if woken {
		st.idle = 0
		st.delay = 20 * Microsecond
	}
	var e Event
	s.emit(e.sysmonWake(mid(st.m), st.delay, int64(st.idle), true))
	s.sysmonWork()
}

// sysmonWork is the body of a sysmon loop: poll the network if nobody did
// for 10ms, retake Ps, print schedtrace (proc.go:sysmon).
func (s *Sim) sysmonWork() {
	st := &s.sysmon
	now := s.nanotime()
	if s.sched.netpollInited && s.sched.lastpoll != 0 && s.sched.lastpoll+Time(10*Millisecond) < now {
		s.sched.lastpoll = now
		list := s.netpoll(nil, PollSysmon)
		if len(list) > 0 {
			s.injectglist(nil, list)
		}
	}
	if s.retake(now) != 0 {
		st.idle = 0
	} else {
		st.idle++
	}
	if s.cfg.Debug.SchedTrace > 0 && (st.lasttrace == 0 || st.lasttrace+Time(s.cfg.Debug.SchedTrace)*Time(Millisecond) <= now) {
		st.lasttrace = now
		s.schedtrace(s.cfg.Debug.SchedDetail)
	}
	if s.exited {
		return
	}
	s.sysmonSleep()
}

// retake preempts Gs that ran 10ms and takes Ps from Gs in system calls
// (proc.go:retake, docs/spec/runtime-facts.md §15.3). It returns how many Ps it took from
// syscalls.
func (s *Sim) retake(now Time) int {
	n := 0
	for _, pp := range s.allp {
		if pp.status != Prunning && pp.status != Psyscall {
			continue
		}
		pd := &pp.sysmontick
		sysretake := false
		// Preempt G if it's running on the same schedtick for too long.
		if pd.schedtick != pp.schedtick {
			pd.schedtick = pp.schedtick
			pd.schedwhen = now
		} else if pd.schedwhen+Time(forcePreemptNS) <= now {
			s.preemptone(pp)
			// In case of syscall, preemptone() doesn't work, so retake.
			sysretake = true
		}
		if !s.inSyscall(pp) {
			continue
		}
		// The first sighting of this syscall: remember it, don't take.
		if !sysretake && pd.syscalltick != pp.syscalltick {
			pd.syscalltick = pp.syscalltick
			pd.syscallwhen = now
			continue
		}
		// Don't take a P with no local work while others can pick up
		// new work, unless the syscall is 10ms old.
		if pp.runqempty() && s.sched.nmspinning+s.sched.npidle > 0 && pd.syscallwhen+Time(10*Millisecond) > now {
			continue
		}
		n++
		s.takePFromSyscall(pp)
	}
	return n
}
