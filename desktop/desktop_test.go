//go:build display

// These tests need a display only because importing Ebiten does: run them
// with `xvfb-run -a go test -tags display ./desktop/`, as
// tests/desktop_test.go does. They drive the reading mode tick by tick,
// without a window, to check what the model alone cannot: which keys the
// inline players get, and that only players on the screen run.

package desktop

import (
	"encoding/json"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render/play"
)

func newTestMode(t *testing.T, opt Options) *readMode {
	t.Helper()
	opt.Book = read.Embedded()
	if opt.State.Chapter == "" {
		opt.State.Chapter = "05-stealing"
	}
	a, err := NewApp(&opt)
	require.NoError(t, err)
	m := a.mode.(*readMode)
	m.Resize(1200, 800, 1)
	return m
}

// tick runs one Update with the given keys (Ebiten key, model key) and
// characters.
func tick(t *testing.T, m *readMode, presses []ebiten.Key, chars string) Damage {
	t.Helper()
	in := &Input{}
	in.Dt = 1.0 / 60
	for _, k := range presses {
		mk := key.None
		for _, w := range watched {
			if w.k == k {
				mk = w.m
			}
		}
		require.NotEqual(t, key.None, mk, "key %v is not read", k)
		in.Keys = append(in.Keys, read.Press{Key: mk})
		in.Raw = append(in.Raw, k)
	}
	in.Chars = []rune(chars)
	d, err := m.Update(in)
	require.NoError(t, err)
	return d
}

func idle(t *testing.T, m *readMode, n int) {
	for range n {
		tick(t, m, nil, "")
	}
}

func player(t *testing.T, m *readMode, key string) *play.Player {
	t.Helper()
	p := m.panels[key]
	require.NotNil(t, p, "no player for %s", key)
	return p.Source().(*play.Player)
}

func TestTheFocusedSceneTakesThePlayersKeysAndThePageTheRest(t *testing.T) {
	m := newTestMode(t, Options{})
	const steal = "05-stealing#steal"
	require.NotNil(t, m.panels[steal], "the scene on the screen has its player")
	pl := player(t, m, steal)
	start := pl.Pos()
	assert.Equal(t, pl.Recording().MainStart(), start, "the player starts where main does")

	// Without the focus, space pages down and → does nothing to the player.
	tick(t, m, []ebiten.Key{ebiten.KeyArrowRight}, " ")
	idle(t, m, 60)
	assert.Greater(t, m.r.ScrollY(), float32(0))
	assert.Equal(t, start, pl.Pos())
	assert.False(t, pl.Status().Playing)
	tick(t, m, []ebiten.Key{ebiten.KeyHome}, "")
	idle(t, m, 60)

	// Tab gives the scene the focus; now → steps and space plays.
	tick(t, m, []ebiten.Key{ebiten.KeyTab}, "")
	idle(t, m, 60) // the page scrolls to show all of the focused scene
	require.Equal(t, steal, m.focus)
	assert.True(t, m.panels[steal].Focused())
	tick(t, m, []ebiten.Key{ebiten.KeyArrowRight}, "")
	assert.Greater(t, pl.Pos(), start, "→ steps the focused player")
	y := m.r.ScrollY()
	tick(t, m, nil, " ")
	assert.True(t, pl.Status().Playing, "space plays the focused player")
	idle(t, m, 60)
	assert.Equal(t, y, m.r.ScrollY(), "and does not scroll the page")
	// ↓ still scrolls the page.
	tick(t, m, []ebiten.Key{ebiten.KeyArrowDown}, "")
	idle(t, m, 30)
	assert.Greater(t, m.r.ScrollY(), y)

	// Escape gives the keys back to the page.
	tick(t, m, []ebiten.Key{ebiten.KeyEscape}, "")
	assert.Equal(t, "", m.focus)
	assert.False(t, m.panels[steal].Focused())
	tick(t, m, nil, "]")
	assert.Equal(t, "06-syscalls", m.r.Current().ID, "] is the page's again")
}

