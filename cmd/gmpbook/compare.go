package main

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script"
)

func cmdCompare(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	sf := newFlags("compare", stderr)
	runs := sf.fs.Int("runs", 0, "run `N` times on each side (seeds 1..N) and compare the histograms of the outputs")
	key := sf.fs.String("key", "output", "with -runs, count the whole output, its first-line or its last-line")
	save := sf.fs.String("save", "", "with -runs, write the real runs' outputs to `FILE`.dist (the format of chapters/real), with the machine's load average before and after them")
	st, cfg, ok := sf.loadConfig(args, stderr, getenv)
	if !ok {
		return 2
	}
	if *save != "" && *runs <= 0 {
		fmt.Fprintf(stderr, "gmpbook compare: -save needs -runs N\n")
		return 2
	}
	if *runs > 0 {
		return compareRuns(sf, st, cfg, *runs, *key, *save, stdout, stderr, getenv)
	}
	var simOut, simErr, realOut, realErr bytes.Buffer
	res, err := simulate(sf.compile, cfg, &simOut, &simErr, "", true)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return 2
	}
	realStatus, err := runReal(sf.compile, st, &realOut, &realErr, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return 2
	}
	report(stdout, sf.file, cfg, res, realStatus, &simOut, &simErr, &realOut, &realErr)
	return 0
}

var durRE = regexp.MustCompile(`[0-9]+(\.[0-9]+)?(ns|µs|us|ms|s)\b`)

// report prints the two runs side by side and a short summary.
func report(w io.Writer, file string, cfg core.Config, res *simResult, realStatus int, simOut, simErr, realOut, realErr *bytes.Buffer) {
	fmt.Fprintf(w, "%s  GOMAXPROCS=%d  simulated %s (%s start-up, seed %d) vs real runtime\n\n",
		file, cfg.Procs, cfg.Version.Name, cfg.Startup, cfg.Seed)
	sl, rl := lines(simOut.String()), lines(realOut.String())
	width := 8
	for _, l := range sl {
		width = max(width, min(len(l), 48))
	}
	fmt.Fprintf(w, "  %-*s | %s\n", width, "simulated", "real")
	fmt.Fprintf(w, "  %s-+-%s\n", strings.Repeat("-", width), strings.Repeat("-", 20))
	var differ []int
	for i := 0; i < max(len(sl), len(rl)); i++ {
		a, b := at(sl, i), at(rl, i)
		mark := " "
		if a != b {
			mark = "≠"
			if durRE.ReplaceAllString(a, "D") == durRE.ReplaceAllString(b, "D") && a != "" && b != "" {
				mark = "~" // same line apart from measured durations
			} else {
				differ = append(differ, i+1)
			}
		}
		fmt.Fprintf(w, "%s %-*s | %s\n", mark, width, a, b)
	}
	fmt.Fprintf(w, "\nexit status: simulated %d, real %d\n", res.status, realStatus)
	if len(differ) == 0 {
		fmt.Fprintln(w, "output: the same lines in the same order (~ marks lines that differ only in measured durations)")
	} else {
		fmt.Fprintf(w, "output: lines %v differ\n", differ)
	}
	simTrace, realTrace := schedLines(simErr.String()), schedLines(realErr.String())
	if len(simTrace)+len(realTrace) > 0 {
		fmt.Fprintln(w, "\nschedtrace (simulated | real):")
		for i := 0; i < max(len(simTrace), len(realTrace)); i++ {
			fmt.Fprintf(w, "  %s\n  %s\n", at(simTrace, i), at(realTrace, i))
		}
	}
	fmt.Fprintln(w, "\nsimulated timings:")
	for _, l := range simTimings(res.events) {
		fmt.Fprintf(w, "  %s\n", l)
	}
	fmt.Fprintln(w, "real timings: only what the program prints (durations are marked ~ above); add GODEBUG=schedtrace=1 to compare threads and queues")
}

func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func at(l []string, i int) string {
	if i < len(l) {
		return l[i]
	}
	return ""
}

func schedLines(s string) []string {
	var out []string
	for _, l := range lines(s) {
		if strings.HasPrefix(l, "SCHED ") {
			out = append(out, l)
		}
	}
	return out
}

// simTimings summarises preemptions and syscall hand-offs from the event log.
func simTimings(evs []core.Event) []string {
	var out []string
	preempts, handoffs := 0, 0
	sysStart := map[int64]core.Time{}
	var firstPreempt core.Time = -1
	var slices []string
	for _, e := range evs {
		switch e.Kind {
		case core.EvGoPreempt:
			preempts++
			if firstPreempt < 0 {
				firstPreempt = e.T
			}
		case core.EvGoSysCall:
			sysStart[e.G] = e.T
		case core.EvProcRetake:
			if t, ok := sysStart[e.G]; ok && e.G != 0 {
				handoffs++
				if len(slices) < 5 {
					slices = append(slices, fmt.Sprintf("P%d taken from G%d's syscall after %v", e.P, e.G, e.T-t))
				}
			}
		}
	}
	if preempts > 0 {
		out = append(out, fmt.Sprintf("%d preemptions, the first at %v", preempts, firstPreempt))
	} else {
		out = append(out, "no preemptions")
	}
	if handoffs > 0 {
		out = append(out, fmt.Sprintf("%d Ps taken from system calls by sysmon", handoffs))
		out = append(out, slices...)
	}
	if n := len(evs); n > 0 {
		out = append(out, fmt.Sprintf("ended at %v of virtual time after %d events", evs[n-1].T, n))
	}
	return out
}

var _ = script.Settings{}
