package view

import (
	"cmp"
	"math"
	"slices"
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

// parkedBefore is, for each goroutine woken by one of the moves (events
// up to position i), the event that parked it: a wake-up is drawn from
// where the goroutine waited (the netpoller, a timer heap, the parked
// area), which the wake-up event itself does not say.
func (r *Recording) parkedBefore(moves []core.Event, i int) map[int64]core.Event {
	var out map[int64]core.Event
	for _, m := range moves {
		if m.Kind != core.EvGoUnblock {
			continue
		}
		for k := min(i, len(r.Events)-1); k >= 0; k-- {
			e := &r.Events[k]
			if e.Kind == core.EvGoBlock && e.G == m.G {
				if out == nil {
					out = map[int64]core.Event{}
				}
				out[m.G] = *e
				break
			}
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
// parked is the event that parked a woken goroutine, if known.
func moveEnds(l Lang, e *core.Event, names map[int64]string, parked map[int64]core.Event, narrow bool) (from, to, label string) {
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
		from = "waiting"
		if pe, ok := parked[e.G]; ok {
			switch pe.Wait {
			case core.WaitIOWait:
				from = "netpoll"
			case core.WaitSleep:
				// On the timer heap of the P it slept on.
				from = "timers"
				if !narrow && pe.P >= 0 {
					from = "timers.P" + strconv.Itoa(int(pe.P))
				}
			}
		}
		return from, p(e.P, "runnext"), Say(l, "move.wake", who)
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
	var labels []int // the moves whose tags are still to place
	for i := range b.h.Moves {
		e := &b.h.Moves[i]
		from, to, label := moveEnds(b.opts.Lang, e, b.h.Names, b.h.Parked, b.narrow)
		fi, ok1 := b.places[from]
		ti, ok2 := b.places[to]
		if !ok1 || !ok2 {
			continue
		}
		fp, tp := b.f.Places[fi], b.f.Places[ti]
		mv := Move{Kind: e.Kind, From: from, To: to, Label: label}
		x0, y0 := fp.X+fp.W/2, fp.Y+fp.H/2
		x1, y1 := tp.X+tp.W/2, tp.Y+tp.H/2
		role := "move." + e.Kind.String()
		c := b.th.Move
		sw := max(2, b.ts/10)
		// The ghost: where the goroutine (or M) was, at the free spot of
		// the source nearest its middle (not on a goroutine still there).
		gs := min(b.ts, fp.H, fp.W)
		gw := max(gs, min(b.tw, fp.W))
		src, dst := Rect{fp.X, fp.Y, fp.W, fp.H}, Rect{tp.X, tp.Y, tp.W, tp.H}
		ghost := b.ghostSpot(src, gw, gs)
		mv.Ghost = ghost
		if ghost.W > ghost.H {
			// A pill's ghost.
			b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: ghost.X, Y: ghost.Y, W: ghost.W, H: gs, Radius: gs / 2,
				Stroke: c, StrokeW: sw / 2, Dashed: true, Role: role + ".ghost"})
		} else {
			b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeCircle, X: ghost.X, Y: ghost.Y, W: gs, H: gs,
				Stroke: c, StrokeW: sw / 2, Dashed: true, Role: role + ".ghost"})
		}
		if abs32(x1-x0) < 1 && abs32(y1-y0) < 1 {
			// Source and destination share a centre (a P's own slots in
			// a narrow card): the ghost and the label tell the move.
			mv.Tag = b.moveLabel(ghost.X+ghost.W/2, y0-gs, label, role, c)
			b.f.Moves = append(b.f.Moves, mv)
			continue
		}
		// The path goes round the picture's words and goroutines, through
		// the gaps between rows and boxes (route.go), from the edge of the
		// ghost to the edge of what arrived (see arrivalSpot).
		spot := b.arrivalSpot(e, dst, gw, gs)
		mv.Spot = spot
		pts, ok := b.route(src, dst, ghost, spot, sw)
		if !ok {
			// No grid (a frame too small or too large for one).
			pts = []Pt{{ghost.X + ghost.W/2, ghost.Y + ghost.H/2}, {spot.X + spot.W/2, spot.Y + spot.H/2}}
		}
		b.path(pts, sw, c, role)
		mv.Path = pts
		b.f.Moves = append(b.f.Moves, mv)
		labels = append(labels, len(b.f.Moves)-1)
	}
	// The tags go on once every path is drawn, so that none of them
	// covers a path either.
	for _, k := range labels {
		mv := &b.f.Moves[k]
		sw := max(2, b.ts/10)
		mx, my := b.labelSpot(mv.Path, sw, mv.Label)
		mv.Tag = b.moveLabel(mx, my, mv.Label, "move."+mv.Kind.String(), b.th.Move)
	}
}

