package chapters

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

func TestEmbeddedChaptersParse(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	require.NotEmpty(t, all)
	tour := all[0]
	require.Equal(t, "tour", tour.Slug)
	require.Equal(t, "A tour of the notebook", tour.Title)
	require.Len(t, tour.Goals, 3)
	require.NotNil(t, tour.SceneByID("hello"))
	require.Equal(t, 1, tour.SceneByID("hello").Settings.Procs)
	require.Len(t, tour.Predicts, 1)
	require.Equal(t, []string{"goroutine 0", "goroutine 2", "main is back"}, tour.Predicts[0].Choices)
	require.NotNil(t, tour.SceneByID("fanout"), "the tour's scene from everyday code")
	require.Len(t, tour.Reals, 2)
	require.Len(t, tour.Claims, 1)
	require.Contains(t, tour.Claims[0].Verdict, "runnext")
}

func TestBadScenesFailWithChapterPositions(t *testing.T) {
	src := "---\ntitle: T\n---\n\ntext\n\n```go scene id=a\nfunc main() {\n\tx := 1.5\n}\n```\n"
	_, err := Parse("chapters/01-x.md", []byte(src))
	require.Error(t, err)
	require.True(t, strings.HasPrefix(err.Error(), "chapters/01-x.md:9:2: "), err.Error())

	src = "---\ntitle: T\n---\n\n```predict scene=nope\nq?\n```\n"
	_, err = Parse("chapters/01-x.md", []byte(src))
	require.ErrorContains(t, err, "chapters/01-x.md:5:1: predict refers to scene=nope")

	_, err = Parse("chapters/01-x.md", []byte("no front matter"))
	require.ErrorContains(t, err, "chapters/01-x.md:1:1: a chapter starts with front matter")
}

func TestEveryChapterSceneRunsToCompletion(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, c := range all {
		for _, s := range c.Scenes {
			res, err := s.Run()
			require.NoError(t, err, "%s:%d", c.File, s.Line)
			require.False(t, res.Limit, "%s:%d: scene %s hit a limit", c.File, s.Line, s.ID)
			if res.Fatal == "" {
				require.Equal(t, 0, res.Exit, "%s:%d: scene %s", c.File, s.Line, s.ID)
			}
			require.NotEmpty(t, res.Output, "%s:%d: scene %s prints nothing", c.File, s.Line, s.ID)
		}
	}
}

// TestEveryChapterSceneEventFitsTheSchema holds every event of every
// chapter scene to its kind's schema (core/eventspec.go): the scenes reach
// kinds and reasons (timers of package time, run queue overflow) that the
// core's generated programs do not.
func TestEveryChapterSceneEventFitsTheSchema(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	kinds := map[core.EvKind]bool{}
	for _, c := range all {
		for _, s := range c.Scenes {
			cfg, err := s.Config()
			require.NoError(t, err)
			var bad error
			sim, err := s.Compiled.NewSim(cfg, core.WithSink(func(e *core.Event) {
				kinds[e.Kind] = true
				if err := e.Check(); err != nil && bad == nil {
					bad = fmt.Errorf("event %d (%s): %w", e.Seq, e.String(), err)
				}
			}))
			require.NoError(t, err)
			sim.Run()
			require.NoError(t, bad, "%s:%d: scene %s", c.File, s.Line, s.ID)
		}
	}
	t.Logf("%d event kinds seen", len(kinds))
}

func TestPredictAnswersAreComputedAndAmongTheChoices(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, c := range all {
		for _, p := range c.Predicts {
			want, err := p.Expected(c)
			require.NoError(t, err)
			require.NotEmpty(t, want, "%s:%d", c.File, p.Line)
			if len(p.Choices) > 0 {
				// Graded as every reader grades them (Predict.Grade: an
				// order's commas are spaces), exactly one choice is right.
				var right []string
				for _, ch := range p.Choices {
					if p.Grade(ch, want) {
						right = append(right, ch)
					}
				}
				require.Len(t, right, 1, "%s:%d: the simulator's answer %q should be exactly one of the choices %q", c.File, p.Line, want, p.Choices)
			}
		}
	}
}

var rewrite = flag.Bool("rewrite", false, "rewrite testdata/outputs.golden")

// TestChapterSceneOutputsMatchGolden pins what every chapter scene prints
// (and how it ends), so that a change to the simulator or the scene
// language that changes what a chapter shows is seen and the prose around
// it re-read. go test ./chapters -rewrite regenerates the file.
func TestChapterSceneOutputsMatchGolden(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	var b strings.Builder
	for _, c := range all {
		for _, s := range c.Scenes {
			res, err := s.Run()
			require.NoError(t, err)
			fmt.Fprintf(&b, "== %s scene=%s exit=%d", c.File, s.ID, res.Exit)
			if res.Fatal != "" {
				fmt.Fprintf(&b, " fatal=%q", res.Fatal)
			}
			b.WriteString("\n")
			for _, l := range res.Output {
				b.WriteString(l + "\n")
			}
		}
	}
	const golden = "testdata/outputs.golden"
	if *rewrite {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(golden, []byte(b.String()), 0o644))
		return
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test ./chapters -rewrite")
	require.Equal(t, string(want), b.String(), "chapter scene outputs changed: read the chapters' prose, then go test ./chapters -rewrite")
}

func TestFrontMatterClosedOnTheLastLineWithoutNewline(t *testing.T) {
	c, err := Parse("chapters/99-x.md", []byte("---\ntitle: T\n---"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Title != "T" || len(c.Source) != len("---\ntitle: T\n---") {
		t.Fatalf("title %q, source %q", c.Title, c.Source)
	}
}
