package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/dist"
	"github.com/gmpbook/gmpbook/script"
)

// compareRuns runs the scene n times on the real runtime and over seeds
// 1..n in the simulator, and prints both histograms of outputs with the
// share of simulated runs whose output a real run also printed and the
// total-variation distance.
func compareRuns(sf *sceneFlags, st script.Settings, cfg core.Config, n int, key string, stdout, stderr io.Writer, getenv func(string) string) int {
	if _, err := dist.Key(key, ""); err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return 2
	}
	var seeds []uint64
	for i := 1; i <= n; i++ {
		seeds = append(seeds, uint64(i))
	}
	sim, err := dist.Simulate(sf.compile, cfg, seeds)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return 2
	}
	bin, dir, err := buildReal(sf.compile)
	if dir != "" {
		defer os.RemoveAll(dir)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return 2
	}
	var real dist.Hist
	env := realEnv(st, getenv)
	for i := 0; i < n; i++ {
		cmd := realCommand(bin, st)
		cmd.Env = env
		var out bytes.Buffer
		cmd.Stdout = &out
		cmd.Stderr = io.Discard
		if err := cmd.Run(); err != nil {
			if _, ok := err.(*exec.ExitError); !ok {
				fmt.Fprintf(stderr, "gmpbook: %v\n", err)
				return 2
			}
		}
		real.Add(strings.TrimSuffix(out.String(), "\n"))
	}
	sim, _ = dist.ByKey(sim, key)
	real, _ = dist.ByKey(real, key)
	fmt.Fprintf(stdout, "%s  GOMAXPROCS=%d\n\n", sf.file, cfg.Procs)
	dist.Write(stdout, fmt.Sprintf("simulated (%s timing, seeds 1..%d)", cfg.Timing, n), sim, 12)
	fmt.Fprintln(stdout)
	dist.Write(stdout, "real runtime", real, 12)
	fmt.Fprintf(stdout, "\nsimulated runs whose output the real runtime also printed: %.0f%%\n", 100*dist.Share(sim, real))
	fmt.Fprintf(stdout, "total-variation distance: %.2f\n", dist.TVD(sim, real))
	mode := real.Mode()
	fmt.Fprintf(stdout, "the real runtime's most frequent output: in %.0f%% of real runs, %.0f%% of simulated runs\n",
		100*real.P(mode), 100*sim.P(mode))
	return 0
}
