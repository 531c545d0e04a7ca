package chapters

import (
	"fmt"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// Result is what a scene did in the simulator.
type Result struct {
	Output     []string
	Exit       int
	Fatal      string // deadlock or panic message
	Limit      bool   // stopped by a limit
	Events     int64
	EndedAt    core.Time
	MaxThreads int
}

// Config is the simulator configuration a chapter scene runs with: its
// settings alone (a chapter does not depend on the reader's environment;
// GOMAXPROCS defaults to 4).
func (s *Scene) Config() (core.Config, error) {
	return s.Settings.Config(nil)
}

// Run simulates the scene.
func (s *Scene) Run() (*Result, error) {
	cfg, err := s.Config()
	if err != nil {
		return nil, err
	}
	res := &Result{}
	threads := 0
	sink := func(e *core.Event) {
		switch e.Kind {
		case core.EvMCreate:
			threads++
		case core.EvMExit:
			threads--
		}
		if threads > res.MaxThreads {
			res.MaxThreads = threads
		}
	}
	sim, err := s.Compiled.NewSim(cfg, core.WithSink(sink))
	if err != nil {
		return nil, err
	}
	sim.Run()
	res.Output = sim.Output()
	res.Exit = sim.ExitCode()
	res.Fatal = sim.Deadlock()
	res.Limit = sim.LimitReached()
	res.Events = sim.NumEvents()
	res.EndedAt = sim.Now()
	res.MaxThreads++ // m0
	return res, nil
}

// Expected is the answer to a predict exercise, computed by running its
// scene: the reader's answer is compared with this.
func (p *Predict) Expected(c *Chapter) (string, error) {
	sc := c.SceneByID(p.Scene)
	if sc == nil {
		return "", fmt.Errorf("no scene %s", p.Scene)
	}
	res, err := sc.Run()
	if err != nil {
		return "", err
	}
	switch p.Answer {
	case "first-line":
		if len(res.Output) == 0 {
			return "", nil
		}
		return res.Output[0], nil
	case "last-line":
		if len(res.Output) == 0 {
			return "", nil
		}
		return res.Output[len(res.Output)-1], nil
	case "exit":
		return fmt.Sprint(res.Exit), nil
	case "order":
		return strings.Join(res.Output, " "), nil
	}
	return strings.Join(res.Output, "\n"), nil
}
