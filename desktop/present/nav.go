package present

import (
	"strconv"
	"time"

	"github.com/gmpbook/gmpbook/desktop/key"
)

// Position is where a talk is: a slide (0-based) and a step on it, from 0
// (nothing revealed) to the slide's number of fragments.
type Position struct {
	Slide int `json:"slide"`
	Step  int `json:"step"`
}

// Effect says what a key or a message changed, so that the window knows
// what to redo: seek the scene player when the position moved, send the
// new state to the other window when anything shared changed.
type Effect uint16

const (
	Moved           Effect = 1 << iota // the position changed
	OverviewChanged                    // the overview opened or closed, or its selection moved
	BlackoutChanged                    // the screen went black or came back
	TimerChanged                       // the timer started, paused, resumed or was reset
	JumpChanged                        // the typed slide number changed
	Refused                            // the key could not act: at the end, or no such slide
	Fullscreen                         // the window should go full screen, or come back
)

// Shared reports whether the effect changed the state the two windows
// share (so that the new State is to be sent).
func (e Effect) Shared() bool {
	return e&(Moved|OverviewChanged|BlackoutChanged|TimerChanged|JumpChanged) != 0
}

// DefaultJumpTimeout is how long typed digits wait for Enter.
const DefaultJumpTimeout = 3 * time.Second

// maxJumpDigits bounds the typed slide number.
const maxJumpDigits = 4

// Nav is a talk's position and modes: the state machine that keys drive.
// One Nav, in the audience window's process, is the authority; the
// presenter window shows a copy kept up to date with State and SetState.
type Nav struct {
	// Clock tells the time, for the timer and the typed digits' timeout;
	// time.Now unless a test sets it.
	Clock func() time.Time
	// JumpTimeout is how long typed digits wait for the next digit or
	// Enter before they are forgotten.
	JumpTimeout time.Duration

	steps    []int // fragments per slide
	pos      Position
	overview bool
	sel      int
	cols     int
	blackout bool
	jump     string
	jumpAt   time.Time
	timer    Timer
}

// State is everything the two windows share, as it travels between them.
type State struct {
	Position
	Overview bool       `json:"overview"`
	Selected int        `json:"selected"` // the overview's selection
	Blackout bool       `json:"blackout"`
	Jump     string     `json:"jump,omitempty"` // digits typed so far
	Timer    TimerState `json:"timer"`
}

// NewNav starts a talk through d at its first slide, step 0.
func NewNav(d *Deck) *Nav {
	steps := make([]int, len(d.Slides))
	for i := range d.Slides {
		steps[i] = d.Slides[i].Steps()
	}
	return newNav(steps)
}

// newNav starts a talk through slides with steps[i] fragments each.
func newNav(steps []int) *Nav {
	if len(steps) == 0 {
		steps = []int{0} // a deck always has a slide; keep the Nav usable anyway
	}
	n := &Nav{Clock: time.Now, JumpTimeout: DefaultJumpTimeout, steps: steps}
	n.cols = NewGrid(StageRect, len(steps)).Cols
	return n
}

func (n *Nav) now() time.Time { return n.Clock() }

// Pos is the current position.
func (n *Nav) Pos() Position { return n.pos }

// Len is the number of slides.
func (n *Nav) Len() int { return len(n.steps) }

// Steps is the number of fragments of slide i.
func (n *Nav) Steps(i int) int {
	if i < 0 || i >= len(n.steps) {
		return 0
	}
	return n.steps[i]
}

// End is the last position: the last slide with all its fragments shown.
func (n *Nav) End() Position {
	last := len(n.steps) - 1
	return Position{last, n.steps[last]}
}

// Valid reports whether p is a position of the deck.
func (n *Nav) Valid(p Position) bool {
	return p.Slide >= 0 && p.Slide < len(n.steps) && p.Step >= 0 && p.Step <= n.steps[p.Slide]
}

// move goes to p; the first move starts the timer.
func (n *Nav) move(p Position) Effect {
	if p == n.pos {
		return 0
	}
	n.pos = p
	e := Moved
	if n.timer.Start(n.now()) {
		e |= TimerChanged
	}
	return e
}

// Next reveals the slide's next fragment, or goes to the next slide at
// step 0. At the end it does nothing and reports false.
func (n *Nav) Next() bool { return n.next()&Moved != 0 }

func (n *Nav) next() Effect {
	p := n.pos
	switch {
	case p.Step < n.steps[p.Slide]:
		p.Step++
	case p.Slide+1 < len(n.steps):
		p = Position{p.Slide + 1, 0}
	default:
		return Refused
	}
	return n.move(p)
}

