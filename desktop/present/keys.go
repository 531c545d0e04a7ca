package present

import "github.com/gmpbook/gmpbook/desktop/key"

// Action is what a key does.
type Action uint8

const (
	ActNone       Action = iota
	ActNext              // the next fragment, else the next slide at step 0
	ActPrev              // the previous fragment, else the previous slide at its last step
	ActFirst             // the first slide
	ActLast              // the last slide at its last step
	ActOverview          // open or close the overview grid
	ActBlackout          // blank the audience screen, or bring it back
	ActTimerPause        // pause or resume the timer
	ActTimerReset        // zero the timer; it starts again at the next move
	ActFullscreen        // the window goes full screen or back
	ActDigit             // add a digit to the slide number being typed
	ActEnter             // Enter: jump to the typed number, open the overview's selection, or next
	ActBack              // Backspace: take back a typed digit, else previous
	ActEscape            // Escape: forget the typed number, else close the overview
)

// Binding is one line of the keys' help.
type Binding struct {
	Keys   []key.Key
	Action Action
	Help   string
}

// Bindings are presentation mode's keys in the order a help screen lists
// them. Press interprets them; this table is what a window shows.
var Bindings = []Binding{
	{[]key.Key{key.Right, key.Space, key.PageDown, key.Down, key.N}, ActNext, "next step, then next slide"},
	{[]key.Key{key.Left, key.PageUp, key.Up, key.P}, ActPrev, "previous step, then previous slide"},
	{[]key.Key{key.Enter}, ActEnter, "next; after digits: go to that slide; in the overview: open the selected slide"},
	{[]key.Key{key.Backspace}, ActBack, "previous; after digits: take one back"},
	{[]key.Key{key.Home}, ActFirst, "first slide"},
	{[]key.Key{key.End}, ActLast, "last slide"},
	{[]key.Key{key.Digit0, key.Digit1, key.Digit2, key.Digit3, key.Digit4, key.Digit5, key.Digit6, key.Digit7, key.Digit8, key.Digit9}, ActDigit, "type a slide number, then Enter"},
	{[]key.Key{key.O}, ActOverview, "overview of all slides (arrows choose, Enter opens, Esc or o closes)"},
	{[]key.Key{key.Escape}, ActEscape, "forget a typed number; close the overview"},
	{[]key.Key{key.B, key.Period}, ActBlackout, "black screen, and back"},
	{[]key.Key{key.T}, ActTimerPause, "pause or resume the timer"},
	{[]key.Key{key.R}, ActTimerReset, "reset the timer"},
	{[]key.Key{key.F}, ActFullscreen, "full screen"},
}

// actionOf is the key's action outside the overview, before typed digits
// and blackout change its meaning.
func actionOf(k key.Key) Action {
	switch k {
	case key.Right, key.Space, key.PageDown, key.Down, key.N:
		return ActNext
	case key.Left, key.PageUp, key.Up, key.P:
		return ActPrev
	case key.Enter:
		return ActEnter
	case key.Backspace:
		return ActBack
	case key.Escape:
		return ActEscape
	case key.Home:
		return ActFirst
	case key.End:
		return ActLast
	case key.O:
		return ActOverview
	case key.B, key.Period:
		return ActBlackout
	case key.T:
		return ActTimerPause
	case key.R:
		return ActTimerReset
	case key.F:
		return ActFullscreen
	}
	if k.Digit() >= 0 {
		return ActDigit
	}
	return ActNone
}
