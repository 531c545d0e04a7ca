package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/dist"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/script"
)

const usage = `usage:
  gmpbook run     [flags] FILE.go   simulate the scene; print what it prints
  gmpbook real    [flags] FILE.go   run it on the installed Go toolchain
  gmpbook compare [flags] FILE.go   both, side by side
  gmpbook site    [-o DIR] [-chapters DIR]
                                    write the notebook's website into DIR (default site/out)
  gmpbook serve   [-addr HOST:PORT] serve the website (default 127.0.0.1:8080)

flags (also settable in a //scene first line): -procs N -cpus N -load 0|2|4|8
-seed N -go 1.26 -startup faithful|clean -timing measured|fixed -until 50ms;
run also takes -events FILE, -trace FILE and -seeds 1..100 (a histogram of
the outputs over those seeds; -against FILE.dist scores it against a
captured real distribution); compare takes -runs N (N real runs beside N
seeds; -save FILE.dist writes the real side as a capture, with the load
average before and after); with either, -key first-line|last-line counts
only that line.
-load is how many other programs' threads keep the CPUs busy (default 0, an
idle machine); real runs ignore it.
-machine FILE draws measured timing from another machine's tables (written
by go run ./cmd/measure-timing -machine FILE) instead of the reference
machine's, so that the simulator stands for the machine the real runs use.
GOMAXPROCS and GODEBUG are read from the environment.
`

// sceneGODEBUG carries the user's GODEBUG to the simulated runtime when
// gmpbook re-executes itself without it.
const sceneGODEBUG = "GMPBOOK_SCENE_GODEBUG"

// tracesSched says whether GODEBUG value gd makes a Go runtime print
// schedtrace lines. A malformed value counts as tracing, so the re-run
// without it still happens and the simulated runtime reports the error.
func tracesSched(gd string) bool {
	d, _, err := core.ParseGODEBUG(gd)
	return err != nil || d.Traces()
}

func main() {
	// GODEBUG=schedtrace=… would make gmpbook's own runtime print its
	// schedtrace lines among the simulated ones: run again without it.
	if gd := os.Getenv("GODEBUG"); gd != "" && os.Getenv(sceneGODEBUG) == "" && tracesSched(gd) {
		if exe, err := os.Executable(); err == nil {
			env := []string{sceneGODEBUG + "=" + gd}
			for _, e := range os.Environ() {
				if !strings.HasPrefix(e, "GODEBUG=") {
					env = append(env, e)
				}
			}
			reexec(exe, env) // returns only if it could not
		}
	}
	getenv := func(k string) string {
		if k == "GODEBUG" {
			if v := os.Getenv(sceneGODEBUG); v != "" {
				return v
			}
		}
		return os.Getenv(k)
	}
	os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr, getenv))
}

// Main runs the command and returns the exit status. Panics become a
// message and status 2: bad input must never crash the tool.
func Main(args []string, stdout, stderr io.Writer, getenv func(string) string) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "gmpbook: internal error: %v\n", r)
			status = 2
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "run":
		return cmdRun(args[1:], stdout, stderr, getenv)
	case "real":
		return cmdReal(args[1:], stdout, stderr, getenv)
	case "compare":
		return cmdCompare(args[1:], stdout, stderr, getenv)
	case "site":
		return cmdSite(args[1:], stdout, stderr)
	case "serve":
		return cmdServe(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "gmpbook: unknown command %q\n%s", args[0], usage)
	return 2
}

// sceneFlags are the flags every command shares with scene settings.
type sceneFlags struct {
	fs      *flag.FlagSet
	over    script.Settings
	events  string
	trace   string
	file    string
	machine string
	compile *script.Compiled
}

func newFlags(name string, stderr io.Writer) *sceneFlags {
	sf := &sceneFlags{fs: flag.NewFlagSet(name, flag.ContinueOnError)}
	sf.fs.SetOutput(stderr)
	// A bad flag gets its one-line message, not the whole usage.
	sf.fs.Usage = func() {}
	playerlog.SettingFlags(sf.fs, &sf.over)
	sf.fs.StringVar(&sf.machine, "machine", "", "draw measured timing from this machine's tables (`FILE`, written by go run ./cmd/measure-timing -machine FILE) instead of the reference machine's")
	return sf
}

