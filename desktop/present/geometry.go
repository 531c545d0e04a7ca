package present

import "math"

// Rect is a rectangle in logical pixels, top-left corner and size.
type Rect struct{ X, Y, W, H float32 }

// Right is the rectangle's right edge.
func (r Rect) Right() float32 { return r.X + r.W }

// Bottom is the rectangle's bottom edge.
func (r Rect) Bottom() float32 { return r.Y + r.H }

// Contains reports whether the point is inside (the right and bottom
// edges are outside, so that adjacent rectangles do not share points).
func (r Rect) Contains(x, y float32) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Inset shrinks the rectangle by d on every side (never below zero size).
func (r Rect) Inset(d float32) Rect {
	w, h := max(r.W-2*d, 0), max(r.H-2*d, 0)
	return Rect{r.X + (r.W-w)/2, r.Y + (r.H-h)/2, w, h}
}

// Stage size: slides are laid out on a 1920×1080 stage in logical pixels
// and scaled, letterboxed, to whatever window shows them.
const (
	StageW float32 = 1920
	StageH float32 = 1080
)

// StageRect is the stage, in its own coordinates.
var StageRect = Rect{0, 0, StageW, StageH}

// Fit maps stage coordinates into a box of a window: a stage point (x, y)
// lands at (X + x·Scale, Y + y·Scale). The stage keeps its 16:9 shape;
// what the box has to spare on one axis is split evenly on both sides
// (letterboxing).
type Fit struct {
	Scale float32
	X, Y  float32
}

// FitStage fits the stage into a window of w×h logical pixels.
func FitStage(w, h float32) Fit { return FitInto(Rect{0, 0, w, h}) }

// FitInto fits the stage into box r (the presenter view's slide boxes,
// the overview's cells).
func FitInto(r Rect) Fit {
	if r.W <= 0 || r.H <= 0 {
		return Fit{X: r.X, Y: r.Y}
	}
	s := min(r.W/StageW, r.H/StageH)
	return Fit{Scale: s, X: r.X + (r.W-StageW*s)/2, Y: r.Y + (r.H-StageH*s)/2}
}

// Box is the stage's box in the window.
func (f Fit) Box() Rect { return f.Rect(StageRect) }

// Rect maps a stage rectangle into the window.
func (f Fit) Rect(r Rect) Rect {
	return Rect{f.X + r.X*f.Scale, f.Y + r.Y*f.Scale, r.W * f.Scale, r.H * f.Scale}
}

// Point maps a stage point into the window.
func (f Fit) Point(x, y float32) (float32, float32) { return f.X + x*f.Scale, f.Y + y*f.Scale }

// ToStage maps a window point (a click) to the stage; ok is false when it
// falls outside the stage, on the letterbox bars.
func (f Fit) ToStage(x, y float32) (sx, sy float32, ok bool) {
	if f.Scale <= 0 {
		return 0, 0, false
	}
	sx, sy = (x-f.X)/f.Scale, (y-f.Y)/f.Scale
	return sx, sy, StageRect.Contains(sx, sy)
}

// Grid is the overview: every slide as a 16:9 thumbnail with its number
// and title under it, in rows filling Area. With many slides the cells
// keep a readable size and the grid scrolls (Scroll, Follow).
type Grid struct {
	Area         Rect
	N            int     // slides
	Cols, Rows   int     //
	CellW, CellH float32 // a thumbnail
	LabelH       float32 // the line under each thumbnail
	Gap          float32
	Left         float32 // the first column's x, centring the grid
	Scroll       float32 // how far the grid is scrolled up
}

// Overview proportions, as fractions of the area's height: gaps, the
// label line, and the smallest thumbnail worth showing.
const (
	gridGap     = 0.025
	gridLabel   = 0.035
	gridMinCell = 0.10
)

// NewGrid lays out n slides in area: the number of columns that makes
// the thumbnails largest while all fit, or, when that would make them
// smaller than gridMinCell of the height, as many columns of that
// smallest size as fit across, scrolling.
func NewGrid(area Rect, n int) Grid {
	g := Grid{Area: area, N: max(n, 0), Gap: area.H * gridGap, LabelH: area.H * gridLabel}
	if g.N == 0 || area.W <= 0 || area.H <= 0 {
		g.Cols, g.Rows = 1, 0
		return g
	}
	bestW := float32(-1)
	for c := 1; c <= g.N; c++ {
		rows := (g.N + c - 1) / c
		w := (area.W - float32(c+1)*g.Gap) / float32(c)
		h := (area.H-float32(rows+1)*g.Gap)/float32(rows) - g.LabelH
		w = min(w, h*16/9)
		if w > bestW {
			bestW, g.Cols = w, c
		}
	}
	if minW := area.H * gridMinCell * 16 / 9; bestW < minW {
		bestW = minW
		g.Cols = max(1, int((area.W-g.Gap)/(minW+g.Gap)))
		g.Cols = min(g.Cols, g.N)
	}
	g.CellW, g.CellH = bestW, bestW*9/16
	g.Rows = (g.N + g.Cols - 1) / g.Cols
	used := float32(g.Cols)*g.CellW + float32(g.Cols-1)*g.Gap
	g.Left = area.X + (area.W-used)/2
	return g
}

// rowH is the height of one row with its label and the gap below.
func (g *Grid) rowH() float32 { return g.CellH + g.LabelH + g.Gap }

// Height is the whole grid's height (more than Area's when it scrolls).
func (g *Grid) Height() float32 { return g.Gap + float32(g.Rows)*g.rowH() }

