package playerlog

import (
	"strconv"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/runlog"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

// Run is one simulated run of a scene (runlog.Run: the same type the
// light player decodes).
type Run = runlog.Run

// LineStart is one op taken from a scene goroutine (runlog.LineStart).
type LineStart = runlog.LineStart

// Simulate runs the scene with settings, overridden by procs and seed
// when they are not zero. getenv (may be nil) supplies GOMAXPROCS and
// GODEBUG. Reaching a limit is not an error: the log ends with it.
func Simulate(c *script.Compiled, settings script.Settings, procs int, seed uint64, getenv func(string) string) (*Run, error) {
	st, err := Start(c, settings, procs, seed, getenv)
	if err != nil {
		return nil, err
	}
	if _, err := st.Advance(0); err != nil {
		return nil, err
	}
	return st.Run, nil
}

// Stepper simulates a run a slice at a time, so that a player can show
// the beginning of a scene before the whole run is simulated. Run holds
// the events so far; they are the same, event for event, as Simulate's.
type Stepper struct {
	Run  *Run
	c    *script.Compiled
	sim  *core.Sim // nil until the first Advance
	done bool
}

// Start checks the settings (as for Simulate) and returns a Stepper of
// the scene's run, with no events yet: the first Advance boots the
// process, so that a player can draw the world before any event without
// waiting for it.
func Start(c *script.Compiled, settings script.Settings, procs int, seed uint64, getenv func(string) string) (*Stepper, error) {
	st := settings
	if procs > 0 {
		if err := st.Set("procs", strconv.Itoa(procs)); err != nil {
			return nil, err
		}
	}
	if seed > 0 {
		if err := st.Set("seed", strconv.FormatUint(seed, 10)); err != nil {
			return nil, err
		}
	}
	cfg, err := st.Config(getenv)
	if err != nil {
		return nil, err
	}
	return &Stepper{Run: &Run{Config: cfg}, c: c}, nil
}

// boot creates the process; its start-up events are the first of the run.
func (s *Stepper) boot() error {
	run := s.Run
	// Lines serve line captions and the page's current-line highlight.
	sink := func(e *core.Event) {
		run.Events = append(run.Events, *e)
		line := 0
		if e.G != 0 && s.sim != nil { // sim is nil while core.New boots the runtime
			if l, ok := s.sim.ProgramOf(e.G).(script.Liner); ok {
				line = l.Line()
			}
		}
		run.Lines = append(run.Lines, int32(line))
	}
	// Each op a scene goroutine hands over is the work of one source line;
	// the events it causes follow at once.
	began := func(g int64) {
		if s.sim == nil {
			return
		}
		if l, ok := s.sim.ProgramOf(g).(script.Liner); ok {
			for _, line := range l.RanLines() {
				run.Began = append(run.Began, LineStart{Event: len(run.Events), Line: line})
			}
		}
	}
	sim, err := s.c.NewSim(run.Config, core.WithSink(sink), core.WithOpHook(began))
	if err != nil {
		return err
	}
	s.sim = sim
	return nil
}

// Advance simulates until the run has at least n more events or has
// ended (n <= 0: until it ends), and reports whether it has ended.
// Reaching a limit is not an error: the log ends with it.
func (s *Stepper) Advance(n int) (done bool, err error) {
	want := len(s.Run.Events) + n
	if s.sim == nil && !s.done {
		if err := s.boot(); err != nil {
			s.done = true
			return true, err
		}
	}
	for !s.done && (n <= 0 || len(s.Run.Events) < want) {
		if !s.sim.Step() {
			s.done = true
			if err := s.sim.CheckErr(); err != nil {
				return true, err
			}
		}
	}
	return s.done, nil
}

// Done reports whether the run has ended.
func (s *Stepper) Done() bool { return s.done }

// Captions converts the scene's //> comments for view.
func Captions(c *script.Compiled) []view.Caption {
	out := make([]view.Caption, 0, len(c.Scene.Captions))
	for _, cp := range c.Scene.Captions {
		out = append(out, view.Caption{Line: cp.Line, On: cp.On, Text: cp.Text, Poster: cp.Poster})
	}
	return out
}

// Label names a run's configuration for compare mode: "go1.13 · procs=1".
func Label(cfg core.Config) string {
	return cfg.Version.Name + " · procs=" + strconv.Itoa(cfg.Procs)
}

// CompareSettings is the second configuration of compare mode: settings
// with go and procs overridden when they are not empty or zero.
func CompareSettings(settings script.Settings, goVersion string, procs int) (script.Settings, error) {
	var over script.Settings
	if goVersion != "" {
		if err := over.Set("go", goVersion); err != nil {
			return script.Settings{}, err
		}
	}
	if procs > 0 {
		if err := over.Set("procs", strconv.Itoa(procs)); err != nil {
			return script.Settings{}, err
		}
	}
	return settings.Merge(over), nil
}
