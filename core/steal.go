package core

// stealTries is the number of passes stealWork makes over all Ps
// (proc.go:stealWork). Timers and runnext are only taken in the last.
const stealTries = 4

// stealWork tries to steal a batch of Gs or run another P's timers
// (proc.go:stealWork, docs/spec/runtime-facts.md §6). It reports the earliest timer seen
// on other Ps, whether new work appeared (a timer ran), and whether m went to
// sleep for runqgrab's usleep(3) and will come back.
func (s *Sim) stealWork(m *M) (g *G, inherit bool, src Reason, pollUntil Time, newWork, slept bool) {
	pp := m.p
	ranTimer := false
	for i := 0; i < stealTries; i++ {
		stealTimersOrRunNextG := i == stealTries-1
		for enum := s.stealOrder.start(m.rng.next()); !enum.done(); enum.next() {
			if s.sched.gcwaiting {
				return nil, false, RNone, 0, true, false
			}
			p2 := s.allp[enum.position()]
			if pp == p2 {
				continue
			}
			// Steal timers from p2 in the last round: whatever they ready
			// lands on the thief's queues.
			if stealTimersOrRunNextG && p2.timers.len() > 0 {
				tnow := s.now
				w, ran := s.runTimers(m, pp, p2, tnow)
				if w != 0 && (pollUntil == 0 || w < pollUntil) {
					pollUntil = w
				}
				if ran {
					if g, inh := s.runqget(pp); g != nil {
						return g, inh, SrcTimer, pollUntil, false, false
					}
					ranTimer = true
				}
			}
			// "Don't bother to attempt to steal if p2 is idle": idle means
			// on the idle list (idlepMask), not _Pidle: a P released to an
			// M that is being woken or started holds work to steal
			// (proc.go:stealWork).
			if !p2.idleMask {
				if g, sl := s.runqsteal(m, pp, p2, stealTimersOrRunNextG, i); g != nil || sl {
					return g, false, SrcSteal, pollUntil, false, sl
				}
			}
		}
	}
	return nil, false, RNone, pollUntil, ranTimer, false
}

// runqsteal steals half of p2's queue into pp's and returns the last G taken
// to run (proc.go:runqsteal, runqgrab). The runnext G is taken only when
// stealRunNextG and the queue is empty, after a 3µs sleep if p2 is running
// and its M is not in a syscall.
func (s *Sim) runqsteal(m *M, pp, p2 *P, stealRunNextG bool, round int) (*G, bool) {
	n := p2.runqLen()
	n = n - n/2
	if n == 0 {
		if !stealRunNextG || p2.runnext == nil {
			return nil, false
		}
		if p2.status == Prunning && !m.slept3us {
			if c := p2.m; c != nil && (c.curg == nil || c.curg.status != Gsyscall) {
				// "Sleep to ensure that pp isn't about to run the g we are
				// about to steal" (proc.go:runqgrab): usleep(3), then look
				// again from the top of findRunnable.
				m.slept3us = true
				m.state = MSleeping
				m.gen++
				var e Event
				s.emit(e.mSleep(mid(m), pp.ID, p2.ID, 3*Microsecond))
				s.schedule(s.now+s.usleepFor(3*Microsecond)+s.loadWait(false), actSleepDone, m, m.gen, 0)
				return nil, true
			}
		}
		g := p2.runnext
		p2.runnext = nil
		m.slept3us = false
		setLoc(g, LocInFlight, nil)
		var e Event
		s.emit(e.steal(mid(m), pp.ID, p2.ID, g.ID, 1, int64(round+1), true))
		return g, false
	}
	m.slept3us = false
	// Take n from the victim's head; run the last one taken.
	batch := make([]*G, n)
	for i := range batch {
		batch[i] = p2.popHead()
	}
	g := batch[n-1]
	setLoc(g, LocInFlight, nil)
	for _, x := range batch[:n-1] {
		pp.pushTail(x)
		setLoc(x, LocRunq, pp)
	}
	var e Event
	s.emit(e.steal(mid(m), pp.ID, p2.ID, g.ID, int64(n), int64(round+1), false))
	return g, false
}
