package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
)

// realRuns is how often each chapter's "run it for real" program runs on
// the real runtime; the claim must hold every time.
const realRuns = 3

var durationRE = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?(?:ns|µs|us|ms|s|m|h)+`)

// firstDuration is the first duration a program printed.
func firstDuration(out []string) (time.Duration, bool) {
	for _, l := range out {
		for _, m := range durationRE.FindAllString(l, -1) {
			if d, err := time.ParseDuration(m); err == nil {
				return d, true
			}
		}
	}
	return 0, false
}

// parseRange reads "LO..HI" as durations (or plain numbers for threads).
func parseRange(s string, dur bool) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		return 0, 0, fmt.Errorf("range %q is not LO..HI", s)
	}
	conv := func(x string) (float64, error) {
		if dur {
			d, err := time.ParseDuration(x)
			return float64(d), err
		}
		return strconv.ParseFloat(x, 64)
	}
	if lo, err = conv(a); err != nil {
		return
	}
	hi, err = conv(b)
	return
}

// TestChapterClaimsHoldOnTheRealRuntime runs the program of every "run it
// for real" block on the installed Go toolchain, several times, and checks
// the claim the chapter makes about it, on the real runtime and in the
// simulator alike.
func TestChapterClaimsHoldOnTheRealRuntime(t *testing.T) {
	needGo(t)
	all, err := chapters.All()
	require.NoError(t, err)
	type job struct {
		c    *chapters.Chapter
		r    *chapters.Real
		s    *chapters.Scene
		name string
	}
	var jobs []job
	srcs := map[string][]byte{}
	for _, c := range all {
		for i, r := range c.Reals {
			s := c.SceneByID(r.Scene)
			name := fmt.Sprintf("ch%02d_%d_%s", c.Number, i, strings.ReplaceAll(r.Scene, "-", "_"))
			srcs[name] = []byte(s.Source)
			jobs = append(jobs, job{c, r, s, name})
		}
	}
	if len(jobs) == 0 {
		t.Skip("no real blocks")
	}
	bins := buildReal(t, "", srcs)
	for _, j := range jobs {
		t.Run(j.name, func(t *testing.T) {
			where := fmt.Sprintf("%s:%d", j.c.File, j.r.Line)
			cfg, err := j.s.Config()
			require.NoError(t, err)
			res, err := j.s.Run()
			require.NoError(t, err)
			kind, arg, _ := strings.Cut(j.r.Check, "=")
			env := cleanEnv("GOMAXPROCS=" + strconv.Itoa(cfg.Procs))
			if kind == "threads" {
				env = append(env, "GODEBUG=schedtrace=1")
			}
			for run := 0; run < realRuns; run++ {
				rr := runBin(t, env, bins[j.name])
				real := lines(rr.stdout)
				if run == 0 && os.Getenv("GMPBOOK_REWRITE") != "" {
					// The site shows what the real runtime printed.
					out := filepath.Join("..", "chapters", "real", fmt.Sprintf("%02d-%s.out", j.c.Number, j.r.Scene))
					require.NoError(t, os.MkdirAll(filepath.Dir(out), 0o755))
					require.NoError(t, os.WriteFile(out, []byte(rr.stdout+rr.stderr), 0o644))
				}
				switch kind {
				case "output":
					require.Equal(t, res.Output, real, "%s: %s\nreal output differs from the simulator's", where, j.r.Claim)
					require.Equal(t, res.Exit, rr.status, "%s: exit status", where)
				case "lines":
					a, b := slices.Clone(res.Output), slices.Clone(real)
					slices.Sort(a)
					slices.Sort(b)
					require.Equal(t, a, b, "%s: %s\nthe real lines differ from the simulator's", where, j.r.Claim)
				case "duration":
					lo, hi, err := parseRange(arg, true)
					require.NoError(t, err, where)
					rd, ok := firstDuration(real)
					require.True(t, ok, "%s: the real program printed no duration:\n%s", where, rr.stdout)
					require.True(t, float64(rd) >= lo && float64(rd) <= hi, "%s: real duration %v outside %s (%s)", where, rd, arg, j.r.Claim)
					if run == 0 {
						sd, ok := firstDuration(res.Output)
						require.True(t, ok, "%s: the simulated program printed no duration", where)
						require.True(t, float64(sd) >= lo && float64(sd) <= hi, "%s: simulated duration %v outside %s", where, sd, arg)
						t.Logf("%s: simulated %v, real %v (claim %s)", where, sd, rd, arg)
					}
				case "threads":
					lo, hi, err := parseRange(arg, false)
					require.NoError(t, err, where)
					most, _ := maxThreads(t, rr.stderr, cfg.Procs)
					require.True(t, float64(most) >= lo && float64(most) <= hi, "%s: real peak threads %d outside %s", where, most, arg)
					if run == 0 {
						require.True(t, float64(res.MaxThreads) >= lo && float64(res.MaxThreads) <= hi,
							"%s: simulated peak threads %d outside %s", where, res.MaxThreads, arg)
						t.Logf("%s: threads simulated %d, real %d (claim %s)", where, res.MaxThreads, most, arg)
					}
				default:
					t.Fatalf("%s: unknown check %q (want output, lines, duration=LO..HI, threads=LO..HI)", where, j.r.Check)
				}
			}
		})
	}
}

func runBin(t *testing.T, env []string, bin string) runResult {
	t.Helper()
	return run(t, time.Minute, env, bin)
}
