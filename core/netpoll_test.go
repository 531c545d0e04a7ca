package core

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNetSocketIsReadyOnlyWhenWritten: a socket made by OpNetSetup's dial
// has no data of its own; its reader parks in IO wait and is readied by a
// netpoll only after another goroutine's OpNetReady, as scene.NetRead's
// peer writes it from a timer goroutine (scene/net.go).
func TestNetSocketIsReadyOnlyWhenWritten(t *testing.T) {
	for _, timing := range []Timing{TimingFixed, TimingMeasured} {
		cfg := DefaultConfig(1)
		cfg.Timing = timing
		cfg.Seed = 7
		const fd = 3 // the process's first socket
		main := Ops(
			Op{Kind: OpNetSetup, N: NetDial},
			Go("peer", Op{Kind: OpSleep, D: Millisecond}, Op{Kind: OpNetSetup, N: NetWrite}, Op{Kind: OpNetReady, Obj: fd}),
			Op{Kind: OpNetWait, Obj: fd},
		)
		s, err := New(cfg, main)
		require.NoError(t, err)
		require.NoError(t, s.Run())
		require.Equal(t, 0, s.ExitCode(), timing.String())
		var dial, parked, ready, woke Time
		for _, e := range s.Events() {
			switch {
			case e.Kind == EvGoSysCall && e.G == s.mainG.ID && dial == 0:
				dial = e.T
				if timing == TimingFixed {
					require.Equal(t, int64(cfg.Costs.NetDial), e.N, "the dial's length")
				}
			case e.Kind == EvGoBlock && e.G == s.mainG.ID && e.Wait == WaitIOWait:
				parked = e.T
			case e.Kind == EvIOReady && e.N == fd:
				require.Equal(t, s.mainG.ID, e.G, "the socket's waiter")
				ready = e.T
			case e.Kind == EvGoStart && e.G == s.mainG.ID && ready != 0 && woke == 0:
				woke = e.T
			}
		}
		require.NotZero(t, dial, "%s: no dial system call", timing)
		require.NotZero(t, parked, "%s: the reader did not park in IO wait", timing)
		require.Greater(t, ready, parked+Time(Millisecond), "%s: data before the peer's sleep and write", timing)
		require.GreaterOrEqual(t, woke, ready, "%s", timing)
	}
}

// TestSpawnCostIsDrawnByHowTheGIsMade: with measured timing a go statement
// of user code costs a draw from the first-spawn table (once a process),
// then from the reused-G table while the P or the scheduler has a dead G,
// else from the new-G table.
func TestSpawnCostIsDrawnByHowTheGIsMade(t *testing.T) {
	median := func(v []Duration) Duration {
		slices.Sort(v)
		return v[len(v)/2]
	}
	var firsts []Duration
	for seed := range uint64(40) {
		cfg := DefaultConfig(1)
		cfg.Timing, cfg.Seed = TimingMeasured, seed
		s, err := New(cfg, Ops())
		require.NoError(t, err)
		pp := s.allp[0]
		firsts = append(firsts, s.spawnCost(pp))
		var fresh, reused []Duration
		for range 400 {
			fresh = append(fresh, s.spawnCost(pp))
		}
		pp.gFree = append(pp.gFree, &G{})
		for range 400 {
			reused = append(reused, s.spawnCost(pp))
		}
		pp.gFree = nil
		s.sched.gFree = append(s.sched.gFree, &G{})
		for range 400 {
			reused = append(reused, s.spawnCost(pp))
		}
		// The tables' medians: new G ~290ns, reused ~170ns.
		require.InDelta(t, measured.SpawnFresh.median(), median(fresh), 0.2*float64(measured.SpawnFresh.median()), "seed %d: new Gs", seed)
		require.InDelta(t, measured.SpawnReuse.median(), median(reused), 0.2*float64(measured.SpawnReuse.median()), "seed %d: reused Gs", seed)
	}
	require.InDelta(t, measured.SpawnFirst.median(), median(firsts), 0.3*float64(measured.SpawnFirst.median()), "the first go statement")
}
