package view

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// movePaths is the move paths of f by role, and their labels.
func movePaths(f Frame) (lines map[string]int, labels []string) {
	lines = map[string]int{}
	for _, s := range f.Shapes {
		switch {
		case s.Kind == ShapeLine && strings.HasPrefix(s.Role, "move.") && !strings.HasSuffix(s.Role, ".head"):
			lines[s.Role]++
		case s.Kind == ShapeText && strings.HasPrefix(s.Role, "move."):
			labels = append(labels, s.Text)
		}
	}
	return
}

// TestMovesDrawn: at a steal, a kick, a retake and a hand-off the display
// list has the path, the ghost and the label, in both layouts; the path
// stays while paused on later non-stop events and is gone after the next
// key step.
func TestMovesDrawn(t *testing.T) {
	cases := []struct {
		name  string
		procs int
		ev    []core.Event
		kind  core.EvKind
		label string
	}{
		{"steal", 2, stealScene(t), core.EvSteal, "stole "},
		{"kick", 4, mixedScene(t, 4, 60, 3), core.EvGoKick, "kicked to tail"},
		{"retake", 4, mixedScene(t, 4, 60, 3), core.EvProcRetake, "retake from M"},
		{"handoff", 4, mixedScene(t, 4, 60, 3), core.EvProcHandoff, "handoffp"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := NewRecording(tc.procs, tc.ev, nil)
			c := rec.NewCursor()
			found := false
			for c.NextOfKind(tc.kind) {
				if !isDrawnMove(c.Event()) {
					continue
				}
				found = true
				role := "move." + tc.kind.String()
				for _, w := range []float32{1280, 390} {
					f := c.Frame(Options{Width: w, Height: 800})
					lines, labels := movePaths(f)
					assert.Positive(t, lines[role], "w=%v: no path for %s at %d", w, tc.kind, c.Pos())
					assert.True(t, slicesHasPrefix(labels, tc.label), "w=%v: labels %q", w, labels)
					ghost := false
					for _, s := range f.Shapes {
						ghost = ghost || s.Role == role+".ghost"
					}
					assert.True(t, ghost, "w=%v: no ghost", w)
					// Both renderers have it.
					assert.Contains(t, SVG(f, ""), tc.label)
				}
				// Paused after it, before the next key step: still drawn.
				at := c.Pos()
				next := at + 1
				for next < rec.Len() && !rec.IsStop(next) {
					lines, _ := movePaths(rec.Frame(next, Options{Width: 1280, Height: 800}))
					assert.Positive(t, lines[role], "path gone at %d, before the next stop", next)
					next++
				}
				// Two key steps on, this move is no longer drawn (unless
				// the same kind happened again in between).
				c2 := rec.NewCursor()
				c2.Seek(at)
				c2.StepForward()
				c2.StepForward()
				again := false
				for k := at + 1; k <= c2.Pos(); k++ {
					again = again || rec.Events[k].Kind == tc.kind
				}
				if !again {
					lines, _ := movePaths(c2.Frame(Options{Width: 1280, Height: 800}))
					assert.Zero(t, lines[role], "path still drawn two steps on, at %d", c2.Pos())
				}
				break
			}
			require.True(t, found, "the scene has no drawn %s", tc.kind)
		})
	}
}

func slicesHasPrefix(ss []string, p string) bool {
	for _, s := range ss {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// TestMoveLabelsCoverNoText: at every drawn move of the steal and the
// mixed scenes, at the page's width, each move's tag covers no text and
// no goroutine of the picture (a queue's count, a P's status, a pill) and
// no other move's tag.
func TestMoveLabelsCoverNoText(t *testing.T) {
	for _, sc := range []struct {
		procs int
		ev    []core.Event
	}{{2, stealScene(t)}, {4, mixedScene(t, 4, 60, 3)}} {
		rec := NewRecording(sc.procs, sc.ev, nil)
		checked := 0
		for i := range rec.Events {
			if !isDrawnMove(&rec.Events[i]) {
				continue
			}
			f := rec.Frame(i, Options{Width: 1280, Height: 800})
			for k, s := range f.Shapes {
				if !strings.HasSuffix(s.Role, ".tag") || !strings.HasPrefix(s.Role, "move.") {
					continue
				}
				checked++
				for j, o := range f.Shapes {
					if j == k || j == k+1 { // the tag's own label follows it
						continue
					}
					other := o.Kind == ShapeText || o.G != 0 || strings.HasSuffix(o.Role, ".tag")
					if !other || strings.HasPrefix(o.Role, "move.") && !strings.HasSuffix(o.Role, ".tag") {
						continue
					}
					if s.X < o.X+o.W && o.X < s.X+s.W && s.Y < o.Y+o.H && o.Y < s.Y+s.H {
						t.Errorf("event %d (%s): the %s tag covers %s %q", i, rec.Events[i].Kind, s.Role, o.Role, o.Text)
					}
				}
			}
		}
		assert.Positive(t, checked, "the scene draws moves")
	}
}

// BenchmarkMoveFrame lays out the frame of a steal (a routed path) at
// 1280 px, 390 px and on a slide.
func BenchmarkMoveFrame(b *testing.B) {
	rec := NewRecording(2, stealScene(b), nil)
	c := rec.NewCursor()
	require.True(b, c.NextOfKind(core.EvSteal))
	for _, o := range []Options{{Width: 1280, Height: 760}, {Width: 390, Height: 844}, {Width: 1920, Height: 1080, Slide: true}} {
		b.Run(strconv.Itoa(int(o.Width)), func(b *testing.B) {
			for b.Loop() {
				c.Frame(o)
			}
		})
	}
}
