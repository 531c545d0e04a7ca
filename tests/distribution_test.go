package tests

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/dist"
	"github.com/gmpbook/gmpbook/script"
)

// The distribution suite: programs whose output depends on timing at more
// than one P (testdata/distribution), each run N times on the real runtime
// and over seeds 1..N in the simulator. For each it reports the share of
// simulated runs whose output some real run also printed, the
// total-variation distance of the two distributions, and whether the real
// runtime's most frequent output is among the simulator's — with the
// measured timing model (the default) and, for comparison, with the fixed
// costs the simulator used before it.
//
// The real side is this machine as it is at the time: on a busy machine
// wake-ups get faster (CPUs never idle) and threads lose their CPU to
// other processes, so the numbers move from one run of the suite to the
// next. And machines differ: a VM where a fresh page costs 15 µs spawns
// and prints at other speeds than the reference machine the built-in
// tables come from (docs/timing.md, "Machines"). So the suite first
// measures this machine (cmd/measure-timing -machine, about 20 s; or
// reads GMPBOOK_MACHINE=FILE) and scores the simulator with this
// machine's tables, reporting the reference tables' scores beside them.
// It also reports the noise floor: the distance between the two halves
// of the real runs, which no model can be expected to go below. `make test` runs a short version (distRunsShort) that asserts only
// a loose floor; `make test-distribution` runs GMPBOOK_DIST_RUNS=200 (and
// distWideFactor times that for a program with many distinct outputs) and
// checks the targets of issue 12 (each program's misses fail the test with
// GMPBOOK_DIST_STRICT=1; otherwise at most one program may miss).

const distRunsShort = 60

// distWideFactor multiplies the full suite's runs, on both sides, for a
// program whose first runs printed more than a quarter as many distinct
// outputs as there were runs.
const distWideFactor = 5

// distinct is how many different strings outs holds.
func distinct(outs []string) int {
	seen := map[string]bool{}
	for _, o := range outs {
		seen[o] = true
	}
	return len(seen)
}

// Targets of the full suite.
const (
	distMinShare = 0.5
	distMaxTVD   = 0.6
)

func distRuns(t *testing.T) (n int, full bool) {
	if v := os.Getenv("GMPBOOK_DIST_RUNS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(t, err, "GMPBOOK_DIST_RUNS")
		return max(n, 1), n >= 100
	}
	return distRunsShort, false
}

type distRow struct {
	name                       string
	procs, cpus, runs          int
	share, tvd                 float64 // with this machine's tables
	refShare, refTVD           float64 // with the reference machine's
	halves                     float64 // the real runs' first half against their second
	modeReal, modeSim          float64 // the real mode's share of real and of simulated runs
	fixedShare, fixedTVD       float64
	realDistinct, simDistinct  int
	fixedDistinct              int
	realTop, simTop, fixedMode string
}

