package view

import (
	"math"
	"strconv"

	"github.com/gmpbook/gmpbook/core"
)

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

// Colours of the diagram itself (not of goroutine states), in the light
// palette. Layout draws with a Theme; these are LightTheme's.
var (
	Paper     = Color{255, 255, 255, 255} // background and the inside of rings
	Ink       = Color{20, 20, 20, 255}    // text and outlines
	Muted     = Color{100, 100, 100, 255} // secondary text (≥ 4.5:1 on every light background)
	BoxColor  = Color{170, 170, 170, 255} // boxes around places
	SlotColor = Color{190, 190, 190, 255} // empty slots (runnext, curg)
	Flash     = Color{20, 20, 20, 255}    // outline of the place the current event is about
	FlashFill = Color{240, 228, 66, 60}   // faint fill under that outline
)

// Theme is the set of colours a frame is drawn with. There are two:
// LightTheme for light pages, slides and the desktop's day look, and
// DarkTheme for dark ones (Options.Dark picks it). Every text colour is at
// least 4.5:1 against every background it is drawn on, in both
// (palette_test.go:TestThemeContrast).
type Theme struct {
	Dark        bool
	Paper       Color // the frame's background and the inside of rings
	Ink         Color // text and outlines
	Muted       Color // secondary text
	Box         Color // boxes around places
	Slot        Color // empty slots
	Flash       Color // outline of the place the current event is about
	FlashFill   Color // faint fill under it (reduced motion)
	Station     Color // a P's box
	StationIdle Color // an idle P's box
	Strip       Color // a timeline strip
	Move        Color // paths of moves (steal, hand-off, kick, wake-up) and their labels
	States      [NumStates]Color
}

// LightTheme is the player's light palette.
var LightTheme = Theme{
	Paper: Paper, Ink: Ink, Muted: Muted, Box: BoxColor, Slot: SlotColor, Flash: Flash, FlashFill: FlashFill,
	Station: Color{250, 250, 250, 255}, StationIdle: Color{235, 235, 235, 255}, Strip: Color{240, 240, 240, 255},
	Move:   Color{160, 60, 0, 255},
	States: Palette,
}

// DarkTheme is the player's dark palette: a near-black paper, light ink,
// and the Okabe–Ito state colours except where one would vanish on the
// dark paper (syscall's black becomes a light grey, dead a dark grey).
var DarkTheme = Theme{
	Dark:  true,
	Paper: Color{22, 24, 28, 255}, Ink: Color{236, 236, 236, 255}, Muted: Color{168, 168, 172, 255},
	Box: Color{96, 98, 104, 255}, Slot: Color{110, 112, 118, 255},
	Flash: Color{240, 228, 66, 255}, FlashFill: Color{240, 228, 66, 50},
	Station: Color{34, 36, 42, 255}, StationIdle: Color{28, 30, 34, 255}, Strip: Color{44, 46, 52, 255},
	Move:   Color{255, 170, 90, 255},
	States: darkStates(),
}

func darkStates() [NumStates]Color {
	p := Palette
	p[StateSyscall] = Color{225, 225, 225, 255}
	p[StateWaitOther] = Color{140, 140, 140, 255}
	p[StateDead] = Color{90, 90, 90, 255}
	return p
}

// ThemeFor is DarkTheme when dark is true, else LightTheme.
func ThemeFor(dark bool) *Theme {
	if dark {
		return &DarkTheme
	}
	return &LightTheme
}

// Contrast is the WCAG 2 contrast ratio of two opaque colours (1 to 21).
func Contrast(a, b Color) float64 {
	la, lb := relLum(a), relLum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func relLum(c Color) float64 {
	ch := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

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

// In is the state's label in language l (a tooltip's, a screen
// reader's words).
func (s GState) In(l Lang) string {
	if s >= NumStates {
		return s.String()
	}
	return Say(l, "gstate."+strconv.Itoa(int(s)))
}

// IsWaiting reports whether the state is one of the waiting groups.
func (s GState) IsWaiting() bool { return s >= StateWaitChan && s <= StateWaitOther }

// TokenShape is the outline of a token, the second channel (after colour)
// that tells states apart.
type TokenShape uint8

const (
	TokenCircle TokenShape = iota // goroutines in the scheduler's hands
	TokenSquare                   // a goroutine in a system call: it is in the kernel
	TokenPill                     // TokenCircle drawn wider than high (W > H), for the name on it
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

// StyleFor is the token style of a state in the light palette.
func StyleFor(s GState) TokenStyle { return StyleIn(&LightTheme, s) }

// StyleIn is the token style of a state in palette th.
func StyleIn(th *Theme, s GState) TokenStyle {
	if s >= NumStates {
		s = StateWaitOther
	}
	c := th.States[s]
	st := TokenStyle{State: s, Fill: c, Stroke: th.Ink, StrokeW: 1.5, Badge: stateBadges[s], Label: stateLabels[s]}
	switch {
	case s == StateRunning:
		st.StrokeW = 2.5
	case s == StateRunnable || s == StatePreempted:
		st.Fill, st.Stroke, st.StrokeW = th.Paper, c, 3
	case s.IsWaiting():
		st.Dashed = true
	case s == StateSyscall:
		st.Shape, st.Stroke = TokenSquare, c
	case s == StateDead:
		st.Fill = Color{c.R, c.G, c.B, 110}
		st.Stroke = Color{c.R, c.G, c.B, 160}
		st.StrokeW = 1
	}
	st.Ink = inkOnIn(th, st.Fill)
	if s == StateDead {
		st.Ink = th.Muted
	}
	return st
}

// inkOn picks near-black or white text for a background in the light
// palette: the one with the higher contrast.
func inkOn(c Color) Color { return inkOnIn(&LightTheme, c) }

// inkOnIn picks text for background c in palette th: th.Ink when c is
// mostly transparent (the paper shows through), else near-black or white,
// whichever contrasts more.
func inkOnIn(th *Theme, c Color) Color {
	if c.A < 128 {
		return th.Ink
	}
	if Contrast(c, Paper) > Contrast(c, Ink) {
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
