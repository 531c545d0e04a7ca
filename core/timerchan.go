package core

import "fmt"

// Timers of package time: time.NewTimer, After, NewTicker, Tick and
// AfterFunc (runtime/time.go, time/sleep.go, time/tick.go).
//
// A timeTimer is the runtime state behind a *time.Timer or *time.Ticker
// (time.go:timeTimer). While it sits in a P's heap it has a heap entry, a
// timer of timer.go whose when is the heap's copy (time.go:timerWhen): a
// Stop or Reset only marks the timer (timerZombie, timerModified) and the
// P that owns the heap fixes the entry up later (timers.cleanHead,
// timers.adjust, timers.run), exactly as the runtime defers it; until then
// the stale entry still decides when that P wakes.
//
// Go 1.23 made channel timers synchronous (Features.SyncTimerChan, the
// default GODEBUG asynctimerchan=0): the channel has a one-slot buffer in
// the runtime but behaves as unbuffered (len and cap are 0, Stop and Reset
// discard a value not yet received), and the timer is in a heap only
// while some goroutine is blocked on the channel (timer.needsAdd:
// !t.isChan || t.blocked > 0). A G that blocks on it puts it on the heap
// of its own P (blockTimerChan → maybeAdd); a receive that finds it
// expired but never run runs it on the spot (timer.maybeRunChan). Before
// 1.23 a channel timer was always in the heap and its send filled the
// buffer.
type timeTimer struct {
	id     int64
	when   Time     // t.when: the next firing; 0 when stopped or fired
	period Duration // > 0: a Ticker
	isChan bool     // a synchronous channel timer (t.isChan)
	c      *hchan   // the channel of a Timer or Ticker; nil for AfterFunc
	// A channel timer sends val(when) if val is set, else the Time.
	val func(Time) any
	// An AfterFunc timer starts a G named name at each firing, running
	// mk() if set, else body.
	name string
	mk   func() Program
	body []Op

	blocked int32 // Gs blocked on the channel (t.blocked)
	// State bits (time.go: timerHeaped, timerModified, timerZombie).
	heaped, modified, zombie bool
	ht                       *timer // the heap entry while heaped
}

// timerKind is the Reason that tells timer events of package time apart
// from sleep timers.
func (tt *timeTimer) kind() Reason {
	if tt.c == nil {
		return TimerFunc
	}
	return TimerChan
}

// timerByID returns the timer with id, or nil.
func (s *Sim) timerByID(id int64) *timeTimer {
	if id <= 0 || id > int64(len(s.objs.timers)) {
		return nil
	}
	return s.objs.timers[id-1]
}

// timerWhen is when(d) of time/sleep.go: now + d, or now if d <= 0.
func (s *Sim) timerWhen(d Duration) Time {
	if d <= 0 {
		return s.now
	}
	return s.now + Time(d)
}

// doTimerOp performs OpNewTimer, OpTimerStop and OpTimerReset for g on m.
func (s *Sim) doTimerOp(m *M, g *G, op *Op) (Duration, bool) {
	switch op.Kind {
	case OpNewTimer:
		tt := s.newTimeTimer(m, op)
		g.res = Result{Obj: tt.id}
		if tt.c != nil {
			g.res.N = tt.c.id
		}
	case OpTimerStop:
		if tt := s.timerByID(op.Obj); tt != nil {
			g.res = Result{Ok: s.timerStop(m, tt)}
		}
	case OpTimerReset:
		if tt := s.timerByID(op.Obj); tt != nil {
			period := Duration(op.N)
			if period < 0 {
				period = 0
			}
			g.res = Result{Ok: s.timerModify(m, tt, s.timerWhen(op.D), period)}
		}
	default:
		panic(fmt.Sprintf("core.doTimerOp: op %v", op.Kind))
	}
	return s.costs.Op + s.netpollInitCost(), true
}

// newTimeTimer makes a Timer, Ticker or AfterFunc timer and arms it
// (time.go:newTimer → t.modify). A channel timer gets a channel with a
// one-slot buffer (time/sleep.go:NewTimer: make(chan Time, 1)).
func (s *Sim) newTimeTimer(m *M, op *Op) *timeTimer {
	tt := &timeTimer{id: int64(len(s.objs.timers) + 1)}
	s.objs.timers = append(s.objs.timers, tt)
	if op.Name != "" {
		tt.name, tt.body = op.Name, op.Body
		tt.mk, _ = op.Val.(func() Program)
	} else {
		c := s.chanByID(s.NewChan(1))
		tt.c = c
		tt.val, _ = op.Val.(func(Time) any)
		if s.ver.SyncTimerChan {
			// time/sleep.go:syncTimer hands the runtime the channel:
			// newTimer sets t.isChan and c.timer.
			tt.isChan = true
			c.timer = tt
		}
	}
	period := Duration(op.N)
	if period < 0 {
		period = 0
	}
	s.timerModify(m, tt, s.timerWhen(op.D), period)
	return tt
}

