// These tests need no display: package play does not import Ebiten, so
// they run under plain go test and, compiled to WebAssembly, under Node
// (make test-wasm).

package play_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

const stealScene = `//scene procs=2 seed=7
func main() {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); scene.Work(2 * time.Millisecond) }() //> eight workers, one P busy
	}
	wg.Wait()
}
`

// stealLog simulates the steal scene as the players do.
func stealLog(t *testing.T, procs int, seed uint64) play.Log {
	t.Helper()
	c, err := script.Load("steal.go", []byte(stealScene))
	require.NoError(t, err)
	run, err := playerlog.Simulate(c, c.Scene.Settings, procs, seed, nil)
	require.NoError(t, err)
	return playerlog.NewLog(run, playerlog.Captions(c))
}

// measure is a fixed-width stand-in for the font.
func measure(s string, size float32) float32 { return float32(len([]rune(s))) * size * 0.6 }

func TestSpaceTogglesPlayAndDigitsSetTheSpeed(t *testing.T) {
	st := play.Status{Procs: 2, Seed: 7, CanRerun: true}
	for _, tt := range []struct {
		c    rune
		want play.Command
	}{
		{' ', play.Command{Kind: play.CmdTogglePlay}},
		{'+', play.Command{Kind: play.CmdFaster}},
		{'-', play.Command{Kind: play.CmdSlower}},
		{'−', play.Command{Kind: play.CmdSlower}},
		{'1', play.Command{Kind: play.CmdSpeed, Speed: 0.25}},
		{'3', play.Command{Kind: play.CmdSpeed, Speed: 1}},
		{'9', play.Command{Kind: play.CmdSpeed, Speed: 64}},
		{'s', play.Command{Kind: play.CmdNextSteal}},
		{'h', play.Command{Kind: play.CmdNextHandoff}},
		{'p', play.Command{Kind: play.CmdNextPreempt}},
		{'[', play.Command{Kind: play.CmdProcs, Procs: 1}},
		{']', play.Command{Kind: play.CmdProcs, Procs: 3}},
		{'n', play.Command{Kind: play.CmdSeed, Seed: 8}},
	} {
		got, ok := play.CharCommand(tt.c, st)
		assert.True(t, ok, "%q", tt.c)
		assert.Equal(t, tt.want, got, "%q", tt.c)
	}
	_, ok := play.CharCommand('[', play.Status{Procs: 1, CanRerun: true})
	assert.False(t, ok, "no fewer than one P")
	_, ok = play.CharCommand('n', play.Status{Procs: 2})
	assert.False(t, ok, "no re-run without a play.Rerun")
	_, ok = play.CharCommand('x', st)
	assert.False(t, ok)
}

func TestCommandNamesRoundTrip(t *testing.T) {
	for k := play.CmdNone + 1; k < play.CommandKinds; k++ {
		got, ok := play.ParseCommand(k.String())
		assert.True(t, ok, "%v", k)
		assert.Equal(t, k, got)
	}
	_, ok := play.ParseCommand("none")
	assert.False(t, ok)
}

func TestSpeedsStopAtTheEnds(t *testing.T) {
	assert.Equal(t, 2.0, play.NextSpeed(1, 1))
	assert.Equal(t, 0.5, play.NextSpeed(1, -1))
	assert.Equal(t, 64.0, play.NextSpeed(64, 1))
	assert.Equal(t, 0.25, play.NextSpeed(0.25, -1))
}

// shapeOf finds the first shape with role.
func shapeOf(t *testing.T, shapes []view.Shape, role string) view.Shape {
	t.Helper()
	for _, s := range shapes {
		if s.Role == role {
			return s
		}
	}
	t.Fatalf("no shape with role %q", role)
	return view.Shape{}
}

