package playerlog

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/render/view"
)

// TestSlideTextFloor: for every chapter scene, at the opening, at its key
// moves and at the end, every text of the picture is at least
// view.SlideTextFloor px on a 1920×1080 slide and view.PageTextFloor px in a
// page (1280 and 390 wide), token labels included.
func TestSlideTextFloor(t *testing.T) {
	all, err := chapters.All()
	require.NoError(t, err)
	stages := []struct {
		w, h  float32
		slide bool
		floor float32
	}{{1920, 1080, true, view.SlideTextFloor}, {1280, 720, false, view.PageTextFloor}, {390, 700, false, view.PageTextFloor}}
	scenes, texts := 0, 0
	for _, ch := range all {
		for _, sc := range ch.Scenes {
			name := ch.Slug + "/" + sc.ID
			rec := sceneRecording(t, sc.Compiled, sc.Settings)
			scenes++
			at := []int{rec.MainStart(), rec.Len() / 2, rec.Len() - 1}
			c := rec.NewCursor()
			if c.NextSteal() {
				at = append(at, c.Pos())
			}
			c.Start()
			if c.NextHandoff() {
				at = append(at, c.Pos())
			}
			c.Start()
			if c.NextPreemption() {
				at = append(at, c.Pos())
			}
			for _, i := range at {
				for _, st := range stages {
					f := rec.Frame(i, view.Options{Width: st.w, Height: st.h, Slide: st.slide, Unused: rec.Unused()})
					shown := 0
					for _, s := range f.Shapes {
						if s.Text == "" || (s.Kind != view.ShapeText && s.Kind != view.ShapeToken) {
							continue
						}
						texts++
						shown++
						assert.GreaterOrEqual(t, s.Size, st.floor, "%s at %d on %v×%v: %q (%s)", name, i, st.w, st.h, s.Text, s.Role)
					}
					assert.Positive(t, shown, "%s at %d on %v×%v: no text at all", name, i, st.w, st.h)
				}
			}
		}
	}
	assert.Greater(t, scenes, 20, "every chapter scene was looked at")
	t.Logf("%d scenes, %d texts checked", scenes, texts)
}