// needsAdd reports whether tt must go on a heap (time.go:timer.needsAdd).
func (tt *timeTimer) needsAdd() bool {
	return !tt.heaped && tt.when > 0 && (!tt.isChan || tt.blocked > 0)
}

// timerModify re-arms tt to fire at when, then every period
// (time.go:timer.modify; Reset). It reports whether tt was active: armed,
// or, for a channel timer, holding a value nobody received, which it
// discards (timerchandrain).
func (s *Sim) timerModify(m *M, tt *timeTimer, when Time, period Duration) bool {
	tt.period = period
	pending := tt.when > 0
	tt.when = when
	wake := false
	if tt.heaped {
		pp := tt.ht.p
		tt.modified = true
		if tt.zombie {
			// In the heap but marked for removal by a Stop: it runs again.
			pp.timers.zombies--
			tt.zombie = false
		}
		// The heap entry keeps its old when until the P adjusts it;
		// minWhenModified makes the P wake in time.
		if mw := pp.timers.minWhenModified; mw == 0 || when < mw {
			wake = true
			pp.timers.minWhenModified = when
		}
		s.emitTimerMod(m, tt)
	}
	add := tt.needsAdd()
	if tt.isChan && s.timerchandrain(tt.c) {
		pending = true
	}
	if add {
		s.maybeAdd(m, tt)
	}
	if wake {
		s.wakeNetPoller(when)
	}
	return pending
}

// timerStop stops tt (time.go:timer.stop). A heaped timer stays where it is,
// marked as a zombie, until the P that owns the heap removes it. It reports
// whether tt was stopped before it fired; for a channel timer a value sent
// but not received counts as not fired, and is discarded.
func (s *Sim) timerStop(m *M, tt *timeTimer) bool {
	if tt.heaped {
		tt.modified = true
		if !tt.zombie {
			tt.zombie = true
			tt.ht.p.timers.zombies++
		}
	}
	pending := tt.when > 0
	tt.when = 0
	if tt.heaped {
		s.emitTimerMod(m, tt)
	}
	if tt.isChan && s.timerchandrain(tt.c) {
		pending = true
	}
	return pending
}

// timerchandrain empties a timer channel's buffer and reports whether it
// held a value (chan.go:timerchandrain).
func (s *Sim) timerchandrain(c *hchan) bool {
	if len(c.buf) == 0 {
		return false
	}
	for i := range c.buf {
		c.buf[i] = nil
	}
	c.buf = c.buf[:0]
	return true
}

// maybeAdd puts tt on the heap of m's P if it needs to be in one, after
// cleaning that heap's head; if it is now the earliest, the poller or a
// spinning M must notice (time.go:timer.maybeAdd).
func (s *Sim) maybeAdd(m *M, tt *timeTimer) {
	pp := m.p
	if pp == nil {
		panic(fmt.Sprintf("core.maybeAdd: M%d has no P", m.ID))
	}
	s.cleanHead(m, pp)
	if !tt.needsAdd() {
		return
	}
	tt.heaped = true
	wt := pp.timers.wakeTime()
	wake := wt == 0 || tt.when < wt
	t := &timer{when: tt.when, tt: tt}
	tt.ht = t
	s.addHeap(pp, t)
	var e Event
	s.emit(e.timeTimerAdd(mid(m), pp.ID, -1, tt.kind(), tt.id, tt.when))
	if wake {
		s.wakeNetPoller(tt.when)
	}
}

// addHeap pushes a heap entry on pp's heap (time.go:timers.addHeap).
func (s *Sim) addHeap(pp *P, t *timer) {
	if !s.sched.netpollInited {
		// Timers need the netpoller to sleep until they are due
		// (timers.addHeap calls netpollGenericInit: epoll_create1,
		// eventfd, epoll_ctl). With measured timing the M pays for it,
		// and for the timer code run for the first time: see
		// netpollInitCost.
		s.sched.netpollInited = true
		s.pollInitCost = s.timerInitFor()
	}
	s.seq++
	t.seq = s.seq
	t.p = pp
	pp.timers.push(t)
}