func TestControlsBarIsShapesBelowTheFrameAndPressesItsButtons(t *testing.T) {
	c := play.NewControls(measure)
	st := play.Status{Cursor: 9, Len: 100, Speed: 1, Procs: 2, Seed: 7, CanRerun: true, Captions: true, HasCaptions: true,
		Marks: []play.Mark{{At: 19, Kind: play.MarkSteal}, {At: 59, Kind: play.MarkHandoff}}}
	shapes := c.Layout(nil, st, "P1 stole 4 Gs from P0.", "eight workers", 1280, 800)
	h := c.Height(st, 1280)
	require.Greater(t, h, float32(60))
	for _, s := range shapes {
		assert.GreaterOrEqual(t, s.Y, 800-h-0.01, "%s is above the chrome", s.Role)
		assert.LessOrEqual(t, s.Y+s.H, float32(800.01), "%s is below the canvas", s.Role)
		assert.LessOrEqual(t, s.X+s.W, float32(1280.01), "%s is right of the canvas", s.Role)
	}
	assert.Equal(t, "P1 stole 4 Gs from P0.", shapeOf(t, shapes, "narration").Text)
	assert.Equal(t, "“eight workers”", shapeOf(t, shapes, "caption").Text)
	assert.Equal(t, "10 / 100", shapeOf(t, shapes, "ctl:count").Text)
	shapeOf(t, shapes, "ctl:mark-steal")
	shapeOf(t, shapes, "ctl:mark-hand-off")

	press := func(role string) []play.Command {
		b := shapeOf(t, shapes, role)
		x, y := b.X+b.W/2, b.Y+b.H/2
		out := c.Pointer(play.Pointer{X: x, Y: y, Present: true, Down: true, Pressed: true}, st)
		c.Pointer(play.Pointer{X: x, Y: y, Present: true, Released: true}, st)
		return out
	}
	assert.Equal(t, []play.Command{{Kind: play.CmdTogglePlay}}, press("ctl:play"))
	assert.Equal(t, []play.Command{{Kind: play.CmdNextSteal}}, press("ctl:next-steal"))
	assert.Equal(t, []play.Command{{Kind: play.CmdProcs, Procs: 3}}, press("ctl:procs+"))
	assert.Equal(t, []play.Command{{Kind: play.CmdSeed, Seed: 8}}, press("ctl:seed"))
	assert.Equal(t, []play.Command{{Kind: play.CmdReducedMotion}}, press("ctl:motion"))

	// Scrubbing: a press in the middle of the track seeks there, dragging
	// to the end seeks to the last event, and releasing stops.
	tr := shapeOf(t, shapes, "ctl:track")
	y := tr.Y + tr.H/2
	got := c.Pointer(play.Pointer{X: tr.X + tr.W/2, Y: y, Present: true, Down: true, Pressed: true}, st)
	assert.Equal(t, []play.Command{{Kind: play.CmdSeek, At: 49}}, got)
	got = c.Pointer(play.Pointer{X: tr.X + tr.W + 50, Y: y + 200, Present: true, Down: true}, st)
	assert.Equal(t, []play.Command{{Kind: play.CmdSeek, At: 99}}, got, "dragging past the end clamps")
	c.Pointer(play.Pointer{X: tr.X + tr.W + 50, Y: y, Present: true, Released: true}, st)
	assert.Empty(t, c.Pointer(play.Pointer{X: tr.X, Y: y, Present: true}, st), "no seek after release")

	// While playing, the play button is a pause button.
	shapes = c.Layout(nil, play.Status{Playing: true, Len: 10, Speed: 1}, "", "", 1280, 800)
	shapeOf(t, shapes, "ctl:pause")
}

func TestControlsWrapOnANarrowScreen(t *testing.T) {
	c := play.NewControls(measure)
	st := play.Status{Len: 10, Speed: 1, Procs: 2, CanRerun: true}
	assert.Greater(t, c.Height(st, 360), c.Height(st, 1600), "a phone's bar has more rows")
	for _, s := range c.Layout(nil, st, "a long sentence that does not fit on a phone screen at all, not even close", "", 360, 700) {
		assert.LessOrEqual(t, s.X+s.W, float32(360.01), "%s leaves the screen", s.Role)
	}
}

