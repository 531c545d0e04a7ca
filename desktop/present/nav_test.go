package present

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/desktop/key"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) Now() time.Time          { return c.t }
func (c *fakeClock) Advance(d time.Duration) { c.t = c.t.Add(d) }

func newTestNav(d *Deck) (*Nav, *fakeClock) {
	clk := &fakeClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	n := NewNav(d)
	n.Clock = clk.Now
	return n, clk
}

// allPositions lists every position of the deck in talk order: each slide
// at step 0, then with one more fragment revealed each time.
func allPositions(d *Deck) []Position {
	var out []Position
	for i, s := range d.Slides {
		for k := 0; k <= len(s.Fragments); k++ {
			out = append(out, Position{i, k})
		}
	}
	return out
}

func TestNextVisitsEverySlideAndFragmentInOrder(t *testing.T) {
	for _, name := range []string{"05-stealing", "02-gmp", "10-sync"} {
		d := deckNamed(t, name)
		n, _ := newTestNav(d)
		want := allPositions(d)
		require.Greater(t, len(want), len(d.Slides), "%s has fragments", name)
		got := []Position{n.Pos()}
		for n.Next() {
			got = append(got, n.Pos())
			require.Less(t, len(got), 10*len(want), "Next does not stop")
		}
		require.Equal(t, want, got, name)
		assert.Equal(t, n.End(), n.Pos(), "%s: it ends at the last position", name)
		assert.Equal(t, len(d.Slides)-1, n.Pos().Slide)
		assert.False(t, n.Next(), "Next at the end stays")
		assert.Equal(t, Refused, n.Press(key.Right), "and says so")
	}
}

func TestPrevRetracesNextExactly(t *testing.T) {
	for _, name := range []string{"05-stealing", "02-gmp", "10-sync"} {
		d := deckNamed(t, name)
		n, _ := newTestNav(d)
		require.True(t, n.Last())
		want := allPositions(d)
		got := []Position{n.Pos()}
		for n.Prev() {
			got = append(got, n.Pos())
			require.Less(t, len(got), 10*len(want))
		}
		for i, j := 0, len(got)-1; i < j; i, j = i+1, j-1 {
			got[i], got[j] = got[j], got[i]
		}
		require.Equal(t, want, got, name)
		assert.Equal(t, Position{}, n.Pos())
		assert.False(t, n.Prev(), "Prev at the start stays")
	}
}

func TestPrevLandsOnThePreviousSlidesLastFragment(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	n, _ := newTestNav(d)
	scene := 1 // "Eight workers, two Ps": three narrated steps
	require.Len(t, d.Slides[scene].Fragments, 3)
	require.True(t, n.GoTo(scene+2))
	require.Equal(t, Position{scene + 1, 0}, n.Pos())
	assert.Equal(t, Moved, n.Press(key.PageUp))
	assert.Equal(t, Position{scene, 3}, n.Pos(), "the scene at its last step")
	assert.Equal(t, d.Slides[scene].Fragments[2].Event, d.Slides[scene].EventAt(n.Pos().Step))
	n.Press(key.Left)
	assert.Equal(t, Position{scene, 2}, n.Pos())
	n.Press(key.Backspace)
	assert.Equal(t, Position{scene, 1}, n.Pos())
}

func TestClickerAndKeyboardKeysAllMove(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	for _, k := range []key.Key{key.Right, key.Space, key.PageDown, key.Down, key.N, key.Enter} {
		n, _ := newTestNav(d)
		assert.True(t, n.Press(k)&Moved != 0, k.String())
		assert.Equal(t, Position{1, 0}, n.Pos(), k.String())
	}
	for _, k := range []key.Key{key.Left, key.PageUp, key.Up, key.P, key.Backspace} {
		n, _ := newTestNav(d)
		n.GoTo(3)
		assert.True(t, n.Press(k)&Moved != 0, k.String())
		assert.Equal(t, Position{1, 3}, n.Pos(), k.String())
	}
	n, _ := newTestNav(d)
	n.Press(key.End)
	assert.Equal(t, n.End(), n.Pos())
	n.Press(key.Home)
	assert.Equal(t, Position{}, n.Pos())
	assert.Equal(t, Effect(0), n.Press(key.Escape), "Escape with nothing to cancel does nothing (clickers send it)")
	assert.Equal(t, Fullscreen, n.Press(key.F))
}

