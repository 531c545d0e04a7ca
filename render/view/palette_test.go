package view

import (
	"testing"

	"github.com/gmpbook/gmpbook/core"
	"github.com/stretchr/testify/assert"
)

func TestEveryStateHasAColourAndALabel(t *testing.T) {
	seen := map[Color]GState{}
	for s := GState(0); s < NumStates; s++ {
		c := Palette[s]
		assert.NotZero(t, c.A, "%v has no colour", s)
		assert.NotEmpty(t, stateLabels[s], "state %d has no label", s)
		assert.NotEqual(t, "GState(?)", s.String())
		if other, dup := seen[c]; dup {
			t.Errorf("%v and %v share the colour %v", s, other, c)
		}
		seen[c] = s
	}
	legend := Legend()
	assert.Len(t, legend, int(NumStates))
	for i, e := range legend {
		assert.Equal(t, GState(i), e.State)
		assert.Equal(t, stateLabels[i], e.Label)
		assert.Equal(t, e.Label, e.Style.Label)
	}
}

// TestStatesDifferBeyondColour: the style of every state differs from every
// other's in something other than hue (outline, dash, shape, fading, or
// badge), so that the picture reads without colour.
func TestStatesDifferBeyondColour(t *testing.T) {
	type shape struct {
		ring, dashed, square, faded bool
		badge                       string
	}
	shapeOf := func(st TokenStyle) shape {
		return shape{st.Fill == Paper, st.Dashed, st.Shape == TokenSquare, st.Fill.A < 255, st.Badge}
	}
	seen := map[shape]GState{}
	for s := GState(0); s < NumStates; s++ {
		sh := shapeOf(StyleFor(s))
		if other, dup := seen[sh]; dup {
			t.Errorf("%v and %v look alike without colour", s, other)
		}
		seen[sh] = s
	}
	// The ones the design names.
	assert.True(t, shapeOf(StyleFor(StateRunnable)).ring, "runnable is a ring")
	assert.True(t, StyleFor(StateWaitChan).Dashed, "waiting is dashed")
	assert.Equal(t, TokenSquare, StyleFor(StateSyscall).Shape, "syscall is square")
	assert.Less(t, StyleFor(StateDead).Fill.A, uint8(255), "dead is faded")
	assert.Greater(t, StyleFor(StateRunning).StrokeW, StyleFor(StateWaitChan).StrokeW, "running is bold")
}

func TestOkabeItoIsTheBase(t *testing.T) {
	okabe := []Color{OkabeBlack, OkabeOrange, OkabeSkyBlue, OkabeBluishGreen, OkabeYellow, OkabeBlue, OkabeVermillion, OkabeReddishPurple}
	n := 0
	for _, c := range Palette {
		for _, o := range okabe {
			if c == o {
				n++
			}
		}
	}
	assert.Equal(t, 8, n, "all eight Okabe–Ito colours are used")
}

func TestStateOfEveryStatusAndWaitReason(t *testing.T) {
	for _, st := range core.GStatuses() {
		for w := core.WaitNone; w <= core.WaitSemacquire; w++ {
			for _, pre := range []bool{false, true} {
				s := StateOf(&core.GView{Status: st, Wait: w}, pre)
				assert.Less(t, s, NumStates)
				assert.NotEmpty(t, StyleFor(s).Label)
			}
		}
	}
	assert.Equal(t, StateRunning, StateOf(&core.GView{Status: core.Grunning}, false))
	assert.Equal(t, StateRunnable, StateOf(&core.GView{Status: core.Grunnable}, false))
	assert.Equal(t, StatePreempted, StateOf(&core.GView{Status: core.Grunnable}, true))
	assert.Equal(t, StatePreempted, StateOf(&core.GView{Status: core.Gpreempted}, false))
	assert.Equal(t, StateWaitChan, StateOf(&core.GView{Status: core.Gwaiting, Wait: core.WaitSelect}, false))
	assert.Equal(t, StateWaitSleep, StateOf(&core.GView{Status: core.Gwaiting, Wait: core.WaitSleep}, false))
	assert.Equal(t, StateWaitIO, StateOf(&core.GView{Status: core.Gwaiting, Wait: core.WaitIOWait}, false))
	assert.Equal(t, StateWaitSync, StateOf(&core.GView{Status: core.Gwaiting, Wait: core.WaitSyncWaitGroupWait}, false))
	assert.Equal(t, StateWaitSync, StateOf(&core.GView{Status: core.Gwaiting, Wait: core.WaitSyncMutexLock}, false))
	assert.Equal(t, StateWaitOther, StateOf(&core.GView{Status: core.Gwaiting, Wait: core.WaitForceGCIdle}, false))
	assert.Equal(t, StateSyscall, StateOf(&core.GView{Status: core.Gsyscall}, false))
	assert.Equal(t, StateDead, StateOf(&core.GView{Status: core.Gdead}, false))
	assert.Equal(t, StyleFor(StateRunning), StyleOf(&core.GView{Status: core.Grunning}))
}

