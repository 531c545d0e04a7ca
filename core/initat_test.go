package core

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// measuredSim is a simulator of a one-op program at procs Ps with
// measured timing from m.
func measuredSim(t *testing.T, procs int, seed uint64, m *Machine) *Sim {
	cfg := DefaultConfig(procs)
	cfg.Timing = TimingMeasured
	cfg.Seed = seed
	cfg.Machine = m
	s, err := New(cfg, Ops(Compute(Millisecond)))
	require.NoError(t, err)
	return s
}

// initMachine is the reference machine with start-up tables at
// GOMAXPROCS 2 whose every draw is known: threads start in 700µs, M's
// wake in 600µs, and os's init is 50µs before main.main.
func initMachine() *Machine {
	m := ReferenceMachine()
	m.InitAt = map[int]InitTables{2: {ThreadStart: constTable(700_000), FutexWake: constTable(600_000), FingToMain: constTable(50_000)}}
	return m
}

// TestInitAtDrawsBeforeMainMain: with InitAt tables, a thread asked for
// and an M woken before main.main take the start-up's times, and the same
// after main.main take ThreadStart and FutexWake; a scene at GOMAXPROCS
// 1 (below every table) and a machine without InitAt draw as before.
func TestInitAtDrawsBeforeMainMain(t *testing.T) {
	s := measuredSim(t, 2, 0, initMachine())
	require.NotNil(t, s.initTab)
	require.False(t, s.startupDone)
	require.Equal(t, Time(700_000), s.threadStart())
	require.Equal(t, Time(600_000), s.futexWake())
	s.startupDone = true
	for range 50 {
		require.NotEqual(t, Time(700_000), s.threadStart())
		require.NotEqual(t, Time(600_000), s.futexWake())
	}

	s = measuredSim(t, 1, 0, initMachine())
	require.Nil(t, s.initTab, "no table at or below GOMAXPROCS=1")
	require.Nil(t, ReferenceMachine().initAt(4))
	require.NotNil(t, initMachine().initAt(8), "GOMAXPROCS 8 uses the table of 2")
}

// TestFinalizerGoroutineFingToMainBeforeMainMain: with InitAt tables the
// finalizer goroutine is made FingToMain before main.main (the package
// inits after os's), and without them at the end of the package inits.
func TestFinalizerGoroutineFingToMainBeforeMainMain(t *testing.T) {
	gap := func(m *Machine) Time {
		cfg := DefaultConfig(2)
		cfg.Timing = TimingMeasured
		cfg.Startup = StartupFaithful
		cfg.Machine = m
		s, err := New(cfg, Ops(Compute(Millisecond)))
		require.NoError(t, err)
		s.Run()
		var fing, main Time = -1, -1
		for _, e := range s.Events() {
			line := e.String()
			if fing < 0 && strings.Contains(line, "GoCreate") && strings.Contains(line, "runtime.runFinalizers") {
				fing = e.T
			}
			if main < 0 && strings.Contains(line, "MainStart") {
				main = e.T
			}
		}
		require.GreaterOrEqual(t, fing, Time(0), "no finalizer goroutine")
		require.Greater(t, main, fing)
		return main - fing
	}
	require.InDelta(t, 50_000, float64(gap(initMachine())), 5_000, "os's init until main.main")
	require.Less(t, gap(ReferenceMachine()), Time(5_000), "without InitAt the inits end with os's")
}

// TestFirstPrintOnAFreshPDrawsPrintFresh: the process's first print on a
// P other than P0 and main.main's draws from PrintFresh when the machine
// has it, on P0 from PrintSteal.
func TestFirstPrintOnAFreshPDrawsPrintFresh(t *testing.T) {
	first := func(onP int, fresh bool) Duration {
		m := ReferenceMachine()
		m.PrintSteal = constTable(900_000)
		if fresh {
			m.PrintFresh = constTable(800_000)
		}
		s := measuredSim(t, 4, 0, m)
		s.prints.mainP = s.allp[3]
		return s.printColdFor(s.allp[onP])
	}
	require.Equal(t, Duration(800_000), first(1, true), "on a fresh P")
	require.Equal(t, Duration(900_000), first(0, true), "on P0")
	require.Equal(t, Duration(900_000), first(1, false), "without PrintFresh")
}

// TestSpawnRunsDrawsOneProcess: with SpawnRuns a scene's go statements
// all come from one measured process, drawn at the first (and past the
// 32 measured the last 16 repeat), and SpawnAt is not used; different
// seeds draw different processes.
func TestSpawnRunsDrawsOneProcess(t *testing.T) {
	m := ReferenceMachine()
	m.SpawnRuns = map[int][][]int64{}
	for r := range 3 {
		run := make([]int64, spawnAtLen)
		for k := range run {
			run[k] = int64(100_000*(r+1) + k + 1)
		}
		m.SpawnRuns[2] = append(m.SpawnRuns[2], run)
	}
	m.SpawnAt = map[int][]qtable{2: make([]qtable, spawnAtLen)}
	for k := range m.SpawnAt[2] {
		m.SpawnAt[2][k] = constTable(7)
	}
	require.NoError(t, m.Check())
	drawn := map[int64]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		s := measuredSim(t, 2, seed, m)
		pp := s.allp[0]
		first := s.spawnCost(pp)
		r := int64(first) / 100_000
		require.Equal(t, int64(first), 100_000*r+1, "the first go statement is the process's first")
		for pos := 2; pos <= 40; pos++ {
			require.Equal(t, Duration(100_000*r+int64(spawnPos(pos))), s.spawnCost(pp), "seed %d position %d", seed, pos)
		}
		drawn[r] = true
	}
	require.Len(t, drawn, 3, "20 seeds draw each of the three processes")
	bad := ReferenceMachine()
	bad.SpawnRuns = map[int][][]int64{2: {{1, 2}}}
	require.ErrorContains(t, bad.Check(), "SpawnRuns[2] process 1 has 2 go statements, want 32")
}
