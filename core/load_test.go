package core

import (
	"strings"
	"testing"
)

// TestLoadKeepsInvariantsAndOnlyDelays runs generated programs at each
// measured load: the scheduler's invariants hold after every event, a
// seed gives the same log twice, at least some runs differ from load 0
// (the waits are drawn), and with fixed timing the load changes nothing
// (Sim.loadWait draws only with measured timing).
func TestLoadKeepsInvariantsAndOnlyDelays(t *testing.T) {
	runs := 90
	if testing.Short() {
		runs = 30
	}
	differ := 0
	for i := range runs {
		seed := uint64(910_000 + i)
		c := measuredCase(seed)
		idle := c
		c.Cfg.Load = LoadLevels[1+i%(len(LoadLevels)-1)]
		a := runGenCase(c, true, WithInvariants())
		if f := a.failure(); f != "" {
			t.Fatalf("gen seed %d (load %d): %s\n%s", seed, c.Cfg.Load, f, c)
		}
		b := runGenCase(c, true)
		ta, tb := eventText(a.sim.Events()), eventText(b.sim.Events())
		if ta != tb {
			t.Fatalf("gen seed %d (load %d): two runs differ at %s", seed, c.Cfg.Load, firstDiff(ta, tb))
		}
		if eventText(runGenCase(idle, true).sim.Events()) != ta {
			differ++
		}

		fixed, fixedIdle := c, idle
		fixed.Cfg.Timing, fixedIdle.Cfg.Timing = TimingFixed, TimingFixed
		tf, ti := eventText(runGenCase(fixed, true).sim.Events()), eventText(runGenCase(fixedIdle, true).sim.Events())
		if tf != ti {
			t.Fatalf("gen seed %d: with fixed timing load %d changed the log at %s", seed, c.Cfg.Load, firstDiff(ti, tf))
		}
	}
	if differ < runs/3 {
		t.Fatalf("only %d of %d runs differ from load 0: the load's waits are not drawn", differ, runs)
	}
}

func TestLoadOutsideTheMeasuredLevelsIsRefused(t *testing.T) {
	for _, load := range []int{-1, 1, 3, 16} {
		cfg := DefaultConfig(2)
		cfg.Load = load
		_, err := New(cfg, Ops())
		if err == nil || !strings.Contains(err.Error(), "one of the measured levels") {
			t.Errorf("load %d: got %v, want a message naming the measured levels", load, err)
		}
	}
}
