package core

import "slices"

// World is the scheduler as the event log describes it: folding events one
// by one with Apply rebuilds, at any cursor, every queue, every P and M and
// where each goroutine is. The player draws a World; it never runs the
// simulator. A test checks the fold against the live simulator after every
// event, so the picture is exactly as true as the log.
type World struct {
	T            Time
	Seq          int64
	Procs        int
	Ps           []*PView
	Ms           []*MView // index = M id
	Gs           []*GView // in creation order
	Global       []int64  // the global run queue, head first
	NPIdle       int
	NMSpinning   int // Ms spinning now (the runtime's count also includes Ms about to)
	NeedSpinning bool
	STW          bool
	Output       []string
	Done         bool
	ExitCode     int
	Fatal        string // a deadlock, panic or limit message
	gByID        map[int64]*GView
}

// PView is one P in a World.
type PView struct {
	ID        int32
	Status    PStatus
	M         int32 // -1: none
	Runnext   int64 // 0: empty
	Runq      []int64
	Schedtick int64
	Timers    []TimerView // in the order they were added
}

// TimerView is a timer on a P's heap: G's sleep timer, or (Timer != 0)
// a timer of package time.
type TimerView struct {
	G     int64
	When  Time
	Timer int64  // the time.Timer, Ticker or AfterFunc timer; 0 for a sleep timer
	Kind  Reason // TimerChan or TimerFunc
	// Zombie: stopped, or nobody waits on its channel; the P drops its
	// entry when it next cleans its heap.
	Zombie bool
}

// MView is one M in a World.
type MView struct {
	ID       int32
	State    MState
	P        int32 // -1: none
	CurG     int64
	LockedG  int64
	Spinning bool
	Sysmon   bool
	Template bool
}

// GView is one goroutine in a World.
type GView struct {
	ID      int64
	Name    string
	System  bool
	Status  GStatus
	Wait    WaitReason
	Loc     Loc
	P       int32 // the P whose queue or heap holds it; -1 otherwise
	M       int32 // the M running it or in whose syscall it is; -1 otherwise
	Preempt bool  // a preemption request is pending
	FD      int64 // the socket it waits on (IO wait)
	Stack   int64 // its stack size in bytes
}

// NewWorld starts the fold for a run with procs Ps.
func NewWorld(procs int) *World {
	w := &World{Procs: procs, gByID: map[int64]*GView{}}
	for i := 0; i < procs; i++ {
		w.Ps = append(w.Ps, &PView{ID: int32(i), Status: Pgcstop, M: -1})
	}
	return w
}

// G returns the goroutine with id, or nil.
func (w *World) G(id int64) *GView { return w.gByID[id] }

// P returns the P with id, or nil.
func (w *World) P(id int32) *PView {
	if id < 0 || int(id) >= len(w.Ps) {
		return nil
	}
	return w.Ps[id]
}

// M returns the M with id, or nil.
func (w *World) M(id int32) *MView {
	if id < 0 || int(id) >= len(w.Ms) {
		return nil
	}
	return w.Ms[id]
}

func (w *World) m(id int32) *MView {
	for int(id) >= len(w.Ms) {
		w.Ms = append(w.Ms, &MView{ID: int32(len(w.Ms)), P: -1})
	}
	return w.Ms[id]
}

// Clone copies the World, so a player can keep checkpoints to step back to.
func (w *World) Clone() *World {
	c := *w
	c.Ps = make([]*PView, len(w.Ps))
	for i, p := range w.Ps {
		cp := *p
		cp.Runq = slices.Clone(p.Runq)
		cp.Timers = slices.Clone(p.Timers)
		c.Ps[i] = &cp
	}
	c.Ms = make([]*MView, len(w.Ms))
	for i, m := range w.Ms {
		cm := *m
		c.Ms[i] = &cm
	}
	c.Gs = make([]*GView, len(w.Gs))
	c.gByID = make(map[int64]*GView, len(w.Gs))
	for i, g := range w.Gs {
		cg := *g
		c.Gs[i] = &cg
		c.gByID[cg.ID] = &cg
	}
	c.Global = slices.Clone(w.Global)
	c.Output = slices.Clone(w.Output)
	return &c
}

