package render

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/gmpbook/gmpbook/render/play"
)

// rawInput is what readInput gathered from Ebiten during one tick: the
// only state of Ebiten's input that the rest of the package looks at.
type rawInput struct {
	keys    []ebiten.Key // keys just pressed or repeating, in Ebiten's order
	shift   bool
	chars   []rune // characters typed (layout-aware: '+', '−', digits, letters)
	pointer play.Pointer
}

// Key repeat for the arrows: after repeatDelay ticks held, every
// repeatEvery ticks.
const (
	repeatDelay = 24
	repeatEvery = 3
)

// nonCharKeys are the keys read as keys; everything printable is read as a
// character, so that '+' works on every keyboard layout.
var nonCharKeys = []ebiten.Key{
	ebiten.KeyArrowRight, ebiten.KeyArrowLeft, ebiten.KeyHome, ebiten.KeyEnd,
	ebiten.KeyTab, ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeyEscape,
	ebiten.KeyPageUp, ebiten.KeyPageDown,
}

// readInput gathers the tick's input. scale converts Ebiten's screen
// coordinates (device pixels) to logical pixels. touchID and touching keep
// which finger is followed between ticks. This is the only function of the
// package that reads Ebiten's input state.
func readInput(r *rawInput, scale float64, prev *play.Pointer, touchID *ebiten.TouchID, touching *bool) {
	r.keys = r.keys[:0]
	for _, k := range nonCharKeys {
		d := inpututil.KeyPressDuration(k)
		repeats := k == ebiten.KeyArrowRight || k == ebiten.KeyArrowLeft
		if d == 1 || repeats && d >= repeatDelay && (d-repeatDelay)%repeatEvery == 0 {
			r.keys = append(r.keys, k)
		}
	}
	r.shift = ebiten.IsKeyPressed(ebiten.KeyShift)
	r.chars = ebiten.AppendInputChars(r.chars[:0])

	p := play.Pointer{}
	// Touch first: a finger that went down is followed until it lifts.
	if !*touching {
		if ids := inpututil.AppendJustPressedTouchIDs(nil); len(ids) > 0 {
			*touchID, *touching = ids[0], true
		}
	}
	if *touching {
		if inpututil.IsTouchJustReleased(*touchID) {
			*touching = false
			p = play.Pointer{X: prev.X, Y: prev.Y, Present: true, Released: true}
		} else {
			x, y := ebiten.TouchPosition(*touchID)
			p = play.Pointer{X: float32(float64(x) / scale), Y: float32(float64(y) / scale), Present: true, Down: true}
			p.Pressed = !prev.Down
		}
	} else {
		x, y := ebiten.CursorPosition()
		p.X, p.Y = float32(float64(x)/scale), float32(float64(y)/scale)
		p.Present = true
		p.Down = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
		p.Pressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
		p.Released = inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	}
	r.pointer = p
	*prev = p
}

// keyCommand is the binding of a non-character key (focus keys are the
// controls bar's), or false.
func keyCommand(k ebiten.Key, shift bool, st play.Status) (play.Command, bool) {
	switch k {
	case ebiten.KeyArrowRight:
		if shift {
			return play.Command{Kind: play.CmdStepEvent}, true
		}
		return play.Command{Kind: play.CmdStep}, true
	case ebiten.KeyArrowLeft:
		if shift {
			return play.Command{Kind: play.CmdBackEvent}, true
		}
		return play.Command{Kind: play.CmdBack}, true
	case ebiten.KeyHome:
		return play.Command{Kind: play.CmdHome}, true
	case ebiten.KeyEnd:
		return play.Command{Kind: play.CmdEnd}, true
	case ebiten.KeyPageDown:
		return play.Command{Kind: play.CmdSeek, At: min(st.Cursor+100, st.Len-1)}, true
	case ebiten.KeyPageUp:
		return play.Command{Kind: play.CmdSeek, At: max(st.Cursor-100, -1)}, true
	}
	return play.Command{}, false
}

// controlsKey handles the focus keys of c: Tab and Shift+Tab move the
// focus along the buttons, Enter presses the focused one, Escape drops the
// focus.
func controlsKey(c *play.Controls, k ebiten.Key, shift bool) []play.Command {
	if !c.HasButtons() {
		return nil
	}
	switch k {
	case ebiten.KeyTab:
		c.FocusNext(shift)
	case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
		return c.Press()
	case ebiten.KeyEscape:
		c.Blur()
	}
	return nil
}