func TestFocusMovesAlongTheButtonsAndPresses(t *testing.T) {
	c := play.NewControls(measure)
	st := play.Status{Len: 10, Speed: 1}
	c.Layout(nil, st, "", "", 1280, 800)
	assert.Equal(t, "", c.Focused())
	c.FocusNext(false)
	assert.Equal(t, "ctl:home", c.Focused())
	c.FocusNext(false)
	assert.Equal(t, "ctl:back", c.Focused())
	assert.Equal(t, []play.Command{{Kind: play.CmdBack}}, c.Press())
	c.FocusNext(true)
	c.FocusNext(true)
	assert.Equal(t, "ctl:captions", c.Focused(), "Shift+Tab wraps to the last control")
	shapes := c.Layout(nil, st, "", "", 1280, 800)
	var focused bool
	for _, s := range shapes {
		focused = focused || s.Role == "ctl:captions" && s.Kind == view.ShapeRect && s.Stroke == play.ColFocus
	}
	assert.True(t, focused, "the focused control has the focus outline")
	assert.True(t, c.FocusAtEdge(false), "the last control is the edge a host moves its focus on from")
	c.Blur()
	assert.Equal(t, "", c.Focused())
}

// step runs one tick of the player with commands.
func step(p *play.Player, cmds ...play.Command) {
	p.Update(&play.Input{Dt: 1.0 / 60, Commands: cmds})
}

func TestPlayerStepsBackToTheSamePicture(t *testing.T) {
	p := play.NewPlayer(stealLog(t, 0, 0), nil)
	var frames []view.Frame
	var pos []int
	for range 12 {
		step(p, play.Command{Kind: play.CmdStep})
		pos = append(pos, p.Pos())
		frames = append(frames, p.FrameAt(1280, 700))
	}
	for i := len(pos) - 2; i >= 0; i-- {
		step(p, play.Command{Kind: play.CmdBack})
		require.Equal(t, pos[i], p.Pos(), "back from stop %d", i+1)
		assert.Equal(t, frames[i], p.FrameAt(1280, 700), "the picture at stop %d", i)
	}
}

func TestPlayerFineStepReachesEveryEvent(t *testing.T) {
	p := play.NewPlayer(stealLog(t, 0, 0), nil)
	for want := 0; want < 40; want++ {
		step(p, play.Command{Kind: play.CmdStepEvent})
		require.Equal(t, want, p.Pos())
	}
	step(p, play.Command{Kind: play.CmdBackEvent})
	assert.Equal(t, 38, p.Pos())
}

func TestPlayerPlaysToTheEndAndStops(t *testing.T) {
	log := stealLog(t, 0, 0)
	p := play.NewPlayer(log, nil)
	step(p, play.Command{Kind: play.CmdSpeed, Speed: 64}, play.Command{Kind: play.CmdTogglePlay})
	require.True(t, p.Status().Playing)
	for i := 0; i < 100000 && p.Status().Playing; i++ {
		step(p)
	}
	assert.False(t, p.Status().Playing)
	assert.Equal(t, len(log.Events)-1, p.Pos())
	// Space at the end plays again from the story's start: main.main.
	step(p, play.Command{Kind: play.CmdSpeed, Speed: 1}, play.Command{Kind: play.CmdTogglePlay})
	assert.True(t, p.Status().Playing)
	again := play.NewPlayer(log, nil)
	again.SeekOpening()
	step(again, play.Command{Kind: play.CmdStep})
	assert.Equal(t, again.Pos(), p.Pos(), "one stop past main.main")
}

func TestPlayerSlidesBetweenStopsUnlessMotionIsReduced(t *testing.T) {
	p := play.NewPlayer(stealLog(t, 0, 0), nil)
	p.Frame(1280, 700)
	step(p, play.Command{Kind: play.CmdNextSteal})
	assert.True(t, p.Tweening(), "a jump slides the tokens")
	for range 60 {
		step(p)
	}
	assert.False(t, p.Tweening(), "the slide ends")
	step(p, play.Command{Kind: play.CmdHome}, play.Command{Kind: play.CmdReducedMotion})
	step(p, play.Command{Kind: play.CmdNextSteal})
	assert.False(t, p.Tweening(), "reduced motion: tokens jump")
}

