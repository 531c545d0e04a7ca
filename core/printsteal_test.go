package core

import "testing"

// TestFirstPrintOnAnotherPDrawsPrintSteal: with a machine that has a
// PrintSteal table, the process's first print draws from it when a
// goroutine on a P other than main.main's makes it, and from PrintCold on
// main's P; without the table, from PrintCold on either.
func TestFirstPrintOnAnotherPDrawsPrintSteal(t *testing.T) {
	steal := make(qtable, len(measured.PrintCold))
	for i := range steal {
		steal[i] = 900_000 // far above any PrintCold value
	}
	first := func(withSteal, onMain bool) Duration {
		m := ReferenceMachine()
		if withSteal {
			m.PrintSteal = steal
		}
		cfg := DefaultConfig(2)
		cfg.Timing = TimingMeasured
		cfg.Machine = m
		s, err := New(cfg, Ops(Compute(Millisecond)))
		if err != nil {
			t.Fatal(err)
		}
		s.prints.mainP = s.allp[0]
		pp := s.allp[1]
		if onMain {
			pp = s.allp[0]
		}
		return s.printColdFor(pp)
	}
	hi := Duration(measured.PrintCold[len(measured.PrintCold)-1])
	if d := first(true, false); d != 900_000 {
		t.Errorf("first print on another P with PrintSteal: %v, want 900µs", d)
	}
	if d := first(true, true); d > hi {
		t.Errorf("first print on main's P: %v, above PrintCold's largest %v", d, hi)
	}
	if d := first(false, false); d > hi {
		t.Errorf("first print on another P without PrintSteal: %v, above PrintCold's largest %v", d, hi)
	}
}
