package core

import (
	"fmt"
	"slices"
	"testing"
)

// worldMismatch compares the fold with the live simulator.
func worldMismatch(w *World, s *Sim) error {
	if len(w.Ps) != len(s.allp) {
		return fmt.Errorf("%d Ps in the world, %d in the simulator", len(w.Ps), len(s.allp))
	}
	for i, pp := range s.allp {
		wp := w.Ps[i]
		if wp.Status != pp.status {
			return fmt.Errorf("P%d status %v, simulator %v", i, wp.Status, pp.status)
		}
		if wp.M != pid2(pp.m) {
			return fmt.Errorf("P%d m %d, simulator %d", i, wp.M, pid2(pp.m))
		}
		if wp.Runnext != gid(pp.runnext) {
			return fmt.Errorf("P%d runnext G%d, simulator G%d", i, wp.Runnext, gid(pp.runnext))
		}
		var rq []int64
		for k := 0; k < pp.runqLen(); k++ {
			rq = append(rq, pp.runqat(k).ID)
		}
		if !slices.Equal(wp.Runq, rq) {
			return fmt.Errorf("P%d runq %v, simulator %v", i, wp.Runq, rq)
		}
		if len(wp.Timers) != pp.timers.len() {
			return fmt.Errorf("P%d has %d timers, simulator %d", i, len(wp.Timers), pp.timers.len())
		}
		if int64(pp.schedtick) != wp.Schedtick && pp.m != nil && pp.m.curg != nil && pp.m.curg.status == Grunning {
			return fmt.Errorf("P%d schedtick %d, simulator %d", i, wp.Schedtick, pp.schedtick)
		}
	}
	var gq []int64
	s.sched.runq.each(func(g *G) { gq = append(gq, g.ID) })
	if !slices.Equal(w.Global, gq) {
		return fmt.Errorf("global %v, simulator %v", w.Global, gq)
	}
	for _, g := range s.allg {
		if g.status == Gdead && g.ID == 0 {
			continue
		}
		wg := w.G(g.ID)
		if wg == nil {
			return fmt.Errorf("G%d missing from the world", g.ID)
		}
		if wg.Status != g.status {
			return fmt.Errorf("G%d status %v, simulator %v", g.ID, wg.Status, g.status)
		}
		wl, sl := wg.Loc, g.loc
		if sl == LocNone {
			sl = LocInFlight
		}
		if sl == LocNetpoll || sl == LocWait {
			if wl != LocNetpoll && wl != LocWait {
				return fmt.Errorf("G%d at %v, simulator %v", g.ID, wl, g.loc)
			}
		} else if wl != sl {
			return fmt.Errorf("G%d at %v, simulator %v", g.ID, wl, g.loc)
		}
		if g.status == Gwaiting && wg.Wait != g.waitReason {
			return fmt.Errorf("G%d waits for %v, simulator %v", g.ID, wg.Wait, g.waitReason)
		}
	}
	for _, m := range s.allm {
		wm := w.M(int32(m.ID))
		if wm == nil {
			return fmt.Errorf("M%d missing from the world", m.ID)
		}
		if wm.P != pid(m.p) {
			return fmt.Errorf("M%d holds P%d, simulator P%d", m.ID, wm.P, pid(m.p))
		}
		if wm.CurG != gid(m.curg) {
			return fmt.Errorf("M%d curg G%d, simulator G%d", m.ID, wm.CurG, gid(m.curg))
		}
		if wm.Spinning != m.spinning {
			return fmt.Errorf("M%d spinning %v, simulator %v", m.ID, wm.Spinning, m.spinning)
		}
		if wm.LockedG != gid(m.lockedg) {
			return fmt.Errorf("M%d locked to G%d, simulator G%d", m.ID, wm.LockedG, gid(m.lockedg))
		}
	}
	if w.NPIdle != s.sched.npidle {
		return fmt.Errorf("npidle %d, simulator %d", w.NPIdle, s.sched.npidle)
	}
	return nil
}

func pid2(m *M) int32 {
	if m == nil {
		return -1
	}
	return int32(m.ID)
}

// TestWorldFoldMatchesSimulatorAfterEveryEvent replays random programs'
// event logs into a World and compares it with the simulator after every
// event: the player's picture is derived from the log alone, and this is
// what makes it true.
func TestWorldFoldMatchesSimulatorAfterEveryEvent(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	fails, checked := 0, 0
	for seed := uint64(1); seed <= uint64(n) && fails < 3; seed++ {
		c := genCaseFromSeed(seed)
		w := NewWorld(c.Cfg.Procs)
		var s *Sim
		var err error
		var last Event
		sink := func(e *Event) {
			w.Apply(e)
			last = *e
			if s != nil && err == nil {
				checked++
				if m := worldMismatch(w, s); m != nil {
					err = fmt.Errorf("after event %d %s: %w", e.Seq, e.String(), m)
				}
			}
		}
		s, _ = New(c.Cfg, Ops(c.Main...), WithSink(sink), genObjects())
		if m := worldMismatch(w, s); m != nil {
			err = fmt.Errorf("after boot: %w", m)
		}
		for i := 0; i < genMaxSteps && err == nil && s.Step(); i++ {
		}
		if err != nil {
			fails++
			t.Errorf("seed %d (%s): %v (last event %d)\n%s", seed, cfgString(c.Cfg), err, last.Seq, c)
		}
	}
	if checked < n*20 {
		t.Fatalf("only %d events compared over %d programs", checked, n)
	}
	t.Logf("%d programs, the world matched the simulator after each of %d events", n, checked)
}
