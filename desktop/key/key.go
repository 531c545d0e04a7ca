package key

// Key is a key the desktop app reads as a key rather than as a typed
// character, or a key of a talk (which reads some letters and digits,
// typed, as keys: b for blackout, o for the overview, digits for a slide
// number).
type Key uint8

// The keys. Their order is not part of any format: the names are.
const (
	None Key = iota
	Right
	Left
	Up
	Down
	Space
	Enter
	Backspace
	Escape
	PageDown
	PageUp
	Home
	End
	Digit0 // a slide number's digit; with Ctrl in reading mode: the default type size
	Digit1
	Digit2
	Digit3
	Digit4
	Digit5
	Digit6
	Digit7
	Digit8
	Digit9
	B      // a talk's blackout
	Period // a talk's blackout, as some clickers send it
	F      // a talk's full screen; with Ctrl in reading mode: search
	N      // a talk's next
	O      // a talk's overview
	P      // a talk's previous
	R      // reset a talk's timer
	T      // pause or resume a talk's timer
	Tab    // reading mode: move the focus
	Delete // reading mode: delete in the search box
	Equal  // with Ctrl (and Ctrl++ on the keypad) in reading mode: larger type
	Minus  // with Ctrl in reading mode: smaller type
	F3     // reading mode: the next search result
	count
)

// names are the keys' names, the wire form. The first 31 (through T) are
// the names of protocol version 1 of the talk's two windows and must not
// change.
var names = [count]string{
	None: "none", Right: "right", Left: "left", Up: "up", Down: "down",
	Space: "space", Enter: "enter", Backspace: "backspace", Escape: "escape",
	PageDown: "pagedown", PageUp: "pageup", Home: "home", End: "end",
	Digit0: "0", Digit1: "1", Digit2: "2", Digit3: "3", Digit4: "4",
	Digit5: "5", Digit6: "6", Digit7: "7", Digit8: "8", Digit9: "9",
	B: "b", Period: ".", F: "f", N: "n", O: "o", P: "p", R: "r", T: "t",
	Tab: "tab", Delete: "delete", Equal: "=", Minus: "-", F3: "f3",
}

// String is the key's name.
func (k Key) String() string {
	if k < count {
		return names[k]
	}
	return "key?"
}

// Parse is the key a name stands for; false for an unknown name and for
// "none".
func Parse(name string) (Key, bool) {
	for k, n := range names {
		if n == name && Key(k) != None {
			return Key(k), true
		}
	}
	return None, false
}

// Digit is the value of a digit key, or -1.
func (k Key) Digit() int {
	if k >= Digit0 && k <= Digit9 {
		return int(k - Digit0)
	}
	return -1
}

// All is every key but None, in order.
func All() []Key {
	out := make([]Key, 0, count-1)
	for k := None + 1; k < count; k++ {
		out = append(out, k)
	}
	return out
}
