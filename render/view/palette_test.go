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