// Prev hides the slide's last revealed fragment, or goes to the previous
// slide at its last step, so that Prev retraces Next exactly. At the
// start it does nothing and reports false.
func (n *Nav) Prev() bool { return n.prev()&Moved != 0 }

func (n *Nav) prev() Effect {
	p := n.pos
	switch {
	case p.Step > 0:
		p.Step--
	case p.Slide > 0:
		p = Position{p.Slide - 1, n.steps[p.Slide-1]}
	default:
		return Refused
	}
	return n.move(p)
}

// First goes to the first slide, step 0.
func (n *Nav) First() bool { return n.move(Position{}) != 0 }

// Last goes to the end: the last slide with its fragments shown.
func (n *Nav) Last() bool { return n.move(n.End()) != 0 }

// GoTo goes to slide number (1-based, as shown to people) at step 0 and
// closes the overview. A number out of range does nothing and reports
// false.
func (n *Nav) GoTo(number int) bool { return n.goTo(number)&Refused == 0 }

func (n *Nav) goTo(number int) Effect {
	if number < 1 || number > len(n.steps) {
		return Refused
	}
	return n.closeOverview() | n.move(Position{number - 1, 0})
}

// closeOverview closes the overview, reporting whether it was open.
func (n *Nav) closeOverview() Effect {
	if !n.overview {
		return 0
	}
	n.overview = false
	return OverviewChanged
}

// Seek goes to p (the presenter window clicking a slide, say) and closes
// the overview. An invalid position does nothing and reports false.
func (n *Nav) Seek(p Position) bool { return n.seek(p)&Refused == 0 }

func (n *Nav) seek(p Position) Effect {
	if !n.Valid(p) {
		return Refused
	}
	return n.closeOverview() | n.move(p)
}

// Overview reports whether the overview grid is showing.
func (n *Nav) Overview() bool { return n.overview }

// Selected is the slide the overview has selected (0-based).
func (n *Nav) Selected() int { return n.sel }

// Columns is the overview's number of columns, for moving up and down.
func (n *Nav) Columns() int { return n.cols }

// SetColumns sets the overview's number of columns, when the window lays
// the overview out in a grid other than the stage's (NewGrid).
func (n *Nav) SetColumns(c int) { n.cols = max(c, 1) }

// SetOverview opens the overview with the current slide selected, or
// closes it without moving.
func (n *Nav) SetOverview(on bool) {
	if on && !n.overview {
		n.sel = n.pos.Slide
	}
	n.overview = on
}

// Select selects slide i in the overview.
func (n *Nav) Select(i int) bool {
	if i < 0 || i >= len(n.steps) {
		return false
	}
	n.sel = i
	return true
}

// Open closes the overview at slide i: at step 0, or where the talk was
// if i is the current slide (a look at the overview loses nothing).
func (n *Nav) Open(i int) bool { return n.open(i)&Refused == 0 }

func (n *Nav) open(i int) Effect {
	if i < 0 || i >= len(n.steps) {
		return Refused
	}
	e := n.closeOverview()
	if i != n.pos.Slide {
		e |= n.move(Position{i, 0})
	}
	return e
}

// Blackout reports whether the audience screen is black.
func (n *Nav) Blackout() bool { return n.blackout }

// SetBlackout blanks the audience screen, or brings it back.
func (n *Nav) SetBlackout(on bool) { n.blackout = on }

// Timer is the talk's timer.
func (n *Nav) Timer() *Timer { return &n.timer }

// Jump is the slide number typed so far ("" if none).
func (n *Nav) Jump() string { return n.jump }

// Tick forgets typed digits that waited longer than JumpTimeout; call it
// every frame. It reports JumpChanged when it forgot them.
func (n *Nav) Tick() Effect {
	if n.jump != "" && n.now().Sub(n.jumpAt) > n.JumpTimeout {
		n.jump = ""
		return JumpChanged
	}
	return 0
}

