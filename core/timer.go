package core

// timer is an entry of a P's timer heap. A sleep timer readies its G when it
// fires (time.go:timer with f = goroutineReady); the entry of a timer of
// package time points to it (tt, timerchan.go) and its when is the heap's
// copy, which may lag behind a Stop or Reset (time.go:timerWhen).
type timer struct {
	when Time
	seq  uint64 // heap order for equal whens: insertion order
	g    *G
	tt   *timeTimer
	p    *P // the P whose heap holds it
	idx  int
}

// timerHeap is a P's 4-ary min-heap of timers (time.go: timers.heap,
// timerHeapN = 4).
type timerHeap struct {
	h []*timer
	// zombies counts the entries of stopped timers still in h
	// (timers.zombies); minWhenModified is a lower bound of the new whens
	// of modified timers whose entries lag, 0 if none
	// (timers.minWhenModified).
	zombies         int
	minWhenModified Time
}

const timerHeapN = 4

func (th *timerHeap) len() int { return len(th.h) }

func (th *timerHeap) less(a, b *timer) bool {
	if a.when != b.when {
		return a.when < b.when
	}
	return a.seq < b.seq
}

func (th *timerHeap) push(t *timer) {
	t.idx = len(th.h)
	th.h = append(th.h, t)
	th.up(t.idx)
}

func (th *timerHeap) up(i int) {
	h := th.h
	t := h[i]
	for i > 0 {
		p := (i - 1) / timerHeapN
		if !th.less(t, h[p]) {
			break
		}
		h[i] = h[p]
		h[i].idx = i
		i = p
	}
	h[i] = t
	t.idx = i
}

func (th *timerHeap) down(i int) {
	h := th.h
	n := len(h)
	t := h[i]
	for {
		c := i*timerHeapN + 1
		if c >= n {
			break
		}
		best := c
		for k := c + 1; k < c+timerHeapN && k < n; k++ {
			if th.less(h[k], h[best]) {
				best = k
			}
		}
		if !th.less(h[best], t) {
			break
		}
		h[i] = h[best]
		h[i].idx = i
		i = best
	}
	h[i] = t
	t.idx = i
}

// remove deletes the timer at index i.
func (th *timerHeap) remove(i int) *timer {
	h := th.h
	t := h[i]
	last := len(h) - 1
	if i != last {
		h[i] = h[last]
		h[i].idx = i
	}
	h[last] = nil
	th.h = h[:last]
	if i != last {
		th.down(i)
		th.up(i)
	}
	t.idx = -1
	return t
}

// wakeTime is when the P must next look at its heap: the earliest entry
// or the earliest modification, 0 if neither (time.go:timers.wakeTime).
func (th *timerHeap) wakeTime() Time {
	var when Time
	if len(th.h) > 0 {
		when = th.h[0].when
	}
	if next := th.minWhenModified; when == 0 || next != 0 && next < when {
		when = next
	}
	return when
}

// ordered reports whether the heap property holds (for invariants).
func (th *timerHeap) ordered() bool {
	for i := 1; i < len(th.h); i++ {
		if th.less(th.h[i], th.h[(i-1)/timerHeapN]) || th.h[i].idx != i {
			return false
		}
	}
	return len(th.h) == 0 || th.h[0].idx == 0
}

// timeSleep parks g for d: the timer goes on the heap of the P that m holds
// once g is parked (time.go:timeSleep, resetForSleep).
func (s *Sim) timeSleep(m *M, g *G, d Duration) {
	g.sleepWhen = s.now + Time(d)
	pp := m.p
	s.gopark(m, g, WaitSleep, LocWait, 0)
	s.timerAdd(pp, g, g.sleepWhen)
	// resetForSleep runs on m after the park (park_m), before m
	// schedules again.
	m.pending += s.netpollInitCost()
}

// netpollInitCost hands over, once, what starting the netpoller for the
// process's first timer cost (timerInitFor, drawn in addHeap): the caller
// charges it to the M or the G that added the timer.
func (s *Sim) netpollInitCost() Duration {
	d := s.pollInitCost
	s.pollInitCost = 0
	return d
}

// timerAdd puts a timer for g on pp's heap, after cleaning the heap's head;
// if it is due before anything the heap would wake for, the poller or a
// spinning M must notice (time.go:timer.maybeAdd, wakeNetPoller).
func (s *Sim) timerAdd(pp *P, g *G, when Time) {
	s.cleanHead(pp.m, pp)
	wt := pp.timers.wakeTime()
	t := &timer{when: when, g: g}
	g.timer = t
	s.addHeap(pp, t)
	setLoc(g, LocTimer, pp)
	var e Event
	s.emit(e.sleepTimerAdd(g.ID, pp.ID, -1, when))
	if wt == 0 || when < wt {
		s.wakeNetPoller(when)
	}
}

// wakeNetPoller makes sure someone will run a timer due at when: break a
// poller that sleeps longer, or start a spinning M (proc.go:wakeNetPoller).
func (s *Sim) wakeNetPoller(when Time) {
	if s.sched.lastpoll == 0 {
		if s.sched.pollUntil == 0 || s.sched.pollUntil > when {
			s.netpollBreak()
		}
	} else {
		s.wakep()
	}
}

// checkTimers runs pp's expired timers on m (proc.go:checkTimers,
// time.go:timers.check). It returns the next timer's when (0: none).
func (s *Sim) checkTimers(m *M, pp *P) (Time, bool) {
	return s.runTimers(m, pp, pp, s.now)
}

// runTimers runs the expired timers of victim on m, whose P is pp: each
// fired timer readies its G into pp's runnext, so the last to fire runs first
// (docs/spec/runtime-facts.md §9.3). See timersCheck (timerchan.go).
func (s *Sim) runTimers(m *M, pp, victim *P, now Time) (Time, bool) {
	return s.timersCheck(m, pp, victim, now)
}

// checkTimersNoP returns the earliest timer over all Ps, or 0
// (proc.go:checkTimersNoP).
func (s *Sim) checkTimersNoP() Time {
	var next Time
	for _, pp := range s.allp {
		if w := pp.timers.wakeTime(); w != 0 && (next == 0 || w < next) {
			next = w
		}
	}
	return next
}

// timeSleepUntil is the earliest timer anywhere (proc.go:timeSleepUntil).
func (s *Sim) timeSleepUntil() Time { return s.checkTimersNoP() }
