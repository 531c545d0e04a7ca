package view

import (
	"sort"

	"github.com/gmpbook/gmpbook/core"
)

// FirstDifference is the index of the first event where logs a and b
// differ, comparing Kind, G, P, M, Why and N (not Seq or T: the same
// decision a moment later is not a difference of behaviour). If one log is
// a prefix of the other it is the shorter one's length; if they are the
// same it is -1.
func FirstDifference(a, b []core.Event) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		x, y := &a[i], &b[i]
		if x.Kind != y.Kind || x.G != y.G || x.P != y.P || x.M != y.M || x.Why != y.Why || x.N != y.N {
			return i
		}
	}
	if len(a) != len(b) {
		return n
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
	// Diff is FirstDifference of the two logs (-1: none). The side whose
	// play head is at or past it gets a mark on its timeline.
	Diff int
	// Started says whether the play head has moved off the start; before
	// it, both sides show the state before any event.
	Started bool
}

// DiffColor marks the first difference between two compared runs.
var DiffColor = OkabeBlack

// CompareSentence is the text line that names the first difference.
func CompareSentence(a, b *Recording, diff int) string {
	if diff < 0 {
		return "The two runs make the same decisions, event for event."
	}
	say := func(r *Recording) (string, core.Time, bool) {
		if diff >= r.Len() {
			return "(no more events)", 0, false
		}
		return r.StepNarration(diff), r.Events[diff].T, true
	}
	sa, ta, oka := say(a)
	sb, tb, okb := say(b)
	t := ta
	if !oka || (okb && tb < ta) {
		t = tb
	}
	return "First difference at t=" + FormatTime(t) + ": " + sa + " / " + sb
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
	f := Frame{W: W, H: H, Time: t, Narrow: !side}
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
			narr = "Before the first event."
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
		if opts.Diff >= 0 && opts.Diff < r.Len() && i >= opts.Diff {
			f.Shapes = append(f.Shapes, diffMark(g, r.Events[opts.Diff].T, r.TimeAt(i), o.Window, dx, oy)...)
		}
	}
	f.Narration = CompareSentence(a, b, opts.Diff)
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
