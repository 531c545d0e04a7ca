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
	return s.run(cfg)
}

// RunSeed simulates the scene with another seed.
func (s *Scene) RunSeed(seed uint64) (*Result, error) {
	cfg, err := s.Config()
	if err != nil {
		return nil, err
	}
	cfg.Seed = seed
	return s.run(cfg)
}

func (s *Scene) run(cfg core.Config) (*Result, error) {
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
	if p.Seeds > 0 {
		count := map[string]int{}
		best := ""
		for seed := 1; seed <= p.Seeds; seed++ {
			res, err := sc.RunSeed(uint64(seed))
			if err != nil {
				return "", err
			}
			a := p.answer(res)
			count[a]++
			if n := count[a]; n > count[best] || (n == count[best] && a < best) {
				best = a
			}
		}
		return best, nil
	}
	res, err := sc.Run()
	if err != nil {
		return "", err
	}
	return p.answer(res), nil
}

// answer is what one run says to the exercise.
func (p *Predict) answer(res *Result) string {
	switch p.Answer {
	case "first-line":
		if len(res.Output) == 0 {
			return ""
		}
		return res.Output[0]
	case "last-line":
		if len(res.Output) == 0 {
			return ""
		}
		return res.Output[len(res.Output)-1]
	case "exit":
		return fmt.Sprint(res.Exit)
	case "order":
		return strings.Join(res.Output, " ")
	}
	return strings.Join(res.Output, "\n")
}
