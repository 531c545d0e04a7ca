package view

import (
	"math"
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// Moves are drawn, not only told: a steal, a kick from runnext to the tail
// of the run queue, a wake-up into runnext and a P taken from a thread in a
// system call and handed to another are paths in the display list, from
// the place the goroutine (or P) left to the place it went, with a ghost at
// the source and a label in the runtime's words. A move stays drawn from the
// step that made it until the next key step, so a paused frame, a poster
// or a printout shows the cause as well as the result.

// IsMoveKind reports whether events of kind k are drawn as a path.
func IsMoveKind(k core.EvKind) bool {
	switch k {
	case core.EvSteal, core.EvGoKick, core.EvGoUnblock, core.EvProcRetake, core.EvProcHandoff:
		return true
	}
	return false
}

// movesAt lists the moves a frame at position i draws: those of the
// events since the step before the latest stop at or before i.
func (r *Recording) movesAt(i int) []core.Event {
	if i < 0 || i >= len(r.Events) {
		return nil
	}
	s := i
	if !r.IsStop(i) {
		s = r.prevStop(i)
	}
	from := 0
	if s >= 0 {
		from = r.prevStop(s) + 1
	}
	var out []core.Event
	for k := from; k <= i; k++ {
		e := &r.Events[k]
		if IsMoveKind(e.Kind) && isDrawnMove(e) {
			out = append(out, *e)
		}
	}
	return out
}

// isDrawnMove filters the events of move kinds down to those with a path.
func isDrawnMove(e *core.Event) bool {
	switch e.Kind {
	case core.EvGoUnblock:
		return e.Why == core.DestRunnext && e.P >= 0
	case core.EvProcHandoff:
		return e.Why != core.HandoffIdle && e.P >= 0
	case core.EvProcRetake:
		return e.P >= 0
	}
	return e.P >= 0
}

// moveEnds is where move e starts and ends (place roles) and its label.
func moveEnds(l Lang, e *core.Event, names map[int64]string) (from, to, label string) {
	p := func(id int32, sub string) string {
		s := "P" + strconv.Itoa(int(id))
		if sub != "" {
			s += "." + sub
		}
		return s
	}
	switch e.Kind {
	case core.EvSteal:
		from = p(e.P2, "runq")
		if e.Flag {
			from = p(e.P2, "runnext")
		}
		return from, p(e.P, "runq"), Say(l, "move.steal", e.N)
	case core.EvGoKick:
		return p(e.P, "runnext"), p(e.P, "runq"), Say(l, "move.kick")
	case core.EvGoUnblock:
		who := names[e.G]
		if who == "" {
			who = "G" + strconv.FormatInt(e.G, 10)
		}
		return "waiting", p(e.P, "runnext"), Say(l, "move.wake", who)
	case core.EvProcRetake:
		m := "M?"
		if e.M >= 0 {
			m = "M" + strconv.Itoa(int(e.M))
		}
		return p(e.P, "m"), "syscall", Say(l, "move.retake", m)
	case core.EvProcHandoff:
		return "idleM", p(e.P, "m"), Say(l, "move.handoff")
	}
	return "", "", ""
}

// moves draws the History's moves on top of the picture.
func (b *builder) moves() {
	for i := range b.h.Moves {
		e := &b.h.Moves[i]
		from, to, label := moveEnds(b.opts.Lang, e, b.h.Names)
		fi, ok1 := b.places[from]
		ti, ok2 := b.places[to]
		if !ok1 || !ok2 {
			continue
		}
		fp, tp := b.f.Places[fi], b.f.Places[ti]
		x0, y0 := fp.X+fp.W/2, fp.Y+fp.H/2
		x1, y1 := tp.X+tp.W/2, tp.Y+tp.H/2
		role := "move." + e.Kind.String()
		c := b.th.Move
		sw := max(2, b.ts/10)
		// The ghost: where the goroutine (or M) was.
		gs := min(b.ts, fp.H, fp.W)
		if gw := min(b.tw, fp.W); gw > gs {
			// A pill's ghost, in the wide layout.
			b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: x0 - gw/2, Y: y0 - gs/2, W: gw, H: gs, Radius: gs / 2,
				Stroke: c, StrokeW: sw / 2, Dashed: true, Role: role + ".ghost"})
		} else {
			b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeCircle, X: x0 - gs/2, Y: y0 - gs/2, W: gs, H: gs,
				Stroke: c, StrokeW: sw / 2, Dashed: true, Role: role + ".ghost"})
		}
		dx, dy := x1-x0, y1-y0
		d := float32(math.Hypot(float64(dx), float64(dy)))
		if d < 1 {
			// Source and destination share a centre (a P's own slots in
			// a narrow card): the ghost and the label tell the move.
			b.moveLabel(x0, y0-gs, label, role, c)
			continue
		}
		// A move between two places of one row (a steal from a queue
		// beside this one) goes round the queues, not through their
		// goroutines and counts: up to the gap above the row, across, and
		// down into the destination.
		if abs32(dy) < min(fp.H, tp.H)/2 && abs32(dx) > (fp.W+tp.W)/2 {
			yr := min(fp.Y, tp.Y) - max(b.gap, sw)
			b.f.Shapes = append(b.f.Shapes,
				Shape{Kind: ShapeLine, X: x0, Y: y0, W: 0, H: yr - y0, Stroke: c, StrokeW: sw, Role: role},
				Shape{Kind: ShapeLine, X: x0, Y: yr, W: dx, H: 0, Stroke: c, StrokeW: sw, Role: role},
				Shape{Kind: ShapeLine, X: x1, Y: yr, W: 0, H: y1 - yr, Stroke: c, StrokeW: sw, Role: role})
			b.arrowHead(x1, y1, 0, y1-yr, sw, c, role)
			mx, my := b.labelSpot(x0, yr, dx, 0, sw, label)
			b.moveLabel(mx, my, label, role, c)
			continue
		}
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeLine, X: x0, Y: y0, W: dx, H: dy, Stroke: c, StrokeW: sw, Role: role})
		b.arrowHead(x1, y1, dx, dy, sw, c, role)
		mx, my := b.labelSpot(x0, y0, dx, dy, sw, label)
		b.moveLabel(mx, my, label, role, c)
	}
}