// emitTimerMod reports that heaped timer tt was changed in place: its new
// when (0: stopped) and whether it is marked for removal.
func (s *Sim) emitTimerMod(m *M, tt *timeTimer) {
	var e Event
	s.emit(e.timerMod(mid(m), tt.ht.p.ID, tt.kind(), tt.id, tt.when, tt.zombie))
}

// dropFromHeap forgets the heap entry of a zombie that its P removed and
// reports it (EvTimerDel); m is the M that did it, if any.
func (s *Sim) dropFromHeap(m *M, pp *P, tt *timeTimer) {
	pp.forgetZombie(tt)
	s.emitTimerDel(m, pp, tt)
}

// forgetZombie clears the heap state of a zombie whose entry left pp's heap.
func (pp *P) forgetZombie(tt *timeTimer) {
	tt.heaped, tt.zombie, tt.modified = false, false, false
	tt.ht = nil
	pp.timers.zombies--
}

func (s *Sim) emitTimerDel(m *M, pp *P, tt *timeTimer) {
	var e Event
	s.emit(e.timerDel(mid(m), pp.ID, tt.kind(), tt.id))
}

// deleteMin removes pp's earliest entry (time.go:timers.deleteMin).
func (pp *P) deleteMin() *timer {
	t := pp.timers.remove(0)
	if pp.timers.len() == 0 {
		// No timers, so no modified timers either.
		pp.timers.minWhenModified = 0
	}
	return t
}

// updateHeap applies the state of the timer at the head of pp's heap to its
// entry: a zombie leaves the heap, a modified timer's entry takes its new
// when and sinks into place. It reports whether the head changed
// (time.go:timer.updateHeap).
func (s *Sim) updateHeap(m *M, pp *P) bool {
	t := pp.timers.h[0]
	tt := t.tt
	if tt == nil {
		return false
	}
	if tt.zombie {
		pp.deleteMin()
		s.dropFromHeap(m, pp, tt)
		return true
	}
	if tt.modified {
		tt.modified = false
		t.when = tt.when
		pp.timers.down(0)
		return true
	}
	return false
}

// cleanHead removes zombies from the tail and from the head of pp's heap,
// and settles a modified head, so that the heap does not fill up with
// stopped timers (time.go:timers.cleanHead).
func (s *Sim) cleanHead(m *M, pp *P) {
	th := &pp.timers
	for th.len() > 0 {
		// Zombies at the tail go without any heap adjustment.
		n := th.len()
		if t := th.h[n-1]; t.tt != nil && t.tt.zombie {
			th.remove(n - 1)
			s.dropFromHeap(m, pp, t.tt)
			continue
		}
		t := th.h[0]
		if t.tt == nil || !t.tt.modified && !t.tt.zombie {
			return // the head needs no adjustment
		}
		if !s.updateHeap(m, pp) {
			return
		}
	}
}

// adjustTimers moves modified timers to their place and removes zombies, if
// the earliest modification is due or force says so (time.go:timers.adjust).
// The runtime fixes the slice up and re-heapifies it (initHeap); here each
// entry is sifted into place, which pops the timers in the same order (the
// heap order, by when then by insertion, is total) and lets each removal be
// reported with the heap in order.
func (s *Sim) adjustTimers(m *M, pp *P, now Time, force bool) {
	th := &pp.timers
	if !force {
		if first := th.minWhenModified; first == 0 || first > now {
			return
		}
	}
	th.minWhenModified = 0
	var zombies, modified []*timer
	for _, t := range th.h {
		switch tt := t.tt; {
		case tt == nil:
		case tt.zombie:
			zombies = append(zombies, t)
		case tt.modified:
			modified = append(modified, t)
		}
	}
	for _, t := range modified {
		t.tt.modified = false
		t.when = t.tt.when
		th.fix(t.idx)
	}
	for _, t := range zombies {
		th.remove(t.idx)
		s.dropFromHeap(m, pp, t.tt)
	}
}

// fix restores the heap order after the entry at i changed its when.
func (th *timerHeap) fix(i int) {
	t := th.h[i]
	th.down(i)
	th.up(t.idx)
}

// timersCheck runs the expired timers of victim's heap on m, whose P is pp
// (time.go:timers.check). It returns when the next timer is due (0: none)
// and whether any ran. A P cleans its own heap once more than a quarter of
// it is zombies.
func (s *Sim) timersCheck(m *M, pp, victim *P, now Time) (Time, bool) {
	th := &victim.timers
	next := th.wakeTime()
	if next == 0 {
		return 0, false
	}
	force := victim == pp && th.zombies > th.len()/4
	if now < next && !force {
		return next, false
	}
	var pollUntil Time
	ran := false
	if th.len() > 0 {
		s.adjustTimers(m, victim, now, false)
		for th.len() > 0 {
			if tw := s.timersRun(m, pp, victim, now); tw != 0 {
				if tw > 0 {
					pollUntil = tw
				}
				break
			}
			ran = true
		}
		if victim == pp && th.zombies > th.len()/4 {
			s.adjustTimers(m, victim, now, true)
		}
	}
	return pollUntil, ran
}

