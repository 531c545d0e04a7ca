package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRectEdgesIntersectionAndInset(t *testing.T) {
	r := Rect{X: 10, Y: 20, W: 100, H: 50}
	assert.Equal(t, float32(110), r.Right())
	assert.Equal(t, float32(70), r.Bottom())
	assert.True(t, r.Contains(10, 20))
	assert.False(t, r.Contains(110, 40), "the right edge belongs to the neighbour")
	assert.Equal(t, Rect{X: 60, Y: 20, W: 50, H: 30}, r.Intersect(Rect{X: 60, Y: 0, W: 100, H: 50}))
	assert.True(t, r.Intersect(Rect{X: 200, Y: 200, W: 5, H: 5}).Empty())
	assert.False(t, r.Overlaps(Rect{X: 110, Y: 20, W: 5, H: 5}), "touching is not overlapping")
	assert.Equal(t, Rect{X: 15, Y: 25, W: 90, H: 40}, r.Inset(5))
	assert.Equal(t, Rect{X: 60, Y: 45, W: 0, H: 0}, r.Inset(80), "never below zero size, centred")
}

func TestRectUnionHoldsBoth(t *testing.T) {
	a := Rect{X: 10, Y: 20, W: 100, H: 50}
	b := Rect{X: -5, Y: 60, W: 20, H: 40}
	u := a.Union(b)
	assert.Equal(t, Rect{X: -5, Y: 20, W: 115, H: 80}, u)
	assert.Equal(t, u, b.Union(a), "union does not depend on the order")
	assert.Equal(t, a, a.Union(Rect{X: 20, Y: 30, W: 10, H: 10}), "a box inside adds nothing")
}
