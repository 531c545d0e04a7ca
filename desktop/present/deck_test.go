package present

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

// Decks of every chapter, built once: building simulates every scene.
var (
	decksOnce sync.Once
	decks     []*Deck
	decksErr  error
)

func allDecks(t *testing.T) []*Deck {
	t.Helper()
	decksOnce.Do(func() {
		var all []*chapters.Chapter
		all, decksErr = chapters.All()
		for _, c := range all {
			decks = append(decks, New(c))
		}
	})
	require.NoError(t, decksErr)
	require.NotEmpty(t, decks)
	return decks
}

func deckNamed(t *testing.T, name string) *Deck {
	t.Helper()
	for _, d := range allDecks(t) {
		if d.Name == name {
			return d
		}
	}
	t.Fatalf("no deck %s", name)
	return nil
}

func TestDeckKeepsTheChaptersSlidesInOrderWithNumbersAndLines(t *testing.T) {
	for _, d := range allDecks(t) {
		require.NoError(t, d.Err, d.Name)
		cs := d.Chapter.Slides()
		require.Len(t, d.Slides, len(cs), d.Name)
		for i, s := range d.Slides {
			assert.Equal(t, i+1, s.Number)
			assert.Equal(t, cs[i].Kind, s.Kind)
			assert.Equal(t, cs[i].Title, s.Title)
			assert.Equal(t, cs[i].Notes, s.Notes)
			assert.Equal(t, d.Chapter.File+":"+strconv.Itoa(cs[i].Line), d.Where(i))
			assert.NoError(t, s.Err, d.Where(i))
			if s.Kind == chapters.SlideContent || s.Kind == chapters.SlideTitle {
				assert.Empty(t, s.Fragments, "%s: prose has no fragments", d.Where(i))
			}
		}
	}
	d := deckNamed(t, "05-stealing")
	assert.Equal(t, "Work stealing and spinning threads", d.Title)
	assert.Equal(t, "", d.Where(-1))
	assert.Equal(t, "", d.Where(len(d.Slides)))
}

// TestSceneFragmentsAreTheRecordingsCaptionStarts runs every chapter
// scene again the way cmd/gmpbook-player does — compile the source with
// script.Load, playerlog.Simulate, view.NewRecording with line captions —
// and checks that the slide's fragments are its caption starts, strictly
// increasing, each lasting until the next one starts.
func TestSceneFragmentsAreTheRecordingsCaptionStarts(t *testing.T) {
	scenes, frags := 0, 0
	for _, d := range allDecks(t) {
		for i := range d.Slides {
			s := &d.Slides[i]
			if s.Kind != chapters.SlideScene {
				continue
			}
			scenes++
			where := d.Where(i)
			comp, err := script.Load(d.Chapter.File, []byte(s.Scene.Source))
			require.NoError(t, err, where)
			run, err := playerlog.Simulate(comp, s.Scene.Settings, 0, 0, nil)
			require.NoError(t, err, where)
			rec := view.NewRecording(run.Config.Procs, run.Events, playerlog.Captions(comp))
			rec.SetLines(run)
			var want []int
			for _, at := range rec.CaptionStarts() {
				if len(want) == 0 || want[len(want)-1] != at {
					want = append(want, at)
				}
			}
			var got []int
			for _, f := range s.Fragments {
				got = append(got, f.Event)
			}
			require.Equal(t, want, got, where)
			require.Len(t, s.Run.Events, len(run.Events), "%s: the deck's run is the player's", where)
			for k, f := range s.Fragments {
				if k > 0 {
					assert.Greater(t, f.Event, s.Fragments[k-1].Event, where)
					assert.Equal(t, f.Event-1, s.Fragments[k-1].Until, where)
				}
				assert.GreaterOrEqual(t, f.Until, f.Event, where)
				assert.Equal(t, rec.CaptionAt(f.Event), f.Text, where)
				assert.NotEmpty(t, f.Text, where)
				assert.Equal(t, f.Event, s.EventAt(k+1), where)
				assert.Equal(t, f.Text, s.Caption(k+1), where)
			}
			if n := len(s.Fragments); n > 0 {
				assert.Equal(t, len(run.Events)-1, s.Fragments[n-1].Until, "%s: the last step lasts to the end", where)
				assert.Less(t, s.Start, s.Fragments[0].Event, "%s: step 0 is before the first caption", where)
			}
			assert.Equal(t, s.Start, s.EventAt(0))
			assert.Equal(t, "", s.Caption(0))
			frags += len(s.Fragments)
		}
	}
	require.Greater(t, scenes, 20)
	require.Greater(t, frags, 2*scenes, "chapter scenes are narrated in several steps")
}

