package view

import (
	"sort"

	"github.com/gmpbook/gmpbook/core"
)

// Difference is where two runs of a scene first part ways: A and B are
// the indices of the first events, one in each log, that differ. The two
// are not the same index when the logs have different numbers of events
// before it (start-up, bookkeeping). A log whose compared events ran out
// has its length there; runs that do not differ have A = B = -1.
type Difference struct{ A, B int }

// NoDifference is the Difference of two runs that make the same decisions.
var NoDifference = Difference{-1, -1}

// Same reports whether the runs make the same decisions.
func (d Difference) Same() bool { return d.A < 0 && d.B < 0 }

// side is A for side 0 and B for side 1.
func (d Difference) side(k int) int {
	if k == 0 {
		return d.A
	}
	return d.B
}

// FirstDifference finds the first decision in which the runs a and b of a
// scene differ: the same goroutine started, parked, stolen, preempted, put
// somewhere, on the same P, for the same reason. It compares what the
// scene's goroutines do once main.main has started, and leaves out:
//
//   - the runtime's start-up (before MainStart), and the runtime's own
//     goroutines, which differ between versions by design (Go 1.25 starts
//     one more);
//   - bookkeeping and background events (compareSkips): Ms parking,
//     waking and spinning, Ps going idle, needspinning (Go 1.21+),
//     _Psyscall (up to Go 1.25), netpollBreak (Go 1.14+), sysmon's
//     wake-ups, polls that find nothing, schedtrace samples;
//   - Seq, T, M and the P's schedtick: the same decision a moment later or
//     on another thread is not a different decision.
//
// Goroutines are matched by their place in the scene, not their ID: main,
// then the goroutines the scene creates in the order it creates them.
func FirstDifference(a, b []core.Event) Difference {
	ca, cb := newComparer(a), newComparer(b)
	for {
		ia, ib := ca.next(), cb.next()
		switch {
		case ia < 0 && ib < 0:
			return NoDifference
		case ia < 0:
			return Difference{len(a), ib}
		case ib < 0:
			return Difference{ia, len(b)}
		}
		if ca.key(ia) != cb.key(ib) {
			return Difference{ia, ib}
		}
	}
}

// compareSkips are the kinds FirstDifference leaves out.
var compareSkips = func() [256]bool {
	var q [256]bool
	for _, k := range []core.EvKind{
		core.EvMCreate, core.EvMPark, core.EvMUnpark, core.EvMSpin, core.EvMSpinStop, core.EvMSleep, core.EvMExit,
		core.EvMLockedHand, core.EvMNetpoll, core.EvMNetpollWake, core.EvNetpollBreak,
		core.EvWakep, core.EvProcIdle, core.EvProcUnidle, core.EvProcAcquire, core.EvProcRelease,
		core.EvNeedSpinning, core.EvProcStatus, core.EvSysmonWake, core.EvSysmonSleep, core.EvSchedTrace,
		core.EvMainStart,
	} {
		q[k] = true
	}
	return q
}()

// comparer walks one log's compared events.
type comparer struct {
	ev    []core.Event
	i     int             // the next event to look at
	order map[int64]int   // scene goroutine → 1 for main, 2… in creation order
	procs map[int32]int32 // P id → 0 for main's P at main.main, 1… in order of first use
}

func newComparer(ev []core.Event) *comparer {
	c := &comparer{ev: ev, order: map[int64]int{}, procs: map[int32]int32{}}
	if i := MainStart(ev); i >= 0 {
		c.i = i + 1
		c.order[ev[i].G] = 1
		// Which P main.main starts on is the start-up's doing: the
		// Ps are compared by the order the scene meets them.
		c.procs[ev[i].P] = 0
		return c
	}
	c.i = len(ev) // no main.main: nothing to compare
	return c
}

// next returns the index of the next compared event, -1 at the end.
func (c *comparer) next() int {
	for ; c.i < len(c.ev); c.i++ {
		e := &c.ev[c.i]
		if e.Kind == core.EvGoCreate && e.G != 0 && e.Arg != 1 { // Arg 1: a runtime goroutine
			c.order[e.G] = len(c.order) + 1
		}
		if compareSkips[e.Kind] || (e.Kind == core.EvNetpoll && e.N == 0) {
			continue
		}
		if e.G != 0 && c.order[e.G] == 0 {
			continue // a goroutine of the runtime's
		}
		c.i++
		return c.i - 1
	}
	return -1
}

