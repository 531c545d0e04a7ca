package read

import "github.com/gmpbook/gmpbook/desktop/key"

// Press is one key press (or repeat) with the modifiers held.
type Press struct {
	Key              key.Key
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
