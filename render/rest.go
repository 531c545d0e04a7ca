package render

import (
	"reflect"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/render/play"
)

// A paused player that shows the same picture frame after frame rests:
// after restAfter frames in a row that changed nothing on the screen or in
// the status, with the player paused, the Game asks Ebiten to call it only
// when something may change it — input, a resize, or Wake (the host page's
// commands) — instead of at every vertical refresh (FPSModeVsyncOffMinimum;
// Ebiten's recommended SetScreenClearedEveryFrame(false), which the Game
// also uses, saves the GPU but still calls Update and Draw 60 times a
// second). The first Update after that makes it run at the refresh rate
// again. A player out of sight is parked by the page instead (site.js's
// rest); a game that will capture its screen never rests.
const restAfter = 30

// FPSModeVsyncOffMinimum is deprecated in favour of skipping draws, which
// keeps Update and Draw running every frame: resting needs the mode.
var setRestMode = func(rest bool) {
	if rest {
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //nolint:staticcheck // see above
	} else {
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOn) //nolint:staticcheck
	}
}

// Wake makes a resting game run at the refresh rate again (from its next
// frame): a host calls it when it queues a command for Options.Commands.
// It may be called from any goroutine, resting or not.
func Wake() { ebiten.ScheduleFrame() } //nolint:staticcheck // see setRestMode

// settle counts the frames that changed nothing and rests the game after
// restAfter of them, paused.
func (g *Game) settle(changed bool, st play.Status) {
	if changed || !sameStatus(st, g.shownSt) || st.Playing {
		g.still = 0
	} else {
		g.still++
	}
	g.shownSt = st
	if g.still >= restAfter && !g.resting && g.opt.Capture == nil {
		g.resting = true
		setRestMode(true)
	}
}

// wake leaves the rest.
func (g *Game) wake() {
	g.resting, g.still = false, 0
	setRestMode(false)
}

// Resting reports whether the game is resting.
func (g *Game) Resting() bool { return g.resting }

// sameStatus reports whether two statuses show the same.
func sameStatus(a, b play.Status) bool { return reflect.DeepEqual(a, b) }