// load parses the flags and the scene file.
func (sf *sceneFlags) load(args []string, stderr io.Writer) (script.Settings, bool) {
	if err := sf.fs.Parse(args); err != nil {
		return script.Settings{}, false
	}
	if sf.fs.NArg() != 1 {
		fmt.Fprintf(stderr, "gmpbook %s: want one scene file\n", sf.fs.Name())
		return script.Settings{}, false
	}
	sf.file = sf.fs.Arg(0)
	src, err := os.ReadFile(sf.file)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return script.Settings{}, false
	}
	c, err := script.Load(sf.file, src)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return script.Settings{}, false
	}
	sf.compile = c
	return c.Scene.Settings.Merge(sf.over), true
}

// loadConfig is load, then the simulator's configuration of the merged
// settings (GOMAXPROCS and GODEBUG from getenv where they apply).
func (sf *sceneFlags) loadConfig(args []string, stderr io.Writer, getenv func(string) string) (script.Settings, core.Config, bool) {
	st, ok := sf.load(args, stderr)
	if !ok {
		return st, core.Config{}, false
	}
	cfg, err := st.Config(getenv)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return st, core.Config{}, false
	}
	if sf.machine != "" {
		data, err := os.ReadFile(sf.machine)
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook: -machine: %v\n", err)
			return st, core.Config{}, false
		}
		m, err := core.ParseMachine(sf.machine, data)
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook: -machine %v\n", err)
			return st, core.Config{}, false
		}
		cfg.Machine = m
	}
	return st, cfg, true
}

// machineNote names the machine whose tables measured timing draws, when
// it is not the reference machine (-machine).
func machineNote(cfg core.Config) string {
	if cfg.Machine == nil || cfg.Timing != core.TimingMeasured {
		return ""
	}
	return fmt.Sprintf(" of machine %q (%s)", cfg.Machine.Name, cfg.Machine.Measured)
}

func cmdRun(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	sf := newFlags("run", stderr)
	sf.fs.StringVar(&sf.events, "events", "", "write one line per simulator event to `FILE` (- for stderr)")
	sf.fs.StringVar(&sf.trace, "trace", "", "write Chrome trace JSON (opens in Perfetto) to `FILE`")
	seeds := sf.fs.String("seeds", "", "run once per seed (`N`, A..B or A,B,C) and print a histogram of the outputs")
	key := sf.fs.String("key", "output", "with -seeds, count the whole output, its first-line or its last-line")
	against := sf.fs.String("against", "", "with -seeds, score the outputs against a captured real distribution (`FILE`.dist, chapters/real)")
	_, cfg, ok := sf.loadConfig(args, stderr, getenv)
	if !ok {
		return 2
	}
	if *seeds != "" {
		list, err := dist.ParseSeeds(*seeds)
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook: %v\n", err)
			return 2
		}
		var real dist.Hist
		var captured dist.Captured
		if *against != "" {
			data, err := os.ReadFile(*against)
			if err != nil {
				fmt.Fprintf(stderr, "gmpbook: -against: %v\n", err)
				return 2
			}
			c, err := dist.ParseCaptured(data)
			if err != nil {
				fmt.Fprintf(stderr, "gmpbook: -against %s: %v\n", *against, err)
				return 2
			}
			if c.Procs != cfg.Procs {
				fmt.Fprintf(stderr, "gmpbook: -against %s: captured at GOMAXPROCS=%d, the scene runs at %d\n", *against, c.Procs, cfg.Procs)
				return 2
			}
			real, captured = c.Hist, c
		}
		h, err := dist.Simulate(sf.compile, cfg, list)
		if err == nil {
			h, err = dist.ByKey(h, *key)
		}
		if err == nil && *against != "" {
			real, err = dist.ByKey(real, *key)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook: %v\n", err)
			return 2
		}
		dist.Write(stdout, fmt.Sprintf("simulated, GOMAXPROCS=%d, %s timing%s, load %d, seeds %s", cfg.Procs, cfg.Timing, machineNote(cfg), cfg.Load, *seeds), h, 0)
		if *against != "" {
			fmt.Fprintf(stdout, "\nagainst %s (%d real runs, %s):\n", *against, real.N, captured.LoadRange())
			fmt.Fprintf(stdout, "simulated runs whose output the real runtime also printed: %.0f%%\n", 100*dist.Share(h, real))
			fmt.Fprintf(stdout, "total-variation distance: %.2f\n", dist.TVD(h, real))
			fmt.Fprintf(stdout, "the real runtime's most frequent output: in %.0f%% of real runs, %.0f%% of simulated runs\n", 100*real.P(real.Mode()), 100*h.P(real.Mode()))
		}
		return 0
	}
	res, err := simulate(sf.compile, cfg, stdout, stderr, sf.events, sf.trace != "")
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return 2
	}
	if sf.trace != "" {
		data, err := core.ChromeTrace(res.events)
		if err == nil {
			err = os.WriteFile(sf.trace, data, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook: trace: %v\n", err)
			return 2
		}
	}
	return res.status
}

