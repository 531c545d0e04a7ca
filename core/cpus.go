package core

import "sort"

// The simulated OS's CPUs (Config.CPUs). With no limit every thread that
// wants to run runs at once, as on an idle machine with a CPU per P. With
// fewer CPUs than threads that want one — GOMAXPROCS above a container's
// CPU quota — the OS runs some and makes the others wait, and takes the
// CPU from a thread whose time slice is over to give it to a waiting one
// (with fixed timing: every osSlice, one queue, the longest waiting first;
// with measured timing: a queue per CPU and the kernel's slice, tick and
// pick, see cpuState). A thread that waits for a CPU holds on to whatever
// it holds: its P stays _Prunning, its G stays _Grunning, and nothing of
// the Go scheduler sees the wait except that the thread's work stops.
//
// A thread wants a CPU from the moment it has something to do (it starts,
// is woken from a futex, returns from a system call, usleep or
// epoll_wait, or its G's next step is due) until it blocks again: parks,
// sleeps, blocks in epoll_wait or enters a system call other than a
// print's write. sysmon holds no CPU in the model (it runs for
// microseconds every 20µs to 10ms), but its wake-ups are moments the
// kernel looks at a CPU (Sim.reschedPoint).

// osSlice is the time slice a thread gets when another waits for its CPU
// with fixed timing: the median of the measured table (two goroutines
// spinning at GOMAXPROCS=2 pinned to one CPU with taskset alternate every
// ~3.9ms here, the kernel's 4ms tick; docs/timing.md). With measured
// timing a thread's slice is osBaseSlice, and it loses its CPU only when
// the kernel looks (Sim.reschedPoint, Sim.osTick).
func (s *Sim) osSlice() Time {
	if !s.cpu.perCPU {
		return Time(measured.OSSlice.median())
	}
	return osBaseSlice
}

// osBaseSlice is the EEVDF scheduler's slice on a two-CPU machine: the
// base slice, 0.75ms, times 1+ilog2(CPUs) (kernel/sched/fair.c:
// sysctl_sched_base_slice, update_sysctl). A thread whose slice is over
// keeps running until the kernel next looks at its CPU: at the scheduler
// tick (osTickPeriod) or when another thread wakes there.
const osBaseSlice = Time(1500 * Microsecond)

// osTickPeriod is the scheduler tick of this VM's kernel (CONFIG_HZ=250).
// With nothing else waking, two spinning threads on one CPU alternate at
// it: the slice probe's 3.9ms.
const osTickPeriod = Time(4 * Millisecond)

// osLagLimit bounds the credit a waking thread keeps: two slices or a
// tick, whichever is longer (kernel/sched/fair.c:update_entity_lag).
const osLagLimit = max(2*osBaseSlice, osTickPeriod)

