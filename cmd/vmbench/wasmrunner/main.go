// Command wasmrunner is vmbench's WebAssembly side: built with GOOS=js
// GOARCH=wasm and run under Node (through the Go distribution's
// lib/wasm/go_js_wasm_exec), it interprets one of vmbench's embedded
// workloads in the simulator's VM, as the browser player would, and prints
// what it measured as one line of JSON:
//
//	wasmrunner -workload sieve -size 5000000 -reps 5 [-nosummaries]
//
// The scene is loaded (parsed, checked and compiled) once; each of the
// reps runs is NewSim and Run, timed with the host's clock (under Node,
// performance.now). Nothing in it is specific to WebAssembly: built
// natively, it measures what vmbench's native column does.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/gmpbook/gmpbook/cmd/vmbench/internal/workload"
)

// Report is the line wasmrunner prints; vmbench reads it back.
type Report struct {
	Workload  string    `json:"workload"`
	Size      int       `json:"size"`
	LoadMs    float64   `json:"load_ms"`
	RunMs     []float64 `json:"run_ms"`
	VirtualNs int64     `json:"virtual_ns"`
	Output    []string  `json:"output"`
	Error     string    `json:"error,omitempty"`
}

func main() {
	name := flag.String("workload", "", "the workload to interpret")
	size := flag.Int("size", 0, "its size (0: the default)")
	reps := flag.Int("reps", 5, "timed runs")
	noSummaries := flag.Bool("nosummaries", false, "interpret every loop iteration by iteration")
	flag.Parse()
	rep := Report{Workload: *name, Size: *size}
	if err := run(&rep, *reps, *noSummaries); err != nil {
		rep.Error = err.Error()
	}
	b, err := json.Marshal(rep)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmrunner:", err)
		os.Exit(2)
	}
	fmt.Println(string(b))
	if rep.Error != "" {
		os.Exit(1)
	}
}

func run(rep *Report, reps int, noSummaries bool) error {
	w, err := workload.Get(rep.Workload)
	if err != nil {
		return err
	}
	if rep.Size == 0 {
		rep.Size = w.Size
	}
	res, err := workload.Interpret(w.Name, w.WithSize(rep.Size), max(reps, 1), noSummaries)
	if err != nil {
		return err
	}
	rep.LoadMs = ms(res.Load.Seconds())
	for _, d := range res.Wall {
		rep.RunMs = append(rep.RunMs, ms(d.Seconds()))
	}
	rep.VirtualNs = res.Virtual.Nanoseconds()
	rep.Output = res.Output
	return nil
}

func ms(s float64) float64 { return s * 1000 }
