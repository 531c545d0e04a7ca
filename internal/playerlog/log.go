package playerlog

import (
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

// Scene is a compiled scene with the settings it runs with: what a player
// needs to simulate it, again with other GOMAXPROCS and seeds, and to
// hand the runs to render/play as Logs.
type Scene struct {
	Compiled *script.Compiled
	Settings script.Settings // the scene's own, with the overrides
	Captions []view.Caption
	// Getenv (may be nil) supplies GOMAXPROCS and GODEBUG.
	Getenv func(string) string
}

// NewScene is c run with settings (the scene's own settings merged with
// the overrides of a URL or command line, or a chapter's).
func NewScene(c *script.Compiled, settings script.Settings, getenv func(string) string) *Scene {
	return &Scene{Compiled: c, Settings: settings, Captions: Captions(c), Getenv: getenv}
}

// Log simulates the whole run, with procs and seed overriding the
// settings when they are not zero; it is a play.Rerun.
func (s *Scene) Log(procs int, seed uint64) (play.Log, error) {
	run, err := Simulate(s.Compiled, s.Settings, procs, seed, s.Getenv)
	if err != nil {
		return play.Log{}, err
	}
	return NewLog(run, s.Captions), nil
}

// Start is the log of a run not yet simulated, which the player grows
// (play.Grow) as it needs; it is a play.Rerun.
func (s *Scene) Start(procs int, seed uint64) (play.Log, error) {
	st, err := Start(s.Compiled, s.Settings, procs, seed, s.Getenv)
	if err != nil {
		return play.Log{}, err
	}
	return st.Log(s.Captions), nil
}

// Compare simulates the scene and the scene with goVersion and procs
// overriding its settings (CompareSettings), whole, and returns the two
// runs in lock-step.
func (s *Scene) Compare(goVersion string, procs int) (*play.Compare, error) {
	other, err := CompareSettings(s.Settings, goVersion, procs)
	if err != nil {
		return nil, err
	}
	var sides [2]play.Side
	for i, st := range []script.Settings{s.Settings, other} {
		run, err := Simulate(s.Compiled, st, 0, 0, s.Getenv)
		if err != nil {
			return nil, err
		}
		sides[i] = play.Side{Label: Label(run.Config), Log: NewLog(run, s.Captions)}
	}
	return play.NewCompare(sides[0], sides[1]), nil
}

// NewLog is what a player replays of a whole run: its events, GOMAXPROCS
// and seed, the scene's captions and the source lines.
func NewLog(run *Run, captions []view.Caption) play.Log {
	return play.Log{Events: run.Events, Procs: run.Config.Procs, Seed: run.Config.Seed, Captions: captions, Lines: run}
}

// Recording is a whole run made navigable for a picture of it (a poster,
// a slide's steps) without a player: the events, the captions and the
// source lines, as a Player of NewLog(run, captions) records them.
func Recording(run *Run, captions []view.Caption) *view.Recording {
	rec := view.NewRecording(run.Config.Procs, run.Events, captions)
	rec.SetLines(run)
	return rec
}

// Log is what a player replays of the stepper's run: the events so far,
// and a Grow that simulates further.
func (s *Stepper) Log(captions []view.Caption) play.Log {
	log := NewLog(s.Run, captions)
	log.Grow = func(n int) ([]core.Event, bool, error) {
		done, err := s.Advance(n)
		return s.Run.Events, done, err
	}
	return log
}