// cpuState is the OS side: which threads hold a CPU and which wait.
//
// With fixed timing there is one queue and the slice is the measured
// median. With measured timing each CPU has its own queue, as Linux's
// runqueues are per CPU: a thread that wakes takes an idle CPU if there is
// one (select_idle_sibling), else queues on the CPU of the thread that
// woke it (a futex wake-up, a new thread: wake_affine) or on its own last
// CPU (back from a system call, a sleep or epoll_wait). A CPU whose thread
// blocks runs the next thread of its own queue, or, with none, pulls one
// from another CPU's (newidle balancing). So three Ms can share one CPU
// while a fourth has the other to itself, which is what getcpu(2) shows
// of four workers at GOMAXPROCS=4 on two CPUs (docs/timing.md). Periodic
// balancing between busy CPUs is left out: tried at every tick, it made
// the simulated finish orders of those workers further from the real ones
// (docs/timing.md).
type cpuState struct {
	n       int  // CPUs; 0 = no limit
	perCPU  bool // measured timing: a queue per CPU, EEVDF's slice and pick
	holders []*M // threads on a CPU
	waiting []*M // threads that want one, longest wait first
	tickAt  Time // a pending actOSTick, 0 if none
	// tickPhase is when the scheduler tick fires, modulo osTickPeriod
	// (measured timing: drawn once per run).
	tickPhase Time
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
	if !m.cpuWait {
		if c := s.freeCPU(m.prevCPU); c != 0 {
			m.cpuID = c
			s.giveCPU(m)
			return true
		}
		m.cpuWait = true
		m.offCPUAt = s.now
		if s.cpu.perCPU {
			m.cpuID = m.prevCPU
			if w := s.acting; w != nil && w.onCPU && (a.kind == actMWake || a.kind == actMStart) {
				m.cpuID = w.cpuID
			}
			if m.cpuID == 0 {
				m.cpuID = 1 + int(s.crng.nextn(uint32(s.cpu.n)))
			}
			// A waking thread keeps the credit of the CPU time it has
			// not had, up to osLagLimit below its queue's average
			// (kernel/sched/fair.c:place_entity keeps a thread's lag,
			// clamped): an M that was parked most of the time runs
			// before the ones that have computed since.
			m.vrun = max(m.vrun, s.avgVrun(m.cpuID)-osLagLimit)
		}
		s.cpu.waiting = append(s.cpu.waiting, m)
		m.stash = append(m.stash, a)
		s.armOSTick()
		// Its wake-up is a moment the kernel looks at the CPU it is
		// queued on (which may run it at once: the action is stashed).
		s.reschedPoint(m.cpuID)
		return false
	}
	m.stash = append(m.stash, a)
	return false
}

// freeCPU returns a CPU (1-based) that no thread holds, prefer if it is
// one, or 0. Without per-CPU queues any free CPU is 1.
func (s *Sim) freeCPU(prefer int) int {
	if len(s.cpu.holders) >= s.cpu.n {
		return 0
	}
	if !s.cpu.perCPU {
		return 1
	}
	if prefer != 0 && s.holderOn(prefer) == nil {
		return prefer
	}
	for c := 1; c <= s.cpu.n; c++ {
		if s.holderOn(c) == nil {
			return c
		}
	}
	return 0
}

// holderOn is the thread on CPU c, nil for none (per-CPU queues).
func (s *Sim) holderOn(c int) *M {
	for _, h := range s.cpu.holders {
		if h.cpuID == c {
			return h
		}
	}
	return nil
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
	c := m.cpuID
	s.takeCPU(m)
	if w := s.nextWaiter(c, true); w != nil {
		w.cpuID = c
		s.resumeOnCPU(w)
	}
}

// nextWaiter takes the waiting thread that gets CPU c next: the one that
// has waited longest with fixed timing; with per-CPU queues the one of
// c's queue that has run least (EEVDF's pick: the eligible thread with
// the earliest deadline, and every deadline is a slice after the thread's
// virtual runtime; kernel/sched/fair.c:pick_eevdf), and when c's queue is
// empty and pull is set, the one that has run least of another CPU's
// queue (newidle balancing). nil if there is none.
func (s *Sim) nextWaiter(c int, pull bool) *M {
	i := -1
	for j, w := range s.cpu.waiting {
		if !s.cpu.perCPU {
			i = j
			break
		}
		if w.cpuID == c && (i < 0 || w.vrun < s.cpu.waiting[i].vrun) {
			i = j
		}
	}
	if i < 0 && pull {
		for j, w := range s.cpu.waiting {
			if i < 0 || w.vrun < s.cpu.waiting[i].vrun {
				i = j
			}
		}
	}
	if i < 0 {
		return nil
	}
	w := s.cpu.waiting[i]
	s.cpu.waiting = append(s.cpu.waiting[:i], s.cpu.waiting[i+1:]...)
	return w
}

