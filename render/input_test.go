//go:build display

// These tests need a display only because importing Ebiten does: run them
// with `xvfb-run -a go test -tags display ./render/`, as
// tests/player_desktop_test.go does. The player's own tests (stepping,
// re-runs, compare, the controls bar) are in render/play and need none.

package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"

	"github.com/gmpbook/gmpbook/render/play"
)

func TestArrowsStepAndShiftArrowsStepOneEvent(t *testing.T) {
	st := play.Status{Cursor: 5, Len: 50}
	for _, tt := range []struct {
		k     ebiten.Key
		shift bool
		want  play.Command
	}{
		{ebiten.KeyArrowRight, false, play.Command{Kind: play.CmdStep}},
		{ebiten.KeyArrowLeft, false, play.Command{Kind: play.CmdBack}},
		{ebiten.KeyArrowRight, true, play.Command{Kind: play.CmdStepEvent}},
		{ebiten.KeyArrowLeft, true, play.Command{Kind: play.CmdBackEvent}},
		{ebiten.KeyHome, false, play.Command{Kind: play.CmdHome}},
		{ebiten.KeyEnd, false, play.Command{Kind: play.CmdEnd}},
		{ebiten.KeyPageDown, false, play.Command{Kind: play.CmdSeek, At: 49}},
		{ebiten.KeyPageUp, false, play.Command{Kind: play.CmdSeek, At: -1}},
	} {
		got, ok := keyCommand(tt.k, tt.shift, st)
		assert.True(t, ok, "%v", tt.k)
		assert.Equal(t, tt.want, got, "%v shift=%v", tt.k, tt.shift)
	}
}

func TestFocusKeysMoveAlongTheControls(t *testing.T) {
	c := play.NewControls(func(s string, size float32) float32 { return float32(len([]rune(s))) * size * 0.6 })
	st := play.Status{Len: 10, Speed: 1}
	assert.Nil(t, controlsKey(c, ebiten.KeyTab, false), "no buttons before the first layout")
	c.Layout(nil, st, "", "", 1280, 800)
	controlsKey(c, ebiten.KeyTab, false)
	controlsKey(c, ebiten.KeyTab, false)
	assert.Equal(t, "ctl:back", c.Focused())
	assert.Equal(t, []play.Command{{Kind: play.CmdBack}}, controlsKey(c, ebiten.KeyEnter, false))
	controlsKey(c, ebiten.KeyTab, true)
	controlsKey(c, ebiten.KeyTab, true)
	assert.Equal(t, "ctl:captions", c.Focused(), "Shift+Tab wraps to the last control")
	controlsKey(c, ebiten.KeyEscape, false)
	assert.Equal(t, "", c.Focused())
}
