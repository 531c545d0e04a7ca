package play_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/play"
)

// TestCueSeeksSetsTheSpeedAndPlays: a URL's at, speed and play reach the
// player as Seek, SetSpeed and SetPlaying; what is not given is left.
func TestCueSeeksSetsTheSpeedAndPlays(t *testing.T) {
	q, err := url.ParseQuery("at=30&speed=4&play=1")
	require.NoError(t, err)
	cue, err := play.ParseCue(q)
	require.NoError(t, err)
	p := play.NewPlayer(stealLog(t, 0, 0), nil)
	cue.Apply(p)
	st := p.Status()
	assert.Equal(t, 30, st.Cursor)
	assert.Equal(t, 4.0, st.Speed)
	assert.True(t, st.Playing)
	back := url.Values{}
	cue.Set(back)
	assert.Equal(t, q, back)

	// at=-1 is before the first event, the runtime's start-up included.
	p = play.NewPlayer(stealLog(t, 0, 0), nil)
	play.Cue{At: -1, HasAt: true}.Apply(p)
	st = p.Status()
	assert.Equal(t, -1, st.Cursor)
	assert.Equal(t, 1.0, st.Speed)
	assert.False(t, st.Playing)
}

// TestCueWithoutAtOpensAtMainMain: a player cued without at opens at
// "main.main begins", past the runtime's start-up; Home still reaches the
// start.
func TestCueWithoutAtOpensAtMainMain(t *testing.T) {
	log := stealLog(t, 0, 0)
	p := play.NewPlayer(log, nil)
	cue, err := play.ParseCue(url.Values{})
	require.NoError(t, err)
	cue.Apply(p)
	at := p.Pos()
	require.Positive(t, at, "the start-up comes before main.main")
	assert.Equal(t, core.EvMainStart, log.Events[at].Kind)
	assert.Equal(t, at, p.Opening())
	require.NoError(t, p.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdHome}}}))
	assert.Equal(t, -1, p.Pos())
}