func TestSceneStepZeroShowsMainStarting(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	s := d.Slides[1]
	require.Equal(t, chapters.SlideScene, s.Kind)
	require.GreaterOrEqual(t, s.Start, 0)
	assert.Equal(t, "MainStart", s.Run.Events[s.Start].Kind.String())
}

func TestPollRevealsTheScenesOwnAnswer(t *testing.T) {
	polls := 0
	for _, d := range allDecks(t) {
		for i, s := range d.Slides {
			if s.Kind != chapters.SlidePoll {
				continue
			}
			polls++
			want, err := s.Predict.Expected(d.Chapter)
			require.NoError(t, err)
			require.Len(t, s.Fragments, 1, d.Where(i))
			assert.Equal(t, want, s.Fragments[0].Text, d.Where(i))
			assert.Equal(t, -1, s.Fragments[0].Event)
			assert.Equal(t, "", s.Caption(1), "a poll's answer is not a scene caption")
		}
	}
	require.Greater(t, polls, 5)
}

func TestRerunSimulatesWithOtherSettings(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	run, err := d.Slides[1].Rerun(1, 0)
	require.NoError(t, err)
	assert.Equal(t, 1, run.Config.Procs)
	_, err = d.Slides[0].Rerun(0, 0)
	assert.Error(t, err, "a title slide has no scene")
}

const badChapter = "---\ntitle: Broken\nsummary: A scene that does not compile.\ngoals:\n  - none\n---\n\n## A part\n\n```go scene id=bad\nfunc main() {\n\tx := \n}\n```\n"

func TestABadChapterGivesAnErrorDeckWithFileLineCol(t *testing.T) {
	d := Load("chapters/99-broken.md", []byte(badChapter))
	require.Error(t, d.Err)
	pos, ok := d.ErrorAt()
	require.True(t, ok, "the error has a place: %v", d.Err)
	assert.Equal(t, "chapters/99-broken.md", pos.Filename)
	assert.Equal(t, 13, pos.Line, "the chapter line where the parser found the error (the closing brace)")
	assert.Equal(t, 1, pos.Column)
	assert.True(t, strings.HasPrefix(d.Err.Error(), "chapters/99-broken.md:13:1:"), d.Err.Error())
	require.Len(t, d.Slides, 1, "one error slide to show")
	assert.Equal(t, d.Err, d.Slides[0].Err)
	assert.NotEmpty(t, d.Slides[0].Title)
	assert.Equal(t, "99-broken", d.Name)

	n := NewNav(d)
	assert.False(t, n.Next())
	assert.False(t, n.Prev())
	assert.Equal(t, Position{}, n.Pos())

	front := Load("chapters/98-nofront.md", []byte("# no front matter\n"))
	pos, ok = front.ErrorAt()
	require.True(t, ok)
	assert.Equal(t, 1, pos.Line)
}

func TestOpenFindsChaptersByNameNumberSlugAndPath(t *testing.T) {
	for _, name := range []string{"05-stealing", "chapters/05-stealing.md", "05", "5", "stealing"} {
		d := Open(name)
		require.NoError(t, d.Err, name)
		assert.Equal(t, "05-stealing", d.Name, name)
	}
	d := Open("no-such-chapter")
	require.Error(t, d.Err)
	assert.Contains(t, d.Err.Error(), "05-stealing", "the message lists the chapters")
	require.Len(t, d.Slides, 1)

	select {
	case d := <-OpenAsync("stealing"):
		assert.Equal(t, "05-stealing", d.Name)
	case <-time.After(time.Minute):
		t.Fatal("OpenAsync never delivered")
	}

	dir := t.TempDir()
	file := filepath.Join(dir, "14-draft.md")
	require.NoError(t, os.WriteFile(file, []byte(badChapter), 0o644))
	d = Open(file)
	require.Error(t, d.Err)
	assert.True(t, strings.HasPrefix(d.Err.Error(), file+":13:1:"), "a draft on disk is read and its errors name it: %v", d.Err)
}
