package play_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

	p = play.NewPlayer(stealLog(t, 0, 0), nil)
	play.Cue{At: -1}.Apply(p)
	st = p.Status()
	assert.Equal(t, -1, st.Cursor)
	assert.Equal(t, 1.0, st.Speed)
	assert.False(t, st.Playing)
}