// avgVrun is the mean virtual runtime of the threads that hold or wait
// for CPU c, the running one's up to now.
func (s *Sim) avgVrun(c int) Time {
	var sum Time
	n := 0
	for _, h := range s.cpu.holders {
		if h.cpuID == c {
			sum += h.vrun + s.now - h.onCPUAt
			n++
		}
	}
	for _, w := range s.cpu.waiting {
		if w.cpuID == c {
			sum += w.vrun
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / Time(n)
}

func (s *Sim) giveCPU(m *M) {
	m.onCPU = true
	m.onCPUAt = s.now
	m.sliceEnd = s.now + s.osSlice()
	s.cpu.holders = append(s.cpu.holders, m)
}

func (s *Sim) takeCPU(m *M) {
	m.onCPU = false
	m.vrun += s.now - m.onCPUAt
	m.prevCPU = m.cpuID
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

// armOSTick schedules the next scheduler tick that can switch threads: at
// the end of the earliest slice of a thread with a waiter behind it (with
// measured timing, the first tick from then).
func (s *Sim) armOSTick() {
	if s.cpu.tickAt != 0 {
		return
	}
	at := Time(-1)
	for _, h := range s.cpu.holders {
		if s.cpu.perCPU && !s.queuedOn(h.cpuID) {
			continue
		}
		if at < 0 || h.sliceEnd < at {
			at = h.sliceEnd
		}
	}
	if at < 0 {
		return
	}
	if at < s.now {
		at = s.now
	}
	if s.cpu.perCPU {
		at = s.cpu.tickPhase + (at-s.cpu.tickPhase+osTickPeriod-1)/osTickPeriod*osTickPeriod
	}
	s.cpu.tickAt = at
	s.schedule(at, actOSTick, nil, 0, 0)
}

// queuedOn reports whether a thread waits for CPU c.
func (s *Sim) queuedOn(c int) bool {
	for _, w := range s.cpu.waiting {
		if w.cpuID == c {
			return true
		}
	}
	return false
}

// osTick: on every CPU whose thread's slice is over and that another
// thread waits for, the waiting thread runs and the other goes back to the
// queue (with fixed timing: each waiting thread takes the CPU of the
// thread whose slice ended first).
func (s *Sim) osTick() {
	s.cpu.tickAt = 0
	if s.cpu.perCPU {
		for c := 1; c <= s.cpu.n; c++ {
			s.preemptExpired(c)
		}
	} else {
		for len(s.cpu.waiting) > 0 && s.preemptExpired(0) {
		}
	}
	if len(s.cpu.waiting) > 0 {
		s.armOSTick()
	}
}

// reschedPoint is a moment the kernel looks at CPU c outside its tick
// (per-CPU queues only): a thread wakes there (update_curr, then a new
// deadline and a reschedule if the slice is over; kernel/sched/fair.c:
// update_deadline). sysmon's wake-ups, every 20µs at first, are most of
// them; c 0 is a CPU drawn at random.
func (s *Sim) reschedPoint(c int) {
	if s.cpu.n == 0 || !s.cpu.perCPU || len(s.cpu.waiting) == 0 {
		return
	}
	if c == 0 {
		c = 1 + int(s.crng.nextn(uint32(s.cpu.n)))
	}
	s.preemptExpired(c)
}

// preemptExpired switches CPU c (any CPU, with fixed timing) to its next
// waiting thread if its thread's slice is over; that thread queues again
// for the same CPU.
func (s *Sim) preemptExpired(c int) bool {
	var victim *M
	for _, h := range s.cpu.holders {
		if s.cpu.perCPU && h.cpuID != c {
			continue
		}
		if h.sliceEnd <= s.now && (victim == nil || h.sliceEnd < victim.sliceEnd) {
			victim = h
		}
	}
	if victim == nil {
		return false
	}
	c = victim.cpuID
	w := s.nextWaiter(c, false)
	if w == nil {
		return false
	}
	s.preemptThread(victim)
	w.cpuID = c
	s.resumeOnCPU(w)
	victim.cpuWait = true
	victim.offCPUAt = s.now
	s.cpu.waiting = append(s.cpu.waiting, victim)
	return true
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
