// Package playerlog runs a scene once for the players (the desktop window
// in cmd/gmpbook-player and the browser bridge in wasm/): it simulates, and
// keeps what the replay needs that the event log alone does not say — the
// source line each event's goroutine was at, and the lines whose code
// caused each event, for line captions and the page's current line.
//
// It is the one place where a player simulates; package render only
// replays what comes out of here.
package playerlog

import (
	"sort"
	"strconv"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

// Run is one simulated run.
type Run struct {
	Config core.Config
	Events []core.Event
	// Lines[i] is the source line the goroutine of Events[i] was at (0 if
	// unknown).
	Lines []int32
	// Began lists, in the order they ran, the source lines whose code
	// produced each op a scene goroutine handed the simulator, each with
	// the index of the first event after the op was taken (the event that
	// op caused, when it caused one).
	Began []LineStart
}

// LineStart is one op taken from a scene goroutine: its source line, and
// the index of the next event of the run.
type LineStart struct {
	Event int
	Line  int32
}

var _ view.Lines = (*Run)(nil)

// LineOf is the source line goroutine g was at at event i (0 unless g is
// the event's goroutine).
func (r *Run) LineOf(g int64, i int) int {
	if i < 0 || i >= len(r.Lines) || r.Events[i].G != g {
		return 0
	}
	return int(r.Lines[i])
}

// Ran lists the lines whose code began running just before event i.
func (r *Run) Ran(i int) []int32 {
	lo := sort.Search(len(r.Began), func(k int) bool { return r.Began[k].Event >= i })
	var out []int32
	for k := lo; k < len(r.Began) && r.Began[k].Event == i; k++ {
		out = append(out, r.Began[k].Line)
	}
	return out
}

// liner is implemented by the scene VM's goroutines: where they are, and
// which lines ran to produce the op they handed out last.
type liner interface {
	Line() int
	RanLines() []int32
}

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
			if l, ok := s.sim.ProgramOf(e.G).(liner); ok {
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
		if l, ok := s.sim.ProgramOf(g).(liner); ok {
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
		out = append(out, view.Caption{Line: cp.Line, On: cp.On, Text: cp.Text})
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