// arrowHead draws the head of a path that arrives at (x1, y1) going in
// direction (dx, dy).
func (b *builder) arrowHead(x1, y1, dx, dy, sw float32, c Color, role string) {
	d := float32(math.Hypot(float64(dx), float64(dy)))
	if d < 1 {
		return
	}
	ux, uy := dx/d, dy/d
	ah := max(6, b.ts/3)
	for _, sgn := range []float32{1, -1} {
		hx := -ux*ah + sgn*(-uy)*ah*0.6
		hy := -uy*ah + sgn*ux*ah*0.6
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeLine, X: x1, Y: y1, W: hx, H: hy, Stroke: c, StrokeW: sw, Role: role + ".head"})
	}
}

// labelSpot is where a move's tag goes: beside the path, not on it
// (above a level path, right of a steep one), at the first of a few
// points along the path where the tag covers no text and no goroutine
// already drawn — a queue's count, a label, another move's tag — else at
// the middle.
func (b *builder) labelSpot(x0, y0, dx, dy, sw float32, label string) (float32, float32) {
	size := b.fss
	w := textW(label, size)
	pad := size * 0.3
	up, side := size*0.8+sw, w/2+size*0.5+sw
	offsets := [][2]float32{{0, -up}, {0, up}, {side, 0}, {-side, 0}}
	if abs32(dy) >= abs32(dx) {
		offsets = [][2]float32{{side, 0}, {-side, 0}, {0, -up}, {0, up}}
	}
	for _, at := range []float32{0.5, 0.38, 0.62, 0.26, 0.74, 0, 1} {
		for _, o := range offsets {
			// Near the path first; then a step further out, where a
			// crowded station leaves no room beside it.
			for _, k := range []float32{1, 2, 3} {
				cx, cy := x0+dx*at+o[0]*k, y0+dy*at+o[1]*k
				tag := Rect{cx - w/2 - pad, cy - size/2 - pad, w + 2*pad, size + 2*pad}
				if tag.X < 0 || tag.Y < 0 || tag.Right() > b.f.W || tag.Bottom() > b.f.H {
					continue
				}
				if !b.covers(tag) {
					return cx, cy
				}
			}
		}
	}
	return x0 + dx/2 + offsets[0][0], y0 + dy/2 + offsets[0][1]
}

// covers reports whether r overlaps a text or a goroutine drawn so far.
func (b *builder) covers(r Rect) bool {
	for i := range b.f.Shapes {
		s := &b.f.Shapes[i]
		if s.Kind != ShapeText && s.G == 0 && !strings.HasSuffix(s.Role, ".tag") {
			continue
		}
		if r.X < s.X+s.W && s.X < r.Right() && r.Y < s.Y+s.H && s.Y < r.Bottom() {
			return true
		}
	}
	return false
}

// moveLabel draws a move's words centred at (cx, cy) on a tag of paper, so
// they read over whatever the path crosses; the tag is kept in the frame.
func (b *builder) moveLabel(cx, cy float32, label, role string, c Color) {
	size := b.fss
	w := textW(label, size)
	pad := size * 0.3
	tag := Rect{cx - w/2 - pad, cy - size/2 - pad, w + 2*pad, size + 2*pad}
	tag.X = clamp(tag.X, 0, max(0, b.f.W-tag.W))
	tag.Y = clamp(tag.Y, 0, max(0, b.f.H-tag.H))
	if tag.W > b.f.W {
		return
	}
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: tag.X, Y: tag.Y, W: tag.W, H: tag.H, Radius: pad,
		Fill: b.th.Paper, Stroke: c, StrokeW: 1, Role: role + ".tag"})
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeText, X: tag.X + pad, Y: tag.Y + pad, W: w, H: size, Size: size,
		Text: label, Fill: c, Role: role + ".label"})
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