// simResult is what a simulated run produced.
type simResult struct {
	status int
	events []core.Event
	sim    *core.Sim
}

// simulate runs the scene, streaming the program's output and schedtrace
// lines as they happen.
func simulate(c *script.Compiled, cfg core.Config, stdout, stderr io.Writer, eventsTo string, keep bool) (*simResult, error) {
	out := bufio.NewWriter(stdout)
	errw := bufio.NewWriter(stderr)
	defer out.Flush()
	defer errw.Flush()
	var evw *bufio.Writer
	switch eventsTo {
	case "":
	case "-":
		evw = errw
	default:
		f, err := os.Create(eventsTo)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		evw = bufio.NewWriter(f)
		defer evw.Flush()
	}
	res := &simResult{}
	var limitMsg string
	var panicked int64
	sink := func(e *core.Event) {
		switch e.Kind {
		case core.EvLimit:
			limitMsg = e.Text
		case core.EvDeadlock:
			panicked = e.G
		case core.EvPrint:
			// Flushing the other stream first keeps the two in the
			// order they were written when they share a terminal.
			w, other := out, errw
			if e.N == 2 {
				w, other = errw, out
			}
			if other.Buffered() > 0 {
				other.Flush()
			}
			w.WriteString(e.Text)
			w.WriteByte('\n')
		case core.EvSchedTrace:
			out.Flush()
			errw.WriteString(e.Snap.Format())
			errw.Flush()
		}
		if evw != nil {
			evw.WriteString(e.String())
			evw.WriteByte('\n')
		}
		if keep {
			res.events = append(res.events, *e)
		}
	}
	s, err := c.NewSim(cfg, core.WithSink(sink))
	if err != nil {
		return nil, err
	}
	res.sim = s
	runErr := s.Run()
	out.Flush()
	switch {
	case s.LimitReached():
		fmt.Fprintf(errw, "gmpbook: the scene was stopped: %s (at %v of virtual time)\n", limitMsg, s.Now())
	case strings.HasPrefix(s.Deadlock(), "panic: "):
		fmt.Fprintf(errw, "%s\n\n", s.Deadlock())
		script.WriteDump(errw, s, panicked, c.Scene.Filename)
	case s.Deadlock() != "":
		fmt.Fprintf(errw, "fatal error: %s\n\n", s.Deadlock())
		script.WriteDump(errw, s, 0, c.Scene.Filename)
	}
	if runErr != nil && !errors.Is(runErr, core.ErrLimit) {
		return nil, runErr
	}
	res.status = s.ExitCode()
	return res, nil
}

func osArgs() []string { return os.Args }
