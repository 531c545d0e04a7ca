// Command printsteal times the first prints of a fresh process in the
// shape of tests/testdata/distribution/spawn_report.go: main.main spawns
// eight goroutines in a loop, and each prints one line first thing. It
// splits each print into its formatting (until fmt hands the line to the
// writer) and its write(2), and notes the P it ran on, so that the first
// print on main's P and the first on another P — the goroutine a spinning
// P stole — can be told apart (docs/timing.md, "Machines").
//
//	go run ./cmd/calibrate/printsteal [-runs 200] [-procs 2] [-raw] [-kernel]
//
// Each run is a new process whose standard output is a pipe, as in the
// distribution suite; it reports on standard error. With -kernel each
// print's formatting is also measured as the kernel sees its thread —
// CPU time (clock_gettime CLOCK_THREAD_CPUTIME_ID), minor page faults and
// involuntary context switches (getrusage RUSAGE_THREAD) — which adds a
// few µs of system calls to every formatting, and the report splits the
// first print on each P by the P: main's, P0 (where the runtime's
// start-up ran), or one that never ran anything before.
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
	"syscall"
	"unsafe"
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
	kernel := flag.Bool("kernel", false, "also measure each formatting's CPU time, minor faults and involuntary switches on its thread, and report them by P")
	flag.Parse()
	if *child {
		once(*kernel)
		return
	}
	self, err := os.Executable()
	if err != nil {
		fail(err)
	}
	var rows []run
	var kstats []kernelRun
	for range *runs {
		args := []string{"-child"}
		if *kernel {
			args = append(args, "-kernel")
		}
		cmd := exec.Command(self, args...)
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(*procs))
		cmd.Stdout = io.Discard // a pipe, copied by os/exec
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			fail(fmt.Errorf("child: %w\n%s", err, stderr.String()))
		}
		lines := strings.SplitN(stderr.String(), "\n", 2)
		r, err := parseRun(lines[0])
		if err != nil {
			fail(err)
		}
		rows = append(rows, r)
		if *raw {
			fmt.Println(lines[0])
		}
		if *kernel {
			k, err := parseKernel(strings.TrimSpace(lines[1]))
			if err != nil {
				fail(err)
			}
			kstats = append(kstats, k)
		}
	}
	report(os.Stdout, rows, *procs)
	if *kernel {
		reportKernel(os.Stdout, rows, kstats)
	}
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

// timedWriter notes when fmt hands it the line (and with kernel, the
// thread's usage then).
type timedWriter struct {
	at     int64
	kernel bool
	usage  usage
}

func (w *timedWriter) Write(b []byte) (int, error) {
	w.at = nanotime()
	if w.kernel {
		w.usage = threadUsage()
	}
	return os.Stdout.Write(b)
}

// usage is what the kernel counts for the calling thread: CPU time in
// ns, minor page faults, involuntary context switches.
type usage struct{ cpu, minflt, nivcsw int64 }

func threadUsage() usage {
	var ts syscall.Timespec
	const clockThreadCPUTimeID, rusageThread = 3, 1
	syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	var ru syscall.Rusage
	syscall.RawSyscall(syscall.SYS_GETRUSAGE, rusageThread, uintptr(unsafe.Pointer(&ru)), 0)
	return usage{ts.Nano(), ru.Minflt, ru.Nivcsw}
}

func once(kernel bool) {
	t0 := nanotime()
	mainP := pid()
	var r run
	var k kernelRun
	var wg sync.WaitGroup
	for i := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var u0 usage
			if kernel {
				u0 = threadUsage()
			}
			start := nanotime()
			p := pid()
			w := &timedWriter{kernel: kernel}
			fmt.Fprintln(w, "g", i+1)
			r.prints[i] = print{p, (start - t0) / 1000, (w.at - t0) / 1000, (nanotime() - t0) / 1000}
			k[i] = usage{(w.usage.cpu - u0.cpu) / 1000, w.usage.minflt - u0.minflt, w.usage.nivcsw - u0.nivcsw}
		}()
	}
	wg.Wait()
	r.mainP = mainP
	fmt.Fprint(os.Stderr, r.mainP)
	for _, p := range r.prints {
		fmt.Fprintf(os.Stderr, " %d %d %d %d", p.p, p.start, p.write, p.done)
	}
	fmt.Fprintln(os.Stderr)
	if kernel {
		for _, u := range k {
			fmt.Fprintf(os.Stderr, " %d %d %d", u.cpu, u.minflt, u.nivcsw)
		}
		fmt.Fprintln(os.Stderr)
	}
}

// kernelRun is, per goroutine, what the kernel counted during its
// formatting (CPU time in µs).
type kernelRun [goroutines]usage

func parseKernel(s string) (kernelRun, error) {
	var k kernelRun
	f := strings.Fields(s)
	if len(f) != 3*goroutines {
		return k, fmt.Errorf("child reported %d kernel fields, want %d: %q", len(f), 3*goroutines, s)
	}
	for i := range k {
		var v [3]int64
		for j := range v {
			n, err := strconv.ParseInt(f[3*i+j], 10, 64)
			if err != nil {
				return k, fmt.Errorf("child kernel field %q: %w", f[3*i+j], err)
			}
			v[j] = n
		}
		k[i] = usage{v[0], v[1], v[2]}
	}
	return k, nil
}

// reportKernel splits the first print on each P by the P — main's, P0
// when main is elsewhere, or a P that never ran anything before — and
// gives each group's formatting (µs), its CPU time (µs), how much of it
// was time off the CPU, its minor faults and involuntary switches.
func reportKernel(w io.Writer, rows []run, ks []kernelRun) {
	type group struct{ wall, cpu, off, flt, inv []int64 }
	var groups [3]group
	names := [3]string{"main's P", "P0, not main's", "a fresh P"}
	for i, r := range rows {
		seen := map[int]bool{}
		order := make([]int, goroutines)
		for g := range order {
			order[g] = g
		}
		slices.SortFunc(order, func(a, b int) int { return int(r.prints[a].start - r.prints[b].start) })
		for _, g := range order {
			p := r.prints[g]
			if seen[p.p] {
				continue
			}
			seen[p.p] = true
			c := 2
			switch {
			case p.p == r.mainP:
				c = 0
			case p.p == 0:
				c = 1
			}
			u := ks[i][g]
			gr := &groups[c]
			gr.wall = append(gr.wall, p.write-p.start)
			gr.cpu = append(gr.cpu, u.cpu)
			gr.off = append(gr.off, p.write-p.start-u.cpu)
			gr.flt = append(gr.flt, u.minflt)
			gr.inv = append(gr.inv, u.nivcsw)
		}
	}
	fmt.Fprintf(w, "the first print on each P, by the P (p10 p25 p50 p75 p90; -kernel adds its system calls to each)\n")
	for c, g := range groups {
		fmt.Fprintf(w, "%-15s (%d): formatting%s µs; CPU%s µs; off the CPU%s µs; minor faults%s; involuntary switches%s\n",
			names[c], len(g.wall), quantiles(g.wall), quantiles(g.cpu), quantiles(g.off), quantiles(g.flt), quantiles(g.inv))
	}
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
