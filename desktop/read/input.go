package read

// Key is a key that is read as a key rather than as a typed character:
// movement, editing and the shortcuts held with Ctrl or Alt.
type Key uint8

const (
	KeyNone Key = iota
	KeyUp
	KeyDown
	KeyLeft
	KeyRight
	KeyPageUp
	KeyPageDown
	KeyHome
	KeyEnd
	KeyTab
	KeyEnter
	KeyEscape
	KeyBackspace
	KeyDelete
	KeyF     // Ctrl+F: search
	KeyEqual // Ctrl+= (and Ctrl++ on the keypad): larger type
	KeyMinus // Ctrl+-: smaller type
	Key0     // Ctrl+0: the default size
	KeyF3    // the next search result
	numKeys
)

var keyNames = [...]string{
	KeyNone: "none", KeyUp: "Up", KeyDown: "Down", KeyLeft: "Left", KeyRight: "Right",
	KeyPageUp: "PageUp", KeyPageDown: "PageDown", KeyHome: "Home", KeyEnd: "End", KeyTab: "Tab",
	KeyEnter: "Enter", KeyEscape: "Escape", KeyBackspace: "Backspace", KeyDelete: "Delete",
	KeyF: "F", KeyEqual: "=", KeyMinus: "-", Key0: "0", KeyF3: "F3",
}

func (k Key) String() string {
	if int(k) < len(keyNames) {
		return keyNames[k]
	}
	return "Key?"
}

// Press is one key press (or repeat) with the modifiers held.
type Press struct {
	Key              Key
	Shift, Ctrl, Alt bool
}

// Pointer is the mouse (or the first finger), in logical pixels of the
// window.
type Pointer struct {
	X, Y     float32
	Present  bool // over the window
	Down     bool // the button is held
	Pressed  bool // went down this tick
	Released bool // went up this tick
}

// Input is what the reader did during one tick.
type Input struct {
	Dt      float64 // seconds the tick stands for
	Keys    []Press
	Chars   []rune // typed characters (none while Ctrl or Alt is held)
	Shift   bool   // Shift is held (for Shift+Space)
	Pointer Pointer
	// WheelY is the wheel's movement in notches; positive scrolls up
	// (towards the start), as Ebiten reports it.
	WheelX, WheelY float32
}
