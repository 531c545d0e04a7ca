package playerlog

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/render/view"
)

// TestMovePathsCrossNothing: in every chapter scene, at every event drawn
// as a move (from the scene's first event), at 1280 px,
// 390 px and on a 1920×1080 slide, each move's path
//   - starts in the place it leaves and ends, with its arrowhead, in the
//     place it enters;
//   - crosses no text and no goroutine of the picture (a P's header, a
//     queue's count, an area's title, a pill in a queue it passes, the
//     other goroutines of the queues it leaves and enters) except what
//     lies under its ghost and what its arrowhead points at, nor another
//     move's tag;
//
// and its tag covers no text and no goroutine.
func TestMovePathsCrossNothing(t *testing.T) {
	all, err := chapters.All()
	require.NoError(t, err)
	moves, frames := 0, 0
	bad := map[string]int{}
	for _, ch := range all {
		for _, sc := range ch.Scenes {
			name := ch.Slug + "/" + sc.ID
			rec := sceneRecording(t, sc.Compiled, sc.Settings)
			t0 := time.Now()
			n0 := frames
			unused := rec.Unused()
			// Every move event of a scene, or an even sample of 150 of
			// them in the scenes with thousands (their frames are the
			// slowest to lay out).
			var at []int
			for i := range rec.Events {
				if view.IsMoveKind(rec.Events[i].Kind) {
					at = append(at, i)
				}
			}
			if len(at) > maxMoveFrames {
				sample := make([]int, maxMoveFrames)
				for k := range sample {
					sample[k] = at[k*len(at)/maxMoveFrames]
				}
				at = sample
			}
			c := rec.NewCursor()
			for _, i := range at {
				c.Seek(i)
				for _, st := range pictureStages {
					f := c.Frame(view.Options{Width: st.w, Height: st.h, Slide: st.slide, Unused: unused})
					if len(f.Moves) == 0 {
						continue
					}
					frames++
					for k := range f.Moves {
						moves++
						for _, c := range moveCrossings(f, k) {
							bad[st.name]++
							if bad[st.name] <= 5 {
								t.Errorf("%s at %d (%s) on %s: %s", name, i, rec.Events[i].Kind, st.name, c)
							}
						}
					}
				}
			}
			t.Logf("%s: %d events, %d frames, %v", name, rec.Len(), frames-n0, time.Since(t0))
		}
	}
	require.Positive(t, moves, "the chapters draw moves")
	t.Logf("%d moves in %d frames checked; crossings by stage: %v", moves, frames, bad)
}

// maxMoveFrames is how many move events of one scene are looked at.
const maxMoveFrames = 150

// moveCrossings lists what move k of f crosses or covers that it should not.
func moveCrossings(f view.Frame, k int) []string {
	mv := f.Moves[k]
	place := func(role string) (view.Rect, bool) {
		for _, p := range f.Places {
			if p.Role == role {
				return view.Rect{X: p.X, Y: p.Y, W: p.W, H: p.H}, true
			}
		}
		return view.Rect{}, false
	}
	from, ok1 := place(mv.From)
	to, ok2 := place(mv.To)
	if !ok1 || !ok2 {
		return []string{mv.Label + ": drawn without its places " + mv.From + " → " + mv.To}
	}
	var out []string
	if len(mv.Path) >= 2 {
		a, z := mv.Path[0], mv.Path[len(mv.Path)-1]
		if !inRect(from, a, 1) {
			out = append(out, mv.Label+": the path does not start in "+mv.From)
		}
		if !inRect(to, z, 1) {
			out = append(out, mv.Label+": the arrowhead is not in "+mv.To)
		}
	}
	// The path may pass over what is under its ghost and what its
	// arrowhead points at.
	endpoint := func(r view.Rect) bool { return r.Overlaps(mv.Ghost) || r.Overlaps(mv.Spot) }
	for _, s := range f.Shapes {
		if s.Kind != view.ShapeText && s.Kind != view.ShapeToken {
			continue
		}
		if strings.HasPrefix(s.Role, "move.") {
			continue // the moves' own words: their tags are checked below
		}
		r := view.Rect{X: s.X, Y: s.Y, W: s.W, H: s.H}
		what := s.Role + " " + quote(s.Text)
		if !mv.Tag.Empty() && mv.Tag.Overlaps(r) {
			out = append(out, mv.Label+": the tag covers "+what)
		}
		if endpoint(r) {
			continue
		}
		if pathCrosses(mv.Path, r) {
			out = append(out, mv.Label+" ("+mv.From+" → "+mv.To+"): the path crosses "+what)
		}
	}
	for j, o := range f.Moves {
		if j == k || o.Tag.Empty() {
			continue
		}
		if pathCrosses(mv.Path, o.Tag) {
			out = append(out, mv.Label+": the path crosses the tag "+quote(o.Label))
		}
		if j > k && !mv.Tag.Empty() && mv.Tag.Overlaps(o.Tag) {
			out = append(out, mv.Label+": the tag covers the tag "+quote(o.Label))
		}
	}
	return out
}

func quote(s string) string { return "\"" + s + "\"" }

// inRect reports whether p is in r grown by d.
func inRect(r view.Rect, p view.Pt, d float32) bool {
	return p.X >= r.X-d && p.X <= r.Right()+d && p.Y >= r.Y-d && p.Y <= r.Bottom()+d
}

// pathCrosses reports whether the polyline path passes through the inside
// of r (a path along an edge of r, or touching a corner, does not count).
func pathCrosses(path []view.Pt, r view.Rect) bool {
	in := r.Inset(0.5)
	if in.Empty() {
		return false
	}
	for i := 0; i+1 < len(path); i++ {
		if segmentHits(path[i], path[i+1], in) {
			return true
		}
	}
	return false
}

// segmentHits clips the segment a–b to r (Liang–Barsky) and reports
// whether anything of it is left.
func segmentHits(a, b view.Pt, r view.Rect) bool {
	t0, t1 := float32(0), float32(1)
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, c := range [4][2]float32{{-dx, a.X - r.X}, {dx, r.Right() - a.X}, {-dy, a.Y - r.Y}, {dy, r.Bottom() - a.Y}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}
