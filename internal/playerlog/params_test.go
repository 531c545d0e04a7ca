package playerlog

import (
	"flag"
	"io"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/script"
)

// TestParamsSurviveTheQuery: what Query writes, ParseQuery reads back, so
// that the site's iframes, slides and the player spell them alike.
func TestParamsSurviveTheQuery(t *testing.T) {
	q, err := url.ParseQuery("procs=3&seed=9&go=1.13&until=50ms&src=" + EncodeSource([]byte("func main() {}\n")) +
		"&cprocs=2&at=17&speed=4&play=1")
	require.NoError(t, err)
	p, err := ParseQuery(q)
	require.NoError(t, err)
	assert.Equal(t, "func main() {}\n", string(p.Src))
	assert.Equal(t, 3, p.Settings.Procs)
	assert.Equal(t, uint64(9), p.Settings.Seed)
	assert.Equal(t, play.Cue{At: 17, HasAt: true, Play: true, Speed: 4}, p.Cue)
	assert.True(t, p.Compare())
	assert.Equal(t, q, p.Query())

	again, err := ParseQuery(p.Query())
	require.NoError(t, err)
	assert.Equal(t, p, again)

	none, err := ParseQuery(url.Values{})
	require.NoError(t, err)
	assert.Equal(t, play.Cue{At: -1}, none.Cue)
	assert.False(t, none.Compare())
	assert.Empty(t, none.Query())
}

func TestParamsSayWhatIsWrong(t *testing.T) {
	for query, want := range map[string]string{
		"procs=0":  "procs=0: want a number of Ps from 1 to 256",
		"src=%21":  "src: not base64url",
		"cprocs=x": "cprocs=x: want a number of Ps",
		"at=x":     "at=x: want an event index (-1: before the first)",
		"speed=-1": "speed=-1: want a positive number",
	} {
		q, err := url.ParseQuery(query)
		require.NoError(t, err)
		_, err = ParseQuery(q)
		assert.ErrorContains(t, err, want, query)
	}
}

// TestFlagsAreTheQuerysParameters: a command line sets what a URL sets.
func TestFlagsAreTheQuerysParameters(t *testing.T) {
	var p Params
	fs := flag.NewFlagSet("player", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	p.Flags(fs)
	require.NoError(t, fs.Parse([]string{"-procs", "3", "-seed", "9", "-at", "17", "-play", "-speed", "4", "-compare-procs", "2", "-dark", "-slide", "-lang", "zh", "scene.go"}))
	q, err := url.ParseQuery("procs=3&seed=9&cprocs=2&at=17&speed=4&play=1&dark=1&slide=1&lang=zh")
	require.NoError(t, err)
	assert.Equal(t, q, p.Query())

	var d Params
	d.Flags(flag.NewFlagSet("player", flag.ContinueOnError))
	assert.Equal(t, play.Cue{At: -1, HasAt: true, Speed: 1}, d.Cue, "the defaults: before the first event, at normal speed, paused")
}

// TestSceneGrowsTheRunItSimulatesWhole: the log a player grows (Start)
// ends as the log simulated whole (Log), with the scene's captions and
// lines, for the scene's settings and for a re-run.
func TestSceneGrowsTheRunItSimulatesWhole(t *testing.T) {
	c, err := script.Load("scene.go", []byte(scene))
	require.NoError(t, err)
	sc := NewScene(c, c.Scene.Settings, nil)
	for _, ps := range [][2]int{{0, 0}, {3, 5}} {
		whole, err := sc.Log(ps[0], uint64(ps[1]))
		require.NoError(t, err)
		grown, err := sc.Start(ps[0], uint64(ps[1]))
		require.NoError(t, err)
		require.NotNil(t, grown.Grow)
		events, done, err := grown.Grow(0)
		require.NoError(t, err)
		assert.True(t, done)
		assert.Equal(t, whole.Events, events)
		assert.Equal(t, whole.Procs, grown.Procs)
		assert.Equal(t, whole.Seed, grown.Seed)
		assert.Equal(t, sc.Captions, whole.Captions)
		assert.NotNil(t, whole.Lines)
	}
}