func TestDistributionAtSeveralPs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real programs")
	}
	n, full := distRuns(t)
	srcs := readScenes(t, filepath.Join("testdata", "distribution"))
	require.GreaterOrEqual(t, len(srcs), 8, "the distribution suite wants at least 8 programs")
	start := time.Now()
	bins := buildReal(t, "", srcs)
	t.Logf("built %d real programs in %v", len(bins), time.Since(start).Round(time.Millisecond))
	taskset, _ := exec.LookPath("taskset")
	host := hostMachine(t, full)
	t.Logf("this machine: %s (%s)", host.Name, host.Measured)

	names := make([]string, 0, len(srcs))
	for name := range srcs {
		names = append(names, name)
	}
	sort.Strings(names)
	var rows []distRow
	for _, name := range names {
		c, err := script.Load(name+".go", srcs[name])
		require.NoError(t, err)
		st := c.Scene.Settings
		require.Greater(t, st.Procs, 1, "%s: the distribution suite is about more than one P", name)
		cfg, err := st.Config(nil)
		require.NoError(t, err)
		require.Equal(t, core.TimingMeasured, cfg.Timing)

		env := cleanEnv("GOMAXPROCS=" + strconv.Itoa(st.Procs))
		var outs []string
		runReal := func() {
			var r runResult
			if st.CPUs > 0 && st.CPUs < runtime.NumCPU() {
				if taskset == "" {
					t.Skipf("%s: cpus=%d needs taskset", name, st.CPUs)
				}
				r = run(t, 20*time.Second, env, taskset, "-c", fmt.Sprintf("0-%d", st.CPUs-1), bins[name])
			} else {
				r = run(t, 20*time.Second, env, bins[name])
			}
			require.Equal(t, 0, r.status, "%s: %s", name, r)
			outs = append(outs, strings.TrimSuffix(r.stdout, "\n"))
		}
		for range n {
			runReal()
		}
		// A program whose real runs print many different outputs needs
		// more of them before two samples agree: at 100 runs a side the
		// distance between two sets of real runs of overcommit_spawn is
		// 0.6, at 1000 a side 0.34 (docs/timing.md). The full suite gives
		// such a program distWideFactor times the runs on both sides, so
		// that its target is judged above the noise.
		pn := n
		if full && distinct(outs) > n/4 {
			pn = distWideFactor * n
			for len(outs) < pn {
				runReal()
			}
		}
		var real, half1, half2 dist.Hist
		for i, out := range outs {
			real.Add(out)
			if i < pn/2 {
				half1.Add(out)
			} else {
				half2.Add(out)
			}
		}
		pseeds := make([]uint64, pn)
		for i := range pseeds {
			pseeds[i] = uint64(i + 1)
		}
		ref, err := dist.Simulate(c, cfg, pseeds)
		require.NoError(t, err, name)
		hostCfg := cfg
		hostCfg.Machine = host
		sim, err := dist.Simulate(c, hostCfg, pseeds)
		require.NoError(t, err, name)
		fixedCfg := cfg
		fixedCfg.Timing = core.TimingFixed
		fixed, err := dist.Simulate(c, fixedCfg, pseeds)
		require.NoError(t, err, name)
		mode := real.Mode()
		row := distRow{
			name: name, procs: st.Procs, cpus: st.CPUs, runs: pn,
			share: dist.Share(sim, real), tvd: dist.TVD(sim, real),
			refShare: dist.Share(ref, real), refTVD: dist.TVD(ref, real),
			halves:   dist.TVD(half1, half2),
			modeReal: real.P(mode), modeSim: sim.P(mode),
			fixedShare: dist.Share(fixed, real), fixedTVD: dist.TVD(fixed, real),
			realDistinct: len(real.Count), simDistinct: len(sim.Count), fixedDistinct: len(fixed.Count),
			realTop: dist.Oneline(mode), simTop: dist.Oneline(sim.Mode()), fixedMode: dist.Oneline(fixed.Mode()),
		}
		rows = append(rows, row)
		t.Logf("%s (procs=%d cpus=%d, %d runs a side)\n  real:      %s\n  simulated: %s\n  reference: %s\n  fixed:     %s",
			name, st.Procs, st.CPUs, pn, top(real, 4), top(sim, 4), top(ref, 3), top(fixed, 2))
	}

	var b strings.Builder
	fmt.Fprintf(&b, "%d real runs and %d seeds per program (a program with many outputs more in the full suite: runs), GOMAXPROCS from the scene\n", n, n)
	fmt.Fprintf(&b, "%-20s %5s %4s %5s | %6s %5s %9s %8s | %5s | %10s %5s | %6s %5s %8s\n",
		"program", "procs", "cpus", "runs", "share", "TVD", "real mode", "distinct", "real½", "reference:", "TVD", "fixed:", "TVD", "distinct")
	for _, r := range rows {
		fmt.Fprintf(&b, "%-20s %5d %4d %5d | %5.0f%% %5.2f %4.0f%%/%3.0f%% %4d/%-3d | %5.2f | %9.0f%% %5.2f | %5.0f%% %5.2f %8d\n",
			r.name, r.procs, r.cpus, r.runs, 100*r.share, r.tvd, 100*r.modeReal, 100*r.modeSim,
			r.simDistinct, r.realDistinct, r.halves, 100*r.refShare, r.refTVD, 100*r.fixedShare, r.fixedTVD, r.fixedDistinct)
	}
	b.WriteString("share, TVD: the simulator with this machine's tables; share: simulated runs whose output a\n" +
		"real run printed; real mode: the real runtime's most frequent output, its share of real / of\n" +
		"simulated runs; distinct: simulated/real outputs; real½: the distance between the two halves\n" +
		"of the real runs (the noise floor); reference: the simulator with the built-in tables of the\n" +
		"reference machine; fixed: with constant costs (timing=fixed), as before the measured model\n")
	t.Log("\n" + b.String())

	// The targets, per program. The real side moves with the machine's
	// load from one run of the suite to the next (a distance of 0.5 can be
	// 0.2 or 0.65 an hour later), so a miss is an error only with
	// GMPBOOK_DIST_STRICT=1; otherwise the full suite reports the misses
	// and asserts the targets on average, and on at least all programs
	// but one.
	strict := os.Getenv("GMPBOOK_DIST_STRICT") == "1"
	var misses, floor []string
	var sumShare, sumTVD float64
	for _, r := range rows {
		sumShare += r.share
		sumTVD += r.tvd
		if full {
			var why []string
			if r.share < distMinShare {
				why = append(why, fmt.Sprintf("only %.0f%% of simulated runs printed an output the real runtime printed (target %.0f%%)", 100*r.share, 100*distMinShare))
			}
			if r.tvd > distMaxTVD {
				why = append(why, fmt.Sprintf("total-variation distance %.2f (target at most %.2f)", r.tvd, distMaxTVD))
			}
			if r.modeSim == 0 {
				why = append(why, fmt.Sprintf("the real runtime's most frequent output (%s, %.0f%% of real runs) never came out of the simulator", r.realTop, 100*r.modeReal))
			}
			if len(why) > 0 {
				misses = append(misses, r.name+": "+strings.Join(why, "; "))
				if strict {
					t.Errorf("%s: %s", r.name, strings.Join(why, "; "))
				}
			}
			continue
		}
		// The short run: a floor that noise on a busy machine does not
		// reach.
		if r.share < 0.2 {
			floor = append(floor, fmt.Sprintf("%s: only %.0f%% of simulated runs printed an output the real runtime printed", r.name, 100*r.share))
		}
	}
	if !full {
		// One program may be under the floor, as the full suite lets one
		// miss, to noise: 60 runs a side of a program with dozens of
		// outputs share few by chance. Two under the floor fail.
		if len(floor) == 1 {
			t.Logf("under the floor (one may be): %s", floor[0])
		}
		if len(floor) > 1 {
			t.Errorf("%d programs under the floor (at most one may be):\n%s", len(floor), strings.Join(floor, "\n"))
		}
		return
	}
	nr := float64(len(rows))
	var refShare, refTVD, halves float64
	for _, r := range rows {
		refShare += r.refShare
		refTVD += r.refTVD
		halves += r.halves
	}
	t.Logf("reference tables: mean share %.0f%%, mean distance %.2f; real halves: mean distance %.2f", 100*refShare/nr, refTVD/nr, halves/nr)
	t.Logf("mean share %.0f%%, mean distance %.2f; %d of %d programs miss a target:\n%s",
		100*sumShare/nr, sumTVD/nr, len(misses), len(rows), strings.Join(misses, "\n"))
	if sumShare/nr < distMinShare || sumTVD/nr > distMaxTVD {
		t.Errorf("on average: share %.0f%%, distance %.2f (targets %.0f%%, %.2f)", 100*sumShare/nr, sumTVD/nr, 100*distMinShare, distMaxTVD)
	}
	if len(misses) > 1 {
		t.Errorf("%d programs miss a target (at most one may, to noise):\n%s", len(misses), strings.Join(misses, "\n"))
	}
}