// Cell is slide i's thumbnail, in the area's coordinates after scrolling
// (it may lie outside Area when scrolled away: see Visible).
func (g *Grid) Cell(i int) Rect {
	col, row := i%g.Cols, i/g.Cols
	return Rect{g.Left + float32(col)*(g.CellW+g.Gap), g.Area.Y + g.Gap + float32(row)*g.rowH() - g.Scroll, g.CellW, g.CellH}
}

// Label is the line under slide i's thumbnail, for its number and title.
func (g *Grid) Label(i int) Rect {
	c := g.Cell(i)
	return Rect{c.X, c.Bottom(), c.W, g.LabelH}
}

// Visible reports whether slide i's thumbnail and label are wholly in
// Area.
func (g *Grid) Visible(i int) bool {
	c := g.Cell(i)
	return c.Y >= g.Area.Y && c.Bottom()+g.LabelH <= g.Area.Bottom()+0.5
}

// Follow scrolls as little as needed for slide i to be visible.
func (g *Grid) Follow(i int) {
	if i < 0 || i >= g.N {
		return
	}
	top := g.Gap + float32(i/g.Cols)*g.rowH() // unscrolled, from Area.Y
	bottom := top + g.CellH + g.LabelH
	switch {
	case top-g.Gap < g.Scroll:
		g.Scroll = top - g.Gap
	case bottom+g.Gap > g.Scroll+g.Area.H:
		g.Scroll = bottom + g.Gap - g.Area.H
	}
	g.Scroll = max(0, min(g.Scroll, max(0, g.Height()-g.Area.H)))
}

// Hit is the slide whose thumbnail or label is at (x, y), or -1: for a
// click in the overview.
func (g *Grid) Hit(x, y float32) int {
	if !g.Area.Contains(x, y) || g.N == 0 {
		return -1
	}
	col := int(math.Floor(float64((x - g.Left) / (g.CellW + g.Gap))))
	row := int(math.Floor(float64((y - g.Area.Y - g.Gap + g.Scroll) / g.rowH())))
	if col < 0 || col >= g.Cols || row < 0 {
		return -1
	}
	i := row*g.Cols + col
	if i >= g.N {
		return -1
	}
	c := g.Cell(i)
	if (Rect{c.X, c.Y, c.W, c.H + g.LabelH}).Contains(x, y) {
		return i
	}
	return -1 // in a gap
}

// PresenterLayout is where the presenter window draws its parts.
type PresenterLayout struct {
	Window  Rect
	Header  Rect // the top bar
	Title   Rect // in the header, on the left: the chapter's title (zero size in a narrow window)
	Counter Rect // in the header: "slide 5/21 · step 2/4" (centred in a wide window)
	Clock   Rect // in the header, on the right: the timer
	Current Rect // the slide the audience sees (16:9)
	Status  Rect // under the current slide: what the next press does
	NextBox Rect // the next slide at step 0 (16:9)
	NextTag Rect // the line above it: "Next: 6 · title"
	Notes   Rect // the speaker notes
	Wide    bool // side by side (landscape) rather than stacked
}

// Presenter lays out the presenter window at w×h logical pixels. In a
// landscape window the current slide is on the left with a status line
// under it, and the next slide is on the right above the notes; in a
// portrait or square one they stack: current slide, then the next slide
// beside the status, then the notes.
func Presenter(w, h float32) PresenterLayout {
	l := PresenterLayout{Window: Rect{0, 0, w, h}, Wide: w >= 1.2*h}
	m := max(8, min(w, h)*0.02) // margin
	hh := max(36, min(h*0.08, 96))
	l.Header = Rect{0, 0, w, hh}
	cw := min(2.6*hh, 0.35*w)
	l.Clock = Rect{w - m - cw, 0, cw, hh}
	if l.Wide {
		l.Counter = Rect{w * 0.4, 0, l.Clock.X - m - w*0.4, hh}
		l.Title = Rect{m, 0, l.Counter.X - 2*m, hh}
	} else {
		l.Counter = Rect{m, 0, l.Clock.X - 2*m, hh}
		l.Title = Rect{m, 0, 0, hh}
	}
	body := Rect{m, hh + m, max(w-2*m, 0), max(h-hh-2*m, 0)}
	tag := max(24, hh*0.6)
	if l.Wide {
		lw := (body.W - m) * 0.56
		rw := body.W - m - lw
		l.Current = fit169(Rect{body.X, body.Y, lw, body.H * 0.75})
		l.Status = Rect{body.X, l.Current.Bottom() + m/2, lw, body.Bottom() - l.Current.Bottom() - m/2}
		rx := body.X + lw + m
		l.NextTag = Rect{rx, body.Y, rw, tag}
		l.NextBox = fit169(Rect{rx, l.NextTag.Bottom(), rw, body.H * 0.32})
		l.Notes = Rect{rx, l.NextBox.Bottom() + m, rw, body.Bottom() - l.NextBox.Bottom() - m}
	} else {
		l.Current = fit169(Rect{body.X, body.Y, body.W, body.H * 0.42})
		y := l.Current.Bottom() + m
		half := (body.W - m) / 2
		l.NextTag = Rect{body.X, y, half, tag}
		l.NextBox = fit169(Rect{body.X, l.NextTag.Bottom(), half, body.H * 0.25})
		l.Status = Rect{body.X + half + m, y, half, l.NextBox.Bottom() - y}
		l.Notes = Rect{body.X, l.NextBox.Bottom() + m, body.W, body.Bottom() - l.NextBox.Bottom() - m}
	}
	l.Status.H, l.Notes.H = max(l.Status.H, 0), max(l.Notes.H, 0)
	return l
}

// fit169 is the largest 16:9 box in r, at r's top-left.
func fit169(r Rect) Rect {
	w := min(r.W, r.H*16/9)
	return Rect{r.X, r.Y, w, w * 9 / 16}
}
