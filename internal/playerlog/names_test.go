package playerlog

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

// namedRecording simulates a scene of testdata/ and makes it a recording.
func namedRecording(t *testing.T, file string) *view.Recording {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", file))
	require.NoError(t, err)
	c, err := script.Load(file, src)
	require.NoError(t, err)
	return sceneRecording(t, c, c.Scene.Settings)
}

// sceneRecording simulates a compiled scene with settings, as the players
// do, and makes it a recording with its captions and lines.
func sceneRecording(t *testing.T, c *script.Compiled, settings script.Settings) *view.Recording {
	t.Helper()
	run, err := Simulate(c, settings, 0, 0, nil)
	require.NoError(t, err)
	return Recording(run, Captions(c))
}

// pictureStages are the stages the picture tests lay frames out on: a
// page at 1280 px, a phone at 390 px, a 1920×1080 slide.
var pictureStages = []struct {
	name  string
	w, h  float32
	slide bool
}{{"1280", 1280, 760, false}, {"390", 390, 844, false}, {"slide", 1920, 1080, true}}

// TestAuthorNamesReachThePlayer: a //> name directive on a go statement
// names each goroutine it starts from a value read at the statement (a
// callee's argument, a closure's loop variable), and the player calls the
// goroutine by that name: on its token (written on the pill) and in the
// sentences.
func TestAuthorNamesReachThePlayer(t *testing.T) {
	for _, tc := range []struct {
		file, prefix string
		n            int
	}{
		{"named_workers.go", "worker ", 8},
		{"named_readers.go", "reader ", 3},
	} {
		t.Run(tc.file, func(t *testing.T) {
			rec := namedRecording(t, tc.file)
			var ids []int64
			last := -1
			for i := range rec.Events {
				e := &rec.Events[i]
				if e.Kind == core.EvGoCreate && e.G2 != 0 && e.Arg != 1 {
					ids = append(ids, e.G)
					last = i
					want := tc.prefix + strconv.Itoa(len(ids)-1)
					require.Equal(t, want, e.GoLabel())
					require.Equal(t, want, rec.GName(e.G))
					assert.Contains(t, rec.Sentence(i), want+" (G"+strconv.FormatInt(e.G, 10)+")")
				}
			}
			require.Len(t, ids, tc.n)
			// Just after the last of them is created (and before any has
			// exited), they are on the stage under their names.
			f := rec.Frame(last+1, view.Options{Width: 1280, Height: 760})
			onStage := map[string]bool{}
			for _, s := range f.Shapes {
				if s.Kind == view.ShapeToken && strings.HasPrefix(s.Name, tc.prefix) {
					onStage[s.Name] = true
					// The name is on the pill itself, not a G number.
					assert.Equal(t, s.Name, s.Text, "G%d's token", s.G)
				}
			}
			// Each is drawn, or counted in a queue's "+N" when the queue
			// has more than its visible cells.
			hidden := 0
			for _, s := range f.Shapes {
				if s.Kind == view.ShapeText && strings.HasSuffix(s.Role, ".more") {
					n, err := strconv.Atoi(strings.TrimPrefix(s.Text, "+"))
					require.NoError(t, err, s.Text)
					hidden += n
				}
			}
			assert.Positive(t, len(onStage))
			assert.GreaterOrEqual(t, len(onStage)+hidden, tc.n, "named goroutines drawn or counted")
		})
	}
}

// TestTimersWithoutAGoroutineAreDrawn: a timer row shows a timer that no
// goroutine sleeps on as a mark of its kind — "ƒ" for a time.AfterFunc,
// "chan" for a time.Timer — beside the sleeping goroutine's token, in
// the wide and the phone layouts.
func TestTimersWithoutAGoroutineAreDrawn(t *testing.T) {
	rec := namedRecording(t, "timer_marks.go")
	c := rec.NewCursor()
	seen := map[float32]map[string]bool{}
	for c.StepEventForward() {
		if len(c.World().Ps[0].Timers) < 3 {
			continue
		}
		for _, w := range []float32{1280, 390} {
			f := c.Frame(view.Options{Width: w, Height: 800})
			if seen[w] == nil {
				seen[w] = map[string]bool{}
			}
			for _, s := range f.Shapes {
				if strings.HasSuffix(s.Role, ".timer.kind") {
					seen[w][s.Text] = true
				}
			}
		}
	}
	for _, w := range []float32{1280, 390} {
		assert.True(t, seen[w]["ƒ"], "an AfterFunc timer's mark at %v px", w)
		assert.True(t, seen[w]["chan"], "a Timer's mark at %v px", w)
	}
}