// TestLabelsAreReadable: a token's label colour contrasts with its fill.
func TestLabelsAreReadable(t *testing.T) {
	lum := func(c Color) float64 { return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B) }
	for s := GState(0); s < NumStates; s++ {
		st := StyleFor(s)
		if st.Fill.A == 255 {
			d := lum(st.Fill) - lum(st.Ink)
			assert.Greater(t, max(d, -d), 90.0, "%v: label on fill", s)
		}
	}
}

// TestThemeContrast: in both palettes every text colour is at least 4.5:1
// (WCAG AA) against every background it is drawn on, and every token
// label against its token's fill.
func TestThemeContrast(t *testing.T) {
	for _, th := range []*Theme{&LightTheme, &DarkTheme} {
		for _, bg := range []Color{th.Paper, th.Station, th.StationIdle} {
			for _, fg := range []Color{th.Ink, th.Muted, th.Move} {
				assert.GreaterOrEqual(t, Contrast(fg, bg), 4.5, "dark=%v: text %v on %v", th.Dark, fg, bg)
			}
		}
		for s := GState(0); s < NumStates; s++ {
			st := StyleIn(th, s)
			if st.Fill.A == 255 {
				assert.GreaterOrEqual(t, Contrast(st.Ink, st.Fill), 4.5, "dark=%v: %v label on its fill", th.Dark, s)
			}
			if s != StateDead {
				// Span labels on the timeline.
				assert.GreaterOrEqual(t, Contrast(inkOnIn(th, th.States[s]), th.States[s]), 4.5, "dark=%v: %v span label", th.Dark, s)
			}
		}
	}
}

// TestFrameTextContrast checks the drawn frames themselves: each text
// shape against the opaque shape under its centre (or the paper).
func TestFrameTextContrast(t *testing.T) {
	ev := mixedScene(t, 4, 60, 3)
	rec := NewRecording(4, ev, nil)
	for _, dark := range []bool{false, true} {
		for _, at := range []int{len(ev) / 4, len(ev) / 2, len(ev) - 1} {
			for _, w := range []float32{1280, 390} {
				f := rec.Frame(at, Options{Width: w, Height: 800, Dark: dark})
				assert.Equal(t, dark, f.Dark)
				for i, s := range f.Shapes {
					if s.Kind != ShapeText || s.Fill.A == 0 {
						continue
					}
					cx, cy := s.X+s.W/2, s.Y+s.H/2
					bg := f.Background
					for _, u := range f.Shapes[:i] {
						if u.Kind == ShapeRect && u.Fill.A == 255 && cx >= u.X && cx <= u.X+u.W && cy >= u.Y && cy <= u.Y+u.H {
							bg = u.Fill
						}
					}
					assert.GreaterOrEqual(t, Contrast(s.Fill, bg), 4.5, "dark=%v w=%v %q (%s) on %v", dark, w, s.Text, s.Role, bg)
				}
			}
		}
	}
}