func TestPlayerJumpsLandOnTheirEvents(t *testing.T) {
	log := stealLog(t, 0, 0)
	p := play.NewPlayer(log, nil)
	step(p, play.Command{Kind: play.CmdNextSteal})
	assert.Equal(t, core.EvSteal, log.Events[p.Pos()].Kind)
	first := p.Pos()
	step(p, play.Command{Kind: play.CmdNextSteal})
	assert.Greater(t, p.Pos(), first)
	assert.Equal(t, core.EvSteal, log.Events[p.Pos()].Kind)
	var steals int
	for _, m := range p.Status().Marks {
		if m.Kind == play.MarkSteal {
			assert.Equal(t, core.EvSteal, log.Events[m.At].Kind)
			steals++
		}
	}
	assert.Equal(t, 6, steals) // with the measured timing model (go statements drawn from measured costs)
}

func TestPlayerRerunsAtTheSameVirtualTime(t *testing.T) {
	var asked [][2]uint64
	p := play.NewPlayer(stealLog(t, 0, 0), func(procs int, seed uint64) (play.Log, error) {
		asked = append(asked, [2]uint64{uint64(procs), seed})
		return stealLog(t, procs, seed), nil
	})
	step(p, play.Command{Kind: play.CmdNextSteal})
	t0 := p.Status().Time
	step(p, play.Command{Kind: play.CmdProcs, Procs: 3})
	assert.Equal(t, [][2]uint64{{3, 7}}, asked)
	st := p.Status()
	assert.Equal(t, 3, st.Procs)
	assert.LessOrEqual(t, st.Time, t0)
	assert.Greater(t, st.Cursor, 0)
	step(p, play.Command{Kind: play.CmdSeed, Seed: 8})
	assert.Equal(t, uint64(8), p.Status().Seed)
}

func TestPlayerShowsLineCaptions(t *testing.T) {
	p := play.NewPlayer(stealLog(t, 0, 0), nil)
	var caption string
	for range 400 {
		step(p, play.Command{Kind: play.CmdStepEvent})
		if f := p.Frame(1280, 700); f.Caption != "" {
			caption = f.Caption
			break
		}
	}
	assert.Equal(t, "eight workers, one P busy", caption)
}

// growingStealLog starts the steal scene as the browser player does: the
// Log holds the events simulated so far and grows on request.
func growingStealLog(t *testing.T, procs int, seed uint64) (play.Log, *playerlog.Stepper) {
	t.Helper()
	c, err := script.Load("steal.go", []byte(stealScene))
	require.NoError(t, err)
	st, err := playerlog.Start(c, c.Scene.Settings, procs, seed, nil)
	require.NoError(t, err)
	return st.Log(playerlog.Captions(c)), st
}

// sameAs is the frame of a player of the whole run that growing player g
// must show: until g's run is simulated to its end, no player can know
// which places the run never uses, so g draws every place.
func sameAs(whole, g *play.Player) view.Frame {
	if g.Simulated() {
		return whole.Frame(1280, 700)
	}
	return whole.FrameAsOpen(1280, 700)
}

// TestGrowingPlayerDrawsFirstAndThenShowsTheWholeRun: a Player of a log
// still being simulated grows it only after its first frame, a slice per
// tick, and then shows exactly what a Player of the whole log shows.
func TestGrowingPlayerDrawsFirstAndThenShowsTheWholeRun(t *testing.T) {
	whole := play.NewPlayer(stealLog(t, 0, 0), nil)
	log, st := growingStealLog(t, 0, 0)
	p := play.NewPlayer(log, nil)
	booted := len(log.Events)
	step(p)
	require.Equal(t, booted, p.Status().Len, "no simulating before the first frame")
	assert.Equal(t, sameAs(whole, p), p.Frame(1280, 700), "the first frame")
	for i := 0; i < 1000 && !st.Done(); i++ {
		step(p)
	}
	require.True(t, st.Done(), "the log grows after the first frame")
	assert.Equal(t, whole.Status(), p.Status())
	for range 30 {
		step(whole, play.Command{Kind: play.CmdStep})
		step(p, play.Command{Kind: play.CmdStep})
		require.Equal(t, whole.Pos(), p.Pos())
		require.Equal(t, whole.Frame(1280, 700), p.Frame(1280, 700), "at %d", p.Pos())
	}
}