func TestOnlyPlayersOnTheScreenRun(t *testing.T) {
	m := newTestMode(t, Options{PlayScene: "steal"})
	const steal = "05-stealing#steal"
	pl := player(t, m, steal)
	require.True(t, pl.Status().Playing)
	idle(t, m, 90)
	at := pl.Pos()
	assert.Greater(t, at, pl.Recording().MainStart(), "it plays while on the screen")
	// Scroll it away (the focused player would take End: Escape first):
	// it waits where it was.
	tick(t, m, []ebiten.Key{ebiten.KeyEscape}, "")
	tick(t, m, []ebiten.Key{ebiten.KeyEnd}, "")
	idle(t, m, 120)
	for _, s := range m.list.Scenes {
		require.NotEqual(t, steal, s.Key)
	}
	away := pl.Pos()
	idle(t, m, 120)
	assert.Equal(t, away, pl.Pos(), "off the screen, the player does not run")
	// Back on the screen, it goes on.
	tick(t, m, []ebiten.Key{ebiten.KeyHome}, "")
	idle(t, m, 120)
	assert.Greater(t, pl.Pos(), away)
}

func TestAPlayingPlayerAloneIsRepaintedAlone(t *testing.T) {
	m := newTestMode(t, Options{PlayScene: "steal"})
	idle(t, m, 5)
	partial := 0
	for range 120 {
		switch tick(t, m, nil, "") {
		case DamagePartial:
			partial++
		case DamageFull:
			t.Fatal("a playing scene repaints the whole window")
		}
	}
	assert.Greater(t, partial, 10, "the player's changes are repainted")
	// Paused and idle: nothing to draw at all.
	tick(t, m, nil, " ")
	idle(t, m, quietTicks+5)
	for range 30 {
		assert.Equal(t, DamageNone, tick(t, m, nil, ""), "an idle page draws nothing")
	}
}

func TestAnsweringAnExercisePlaysItsScene(t *testing.T) {
	m := newTestMode(t, Options{})
	c := m.r.Current().Chapter
	p := c.Predicts[0]
	want, err := p.Expected(c)
	require.NoError(t, err)
	// Choose through the model's hit regions, as a click would.
	m.r.ScrollTo("predict-1")
	idle(t, m, 2)
	var x, y float32
	for _, h := range m.list.Hits {
		if h.Target.Kind == read.TargetChoice && h.Target.Index == 1 {
			x, y = h.Box.X+5, h.Box.Y+5
		}
	}
	require.NotZero(t, x)
	in := &Input{}
	in.Dt = 1.0 / 60
	in.Pointer = read.Pointer{X: x, Y: y, Present: true, Down: true, Pressed: true}
	_, err = m.Update(in)
	require.NoError(t, err)
	pl := player(t, m, "05-stealing#steal")
	assert.True(t, pl.Status().Playing, "the exercise's scene plays (the simulator said %q)", want)
}

func TestTheAppMeasuresWithTheFacesItDrawsWith(t *testing.T) {
	fs, err := NewFonts()
	require.NoError(t, err)
	pm := page.NewMeasurer()
	for _, s := range []string{"Work stealing and spinning threads", "proc.go:findRunnable", "调度器 goroutine 的窃取", "2*nmspinning < gomaxprocs − npidle"} {
		for _, f := range []page.Font{page.Regular, page.Bold, page.Italic, page.Mono} {
			// text/v2 adds advances in 1/64 px: within that per glyph.
			tol := float64(len([]rune(s)))/64 + 0.01
			assert.InDelta(t, pm.Advance(s, f, 17), fs.Advance(s, f, 17), tol, "%q in font %d", s, f)
		}
	}
}

// fakeMode is a second mode, as presentation mode plugs in.
type fakeMode struct {
	start  read.State
	w, h   float32
	frames int
}

