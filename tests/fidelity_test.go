package tests

// The simulator's fidelity test (docs/spec/scenes.md §6): for a program
// whose output order is deterministic on the real runtime,
//
//	GOMAXPROCS=1 go run prog.go   and   GOMAXPROCS=1 gmpbook run prog.go
//
// print the same lines. Every program in testdata/fidelity is built once as
// a real program (the complete form in a module laid out like `gmpbook
// real` lays it out) and run several times in fresh processes, with stdout
// and stderr apart and on one pipe (so that the order of println lines,
// which go to stderr, against fmt lines is compared too). The runs must
// agree with each other before the simulator is held to their output.
//
// Most goroutines print with println: it writes without a system call the
// scheduler sees, whereas a fmt.Println made while another goroutine is
// runnable can lose the P to sysmon (at the P's first system call, or when
// a busy machine deschedules the writing thread), which reorders the
// output now and then. fmt.Println is used where no other goroutine is
// runnable, and every program imports fmt so that, as in most scenes, the
// finalizer goroutine exists.

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fidelityMode says what a fidelity program is compared on.
type fidelityMode int

const (
	// exact: stdout and stderr lines in order, their interleaving, and the
	// exit status. The real runs must agree (see settle below).
	exact fidelityMode = iota
	// lineSet: the multiset of stdout lines and the exit status. For the
	// few programs whose real order is not one order (the runtime chooses
	// at random), so only what happened is compared, not when.
	lineSet
	// anyRealOrder: the real runtime prints one order most of the time and
	// another now and then; the simulator's order must be one of those the
	// real runs printed (compared exactly, both streams).
	anyRealOrder
)

// fidelityModes lists the programs that are not compared exactly.
var fidelityModes = map[string]fidelityMode{
	// select chooses among ready cases uniformly at random
	// (runtime/select.go:selectgo, cheaprandn), so the order in which
	// the two channels' values are received varies from run to run.
	"select_random": lineSet,
	// Without fmt the real run has one runtime goroutine queued before
	// worker 0, and in 5–7% of runs (46 of 1000, 21 of 300) the 61-tick
	// fairness check lands one schedule earlier: 0 runs after 242
	// instead of after 243. (With fmt, overflow_300.go printed one order
	// in 1000 runs.) On the VM of 2026-12-05 the rarer order came out in
	// 12 of 40 runs, and a CI run's first three runs all printed it; so
	// a simulated order not among the first runs gets anyOrderRuns more
	// (0.3^33 that the usual order is still missing).
	"overflow_without_fmt": anyRealOrder,
}

// anyOrderRuns is how many more real runs an anyRealOrder program gets
// when the simulator's order is not among its first ones.
const anyOrderRuns = 30

// fidelityBugs lists programs the simulator gets wrong today, with the
// reason. Such a program still runs on both sides; a mismatch skips it with
// the reason instead of failing, and a match is logged so that the entry
// can go.
var fidelityBugs = map[string]string{
	"printf_types": "simplification: output is kept as lines, and the program's last write " +
		"(fmt.Printf's %!(EXTRA int=2) after the newline) does not end in a newline, which the simulator adds",
}

// fidelityNoiseRuns is how many runs settle a program whose first runs
// disagree: one order must then come out of at least 80% of them.
const fidelityNoiseRuns = 15

// fidelityRuns is how many times each real program runs. The default is
// enough to see a varying order quickly; GMPBOOK_FIDELITY_RUNS raises it to
// re-check a program's determinism at length.
func fidelityRuns(t *testing.T) int {
	if v := os.Getenv("GMPBOOK_FIDELITY_RUNS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(t, err, "GMPBOOK_FIDELITY_RUNS")
		return max(n, 1)
	}
	return 3
}

