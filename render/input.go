package render

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Input is everything the user did during one tick, as the Source sees it.
type Input struct {
	// Dt is the wall time this tick stands for, in seconds.
	Dt float64
	// Commands are the user's commands of this tick, in order: keys first,
	// then the controls bar, then commands from the host page.
	Commands []Command
	// Pointer is the mouse or the first touch, in frame coordinates
	// (logical pixels from the top-left of the frame), for a Source that
	// lets the user pick a goroutine. It is not Present while over the
	// chrome, which the controls bar handles.
	Pointer Pointer
}

// Pointer is the mouse or a touch.
type Pointer struct {
	X, Y     float32 // logical pixels
	Present  bool    // a mouse is over the canvas, or a finger is down
	Down     bool    // the button or finger is down
	Pressed  bool    // went down this tick
	Released bool    // went up this tick
}

// rawInput is what readInput gathered from Ebiten during one tick: the
// only state of Ebiten's input that the rest of the package looks at.
type rawInput struct {
	keys    []ebiten.Key // keys just pressed or repeating, in Ebiten's order
	shift   bool
	chars   []rune // characters typed (layout-aware: '+', '−', digits, letters)
	pointer Pointer
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
func readInput(r *rawInput, scale float64, prev *Pointer, touchID *ebiten.TouchID, touching *bool) {
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

	p := Pointer{}
	// Touch first: a finger that went down is followed until it lifts.
	if !*touching {
		if ids := inpututil.AppendJustPressedTouchIDs(nil); len(ids) > 0 {
			*touchID, *touching = ids[0], true
		}
	}
	if *touching {
		if inpututil.IsTouchJustReleased(*touchID) {
			*touching = false
			p = Pointer{X: prev.X, Y: prev.Y, Present: true, Released: true}
		} else {
			x, y := ebiten.TouchPosition(*touchID)
			p = Pointer{X: float32(float64(x) / scale), Y: float32(float64(y) / scale), Present: true, Down: true}
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

// charCommand is the binding of a typed character, or false.
func charCommand(c rune, st Status) (Command, bool) {
	switch c {
	case ' ':
		return Command{Kind: CmdTogglePlay}, true
	case '+', '=':
		return Command{Kind: CmdFaster}, true
	case '-', '−', '_':
		return Command{Kind: CmdSlower}, true
	case 's', 'S':
		return Command{Kind: CmdNextSteal}, true
	case 'h', 'H':
		return Command{Kind: CmdNextHandoff}, true
	case 'p', 'P':
		return Command{Kind: CmdNextPreempt}, true
	case 'r', 'R':
		return Command{Kind: CmdRestart}, true
	case 'm', 'M':
		return Command{Kind: CmdReducedMotion}, true
	case 'c', 'C':
		return Command{Kind: CmdCaptions}, true
	case '[':
		if st.CanRerun && st.Procs > 1 {
			return Command{Kind: CmdProcs, Procs: st.Procs - 1}, true
		}
	case ']':
		if st.CanRerun && st.Procs < maxProcs {
			return Command{Kind: CmdProcs, Procs: st.Procs + 1}, true
		}
	case 'n', 'N':
		if st.CanRerun {
			return Command{Kind: CmdSeed, Seed: st.Seed + 1}, true
		}
	}
	if c >= '1' && c <= '9' {
		return Command{Kind: CmdSpeed, Speed: Speeds[c-'1']}, true
	}
	return Command{}, false
}

// maxProcs is the largest GOMAXPROCS the controls offer (scenes allow 256;
// a picture of more than 64 Ps helps no one).
const maxProcs = 64

// keyCommand is the binding of a non-character key (focus keys are the
// controls bar's), or false.
func keyCommand(k ebiten.Key, shift bool, st Status) (Command, bool) {
	switch k {
	case ebiten.KeyArrowRight:
		if shift {
			return Command{Kind: CmdStepEvent}, true
		}
		return Command{Kind: CmdStep}, true
	case ebiten.KeyArrowLeft:
		if shift {
			return Command{Kind: CmdBackEvent}, true
		}
		return Command{Kind: CmdBack}, true
	case ebiten.KeyHome:
		return Command{Kind: CmdHome}, true
	case ebiten.KeyEnd:
		return Command{Kind: CmdEnd}, true
	case ebiten.KeyPageDown:
		return Command{Kind: CmdSeek, At: min(st.Cursor+100, st.Len-1)}, true
	case ebiten.KeyPageUp:
		return Command{Kind: CmdSeek, At: max(st.Cursor-100, -1)}, true
	}
	return Command{}, false
}
