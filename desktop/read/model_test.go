package read

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/desktop/key"
)

func TestStateRoundTripsThroughAnAtomicWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "gmpbook", "desktop.json")
	want := State{Chapter: "05-stealing", Anchor: "where-a-thief-looks", Offset: 120, Dark: true, FontScale: 1.2, Width: 1000, Height: 700}
	require.NoError(t, SaveState(path, want))
	got, err := LoadState(path)
	require.NoError(t, err)
	assert.Equal(t, want, got)

	// Saving again replaces the file and leaves no temporary file behind.
	want.Offset = 7
	require.NoError(t, SaveState(path, want))
	ents, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, ents, 1, "only desktop.json is left in the directory")
	got, err = LoadState(path)
	require.NoError(t, err)
	assert.Equal(t, float32(7), got.Offset)
}

func TestMissingStateIsNoError(t *testing.T) {
	st, err := LoadState(filepath.Join(t.TempDir(), "none.json"))
	require.NoError(t, err)
	assert.Equal(t, State{}, st)
}

func TestCorruptStateIsReportedAndIgnored(t *testing.T) {
	path := filepath.Join(t.TempDir(), "desktop.json")
	for _, data := range []string{"{not json", `{"chapter": 5}`, "\x00\x01"} {
		require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
		st, err := LoadState(path)
		require.Error(t, err, "%q", data)
		assert.Contains(t, err.Error(), path)
		assert.Equal(t, State{}, st)
	}
}

func TestStateOutOfRangeIsPutBackInRange(t *testing.T) {
	s := State{FontScale: 9, Width: 10, Height: 99999, Offset: -5}.Normalized()
	assert.Equal(t, float32(MaxFontScale), s.FontScale)
	assert.Equal(t, 320, s.Width)
	assert.Equal(t, 16384, s.Height)
	assert.Equal(t, float32(0), s.Offset)
	assert.Equal(t, float32(1), State{}.Normalized().FontScale, "unset is the default size")
}

func TestHistoryGoesBackAndForwardLikeABrowser(t *testing.T) {
	var h History
	a, b, c := Location{Chapter: "a"}, Location{Chapter: "b"}, Location{Chapter: "c"}
	assert.False(t, h.CanBack())
	h.Visit(a) // a → b
	h.Visit(b) // b → c
	to, ok := h.Back(c)
	require.True(t, ok)
	assert.Equal(t, b, to)
	to, ok = h.Back(b)
	require.True(t, ok)
	assert.Equal(t, a, to)
	_, ok = h.Back(a)
	assert.False(t, ok)
	to, ok = h.Forward(a)
	require.True(t, ok)
	assert.Equal(t, b, to)
	// A new visit drops the forward stack.
	h.Visit(b)
	assert.False(t, h.CanForward())
	for i := 0; i < 3*maxHistory; i++ {
		h.Visit(a)
	}
	assert.Len(t, h.back, maxHistory)
}

func TestScrollSlidesToItsTargetAndStaysInRange(t *testing.T) {
	var s Scroll
	s.SetMax(1000)
	s.To(500)
	steps := 0
	for s.Step(1.0/60) && steps < 1000 {
		steps++
		assert.LessOrEqual(t, s.Pos, float32(500))
	}
	assert.Equal(t, float32(500), s.Pos)
	assert.Less(t, steps, 40, "a scroll arrives within about half a second")
	s.By(10000)
	assert.Equal(t, float32(1000), s.Target)
	s.Jump(-3)
	assert.Equal(t, float32(0), s.Pos)
	s.SetMax(-1)
	assert.Equal(t, float32(0), s.Max)
}

func TestLinksAreReadByKind(t *testing.T) {
	b := Embedded()
	for _, tt := range []struct {
		link string
		want Link
		says string
	}{
		{"chapter:05-stealing#where-a-thief-looks", Link{Kind: LinkChapter, Chapter: "05-stealing", Anchor: "where-a-thief-looks"}, "Work stealing"},
		{"chapter:04-schedule", Link{Kind: LinkChapter, Chapter: "04-schedule"}, "Go to"},
		{"#goals", Link{Kind: LinkAnchor, Anchor: "goals"}, "§ goals"},
		{"https://go.dev/src/runtime/proc.go", Link{Kind: LinkWeb, URL: "https://go.dev/src/runtime/proc.go"}, "offline"},
		{"ref:proc.go:findRunnable", Link{Kind: LinkRef, File: "proc.go", Func: "findRunnable"}, "$(go env GOROOT)/src/runtime/proc.go"},
		{"06-syscalls.md#handoff", Link{Kind: LinkChapter, Chapter: "06-syscalls", Anchor: "handoff"}, "Go to"},
		{"chapter:99-none", Link{Kind: LinkChapter, Chapter: "99-none"}, "No chapter"},
	} {
		got := ParseLink(tt.link)
		tt.want.Raw = tt.link
		assert.Equal(t, tt.want, got, tt.link)
		assert.Contains(t, got.Describe(b), tt.says, tt.link)
	}
	assert.Equal(t, LinkNone, ParseLink("").Kind)
}