func (f *fakeMode) Resize(w, h float32, scale float64)   { f.w, f.h = w, h }
func (f *fakeMode) Update(in *Input) (Damage, error)     { return DamageNone, nil }
func (f *fakeMode) Draw(screen *ebiten.Image, full bool) { f.frames++ }
func (f *fakeMode) Cursor() ebiten.CursorShapeType       { return ebiten.CursorShapeDefault }
func (f *fakeMode) SaveState(st *read.State)             {}
func (f *fakeMode) Dump() any                            { return nil }

func TestASecondModePlugsInBesideReading(t *testing.T) {
	RegisterMode("fake", func(h *Host) (Mode, error) { return &fakeMode{start: h.State}, nil })
	defer delete(modes, "fake")
	opt := Options{Book: read.Embedded(), State: read.State{Chapter: "04-schedule", Dark: true}}
	a, err := NewApp(&opt)
	require.NoError(t, err)
	a.w, a.h, a.scale, a.sized = 1200, 800, 1, true
	a.mode.Resize(1200, 800, 1)
	rm := a.mode.(*readMode)
	tick(t, rm, nil, "]") // the reader moves on a chapter

	// The reading mode's toolbar offers the other mode.
	var x, y float32
	for _, h := range rm.list.Hits {
		if h.Target.Kind == read.TargetButton && h.Target.Name == "mode:fake" {
			x, y = h.Box.X+h.Box.W/2, h.Box.Y+h.Box.H/2
		}
	}
	require.NotZero(t, x, "a toolbar button for the fake mode")
	in := &Input{}
	in.Dt = 1.0 / 60
	in.Pointer = read.Pointer{X: x, Y: y, Present: true, Down: true, Pressed: true}
	_, err = rm.Update(in)
	require.NoError(t, err)
	f, ok := a.mode.(*fakeMode)
	require.True(t, ok, "the app switched to the fake mode")
	assert.Equal(t, "05-stealing", f.start.Chapter, "it starts at the reader's chapter")
	assert.True(t, f.start.Dark, "and with the reader's settings")
	assert.Equal(t, float32(1200), f.w, "it is told the window's size")
	assert.True(t, a.full, "its first frame is drawn in full")

	// And back: the reading mode opens where the reader was.
	require.NoError(t, a.host.Switch("read"))
	back := a.mode.(*readMode)
	assert.Equal(t, "05-stealing", back.r.Current().ID)
	assert.Error(t, a.host.Switch("nonesuch"))
}

// TestThemeAndTypeSizeRepaintTheWholeWindow: d and Ctrl+= change what
// the window shows, so the tick asks for a full repaint (the app's Draw
// draws nothing else), and the frame drawn after it differs from the one
// before (ux M9: the window stayed as it was until scrolled).
func TestThemeAndTypeSizeRepaintTheWholeWindow(t *testing.T) {
	m := newTestMode(t, Options{})
	ptr := read.Pointer{X: 600, Y: 400, Present: true}
	step := func(chars string, keys ...read.Press) Damage {
		in := &Input{}
		in.Dt, in.Pointer, in.Chars, in.Keys = 1.0/60, ptr, []rune(chars), keys
		in.Raw = make([]ebiten.Key, len(keys))
		d, err := m.Update(in)
		require.NoError(t, err)
		return d
	}
	for range 3 {
		step("")
	}
	frame := func() string {
		b, err := json.Marshal(m.Dump())
		require.NoError(t, err)
		return string(b)
	}
	before := frame()
	assert.Equal(t, DamageFull, step("d"), "d")
	dark := frame()
	assert.NotEqual(t, before, dark, "the frame after d")
	assert.Equal(t, DamageFull, step("", read.Press{Key: key.Equal, Ctrl: true}), "Ctrl+=")
	assert.NotEqual(t, dark, frame(), "the frame after Ctrl+=")
}
