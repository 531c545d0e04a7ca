package core

import (
	"fmt"
	"strconv"
	"strings"
)

// SchedSnapshot is what GODEBUG=schedtrace prints, sampled by sysmon and
// carried by an EvSchedTrace event (proc.go:schedtrace).
type SchedSnapshot struct {
	Detail       bool
	SinceStartMS int64
	Gomaxprocs   int
	IdleProcs    int
	Threads      int
	Spinning     int
	NeedSpinning int
	IdleThreads  int
	RunQueue     int
	GCWaiting    bool
	NMIdleLocked int
	StopWait     int
	SysmonWait   bool
	Schedticks   bool // 1.25+ appends schedticks=[ … ]
	Ps           []PSnap
	Ms           []MSnap
	Gs           []GSnap
}

// PSnap is one P in a schedtrace sample.
type PSnap struct {
	Status      PStatus
	SchedTick   uint32
	SyscallTick uint32
	M           int64 // -1: nil
	RunqSize    int
	GFreeCnt    int
	TimersLen   int
}

// MSnap is one M in a scheddetail sample.
type MSnap struct {
	ID       int64
	P        int32 // -1: nil
	CurG     int64 // 0: nil
	Spinning bool
	Blocked  bool
	LockedG  int64
}

// GSnap is one G in a scheddetail sample.
type GSnap struct {
	ID      int64
	Status  GStatus
	Wait    WaitReason
	M       int64 // -1: nil
	LockedM int64 // -1: nil
}

// schedtrace samples the scheduler and emits EvSchedTrace.
func (s *Sim) schedtrace(detail bool) {
	now := s.nanotime()
	if s.sysmon.starttime == 0 {
		s.sysmon.starttime = now
	}
	snap := &SchedSnapshot{
		Detail:       detail,
		SinceStartMS: int64(now-s.sysmon.starttime) / int64(Millisecond),
		Gomaxprocs:   s.procs,
		IdleProcs:    s.sched.npidle,
		Threads:      s.mcount(),
		Spinning:     s.sched.nmspinning,
		IdleThreads:  s.sched.nmidle,
		RunQueue:     s.sched.runq.size,
		GCWaiting:    s.sched.gcwaiting,
		NMIdleLocked: s.sched.nmidlelocked,
		StopWait:     s.sched.stopwait,
		SysmonWait:   s.sched.sysmonwait,
		Schedticks:   s.ver.SchedticksInTrace,
	}
	if s.sched.needspinning {
		snap.NeedSpinning = 1
	}
	for _, pp := range s.allp {
		ps := PSnap{Status: pp.status, SchedTick: pp.schedtick, SyscallTick: pp.syscalltick, M: -1,
			RunqSize: pp.runqLen(), GFreeCnt: len(pp.gFree), TimersLen: pp.timers.len()}
		if pp.m != nil {
			ps.M = pp.m.ID
		}
		snap.Ps = append(snap.Ps, ps)
	}
	if detail {
		for i := len(s.allm) - 1; i >= 0; i-- { // allm is newest first
			m := s.allm[i]
			if m.state == MExited {
				continue
			}
			ms := MSnap{ID: m.ID, P: pid(m.p), CurG: gid(m.curg), Spinning: m.spinning, LockedG: gid(m.lockedg),
				Blocked: m.state == MParked || m.state == MLockedParked || m.state == MTemplate}
			snap.Ms = append(snap.Ms, ms)
		}
		for _, g := range s.allg {
			gs := GSnap{ID: g.ID, Status: g.status, Wait: g.waitReason, M: -1, LockedM: -1}
			if g.m != nil {
				gs.M = g.m.ID
			}
			if g.lockedm != nil {
				gs.LockedM = g.lockedm.ID
			}
			snap.Gs = append(snap.Gs, gs)
		}
	}
	var e Event
	s.emit(e.schedTrace(mid(s.sysmon.m), snap))
}

// Format renders the sample exactly as the 1.26 runtime prints it
// (docs/spec/runtime-facts.md §18); the result ends with a newline.
func (sn *SchedSnapshot) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "SCHED %dms: gomaxprocs=%d idleprocs=%d threads=%d spinningthreads=%d needspinning=%d idlethreads=%d runqueue=%d",
		sn.SinceStartMS, sn.Gomaxprocs, sn.IdleProcs, sn.Threads, sn.Spinning, sn.NeedSpinning, sn.IdleThreads, sn.RunQueue)
	if sn.Detail {
		fmt.Fprintf(&b, " gcwaiting=%t nmidlelocked=%d stopwait=%d sysmonwait=%t\n", sn.GCWaiting, sn.NMIdleLocked, sn.StopWait, sn.SysmonWait)
		for i, p := range sn.Ps {
			m := "nil"
			if p.M >= 0 {
				m = strconv.FormatInt(p.M, 10)
			}
			fmt.Fprintf(&b, "  P%d: status=%d schedtick=%d syscalltick=%d m=%s runqsize=%d gfreecnt=%d timerslen=%d\n",
				i, p.Status, p.SchedTick, p.SyscallTick, m, p.RunqSize, p.GFreeCnt, p.TimersLen)
		}
		for _, m := range sn.Ms {
			p, curg, locked := "nil", "nil", "nil"
			if m.P >= 0 {
				p = strconv.Itoa(int(m.P))
			}
			if m.CurG != 0 {
				curg = strconv.FormatInt(m.CurG, 10)
			}
			if m.LockedG != 0 {
				locked = strconv.FormatInt(m.LockedG, 10)
			}
			fmt.Fprintf(&b, "  M%d: p=%s curg=%s mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=%t blocked=%t lockedg=%s\n",
				m.ID, p, curg, m.Spinning, m.Blocked, locked)
		}
		for _, g := range sn.Gs {
			m, lm := "nil", "nil"
			if g.M >= 0 {
				m = strconv.FormatInt(g.M, 10)
			}
			if g.LockedM >= 0 {
				lm = strconv.FormatInt(g.LockedM, 10)
			}
			fmt.Fprintf(&b, "  G%d: status=%d(%s) m=%s lockedm=%s\n", g.ID, g.Status, g.Wait, m, lm)
		}
		return b.String()
	}
	for i, p := range sn.Ps {
		b.WriteByte(' ')
		if i == 0 {
			b.WriteString("[ ")
		}
		b.WriteString(strconv.Itoa(p.RunqSize))
		if i == len(sn.Ps)-1 {
			b.WriteString(" ]")
		}
	}
	if sn.Schedticks {
		b.WriteString(" schedticks=[ ")
		for _, p := range sn.Ps {
			b.WriteString(strconv.FormatUint(uint64(p.SchedTick), 10))
			b.WriteByte(' ')
		}
		b.WriteString("]")
	}
	b.WriteByte('\n')
	return b.String()
}

// SchedTrace renders every schedtrace sample in an event log, in order,
// as the runtime would have written them to standard error.
func SchedTrace(events []Event) string {
	var b strings.Builder
	for i := range events {
		if events[i].Kind == EvSchedTrace && events[i].Snap != nil {
			b.WriteString(events[i].Snap.Format())
		}
	}
	return b.String()
}