func TestGoToTakesSlideNumbersAsShownAndRefusesOthers(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	n, _ := newTestNav(d)
	n.Next()
	n.Next()
	at := n.Pos()
	for _, bad := range []int{0, -1, len(d.Slides) + 1, 1000} {
		assert.False(t, n.GoTo(bad), "%d", bad)
		assert.Equal(t, at, n.Pos(), "%d: no move", bad)
	}
	require.True(t, n.GoTo(1))
	assert.Equal(t, Position{0, 0}, n.Pos())
	require.True(t, n.GoTo(len(d.Slides)))
	assert.Equal(t, Position{len(d.Slides) - 1, 0}, n.Pos())
	require.True(t, n.GoTo(2))
	assert.Equal(t, Position{1, 0}, n.Pos(), "a slide with fragments opens at step 0")

	n.SetOverview(true)
	require.True(t, n.GoTo(5))
	assert.False(t, n.Overview(), "GoTo closes the overview")

	assert.False(t, n.Seek(Position{1, 4}), "the scene has three steps")
	assert.True(t, n.Seek(Position{1, 3}))
	assert.False(t, n.Seek(Position{-1, 0}))
}

func TestTypedDigitsThenEnterJump(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	n, clk := newTestNav(d)

	assert.Equal(t, JumpChanged, n.Press(key.Digit1))
	assert.Equal(t, JumpChanged, n.Press(key.Digit2))
	assert.Equal(t, "12", n.Jump())
	e := n.Press(key.Enter)
	assert.Equal(t, Position{11, 0}, n.Pos())
	assert.True(t, e&Moved != 0 && e&JumpChanged != 0)
	assert.Equal(t, "", n.Jump())

	n.Press(key.Digit1)
	n.Press(key.Digit5)
	n.Press(key.Backspace)
	assert.Equal(t, "1", n.Jump(), "Backspace takes a digit back, it does not move")
	assert.Equal(t, Position{11, 0}, n.Pos())
	n.Press(key.Digit4)
	n.Press(key.Enter)
	assert.Equal(t, Position{13, 0}, n.Pos())

	n.Press(key.Digit0)
	n.Press(key.Digit3)
	n.Press(key.Enter)
	assert.Equal(t, Position{2, 0}, n.Pos(), "a leading zero is fine")

	n.Press(key.Digit9)
	n.Press(key.Digit9)
	e = n.Press(key.Enter)
	assert.True(t, e&Refused != 0, "no slide 99")
	assert.Equal(t, Position{2, 0}, n.Pos())
	assert.Equal(t, "", n.Jump())

	n.Press(key.Digit7)
	n.Press(key.Escape)
	assert.Equal(t, "", n.Jump(), "Escape forgets the digits")
	n.Press(key.Enter)
	assert.Equal(t, Position{3, 0}, n.Pos(), "then Enter is Next")

	n.Press(key.Digit8)
	clk.Advance(DefaultJumpTimeout + time.Millisecond)
	assert.Equal(t, JumpChanged, n.Tick(), "unconfirmed digits time out")
	assert.Equal(t, "", n.Jump())
	assert.Equal(t, Effect(0), n.Tick())

	n.Press(key.Digit1)
	clk.Advance(DefaultJumpTimeout - time.Millisecond)
	n.Press(key.Digit6) // each digit restarts the wait
	clk.Advance(DefaultJumpTimeout - time.Millisecond)
	n.Press(key.Enter)
	assert.Equal(t, Position{15, 0}, n.Pos())

	n.Press(key.Digit2)
	clk.Advance(DefaultJumpTimeout + time.Second)
	n.Press(key.Enter)
	assert.Equal(t, Position{16, 0}, n.Pos(), "Enter after the timeout is Next, not a jump to 2")

	for range 6 {
		n.Press(key.Digit1)
	}
	assert.Equal(t, "1111", n.Jump(), "at most four digits")

	n.Press(key.Right)
	assert.Equal(t, "", n.Jump(), "another key forgets the digits")
	assert.Equal(t, Position{17, 0}, n.Pos(), "and does what it does")
}