// ghostSpot is where the ghost of a token gw × gs goes in place src, and
// where a path's arrowhead points in its destination when nothing better
// is known: on the place's middle line, at the spot nearest its centre
// where it covers no goroutine and no text, else no text, else the centre.
func (b *builder) ghostSpot(src Rect, gw, gs float32) Rect {
	cx, cy := src.X+src.W/2, src.Y+src.H/2
	at := func(x float32) Rect { return Rect{x - gw/2, cy - gs/2, gw, gs} }
	step := max(1, gs/4)
	for _, free := range []func(Rect) bool{
		func(r Rect) bool { return !b.coversContent(r) },
		func(r Rect) bool { return !b.coversText(r) },
	} {
		// A pill where one fits, else a disc.
		for _, w := range []float32{gw, gs} {
			for d := float32(0); d <= src.W/2; d += step {
				for _, x := range []float32{cx + d, cx - d} {
					r := Rect{x - w/2, cy - gs/2, w, gs}
					if r.X >= src.X-0.01 && r.Right() <= src.Right()+0.01 && free(r) {
						return r
					}
				}
			}
			if w == gs {
				break
			}
		}
	}
	return at(cx)
}

// arrivalSpot is where move e's arrowhead points in place dst: the
// goroutine that arrived when it is drawn there (the woken one in
// runnext, the kicked one in the queue, the goroutine of the M that went
// into its system call), else the free spot of dst nearest its middle
// (ghostSpot).
func (b *builder) arrivalSpot(e *core.Event, dst Rect, gw, gs float32) Rect {
	var g int64
	switch e.Kind {
	case core.EvGoUnblock, core.EvGoKick:
		g = e.G
	case core.EvProcRetake:
		if m := b.w.M(e.M); m != nil {
			g = m.CurG
		}
	}
	if g != 0 {
		for i := range b.f.Shapes {
			s := &b.f.Shapes[i]
			if s.Kind == ShapeToken && s.G == g && dst.Contains(s.X+s.W/2, s.Y+s.H/2) {
				return Rect{s.X, s.Y, s.W, s.H}
			}
		}
	}
	return b.ghostSpot(dst, gw, gs)
}

// coversText reports whether r overlaps a text.
func (b *builder) coversText(r Rect) bool {
	for i := range b.f.Shapes {
		s := &b.f.Shapes[i]
		if s.Kind == ShapeText && r.Overlaps(Rect{s.X, s.Y, s.W, s.H}) {
			return true
		}
	}
	return false
}

// coversContent reports whether r overlaps a text or a goroutine.
func (b *builder) coversContent(r Rect) bool {
	for i := range b.f.Shapes {
		s := &b.f.Shapes[i]
		if (s.Kind == ShapeText || s.G != 0) && r.Overlaps(Rect{s.X, s.Y, s.W, s.H}) {
			return true
		}
	}
	return false
}

