//go:build linux

// Command overcommit shows where the Linux scheduler puts four busy
// threads of one Go process when there are more Ps than CPUs: the case of
// tests/testdata/distribution/overcommit_workers.go, whose model is the
// per-CPU queues of core/cpus.go (docs/timing.md, "The cpus setting").
//
//	go run ./cmd/calibrate/overcommit [-runs 200] [-procs 4] [-cpus 2]
//
// Each run is a new process at GOMAXPROCS=procs, pinned with taskset to the
// first cpus CPUs when taskset is installed. Its main spawns four
// goroutines that each compute 6 ms of their thread's CPU time
// (CLOCK_THREAD_CPUTIME_ID, so time without a CPU does not count) and note
// the CPU they start and end on (getcpu(2)) and when, from main's start.
// The report: the CPUs the four started on, in the order they started; the
// quantiles of the 1st to 4th start and end; how often the goroutines
// finished in the order they started; which finished first.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

const (
	workers = 4
	work    = 6 * time.Millisecond
)

func main() {
	runs := flag.Int("runs", 200, "how many processes to run")
	procs := flag.Int("procs", 4, "GOMAXPROCS of each run")
	cpus := flag.Int("cpus", 2, "CPUs to pin each run to (taskset -c 0-(cpus-1)); 0 for no pinning")
	child := flag.Bool("child", false, "run the workers once (used by the parent)")
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
		args := []string{self, "-child"}
		if ts, err := exec.LookPath("taskset"); err == nil && *cpus > 0 {
			args = append([]string{ts, "-c", fmt.Sprintf("0-%d", *cpus-1)}, args...)
		}
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(*procs))
		out, err := cmd.Output()
		if err != nil {
			fail(fmt.Errorf("%v: %w", args, err))
		}
		r, err := parseRun(out)
		if err != nil {
			fail(err)
		}
		rows = append(rows, r)
	}
	report(rows, *procs, *cpus)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "overcommit:", err)
	os.Exit(1)
}

// A worker is one goroutine's record: start and end in µs from main's
// start, and the CPU at each.
type worker struct {
	start, end       int64
	startCPU, endCPU int
}

type run [workers]worker

func getcpu() int {
	var c, node uint32
	unix.RawSyscall(unix.SYS_GETCPU, uintptr(unsafe.Pointer(&c)), uintptr(unsafe.Pointer(&node)), 0)
	return int(c)
}

func threadCPU() time.Duration {
	var ts unix.Timespec
	unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts)
	return time.Duration(ts.Nano())
}

var sink uint64

// once is one process: four workers, one line per worker on stdout.
func once() {
	t0 := time.Now()
	var rec run
	var wg sync.WaitGroup
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &rec[i]
			w.start = time.Since(t0).Microseconds()
			w.startCPU = getcpu()
			from := threadCPU()
			x := uint64(i)
			for threadCPU()-from < work {
				for range 200 {
					x = x*6364136223846793005 + 1442695040888963407
				}
			}
			sink += x
			w.endCPU = getcpu()
			w.end = time.Since(t0).Microseconds()
		}()
	}
	wg.Wait()
	for _, w := range rec {
		fmt.Println(w.start, w.end, w.startCPU, w.endCPU)
	}
}

func parseRun(out []byte) (run, error) {
	var r run
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != workers {
		return r, fmt.Errorf("child printed %d lines, want %d:\n%s", len(lines), workers, out)
	}
	for i, l := range lines {
		w := &r[i]
		if _, err := fmt.Sscan(l, &w.start, &w.end, &w.startCPU, &w.endCPU); err != nil {
			return r, fmt.Errorf("child line %q: %w", l, err)
		}
	}
	return r, nil
}

// order is the goroutines' indices sorted by key.
func order(r run, key func(worker) int64) []int {
	idx := []int{0, 1, 2, 3}
	sort.SliceStable(idx, func(a, b int) bool { return key(r[idx[a]]) < key(r[idx[b]]) })
	return idx
}

func quantiles(v []int64) string {
	slices.Sort(v)
	var b strings.Builder
	for _, q := range []float64{0.1, 0.25, 0.5, 0.75, 0.9} {
		fmt.Fprintf(&b, " %6d", v[int(q*float64(len(v)-1))])
	}
	return b.String()
}

func report(rows []run, procs, cpus int) {
	fmt.Printf("%d runs, GOMAXPROCS=%d, %d CPUs (0: not pinned), four goroutines of %v of thread CPU time\n\n", len(rows), procs, cpus, work)
	placement := map[string]int{}
	same := 0
	first := [workers]int{}
	var starts, ends [workers][]int64
	for _, r := range rows {
		byStart := order(r, func(w worker) int64 { return w.start })
		byEnd := order(r, func(w worker) int64 { return w.end })
		var key bytes.Buffer
		for k, i := range byStart {
			fmt.Fprint(&key, r[i].startCPU)
			starts[k] = append(starts[k], r[i].start)
			ends[k] = append(ends[k], r[byEnd[k]].end)
		}
		placement[key.String()]++
		if slices.Equal(byStart, byEnd) {
			same++
		}
		first[byEnd[0]]++
	}
	fmt.Println("CPUs the goroutines started on, in the order they started:")
	keys := make([]string, 0, len(placement))
	for k := range placement {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		return placement[keys[a]] > placement[keys[b]] || placement[keys[a]] == placement[keys[b]] && keys[a] < keys[b]
	})
	for _, k := range keys {
		fmt.Printf("  %s %4d\n", k, placement[k])
	}
	fmt.Println("\nµs from main's start (p10 p25 p50 p75 p90):")
	for k := range workers {
		fmt.Printf("  start #%d%s\n", k+1, quantiles(starts[k]))
	}
	for k := range workers {
		fmt.Printf("  end   #%d%s\n", k+1, quantiles(ends[k]))
	}
	fmt.Printf("\nfinished in the order they started: %d of %d\n", same, len(rows))
	fmt.Print("finished first (goroutine: runs):")
	for i, n := range first {
		fmt.Printf(" %d: %d", i, n)
	}
	fmt.Println(" (3 is the last spawned, run by main's thread from runnext)")
}
