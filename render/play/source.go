package play

import (
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
)

// Source is what a player plays (render's Game and Panel): a replay of an
// event log with a cursor. Nothing that plays a Source runs a simulation;
// it asks the Source for pictures and hands it the user's commands.
type Source interface {
	// Update advances the playback by one tick. in.Dt is the wall time
	// the tick stands for; in.Commands are the user's commands, in order.
	Update(in *Input) error
	// Frame returns the picture for a canvas of width×height logical
	// pixels (CSS pixels in a browser), the area above the player's
	// chrome. Narration and Caption are drawn by render, in the chrome.
	Frame(width, height float32) view.Frame
	// Status is what the controls bar shows.
	Status() Status
}

// Controllable is a Source that a host can also drive directly, outside
// the user's commands: seek it, set its speed and start or stop it (the
// URL's at, speed and play; the desktop's slides). Player, Compare and
// Loading are Controllable.
type Controllable interface {
	Source
	// Seek moves the cursor to after event i (Compare: to stop i).
	Seek(i int)
	// SetSpeed sets the playback speed (1 is normal).
	SetSpeed(s float64)
	// SetPlaying starts or stops the playback.
	SetPlaying(on bool)
}

// Status is the state of the playback as the controls bar shows it.
type Status struct {
	Playing bool
	Cursor  int // the index of the last event applied: -1 before the first, Len-1 at the end
	Len     int // events in the log
	Time    core.Time
	Speed   float64 // 1 is normal speed
	Procs   int     // GOMAXPROCS of the run shown
	Seed    uint64  // seed of the run shown
	// CanRerun says whether the Source can run the scene again with other
	// procs or seed; without it, those buttons are not shown.
	CanRerun      bool
	ReducedMotion bool
	Dark          bool      // the picture and the chrome are in the dark palette (Player.SetDark)
	Lang          view.Lang // the language of the narration and the controls (Player.SetLang)
	Captions      bool      // captions are on
	HasCaptions   bool      // the scene has captions: the chrome keeps a line for them
	Marks         []Mark    // the events a learner jumps between, in cursor order
	// Line is the scene source line of the goroutine the current event is
	// about (0 if unknown), for the page to highlight.
	Line int
}

// MarkKind is a kind of event the controls can jump to.
type MarkKind uint8

const (
	MarkSteal   MarkKind = iota // a P stole Gs from another (ProcSteal)
	MarkHandoff                 // a P was handed off (ProcHandoff, ProcRetake, MLockedHandoff)
	MarkPreempt                 // a G was preempted (GoPreempt)
	MarkDiff                    // compare mode: the first event where the two runs differ
	markKinds
)

var markNames = [...]string{MarkSteal: "steal", MarkHandoff: "hand-off", MarkPreempt: "preemption", MarkDiff: "difference"}

func (k MarkKind) String() string {
	if int(k) < len(markNames) {
		return markNames[k]
	}
	return "mark?"
}

// Mark is one event of interest: At is its index (the cursor that shows it).
type Mark struct {
	At   int
	Kind MarkKind
}

// CommandKind is something the user asked the player to do.
type CommandKind uint8

const (
	CmdNone          CommandKind = iota
	CmdTogglePlay                // space, the play/pause button
	CmdPlay                      // from the host page
	CmdPause                     // from the host page
	CmdStep                      // →: to the next stop (a key event)
	CmdBack                      // ←: to the previous stop
	CmdStepEvent                 // Shift+→: one event forward
	CmdBackEvent                 // Shift+←: one event back
	CmdHome                      // Home: the start
	CmdEnd                       // End: the end
	CmdSeek                      // the scrub bar or the host page: cursor At
	CmdFaster                    // +
	CmdSlower                    // −
	CmdSpeed                     // 1–9: Speed
	CmdNextSteal                 // s
	CmdNextHandoff               // h
	CmdNextPreempt               // p
	CmdRestart                   // r: back to the start, playing
	CmdProcs                     // [ ]: run again with Procs Ps
	CmdSeed                      // n: run again with Seed
	CmdReducedMotion             // m: toggle reduced motion
	CmdCaptions                  // c: toggle captions
	CmdDark                      // the host page's theme: dark when At is not 0
	commandKinds
)

var commandNames = [...]string{
	CmdNone: "none", CmdTogglePlay: "toggle-play", CmdPlay: "play", CmdPause: "pause", CmdStep: "step",
	CmdBack: "back", CmdStepEvent: "step-event", CmdBackEvent: "back-event", CmdHome: "home", CmdEnd: "end", CmdSeek: "seek", CmdFaster: "faster", CmdSlower: "slower",
	CmdSpeed: "speed", CmdNextSteal: "next-steal", CmdNextHandoff: "next-handoff", CmdNextPreempt: "next-preemption",
	CmdRestart: "restart", CmdProcs: "procs", CmdSeed: "seed", CmdReducedMotion: "reduced-motion", CmdCaptions: "captions",
	CmdDark: "dark",
}

func (k CommandKind) String() string {
	if int(k) < len(commandNames) {
		return commandNames[k]
	}
	return "command?"
}

// ParseCommand returns the kind named s (as String spells it), for
// commands that come from a host page.
func ParseCommand(s string) (CommandKind, bool) {
	for k, name := range commandNames {
		if name == s && k != int(CmdNone) {
			return CommandKind(k), true
		}
	}
	return CmdNone, false
}

// Command is one thing the user asked for. At, Speed, Procs and Seed are
// the arguments of CmdSeek, CmdSpeed, CmdProcs and CmdSeed.
type Command struct {
	Kind  CommandKind
	At    int
	Speed float64
	Procs int
	Seed  uint64
}

// Speeds are the playback speeds; the digits 1–9 choose one, + and −
// move along the list.
var Speeds = []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32, 64}

// NextSpeed returns the speed after s in Speeds, in direction dir (+1
// faster, −1 slower), stopping at the ends.
func NextSpeed(s float64, dir int) float64 {
	i := 0
	for j, v := range Speeds {
		if v <= s {
			i = j
		}
	}
	i += dir
	i = max(0, min(i, len(Speeds)-1))
	return Speeds[i]
}