// path draws the polyline pts with an arrowhead at its last point. Inner
// segments reach half a stroke past their corners, so the corners are
// square, not notched.
func (b *builder) path(pts []Pt, sw float32, c Color, role string) {
	for k := 0; k+1 < len(pts); k++ {
		a, z := pts[k], pts[k+1]
		dx, dy := z.X-a.X, z.Y-a.Y
		d := float32(math.Hypot(float64(dx), float64(dy)))
		if d < 0.01 {
			continue
		}
		ux, uy := dx/d*sw/2, dy/d*sw/2
		if k > 0 {
			a.X, a.Y = a.X-ux, a.Y-uy
		}
		if k+2 < len(pts) {
			z.X, z.Y = z.X+ux, z.Y+uy
		}
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeLine, X: a.X, Y: a.Y, W: z.X - a.X, H: z.Y - a.Y, Stroke: c, StrokeW: sw, Role: role})
	}
	n := len(pts)
	b.arrowHead(pts[n-1].X, pts[n-1].Y, pts[n-1].X-pts[n-2].X, pts[n-1].Y-pts[n-2].Y, sw, c, role)
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
// (above a level segment, right of an upright one), at the first of a
// few points along the path's segments, longest first, where the tag
// covers no text and no goroutine already drawn (a queue's count, a
// label, another move's tag), else beside the middle of the longest.
func (b *builder) labelSpot(pts []Pt, sw float32, label string) (float32, float32) {
	size := b.fss
	w := textW(label, size)
	pad := size * 0.3
	up, side := size*0.8+sw, w/2+size*0.5+sw
	segs := make([]int, 0, len(pts))
	for k := 0; k+1 < len(pts); k++ {
		segs = append(segs, k)
	}
	segLen := func(k int) float32 { return abs32(pts[k+1].X-pts[k].X) + abs32(pts[k+1].Y-pts[k].Y) }
	slices.SortStableFunc(segs, func(i, j int) int { return cmp.Compare(segLen(j), segLen(i)) })
	offsetsOf := func(k int) [][2]float32 {
		if abs32(pts[k+1].Y-pts[k].Y) >= abs32(pts[k+1].X-pts[k].X) {
			return [][2]float32{{side, 0}, {-side, 0}, {0, -up}, {0, up}, {side, -up}, {-side, -up}, {side, up}, {-side, up}}
		}
		return [][2]float32{{0, -up}, {0, up}, {side, 0}, {-side, 0}, {side, -up}, {-side, -up}, {side, up}, {-side, up}}
	}
	// Near the path first; then a step further out each time, where a
	// crowded station leaves no room beside it.
	for _, f := range []float32{1, 2, 3, 4, 5} {
		for _, k := range segs {
			x0, y0 := pts[k].X, pts[k].Y
			dx, dy := pts[k+1].X-x0, pts[k+1].Y-y0
			for _, at := range []float32{0.5, 0.38, 0.62, 0.26, 0.74, 0, 1} {
				for _, o := range offsetsOf(k) {
					cx, cy := x0+dx*at+o[0]*f, y0+dy*at+o[1]*f
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
	}
	// Nowhere beside the path: the free spot nearest to it, if any.
	k := segs[0]
	o := offsetsOf(k)[0]
	bx, by := (pts[k].X+pts[k+1].X)/2+o[0], (pts[k].Y+pts[k+1].Y)/2+o[1]
	best := float32(-1)
	step := size / 2
	for cy := size/2 + pad; cy+size/2+pad <= b.f.H; cy += step {
		for cx := w/2 + pad; cx+w/2+pad <= b.f.W; cx += step {
			d := float32(math.MaxFloat32)
			for _, p := range pts {
				d = min(d, abs32(p.X-cx)+abs32(p.Y-cy))
			}
			if best >= 0 && d >= best {
				continue
			}
			if !b.covers(Rect{cx - w/2 - pad, cy - size/2 - pad, w + 2*pad, size + 2*pad}) {
				best, bx, by = d, cx, cy
			}
		}
	}
	return bx, by
}

// covers reports whether r overlaps a text, a goroutine or a move's path
// or tag drawn so far.
func (b *builder) covers(r Rect) bool {
	for i := range b.f.Shapes {
		s := &b.f.Shapes[i]
		x, y, w, h := s.X, s.Y, s.W, s.H
		switch {
		case s.Kind == ShapeText || s.G != 0 || strings.HasSuffix(s.Role, ".tag"):
		case s.Kind == ShapeLine && strings.HasPrefix(s.Role, "move."):
			// A line's box, as wide as its stroke.
			x, y = min(x, x+w)-s.StrokeW/2, min(y, y+h)-s.StrokeW/2
			w, h = abs32(w)+s.StrokeW, abs32(h)+s.StrokeW
		default:
			continue
		}
		if r.X < x+w && x < r.Right() && r.Y < y+h && y < r.Bottom() {
			return true
		}
	}
	return false
}

// moveLabel draws a move's words centred at (cx, cy) on a tag of paper, so
// they read over whatever the path crosses; the tag is kept in the frame.
func (b *builder) moveLabel(cx, cy float32, label, role string, c Color) Rect {
	size := b.fss
	w := textW(label, size)
	pad := size * 0.3
	tag := Rect{cx - w/2 - pad, cy - size/2 - pad, w + 2*pad, size + 2*pad}
	tag.X = clamp(tag.X, 0, max(0, b.f.W-tag.W))
	tag.Y = clamp(tag.Y, 0, max(0, b.f.H-tag.H))
	if tag.W > b.f.W {
		return Rect{}
	}
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: tag.X, Y: tag.Y, W: tag.W, H: tag.H, Radius: pad,
		Fill: b.th.Paper, Stroke: c, StrokeW: 1, Role: role + ".tag"})
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeText, X: tag.X + pad, Y: tag.Y + pad, W: w, H: size, Size: size,
		Text: label, Fill: c, Role: role + ".label"})
	return tag
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