// TestGrowingPlayerSimulatesAsFarAsACommandNeeds: commands that go past
// the events simulated so far — a seek, the next steal, the end, playing
// on — simulate as far as they need, and land where a Player of the whole
// log lands.
func TestGrowingPlayerSimulatesAsFarAsACommandNeeds(t *testing.T) {
	full := stealLog(t, 0, 0)
	for _, cmd := range []play.Command{
		{Kind: play.CmdSeek, At: len(full.Events) - 20},
		{Kind: play.CmdNextSteal},
		{Kind: play.CmdNextHandoff},
		{Kind: play.CmdEnd},
		{Kind: play.CmdStep},
		{Kind: play.CmdStepEvent},
	} {
		whole := play.NewPlayer(full, nil)
		log, _ := growingStealLog(t, 0, 0)
		p := play.NewPlayer(log, nil)
		p.Seek(len(log.Events) - 1) // the last event simulated so far
		whole.Seek(len(log.Events) - 1)
		step(whole, cmd)
		step(p, cmd)
		assert.Equal(t, whole.Pos(), p.Pos(), "%v", cmd.Kind)
		assert.Equal(t, sameAs(whole, p), p.Frame(1280, 700), "%v", cmd.Kind)
	}
	// Playing from the start at top speed never stops at the end of what is
	// simulated: it plays the whole run.
	log, _ := growingStealLog(t, 0, 0)
	p := play.NewPlayer(log, nil)
	step(p, play.Command{Kind: play.CmdSpeed, Speed: 64}, play.Command{Kind: play.CmdTogglePlay})
	require.True(t, p.Status().Playing)
	for i := 0; i < 100000 && p.Status().Playing; i++ {
		step(p)
	}
	assert.Equal(t, len(full.Events)-1, p.Pos())
	assert.Equal(t, len(full.Events), p.Status().Len)
}

// TestGrowingPlayerSaysWhenSimulatingFails: an error while growing stops
// the growth and is said where the narration goes.
func TestGrowingPlayerSaysWhenSimulatingFails(t *testing.T) {
	log, _ := growingStealLog(t, 0, 0)
	n := len(log.Events)
	log.Grow = func(int) ([]core.Event, bool, error) { return nil, false, errors.New("out of memory") }
	p := play.NewPlayer(log, nil)
	step(p, play.Command{Kind: play.CmdEnd})
	assert.Equal(t, n-1, p.Pos())
	assert.False(t, p.Growing())
	assert.Equal(t, "Could not simulate the rest of the scene: out of memory", p.Frame(1280, 700).Narration)
}

