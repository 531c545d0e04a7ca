package view

import "github.com/gmpbook/gmpbook/core"

// GState is a goroutine's state as the player shows it: core.GStatus with
// waiting split by reason group and "just preempted" told apart from plain
// runnable. One colour per GState, everywhere: canvas, legend, timeline,
// narration.
type GState uint8

const (
	StateRunning   GState = iota // owns an M and a P and runs Go code
	StateRunnable                // on a run queue (runnext, local, global) or being moved to one
	StatePreempted               // runnable because it was preempted (or _Gpreempted)
	StateWaitChan                // parked on a channel or a select
	StateWaitSleep               // parked in time.Sleep (a timer on some P's heap)
	StateWaitIO                  // parked on the netpoller
	StateWaitSync                // parked on a sync.Mutex, a WaitGroup or a semaphore
	StateWaitOther               // parked for another reason (runtime service goroutines)
	StateSyscall                 // in a system call on its M
	StateDead                    // exited, its G struct kept for reuse
	NumStates                    // number of states, for arrays indexed by GState
)

// The Okabe–Ito palette: eight colours that people with any common form of
// colour blindness can tell apart (Okabe & Ito, "Color Universal Design").
var (
	OkabeBlack         = Color{0, 0, 0, 255}
	OkabeOrange        = Color{230, 159, 0, 255}
	OkabeSkyBlue       = Color{86, 180, 233, 255}
	OkabeBluishGreen   = Color{0, 158, 115, 255}
	OkabeYellow        = Color{240, 228, 66, 255}
	OkabeBlue          = Color{0, 114, 178, 255}
	OkabeVermillion    = Color{213, 94, 0, 255}
	OkabeReddishPurple = Color{204, 121, 167, 255}
)

// Colours of the diagram itself (not of goroutine states).
var (
	Paper     = Color{255, 255, 255, 255} // background and the inside of rings
	Ink       = Color{20, 20, 20, 255}    // text and outlines
	Muted     = Color{110, 110, 110, 255} // secondary text
	BoxColor  = Color{170, 170, 170, 255} // boxes around places
	SlotColor = Color{190, 190, 190, 255} // empty slots (runnext, curg)
	Flash     = Color{20, 20, 20, 255}    // outline of the place the current event is about
	FlashFill = Color{240, 228, 66, 60}   // faint fill under that outline
)

// Palette is the colour of each state, indexed by GState. Eight states take
// the Okabe–Ito colours; "waiting: other" and "dead" are greys, told apart
// from each other (and from everything else) by outline and fading too.
var Palette = [NumStates]Color{
	StateRunning:   OkabeBluishGreen,
	StateRunnable:  OkabeSkyBlue,
	StatePreempted: OkabeVermillion,
	StateWaitChan:  OkabeOrange,
	StateWaitSleep: OkabeYellow,
	StateWaitIO:    OkabeBlue,
	StateWaitSync:  OkabeReddishPurple,
	StateWaitOther: {128, 128, 128, 255},
	StateSyscall:   OkabeBlack,
	StateDead:      {200, 200, 200, 255},
}

// stateLabels name each state in the legend, in tooltips and for screen readers.
var stateLabels = [NumStates]string{
	StateRunning:   "running",
	StateRunnable:  "runnable",
	StatePreempted: "preempted",
	StateWaitChan:  "waiting: chan",
	StateWaitSleep: "waiting: sleep",
	StateWaitIO:    "waiting: IO",
	StateWaitSync:  "waiting: sync",
	StateWaitOther: "waiting: other",
	StateSyscall:   "syscall",
	StateDead:      "dead",
}

// stateBadges are one- or two-letter marks a token may carry so that the
// waiting groups differ by more than colour.
var stateBadges = [NumStates]string{
	StatePreempted: "!",
	StateWaitChan:  "ch",
	StateWaitSleep: "z",
	StateWaitIO:    "io",
	StateWaitSync:  "mu",
	StateWaitOther: "…",
}

func (s GState) String() string {
	if s < NumStates {
		return stateLabels[s]
	}
	return "GState(?)"
}

// IsWaiting reports whether the state is one of the waiting groups.
func (s GState) IsWaiting() bool { return s >= StateWaitChan && s <= StateWaitOther }

// TokenShape is the outline of a token, the second channel (after colour)
// that tells states apart.
type TokenShape uint8

