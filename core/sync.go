package core

// mutex is a sync.Mutex in normal and starvation mode
// (internal/sync/mutex.go). Waiters queue on its semaphore FIFO; a G that
// was woken and lost the race requeues at the head (semacquire lifo). After
// a waiter has waited 1ms the mutex starves: Unlock hands it over directly
// and the unlocker yields (sema.go:semrelease1 handoff → goyield).
type mutex struct {
	locked   bool
	woken    bool
	starving bool
	waiters  []*G
}

// starvationThresholdNs is internal/sync/mutex.go:starvationThresholdNs.
const starvationThresholdNs = 1 * Millisecond

// NewMutex makes a sync.Mutex; its id is what OpLock/OpUnlock take.
func (s *Sim) NewMutex() int64 {
	s.objs.mus = append(s.objs.mus, &mutex{})
	return int64(len(s.objs.mus))
}

func (s *Sim) mutexByID(id int64) *mutex {
	if id <= 0 || id > int64(len(s.objs.mus)) {
		return nil
	}
	return s.objs.mus[id-1]
}

// lock tries to take the mutex for g; it reports whether g parked.
// Active spinning (sync_runtime_canSpin) is not modelled.
func (s *Sim) lock(m *M, g *G, id int64) bool {
	mu := s.mutexByID(id)
	if mu == nil {
		s.panicG(g, "invalid mutex")
		return true
	}
	retry := g.mutexRetry
	g.mutexRetry = false
	if !mu.locked && !mu.starving {
		mu.locked = true
		if retry {
			mu.woken = false
		}
		g.waitStart = 0
		return false
	}
	if g.waitStart == 0 {
		g.waitStart = s.now
		mu.waiters = append(mu.waiters, g)
	} else {
		// Woken but beaten to it: back to the head of the queue.
		mu.waiters = append([]*G{g}, mu.waiters...)
		if retry {
			mu.woken = false
		}
		if s.now-g.waitStart > Time(starvationThresholdNs) {
			mu.starving = true
		}
	}
	s.gopark(m, g, WaitSyncMutexLock, LocWait, id)
	return true
}

// unlock releases the mutex. It reports whether the unlocker yielded its P
// (starvation hand-off).
func (s *Sim) unlock(m *M, g *G, id int64) bool {
	mu := s.mutexByID(id)
	if mu == nil || !mu.locked {
		// sync.Mutex.unlockSlow calls fatal (runtime.sync_fatal): an
		// unrecoverable "fatal error:", not a panic.
		s.fatalThrow("sync: unlock of unlocked mutex")
		return true
	}
	mu.locked = false
	if len(mu.waiters) == 0 {
		return false
	}
	if mu.starving {
		w := mu.waiters[0]
		mu.waiters = mu.waiters[1:]
		mu.locked = true
		if len(mu.waiters) == 0 || s.now-w.waitStart < Time(starvationThresholdNs) {
			mu.starving = false
		}
		w.waitStart = 0
		w.res = Result{}
		s.ready(m, g, w, true)
		// goyield: the unlocker goes to its own P's queue tail so the
		// waiter runs next.
		s.goyield(m, g)
		return true
	}
	if mu.woken {
		return false
	}
	w := mu.waiters[0]
	mu.waiters = mu.waiters[1:]
	mu.woken = true
	w.mutexRetry = true
	s.ready(m, g, w, true)
	return false
}

// goyield puts g at the tail of its own P's queue and schedules
// (proc.go:goyield_m).
func (s *Sim) goyield(m *M, g *G) {
	pp := m.p
	s.casgstatus(g, Grunning, Grunnable, LocInFlight, nil)
	s.dropg(m)
	var e Event
	s.emit(e.goSched(g.ID, mid(m), pp.ID, DestRunqTail))
	s.runqput(pp, g, false)
	s.scheduleM(m)
}

// waitGroup is a sync.WaitGroup (sync/waitgroup.go).
type waitGroup struct {
	count   int64
	waiters []*G
}

// NewWaitGroup makes a sync.WaitGroup; its id is what OpWGAdd/OpWGWait take.
func (s *Sim) NewWaitGroup() int64 {
	s.objs.wgs = append(s.objs.wgs, &waitGroup{})
	return int64(len(s.objs.wgs))
}

func (s *Sim) wgByID(id int64) *waitGroup {
	if id <= 0 || id > int64(len(s.objs.wgs)) {
		return nil
	}
	return s.objs.wgs[id-1]
}

// wgAdd adds delta; at zero every waiter is released, one semrelease each
// in FIFO order, each readied into runnext and kicking the previous one
// (sync/waitgroup.go:Add, sema.go:semrelease1).
func (s *Sim) wgAdd(m *M, g *G, id, delta int64) {
	wg := s.wgByID(id)
	if wg == nil {
		s.panicG(g, "invalid WaitGroup")
		return
	}
	wg.count += delta
	if wg.count < 0 {
		s.opPanic(g, "sync: negative WaitGroup counter")
		return
	}
	if wg.count > 0 || len(wg.waiters) == 0 {
		return
	}
	ws := wg.waiters
	wg.waiters = nil
	for _, w := range ws {
		s.ready(m, g, w, true)
	}
}

// wgWait parks g until the counter is zero; it reports whether g parked.
func (s *Sim) wgWait(m *M, g *G, id int64) bool {
	wg := s.wgByID(id)
	if wg == nil {
		s.panicG(g, "invalid WaitGroup")
		return true
	}
	if wg.count == 0 {
		return false
	}
	wg.waiters = append(wg.waiters, g)
	s.gopark(m, g, WaitSyncWaitGroupWait, LocWait, id)
	return true
}