// detach removes g from whatever holds it, so it can be placed again.
func (w *World) detach(g *GView) {
	switch g.Loc {
	case LocRunnext:
		if p := w.P(g.P); p != nil && p.Runnext == g.ID {
			p.Runnext = 0
		}
	case LocRunq:
		if p := w.P(g.P); p != nil {
			if i := slices.Index(p.Runq, g.ID); i >= 0 {
				p.Runq = slices.Delete(p.Runq, i, i+1)
			}
		}
	case LocGlobal:
		if i := slices.Index(w.Global, g.ID); i >= 0 {
			w.Global = slices.Delete(w.Global, i, i+1)
		}
	case LocTimer:
		if p := w.P(g.P); p != nil {
			p.Timers = slices.DeleteFunc(p.Timers, func(t TimerView) bool { return t.G == g.ID })
		}
	case LocRunning, LocSyscall:
		if m := w.M(g.M); m != nil && m.CurG == g.ID {
			m.CurG = 0
		}
	}
	g.Loc, g.P, g.M = LocInFlight, -1, -1
}

// runnable marks g runnable (placing events may find it waiting: netpoll
// and timers ready Gs in batches).
func (w *World) runnable(g *GView) {
	w.detach(g)
	g.Status, g.Wait, g.FD = Grunnable, WaitNone, 0
}

// Apply folds one event into the World.
func (w *World) Apply(e *Event) { w.apply(e) }

// worldSkips are the kinds the fold has no rule for because they change
// nothing a World shows. Every other kind has a case in apply;
// TestWorldHasARuleForEveryKind fails for a kind in neither.
var worldSkips = [NumEventKinds]bool{
	EvInject:       true, // each G it queues has its own RunqPut or GlobalPut
	EvProcHandoff:  true, // the P's new owner or idling has its own event
	EvWakep:        true, // the M it starts has its own MCreate or MUnpark
	EvSysmonWake:   true,
	EvSysmonSleep:  true,
	EvIOReady:      true, // the waiting G is readied by the queue events that follow a poll
	EvNetpoll:      true, // likewise
	EvNetpollBreak: true, // the poller's wake has its own MNetpollWake
	EvSchedTrace:   true,
	EvOutput:       true,
	EvMainStart:    true,
}

