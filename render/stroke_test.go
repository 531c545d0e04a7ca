//go:build display

package render

import (
	"testing"
	"time"

	"github.com/gmpbook/gmpbook/render/view"
)

// A dashed outline drawn small (an overview thumbnail, a presenter view's
// next slide) once made the dash loop spin: in float32 a run left over by
// rounding was too short to move along the segment. Every dashed circle
// and line at small scales must finish, with a bounded number of quads.
func TestDashedOutlinesFinishAtSmallScales(t *testing.T) {
	d := NewDrawer()
	done := make(chan int, 1)
	go func() {
		quads := 0
		for _, scale := range []float32{0.05, 0.1, 0.2258, 0.3, 0.5, 1, 2} {
			d.scale = scale
			for r := float32(1); r < 40; r += 0.01 {
				pts := circle(nil, 100, 100, r, scale)
				before := len(d.vs)
				d.stroke(pts, true, 1, view.Color{A: 255}, true)
				quads += (len(d.vs) - before) / 8
				d.vs, d.is = d.vs[:0], d.is[:0]
			}
		}
		done <- quads
	}()
	select {
	case q := <-done:
		if q == 0 {
			t.Fatal("no dash was drawn")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a dashed outline did not finish")
	}
}