func TestOverviewSelectionAndOpening(t *testing.T) {
	// A deck whose last row of the overview is shorter than the others.
	var d *Deck
	var n *Nav
	for _, dk := range allDecks(t) {
		if nv, _ := newTestNav(dk); dk.Err == nil && len(dk.Slides)%nv.Columns() != 0 && len(dk.Slides) > 2*nv.Columns() {
			d, n = dk, nv
			break
		}
	}
	require.NotNil(t, d, "some chapter's overview has a ragged last row")
	cols := n.Columns()
	require.Greater(t, cols, 1)
	require.Less(t, cols, len(d.Slides))
	last := len(d.Slides) - 1

	n.GoTo(2)
	n.Next() // step 1 of the first scene
	at := n.Pos()
	assert.Equal(t, OverviewChanged, n.Press(key.O))
	require.True(t, n.Overview())
	assert.Equal(t, 1, n.Selected(), "the overview opens at the current slide")

	n.Press(key.Right)
	assert.Equal(t, 2, n.Selected())
	n.Press(key.Down)
	assert.Equal(t, 2+cols, n.Selected())
	n.Press(key.Up)
	assert.Equal(t, 2, n.Selected())
	assert.Equal(t, Refused, n.Press(key.Up), "no row above")
	n.Press(key.Left)
	n.Press(key.Left)
	assert.Equal(t, 0, n.Selected())
	assert.Equal(t, Refused, n.Press(key.Left))
	n.Press(key.PageDown)
	assert.Equal(t, 1, n.Selected(), "a clicker moves the selection too")
	n.Press(key.End)
	assert.Equal(t, last, n.Selected())
	assert.Equal(t, Refused, n.Press(key.Down), "no row below the last")
	require.Less(t, last%cols, cols-1, "the last row is shorter than the others")
	n.Press(key.Home)
	for range cols - 1 {
		n.Press(key.Right)
	}
	for range (last / cols) + 2 {
		n.Press(key.Down)
	}
	assert.Equal(t, last, n.Selected(), "down from the last column into a shorter last row lands on its last slide")
	n.Press(key.Home)
	for range (last / cols) + 2 {
		n.Press(key.Down)
	}
	assert.Equal(t, last/cols*cols, n.Selected(), "down the first column stops in the last row")
	assert.Equal(t, at, n.Pos(), "moving the selection does not move the talk")

	n.Press(key.Escape)
	assert.False(t, n.Overview())
	assert.Equal(t, at, n.Pos(), "Escape closes where the talk was")

	n.Press(key.O)
	n.Press(key.Right)
	n.Press(key.Right)
	e := n.Press(key.Enter)
	assert.Equal(t, OverviewChanged|Moved, e)
	assert.False(t, n.Overview())
	assert.Equal(t, Position{3, 0}, n.Pos(), "Enter opens the selected slide at step 0")

	n.Seek(at)
	n.Press(key.O)
	n.Press(key.Enter)
	assert.Equal(t, at, n.Pos(), "opening the current slide keeps its step")

	n.Press(key.O)
	n.Press(key.O)
	assert.False(t, n.Overview(), "o closes it too")

	n.Press(key.O)
	n.Press(key.Digit9)
	n.Press(key.Enter)
	assert.Equal(t, Position{8, 0}, n.Pos(), "typed numbers work in the overview")
	assert.False(t, n.Overview())

	assert.False(t, n.Select(-1))
	assert.False(t, n.Open(len(d.Slides)))
}

func TestBlackoutHidesAndAnyKeyBringsThePictureBackWithoutMoving(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	n, _ := newTestNav(d)
	n.GoTo(4)
	for _, k := range []key.Key{key.B, key.Period} {
		assert.Equal(t, BlackoutChanged, n.Press(k))
		assert.True(t, n.Blackout(), k.String())
		assert.Equal(t, TimerChanged, n.Press(key.T), "the timer keys still work")
		assert.True(t, n.Blackout())
		n.Press(key.T)
		assert.Equal(t, BlackoutChanged, n.Press(key.PageDown))
		assert.False(t, n.Blackout())
		assert.Equal(t, Position{3, 0}, n.Pos(), "the step the audience did not see is not skipped")
	}
	n.Press(key.B)
	n.Press(key.B)
	assert.False(t, n.Blackout(), "b toggles")
}

