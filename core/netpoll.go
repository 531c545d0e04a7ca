package core

// pollDesc is a socket's readiness state (netpoll.go:pollDesc). Only the
// read side is modelled: rg is nil (pdNil), ready (pdReady) or a parked G.
type pollDesc struct {
	fd     int64
	rg     *G
	ready  bool // pdReady: data arrived before anyone waited
	queued bool // an edge event sits in the kernel's ready list
}

// netpollState is the kernel side of the poller (an epoll instance) plus
// who is blocked in it.
type netpollState struct {
	fds     map[int64]*pollDesc
	nextFD  int64
	kready  []int64 // fds with an event not yet collected by epoll_wait
	blocked *M      // the single M blocked in netpoll (sched.lastpoll == 0)
	waking  bool    // a wake-up of the blocked M is under way (netpollWakeSig)
	wasSpin bool    // the blocked M was spinning before it blocked
}

// epollBatch is how many events one epoll_wait returns (netpoll_epoll.go:netpoll).
const epollBatch = 128

// netRead models a read on a socket whose data arrives after d: the G parks
// on the poller unless the data is already there (netpoll.go:netpollblock).
func (s *Sim) netRead(m *M, g *G, d Duration) bool {
	fd := s.newFD()
	pd := &pollDesc{fd: fd}
	s.poll.fds[fd] = pd
	s.schedule(s.now+Time(d), actIOReady, nil, 0, fd)
	if pd.ready {
		delete(s.poll.fds, fd)
		return false
	}
	pd.rg = g
	s.sched.netpollWaiters++
	s.gopark(m, g, WaitIOWait, LocNetpoll, fd)
	return true
}

// netOpen makes a socket registered with the poller whose data comes only
// when some G writes it (OpNetReady): the client end of scene.NetRead's
// loopback connection.
func (s *Sim) netOpen() int64 {
	fd := s.newFD()
	s.poll.fds[fd] = &pollDesc{fd: fd}
	return fd
}

// netWait reads socket fd: the G parks on the poller unless the data is
// already there (netpoll.go:netpollblock). It reports whether g parked.
func (s *Sim) netWait(m *M, g *G, fd int64) bool {
	pd := s.poll.fds[fd]
	if pd == nil || pd.ready {
		delete(s.poll.fds, fd)
		return false
	}
	pd.rg = g
	s.sched.netpollWaiters++
	s.gopark(m, g, WaitIOWait, LocNetpoll, fd)
	return true
}

// netSetupFor is how long a system call of scene.NetRead's connection
// takes (OpNetSetup; cmd/measure-timing's netsetup probe).
func (s *Sim) netSetupFor(step int64) Duration {
	if s.measuredTiming() {
		switch step {
		case NetListen:
			return s.mach.NetListen.sample(&s.trng)
		case NetDial:
			return s.mach.NetDial.sample(&s.trng)
		case NetAccept:
			return s.mach.NetAccept.sample(&s.trng)
		case NetWrite:
			return s.mach.NetWrite.sample(&s.trng)
		default:
			return s.mach.NetClose.sample(&s.trng)
		}
	}
	switch step {
	case NetListen:
		return s.costs.NetListen
	case NetDial:
		return s.costs.NetDial
	default:
		return s.costs.NetSyscall
	}
}

// ioReady: the kernel sees data on fd. The event waits in the ready list
// until some M polls; a blocked poller is woken.
func (s *Sim) ioReady(fd int64) {
	pd := s.poll.fds[fd]
	if pd == nil {
		return
	}
	var e Event
	s.emit(e.ioReady(fd, gid(pd.rg)))
	if !pd.queued {
		pd.queued = true
		s.poll.kready = append(s.poll.kready, fd)
	}
	if s.poll.blocked != nil && !s.poll.waking {
		s.poll.waking = true
		s.schedule(s.now+s.netpollWake()+s.loadWait(false), actNetpollWake, s.poll.blocked, s.poll.blocked.gen, int64(WakeIO))
	}
}

