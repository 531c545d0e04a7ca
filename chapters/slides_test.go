package chapters

import (
	"github.com/yuin/goldmark/ast"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const slideChapter = "---\ntitle: Slides\nsummary: How a chapter becomes slides.\ngoals:\n  - Split\n---\n\nIntro before any heading.\n\n## First part\n\nSome prose.\n\n```notes\nSay this first.\n```\n\n---\n\nAfter a break.\n\n## With a scene\n\nBefore the scene.\n\n```go scene id=one\nfunc main() {\n\t//> it starts\n\tprintln(1)\n}\n```\n\n```notes\nAbout the scene.\n```\n\nAfter the scene.\n\n```predict scene=one\nWhat does it print?\n- 1\n- 2\n```\n\n### A third-level heading stays on its slide\n\n## Empty\n\n## Last\n\nEnd.\n"

func TestSlidesSplitAtBreaksAndSecondLevelHeadings(t *testing.T) {
	c, err := Parse("chapters/99-slides.md", []byte(slideChapter))
	require.NoError(t, err)
	s := c.Slides()
	var got []string
	for _, sl := range s {
		got = append(got, sl.Kind.String()+":"+sl.Title+":"+strings.ReplaceAll(sl.Notes, "\n", "/"))
	}
	require.Equal(t, []string{
		"title:Slides:",
		"content:First part:Say this first.",
		"content:First part:",
		"content:With a scene:",
		"scene:With a scene:About the scene.",
		"content:With a scene:",
		"poll:With a scene:",
		"content:With a scene:",
		"content:Empty:",
		"content:Last:",
	}, got)
	require.Len(t, s[0].Nodes, 1, "the intro stays on the title slide")
	require.Equal(t, "one", s[4].Scene.ID)
	require.NotNil(t, s[6].Predict)
	require.Equal(t, 10, s[1].Line)
	require.Equal(t, 26, s[4].Line, "a scene slide starts at its fence")
	for i, sl := range s[1:] {
		require.Greater(t, sl.Line, s[i].Line, "slides are in chapter order")
	}
}

func TestEveryChapterHasSlidesWithNotes(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, c := range all {
		s := c.Slides()
		require.Greater(t, len(s), 3, c.File)
		scenes, notes := 0, 0
		for _, sl := range s {
			if sl.Kind == SlideScene {
				scenes++
			}
			if sl.Notes != "" {
				notes++
			}
			require.NotEmpty(t, sl.Title, "%s:%d", c.File, sl.Line)
		}
		require.Equal(t, len(c.Scenes), scenes, "%s: every scene is a slide", c.File)
		require.Equal(t, len(c.Notes) > 0, notes > 0, "%s: notes land on slides", c.File)
	}
}

func TestSplittingLongSlidesKeepsEveryBlockOnceAndInOrder(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, c := range all {
		in := c.slides()
		out := c.splitLong(in)
		require.GreaterOrEqual(t, len(out), len(in), c.File)
		require.Equal(t, blockUnits(in), blockUnits(out), "%s: every block and list item is on one slide", c.File)
		for i := 1; i < len(out); i++ {
			require.GreaterOrEqual(t, out[i].Line, out[i-1].Line, "%s: slide %d starts before slide %d", c.File, i+1, i)
		}
		for _, s := range out {
			if s.Kind == SlideContent && len(s.Nodes) > 0 {
				require.Greater(t, s.Line, 0)
			}
		}
	}
}

// blockUnits counts the blocks on slides ss, a list item by item, so that
// a deck split differently can be checked to hold every block once.
func blockUnits(ss []Slide) int {
	n := 0
	for _, s := range ss {
		for _, x := range s.Nodes {
			switch b := x.(type) {
			case *ListPart:
				n += b.To - b.From
			case *ast.List:
				n += b.ChildCount()
			default:
				n++
			}
		}
	}
	return n
}

// TestEveryScenePollAndTourSlideHasSpeakerNotes holds the chapters to
// their presenters: a teacher needs a note on every scene and every poll
// (what to ask before playing, where to pause, which rule decides the
// answer), and on every slide of the tour, which is the first thing a
// class sees.
func TestEveryScenePollAndTourSlideHasSpeakerNotes(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, c := range all {
		for i, sl := range c.Slides() {
			if strings.TrimSpace(sl.Notes) != "" {
				continue
			}
			switch {
			case sl.Kind == SlideScene:
				t.Errorf("%s:%d: scene %s has no speaker notes: add a ```notes block after it", c.File, sl.Line, sl.Scene.ID)
			case sl.Kind == SlidePoll:
				t.Errorf("%s:%d: the poll on scene %s has no speaker notes: add a ```notes block after it", c.File, sl.Line, sl.Predict.Scene)
			case c.Number == 0 && sl.Heading != nil || c.Number == 0 && i == 0:
				t.Errorf("%s:%d: tour slide %d (%s) has no speaker notes", c.File, sl.Line, i+1, sl.Title)
			}
		}
	}
}