func TestSearchBoxTypesSelectsAndJumps(t *testing.T) {
	var asked []string
	box := NewSearchBox(func(q string) []Hit {
		asked = append(asked, q)
		var out []Hit
		for i := range 12 {
			out = append(out, Hit{Chapter: "c" + itoa(i), Snippet: q})
		}
		return out
	})
	box.Start()
	assert.True(t, box.Open)
	assert.Empty(t, box.Results, "no query, no results")
	box.Type([]rune("st"))
	box.Type([]rune("eal\x01"))
	assert.Equal(t, "steal", box.Text(), "control characters are not typed")
	require.Len(t, box.Results, maxResults)
	assert.True(t, box.More)
	assert.Equal(t, 0, box.Sel)
	box.Edit(Press{Key: key.Up})
	assert.Equal(t, maxResults-1, box.Sel, "up from the first wraps to the last")
	box.Edit(Press{Key: key.Down})
	box.Edit(Press{Key: key.Down})
	hit, done := box.Edit(Press{Key: key.Enter})
	require.NotNil(t, hit)
	assert.True(t, done)
	assert.Equal(t, "c1", hit.Chapter)
	assert.False(t, box.Open)

	box.Start()
	box.Edit(Press{Key: key.Backspace, Ctrl: true})
	assert.Equal(t, "", box.Text(), "Ctrl+Backspace deletes a word")
	assert.Equal(t, []string{"st", "steal"}, asked, "each edit searches once; an empty query does not search")
	_, done = box.Edit(Press{Key: key.Escape})
	assert.True(t, done)
	assert.False(t, box.Open)
}

func TestGradeNormalizesAsTheWebsiteDoes(t *testing.T) {
	assert.True(t, Grade("worker 1 done", "worker 1 done", "first-line"))
	assert.True(t, Grade("  worker  1 done\r", "worker 1 done", "first-line"))
	assert.False(t, Grade("worker 3 done", "worker 1 done", "first-line"))
	assert.True(t, Grade("w0, w20; late", "w0 w20 late", "order"))
	assert.True(t, Grade("a\n\n  b  c\n", "a\nb c", "output"))
	assert.False(t, Grade("", "", "output"), "an empty answer is never right")
}

const goodChapter = `---
title: A good chapter
summary: It parses.
---

## First

Some text with ` + "`proc.go:findRunnable`" + `.

## Second

More text.
`

const badChapter = `---
title: A broken chapter
---

Text.

` + "```go scene id=x" + `
func main() {
	go nope(
}
` + "```\n"

func writeBook(t *testing.T) string {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "01-good.md"), []byte(goodChapter), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "02-bad.md"), []byte(badChapter), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a chapter"), 0o644))
	return dir
}

func TestABadChapterIsAnEntryWithItsErrorAndTheOthersOpen(t *testing.T) {
	dir := writeBook(t)
	b, err := FromDir(dir)
	require.NoError(t, err)
	require.Len(t, b.Entries, 2)
	good, bad := b.Entries[0], b.Entries[1]
	require.NoError(t, good.Err)
	assert.Equal(t, "A good chapter", good.Title)
	require.Error(t, bad.Err)
	assert.Nil(t, bad.Chapter)
	assert.Equal(t, "A broken chapter", bad.Title, "the title comes from the front matter even so")
	pos := bad.Pos()
	assert.Equal(t, filepath.Join(dir, "02-bad.md"), pos.Filename)
	assert.Greater(t, pos.Line, 6, "the error points into the scene: %v", bad.Err)
	assert.Equal(t, 1, b.Find("02-bad"))
	assert.Equal(t, 1, b.Find("02"))
	assert.Equal(t, 0, b.Find("good"))
	assert.Equal(t, -1, b.Find("03"))
	assert.Len(t, b.Chapters(), 1)

	_, err = FromDir(t.TempDir())
	assert.ErrorContains(t, err, "no chapter files")
}

// TestFitWindowKeepsARestoredWindowOnTheScreen: a window size saved on a
// larger screen opens whole on a smaller one (ux M10); one that fits is
// kept, and a monitor of unknown size changes nothing.
func TestFitWindowKeepsARestoredWindowOnTheScreen(t *testing.T) {
	for _, c := range []struct{ w, h, mw, mh, ww, wh int }{
		{1920, 1080, 1280, 800, 1280, 800}, // presented on a projector, read on a laptop
		{1200, 800, 1920, 1080, 1200, 800}, // fits: as it was
		{1280, 800, 1280, 800, 1280, 800},  // exactly the monitor
		{1300, 600, 1280, 800, 1280, 600},  // one side too long
		{1100, 900, 1280, 800, 1100, 800},  // the other
		{1920, 1080, 0, 0, 1920, 1080},     // no size reported
	} {
		w, h := FitWindow(c.w, c.h, c.mw, c.mh)
		assert.Equal(t, [2]int{c.ww, c.wh}, [2]int{w, h}, "%d×%d on %d×%d", c.w, c.h, c.mw, c.mh)
		if c.mw > 0 {
			assert.LessOrEqual(t, w, c.mw)
			assert.LessOrEqual(t, h, c.mh)
		}
	}
}
