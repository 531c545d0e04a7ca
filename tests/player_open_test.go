package tests

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/play"
)

// TestPlayerOpensAtEveryScenesFirstOwnStep: every chapter scene, played
// as the web and desktop players play it (a growing log, cued by a URL
// without at), opens at "main.main begins": every event before it is the
// runtime's start-up (no goroutine of the scene's is created and nothing is
// printed), and a jump button pressed from the very start (Home) lands
// after the opening, on the scene's own steal, hand-off or preemption.
func TestPlayerOpensAtEveryScenesFirstOwnStep(t *testing.T) {
	all, err := chapters.All()
	require.NoError(t, err)
	cue, err := play.ParseCue(url.Values{})
	require.NoError(t, err)
	n := 0
	for _, c := range all {
		for _, s := range c.Scenes {
			if s.Compiled == nil {
				continue
			}
			n++
			name := c.Slug + "/" + s.ID
			log, err := playerlog.NewScene(s.Compiled, s.Settings, nil).Start(0, 0)
			require.NoError(t, err, name)
			p := play.NewPlayer(log, nil)
			cue.Apply(p)
			at := p.Pos()
			events := p.Recording().Events
			require.GreaterOrEqual(t, at, 0, "%s: no opening step", name)
			require.Equal(t, core.EvMainStart, events[at].Kind, "%s: opens at event %d, %v", name, at, events[at].Kind)
			for i := range at {
				e := &events[i]
				assert.False(t, e.Kind == core.EvGoCreate && e.Arg != 1 && e.G2 != 0, "%s: the scene creates a goroutine at event %d, before the opening step %d", name, i, at)
				assert.NotEqual(t, core.EvPrint, e.Kind, "%s: prints at event %d, before the opening step %d", name, i, at)
			}
			for _, jump := range []play.CommandKind{play.CmdNextSteal, play.CmdNextHandoff, play.CmdNextPreempt} {
				require.NoError(t, p.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdHome}, {Kind: jump}}}))
				if got := p.Pos(); got != -1 {
					assert.Greater(t, got, at, "%s: %v from the start lands in the start-up", name, jump)
				}
			}
		}
	}
	require.Greater(t, n, 20, "the chapters' scenes")
}
