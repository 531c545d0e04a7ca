package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTweenEnds(t *testing.T) {
	rec := NewRecording(2, stealScene(t), nil)
	c := rec.NewCursor()
	require.True(t, c.NextSteal())
	b := c.Frame(Options{Width: 1280, Height: 720})
	c.StepEventBack()
	a := c.Frame(Options{Width: 1280, Height: 720})
	assert.Equal(t, a, Tween(a, b, 0))
	assert.Equal(t, b, Tween(a, b, 1))
	assert.Equal(t, a, Tween(a, b, -0.5))
	assert.Equal(t, b, Tween(a, b, 2))
}

func TestTweenMovesTokensByG(t *testing.T) {
	rec := NewRecording(2, stealScene(t), nil)
	c := rec.NewCursor()
	require.True(t, c.NextSteal())
	b := c.Frame(Options{Width: 1280, Height: 720})
	c.StepEventBack()
	a := c.Frame(Options{Width: 1280, Height: 720})
	stolen := c.Recording().Events[b.Index].G

	tokens := func(f Frame) map[int64]Shape {
		m := map[int64]Shape{}
		for _, s := range f.Shapes {
			if s.Kind == ShapeToken {
				m[s.G] = s
			}
		}
		return m
	}
	ta, tb := tokens(a), tokens(b)
	require.Contains(t, ta, stolen)
	require.Contains(t, tb, stolen)
	require.NotEqual(t, ta[stolen].X, tb[stolen].X, "the stolen G moves")

	mid := Tween(a, b, 0.5)
	tm := tokens(mid)
	s := tm[stolen]
	assert.Greater(t, s.X, min(ta[stolen].X, tb[stolen].X))
	assert.Less(t, s.X, max(ta[stolen].X, tb[stolen].X))
	assert.Equal(t, uint8(255), s.Stroke.A, "a moving token stays opaque")

	// A token that appears fades in; one that leaves fades out.
	a2 := a
	a2.Shapes = append([]Shape{}, a.Shapes...)
	a2.Shapes = append(a2.Shapes, Shape{Kind: ShapeToken, G: 9999, Fill: Color{1, 2, 3, 255}, Stroke: Color{1, 2, 3, 255}})
	mid = Tween(a2, b, 0.5)
	gone := tokens(mid)[9999]
	assert.Less(t, gone.Fill.A, uint8(255))
	assert.Greater(t, gone.Fill.A, uint8(0))
	b2 := b
	b2.Shapes = append([]Shape{}, b.Shapes...)
	b2.Shapes = append(b2.Shapes, Shape{Kind: ShapeToken, G: 8888, Fill: Color{1, 2, 3, 255}})
	mid = Tween(a, b2, 0.25)
	assert.Less(t, tokens(mid)[8888].Fill.A, uint8(128))
}

// TestTweenSwapsChangedLabels (m3): a label whose words change in place is
// never drawn twice: the old words until half-way, the new ones after, each
// fully opaque.
func TestTweenSwapsChangedLabels(t *testing.T) {
	ink := Color{20, 20, 20, 255}
	a := Frame{W: 100, H: 100, Shapes: []Shape{{Kind: ShapeText, X: 1, Y: 1, W: 40, H: 12, Size: 12, Text: "P0 idle", Fill: ink, Role: "P0.label"}}}
	b := Frame{W: 100, H: 100, Shapes: []Shape{{Kind: ShapeText, X: 1, Y: 1, W: 60, H: 12, Size: 12, Text: "P0 running", Fill: ink, Role: "P0.label"}}}
	for _, tc := range []struct {
		t    float64
		want string
	}{{0.1, "P0 idle"}, {0.45, "P0 idle"}, {0.55, "P0 running"}, {0.9, "P0 running"}} {
		var got []Shape
		for _, s := range Tween(a, b, tc.t).Shapes {
			if s.Role == "P0.label" {
				got = append(got, s)
			}
		}
		if assert.Len(t, got, 1, "t=%v", tc.t) {
			assert.Equal(t, tc.want, got[0].Text, "t=%v", tc.t)
			assert.Equal(t, uint8(255), got[0].Fill.A, "t=%v: not faded", tc.t)
		}
	}
}
