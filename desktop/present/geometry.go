package present

import (
	"math"

	"github.com/gmpbook/gmpbook/render/view"
)

// Stage size: slides are laid out on a 1920×1080 stage in logical pixels
// and scaled, letterboxed, to whatever window shows them.
const (
	StageW float32 = 1920
	StageH float32 = 1080
)

// StageRect is the stage, in its own coordinates.
var StageRect = view.Rect{X: 0, Y: 0, W: StageW, H: StageH}

// Fit maps stage coordinates into a box of a window: a stage point (x, y)
// lands at (X + x·Scale, Y + y·Scale). The stage keeps its 16:9 shape;
// what the box has to spare on one axis is split evenly on both sides
// (letterboxing).
type Fit struct {
	Scale float32
	X, Y  float32
}

// FitStage fits the stage into a window of w×h logical pixels.
func FitStage(w, h float32) Fit { return FitInto(view.Rect{X: 0, Y: 0, W: w, H: h}) }

// FitInto fits the stage into box r (the presenter view's slide boxes,
// the overview's cells).
func FitInto(r view.Rect) Fit {
	if r.W <= 0 || r.H <= 0 {
		return Fit{X: r.X, Y: r.Y}
	}
	s := min(r.W/StageW, r.H/StageH)
	return Fit{Scale: s, X: r.X + (r.W-StageW*s)/2, Y: r.Y + (r.H-StageH*s)/2}
}

// Box is the stage's box in the window.
func (f Fit) Box() view.Rect { return f.Rect(StageRect) }

// Rect maps a stage rectangle into the window.
func (f Fit) Rect(r view.Rect) view.Rect {
	return view.Rect{X: f.X + r.X*f.Scale, Y: f.Y + r.Y*f.Scale, W: r.W * f.Scale, H: r.H * f.Scale}
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
	Area         view.Rect
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
func NewGrid(area view.Rect, n int) Grid {
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
func (g *Grid) Cell(i int) view.Rect {
	col, row := i%g.Cols, i/g.Cols
	return view.Rect{X: g.Left + float32(col)*(g.CellW+g.Gap), Y: g.Area.Y + g.Gap + float32(row)*g.rowH() - g.Scroll, W: g.CellW, H: g.CellH}
}

// Label is the line under slide i's thumbnail, for its number and title.
func (g *Grid) Label(i int) view.Rect {
	c := g.Cell(i)
	return view.Rect{X: c.X, Y: c.Bottom(), W: c.W, H: g.LabelH}
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
	if (view.Rect{X: c.X, Y: c.Y, W: c.W, H: c.H + g.LabelH}).Contains(x, y) {
		return i
	}
	return -1 // in a gap
}

// PresenterLayout is where the presenter window draws its parts.
type PresenterLayout struct {
	Window  view.Rect
	Header  view.Rect // the top bar
	Title   view.Rect // in the header, on the left: the chapter's title (zero size in a narrow window)
	Counter view.Rect // in the header: "slide 5/21 · step 2/4" (centred in a wide window)
	Clock   view.Rect // in the header, on the right: the timer
	Current view.Rect // the slide the audience sees (16:9)
	Status  view.Rect // under the current slide: what the next press does
	NextBox view.Rect // the next slide at step 0 (16:9)
	NextTag view.Rect // the line above it: "Next: 6 · title"
	Notes   view.Rect // the speaker notes
	Wide    bool      // side by side (landscape) rather than stacked
}

// Presenter lays out the presenter window at w×h logical pixels. In a
// landscape window the current slide is on the left with a status line
// under it, and the next slide is on the right above the notes; in a
// portrait or square one they stack: current slide, then the next slide
// beside the status, then the notes.
func Presenter(w, h float32) PresenterLayout {
	l := PresenterLayout{Window: view.Rect{X: 0, Y: 0, W: w, H: h}, Wide: w >= 1.2*h}
	m := max(8, min(w, h)*0.02) // margin
	hh := max(36, min(h*0.08, 96))
	l.Header = view.Rect{X: 0, Y: 0, W: w, H: hh}
	cw := min(2.6*hh, 0.35*w)
	l.Clock = view.Rect{X: w - m - cw, Y: 0, W: cw, H: hh}
	if l.Wide {
		l.Counter = view.Rect{X: w * 0.4, Y: 0, W: l.Clock.X - m - w*0.4, H: hh}
		l.Title = view.Rect{X: m, Y: 0, W: l.Counter.X - 2*m, H: hh}
	} else {
		l.Counter = view.Rect{X: m, Y: 0, W: l.Clock.X - 2*m, H: hh}
		l.Title = view.Rect{X: m, Y: 0, W: 0, H: hh}
	}
	body := view.Rect{X: m, Y: hh + m, W: max(w-2*m, 0), H: max(h-hh-2*m, 0)}
	tag := max(24, hh*0.6)
	if l.Wide {
		lw := (body.W - m) * 0.56
		rw := body.W - m - lw
		l.Current = fit169(view.Rect{X: body.X, Y: body.Y, W: lw, H: body.H * 0.75})
		l.Status = view.Rect{X: body.X, Y: l.Current.Bottom() + m/2, W: lw, H: body.Bottom() - l.Current.Bottom() - m/2}
		rx := body.X + lw + m
		l.NextTag = view.Rect{X: rx, Y: body.Y, W: rw, H: tag}
		l.NextBox = fit169(view.Rect{X: rx, Y: l.NextTag.Bottom(), W: rw, H: body.H * 0.32})
		l.Notes = view.Rect{X: rx, Y: l.NextBox.Bottom() + m, W: rw, H: body.Bottom() - l.NextBox.Bottom() - m}
	} else {
		l.Current = fit169(view.Rect{X: body.X, Y: body.Y, W: body.W, H: body.H * 0.42})
		y := l.Current.Bottom() + m
		half := (body.W - m) / 2
		l.NextTag = view.Rect{X: body.X, Y: y, W: half, H: tag}
		l.NextBox = fit169(view.Rect{X: body.X, Y: l.NextTag.Bottom(), W: half, H: body.H * 0.25})
		l.Status = view.Rect{X: body.X + half + m, Y: y, W: half, H: l.NextBox.Bottom() - y}
		l.Notes = view.Rect{X: body.X, Y: l.NextBox.Bottom() + m, W: body.W, H: body.Bottom() - l.NextBox.Bottom() - m}
	}
	l.Status.H, l.Notes.H = max(l.Status.H, 0), max(l.Notes.H, 0)
	return l
}

// fit169 is the largest 16:9 box in r, at r's top-left.
func fit169(r view.Rect) view.Rect {
	w := min(r.W, r.H*16/9)
	return view.Rect{X: r.X, Y: r.Y, W: w, H: w * 9 / 16}
}
