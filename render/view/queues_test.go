package view

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// shapesWithRole are the shapes of f whose Role is role.
func shapesWithRole(f Frame, role string) []Shape {
	var out []Shape
	for _, s := range f.Shapes {
		if s.Role == role {
			out = append(out, s)
		}
	}
	return out
}

// TestRunqIsCellsWithAGauge: a P's run queue is drawn as cells holding its
// tokens head to tail, and a gauge whose fill is the queue's length out of
// the ring's 256 slots (runtime2.go: p.runq [256]guintptr), with a tick at
// the half runqputslow moves; the count says "n / 256".
func TestRunqIsCellsWithAGauge(t *testing.T) {
	for name, tc := range map[string]struct {
		events []core.Event
		procs  int
	}{
		"steal":    {stealScene(t), 2},
		"overflow": {overflowScene(t, 300), 1},
	} {
		rec := NewRecording(tc.procs, tc.events, nil)
		c := rec.NewCursor()
		checked, full := 0, false
		for c.StepEventForward() {
			w := c.World()
			n := len(w.Ps[0].Runq)
			if n == 0 || (checked > 0 && n < 200 && c.Pos()%7 != 0) {
				continue
			}
			f := c.Frame(Options{Width: 1280, Height: 760})
			gauge := shapesWithRole(f, "P0.runq.gauge")
			require.Len(t, gauge, 1, "%s at %d", name, c.Pos())
			g := gauge[0]
			fill := shapesWithRole(f, "P0.runq.gauge.fill")
			require.Len(t, fill, 1)
			want := max(g.H, g.W*float32(n)/256)
			assert.InDelta(t, want, fill[0].W, 0.01, "%s: %d queued", name, n)
			assert.Equal(t, g.X, fill[0].X)
			half := shapesWithRole(f, "P0.runq.gauge.half")
			require.Len(t, half, 1)
			assert.InDelta(t, g.X+g.W/2, half[0].X, 0.01)
			count := shapesWithRole(f, "P0.runq.count")
			require.Len(t, count, 1)
			assert.Equal(t, strconv.Itoa(n)+" / 256", count[0].Text)
			cells := shapesWithRole(f, "P0.runq.cell")
			require.NotEmpty(t, cells)
			// Every token of the queue sits in a cell, head first.
			k := 0
			for _, s := range f.Shapes {
				if s.Kind != ShapeToken || s.Role != "P0.runq" {
					continue
				}
				require.Less(t, k, len(cells), "more tokens than cells")
				cl := cells[k]
				assert.True(t, s.X >= cl.X && s.X+s.W <= cl.X+cl.W && s.Y >= cl.Y && s.Y+s.H <= cl.Y+cl.H,
					"%s: token %d of P0's runq outside its cell", name, k)
				assert.Equal(t, w.Ps[0].Runq[k], s.G, "%s: cell %d holds the queue's %d-th G", name, k, k)
				k++
			}
			assert.Positive(t, k)
			if n > len(cells) {
				assert.NotEmpty(t, shapesWithRole(f, "P0.runq.more"), "%s: %d queued, %d cells: a +N", name, n, len(cells))
			}
			full = full || n >= 128
			checked++
		}
		assert.Positive(t, checked, name)
		if name == "overflow" {
			assert.True(t, full, "the overflow scene fills the ring past its half")
		}
	}
}

// TestGlobalQueueIsAStrip: the global run queue is a strip of cells across
// the stage titled with its length, its tokens in the cells head first.
func TestGlobalQueueIsAStrip(t *testing.T) {
	rec := NewRecording(1, overflowScene(t, 300), nil)
	c := rec.NewCursor()
	seen := false
	for c.StepEventForward() {
		n := len(c.World().Global)
		if n == 0 {
			continue
		}
		f := c.Frame(Options{Width: 1280, Height: 760})
		title := shapesWithRole(f, "global.label")
		require.Len(t, title, 1)
		require.Equal(t, "global run queue ("+strconv.Itoa(n)+")", title[0].Text)
		cells := shapesWithRole(f, "global.cell")
		require.NotEmpty(t, cells)
		var strip Place
		for _, p := range f.Places {
			if p.Role == "global" {
				strip = p
			}
		}
		// Across the stage: wider than half of it.
		assert.Greater(t, strip.W, f.W/2)
		k := 0
		for _, s := range f.Shapes {
			if s.Kind == ShapeToken && s.Role == "global" {
				cl := cells[k]
				assert.True(t, s.X >= cl.X && s.X+s.W <= cl.X+cl.W, "global token %d outside its cell", k)
				assert.Equal(t, c.World().Global[k], s.G)
				k++
			}
		}
		assert.Positive(t, k)
		if n > len(cells) {
			assert.NotEmpty(t, shapesWithRole(f, "global.more"))
		}
		seen = true
		break
	}
	require.True(t, seen, "the overflow scene puts goroutines on the global queue")
}

// TestTokensArePillsWithNames: in the wide layout a goroutine is a pill
// wide enough for its name; on a phone a shorter pill with the name cut to
// fit; the SVG draws it as a rounded rect.
func TestTokensArePillsWithNames(t *testing.T) {
	rec := NewRecording(2, stealScene(t), nil)
	c := rec.NewCursor()
	c.Seek(rec.Len() / 3)
	f := c.Frame(Options{Width: 1280, Height: 760})
	var pill *Shape
	for i, s := range f.Shapes {
		if s.Kind == ShapeToken && s.Shape == TokenPill {
			assert.Greater(t, s.W, s.H)
			pill = &f.Shapes[i]
		}
	}
	require.NotNil(t, pill)
	// A phone has pills too, with the name on them, cut to fit.
	narrow := c.Frame(Options{Width: 390, Height: 844})
	named := 0
	for _, s := range narrow.Shapes {
		if s.Kind != ShapeToken {
			continue
		}
		assert.Greater(t, s.W, s.H, "pills on a phone")
		if s.Name == "" {
			continue
		}
		named++
		assert.True(t, s.Text == s.Name || strings.HasSuffix(s.Text, "…") && strings.HasPrefix(s.Name, strings.TrimSuffix(s.Text, "…")),
			"G%d named %q shows %q", s.G, s.Name, s.Text)
		assert.LessOrEqual(t, textW(s.Text, s.Size), s.W-s.H/2+0.01, "G%d's label fits its pill", s.G)
	}
	assert.Positive(t, named)
	svg := SVG(f, "")
	assert.Contains(t, svg, `width="`+SVGNum(pill.W)+`" height="`+SVGNum(pill.H)+`" rx="`+SVGNum(pill.H/2)+`"`)
}
