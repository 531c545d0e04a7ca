package core

import "fmt"

// The invariants of docs/spec/runtime-facts.md §21. checkStructural holds after every
// event; checkQuiescent adds the counting invariants that hold between
// actions (inside one runtime critical section a P may be released but not
// yet idled, as in the runtime).

// checkStructural checks: every G in exactly one place and its status
// agrees (I1, I2); run queue bounds (I3); P/M wiring (I4); locked pairs
// (I11); timer heaps (I16); unique goids (I12).
func (s *Sim) checkStructural() error {
	seen := make(map[*G]Loc, len(s.allg))
	place := func(g *G, l Loc, where string) error {
		if g == nil {
			return fmt.Errorf("I1: nil G in %s", where)
		}
		if prev, ok := seen[g]; ok {
			return fmt.Errorf("I1: G%d is in %s and in %v", g.ID, where, prev)
		}
		seen[g] = l
		if g.loc != l {
			return fmt.Errorf("I1: G%d found in %s but its loc is %v", g.ID, where, g.loc)
		}
		return nil
	}
	for _, pp := range s.allp {
		n := pp.runqtail - pp.runqhead
		if n > uint32(len(pp.runq)) {
			return fmt.Errorf("I3: P%d run queue holds %d > 256", pp.ID, n)
		}
		for i := 0; i < int(n); i++ {
			g := pp.runqat(i)
			if err := place(g, LocRunq, fmt.Sprintf("P%d.runq", pp.ID)); err != nil {
				return err
			}
			if g.locP != pp || g.status != Grunnable {
				return fmt.Errorf("I2: G%d in P%d.runq is %v (locP %v)", g.ID, pp.ID, g.status, pid(g.locP))
			}
		}
		if g := pp.runnext; g != nil {
			if err := place(g, LocRunnext, fmt.Sprintf("P%d.runnext", pp.ID)); err != nil {
				return err
			}
			if g.locP != pp || g.status != Grunnable {
				return fmt.Errorf("I2: G%d in P%d.runnext is %v", g.ID, pp.ID, g.status)
			}
		}
		for _, g := range pp.gFree {
			if err := place(g, LocGFree, fmt.Sprintf("P%d.gFree", pp.ID)); err != nil {
				return err
			}
			if g.status != Gdead {
				return fmt.Errorf("I2: G%d on P%d.gFree is %v", g.ID, pp.ID, g.status)
			}
		}
		if !pp.timers.ordered() {
			return fmt.Errorf("I16: P%d timer heap out of order", pp.ID)
		}
		for _, t := range pp.timers.h {
			if t.tt != nil {
				continue // checkTimeTimers
			}
			if t.p != pp || t.g.timer != t {
				return fmt.Errorf("I16: timer of G%d misfiled on P%d", t.g.ID, pp.ID)
			}
			if err := place(t.g, LocTimer, fmt.Sprintf("P%d.timers", pp.ID)); err != nil {
				return err
			}
			if t.g.status != Gwaiting || t.g.locP != pp {
				return fmt.Errorf("I16: G%d with a timer on P%d is %v", t.g.ID, pp.ID, t.g.status)
			}
		}
		if m := pp.m; m != nil && m.p != pp {
			return fmt.Errorf("I4: P%d.m is M%d but M%d.p is P%d", pp.ID, m.ID, m.ID, pid(m.p))
		}
	}
	count := 0
	var err error
	s.sched.runq.each(func(g *G) {
		count++
		if err == nil {
			err = place(g, LocGlobal, "sched.runq")
			if err == nil && g.status != Grunnable {
				err = fmt.Errorf("I2: G%d on the global queue is %v", g.ID, g.status)
			}
		}
	})
	if err != nil {
		return err
	}
	if count != s.sched.runq.size {
		return fmt.Errorf("I3: global queue size %d but %d linked", s.sched.runq.size, count)
	}
	for _, g := range s.sched.gFree {
		if err := place(g, LocGFree, "sched.gFree"); err != nil {
			return err
		}
	}
	if err := s.checkSemas(); err != nil { // sema.go
		return err
	}
	if err := s.checkTimeTimers(); err != nil { // timerchan.go
		return err
	}
	for _, m := range s.allm {
		if m.p != nil && m.p.m != m {
			return fmt.Errorf("I4: M%d.p is P%d but P%d.m is M%d", m.ID, m.p.ID, m.p.ID, mid(m.p.m))
		}
		if g := m.curg; g != nil {
			want := LocRunning
			if g.status == Gsyscall {
				want = LocSyscall
			} else if g.status != Grunning {
				return fmt.Errorf("I2: M%d.curg G%d is %v", m.ID, g.ID, g.status)
			}
			if err := place(g, want, fmt.Sprintf("M%d.curg", m.ID)); err != nil {
				return err
			}
			if g.m != m {
				return fmt.Errorf("I2: M%d.curg G%d has g.m M%d", m.ID, g.ID, mid(g.m))
			}
		}
		if g := m.lockedg; g != nil && g.lockedm != m {
			return fmt.Errorf("I11: M%d.lockedg G%d but G%d.lockedm M%d", m.ID, g.ID, g.ID, mid(g.lockedm))
		}
	}
	ids := make(map[int64]bool, len(s.allg))
	for _, g := range s.allg {
		if g.status != Gdead {
			if ids[g.ID] {
				return fmt.Errorf("I12: goid %d used twice", g.ID)
			}
			ids[g.ID] = true
		}
		if lm := g.lockedm; lm != nil && lm.lockedg != g {
			return fmt.Errorf("I11: G%d.lockedm M%d but M%d.lockedg G%d", g.ID, lm.ID, lm.ID, gid(lm.lockedg))
		}
		l, ok := seen[g]
		switch g.loc {
		case LocRunning, LocSyscall, LocRunq, LocRunnext, LocGlobal, LocTimer:
			if !ok {
				return fmt.Errorf("I1: G%d says %v but is not there", g.ID, g.loc)
			}
		case LocGFree:
			if !ok || g.status != Gdead {
				return fmt.Errorf("I1: dead G%d (%v) not on a gFree list", g.ID, g.status)
			}
		case LocWait, LocNetpoll:
			if g.status != Gwaiting {
				return fmt.Errorf("I2: G%d waits (%v) but is %v", g.ID, g.loc, g.status)
			}
		case LocInFlight:
			if g.status != Grunnable {
				return fmt.Errorf("I2: G%d in flight but %v", g.ID, g.status)
			}
		case LocNone:
			if g.status != Grunnable && g.status != Gdead && g.status != Gidle {
				return fmt.Errorf("I1: G%d (%v) is nowhere", g.ID, g.status)
			}
		}
		_ = l
	}
	return nil
}