// timersRun looks at the head of victim's heap: it settles a zombie or a
// modified head, and runs the timer if it is due. It returns 0 if a timer
// ran, -1 if the heap is empty, otherwise when the head is due
// (time.go:timers.run).
func (s *Sim) timersRun(m *M, pp, victim *P, now Time) Time {
	th := &victim.timers
	for {
		if th.len() == 0 {
			return -1
		}
		t := th.h[0]
		tt := t.tt
		if (tt == nil || !tt.modified && !tt.zombie) && t.when > now {
			return t.when // fast path: not ready
		}
		if s.updateHeap(m, victim) {
			continue
		}
		if tt == nil {
			s.runSleepTimer(m, pp, victim)
			return 0
		}
		if tt.when > now {
			return tt.when
		}
		s.runTimeTimer(m, pp, victim, tt, now)
		return 0
	}
}

// runSleepTimer fires the sleep timer at the head of victim's heap: its G is
// readied into pp's runnext, so the last to fire runs first (docs/spec/runtime-facts.md
// §9.3; time.go:goroutineReady).
func (s *Sim) runSleepTimer(m *M, pp, victim *P) {
	t := victim.deleteMin()
	g := t.g
	g.timer = nil
	setLoc(g, LocWait, nil)
	var e Event
	s.emit(e.sleepTimerFire(g.ID, mid(m), pp.ID, victim.ID))
	s.ready(m, nil, g, true)
}

// runTimeTimer fires tt on m, whose P is pp; victim is the P whose heap
// holds it, or nil when a receive runs it (time.go:timer.unlockAndRun). A
// Ticker moves on by whole periods, skipping those it missed; a one-shot
// timer leaves the heap. Then the timer's function runs: sendTime or goFunc.
func (s *Sim) runTimeTimer(m *M, pp, victim *P, tt *timeTimer, now Time) {
	fired := tt.when
	var next Time
	if tt.period > 0 {
		delay := now - tt.when
		next = tt.when + Time(tt.period)*(1+delay/Time(tt.period))
	}
	tt.when = next
	heap := int32(-1)
	if tt.heaped {
		// tt is the head of victim's heap with no pending change
		// (timers.run settled it): timerModified, plus timerZombie for a
		// one-shot, then updateHeap.
		heap = victim.ID
		if next == 0 {
			victim.deleteMin()
			tt.heaped = false
			tt.ht = nil
		} else {
			tt.ht.when = next
			victim.timers.down(0)
		}
	}
	var e Event
	s.emit(e.timeTimerFire(mid(m), pid(pp), heap, tt.kind(), tt.id, next))
	if tt.c != nil {
		s.sendTime(m, tt, fired)
		return
	}
	s.goFunc(m, tt)
}

// sendTime sends the time the timer was due on its channel without
// blocking: a waiting receiver gets it and is readied into the runnext of
// the P running the timer; otherwise it fills the buffer, if empty
// (time/sleep.go:sendTime: select { case c <- Now().Add(-delta): default: }).
func (s *Sim) sendTime(m *M, tt *timeTimer, when Time) {
	c := tt.c
	if c.closed {
		return
	}
	var v any = when
	if tt.val != nil {
		v = tt.val(when)
	}
	if sg := dequeue(&c.recvq); sg != nil {
		s.wakeSudog(m, nil, sg, Result{Val: v, Ok: true})
		return
	}
	if len(c.buf) < c.cap {
		c.buf = append(c.buf, v)
	}
}

// goFunc starts the AfterFunc's goroutine from the M running timers: newproc
// puts it in that P's runnext (time/sleep.go:goFunc: go arg.(func())()).
func (s *Sim) goFunc(m *M, tt *timeTimer) {
	var prog Program
	if tt.mk != nil {
		prog = tt.mk()
	}
	if prog == nil {
		prog = Ops(tt.body...)
	}
	s.goFuncTimer = tt.id
	s.newproc(m, nil, prog, tt.name, "", false)
	s.goFuncTimer = 0
}

// maybeRunChan runs a channel timer that expired while it was in no heap
// (nobody was blocked on it), so that a receive finds its value
// (time.go:timer.maybeRunChan, called by chanrecv and selectgo).
func (s *Sim) maybeRunChan(m *M, tt *timeTimer) {
	if tt.heaped || tt.when == 0 || tt.when > s.now {
		// In a heap the timer code sends when due; or not armed, or not due.
		return
	}
	s.runTimeTimer(m, m.p, nil, tt, s.now)
}