// apply folds e and reports whether the fold has a rule for its kind.
func (w *World) apply(e *Event) bool {
	w.T, w.Seq = e.T, e.Seq
	g := w.gByID[e.G]
	switch e.Kind {
	case EvGoCreate:
		g = &GView{ID: e.G, Name: e.GoFunc(), System: e.Arg == 1, Status: Grunnable, Loc: LocInFlight, P: -1, M: -1, Stack: e.N}
		if old := w.gByID[e.G]; old != nil {
			*old = *g
			g = old
		} else {
			w.Gs = append(w.Gs, g)
			w.gByID[e.G] = g
		}
	case EvGoStackGrow, EvGoStackShrink:
		if g != nil {
			g.Stack = e.N
		}
	case EvRunqPut:
		w.runnable(g)
		p := w.P(e.P)
		g.P = e.P
		if e.Why == DestRunnext {
			if old := w.gByID[p.Runnext]; old != nil && old != g {
				old.Loc, old.P = LocInFlight, -1
			}
			p.Runnext, g.Loc = g.ID, LocRunnext
		} else {
			p.Runq, g.Loc = append(p.Runq, g.ID), LocRunq
		}
	case EvGoKick:
	case EvRunqOverflow:
		p := w.P(e.P)
		n := int(e.N) - 1
		for _, id := range p.Runq[:n] {
			x := w.gByID[id]
			x.Loc, x.P = LocGlobal, -1
		}
		w.Global = append(w.Global, p.Runq[:n]...)
		p.Runq = slices.Delete(p.Runq, 0, n)
		w.runnable(g)
		w.Global = append(w.Global, g.ID)
		g.Loc = LocGlobal
	case EvGlobalPut:
		w.runnable(g)
		if e.Why == DestGlobalHead {
			w.Global = slices.Insert(w.Global, 0, g.ID)
		} else {
			w.Global = append(w.Global, g.ID)
		}
		g.Loc = LocGlobal
	case EvGlobalGet:
		w.detach(g)
		p := w.P(e.P)
		for i := 1; i < int(e.N) && len(w.Global) > 0; i++ {
			id := w.Global[0]
			w.Global = w.Global[1:]
			x := w.gByID[id]
			x.Loc, x.P = LocRunq, p.ID
			p.Runq = append(p.Runq, id)
		}
	case EvSteal:
		thief, victim := w.P(e.P), w.P(e.P2)
		if e.Flag {
			victim.Runnext = 0
			w.detach(g)
			break
		}
		n := int(e.N)
		batch := slices.Clone(victim.Runq[:n])
		victim.Runq = slices.Delete(victim.Runq, 0, n)
		for _, id := range batch[:n-1] {
			x := w.gByID[id]
			x.Loc, x.P = LocRunq, thief.ID
			thief.Runq = append(thief.Runq, id)
		}
		g.Loc, g.P = LocInFlight, -1
	case EvGoStart:
		if g.Status != Grunnable {
			w.runnable(g)
		}
		w.detach(g)
		m, p := w.m(e.M), w.P(e.P)
		g.Status, g.Loc, g.M, g.Preempt = Grunning, LocRunning, e.M, false
		m.CurG, m.State, m.P = g.ID, MRunning, e.P
		p.M, p.Status, p.Schedtick = e.M, Prunning, e.N
	case EvGoBlock:
		w.detach(g)
		g.Status, g.Wait, g.Preempt = Gwaiting, e.Wait, false
		g.Loc = LocWait
		if e.Wait == WaitIOWait {
			g.Loc, g.FD = LocNetpoll, e.N
		}
	case EvGoUnblock:
		w.runnable(g)
	case EvGoSched, EvGoPreempt:
		w.runnable(g)
		g.Preempt = false
	case EvPreemptReq:
		g.Preempt = true
	case EvGoSysCall:
		m := w.m(e.M)
		g.Status, g.Loc, g.M = Gsyscall, LocSyscall, e.M
		m.State = MSyscall
	case EvGoSysExit:
		m := w.m(e.M)
		if e.Why == ExitNoP {
			w.runnable(g)
			m.State = MRunning
			break
		}
		g.Status, g.Loc, g.M = Grunning, LocRunning, e.M
		m.State, m.CurG, m.P = MRunning, g.ID, e.P
		if p := w.P(e.P); p != nil {
			p.M, p.Status = e.M, Prunning
		}
	case EvGoEnd:
		w.detach(g)
		g.Status, g.Loc, g.Wait = Gdead, LocGFree, WaitNone
		for _, m := range w.Ms {
			if m.LockedG == g.ID {
				m.LockedG = 0
			}
		}
	case EvGoLockOS:
		w.m(e.M).LockedG = e.G
	case EvGoUnlockOS:
		w.m(e.M).LockedG = 0
	case EvPrint:
		if e.N != 2 {
			w.Output = append(w.Output, e.Text)
		}
	case EvProcAcquire:
		m, p := w.m(e.M), w.P(e.P)
		m.P, p.M, p.Status = e.P, e.M, Prunning
		switch m.State {
		case MStarting, MWaking, MParked, MLockedParked, MNetpoll, MSleeping:
			m.State = MRunning
		}
	case EvProcRelease:
		m, p := w.m(e.M), w.P(e.P)
		m.P, p.M, p.Status = -1, -1, Pidle
	case EvProcIdle:
		w.P(e.P).Status = Pidle
		w.NPIdle++
	case EvProcUnidle:
		w.NPIdle--
	case EvProcRetake:
		p := w.P(e.P)
		if m := w.M(e.M); m != nil && m.P == e.P {
			m.P = -1
		}
		p.M, p.Status = -1, Pidle
	case EvProcStatus:
		p := w.P(e.P)
		p.Status = PStatus(e.N)
		if p.Status == Psyscall {
			if m := w.M(p.M); m != nil && m.P == p.ID {
				m.P = -1
			}
			p.M = -1
		}
	case EvProcResize:
		for len(w.Ps) < int(e.Arg) {
			w.Ps = append(w.Ps, &PView{ID: int32(len(w.Ps)), Status: Pgcstop, M: -1})
		}
		w.Ps = w.Ps[:e.Arg]
		w.Procs = int(e.Arg)
	case EvProcDestroy:
		p := w.P(e.P)
		if m := w.M(p.M); m != nil && m.P == p.ID {
			m.P = -1
		}
		p.Status, p.M, p.Runq, p.Runnext = Pdead, -1, nil, 0
	case EvMCreate:
		m := w.m(e.M)
		m.State = MStarting
		switch e.Arg {
		case MCreateSysmon:
			m.Sysmon, m.State = true, MSysmon
		case MCreateTemplate:
			m.Template, m.State = true, MTemplate
		}
	case EvMPark:
		m := w.m(e.M)
		m.State, m.CurG = MParked, 0
		if e.Flag {
			m.State = MLockedParked
		}
	case EvMUnpark:
		w.m(e.M).State = MWaking
	case EvMSpin:
		m := w.m(e.M)
		if !m.Spinning {
			w.NMSpinning++
		}
		m.Spinning = true
	case EvMSpinStop:
		m := w.m(e.M)
		if m.Spinning {
			w.NMSpinning--
		}
		m.Spinning = false
	case EvMNetpoll:
		m := w.m(e.M)
		m.State = MNetpoll
	case EvMNetpollWake:
		w.m(e.M).State = MRunning
	case EvMExit:
		m := w.m(e.M)
		m.State, m.P, m.CurG, m.LockedG = MExited, -1, 0, 0
	case EvMLockedHand:
		w.runnable(g) // taken off a queue (or the poller) by findRunnable, handed to its M
		w.m(int32(e.Arg)).State = MWaking
	case EvMSleep:
		w.m(e.M).State = MSleeping
	case EvNeedSpinning:
		w.NeedSpinning = e.N != 0
	case EvTimerAdd, EvTimerFire, EvTimerMod, EvTimerDel:
		if e.N != 0 && e.G == 0 {
			w.timeTimer(e)
			break
		}
		w.sleepTimer(e, g)
	case EvSTWStart:
		w.STW = true
	case EvSTWDone:
		w.STW = false
	case EvDeadlock, EvLimit:
		w.Fatal = e.Text
	case EvExit:
		w.Done, w.ExitCode = true, int(e.N)
	default:
		return false
	}
	return true
}

