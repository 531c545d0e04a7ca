package script

import (
	"github.com/gmpbook/gmpbook/core"
)

// Load parses, checks and compiles a scene.
func Load(filename string, src []byte) (*Compiled, error) {
	sc, err := Parse(filename, src)
	if err != nil {
		return nil, err
	}
	return Compile(sc)
}

// NewSim builds a simulator running the scene with cfg. What the program
// links changes its start-up: without package os (which fmt and the
// toolkit bring in) there is no finalizer goroutine.
func (c *Compiled) NewSim(cfg core.Config, opts ...core.Option) (*core.Sim, error) {
	cfg.NoFinalizerG = !c.Scene.LinksOS()
	return core.New(cfg, c.NewRun().Main(), opts...)
}