// decision is what FirstDifference compares of an event.
type decision struct {
	kind  core.EvKind
	why   core.Reason
	wait  core.WaitReason
	flag  bool
	p, p2 int32
	g, g2 int // scene order (-1: a goroutine of the runtime's)
	n     int64
}

func (c *comparer) key(i int) decision {
	e := &c.ev[i]
	d := decision{kind: e.Kind, why: e.Why, wait: e.Wait, flag: e.Flag, p: c.pid(e.P), p2: c.pid(e.P2), g: c.gid(e.G), g2: c.gid(e.G2), n: e.N}
	if e.Kind == core.EvGoStart {
		d.n = 0 // the P's schedtick: a count of everything it ran before
	}
	return d
}

func (c *comparer) pid(p int32) int32 {
	if p < 0 {
		return p
	}
	k, ok := c.procs[p]
	if !ok {
		k = int32(len(c.procs))
		c.procs[p] = k
	}
	return k
}

func (c *comparer) gid(g int64) int {
	if g == 0 {
		return 0
	}
	if k := c.order[g]; k > 0 {
		return k
	}
	return -1
}

// IndexAt is the index of the last event of r at or before virtual time t
// (-1 if none).
func (r *Recording) IndexAt(t core.Time) int {
	ev := r.Events
	return sort.Search(len(ev), func(k int) bool { return ev[k].T > t }) - 1
}

// CompareTimes is the play head's stops in compare mode: the distinct
// virtual times of the events of a and b, in order.
func CompareTimes(a, b []core.Event) []core.Time {
	out := make([]core.Time, 0, max(len(a), len(b)))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var t core.Time
		switch {
		case j >= len(b) || (i < len(a) && a[i].T <= b[j].T):
			t = a[i].T
		default:
			t = b[j].T
		}
		for i < len(a) && a[i].T == t {
			i++
		}
		for j < len(b) && b[j].T == t {
			j++
		}
		out = append(out, t)
	}
	return out
}

// CompareOptions say how to lay out two runs side by side.
type CompareOptions struct {
	Options               // the whole area; Width and Height are split between the sides
	LabelA, LabelB string // what tells the sides apart ("go1.13 · procs=1")
	// Diff is FirstDifference of the two logs. The side whose play head is
	// at or past its event gets a mark on its timeline.
	Diff Difference
	// Started says whether the play head has moved off the start; before
	// it, both sides show the state before any event.
	Started bool
}

// DiffColor marks the first difference between two compared runs.
var DiffColor = OkabeBlack

// CompareSentence is the text line that names the first difference, in
// English.
func CompareSentence(a, b *Recording, diff Difference) string {
	return CompareSentenceIn(English, a, b, diff)
}

// CompareSentenceIn is CompareSentence in language l.
func CompareSentenceIn(l Lang, a, b *Recording, diff Difference) string {
	if diff.Same() {
		return Say(l, "compare.same")
	}
	say := func(r *Recording, i int) (string, core.Time, bool) {
		if i < 0 || i >= r.Len() {
			return Say(l, "compare.none"), 0, false
		}
		return r.StepNarrationIn(l, i), r.Events[i].T, true
	}
	sa, ta, oka := say(a, diff.A)
	sb, tb, okb := say(b, diff.B)
	t := ta
	if !oka || (okb && tb < ta) {
		t = tb
	}
	return Say(l, "compare.first", core.FormatDurationShort(int64(t)), sa, sb)
}

// DifferenceTime is the virtual time of the first difference: the earlier
// of its two events (-1 if the runs do not differ).
func DifferenceTime(a, b []core.Event, diff Difference) core.Time {
	t := core.Time(-1)
	if diff.A >= 0 && diff.A < len(a) {
		t = a[diff.A].T
	}
	if diff.B >= 0 && diff.B < len(b) && (t < 0 || b[diff.B].T < t) {
		t = b[diff.B].T
	}
	return t
}