// checkQuiescent runs between actions: the structural checks plus idle P
// and M stacks (I5, I6), spinning count (I7), the poller (I9), P
// accounting (I10), and that no G is left in flight except a locked G
// travelling to its M.
func (s *Sim) checkQuiescent() {
	if s.checkErr != nil {
		return
	}
	err := s.checkStructural()
	if err == nil {
		err = s.checkCounts()
	}
	if err != nil {
		s.checkErr = fmt.Errorf("at %v after event %d: %w", s.now, s.nevents, err)
		s.exited = true
		s.exitCode = 2
	}
}

func (s *Sim) checkCounts() error {
	onStack := make(map[*P]bool)
	n := 0
	for pp := s.sched.pidle; pp != nil; pp = pp.link {
		if onStack[pp] {
			return fmt.Errorf("I5: P%d twice on the idle stack", pp.ID)
		}
		onStack[pp] = true
		n++
		if pp.status != Pidle || pp.m != nil || !pp.runqempty() {
			return fmt.Errorf("I5: idle P%d is %v, m=%v, runq empty=%v", pp.ID, pp.status, mid(pp.m), pp.runqempty())
		}
	}
	if n != s.sched.npidle {
		return fmt.Errorf("I5: npidle=%d but %d Ps on the stack", s.sched.npidle, n)
	}
	handed := make(map[*P]bool)
	spinning := 0
	for _, m := range s.allm {
		if m.nextp != nil {
			handed[m.nextp] = true
		}
		if m.spinning || m.waitingSpinning {
			spinning++
		}
		if m.spinning {
			if m.p == nil {
				return fmt.Errorf("I7: spinning M%d holds no P", m.ID)
			}
			if !m.p.runqempty() && m.state != MSleeping {
				return fmt.Errorf("I7: spinning M%d has work on P%d", m.ID, m.p.ID)
			}
		}
	}
	if s.stw.active && s.stw.m.p != nil {
		handed[s.stw.m.p] = true
	}
	if spinning != s.sched.nmspinning {
		return fmt.Errorf("I7: nmspinning=%d but %d Ms spin or start spinning", s.sched.nmspinning, spinning)
	}
	counts := map[PStatus]int{}
	for _, pp := range s.allp {
		counts[pp.status]++
		switch pp.status {
		case Pidle:
			if !onStack[pp] && !handed[pp] {
				return fmt.Errorf("I5: P%d idle but neither on the idle stack nor handed to an M", pp.ID)
			}
		case Prunning:
			if pp.m == nil && !handed[pp] {
				return fmt.Errorf("I4: P%d running without an M", pp.ID)
			}
		case Pdead:
			return fmt.Errorf("I10: dead P%d in allp", pp.ID)
		}
	}
	if len(s.allp) != s.procs {
		return fmt.Errorf("I10: %d Ps for GOMAXPROCS=%d", len(s.allp), s.procs)
	}
	nm := 0
	for m := s.sched.midle; m != nil; m = m.nextLink {
		nm++
		if m.p != nil || m.curg != nil || m.spinning || m.state != MParked {
			return fmt.Errorf("I6: idle M%d has p=%v curg=%v spinning=%v state=%v", m.ID, pid(m.p), gid(m.curg), m.spinning, m.state)
		}
	}
	if nm != s.sched.nmidle {
		return fmt.Errorf("I6: nmidle=%d but %d Ms on the stack", s.sched.nmidle, nm)
	}
	polling := 0
	for _, m := range s.allm {
		if m.state == MNetpoll {
			polling++
			if m.p != nil || m.spinning {
				return fmt.Errorf("I9: M%d blocked in netpoll holds P%v or spins", m.ID, pid(m.p))
			}
		}
	}
	if (s.sched.lastpoll == 0) != (polling == 1) || polling > 1 {
		return fmt.Errorf("I9: lastpoll=%d with %d Ms blocked in netpoll", s.sched.lastpoll, polling)
	}
	for _, g := range s.allg {
		if g.loc == LocInFlight {
			if g.lockedm == nil || g.lockedm.state != MWaking {
				return fmt.Errorf("I1: G%d left in flight", g.ID)
			}
		}
	}
	return nil
}
