package view

// Rect is a box in logical pixels: top-left corner and size. It is the
// one rectangle of the picture and of the desktop app's pages, slides and
// hit regions.
type Rect struct{ X, Y, W, H float32 }

// Right is the box's right edge.
func (r Rect) Right() float32 { return r.X + r.W }

// Bottom is the box's bottom edge.
func (r Rect) Bottom() float32 { return r.Y + r.H }

// Contains reports whether the point is inside (the right and bottom
// edges are outside, so that adjacent boxes share no point).
func (r Rect) Contains(x, y float32) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Empty reports whether the box has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Intersect is the common part of r and o (empty, at the corner where
// they would meet, if none).
func (r Rect) Intersect(o Rect) Rect {
	x0, y0 := max(r.X, o.X), max(r.Y, o.Y)
	x1, y1 := min(r.X+r.W, o.X+o.W), min(r.Y+r.H, o.Y+o.H)
	if x1 <= x0 || y1 <= y0 {
		return Rect{x0, y0, 0, 0}
	}
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Overlaps reports whether r and o share some area.
func (r Rect) Overlaps(o Rect) bool { return !r.Intersect(o).Empty() }

// Inset shrinks the box by d on every side, never below zero size.
func (r Rect) Inset(d float32) Rect {
	w, h := max(r.W-2*d, 0), max(r.H-2*d, 0)
	return Rect{r.X + (r.W-w)/2, r.Y + (r.H-h)/2, w, h}
}

// Union is the smallest box that holds both r and o.
func (r Rect) Union(o Rect) Rect {
	x0, y0 := min(r.X, o.X), min(r.Y, o.Y)
	x1, y1 := max(r.X+r.W, o.X+o.W), max(r.Y+r.H, o.Y+o.H)
	return Rect{x0, y0, x1 - x0, y1 - y0}
}