// CompareFrame lays out recordings a and b at virtual time t, each at its
// last event at or before t: one above the other on a narrow or tall area,
// side by side on a wide one. Each half starts with its label and its
// narration; Narration is the first difference (CompareSentence) and
// Caption is a's caption.
func CompareFrame(a, b *Recording, t core.Time, opts CompareOptions) Frame {
	o := opts.Options
	W, H := o.Width, o.Height
	side := W >= 2*NarrowBelow && W > H && !o.Narrow
	f := Frame{W: W, H: H, Time: t, Narrow: !side, Lang: o.Lang}
	ia, ib := -1, -1
	if opts.Started {
		ia, ib = a.IndexAt(t), b.IndexAt(t)
	}
	f.Index = max(ia, ib)
	const fs = 14
	head := float32(2*fs + 12)
	halfW, halfH := W, H/2
	if side {
		halfW, halfH = W/2, H
	}
	for k, r := range []*Recording{a, b} {
		i, label := ia, opts.LabelA
		if k == 1 {
			i, label = ib, opts.LabelB
		}
		var dx, dy float32
		if k == 1 {
			if side {
				dx = halfW
			} else {
				dy = halfH
			}
		}
		sub := o
		sub.Width, sub.Height = halfW, max(halfH-head, 1)
		g := r.Frame(i, sub)
		if k == 0 {
			f.Caption = g.Caption
		}
		if k == 1 {
			div := Shape{Kind: ShapeLine, X: dx, Y: dy, W: W, Stroke: BoxColor, StrokeW: 2, Role: "compare.divider"}
			if side {
				div.W, div.H = 0, H
			}
			f.Shapes = append(f.Shapes, div)
		}
		narr := g.Narration
		if i < 0 {
			narr = Say(o.Lang, "compare.before")
		}
		label = fitText(label, fs, halfW-16)
		narr = fitText(narr, fs-2, halfW-16)
		f.Shapes = append(f.Shapes,
			Shape{Kind: ShapeText, X: dx + 8, Y: dy + 4, W: textW(label, fs), Size: fs, Fill: Ink, Text: label, Role: "compare.label"},
			Shape{Kind: ShapeText, X: dx + 8, Y: dy + 8 + fs, W: textW(narr, fs-2), Size: fs - 2, Fill: Muted, Text: narr, Role: "compare.narration"},
		)
		oy := dy + head
		for _, s := range g.Shapes {
			s.X += dx
			s.Y += oy
			f.Shapes = append(f.Shapes, s)
		}
		for _, p := range g.Places {
			p.X += dx
			p.Y += oy
			p.Role = string(rune('A'+k)) + "." + p.Role
			f.Places = append(f.Places, p)
		}
		if d := opts.Diff.side(k); d >= 0 && d < r.Len() && i >= d {
			f.Shapes = append(f.Shapes, diffMark(g, r.Events[d].T, r.TimeAt(i), o.Window, dx, oy)...)
		}
	}
	f.Narration = CompareSentenceIn(o.Lang, a, b, opts.Diff)
	return f
}

// diffMark is a bar across g's timeline at virtual time at (now is the
// timeline's right edge), if at is in view.
func diffMark(g Frame, at, now core.Time, window core.Duration, dx, dy float32) []Shape {
	if window <= 0 {
		window = DefaultWindow
	}
	var top, bottom, x0, w float32
	found := false
	for _, p := range g.Places {
		if len(p.Role) > 10 && p.Role[:10] == "timeline.P" {
			if !found {
				top, x0, w = p.Y, p.X, p.W
			}
			bottom = p.Y + p.H
			found = true
		}
	}
	if !found || w <= 0 {
		return nil
	}
	from := core.Time(0)
	if now > core.Time(window) {
		from = now - core.Time(window)
	}
	if at < from || at > now {
		return nil
	}
	x := x0 + w*float32(at-from)/float32(window)
	return []Shape{
		{Kind: ShapeLine, X: x + dx, Y: top - 4 + dy, H: bottom - top + 8, Stroke: DiffColor, StrokeW: 3, Role: "compare.diff"},
		{Kind: ShapeText, X: x + dx + 3, Y: top - 18 + dy, W: textW("≠", 12), Size: 12, Fill: DiffColor, Text: "≠", Role: "compare.diff.label"},
	}
}
