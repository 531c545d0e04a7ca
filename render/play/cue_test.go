package play_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
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

// TestCueDrawsDarkAndForASlide: dark=1 and slide=1 reach the player (and a
// Loading passes them to the Source it loads); the frame and the chrome
// are then in the dark palette, and the page's "dark" command switches it
// back and forth while the scene plays.
func TestCueDrawsDarkAndForASlide(t *testing.T) {
	q, err := url.ParseQuery("dark=1&slide=1")
	require.NoError(t, err)
	cue, err := play.ParseCue(q)
	require.NoError(t, err)
	assert.True(t, cue.Dark)
	assert.True(t, cue.Slide)
	back := url.Values{}
	cue.Set(back)
	assert.Equal(t, "dark=1&slide=1", back.Encode())

	log := stealLog(t, 0, 0)
	l := play.NewLoading(log.Procs, log.Seed, false, func() (play.Source, error) { return play.NewPlayer(log, nil), nil })
	cue.Apply(l)
	assert.True(t, l.Frame(800, 600).Dark, "the first frame is dark")
	require.NoError(t, l.Update(&play.Input{Dt: 1.0 / 60}))
	assert.True(t, l.Status().Dark, "the loaded player is dark")
	assert.True(t, l.Frame(800, 600).Dark)

	p := play.NewPlayer(stealLog(t, 0, 0), nil)
	play.Cue{At: -1}.Apply(p)
	assert.False(t, p.Status().Dark)
	require.NoError(t, p.Update(&play.Input{Dt: 1.0 / 60, Commands: []play.Command{{Kind: play.CmdDark, At: 1}}}))
	assert.True(t, p.Status().Dark)
	require.NoError(t, p.Update(&play.Input{Dt: 1.0 / 60, Commands: []play.Command{{Kind: play.CmdDark}}}))
	assert.False(t, p.Status().Dark)
}

// TestChromeTextReadsInBothPalettes: every text colour of the controls bar
// is at least 4.5:1 on the bar and on the buttons it sits on, light and dark.
func TestChromeTextReadsInBothPalettes(t *testing.T) {
	for _, dark := range []bool{false, true} {
		c := play.ChromeColors(dark)
		for _, ink := range []struct {
			name string
			col  view.Color
		}{{"ink", c.Ink}, {"soft ink", c.InkSoft}, {"caption", c.Caption}} {
			for _, bg := range []struct {
				name string
				col  view.Color
			}{{"bar", c.Chrome}, {"background", c.Background}} {
				assert.GreaterOrEqual(t, view.Contrast(ink.col, bg.col), 4.5, "dark=%v: %s on %s", dark, ink.name, bg.name)
			}
		}
		for _, b := range []view.Color{c.Button, c.ButtonHot, c.ButtonOn} {
			assert.GreaterOrEqual(t, view.Contrast(c.Ink, b), 4.5, "dark=%v: button text", dark)
		}
	}
	assert.NotEqual(t, play.ChromeColors(false), play.ChromeColors(true))
}

// TestCueSpeaksChinese: lang=zh reaches the player (and a Loading passes
// it on): the narration, the picture's labels and the controls are in
// Chinese, and a jump that finds nothing says so in Chinese. A language
// the player does not speak is a clear error.
func TestCueSpeaksChinese(t *testing.T) {
	q, err := url.ParseQuery("lang=zh")
	require.NoError(t, err)
	cue, err := play.ParseCue(q)
	require.NoError(t, err)
	assert.Equal(t, view.Chinese, cue.Lang)
	back := url.Values{}
	cue.Set(back)
	assert.Equal(t, "lang=zh", back.Encode())
	_, err = play.ParseCue(url.Values{"lang": {"klingon"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "lang=klingon")

	log := stealLog(t, 0, 0)
	l := play.NewLoading(log.Procs, log.Seed, false, func() (play.Source, error) { return play.NewPlayer(log, nil), nil })
	cue.Apply(l)
	l.Frame(800, 600)
	require.NoError(t, l.Update(&play.Input{Dt: 1.0 / 60}))
	st := l.Status()
	assert.Equal(t, view.Chinese, st.Lang, "the loaded player speaks Chinese")
	f := l.Frame(800, 600)
	assert.True(t, view.HasCJK(f.Narration), "narration %q", f.Narration)

	c := play.NewControls(func(s string, size float32) float32 { return float32(len([]rune(s))) * size * 0.6 })
	var labels []string
	for _, s := range c.Layout(nil, st, f.Narration, f.Caption, 800, 600) {
		if s.Kind == view.ShapeText || s.Text != "" {
			labels = append(labels, s.Text)
		}
	}
	assert.Contains(t, labels, "窃取 →")
	assert.Contains(t, labels, "减少动画")
	assert.NotContains(t, labels, "steal →")

	p := play.NewPlayer(stealLog(t, 0, 0), nil)
	p.SetLang(view.Chinese)
	p.Seek(p.Recording().Len() - 1)
	require.NoError(t, p.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdNextSteal}}}))
	assert.Equal(t, "这次运行在此之后没有窃取。", p.Frame(800, 600).Narration)
	p.SetLang(view.English)
	require.NoError(t, p.Update(&play.Input{Commands: []play.Command{{Kind: play.CmdNextSteal}}}))
	assert.Equal(t, "No steal after this point in this run.", p.Frame(800, 600).Narration)
}
