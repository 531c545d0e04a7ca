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

// NewSim builds a simulator running the scene with cfg.
func (c *Compiled) NewSim(cfg core.Config, opts ...core.Option) (*core.Sim, error) {
	return core.New(cfg, c.NewRun().Main(), opts...)
}