// sleepTimer folds the events of G's sleep timer.
func (w *World) sleepTimer(e *Event, g *GView) {
	switch e.Kind {
	case EvTimerAdd:
		p := w.P(e.P)
		if g.Loc == LocTimer {
			w.detach(g) // moved from a destroyed P
		}
		g.Loc, g.P = LocTimer, e.P
		p.Timers = append(p.Timers, TimerView{G: g.ID, When: Time(e.Arg)})
	case EvTimerFire:
		w.detach(g)
		g.Loc = LocWait
	}
}

// timeTimer folds the events of timer e.N of package time.
func (w *World) timeTimer(e *Event) {
	drop := func(p *PView) {
		if p != nil {
			p.Timers = slices.DeleteFunc(p.Timers, func(t TimerView) bool { return t.G == 0 && t.Timer == e.N })
		}
	}
	find := func(p *PView) *TimerView {
		if p != nil {
			for i := range p.Timers {
				if t := &p.Timers[i]; t.G == 0 && t.Timer == e.N {
					return t
				}
			}
		}
		return nil
	}
	switch e.Kind {
	case EvTimerAdd:
		drop(w.P(e.P2)) // moved from a destroyed P
		if p := w.P(e.P); p != nil {
			p.Timers = append(p.Timers, TimerView{Timer: e.N, Kind: e.Why, When: Time(e.Arg)})
		}
	case EvTimerFire:
		if e.Arg == 0 {
			drop(w.P(e.P2))
		} else if t := find(w.P(e.P2)); t != nil {
			t.When, t.Zombie = Time(e.Arg), false
		}
	case EvTimerMod:
		if t := find(w.P(e.P)); t != nil {
			t.When, t.Zombie = Time(e.Arg), e.Flag
		}
	case EvTimerDel:
		drop(w.P(e.P))
	}
}