// netpoll collects up to 128 ready events and returns the Gs they unblock,
// last event first (netpoll_epoll.go:netpoll pushes onto a gList).
func (s *Sim) netpoll(m *M, kind Reason) []*G {
	n := len(s.poll.kready)
	if n > epollBatch {
		n = epollBatch
	}
	var list []*G
	for _, fd := range s.poll.kready[:n] {
		pd := s.poll.fds[fd]
		pd.queued = false
		if g := pd.rg; g != nil {
			// netpollunblock: hand the G back with pdReady consumed by it.
			pd.rg = nil
			s.sched.netpollWaiters--
			delete(s.poll.fds, fd)
			list = append(list, g)
		} else {
			pd.ready = true
		}
	}
	s.poll.kready = s.poll.kready[n:]
	if len(s.poll.kready) == 0 {
		s.poll.kready = nil
	}
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	p := int32(-1)
	if m != nil {
		p = pid(m.p)
	}
	var e Event
	s.emit(e.netpoll(mid(m), p, int64(len(list)), kind))
	return list
}

// netpollBlock: m blocks in epoll_wait until pollUntil (0: forever) or an
// event or netpollBreak (proc.go:findRunnable, the blocking netpoll).
func (s *Sim) netpollBlock(m *M, pollUntil Time, wasSpinning bool) {
	m.state = MNetpoll
	m.pollUntil = pollUntil
	m.gen++
	s.poll.blocked = m
	s.poll.waking = false
	s.poll.wasSpin = wasSpinning
	var e Event
	s.emit(e.mNetpoll(mid(m), pollUntil))
	if len(s.poll.kready) > 0 {
		s.poll.waking = true
		s.schedule(s.now, actNetpollWake, m, m.gen, int64(WakeIO))
		return
	}
	if pollUntil != 0 {
		s.schedule(s.now+s.usleepFor(Duration(epollTimeout(pollUntil-s.now)))+s.loadWait(false), actNetpollWake, m, m.gen, int64(WakeTimer))
	}
}

// epollTimeout rounds a delay the way netpoll does for epoll_wait:
// 0 stays 0, under 1ms becomes 1ms, otherwise whole milliseconds, capped
// at 1e9 ms (netpoll_epoll.go:netpoll).
func epollTimeout(delay Time) Time {
	switch {
	case delay <= 0:
		return 0
	case delay < Time(Millisecond):
		return Time(Millisecond)
	case delay < Time(1e9*Millisecond):
		return delay / Time(Millisecond) * Time(Millisecond)
	default:
		return Time(1e9 * Millisecond)
	}
}

// netpollBreak wakes the blocked poller so it recomputes its timeout
// (netpoll_epoll.go:netpollBreak); repeated breaks coalesce.
func (s *Sim) netpollBreak() {
	m := s.poll.blocked
	if m == nil || s.poll.waking {
		return
	}
	s.poll.waking = true
	var e Event
	s.emit(e.netpollBreak(mid(m)))
	s.schedule(s.now+s.netpollWake()+s.loadWait(false), actNetpollWake, m, m.gen, int64(WakeBreak))
}

// netpollWoken: epoll_wait returned for the blocked poller. It takes an idle
// P if it can and runs the first ready G; otherwise everything goes to the
// global queue and the M stops (proc.go:findRunnable after netpoll(delay)).
func (s *Sim) netpollWoken(m *M, cause Reason) {
	m.gen++
	s.poll.blocked = nil
	s.poll.waking = false
	wasSpinning := s.poll.wasSpin
	m.state = MRunning
	var e Event
	s.emit(e.mNetpollWake(mid(m), cause))
	list := s.netpoll(m, PollBlocking)
	s.sched.pollUntil = 0
	s.sched.lastpoll = s.nanotime()
	pp := s.pidleget()
	if pp == nil {
		s.injectglist(nil, list)
		s.stopm(m)
		return
	}
	s.acquirep(m, pp)
	if len(list) > 0 {
		g := list[0]
		s.injectglist(m, list[1:])
		s.casgstatus(g, Gwaiting, Grunnable, LocInFlight, nil)
		g.waitReason = WaitNone
		s.scheduleFound(m, g, false, SrcNetpoll)
		return
	}
	if wasSpinning {
		s.becomeSpinning(m, SpinRecheck)
	}
	s.scheduleM(m)
}

// newFD opens the next descriptor number of the simulated process (0–2 are
// the standard streams) and marks the poller initialised, as the first
// pollDesc does (netpoll.go:netpollGenericInit).
func (s *Sim) newFD() int64 {
	if s.poll.fds == nil {
		s.poll.fds = make(map[int64]*pollDesc)
		s.poll.nextFD = 3
	}
	s.sched.netpollInited = true
	fd := s.poll.nextFD
	s.poll.nextFD++
	return fd
}