func TestFidelityAtGOMAXPROCS1(t *testing.T) {
	gmp := gmpbookBin(t)
	dir := filepath.Join("testdata", "fidelity")
	srcs := readScenes(t, dir)
	require.GreaterOrEqual(t, len(srcs), 15, "the fidelity suite wants at least 15 programs")
	start := time.Now()
	bins := buildReal(t, "", srcs)
	t.Logf("built %d real programs in %v", len(bins), time.Since(start).Round(time.Millisecond))
	runs := fidelityRuns(t)

	names := make([]string, 0, len(srcs))
	for name := range srcs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			env := cleanEnv("GOMAXPROCS=1")
			mode := fidelityModes[name]
			// The real runtime first: is there one order to match?
			key := func(r runResult) string {
				if mode == lineSet {
					l := append(lines(r.stdout), lines(r.stderr)...)
					sort.Strings(l)
					return fmt.Sprintf("%d\n%s", r.status, strings.Join(l, "\n"))
				}
				return fmt.Sprintf("%d\n%s\x00%s", r.status, r.stdout, r.stderr)
			}
			// Each real run is made twice: with stdout and stderr apart,
			// to compare each stream, and on one pipe (merged), to
			// compare the order of the lines across them (println writes
			// to stderr).
			realRuns := func(merged bool, n int) []runResult {
				var out []runResult
				for range n {
					if merged {
						out = append(out, runMerged(t, 20*time.Second, env, bins[name]))
					} else {
						out = append(out, run(t, 20*time.Second, env, bins[name]))
					}
				}
				return out
			}
			// settle returns the real order: the output of every run, or,
			// when the runs disagree, the output of at least 80% of
			// fidelityNoiseRuns runs. A program whose order is one order
			// on a quiet machine still prints another now and then on a
			// busy one: a thread descheduled for tens of milliseconds
			// makes timers fire together, or sysmon preempt a goroutine
			// that was running for less than its time slice of CPU.
			settle := func(merged bool) (dominant runResult, all []runResult, ok bool, report string) {
				all = realRuns(merged, runs)
				counts := map[string]int{}
				sample := map[string]runResult{}
				tally := func() {
					clear(counts)
					for _, r := range all {
						counts[key(r)]++
						sample[key(r)] = r
					}
				}
				tally()
				if len(counts) > 1 && len(all) < fidelityNoiseRuns {
					all = append(all, realRuns(merged, fidelityNoiseRuns-len(all))...)
					tally()
				}
				var b strings.Builder
				best := ""
				for k, n := range counts {
					fmt.Fprintf(&b, "--- %d of %d runs: %s\n", n, len(all), oneLine(sample[k]))
					if best == "" || n > counts[best] {
						best = k
					}
				}
				return sample[best], all, counts[best]*5 >= len(all)*4, b.String()
			}
			real, split, okSplit, repSplit := settle(false)
			realMerged, merged, okMerged, repMerged := settle(true)

			events := filepath.Join(t.TempDir(), "events.txt")
			sim := run(t, 20*time.Second, env, gmp, "run", "-events", events, filepath.Join(dir, name+".go"))
			simMerged := runResult{stdout: printedLines(t, events), status: sim.status}

			bug, knownBug := fidelityBugs[name]
			if mode == anyRealOrder {
				seen := func(group []runResult, sim runResult) bool {
					return slices.ContainsFunc(group, func(r runResult) bool { return key(r) == key(sim) })
				}
				// The first runs can all print the rarer order: run more
				// before calling the simulator's order unreal.
				if !seen(split, sim) {
					split = append(split, realRuns(false, anyOrderRuns)...)
					repSplit += fmt.Sprintf("(and %d more runs)\n", anyOrderRuns)
				}
				if !seen(merged, simMerged) {
					merged = append(merged, realRuns(true, anyOrderRuns)...)
					repMerged += fmt.Sprintf("(and %d more runs)\n", anyOrderRuns)
				}
				assert.True(t, seen(split, sim), "the simulator's output is none of the real runs':\nsimulated: %s\n%s",
					oneLine(sim), repSplit)
				assert.True(t, seen(merged, simMerged), "the simulator's interleaved output is none of the real runs':\nsimulated: %s\n%s",
					oneLine(simMerged), repMerged)
				return
			}
			for _, g := range []struct {
				ok     bool
				n      int
				report string
			}{{okSplit, len(split), repSplit}, {okMerged, len(merged), repMerged}} {
				switch {
				case g.ok && g.n > runs:
					t.Logf("the real order varied, but one order dominates (busy machine?):\n%s", g.report)
				case g.ok:
				case knownBug:
					t.Skipf("%s (and the real order varied)", bug)
				default:
					t.Fatalf("the real runtime printed different outputs in %d runs, none in 80%% of them; this program does not have one order to compare with:\n%s",
						g.n, g.report)
				}
			}
			t.Logf("real: %v per run", real.wall.Round(time.Microsecond))

			same := key(real) == key(sim) && key(realMerged) == key(simMerged)
			if knownBug {
				if !same {
					t.Skip(bug)
				}
				t.Logf("listed as a known bug but the simulator now matches the real runtime; remove it from fidelityBugs (%s)", bug)
				return
			}
			assert.Equal(t, real.status, sim.status, "exit status (real vs simulated); simulated stderr:\n%s", sim.stderr)
			switch mode {
			case exact:
				assert.Equal(t, lines(real.stdout), lines(sim.stdout), "stdout lines (real vs simulated)")
				assert.Equal(t, lines(real.stderr), lines(sim.stderr), "stderr lines (real vs simulated)")
				assert.Equal(t, lines(realMerged.stdout), lines(simMerged.stdout), "stdout and stderr lines in the order written (real vs simulated)")
			case lineSet:
				rl, sl := lines(real.stdout), lines(sim.stdout)
				slices.Sort(rl)
				slices.Sort(sl)
				assert.Equal(t, rl, sl, "the set of stdout lines (real vs simulated)")
			}
		})
	}
}

// printedLines returns the lines a simulated program printed, stdout and
// stderr in the order written, from the Print events of an -events log.
func printedLines(t *testing.T, events string) string {
	t.Helper()
	data, err := os.ReadFile(events)
	require.NoError(t, err)
	var b strings.Builder
	for _, l := range lines(string(data)) {
		f := strings.Fields(l)
		if len(f) < 2 || f[1] != "Print" {
			continue
		}
		text := ""
		if _, q, ok := strings.Cut(l, " text="); ok {
			text, err = strconv.Unquote(q)
			require.NoError(t, err, "event %q", l)
		}
		b.WriteString(text)
		b.WriteByte('\n')
	}
	return b.String()
}

// oneLine shows a run's output compactly, lines separated by " | ".
func oneLine(r runResult) string {
	s := fmt.Sprintf("status %d; stdout: %s", r.status, strings.Join(lines(r.stdout), " | "))
	if r.stderr != "" {
		s += "; stderr: " + strings.Join(lines(r.stderr), " | ")
	}
	return s
}
