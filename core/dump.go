package core

import (
	"fmt"
	"strings"
)

// DumpState describes the scheduler at this instant in a compact, stable
// text form: the global queue, each P with its runnext and local queue,
// each M and what it does, and the parked Gs. Tests and tools use it.
func (s *Sim) DumpState() string {
	var b strings.Builder
	fmt.Fprintf(&b, "t=%v gomaxprocs=%d npidle=%d nmspinning=%d needspinning=%v nmidle=%d threads=%d\n",
		s.now, s.procs, s.sched.npidle, s.sched.nmspinning, s.sched.needspinning, s.sched.nmidle, s.mcount())
	b.WriteString("global:")
	s.sched.runq.each(func(g *G) { fmt.Fprintf(&b, " G%d", g.ID) })
	b.WriteByte('\n')
	for _, pp := range s.allp {
		fmt.Fprintf(&b, "P%d %v tick=%d", pp.ID, pp.status, pp.schedtick)
		if pp.m != nil {
			fmt.Fprintf(&b, " m=M%d", pp.m.ID)
			if g := pp.m.curg; g != nil {
				fmt.Fprintf(&b, " curg=G%d(%v)", g.ID, g.status)
			}
		}
		if pp.runnext != nil {
			fmt.Fprintf(&b, " runnext=G%d", pp.runnext.ID)
		}
		b.WriteString(" runq=[")
		for i := 0; i < pp.runqLen(); i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "G%d", pp.runqat(i).ID)
		}
		b.WriteString("]")
		if n := pp.timers.len(); n > 0 {
			fmt.Fprintf(&b, " timers=%d", n)
		}
		b.WriteByte('\n')
	}
	for _, m := range s.allm {
		if m.state == MExited {
			continue
		}
		fmt.Fprintf(&b, "M%d %v", m.ID, m.state)
		if m.sysMon {
			b.WriteString(" sysmon")
		}
		if m.p != nil {
			fmt.Fprintf(&b, " p=P%d", m.p.ID)
		}
		if m.curg != nil {
			fmt.Fprintf(&b, " curg=G%d", m.curg.ID)
		}
		if m.lockedg != nil {
			fmt.Fprintf(&b, " lockedg=G%d", m.lockedg.ID)
		}
		if m.spinning {
			b.WriteString(" spinning")
		}
		b.WriteByte('\n')
	}
	var waiting []string
	for _, g := range s.allg {
		if g.status == Gwaiting && !g.System {
			waiting = append(waiting, fmt.Sprintf("G%d[%v]", g.ID, g.waitReason))
		}
	}
	if len(waiting) > 0 {
		fmt.Fprintf(&b, "waiting: %s\n", strings.Join(waiting, " "))
	}
	return b.String()
}

// GoroutineDump lists the user goroutines the way a fatal error prints
// them ("goroutine 1 [chan receive]:"), main first.
func (s *Sim) GoroutineDump() []string {
	var out []string
	for _, g := range s.allg {
		if g.System || g.status == Gdead {
			continue
		}
		state := g.status.String()
		if g.status == Gwaiting {
			state = g.waitReason.String()
		}
		out = append(out, fmt.Sprintf("goroutine %d [%s]:", g.ID, state))
	}
	return out
}

// GInfo describes one goroutine for tools (goroutine dumps, the player).
type GInfo struct {
	ID      int64
	Status  GStatus
	Wait    WaitReason
	System  bool
	Name    string
	Program Program // nil once the G has exited
	Parent  int64   // the goroutine whose go statement created it (0: the runtime)
}

// Goroutines lists every goroutine ever created, in creation order.
func (s *Sim) Goroutines() []GInfo {
	out := make([]GInfo, 0, len(s.allg))
	for _, g := range s.allg {
		out = append(out, GInfo{ID: g.ID, Status: g.status, Wait: g.waitReason, System: g.System, Name: g.Name, Program: g.prog, Parent: g.Parent})
	}
	return out
}

// ProgramOf returns the Program of the live goroutine goid, or nil. Tools
// use it while events stream to ask a goroutine where it is (a scene
// thread's source line); the index it needs is built on first use.
func (s *Sim) ProgramOf(goid int64) Program {
	if s.byID == nil {
		s.byID = make(map[int64]*G, len(s.allg))
		for _, g := range s.allg {
			s.byID[g.ID] = g
		}
	}
	if g := s.byID[goid]; g != nil && g.ID == goid {
		return g.prog
	}
	return nil
}
