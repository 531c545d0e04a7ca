package core

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// sweepShards is how many parallel subtests share the sweep.
const sweepShards = 4

// replayTail is how many events a -sweep.seed replay prints on failure.
const replayTail = 40

// regressionSeeds once exposed a simulator bug; the sweep runs them on top
// of its range so that each stays fixed.
var regressionSeeds = []uint64{
	// I11: goexit0 cleared g.lockedm before m.lockedg around GoEnd.
	114, 9663,
	// L1: a woken mutex waiter that lost the race parked again without
	// rescheduling its M; 146665 showed it as an acquirep panic.
	3396, 514694, 146665,
	// L1: a second GOMAXPROCS during a pending stop-the-world replaced
	// the first, stranding its caller.
	279234, 589996,
}

// TestSeedSweepKeepsInvariants runs generated programs under random
// configurations with every invariant checked after each event. Any
// simulator panic, invariant violation, hang or badly ended log is a
// failure; all distinct failures are reported, each with its smallest
// reproduction (replay one with -sweep.seed=N -v).
func TestSeedSweepKeepsInvariants(t *testing.T) {
	if *sweepSeed != 0 {
		c := genCaseFromSeed(*sweepSeed)
		t.Log("\n" + c.String())
		start := time.Now()
		o := runGenCase(c, true, WithInvariants())
		s := o.sim
		if s != nil {
			t.Logf("%d events, virtual time %v, exit %d, deadlock %q, limit %v, host time %v",
				o.events, s.Now(), s.ExitCode(), s.Deadlock(), s.LimitReached(), time.Since(start))
		}
		if f := o.failure(); f != "" {
			if o.stack != "" {
				f += "\n" + o.stack
			}
			if s != nil {
				evs := s.Events()
				evs = evs[max(0, len(evs)-replayTail):]
				f += fmt.Sprintf("\nlast %d events:\n%s", len(evs), eventText(evs))
			}
			t.Fatalf("gen seed %d: %s", c.Seed, f)
		}
		return
	}

	n := *sweepN
	base := *sweepBase
	seeds := make([]uint64, 0, n+len(regressionSeeds))
	for i := range n {
		seeds = append(seeds, base+uint64(i))
	}
	seeds = append(seeds, regressionSeeds...)
	var (
		fs         failureSet
		events     atomic.Int64
		failed     atomic.Int64
		deadlocked atomic.Int64
		limited    atomic.Int64
		exited     atomic.Int64
		maxEvents  atomic.Int64
		slowest    atomic.Int64 // host nanoseconds of the slowest run
		slowMu     sync.Mutex
		slowSeed   uint64
	)
	start := time.Now()
	t.Run("shards", func(t *testing.T) {
		for sh := range sweepShards {
			t.Run(fmt.Sprint(sh), func(t *testing.T) {
				t.Parallel()
				for i := sh; i < len(seeds); i += sweepShards {
					c := genCaseFromSeed(seeds[i])
					t0 := time.Now()
					o := runGenCase(c, false, WithInvariants())
					if d := int64(time.Since(t0)); d > slowest.Load() {
						slowMu.Lock()
						if d > slowest.Load() {
							slowest.Store(d)
							slowSeed = c.Seed
						}
						slowMu.Unlock()
					}
					events.Add(o.events)
					for m := maxEvents.Load(); o.events > m && !maxEvents.CompareAndSwap(m, o.events); m = maxEvents.Load() {
					}
					if f := o.failure(); f != "" {
						failed.Add(1)
						fs.add(f, c, o)
						continue
					}
					switch {
					case o.sim.LimitReached():
						limited.Add(1)
					case o.sim.Deadlock() != "":
						deadlocked.Add(1)
					default:
						exited.Add(1)
					}
				}
			})
		}
	})
	elapsed := time.Since(start)
	t.Logf("%d runs (gen seeds %d..%d and %d regression seeds) in %v: %d events (max %d in one run); %d exited, %d deadlocked or panicked, %d hit a limit, %d failed; slowest run %v (gen seed %d)",
		len(seeds), base, base+uint64(n)-1, len(regressionSeeds), elapsed.Round(time.Millisecond), events.Load(), maxEvents.Load(),
		exited.Load(), deadlocked.Load(), limited.Load(), failed.Load(),
		time.Duration(slowest.Load()).Round(time.Millisecond), slowSeed)
	if rep, k := fs.report(); k > 0 {
		t.Errorf("%d of %d runs failed, %d distinct failures:%s", failed.Load(), len(seeds), k, rep)
	}
}