// TestLoadingShowsThePlayersFirstFrameThenHandsOver: while the scene
// loads, Loading shows exactly the first frame and status of the Player
// that will replace it; it loads after that frame, and the Player gets
// the speed, play state and commands given meanwhile.
func TestLoadingShowsThePlayersFirstFrameThenHandsOver(t *testing.T) {
	rerun := func(procs int, seed uint64) (play.Log, error) { return stealLog(t, procs, seed), nil }
	for _, playing := range []bool{false, true} {
		log, _ := growingStealLog(t, 0, 0)
		want := play.NewPlayer(log, rerun)
		// One chunk a tick each, so that the two grow alike whatever
		// the wall clock says.
		want.SetGrowMax(1)
		want.SetSpeed(4)
		want.SetPlaying(playing)
		loads := 0
		l := play.NewLoading(log.Procs, log.Seed, len(log.Captions) > 0, func() (play.Source, error) {
			loads++
			log, _ := growingStealLog(t, 0, 0)
			p := play.NewPlayer(log, rerun)
			p.SetGrowMax(1)
			return p, nil
		})
		l.SetSpeed(4)
		l.SetPlaying(playing)
		require.NoError(t, l.Update(&play.Input{Dt: 1.0 / 60, Commands: []play.Command{{Kind: play.CmdReducedMotion}}}))
		assert.Zero(t, loads, "nothing is loaded before the first frame")
		assert.Equal(t, want.Status(), l.Status())
		// The first frame is the one want will draw; want itself draws
		// it later, in step with the loaded Player (a Player grows its
		// log only once it has drawn).
		firstLog, _ := growingStealLog(t, 0, 0)
		assert.Equal(t, play.NewPlayer(firstLog, rerun).Frame(1280, 700), l.Frame(1280, 700), "the first frame")
		require.NoError(t, l.Update(&play.Input{Dt: 1.0 / 60, Commands: []play.Command{{Kind: play.CmdCaptions}}}))
		require.Equal(t, 1, loads)
		require.NotNil(t, l.Loaded())
		st := l.Status()
		assert.True(t, st.ReducedMotion, "the command given before the first frame was passed on")
		assert.False(t, st.Captions)
		assert.Equal(t, 4.0, st.Speed)
		assert.Equal(t, playing, st.Playing)
		// From here the two play the same run in step: one tick draws, the
		// next grows the log.
		step(want, play.Command{Kind: play.CmdReducedMotion}, play.Command{Kind: play.CmdCaptions})
		l.Frame(1280, 700)
		want.Frame(1280, 700)
		step(want)
		require.NoError(t, l.Update(&play.Input{Dt: 1.0 / 60}))
		for range 200 {
			require.Equal(t, want.Status(), l.Status())
			require.Equal(t, want.Frame(1280, 700), l.Frame(1280, 700))
			step(want)
			require.NoError(t, l.Update(&play.Input{Dt: 1.0 / 60}))
		}
		assert.Equal(t, len(stealLog(t, 0, 0).Events), l.Status().Len, "the run was simulated")
		assert.Equal(t, 1, loads, "loaded once")
	}
	broken := play.NewLoading(2, 7, false, func() (play.Source, error) { return nil, errors.New("scene.go:3:2: undefined: x") })
	require.NoError(t, broken.Update(&play.Input{}))
	broken.Frame(1280, 700)
	assert.EqualError(t, broken.Update(&play.Input{}), "scene.go:3:2: undefined: x", "a scene that does not load ends the game")
}

// TestWholeIsTheWholeRun: a growing Player's Whole simulates to the end
// and gives the same events as the run simulated at once, and the player
// then plays the whole run.
func TestWholeIsTheWholeRun(t *testing.T) {
	full := stealLog(t, 0, 0)
	log, _ := growingStealLog(t, 0, 0)
	p := play.NewPlayer(log, nil)
	require.Less(t, len(log.Events), len(full.Events), "the log starts short")
	w := p.Whole()
	require.Nil(t, w.Grow)
	require.Equal(t, full.Events, w.Events)
	require.Equal(t, len(full.Events), p.Status().Len)
}

// TestLoadingOpensTheLoadedPlayerAtMainMain: a Loading cued without an at
// (SeekOpening before the hand-over) draws its first frame before the
// first event, then opens the loaded Player at main.main; a Seek given
// later wins.
func TestLoadingOpensTheLoadedPlayerAtMainMain(t *testing.T) {
	for _, seekAfter := range []bool{false, true} {
		l := play.NewLoading(2, 7, true, func() (play.Source, error) {
			log, _ := growingStealLog(t, 0, 0)
			return play.NewPlayer(log, nil), nil
		})
		play.Cue{At: -1}.Apply(l)
		if seekAfter {
			l.Seek(3)
		}
		require.NoError(t, l.Update(&play.Input{}))
		l.Frame(1280, 700)
		assert.Equal(t, -1, l.Status().Cursor, "the first frame is before the first event")
		require.NoError(t, l.Update(&play.Input{}))
		p := l.Loaded().(*play.Player)
		if seekAfter {
			assert.Equal(t, 3, p.Pos())
			continue
		}
		require.Positive(t, p.Opening())
		assert.Equal(t, p.Opening(), p.Pos())
		assert.Equal(t, core.EvMainStart, p.Recording().Events[p.Pos()].Kind)
	}
}

