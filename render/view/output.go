package view

import (
	"sort"
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// OutputLine is a line the program wrote: to standard output (Stream 1) or
// standard error (Stream 2), at event Event.
type OutputLine struct {
	Event  int
	Stream int
	Text   string
}

// Output is what a run has written by some event: its lines, and once the
// process has ended, how (Exited, Status) and the runtime's last words
// (Fatal: "fatal error: …" or "panic: …", on standard error).
type Output struct {
	Lines  []OutputLine
	Fatal  string
	Exited bool
	Status int64
}

// OutputIndex finds, for any event of a log, what the program has printed
// by then. It is built once and grown with the log (Add); At costs a
// binary search.
type OutputIndex struct {
	lines  []OutputLine
	fatal  string
	fatalI int // the event of the fatal message, -1 if none
	exitI  int // the EvExit event, -1 if none
	status int64
	n      int // events folded
}

// NewOutputIndex indexes events.
func NewOutputIndex(events []core.Event) *OutputIndex {
	x := &OutputIndex{fatalI: -1, exitI: -1}
	x.Add(events)
	return x
}

// Add folds the events of log beyond those already indexed; log must
// start with the events given before.
func (x *OutputIndex) Add(log []core.Event) {
	for i := x.n; i < len(log); i++ {
		e := &log[i]
		switch e.Kind {
		case core.EvPrint:
			stream := 1
			if e.N == 2 {
				stream = 2
			}
			x.lines = append(x.lines, OutputLine{Event: i, Stream: stream, Text: e.Text})
		case core.EvDeadlock:
			if x.fatalI < 0 {
				x.fatalI = i
				x.fatal = e.Text
				if !strings.HasPrefix(x.fatal, "panic: ") {
					x.fatal = "fatal error: " + x.fatal
				}
			}
		case core.EvExit:
			if x.exitI < 0 {
				x.exitI, x.status = i, e.N
			}
		}
	}
	x.n = max(x.n, len(log))
}

// At is the output once event i has happened (i = -1: before the first).
// The slice is shared with the index: read it, do not change it.
func (x *OutputIndex) At(i int) Output {
	n := sort.Search(len(x.lines), func(k int) bool { return x.lines[k].Event > i })
	o := Output{Lines: x.lines[:n:n]}
	if x.fatalI >= 0 && x.fatalI <= i {
		o.Fatal = x.fatal
	}
	if x.exitI >= 0 && x.exitI <= i {
		o.Exited, o.Status = true, x.status
	}
	return o
}

// Text is the output as a terminal shows it: the lines of both streams in
// the order they were written, then the fatal message, then "exit status
// N" when the status is not 0.
func (o Output) Text() string {
	var b strings.Builder
	for _, l := range o.Lines {
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
	if o.Fatal != "" {
		if len(o.Lines) > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(o.Fatal)
		b.WriteByte('\n')
	}
	if o.Exited && o.Status != 0 {
		b.WriteString("exit status ")
		b.WriteString(strconv.FormatInt(o.Status, 10))
		b.WriteByte('\n')
	}
	return b.String()
}
