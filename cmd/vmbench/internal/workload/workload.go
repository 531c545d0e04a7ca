// Package workload holds vmbench's CPU-bound programs and runs them in the
// simulator's VM; cmd/vmbench (natively) and cmd/vmbench/wasmrunner (in
// WebAssembly) share it, so both interpret the same source the same way.
//
// Each program is a complete package main under programs/ that prints one
// checksum line. Its size is a package-level variable on a line of its own,
//
//	var size = 5_000_000 // quick: 20_000
//
// whose value is the default size and whose comment is the size of the
// smoke test; WithSize rewrites that line, so the compiled and the
// interpreted program are always the same text.
package workload

import (
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script"
)

//go:embed programs/*/main.go
var programs embed.FS

// Workload is one program.
type Workload struct {
	Name  string
	Src   []byte // with the default size
	Size  int    // the default size
	Quick int    // the size of -quick
	// Summarised marks the counting loop, which the VM runs in closed form
	// rather than instruction by instruction: reported apart.
	Summarised bool
}

// order is the order of the report; every program is listed here.
var order = []string{"sieve", "quicksort", "sortints", "float", "maps", "fib", "count"}

var sizeLine = regexp.MustCompile(`(?m)^var size = ([0-9_]+) // quick: ([0-9_]+)$`)

// All returns every workload, in the order of the report.
func All() []Workload {
	var out []Workload
	for _, name := range order {
		w, err := Get(name)
		if err != nil {
			panic(err)
		}
		out = append(out, w)
	}
	return out
}

// Get returns the workload called name.
func Get(name string) (Workload, error) {
	src, err := programs.ReadFile("programs/" + name + "/main.go")
	if err != nil {
		return Workload{}, fmt.Errorf("no workload %q (have %s)", name, strings.Join(order, ", "))
	}
	m := sizeLine.FindSubmatch(src)
	if m == nil {
		return Workload{}, fmt.Errorf("workload %s: no line `var size = N // quick: M`", name)
	}
	size, err1 := strconv.Atoi(strings.ReplaceAll(string(m[1]), "_", ""))
	quick, err2 := strconv.Atoi(strings.ReplaceAll(string(m[2]), "_", ""))
	if err1 != nil || err2 != nil {
		return Workload{}, fmt.Errorf("workload %s: bad size line %q", name, m[0])
	}
	return Workload{Name: name, Src: src, Size: size, Quick: quick, Summarised: name == "count"}, nil
}

// WithSize returns the program's source with its size set to n.
func (w Workload) WithSize(n int) []byte {
	loc := sizeLine.FindSubmatchIndex(w.Src)
	var b []byte
	b = append(b, w.Src[:loc[2]]...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, w.Src[loc[3]:]...)
	return b
}

// Median returns the median of ds (the mean of the middle two for an even
// count), 0 for none.
func Median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

// Loaded is a program compiled for the VM, ready to run any number of
// times.
type Loaded struct {
	Name string
	Load time.Duration // parsing, type-checking and compiling
	c    *script.Compiled
}

// Load compiles src for the VM. With noSummaries, loops the VM would
// summarise in closed form are interpreted iteration by iteration.
func Load(name string, src []byte, noSummaries bool) (*Loaded, error) {
	t0 := time.Now()
	c, err := script.Load(name+".go", src)
	if err != nil {
		return nil, err
	}
	l := &Loaded{Name: name, Load: time.Since(t0), c: c}
	// The workloads are long on purpose: lift the VM's guard against
	// runaway scenes.
	c.MaxInstructions = 1 << 50
	c.NoSummaries = noSummaries
	return l, nil
}

// Run is one simulated run.
type Run struct {
	Wall    time.Duration // NewSim and Run, on the host's clock
	Virtual time.Duration // the simulated duration of the run
	Output  []string      // the simulated program's standard output
}

// Run simulates the program once on one P and checks that it exited
// cleanly.
func (l *Loaded) Run() (Run, error) {
	cfg := core.DefaultConfig(1)
	cfg.Limits.MaxTime = core.Time(3600 * core.Second)
	t := time.Now()
	// A sink that keeps nothing: the run records no event log, as a
	// benchmark of the interpreter should not measure one growing.
	s, err := l.c.NewSim(cfg, core.WithSink(func(*core.Event) {}))
	if err != nil {
		return Run{}, err
	}
	runErr := s.Run()
	r := Run{Wall: time.Since(t), Virtual: time.Duration(s.Now()), Output: slices.Clone(s.Output())}
	stderr := strings.Join(s.Stderr(), "\n")
	switch {
	case runErr != nil:
		return r, fmt.Errorf("%s: the simulated run failed: %v", l.Name, runErr)
	case s.LimitReached():
		return r, fmt.Errorf("%s: the simulated run hit a limit at %v of virtual time", l.Name, r.Virtual)
	case s.Deadlock() != "":
		return r, fmt.Errorf("%s: %s %s", l.Name, s.Deadlock(), stderr)
	case s.ExitCode() != 0:
		return r, fmt.Errorf("%s: the simulated program exited with status %d: %s", l.Name, s.ExitCode(), stderr)
	}
	return r, nil
}

// Result is what interpreting a program some number of times measured.
type Result struct {
	Load    time.Duration   // Load, once
	Wall    []time.Duration // each run
	Virtual time.Duration   // the simulated duration of the last run
	Output  []string        // what the runs printed (all the same)
}

// Interpret loads src and runs it reps times. Every run must exit cleanly
// and print the same output.
func Interpret(name string, src []byte, reps int, noSummaries bool) (*Result, error) {
	l, err := Load(name, src, noSummaries)
	if err != nil {
		return nil, err
	}
	res := &Result{Load: l.Load}
	for i := 0; i < reps; i++ {
		r, err := l.Run()
		if err != nil {
			return nil, err
		}
		if i > 0 && !slices.Equal(r.Output, res.Output) {
			return nil, fmt.Errorf("%s: run %d printed %q, run 1 %q", name, i+1, r.Output, res.Output)
		}
		res.Wall = append(res.Wall, r.Wall)
		res.Virtual, res.Output = r.Virtual, r.Output
	}
	return res, nil
}