// top shows the k most frequent outputs of h with their shares.
func top(h dist.Hist, k int) string {
	var parts []string
	for i, e := range h.Sorted() {
		if i == k {
			parts = append(parts, fmt.Sprintf("… %d more", len(h.Count)-k))
			break
		}
		parts = append(parts, fmt.Sprintf("%.0f%% %s", 100*float64(e.N)/float64(h.N), dist.Oneline(e.Out)))
	}
	return strings.Join(parts, "; ")
}

// hostMachine is this machine's latency tables: the file
// GMPBOOK_MACHINE names, or measured now by cmd/measure-timing (-runs 60
// for the short suite, 150 for the full one; the probes of everything but
// the load levels, which the suite does not use).
func hostMachine(t *testing.T, full bool) *core.Machine {
	file := os.Getenv("GMPBOOK_MACHINE")
	if file == "" {
		file = filepath.Join(t.TempDir(), "host.json")
		runs := "60"
		if full {
			runs = "150"
		}
		start := time.Now()
		cmd := exec.Command("go", "run", "./cmd/measure-timing", "-runs", runs,
			"-only", "startup,runtime,trace,slice,printcold,timerinit,spawn,netsetup,initthreads", "-machine", file)
		cmd.Dir = ".."
		cmd.Env = cleanEnv()
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "measuring this machine:\n%s", out)
		t.Logf("measured this machine in %v (go run ./cmd/measure-timing -runs %s -machine FILE)", time.Since(start).Round(time.Second), runs)
	}
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	m, err := core.ParseMachine(file, data)
	require.NoError(t, err)
	return m
}
