package runlog

import (
	"sort"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
)

// Run is one simulated run of a scene: its configuration, its events and
// where the scene's code was when each happened.
type Run struct {
	Config core.Config
	Trace
}

// Trace is what a player replays of a run: the events, and where the
// scene's code was when each happened.
type Trace struct {
	Events []core.Event
	// Lines[i] is the source line the goroutine of Events[i] was at (0 if
	// unknown).
	Lines []int32
	// Began lists, in the order they ran, the source lines whose code
	// produced each op a scene goroutine handed the simulator, each with
	// the index of the first event after the op was taken (the event that
	// op caused, when it caused one).
	Began []LineStart
}

// LineStart is one op taken from a scene goroutine: its source line, and
// the index of the next event of the run.
type LineStart struct {
	Event int
	Line  int32
}

var (
	_ view.Lines = (*Run)(nil)
	_ view.Lines = (*Trace)(nil)
)

// LineOf is the source line goroutine g was at at event i (0 unless g is
// the event's goroutine).
func (r *Trace) LineOf(g int64, i int) int {
	if i < 0 || i >= len(r.Lines) || r.Events[i].G != g {
		return 0
	}
	return int(r.Lines[i])
}

// Ran lists the lines whose code began running just before event i.
func (r *Trace) Ran(i int) []int32 {
	lo := sort.Search(len(r.Began), func(k int) bool { return r.Began[k].Event >= i })
	var out []int32
	for k := lo; k < len(r.Began) && r.Began[k].Event == i; k++ {
		out = append(out, r.Began[k].Line)
	}
	return out
}