// Press does what key k does in the current mode and reports what
// changed.
//
// While the screen is black, any key but the timer's and full screen's
// only brings the picture back: a presenter who presses Next to end the
// blackout does not skip a step the audience never saw. Digits typed
// then Enter jump to that slide (in the overview too); Backspace takes a
// digit back and Escape forgets them. In the overview the arrows move the
// selection (up and down by a row), Enter opens it, and Escape or o
// closes the overview where the talk was.
func (n *Nav) Press(k key.Key) Effect {
	e := n.Tick()
	a := actionOf(k)
	switch a {
	case ActNone:
		return e
	case ActTimerPause:
		n.timer.Toggle(n.now())
		return e | TimerChanged
	case ActTimerReset:
		n.timer.Reset()
		return e | TimerChanged
	case ActFullscreen:
		return e | Fullscreen
	}
	if n.blackout {
		n.blackout = false
		if n.jump != "" {
			n.jump = ""
			e |= JumpChanged
		}
		return e | BlackoutChanged
	}
	switch a {
	case ActBlackout:
		n.blackout = true
		return e | BlackoutChanged
	case ActDigit:
		if len(n.jump) < maxJumpDigits {
			n.jump += strconv.Itoa(k.Digit())
			n.jumpAt = n.now()
			return e | JumpChanged
		}
		return e | Refused
	}
	if n.jump != "" {
		switch a {
		case ActEnter:
			num, _ := strconv.Atoi(n.jump)
			n.jump = ""
			return e | JumpChanged | n.goTo(num)
		case ActBack:
			n.jump = n.jump[:len(n.jump)-1]
			n.jumpAt = n.now()
			return e | JumpChanged
		case ActEscape:
			n.jump = ""
			return e | JumpChanged
		}
		// Any other key forgets the digits and does what it does.
		n.jump = ""
		e |= JumpChanged
	}
	if n.overview {
		return e | n.pressOverview(k, a)
	}
	switch a {
	case ActNext, ActEnter:
		return e | n.next()
	case ActPrev, ActBack:
		return e | n.prev()
	case ActFirst:
		return e | n.move(Position{})
	case ActLast:
		return e | n.move(n.End())
	case ActOverview:
		n.SetOverview(true)
		return e | OverviewChanged
	}
	return e
}

// pressOverview handles a key while the overview shows.
func (n *Nav) pressOverview(k key.Key, a Action) Effect {
	last := len(n.steps) - 1
	sel := n.sel
	switch k {
	case key.Left, key.PageUp, key.P, key.Backspace:
		sel--
	case key.Right, key.PageDown, key.Space, key.N:
		sel++
	case key.Up:
		if sel-n.cols >= 0 {
			sel -= n.cols
		}
	case key.Down:
		switch {
		case sel+n.cols <= last:
			sel += n.cols
		case sel/n.cols < last/n.cols: // a shorter row below: its last cell
			sel = last
		}
	case key.Home:
		sel = 0
	case key.End:
		sel = last
	}
	switch a {
	case ActEnter:
		return n.open(n.sel)
	case ActEscape, ActOverview:
		return n.closeOverview()
	}
	sel = max(0, min(sel, last))
	if sel == n.sel {
		return Refused
	}
	n.sel = sel
	return OverviewChanged
}

// State is the shared state, to send to the other window.
func (n *Nav) State() State {
	return State{Position: n.pos, Overview: n.overview, Selected: n.sel, Blackout: n.blackout, Jump: n.jump, Timer: n.timer.State(n.now())}
}

// SetState makes this Nav show s, the other window's state, and reports
// what changed. Positions out of the deck are clamped into it (the two
// windows load the same chapter, so this happens only if they do not).
func (n *Nav) SetState(s State) Effect {
	var e Effect
	p := s.Position
	p.Slide = max(0, min(p.Slide, len(n.steps)-1))
	p.Step = max(0, min(p.Step, n.steps[p.Slide]))
	if p != n.pos {
		n.pos = p
		e |= Moved
	}
	sel := max(0, min(s.Selected, len(n.steps)-1))
	if s.Overview != n.overview || sel != n.sel {
		n.overview, n.sel = s.Overview, sel
		e |= OverviewChanged
	}
	if s.Blackout != n.blackout {
		n.blackout = s.Blackout
		e |= BlackoutChanged
	}
	if s.Jump != n.jump {
		n.jump, n.jumpAt = s.Jump, n.now()
		e |= JumpChanged
	}
	if t := n.timer.State(n.now()); s.Timer.Started != t.Started || s.Timer.Running != t.Running ||
		abs(s.Timer.ElapsedMS-t.ElapsedMS) > timerSlackMS {
		e |= TimerChanged
	}
	n.timer.SetState(s.Timer, n.now())
	return e
}

// timerSlackMS is how far apart the two windows' timers may drift before
// a received state counts as changing the timer (it is set either way).
const timerSlackMS = 250

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
