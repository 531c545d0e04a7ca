package play

import (
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
)

// What the tests of package play_test look at inside: they are an
// external package because they simulate scenes with internal/playerlog,
// which imports play.

const CommandKinds = commandKinds

var ColFocus = chromeLight.Focus

func (p *Player) FrameAt(w, h float32) view.Frame { return p.frameAt(w, h) }

func (p *Player) Tweening() bool { return p.tweening }

func (p *Player) Growing() bool { return p.growing() }

// Events are the two sides' logs.
func (c *Compare) Events() (a, b []core.Event) { return c.a.Log.Events, c.b.Log.Events }

func (c *Compare) Times() []core.Time { return c.times }

// SetGrowMax bounds the chunks p simulates in a tick (see Player.growMax).
func (p *Player) SetGrowMax(n int) { p.growMax = n }

// Simulated reports whether the player's run is simulated to its end.
func (p *Player) Simulated() bool { return p.rec.Closed() }

// FrameAsOpen is Frame laid out as a player whose run is still being
// simulated lays it out: with every place drawn.
func (p *Player) FrameAsOpen(w, h float32) view.Frame {
	p.asOpen = true
	defer func() { p.asOpen = false }()
	return p.Frame(w, h)
}