// blockTimerChan is called when g is about to block on timer channel c: the
// timer must be in a heap, and goes on the heap of g's P if it is not in one
// (time.go:blockTimerChan). A zombie left by the last G that stopped waiting
// is revived. g undoes it when it runs again (unblockTimerChans).
func (s *Sim) blockTimerChan(m *M, g *G, c *hchan) {
	tt := c.timer
	tt.blocked++
	g.timerChans = append(g.timerChans, c)
	if tt.heaped && tt.zombie && tt.when > 0 {
		tt.zombie = false
		tt.ht.p.timers.zombies--
		s.emitTimerMod(m, tt)
	}
	if tt.needsAdd() {
		s.maybeAdd(m, tt)
	}
}

// unblockTimerChans runs when g, woken from a receive or select on timer
// channels, runs again: when nobody waits on a timer any more it is marked
// for removal from its heap, keeping its when (time.go:unblockTimerChan,
// from chanrecv after gopark and selectgo's pass 3).
func (s *Sim) unblockTimerChans(m *M, g *G) {
	for i, c := range g.timerChans {
		g.timerChans[i] = nil
		tt := c.timer
		tt.blocked--
		if tt.blocked < 0 {
			panic(fmt.Sprintf("core.unblockTimerChans: timer %d unblocked more than blocked", tt.id))
		}
		if tt.blocked == 0 && tt.heaped && !tt.zombie {
			tt.zombie = true
			tt.ht.p.timers.zombies++
			s.emitTimerMod(m, tt)
		}
	}
	g.timerChans = g.timerChans[:0]
}

// takeTimers moves the timers of a destroyed P to cur: zombies are dropped,
// the others take their current when (time.go:timers.take).
func (s *Sim) takeTimers(pp, cur *P) {
	for pp.timers.len() > 0 {
		t := pp.timers.remove(0)
		if tt := t.tt; tt != nil && tt.zombie {
			s.dropFromHeap(nil, pp, tt)
			continue
		}
		var e Event
		if tt := t.tt; tt != nil {
			tt.modified = false
			t.when = tt.when
			e.timeTimerAdd(-1, cur.ID, pp.ID, tt.kind(), tt.id, t.when)
		} else {
			t.g.locP = cur
			e.sleepTimerAdd(t.g.ID, cur.ID, pp.ID, t.when)
		}
		s.addHeap(cur, t)
		s.emit(&e)
	}
	pp.timers.zombies = 0
	pp.timers.minWhenModified = 0
}

// checkTimeTimers checks the timers of package time (invariant I16): a
// heaped timer's entry is on its P's heap, the zombie counts agree, an
// entry without pending changes has the timer's when, and a modified one
// is covered by minWhenModified.
func (s *Sim) checkTimeTimers() error {
	for _, pp := range s.allp {
		z := 0
		for _, t := range pp.timers.h {
			tt := t.tt
			if tt == nil {
				continue
			}
			if !tt.heaped || tt.ht != t || t.p != pp {
				return fmt.Errorf("I16: timer %d misfiled on P%d", tt.id, pp.ID)
			}
			if tt.zombie {
				z++
				continue
			}
			if tt.modified {
				if mw := pp.timers.minWhenModified; mw == 0 || mw > tt.when {
					return fmt.Errorf("I16: timer %d on P%d modified to %d but minWhenModified is %d", tt.id, pp.ID, tt.when, mw)
				}
			} else if t.when != tt.when {
				return fmt.Errorf("I16: timer %d on P%d has entry %d but when %d", tt.id, pp.ID, t.when, tt.when)
			}
		}
		if z != pp.timers.zombies {
			return fmt.Errorf("I16: P%d counts %d zombies, has %d", pp.ID, pp.timers.zombies, z)
		}
	}
	for _, tt := range s.objs.timers {
		if tt.heaped {
			if t := tt.ht; t == nil || t.idx < 0 || t.idx >= t.p.timers.len() || t.p.timers.h[t.idx] != t {
				return fmt.Errorf("I16: heaped timer %d is on no heap", tt.id)
			}
		} else if tt.ht != nil || tt.zombie || tt.modified {
			return fmt.Errorf("I16: timer %d in no heap has heap state", tt.id)
		}
		if tt.blocked < 0 {
			return fmt.Errorf("I16: timer %d has %d blocked", tt.id, tt.blocked)
		}
	}
	return nil
}
