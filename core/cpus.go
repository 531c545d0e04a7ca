package core

import "sort"

// The simulated OS's CPUs (Config.CPUs). With no limit every thread that
// wants to run runs at once, as on an idle machine with a CPU per P. With
// fewer CPUs than threads that want one — GOMAXPROCS above a container's
// CPU quota — the OS runs some and makes the others wait, and every
// osSlice it takes the CPU from the thread that has had it longest and
// gives it to the thread that has waited longest, as the Linux scheduler's
// time slices do (a thread whose slice is over while nobody waits keeps
// the CPU, and a fresh slice starts when it is next taken from a waiter). A thread that waits for a CPU holds on to whatever it
// holds: its P stays _Prunning, its G stays _Grunning, and nothing of the
// Go scheduler sees the wait except that the thread's work stops.
//
// A thread wants a CPU from the moment it has something to do (it starts,
// is woken from a futex, returns from a system call, usleep or
// epoll_wait, or its G's next step is due) until it blocks again: parks,
// sleeps, blocks in epoll_wait or enters a system call other than a
// print's write. sysmon is left out: it runs for microseconds every 20µs
// to 10ms.

// osSlice is the time slice a thread gets when another waits for its CPU:
// drawn from the measured table (two goroutines spinning at GOMAXPROCS=2
// pinned to one CPU with taskset alternate every ~3.9ms here, the kernel's
// 4ms tick; docs/timing.md), or its median with fixed timing.
func (s *Sim) osSlice() Time {
	if !s.measuredTiming() {
		return Time(measured.OSSlice.median())
	}
	return Time(s.mach.OSSlice.sample(&s.trng))
}

// cpuState is the OS side: which threads hold a CPU and which wait.
type cpuState struct {
	n       int  // CPUs; 0 = no limit
	holders []*M // threads on a CPU
	waiting []*M // threads that want one, longest wait first
	tickAt  Time // a pending actOSTick, 0 if none
}

// needsCPU reports whether an action makes its M run.
func (a *action) needsCPU() bool {
	m := a.m
	if m == nil || m.sysMon {
		return false
	}
	switch a.kind {
	case actGOp, actCoopCheck, actMWake, actNetpollWake, actSleepDone, actStealPass:
		return a.gen == m.gen
	case actSignal, actMStart, actSyscallDone:
		return true
	}
	return false
}

// cpuGate runs before an action: it reports false when the action's M has
// no CPU and must wait for one (the action is kept until it has).
func (s *Sim) cpuGate(a action) bool {
	if s.cpu.n == 0 || !a.needsCPU() {
		return true
	}
	m := a.m
	if m.onCPU {
		return true
	}
	if !m.cpuWait && len(s.cpu.holders) < s.cpu.n {
		s.giveCPU(m)
		return true
	}
	if !m.cpuWait {
		m.cpuWait = true
		m.offCPUAt = s.now
		s.cpu.waiting = append(s.cpu.waiting, m)
		s.armOSTick()
	}
	m.stash = append(m.stash, a)
	return false
}

// cpuAfter runs after an action: a thread that blocked gives its CPU up.
func (s *Sim) cpuAfter(m *M) {
	if s.cpu.n == 0 || m == nil || !m.onCPU {
		return
	}
	switch m.state {
	case MRunning:
		return
	case MSyscall:
		if m.sysOnCPU {
			return
		}
	}
	s.takeCPU(m)
	if len(s.cpu.waiting) > 0 {
		w := s.cpu.waiting[0]
		s.cpu.waiting = s.cpu.waiting[1:]
		s.resumeOnCPU(w)
	}
}

func (s *Sim) giveCPU(m *M) {
	m.onCPU = true
	m.onCPUAt = s.now
	m.sliceEnd = s.now + s.osSlice()
	s.cpu.holders = append(s.cpu.holders, m)
}

func (s *Sim) takeCPU(m *M) {
	m.onCPU = false
	for i, h := range s.cpu.holders {
		if h == m {
			s.cpu.holders = append(s.cpu.holders[:i], s.cpu.holders[i+1:]...)
			break
		}
	}
}

// resumeOnCPU gives a waiting thread a CPU: what it was doing goes on,
// shifted by how long it waited. A G computing on it got no work done
// meanwhile.
func (s *Sim) resumeOnCPU(m *M) {
	m.cpuWait = false
	s.giveCPU(m)
	waited := s.now - m.offCPUAt
	if g := m.curg; g != nil && g.computing {
		g.runStart += waited
	}
	st := m.stash
	m.stash = nil
	sort.Slice(st, func(i, j int) bool { return actionQueue(st).less(i, j) })
	for _, a := range st {
		t := a.t + waited
		if t < s.now {
			t = s.now
		}
		s.schedule(t, a.kind, a.m, a.gen, a.arg)
	}
}

func (s *Sim) armOSTick() {
	if s.cpu.tickAt != 0 {
		return
	}
	at := Time(-1)
	for _, h := range s.cpu.holders {
		if at < 0 || h.sliceEnd < at {
			at = h.sliceEnd
		}
	}
	if at < s.now {
		at = s.now
	}
	s.cpu.tickAt = at
	s.schedule(at, actOSTick, nil, 0, 0)
}

// osTick: the time slice of the longest-running threads is over; each
// waiting thread takes the CPU of one of them (to the back of the queue).
func (s *Sim) osTick() {
	s.cpu.tickAt = 0
	for len(s.cpu.waiting) > 0 {
		var victim *M
		for _, h := range s.cpu.holders {
			if h.sliceEnd <= s.now && (victim == nil || h.sliceEnd < victim.sliceEnd) {
				victim = h
			}
		}
		if victim == nil {
			break
		}
		s.preemptThread(victim)
		w := s.cpu.waiting[0]
		s.cpu.waiting = s.cpu.waiting[1:]
		s.resumeOnCPU(w)
		victim.cpuWait = true
		victim.offCPUAt = s.now
		s.cpu.waiting = append(s.cpu.waiting, victim)
	}
	if len(s.cpu.waiting) > 0 {
		s.armOSTick()
	}
}

// preemptThread takes the CPU from m: its pending actions wait with it.
func (s *Sim) preemptThread(m *M) {
	s.takeCPU(m)
	keep := s.q[:0]
	var mine []action
	if s.hasNext && s.next.m == m {
		mine = append(mine, s.next)
		s.hasNext = false
	}
	for _, a := range s.q {
		if a.m == m {
			mine = append(mine, a)
		} else {
			keep = append(keep, a)
		}
	}
	s.q = keep
	s.q.heapify()
	if !s.hasNext && len(s.q) > 0 {
		s.next, s.hasNext = s.q.pop(), true
	}
	m.stash = append(m.stash, mine...)
}

func (q actionQueue) heapify() {
	n := len(q)
	for i := n/2 - 1; i >= 0; i-- {
		for j := i; ; {
			l := 2*j + 1
			if l >= n {
				break
			}
			c := l
			if r := l + 1; r < n && q.less(r, l) {
				c = r
			}
			if !q.less(c, j) {
				break
			}
			q[j], q[c] = q[c], q[j]
			j = c
		}
	}
}
