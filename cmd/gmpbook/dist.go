package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/dist"
	"github.com/gmpbook/gmpbook/script"
)

// compareRuns runs the scene n times on the real runtime and over seeds
// 1..n in the simulator, and prints both histograms of outputs with the
// share of simulated runs whose output a real run also printed and the
// total-variation distance. With save it also writes the real runs'
// whole outputs there as a capture, with the load average before and
// after the runs (the machine's other work changes what the runtime
// does, docs/timing.md).
func compareRuns(sf *sceneFlags, st script.Settings, cfg core.Config, n int, key, save string, stdout, stderr io.Writer, getenv func(string) string) int {
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
	loadBefore, haveLoad := dist.LoadAverage()
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
	capture := dist.Captured{Scene: strings.TrimSuffix(filepath.Base(sf.file), ".go"), Procs: cfg.Procs, Source: sourceHash(sf.compile), Go: goVersion(), Hist: real}
	if loadAfter, ok := dist.LoadAverage(); ok && haveLoad {
		capture.LoadAvg = []float64{loadBefore, loadAfter}
	}
	if save != "" {
		if err := os.WriteFile(save, capture.Marshal(), 0o644); err != nil {
			fmt.Fprintf(stderr, "gmpbook: %v\n", err)
			return 2
		}
	}
	sim, _ = dist.ByKey(sim, key)
	real, _ = dist.ByKey(real, key)
	fmt.Fprintf(stdout, "%s  GOMAXPROCS=%d\n\n", sf.file, cfg.Procs)
	dist.Write(stdout, fmt.Sprintf("simulated (%s timing%s, seeds 1..%d)", cfg.Timing, machineNote(cfg), n), sim, 12)
	fmt.Fprintln(stdout)
	dist.Write(stdout, fmt.Sprintf("real runtime (%s)", capture.LoadRange()), real, 12)
	fmt.Fprintf(stdout, "\nsimulated runs whose output the real runtime also printed: %.0f%%\n", 100*dist.Share(sim, real))
	fmt.Fprintf(stdout, "total-variation distance: %.2f\n", dist.TVD(sim, real))
	mode := real.Mode()
	fmt.Fprintf(stdout, "the real runtime's most frequent output: in %.0f%% of real runs, %.0f%% of simulated runs\n",
		100*real.P(mode), 100*sim.P(mode))
	return 0
}

// sourceHash identifies the scene a capture ran: the first 16 hex digits
// of the SHA-256 of its source as written.
func sourceHash(c *script.Compiled) string {
	sum := sha256.Sum256([]byte(c.Scene.Source))
	return hex.EncodeToString(sum[:])[:16]
}

// goVersion is the installed toolchain and platform the real runs were
// built with ("go1.26.8 linux/amd64"), or "unknown".
func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION", "GOOS", "GOARCH").Output()
	f := strings.Fields(string(out))
	if err != nil || len(f) != 3 {
		return "unknown"
	}
	return f[0] + " " + f[1] + "/" + f[2]
}
