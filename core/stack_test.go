package core

import (
	"testing"
)

// stackProg is a goroutine's program that reports a fixed stack use, as
// the scene VM does (StackUser), and runs ops.
type stackProg struct {
	Program
	used, size int64
}

func (p *stackProg) SetStack(size int64) { p.size = size }
func (p *stackProg) StackUsed() int64    { return p.used }

// TestGCShrinksIdleStacksAndSetsTheStartingSize: at a GC a stack used
// less than a quarter (counting the nosplit space) is halved and the
// program is told; one used more keeps its size; and a goroutine taken
// from a free list afterwards starts with the average use plus the guard,
// rounded up to a power of two (stack.go:shrinkstack,
// gcComputeStartingStackSize). A new G starts at 2 KB.
func TestGCShrinksIdleStacksAndSetsTheStartingSize(t *testing.T) {
	for _, tc := range []struct {
		name        string
		off         bool
		wantStart   int64
		wantShrinks int
	}{
		{"adaptive", false, 16384, 1},
		{"adaptivestackstart=0", true, 2048, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Two parked goroutines with 64 KB stacks: one uses 8 KB (less
			// than a quarter: halved), one 20 KB (more: kept). Their
			// average use, 14 KB, plus the 928-byte guard rounds up to 16 KB.
			grow := Op{Kind: OpStackGrow, Obj: 2048, N: 64 << 10, D: Microsecond}
			idle := &stackProg{Program: Ops(grow, Op{Kind: OpSleep, D: 10 * Millisecond}), used: 8 << 10}
			busy := &stackProg{Program: Ops(grow, Op{Kind: OpSleep, D: 10 * Millisecond}), used: 20 << 10}
			cfg := DefaultConfig(1)
			cfg.Startup = StartupClean
			cfg.Debug.AdaptiveStackStartOff = tc.off
			main := Ops(
				Op{Kind: OpGo, Prog: idle, Name: "idle"},
				Op{Kind: OpGo, Prog: busy, Name: "busy"},
				Op{Kind: OpGo, Body: []Op{}, Name: "short"}, // exits at once: a G on the free list
				Op{Kind: OpSleep, D: Millisecond},
				Op{Kind: OpGC, D: 100 * Microsecond},
				Op{Kind: OpGo, Body: []Op{}, Name: "after"},
				Op{Kind: OpSleep, D: 20 * Millisecond},
			)
			s, err := New(cfg, main, WithInvariants())
			if err != nil {
				t.Fatal(err)
			}
			s.Run()
			if err := s.CheckErr(); err != nil {
				t.Fatal(err)
			}
			shrinks, grows := 0, 0
			var afterStack int64 = -1
			for _, e := range s.Events() {
				switch e.Kind {
				case EvGoStackGrow:
					grows++
				case EvGoStackShrink:
					shrinks++
					if e.Arg != 64<<10 || e.N != 32<<10 {
						t.Errorf("shrink %d → %d, want 65536 → 32768", e.Arg, e.N)
					}
				case EvGoCreate:
					if e.GoFunc() == "after" {
						afterStack = e.N
					}
				}
			}
			if grows != 2 {
				t.Errorf("%d growths, want 2", grows)
			}
			if shrinks != tc.wantShrinks {
				t.Errorf("%d shrinks, want %d", shrinks, tc.wantShrinks)
			}
			if idle.size != 32<<10 {
				t.Errorf("the shrunk goroutine's program was told %d, want 32768", idle.size)
			}
			if afterStack != tc.wantStart {
				t.Errorf("the G reused after the GC starts with %d bytes, want %d", afterStack, tc.wantStart)
			}
		})
	}
}
