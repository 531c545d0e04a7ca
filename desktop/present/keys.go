package present

// Key is a key presentation mode responds to. The window maps its own key
// codes to these (Ebiten's KeyArrowRight to KeyRight, KeyNumpad5 to Key5,
// KeyNumpadEnter to KeyEnter, …); the presenter window sends them to the
// audience window by name. A presentation clicker sends PageDown and
// PageUp (some send the arrows, and b or . for its blank-screen button),
// all of which are here.
type Key uint8

const (
	KeyNone Key = iota
	KeyRight
	KeyLeft
	KeyUp
	KeyDown
	KeySpace
	KeyEnter
	KeyBackspace
	KeyEscape
	KeyPageDown
	KeyPageUp
	KeyHome
	KeyEnd
	Key0
	Key1
	Key2
	Key3
	Key4
	Key5
	Key6
	Key7
	Key8
	Key9
	KeyB      // blackout
	KeyPeriod // blackout, as some clickers send it
	KeyF      // full screen
	KeyN      // next
	KeyO      // overview
	KeyP      // previous
	KeyR      // reset the timer
	KeyT      // pause or resume the timer
	numKeys
)

var keyNames = [numKeys]string{
	KeyNone: "none", KeyRight: "right", KeyLeft: "left", KeyUp: "up", KeyDown: "down",
	KeySpace: "space", KeyEnter: "enter", KeyBackspace: "backspace", KeyEscape: "escape",
	KeyPageDown: "pagedown", KeyPageUp: "pageup", KeyHome: "home", KeyEnd: "end",
	Key0: "0", Key1: "1", Key2: "2", Key3: "3", Key4: "4", Key5: "5", Key6: "6", Key7: "7", Key8: "8", Key9: "9",
	KeyB: "b", KeyPeriod: ".", KeyF: "f", KeyN: "n", KeyO: "o", KeyP: "p", KeyR: "r", KeyT: "t",
}

// String is the key's name, as the presenter window sends it.
func (k Key) String() string {
	if k < numKeys {
		return keyNames[k]
	}
	return "key?"
}

// ParseKey is the key a name stands for (KeyNone, false if none).
func ParseKey(name string) (Key, bool) {
	for k, n := range keyNames {
		if n == name && Key(k) != KeyNone {
			return Key(k), true
		}
	}
	return KeyNone, false
}

// digit is the value of a digit key, or -1.
func (k Key) digit() int {
	if k >= Key0 && k <= Key9 {
		return int(k - Key0)
	}
	return -1
}

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
	Keys   []Key
	Action Action
	Help   string
}

// Bindings are presentation mode's keys in the order a help screen lists
// them. Press interprets them; this table is what a window shows.
var Bindings = []Binding{
	{[]Key{KeyRight, KeySpace, KeyPageDown, KeyDown, KeyN}, ActNext, "next step, then next slide"},
	{[]Key{KeyLeft, KeyPageUp, KeyUp, KeyP}, ActPrev, "previous step, then previous slide"},
	{[]Key{KeyEnter}, ActEnter, "next; after digits: go to that slide; in the overview: open the selected slide"},
	{[]Key{KeyBackspace}, ActBack, "previous; after digits: take one back"},
	{[]Key{KeyHome}, ActFirst, "first slide"},
	{[]Key{KeyEnd}, ActLast, "last slide"},
	{[]Key{Key0, Key1, Key2, Key3, Key4, Key5, Key6, Key7, Key8, Key9}, ActDigit, "type a slide number, then Enter"},
	{[]Key{KeyO}, ActOverview, "overview of all slides (arrows choose, Enter opens, Esc or o closes)"},
	{[]Key{KeyEscape}, ActEscape, "forget a typed number; close the overview"},
	{[]Key{KeyB, KeyPeriod}, ActBlackout, "black screen, and back"},
	{[]Key{KeyT}, ActTimerPause, "pause or resume the timer"},
	{[]Key{KeyR}, ActTimerReset, "reset the timer"},
	{[]Key{KeyF}, ActFullscreen, "full screen"},
}

// actionOf is the key's action outside the overview, before typed digits
// and blackout change its meaning.
func actionOf(k Key) Action {
	switch k {
	case KeyRight, KeySpace, KeyPageDown, KeyDown, KeyN:
		return ActNext
	case KeyLeft, KeyPageUp, KeyUp, KeyP:
		return ActPrev
	case KeyEnter:
		return ActEnter
	case KeyBackspace:
		return ActBack
	case KeyEscape:
		return ActEscape
	case KeyHome:
		return ActFirst
	case KeyEnd:
		return ActLast
	case KeyO:
		return ActOverview
	case KeyB, KeyPeriod:
		return ActBlackout
	case KeyT:
		return ActTimerPause
	case KeyR:
		return ActTimerReset
	case KeyF:
		return ActFullscreen
	}
	if k.digit() >= 0 {
		return ActDigit
	}
	return ActNone
}