const (
	TokenCircle TokenShape = iota // goroutines in the scheduler's hands
	TokenSquare                   // a goroutine in a system call: it is in the kernel
)

// TokenStyle is how a goroutine's token is drawn.
//
//   - running: solid fill, bold solid outline
//   - runnable: a ring (paper inside, thick coloured outline)
//   - preempted: a ring in its own colour with a "!" badge
//   - waiting: solid fill, dashed outline, a badge for the group
//   - syscall: a black square
//   - dead: faded grey
type TokenStyle struct {
	State   GState
	Fill    Color
	Stroke  Color
	Ink     Color // the label's colour, readable on Fill
	StrokeW float32
	Dashed  bool
	Shape   TokenShape
	Badge   string // a short mark drawn at the token's corner ("" for none)
	Label   string // the state in words ("waiting: chan")
}

// StateOf is the state the player shows for g. preempted says the event
// log saw g preempted and it has not run since (core.World does not keep
// that; the Recording does).
func StateOf(g *core.GView, preempted bool) GState {
	switch g.Status {
	case core.Grunning:
		return StateRunning
	case core.Gidle, core.Grunnable:
		if preempted {
			return StatePreempted
		}
		return StateRunnable
	case core.Gpreempted:
		return StatePreempted
	case core.Gsyscall:
		return StateSyscall
	case core.Gdead:
		return StateDead
	case core.Gwaiting:
		return waitState(g.Wait)
	}
	return StateWaitOther
}

// waitState groups wait reasons.
func waitState(w core.WaitReason) GState {
	switch w {
	case core.WaitChanReceive, core.WaitChanSend, core.WaitChanReceiveNilChan, core.WaitChanSendNilChan,
		core.WaitSelect, core.WaitSelectNoCases:
		return StateWaitChan
	case core.WaitSleep:
		return StateWaitSleep
	case core.WaitIOWait:
		return StateWaitIO
	case core.WaitSyncMutexLock, core.WaitSyncWaitGroupWait, core.WaitSemacquire,
		core.WaitSyncRWMutexRLock, core.WaitSyncRWMutexLock, core.WaitSyncCondWait:
		return StateWaitSync
	case core.WaitPreempted:
		return StatePreempted
	}
	return StateWaitOther
}

// StyleOf is the token style for g as core.World describes it. A runnable G
// that was just preempted needs the Recording's history: use
// StyleFor(StateOf(g, true)) for it.
func StyleOf(g *core.GView) TokenStyle { return StyleFor(StateOf(g, false)) }

// StyleFor is the token style of a state.
func StyleFor(s GState) TokenStyle {
	if s >= NumStates {
		s = StateWaitOther
	}
	c := Palette[s]
	st := TokenStyle{State: s, Fill: c, Stroke: Ink, StrokeW: 1.5, Badge: stateBadges[s], Label: stateLabels[s]}
	switch {
	case s == StateRunning:
		st.StrokeW = 2.5
	case s == StateRunnable || s == StatePreempted:
		st.Fill, st.Stroke, st.StrokeW = Paper, c, 3
	case s.IsWaiting():
		st.Dashed = true
	case s == StateSyscall:
		st.Shape, st.Stroke = TokenSquare, c
	case s == StateDead:
		st.Fill = Color{c.R, c.G, c.B, 110}
		st.Stroke = Color{c.R, c.G, c.B, 160}
		st.StrokeW = 1
	}
	st.Ink = inkOn(st.Fill)
	if s == StateDead {
		st.Ink = Muted
	}
	return st
}

// inkOn picks black or white text for a background, by relative luminance.
func inkOn(c Color) Color {
	if c.A < 128 {
		return Ink
	}
	// Rec. 709 luma on sRGB values is close enough to pick a text colour.
	y := 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
	if y < 120 {
		return Paper
	}
	return Ink
}

// LegendEntry is one line of the legend.
type LegendEntry struct {
	State GState
	Label string
	Style TokenStyle
}

// Legend lists every state in order, with its label and style.
func Legend() []LegendEntry {
	out := make([]LegendEntry, 0, NumStates)
	for s := GState(0); s < NumStates; s++ {
		out = append(out, LegendEntry{State: s, Label: stateLabels[s], Style: StyleFor(s)})
	}
	return out
}
