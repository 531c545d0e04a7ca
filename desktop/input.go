package desktop

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/read"
)

// Input is one tick of input as a mode sees it: the model's view of it,
// and beside each key press the Ebiten key it came from, for the inline
// players (render.Panel), which take Ebiten keys.
type Input struct {
	read.Input
	Raw []ebiten.Key // Raw[i] is the key of Keys[i]
}

// rawInput is what persists between ticks of input reading.
type rawInput struct {
	prev read.Pointer
}

// watched maps the keys the app reads as keys to the model's names.
var watched = []struct {
	k      ebiten.Key
	m      key.Key
	repeat bool
}{
	{ebiten.KeyArrowUp, key.Up, true},
	{ebiten.KeyArrowDown, key.Down, true},
	{ebiten.KeyArrowLeft, key.Left, true},
	{ebiten.KeyArrowRight, key.Right, true},
	{ebiten.KeyPageUp, key.PageUp, true},
	{ebiten.KeyPageDown, key.PageDown, true},
	{ebiten.KeyHome, key.Home, false},
	{ebiten.KeyEnd, key.End, false},
	{ebiten.KeyTab, key.Tab, true},
	{ebiten.KeyEnter, key.Enter, false},
	{ebiten.KeyNumpadEnter, key.Enter, false},
	{ebiten.KeyEscape, key.Escape, false},
	{ebiten.KeyBackspace, key.Backspace, true},
	{ebiten.KeyDelete, key.Delete, true},
	{ebiten.KeyF, key.F, false},
	{ebiten.KeyEqual, key.Equal, true},
	{ebiten.KeyNumpadAdd, key.Equal, true},
	{ebiten.KeyMinus, key.Minus, true},
	{ebiten.KeyNumpadSubtract, key.Minus, true},
	{ebiten.KeyDigit0, key.Digit0, false},
	{ebiten.KeyNumpad0, key.Digit0, false},
	{ebiten.KeyF3, key.F3, true},
}

// Key repeat while held: after repeatDelay ticks, every repeatEvery.
const (
	repeatDelay = 24
	repeatEvery = 3
)

// readInput gathers one tick of input from Ebiten; scale converts device
// pixels to logical ones. It is the only function of the package that
// reads Ebiten's input state.
func readInput(raw *rawInput, in *Input, scale float64) {
	in.Dt = 1 / float64(ebiten.TPS())
	in.Keys, in.Raw = in.Keys[:0], in.Raw[:0]
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	alt := ebiten.IsKeyPressed(ebiten.KeyAlt)
	for _, w := range watched {
		d := inpututil.KeyPressDuration(w.k)
		if d == 1 || w.repeat && d >= repeatDelay && (d-repeatDelay)%repeatEvery == 0 {
			// F, =, - and 0 are shortcuts only with Ctrl; typed, they are
			// characters.
			if !ctrl && (w.m == key.F || w.m == key.Equal || w.m == key.Minus || w.m == key.Digit0) {
				continue
			}
			in.Keys = append(in.Keys, read.Press{Key: w.m, Shift: shift, Ctrl: ctrl, Alt: alt})
			in.Raw = append(in.Raw, w.k)
		}
	}
	in.Shift = shift
	in.Chars = in.Chars[:0]
	if !ctrl && !alt {
		in.Chars = ebiten.AppendInputChars(in.Chars)
	}
	wx, wy := ebiten.Wheel()
	in.WheelX, in.WheelY = float32(wx), float32(wy)

	x, y := ebiten.CursorPosition()
	p := read.Pointer{X: float32(float64(x) / scale), Y: float32(float64(y) / scale), Present: true}
	p.Down = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	p.Pressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	p.Released = inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	if ids := ebiten.AppendTouchIDs(nil); len(ids) > 0 {
		tx, ty := ebiten.TouchPosition(ids[0])
		p = read.Pointer{X: float32(float64(tx) / scale), Y: float32(float64(ty) / scale), Present: true, Down: true, Pressed: !raw.prev.Down}
	} else if raw.prev.Down && !p.Down && !p.Released && len(inpututil.AppendJustReleasedTouchIDs(nil)) > 0 {
		p = read.Pointer{X: raw.prev.X, Y: raw.prev.Y, Present: true, Released: true}
	}
	raw.prev = p
	in.Pointer = p
}