// TestJumpWithoutTargetSaysSo: a jump button that finds nothing leaves the
// cursor where it was and says so in the narration's place until the next
// command (ux m2).
func TestJumpWithoutTargetSaysSo(t *testing.T) {
	p := play.NewPlayer(stealLog(t, 1, 0), nil) // one P: nobody steals
	p.SeekOpening()
	at := p.Pos()
	step(p, play.Command{Kind: play.CmdNextSteal})
	assert.Equal(t, at, p.Pos())
	assert.Equal(t, "No steal in this run.", p.Frame(1280, 700).Narration)
	step(p, play.Command{Kind: play.CmdStep})
	assert.NotEqual(t, "No steal in this run.", p.Frame(1280, 700).Narration)

	p = play.NewPlayer(stealLog(t, 2, 0), nil)
	step(p, play.Command{Kind: play.CmdEnd})
	end := p.Pos()
	step(p, play.Command{Kind: play.CmdNextSteal})
	assert.Equal(t, end, p.Pos())
	assert.Equal(t, "No steal after this point in this run.", p.Frame(1280, 700).Narration)
}

// TestPhoneButtonsAreTouchTargets: on a phone's canvas (390 px) every
// button of the chrome is at least 44×44 px (ux m12).
func TestPhoneButtonsAreTouchTargets(t *testing.T) {
	c := play.NewControls(measure)
	st := play.Status{Procs: 2, Seed: 7, CanRerun: true, HasCaptions: true, Captions: true, Len: 100}
	shapes := c.Layout(nil, st, "narration", "caption", 390, 844)
	n := 0
	for _, s := range shapes {
		track := map[string]bool{"ctl:track": true, "ctl:played": true, "ctl:knob": true, "ctl:count": true, "ctl:time": true}
		if s.Kind == view.ShapeRect && strings.HasPrefix(s.Role, "ctl:") && !track[s.Role] && !strings.HasPrefix(s.Role, "ctl:mark-") {
			n++
			assert.GreaterOrEqual(t, s.W, float32(44), s.Role)
			assert.GreaterOrEqual(t, s.H, float32(44), s.Role)
		}
	}
	assert.Greater(t, n, 10, "the buttons")
}

// collapsed are the places a frame draws as one line under "not in this
// scene", by role.
func collapsed(f view.Frame) map[string]bool {
	out := map[string]bool{}
	for _, s := range f.Shapes {
		if s.Kind == view.ShapeText && strings.HasPrefix(s.Text, "· ") && strings.HasSuffix(s.Role, ".label") {
			out[strings.TrimSuffix(s.Role, ".label")] = true
		}
	}
	return out
}

// TestPlayerCollapsesThePlacesTheWholeRunNeverUses: like the poster, the
// live player (and compare mode) collapses the places the whole run never
// uses from its first frame to its last, and draws the ones it uses from
// the start, so that nothing pops in; a growing player does the same once
// its run is simulated to the end.
func TestPlayerCollapsesThePlacesTheWholeRunNeverUses(t *testing.T) {
	p := play.NewPlayer(stealLog(t, 0, 0), nil)
	f := p.Frame(1280, 700)
	want := collapsed(f)
	// The steal scene makes no system call and reads no network; its
	// workers exit, so the exited shelf is a box before any has exited.
	require.Equal(t, map[string]bool{"syscall": true, "netpoll": true}, want)
	exited := func(f view.Frame) bool {
		for _, s := range f.Shapes {
			if s.Kind == view.ShapeRect && s.Role == "dead" {
				return true
			}
		}
		return false
	}
	assert.True(t, exited(f), "the exited shelf is drawn from the first frame")
	for p.Pos() < p.Status().Len-1 {
		step(p, play.Command{Kind: play.CmdStep})
		f := p.Frame(1280, 700)
		require.Equal(t, want, collapsed(f), "at %d", p.Pos())
		require.True(t, exited(f), "at %d", p.Pos())
	}

	log, st := growingStealLog(t, 0, 0)
	g := play.NewPlayer(log, nil)
	step(g)
	assert.Empty(t, collapsed(g.Frame(1280, 700)), "every place is drawn while the run is simulated")
	for i := 0; i < 1000 && !st.Done(); i++ {
		step(g)
	}
	require.True(t, st.Done())
	assert.Equal(t, want, collapsed(g.Frame(1280, 700)))

	c := play.NewCompare(play.Side{Log: stealLog(t, 1, 0), Label: "procs=1"}, play.Side{Log: stealLog(t, 2, 0), Label: "procs=2"})
	assert.Equal(t, want, collapsed(c.Frame(1280, 700)), "compare mode collapses what neither run uses")
}
