package view

import (
	"math"
	"strings"
)

// A move's path is routed, not drawn straight: it leaves the place the
// goroutine (or M) left, runs through the gaps between the rows and boxes
// of the picture, and enters the place it went to, turning at right angles.
// The router works on a grid of small cells over the frame: a cell under a
// text or a goroutine (grown by a margin) is all but closed, a cell inside
// a box that is not one of the two ends (another P, an area) costs more
// than a cell of a gap, and every turn costs too. The cheapest path
// (Dijkstra's algorithm with a bucket queue, A* ordered) is then cut to
// the part between the two places' edges.

// Costs of the route grid, per cell crossed.
const (
	costGap     = 2    // a gap between boxes
	costBox     = 6    // inside a box that is not one of the ends
	costBlocked = 2000 // under a text or a goroutine: only when there is no other way
	costTurn    = 24   // one right-angle turn
)

// router is the grid of one frame's routes.
type router struct {
	cell       float32 // the side of a cell, in px
	ox, oy     float32 // the top-left corner of the grid in the frame
	cols, rows int
	cost       []int32 // per cell: the cost of entering it
	dist       []int32 // per cell and direction: the cheapest cost found
	from       []int32 // per cell and direction: the state it was reached from
}

// reset sizes r's buffers for a grid of cols × rows cells of side cell
// with its corner at (ox, oy).
func (r *router) reset(cell, ox, oy float32, cols, rows int) {
	r.cell, r.ox, r.oy, r.cols, r.rows = cell, ox, oy, cols, rows
	n := cols * rows
	if cap(r.cost) < n {
		r.cost = make([]int32, n)
		r.dist = make([]int32, 4*n)
		r.from = make([]int32, 4*n)
	}
	r.cost, r.dist, r.from = r.cost[:n], r.dist[:4*n], r.from[:4*n]
}

// dirs are the four directions: right, down, left, up.
var dirs = [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}

// route finds the path of a move from place src to place dst, from the
// edge of ghost (the mark of what left, in src) to the edge of spot (where
// the arrowhead points, in dst), avoiding every text and goroutine of the
// frame but those under the ghost and the spot. It returns the path's
// corners and whether it found a path at all.
func (b *builder) route(src, dst, ghost, spot Rect, sw float32) ([]Pt, bool) {
	cell := clamp(b.ts/12, 2, 6)
	// The grid covers the frame's width and, in height, the two ends
	// with a few rows of room round them for the detours: fewer cells
	// to search than the whole frame.
	room := max(4*b.ts, 40)
	area := ghost.Union(spot)
	area = Rect{0, area.Y - room, b.f.W, area.H + 2*room}.Intersect(Rect{0, 0, b.f.W, b.f.H})
	cols, rows := int(area.W/cell)+1, int(area.H/cell)+1
	if area.Empty() || cols < 2 || rows < 2 || cols*rows > 1<<21 {
		return nil, false
	}
	// One grid serves every move of the frame.
	if b.rt == nil {
		b.rt = new(router)
	}
	r := b.rt
	r.reset(cell, area.X, area.Y, cols, rows)
	for i := range r.cost {
		r.cost[i] = costGap
	}
	center := func(q Rect) Pt { return Pt{q.X + q.W/2, q.Y + q.H/2} }
	sc, dc := center(src), center(dst)
	// What the path may pass over: what lies under the ghost and the
	// spot.
	inEnds := func(q Rect) bool { return q.Overlaps(ghost) || q.Overlaps(spot) }
	// Boxes that hold neither end cost more to cross.
	for _, p := range b.f.Places {
		if !isContainer(p.Role) {
			continue
		}
		q := Rect{p.X, p.Y, p.W, p.H}
		if q.Contains(sc.X, sc.Y) || q.Contains(dc.X, dc.Y) {
			continue
		}
		r.fill(q, 0, costBox)
	}
	// A queue's cells and gauge are no place to run along either.
	for i := range b.f.Shapes {
		s := &b.f.Shapes[i]
		if strings.HasSuffix(s.Role, ".cell") || strings.Contains(s.Role, ".gauge") {
			q := Rect{min(s.X, s.X+s.W), min(s.Y, s.Y+s.H), abs32(s.W), abs32(s.H)}
			r.fill(q, sw/2, costBox)
		}
	}
	// Texts, goroutines and other moves' tags are closed, but for those
	// of the two ends.
	clear := sw/2 + 1.5
	for i := range b.f.Shapes {
		s := &b.f.Shapes[i]
		tag := strings.HasSuffix(s.Role, ".tag")
		if s.Kind != ShapeText && s.Kind != ShapeToken && !tag {
			continue
		}
		if strings.HasPrefix(s.Role, "move.") && !tag {
			continue
		}
		q := Rect{s.X, s.Y, s.W, s.H}
		if !tag && inEnds(q) {
			continue
		}
		r.fill(q, clear, costBlocked)
	}
	// The ends themselves are open.
	r.fill(ghost, 0, costGap)
	r.fill(spot, 0, costGap)
	cells := r.search(r.at(center(ghost)), r.at(center(spot)))
	if len(cells) < 2 {
		return nil, false
	}
	// Cut the path to the part between the ghost's edge and the spot's:
	// from the last cell in the ghost to the first cell in the spot after
	// it.
	first, last := 0, len(cells)-1
	for k, c := range cells {
		if ghost.Contains(r.pt(c).X, r.pt(c).Y) {
			first = k
		}
	}
	for k := first; k < len(cells); k++ {
		if spot.Contains(r.pt(cells[k]).X, r.pt(cells[k]).Y) {
			last = k
			break
		}
	}
	cells = cells[first : last+1]
	pts := r.corners(cells)
	if len(pts) < 2 {
		return nil, false
	}
	// The path starts on the ghost's edge, and its arrowhead touches the
	// spot's edge where it enters.
	pts[0] = edgePoint(ghost, pts[0], pts[1])
	n := len(pts)
	pts[n-1] = edgePoint(spot, pts[n-1], pts[n-2])
	return pts, true
}

