package site

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
)

// TestPosterShowsTheAuthorsMark: without a mark a poster shows the first
// interesting moment of the scene's goroutines (here the first steal);
// with "//> poster:" on a line it shows where that line's caption starts.
func TestPosterShowsTheAuthorsMark(t *testing.T) {
	scene := func(mark string) *chapters.Scene {
		src := "---\ntitle: T\n---\n\n## S\n\n```go scene id=s procs=2 title=\"S\"\n" +
			"func main() {\n\tvar wg sync.WaitGroup\n\tfor range 8 {\n\t\twg.Go(func() { scene.Work(2 * time.Millisecond) })\n\t}\n" +
			"\twg.Wait() //> " + mark + "main parks until the workers are done\n\tfmt.Println(\"done\")\n}\n```\n"
		c, err := chapters.Parse("chapters/01-t.md", []byte(src))
		require.NoError(t, err)
		require.Len(t, c.Scenes, 1)
		return c.Scenes[0]
	}
	rec, _, err := recordScene(scene(""))
	require.NoError(t, err)
	i := posterIndex(rec)
	require.GreaterOrEqual(t, i, 0)
	assert.Equal(t, core.EvSteal, rec.Events[i].Kind, "no mark: the first steal")
	assert.Equal(t, -1, rec.PosterStart())

	rec, _, err = recordScene(scene("poster: "))
	require.NoError(t, err)
	i = posterIndex(rec)
	require.Equal(t, rec.PosterStart(), i)
	assert.Equal(t, "main parks until the workers are done", rec.CaptionAt(i), "the poster shows the marked caption's moment")
	assert.NotEqual(t, core.EvSteal, rec.Events[i].Kind)
}
