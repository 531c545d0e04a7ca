// Command printsteal times the first prints of a fresh process in the
// shape of tests/testdata/distribution/spawn_report.go: main.main spawns
// eight goroutines in a loop, and each prints one line first thing. It
// splits each print into its formatting (until fmt hands the line to the
// writer) and its write(2), and notes the P it ran on, so that the first
// print on main's P and the first on another P — the goroutine a spinning
// P stole — can be told apart (docs/timing.md, "Machines").
//
//	go run ./cmd/calibrate/printsteal [-runs 200] [-procs 2] [-raw]
//
// Each run is a new process whose standard output is a pipe, as in the
// distribution suite; it reports on standard error.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	_ "unsafe" // go:linkname
)

//go:linkname nanotime runtime.nanotime
func nanotime() int64

//go:linkname procPin runtime.procPin
func procPin() int

//go:linkname procUnpin runtime.procUnpin
func procUnpin()

// pid is the id of the P the calling goroutine runs on.
func pid() int {
	p := procPin()
	procUnpin()
	return p
}

const goroutines = 8

func main() {
	runs := flag.Int("runs", 200, "how many processes to run")
	procs := flag.Int("procs", 2, "GOMAXPROCS of each run")
	child := flag.Bool("child", false, "spawn and print once (used by the parent)")
	raw := flag.Bool("raw", false, "also print each run: main's P, then per goroutine its P and start, write and done in µs from main's start")
	flag.Parse()
	if *child {
		once()
		return
	}
	self, err := os.Executable()
	if err != nil {
		fail(err)
	}
	var rows []run
	for range *runs {
		cmd := exec.Command(self, "-child")
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(*procs))
		cmd.Stdout = io.Discard // a pipe, copied by os/exec
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			fail(fmt.Errorf("child: %w\n%s", err, stderr.String()))
		}
		r, err := parseRun(stderr.String())
		if err != nil {
			fail(err)
		}
		rows = append(rows, r)
		if *raw {
			fmt.Print(stderr.String())
		}
	}
	report(os.Stdout, rows, *procs)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "printsteal:", err)
	os.Exit(1)
}

// A print is one goroutine's: its P, and in µs from main's start when it
// began, handed the line to the writer and returned.
type print struct {
	p                  int
	start, write, done int64
}

// A run is one process: the P main.main ran on and the eight prints, by
// goroutine (the first spawned first).
type run struct {
	mainP  int
	prints [goroutines]print
}

// timedWriter notes when fmt hands it the line.
type timedWriter struct{ at int64 }

func (w *timedWriter) Write(b []byte) (int, error) {
	w.at = nanotime()
	return os.Stdout.Write(b)
}

func once() {
	t0 := nanotime()
	mainP := pid()
	var r run
	var wg sync.WaitGroup
	for i := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := nanotime()
			p := pid()
			w := &timedWriter{}
			fmt.Fprintln(w, "g", i+1)
			r.prints[i] = print{p, (start - t0) / 1000, (w.at - t0) / 1000, (nanotime() - t0) / 1000}
		}()
	}
	wg.Wait()
	r.mainP = mainP
	fmt.Fprint(os.Stderr, r.mainP)
	for _, p := range r.prints {
		fmt.Fprintf(os.Stderr, " %d %d %d %d", p.p, p.start, p.write, p.done)
	}
	fmt.Fprintln(os.Stderr)
}

func parseRun(s string) (run, error) {
	var r run
	f := strings.Fields(s)
	if len(f) != 1+4*goroutines {
		return r, fmt.Errorf("child reported %d fields, want %d: %q", len(f), 1+4*goroutines, s)
	}
	v := make([]int64, len(f))
	for i, x := range f {
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return r, fmt.Errorf("child field %q: %w", x, err)
		}
		v[i] = n
	}
	r.mainP = int(v[0])
	for i := range r.prints {
		w := v[1+4*i:]
		r.prints[i] = print{int(w[0]), w[1], w[2], w[3]}
	}
	return r, nil
}

// firstOn is the print that began first among those on main's P (onMain)
// or on the other Ps, and whether there is one.
func firstOn(r run, onMain bool) (print, bool) {
	var best print
	found := false
	for _, p := range r.prints {
		if (p.p == r.mainP) == onMain && (!found || p.start < best.start) {
			best, found = p, true
		}
	}
	return best, found
}

func quantiles(v []int64) string {
	if len(v) == 0 {
		return " (none)"
	}
	slices.Sort(v)
	var b strings.Builder
	for _, q := range []float64{0.1, 0.25, 0.5, 0.75, 0.9} {
		fmt.Fprintf(&b, " %5d", v[int(q*float64(len(v)-1))])
	}
	return b.String()
}

func report(w io.Writer, rows []run, procs int) {
	var otherFmt, otherWrite, mainFmt, mainWrite, firstWrite []int64
	stolen, last := 0, 0
	for _, r := range rows {
		if p, ok := firstOn(r, false); ok {
			otherFmt = append(otherFmt, p.write-p.start)
			otherWrite = append(otherWrite, p.done-p.write)
		}
		if p, ok := firstOn(r, true); ok {
			mainFmt = append(mainFmt, p.write-p.start)
			mainWrite = append(mainWrite, p.done-p.write)
		}
		first, lastDone := r.prints[0], r.prints[0]
		for _, p := range r.prints {
			if p.write < first.write {
				first = p
			}
			if p.done > lastDone.done {
				lastDone = p
			}
		}
		firstWrite = append(firstWrite, first.done-first.write)
		if r.prints[0].p != r.mainP {
			stolen++
		}
		if lastDone == r.prints[0] {
			last++
		}
	}
	fmt.Fprintf(w, "%d runs, GOMAXPROCS=%d, eight goroutines print first thing; µs (p10 p25 p50 p75 p90)\n", len(rows), procs)
	fmt.Fprintf(w, "first print on another P:  formatting%s  write%s  (%d runs)\n", quantiles(otherFmt), quantiles(otherWrite), len(otherFmt))
	fmt.Fprintf(w, "first print on main's P:   formatting%s  write%s  (%d runs)\n", quantiles(mainFmt), quantiles(mainWrite), len(mainFmt))
	fmt.Fprintf(w, "the process's first write:%s\n", quantiles(firstWrite))
	fmt.Fprintf(w, "g 1 ran on another P in %d runs and printed last in %d\n", stolen, last)
}
