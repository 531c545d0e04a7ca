package present

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/render/view"
)

func TestStageIsLetterboxedIntoAnyWindow(t *testing.T) {
	const eps = 1e-3
	for _, tt := range []struct {
		w, h              float32
		scale, offX, offY float32
	}{
		{1920, 1080, 1, 0, 0},
		{1280, 720, 2.0 / 3, 0, 0},
		// 1366/1920 = 0.71146 > 768/1080 = 0.71111: height limits,
		// leaving 1366 − 1920·0.71111 = 0.667 px to split left and right.
		{1366, 768, 768.0 / 1080, (1366 - 1920*768.0/1080) / 2, 0},
		// A square window: width limits; 1000 − 1080·(1000/1920) = 437.5
		// px of bars, 218.75 above and below.
		{1000, 1000, 1000.0 / 1920, 0, 218.75},
		{3840, 2160, 2, 0, 0},
		{2560, 1080, 1, 320, 0}, // ultra-wide: bars left and right
	} {
		name := fmt.Sprintf("%gx%g", tt.w, tt.h)
		f := FitStage(tt.w, tt.h)
		assert.InDelta(t, tt.scale, f.Scale, eps, name)
		assert.InDelta(t, tt.offX, f.X, eps, name)
		assert.InDelta(t, tt.offY, f.Y, eps, name)
		box := f.Box()
		assert.InDelta(t, tt.w, box.W+2*box.X, eps, "%s: bars are even left and right", name)
		assert.InDelta(t, tt.h, box.H+2*box.Y, eps, "%s: and above and below", name)
		assert.True(t, box.W <= tt.w+eps && box.H <= tt.h+eps, "%s: the stage fits", name)
		assert.True(t, abs32(box.W-tt.w) < eps || abs32(box.H-tt.h) < eps, "%s: and touches two sides", name)
		assert.InDelta(t, 16.0/9, box.W/box.H, eps, name)

		// A click maps back to the stage point drawn there.
		x, y := f.Point(960, 540)
		sx, sy, ok := f.ToStage(x, y)
		assert.True(t, ok)
		assert.InDelta(t, 960, sx, eps)
		assert.InDelta(t, 540, sy, eps)
	}
	f := FitStage(1000, 1000)
	_, _, ok := f.ToStage(500, 100)
	assert.False(t, ok, "a click on the letterbox bar is off the stage")
	assert.Equal(t, Fit{}, FitStage(0, 0), "a window with no size draws nothing")
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func TestOverviewGridHitTest(t *testing.T) {
	for _, n := range []int{1, 2, 7, 21, 27, 40} {
		g := NewGrid(StageRect, n)
		name := fmt.Sprintf("%d slides", n)
		require.GreaterOrEqual(t, g.Cols, 1, name)
		assert.Equal(t, (n+g.Cols-1)/g.Cols, g.Rows, name)
		assert.InDelta(t, 16.0/9, g.CellW/g.CellH, 1e-3, name)
		assert.LessOrEqual(t, g.Height(), StageH+0.5, "%s: no scrolling on the stage", name)
		for i := range n {
			c := g.Cell(i)
			assert.True(t, g.Visible(i), "%s: %d visible", name, i)
			assert.GreaterOrEqual(t, c.X, float32(0))
			assert.LessOrEqual(t, c.Right(), StageW)
			assert.Equal(t, i, g.Hit(c.X+c.W/2, c.Y+c.H/2), "%s: centre of %d", name, i)
			assert.Equal(t, i, g.Hit(c.X+1, c.Y+1), "%s: corner of %d", name, i)
			l := g.Label(i)
			assert.Equal(t, i, g.Hit(l.X+l.W/2, l.Y+l.H/2), "%s: the label of %d", name, i)
			if i+1 < n && (i+1)%g.Cols != 0 {
				next := g.Cell(i + 1)
				assert.Greater(t, next.X, c.Right(), "%s: cells do not overlap", name)
				assert.Equal(t, -1, g.Hit((c.Right()+next.X)/2, c.Y+c.H/2), "%s: the gap after %d is no slide", name, i)
			}
			if i+g.Cols < n {
				below := g.Cell(i + g.Cols)
				assert.Greater(t, below.Y, l.Bottom(), "%s: rows do not overlap", name)
			}
		}
		last := g.Cell(n - 1)
		if n%g.Cols != 0 {
			assert.Equal(t, -1, g.Hit(last.Right()+g.Gap+g.CellW/2, last.Y+last.H/2), "%s: past the last slide", name)
		}
		assert.Equal(t, -1, g.Hit(-5, 100))
		assert.Equal(t, -1, g.Hit(StageW/2, StageH+1))
	}
	// Twenty-one slides on the stage: the thumbnails are large enough to
	// read a title, and more than one row and column.
	g := NewGrid(StageRect, 21)
	assert.Greater(t, g.Cols, 3)
	assert.Greater(t, g.Rows, 2)
	assert.Greater(t, g.CellW, float32(250))
}

func TestOverviewScrollsWhenSlidesAreMany(t *testing.T) {
	area := view.Rect{X: 100, Y: 50, W: 1280, H: 720}
	g := NewGrid(area, 200)
	require.Greater(t, g.Height(), area.H, "200 slides do not fit at a readable size")
	assert.GreaterOrEqual(t, g.CellH, area.H*gridMinCell-0.01)
	assert.False(t, g.Visible(199))
	g.Follow(199)
	assert.True(t, g.Visible(199))
	c := g.Cell(199)
	assert.Equal(t, 199, g.Hit(c.X+c.W/2, c.Y+c.H/2), "hit testing follows the scroll")
	assert.False(t, g.Visible(0))
	assert.Equal(t, -1, g.Hit(g.Cell(0).X+5, area.Y-10), "nothing is hit outside the area")
	g.Follow(0)
	assert.Equal(t, float32(0), g.Scroll)
	assert.True(t, g.Visible(0))
	g.Follow(120)
	assert.True(t, g.Visible(120))
	s := g.Scroll
	g.Follow(120)
	assert.Equal(t, s, g.Scroll, "a visible slide does not scroll")
}

func TestPresenterLayoutKeepsItsPartsApart(t *testing.T) {
	for _, sz := range [][2]float32{{1920, 1080}, {1280, 800}, {1366, 768}, {1000, 1000}, {800, 1200}, {640, 480}} {
		l := Presenter(sz[0], sz[1])
		name := fmt.Sprintf("%gx%g", sz[0], sz[1])
		parts := map[string]view.Rect{"current": l.Current, "next": l.NextBox, "nexttag": l.NextTag, "notes": l.Notes, "status": l.Status, "header": l.Header}
		for pn, r := range parts {
			assert.True(t, r.X >= 0 && r.Y >= 0 && r.Right() <= sz[0]+0.01 && r.Bottom() <= sz[1]+0.01, "%s: %s %+v inside the window", name, pn, r)
			assert.Greater(t, r.W, float32(0), "%s: %s", name, pn)
			assert.Greater(t, r.H, float32(0), "%s: %s", name, pn)
			for qn, q := range parts {
				if pn < qn {
					assert.False(t, overlap(r, q), "%s: %s and %s overlap", name, pn, qn)
				}
			}
		}
		assert.InDelta(t, 16.0/9, l.Current.W/l.Current.H, 1e-3, name)
		assert.InDelta(t, 16.0/9, l.NextBox.W/l.NextBox.H, 1e-3, name)
		assert.Greater(t, l.Current.W*l.Current.H, l.NextBox.W*l.NextBox.H, "%s: the current slide is the bigger", name)
		assert.Greater(t, l.Notes.H, sz[1]*0.15, "%s: room for notes", name)
		for _, r := range []view.Rect{l.Counter, l.Clock} {
			assert.False(t, overlap(r, l.Current), name)
			assert.LessOrEqual(t, r.Bottom(), l.Header.Bottom())
		}
		assert.False(t, overlap(l.Counter, l.Clock), name)
	}
	assert.True(t, Presenter(1920, 1080).Wide)
	assert.False(t, Presenter(1000, 1000).Wide)
}

func overlap(a, b view.Rect) bool {
	return a.X < b.Right()-0.01 && b.X < a.Right()-0.01 && a.Y < b.Bottom()-0.01 && b.Y < a.Bottom()-0.01
}