func TestTimerStartsAtTheFirstMoveAndPausesAndResets(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	n, clk := newTestNav(d)
	clk.Advance(10 * time.Minute) // setting up on the title slide
	assert.False(t, n.Timer().Started())
	assert.Equal(t, "00:00", n.Timer().String(clk.Now()))

	e := n.Press(key.Space)
	assert.Equal(t, Moved|TimerChanged, e, "the first move starts the timer")
	clk.Advance(61*time.Second + 900*time.Millisecond)
	assert.Equal(t, "01:01", n.Timer().String(clk.Now()))
	assert.Equal(t, Moved, n.Press(key.Space), "later moves do not restart it")

	n.Press(key.T)
	clk.Advance(time.Hour)
	assert.Equal(t, "01:01", n.Timer().String(clk.Now()), "paused")
	n.Press(key.T)
	clk.Advance(2 * time.Second)
	assert.Equal(t, "01:03", n.Timer().String(clk.Now()), "resumed")

	n.Press(key.R)
	assert.Equal(t, "00:00", n.Timer().String(clk.Now()))
	clk.Advance(time.Minute)
	assert.Equal(t, "00:00", n.Timer().String(clk.Now()), "after a reset it waits for the next move")
	n.Press(key.Left)
	clk.Advance(5 * time.Second)
	assert.Equal(t, "00:05", n.Timer().String(clk.Now()))

	var fresh Timer
	fresh.Toggle(clk.Now())
	assert.True(t, fresh.Running(), "t starts a timer that has not started")
}

func TestFormatElapsed(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                                "00:00",
		-time.Second:                     "00:00",
		999 * time.Millisecond:           "00:00",
		59 * time.Second:                 "00:59",
		10*time.Minute + 7*time.Second:   "10:07",
		75*time.Minute + 3*time.Second:   "75:03",
		100*time.Minute + 59*time.Second: "100:59",
	} {
		assert.Equal(t, want, FormatElapsed(d), "%v", d)
	}
}

func TestStateCopiesTheTalkToTheOtherWindow(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	a, clk := newTestNav(d)
	b, _ := newTestNav(d)
	b.Clock = clk.Now
	a.GoTo(2)
	a.Next()
	a.Press(key.O)
	a.Press(key.Right)
	a.Press(key.Digit4)
	clk.Advance(90 * time.Second)
	e := b.SetState(a.State())
	assert.Equal(t, Moved|OverviewChanged|JumpChanged|TimerChanged, e)
	assert.Equal(t, a.State(), b.State())
	assert.Equal(t, "01:30", b.Timer().String(clk.Now()))
	assert.Equal(t, Effect(0), b.SetState(a.State()), "the same state again changes nothing")

	clk.Advance(30 * time.Second)
	assert.Equal(t, a.Timer().String(clk.Now()), b.Timer().String(clk.Now()), "the copy keeps counting by itself")

	weird := a.State()
	weird.Slide, weird.Step, weird.Selected = 500, 7, -3
	b.SetState(weird)
	assert.Equal(t, Position{len(d.Slides) - 1, 0}, b.Pos(), "clamped into the deck")
	assert.Equal(t, 0, b.Selected())
}

func TestKeyNamesAndBindings(t *testing.T) {
	// The names themselves are desktop/key's; here: every key the talk
	// answers to is in the help, listed once, doing what the help says,
	// and the reading mode's own keys do nothing in a talk.
	seen := map[key.Key]bool{}
	for _, b := range Bindings {
		assert.NotEmpty(t, b.Help)
		for _, k := range b.Keys {
			assert.Equal(t, b.Action, actionOf(k), "%s in the help does what the help says", k)
			assert.False(t, seen[k], "%s is listed once", k)
			seen[k] = true
		}
	}
	for _, k := range key.All() {
		assert.Equal(t, actionOf(k) != ActNone, seen[k], "%s: in the help if and only if it does something", k)
	}
	for _, k := range []key.Key{key.Tab, key.Delete, key.Equal, key.Minus, key.F3} {
		assert.Equal(t, ActNone, actionOf(k), "%s is a reading-mode key", k)
	}
}