// isContainer reports whether a place of that role is a box other places
// or tokens sit in (a P, an area), as opposed to a slot or a queue.
func isContainer(role string) bool {
	switch role {
	case "global", "clock", "syscall", "netpoll", "waiting", "dead", "inflight", "idleM", "sysmon", "timeline", "timers":
		return true
	}
	if len(role) >= 2 && role[0] == 'P' && !strings.Contains(role, ".") {
		return true
	}
	return false
}

// edgePoint moves the end p of the segment p–q to where the segment
// crosses the edge of r, if p is inside r and q outside it.
func edgePoint(r Rect, p, q Pt) Pt {
	if !r.Contains(p.X, p.Y) {
		return p
	}
	switch {
	case q.Y < r.Y:
		p.Y = r.Y
	case q.Y >= r.Bottom():
		p.Y = r.Bottom()
	case q.X < r.X:
		p.X = r.X
	case q.X >= r.Right():
		p.X = r.Right()
	}
	return p
}

// fill sets the cost of every cell whose centre lies in q grown by d: to
// cost, or, for costBlocked, at least cost.
func (r *router) fill(q Rect, d float32, cost int32) {
	q.X, q.Y = q.X-r.ox, q.Y-r.oy
	x0 := max(0, ceilInt((q.X-d)/r.cell-0.5))
	y0 := max(0, ceilInt((q.Y-d)/r.cell-0.5))
	x1 := min(r.cols-1, floorInt((q.Right()+d)/r.cell-0.5))
	y1 := min(r.rows-1, floorInt((q.Bottom()+d)/r.cell-0.5))
	for y := y0; y <= y1; y++ {
		row := r.cost[y*r.cols : (y+1)*r.cols]
		for x := x0; x <= x1; x++ {
			if cost == costBlocked || row[x] != costBlocked {
				row[x] = cost
			}
		}
	}
}

// at is the cell under p.
func (r *router) at(p Pt) int {
	x := clampInt(floorInt((p.X-r.ox)/r.cell), 0, r.cols-1)
	y := clampInt(floorInt((p.Y-r.oy)/r.cell), 0, r.rows-1)
	return y*r.cols + x
}

// pt is the centre of cell c.
func (r *router) pt(c int) Pt {
	return Pt{r.ox + (float32(c%r.cols)+0.5)*r.cell, r.oy + (float32(c/r.cols)+0.5)*r.cell}
}

func clampInt(v, lo, hi int) int { return max(lo, min(hi, v)) }

func floorInt(v float32) int { return int(math.Floor(float64(v))) }

func ceilInt(v float32) int { return int(math.Ceil(float64(v))) }

// search is the cheapest path of cells from s to t.
func (r *router) search(s, t int) []int {
	for i := range r.dist {
		r.dist[i] = -1
	}
	tx, ty := t%r.cols, t/r.cols
	h := func(c int) int32 {
		dx, dy := c%r.cols-tx, c/r.cols-ty
		if dx < 0 {
			dx = -dx
		}
		if dy < 0 {
			dy = -dy
		}
		return int32(dx+dy) * costGap
	}
	// A bucket queue over f = g + h: every step raises f by at most
	// costBlocked + costTurn + 2·costGap, so that many buckets in a ring
	// hold every open state.
	const nb = costBlocked + costTurn + 2*costGap + 1
	var buckets [nb][]int32
	open := 0
	push := func(st int, g int32) {
		f := g + h(st/4)
		buckets[f%nb] = append(buckets[f%nb], int32(st))
		open++
	}
	for d := range 4 {
		r.dist[s*4+d] = 0
		r.from[s*4+d] = -1
		push(s*4+d, 0)
	}
	end := -1
	for f := h(s); open > 0 && end < 0; f++ {
		bk := &buckets[f%nb]
		for len(*bk) > 0 && end < 0 {
			st := int((*bk)[len(*bk)-1])
			*bk = (*bk)[:len(*bk)-1]
			open--
			g := r.dist[st]
			c, d := st/4, st%4
			if g+h(c) != f {
				continue // a stale entry: reached more cheaply since
			}
			if c == t {
				end = st
				break
			}
			x, y := c%r.cols, c/r.cols
			for nd, v := range dirs {
				if nd == (d+2)%4 {
					continue // no U-turns
				}
				nx, ny := x+v[0], y+v[1]
				if nx < 0 || ny < 0 || nx >= r.cols || ny >= r.rows {
					continue
				}
				nc := ny*r.cols + nx
				ng := g + r.cost[nc]
				if nd != d && r.from[st] >= 0 {
					ng += costTurn
				}
				ns := nc*4 + nd
				if r.dist[ns] < 0 || ng < r.dist[ns] {
					r.dist[ns] = ng
					r.from[ns] = int32(st)
					push(ns, ng)
				}
			}
		}
	}
	if end < 0 {
		return nil
	}
	var out []int
	for st := end; st >= 0; st = int(r.from[st]) {
		out = append(out, st/4)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// corners turns a path of neighbouring cells into its corner points.
func (r *router) corners(cells []int) []Pt {
	var out []Pt
	for k, c := range cells {
		if k > 0 && k < len(cells)-1 {
			a, z := cells[k-1], cells[k+1]
			if c-a == z-c {
				continue // straight on
			}
		}
		out = append(out, r.pt(c))
	}
	return out
}
