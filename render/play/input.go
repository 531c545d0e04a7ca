package play

// Input is everything the user did during one tick, as a Source sees it.
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

// CharCommand is the binding of a typed character, or false.
func CharCommand(c rune, st Status) (Command, bool) {
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
		if st.CanRerun && st.Procs < MaxProcs {
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

// MaxProcs is the largest GOMAXPROCS the controls offer (scenes allow 256;
// a picture of more than 64 Ps helps no one).
const MaxProcs = 64
