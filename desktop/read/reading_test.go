package read

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/view"
)

// The reading mode driven as the app drives it, with desktop/page's
// measurer (the embedded font files, no GPU) and the embedded chapters.

var measurer = page.NewMeasurer()

func newReading(t *testing.T, st State) *Reading {
	t.Helper()
	b := Embedded()
	require.Greater(t, len(b.Entries), 5)
	require.NoError(t, b.Entries[0].Err)
	r := NewReading(Config{Book: b, Measure: measurer, Search: NewSearcher(b), State: st})
	r.Resize(1200, 800)
	r.List()
	return r
}

// settle runs ticks without input until the scrolls have arrived.
func settle(r *Reading) {
	for i := 0; i < 600 && r.Animating(); i++ {
		r.Update(&Input{Dt: 1.0 / 60})
	}
}

func keys(r *Reading, ps ...Press) {
	r.Update(&Input{Dt: 1.0 / 60, Keys: ps})
	settle(r)
}

func chars(r *Reading, s string) {
	r.Update(&Input{Dt: 1.0 / 60, Chars: []rune(s)})
	settle(r)
}

// click presses and releases the mouse at x, y.
func click(r *Reading, x, y float32) {
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: y, Present: true, Down: true, Pressed: true}})
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: y, Present: true, Released: true}})
	settle(r)
}

// hitWhere is the middle of the first hit region that ok accepts.
func hitWhere(t *testing.T, r *Reading, what string, ok func(Target) bool) (float32, float32) {
	t.Helper()
	l := r.List()
	for i := len(l.Hits) - 1; i >= 0; i-- {
		h := l.Hits[i]
		if ok(h.Target) {
			x, y := h.Box.X+h.Box.W/2, h.Box.Y+h.Box.H/2
			require.Equal(t, h.Target, l.HitTest(x, y), "%s: the middle of its region hits it", what)
			return x, y
		}
	}
	t.Fatalf("no hit region for %s", what)
	return 0, 0
}

func anchorY(t *testing.T, r *Reading, id string) float32 {
	t.Helper()
	for _, a := range r.Page().Anchors {
		if a.ID == id {
			return a.Y
		}
	}
	t.Fatalf("no anchor %q on %s", id, r.Current().ID)
	return 0
}

func ops(l *DisplayList, layer, role string) []page.Item {
	var out []page.Item
	if ly := l.Layer(layer); ly != nil {
		for _, op := range ly.Items {
			if op.Role == role {
				out = append(out, op)
			}
		}
	}
	return out
}

func TestReadingOpensWhereTheStateSays(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing", Anchor: "half-the-queue-from-the-head", Offset: 30})
	assert.Equal(t, "05-stealing", r.Current().ID)
	assert.InDelta(t, anchorY(t, r, "half-the-queue-from-the-head")+30, r.ScrollY(), 0.5, "scroll positions are whole pixels")
	st := r.State()
	assert.Equal(t, "05-stealing", st.Chapter)
	assert.Equal(t, "half-the-queue-from-the-head", st.Anchor)
	assert.Equal(t, float32(30), st.Offset)
	assert.Equal(t, 1200, st.Width)

	// A new reading mode from that state is at the same place.
	r2 := newReading(t, st)
	assert.Equal(t, r.ScrollY(), r2.ScrollY())

	// A state naming a chapter that is gone opens the first.
	r3 := newReading(t, State{Chapter: "99-gone", Anchor: "x"})
	assert.Equal(t, 0, r3.cur)
	assert.Equal(t, float32(0), r3.ScrollY())
}

func TestANewWindowWidthKeepsTheSectionOnScreen(t *testing.T) {
	r := newReading(t, State{})
	require.True(t, r.Open("05-stealing", "spinning-threads"))
	before := r.Location()
	require.Equal(t, "spinning-threads", before.Anchor)
	made := r.layouts.Made
	for _, w := range []float32{700, 900, 1200} {
		r.Resize(w, 800)
		assert.Equal(t, "spinning-threads", r.Location().Anchor, "at width %v", w)
	}
	assert.Equal(t, before, r.Location(), "back at the first width, the same place")
	assert.Equal(t, made+2, r.layouts.Made, "the layout at 1200 came from the cache")
}

func TestContentsEntryOpensTheChapterAndBackReturns(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	x, y := hitWhere(t, r, "contents entry of chapter 7", func(tg Target) bool {
		return tg.Kind == TargetTOC && !r.toc[tg.Index].heading && r.book.Entries[r.toc[tg.Index].entry].ID == "07-preemption"
	})
	click(r, x, y)
	assert.Equal(t, "07-preemption", r.Current().ID)
	assert.Equal(t, float32(0), r.ScrollY())

	// A heading of the current chapter in the contents.
	x, y = hitWhere(t, r, "a heading entry", func(tg Target) bool { return tg.Kind == TargetTOC && r.toc[tg.Index].heading })
	click(r, x, y)
	assert.Greater(t, r.ScrollY(), float32(0))

	keys(r, Press{Key: key.Backspace})
	assert.Equal(t, "07-preemption", r.Current().ID)
	assert.Equal(t, float32(0), r.ScrollY())
	keys(r, Press{Key: key.Left, Alt: true})
	assert.Equal(t, "05-stealing", r.Current().ID)
	keys(r, Press{Key: key.Right, Alt: true})
	assert.Equal(t, "07-preemption", r.Current().ID)
}

func TestLinksNavigateOrSayWhereTheyLead(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	r.ScrollTo("where-a-thief-looks")
	x, y := hitWhere(t, r, "a runtime reference", func(tg Target) bool {
		return tg.Kind == TargetLink && strings.HasPrefix(tg.Link, "ref:")
	})
	// Hovering says where it leads; clicking keeps it in the status line.
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: y, Present: true}})
	assert.Equal(t, CursorPointer, r.Cursor())
	assert.Contains(t, r.statusText(), "$(go env GOROOT)/src/runtime/")
	assert.NotEmpty(t, ops(r.List(), "page", "hover"), "the hovered link is underlined")
	click(r, x, y)
	assert.Contains(t, r.Message(), "$(go env GOROOT)/src/runtime/")
	assert.Equal(t, "05-stealing", r.Current().ID)

	r.Follow("https://go.dev/")
	assert.Contains(t, r.Message(), "https://go.dev/")
	assert.Contains(t, r.Message(), "offline")

	r.Follow("chapter:06-syscalls")
	assert.Equal(t, "06-syscalls", r.Current().ID)
	r.Follow("chapter:05-stealing#where-a-thief-looks")
	assert.InDelta(t, anchorY(t, r, "where-a-thief-looks"), r.ScrollY(), 0.5)
	r.Follow("chapter:42-nowhere")
	assert.Equal(t, "05-stealing", r.Current().ID)
	assert.Contains(t, r.Message(), "No chapter")
	require.True(t, r.Back())
	assert.Equal(t, "06-syscalls", r.Current().ID)
}

func TestKeysScrollThePage(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	view := r.geom.view.H
	keys(r, Press{Key: key.Down})
	assert.Equal(t, float32(lineStep), r.ScrollY())
	keys(r, Press{Key: key.Up})
	assert.Equal(t, float32(0), r.ScrollY())
	keys(r, Press{Key: key.PageDown})
	assert.Equal(t, view-lineStep, r.ScrollY())
	chars(r, " ")
	assert.Equal(t, 2*(view-lineStep), r.ScrollY())
	r.Update(&Input{Dt: 1.0 / 60, Chars: []rune{' '}, Shift: true})
	settle(r)
	assert.Equal(t, view-lineStep, r.ScrollY())
	keys(r, Press{Key: key.End})
	assert.InDelta(t, r.ScrollMax(), r.ScrollY(), 0.5)
	keys(r, Press{Key: key.Home})
	assert.Equal(t, float32(0), r.ScrollY())
	r.Update(&Input{Dt: 1.0 / 60, WheelY: -2})
	settle(r)
	assert.Equal(t, float32(2*wheelStep), r.ScrollY())

	// The scroll is smooth: one tick moves part of the way.
	r.Update(&Input{Dt: 1.0 / 60, Keys: []Press{{Key: key.PageDown}}})
	assert.Greater(t, r.ScrollY(), float32(2*wheelStep))
	assert.Less(t, r.ScrollY(), float32(2*wheelStep)+view-lineStep)
	assert.True(t, r.Animating())
}

func TestBracketsOpenThePreviousAndNextChapter(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	chars(r, "]")
	assert.Equal(t, "06-syscalls", r.Current().ID)
	chars(r, "[[")
	assert.Equal(t, "04-schedule", r.Current().ID)
	r.Open("00-tour", "")
	chars(r, "[")
	assert.Equal(t, "00-tour", r.Current().ID)
	assert.Contains(t, r.Message(), "first chapter")
}

func TestTypeSizeKeysLayTheChapterOutAgain(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	h := r.Page().Height
	made := r.layouts.Made
	keys(r, Press{Key: key.Equal, Ctrl: true})
	assert.InDelta(t, 1.1, r.FontScale(), 1e-6)
	assert.Greater(t, r.Page().Height, h, "larger type, a longer page")
	keys(r, Press{Key: key.Minus, Ctrl: true}, Press{Key: key.Minus, Ctrl: true})
	assert.InDelta(t, 0.9, r.FontScale(), 1e-6)
	keys(r, Press{Key: key.Digit0, Ctrl: true})
	assert.Equal(t, float32(1), r.FontScale())
	assert.Equal(t, h, r.Page().Height)
	assert.Equal(t, made+2, r.layouts.Made, "sizes seen before come from the cache")
	for range 30 {
		keys(r, Press{Key: key.Equal, Ctrl: true})
	}
	assert.Equal(t, float32(MaxFontScale), r.FontScale())
	st := r.State()
	assert.Equal(t, float32(MaxFontScale), st.FontScale)
}

func TestDarkThemeFollowsThePagePalette(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	l := r.List()
	assert.Equal(t, page.Theme(false).Background, l.Layer("page").Fill)
	chars(r, "d")
	assert.True(t, r.Dark())
	l = r.List()
	dark := page.Theme(true)
	assert.Equal(t, dark.Background, l.Layer("page").Fill)
	assert.Equal(t, dark.Card, l.Layer("toolbar").Fill)
	title := ops(l, "page", "title")
	require.NotEmpty(t, title)
	assert.Equal(t, dark.Text, title[0].Color, "the page is laid out again in the dark palette")
	assert.True(t, r.State().Dark)
}

func TestTheChapterOpensWithItsTitleSummaryAndGoals(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	c := r.Current().Chapter
	l := r.List()
	title := ops(l, "page", "title")
	require.NotEmpty(t, title)
	assert.Equal(t, c.Title, title[0].Text)
	assert.Less(t, title[0].Y, r.geom.view.Y+150, "the title is at the top of the view")
	assert.Equal(t, page.Bold, title[0].Font)
	assert.Len(t, ops(l, "page", "goal.marker"), len(c.Goals))
	assert.NotEmpty(t, ops(l, "page", "summary"))
	// The toolbar names the chapter too.
	tb := ops(l, "toolbar", "title")
	require.Len(t, tb, 1)
	assert.Contains(t, tb[0].Text, "Work stealing")
	// The current chapter's entry in the contents is marked.
	assert.NotEmpty(t, ops(l, "toc", "toc-current"))
}

func TestSearchJumpsToTheSectionAndHighlightsTheMatch(t *testing.T) {
	r := newReading(t, State{Chapter: "00-tour"})
	keys(r, Press{Key: key.F, Ctrl: true})
	require.True(t, r.search.Open)
	l := r.List()
	require.NotNil(t, l.Layer("search"))
	chars(r, "coprime")
	require.NotEmpty(t, r.search.Results, "the index finds coprime")
	hit := r.search.Results[0]
	assert.NotEmpty(t, ops(r.List(), "search", "result-match"))
	keys(r, Press{Key: key.Enter})
	assert.False(t, r.search.Open)
	assert.Equal(t, hit.Chapter, r.Current().ID)
	require.NotEmpty(t, r.hl.boxes, "the match is highlighted")
	hl := ops(r.List(), "page", "highlight")
	require.NotEmpty(t, hl, "the highlight is on the screen")
	v := r.geom.view
	assert.True(t, v.Contains(hl[0].X, hl[0].Y), "at %v, view %v", hl[0], v)
	keys(r, Press{Key: key.Escape})
	assert.Empty(t, ops(r.List(), "page", "highlight"), "Escape clears the highlight")

	// '/' opens the box too, and what follows it is the query.
	chars(r, "/")
	require.True(t, r.search.Open)
	chars(r, "xyzzy-not-there")
	assert.Empty(t, r.search.Results)
	assert.NotEmpty(t, ops(r.List(), "search", "no-results"))
	// A click outside closes it.
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: 5, Y: r.h - 60, Present: true, Pressed: true, Down: true}})
	assert.False(t, r.search.Open)
}

func TestSearchResultsAreClickable(t *testing.T) {
	r := newReading(t, State{Chapter: "00-tour"})
	chars(r, "/")
	chars(r, "nmspinning")
	require.NotEmpty(t, r.search.Results)
	want := r.search.Results[0]
	x, y := hitWhere(t, r, "the first result", func(tg Target) bool { return tg.Kind == TargetResult && tg.Index == 0 })
	click(r, x, y)
	assert.Equal(t, want.Chapter, r.Current().ID)
	assert.Equal(t, want.Anchor, r.Location().Anchor)
}

func TestPredictChoiceIsGradedWithTheSimulatorsAnswer(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	c := r.Current().Chapter
	require.NotEmpty(t, c.Predicts)
	p := c.Predicts[0]
	want, err := p.Expected(c)
	require.NoError(t, err)
	right, wrong := -1, -1
	for i, ch := range p.Choices {
		if Grade(ch, want, p.Answer) {
			right = i
		} else if wrong < 0 {
			wrong = i
		}
	}
	require.GreaterOrEqual(t, right, 0, "one choice is the simulator's answer %q", want)
	require.Len(t, r.choiceList, len(p.Choices), "every choice was found on the page")

	r.ScrollTo("predict-1")
	settle(r)
	key := predictKey(r.Current(), p)
	x, y := hitWhere(t, r, "the wrong choice", func(tg Target) bool { return tg.Kind == TargetChoice && tg.Key == key && tg.Index == wrong })
	click(r, x, y)
	st := r.Predict(key)
	require.NotNil(t, st)
	assert.True(t, st.Graded)
	assert.False(t, st.Right)
	assert.Equal(t, want, st.Expected)
	assert.Contains(t, r.Message(), "Not quite")
	verdict := ops(r.List(), "page", "verdict")
	require.NotEmpty(t, verdict)
	var said []string
	for _, v := range verdict {
		said = append(said, v.Text)
	}
	assert.Contains(t, strings.Join(said, " "), "simulator says")
	assert.Contains(t, r.Effects(), Effect{Kind: EffectPlay, Key: "05-stealing#steal"}, "the scene is played")

	x, y = hitWhere(t, r, "the right choice", func(tg Target) bool { return tg.Kind == TargetChoice && tg.Key == key && tg.Index == right })
	click(r, x, y)
	assert.True(t, st.Right)
	assert.Contains(t, r.Message(), "Right")
	assert.NotEmpty(t, ops(r.List(), "page", "choice"), "the answered choices are coloured")

	// "watch it run" scrolls to the scene and gives it the focus.
	r.Effects()
	x, y = hitWhere(t, r, "watch it run", func(tg Target) bool { return tg.Kind == TargetLink && strings.HasPrefix(tg.Link, "play:") })
	click(r, x, y)
	assert.Equal(t, "05-stealing#steal", r.FocusedScene())
	assert.Contains(t, r.Effects(), Effect{Kind: EffectPlay, Key: "05-stealing#steal"})
	require.NotEmpty(t, r.List().Scenes)
}

func TestTabMovesAVisibleFocusAndEnterFollowsIt(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	keys(r, Press{Key: key.Tab})
	require.Equal(t, focusPage, r.focus.area, "Tab starts with what is on the screen")
	assert.NotEmpty(t, ops(r.List(), "page", "focus"), "the focus ring is drawn")
	first := r.focusers[r.focus.i]
	assert.Equal(t, focusScene, first.kind, "the first thing on the page that takes the focus is the scene")
	assert.Equal(t, "05-stealing#steal", r.FocusedScene())
	assert.Contains(t, r.Effects(), Effect{Kind: EffectFocusScene, Key: "05-stealing#steal"})

	// Tab walks on to the next element, scrolling to it.
	var sawRef bool
	for range 40 {
		keys(r, Press{Key: key.Tab})
		if f := r.focusers[r.focus.i]; f.kind == focusLink && strings.HasPrefix(f.link, "ref:") {
			sawRef = true
			b := f.box
			top := r.ScrollY()
			assert.True(t, b.Y >= top && b.Y+b.H <= top+r.geom.view.H, "the focused link is on the screen")
			break
		}
	}
	require.True(t, sawRef)
	keys(r, Press{Key: key.Enter})
	assert.Contains(t, r.Message(), "src/runtime")
	keys(r, Press{Key: key.Tab, Shift: true})
	keys(r, Press{Key: key.Escape})
	keys(r, Press{Key: key.Escape})
	assert.Equal(t, focusNone, r.focus.area)

	// From no focus, Shift+Tab goes backwards through the same list.
	list := r.focusList()
	require.Greater(t, len(list), 20)
	seen := map[focusArea]bool{}
	for range len(list) {
		keys(r, Press{Key: key.Tab, Shift: true})
		seen[r.focus.area] = true
	}
	assert.True(t, seen[focusToolbar] && seen[focusTOC] && seen[focusPage], "the toolbar, the contents and the page all take the focus: %v", seen)
}

func TestPlayerTakesItsOwnKeysOnly(t *testing.T) {
	for _, p := range []Press{{Key: key.Left}, {Key: key.Right}, {Key: key.Home}, {Key: key.End}, {Key: key.PageDown}, {Key: key.Enter}} {
		assert.True(t, PlayerTakes(p), "%v", p.Key)
	}
	for _, p := range []Press{{Key: key.Up}, {Key: key.Down}, {Key: key.Tab}, {Key: key.Escape}, {Key: key.Left, Alt: true}, {Key: key.F, Ctrl: true}} {
		assert.False(t, PlayerTakes(p), "%v", p)
	}
}

func TestANarrowWindowFoldsTheContentsIntoAButton(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	require.NotNil(t, r.List().Layer("toc"))
	r.Resize(600, 800)
	l := r.List()
	assert.Nil(t, l.Layer("toc"), "no room for the contents beside the page")
	assert.Equal(t, float32(0), r.geom.view.X, "the page has the whole width")
	x, y := hitWhere(t, r, "the contents button", func(tg Target) bool { return tg.Kind == TargetButton && tg.Name == "toc" })
	click(r, x, y)
	l = r.List()
	require.NotNil(t, l.Layer("toc"), "the contents open over the page")
	require.NotNil(t, l.Layer("backdrop"))
	assert.Greater(t, len(l.Layers)-1, l.PanelsAfter)
	x, y = hitWhere(t, r, "chapter 2 in the contents", func(tg Target) bool {
		return tg.Kind == TargetTOC && r.book.Entries[r.toc[tg.Index].entry].ID == "02-gmp" && !r.toc[tg.Index].heading
	})
	click(r, x, y)
	assert.Equal(t, "02-gmp", r.Current().ID)
	assert.Nil(t, r.List().Layer("toc"), "following an entry closes the contents")
	chars(r, "t")
	require.NotNil(t, r.List().Layer("toc"))
	keys(r, Press{Key: key.Escape})
	assert.Nil(t, r.List().Layer("toc"))
}

func TestScenesHaveSlotsOnlyWhenOnTheScreen(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	l := r.List()
	require.Len(t, l.Scenes, 1)
	s := l.Scenes[0]
	assert.Equal(t, "05-stealing#steal", s.Key)
	assert.False(t, s.Visible().Empty())
	assert.True(t, s.Clip == r.geom.view)
	keys(r, Press{Key: key.End})
	for _, s := range r.List().Scenes {
		assert.NotEqual(t, "05-stealing#steal", s.Key, "the first scene is off the screen at the end")
	}
}

func TestPlaySceneShowsTheSceneAndAsksToPlayIt(t *testing.T) {
	r := newReading(t, State{Chapter: "00-tour"})
	require.True(t, r.PlayScene("heavy-light"))
	assert.Equal(t, "05-stealing", r.Current().ID, "the chapter that has the scene opens")
	assert.Equal(t, "05-stealing#heavy-light", r.FocusedScene())
	assert.Contains(t, r.Effects(), Effect{Kind: EffectPlay, Key: "05-stealing#heavy-light"})
	var found bool
	for _, s := range r.List().Scenes {
		if s.Key == "05-stealing#heavy-light" {
			found = true
			assert.Equal(t, s.Box, s.Visible(), "the whole scene is on the screen")
		}
	}
	assert.True(t, found)
	assert.False(t, r.PlayScene("no-such-scene"))
}

func TestABadChapterShowsAnErrorPageAndTheOthersStillOpen(t *testing.T) {
	b, err := FromDir(writeBook(t))
	require.NoError(t, err)
	r := NewReading(Config{Book: b, Measure: measurer, Search: NewSearcher(b), State: State{Chapter: "02-bad"}})
	r.Resize(1000, 700)
	l := r.List()
	msg := ops(l, "page", "error-message")
	require.NotEmpty(t, msg)
	pos := b.Entries[1].Pos()
	all := ""
	for _, m := range msg {
		all += m.Text
	}
	assert.Contains(t, all, fmt.Sprintf("02-bad.md:%d:%d", pos.Line, pos.Column))
	assert.NotEmpty(t, ops(l, "page", "error-mark"), "the bad line is marked")
	src := ops(l, "page", "error-source")
	var lines []string
	for _, o := range src {
		lines = append(lines, o.Text)
	}
	assert.Contains(t, strings.Join(lines, "\n"), "go nope(")
	// The contents mark the chapter; the good one opens.
	chars(r, "[")
	assert.Equal(t, "01-good", r.Current().ID)
	assert.NotEmpty(t, ops(r.List(), "page", "title"))
	assert.Empty(t, ops(r.List(), "page", "error-message"))
}

func TestHitTestFindsTheTopmostTarget(t *testing.T) {
	l := DisplayList{Hits: []HitRegion{
		{view.Rect{X: 0, Y: 0, W: 100, H: 100}, Target{Kind: TargetPage}},
		{view.Rect{X: 10, Y: 10, W: 20, H: 20}, Target{Kind: TargetLink, Link: "a"}},
		{view.Rect{X: 0, Y: 0, W: 50, H: 50}, Target{Kind: TargetBackdrop}},
	}}
	assert.Equal(t, TargetBackdrop, l.HitTest(15, 15).Kind, "the last region drawn is on top")
	assert.Equal(t, TargetPage, l.HitTest(80, 80).Kind)
	assert.Equal(t, TargetNone, l.HitTest(200, 5).Kind)
}

func TestAnExercisesExplanationIsHiddenUntilItIsAnswered(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	require.NotEmpty(t, r.veils, "the explanation after the exercise is veiled")
	v := r.veils[0]
	// The explanation starts with the answer: it is under the veil.
	var answer *page.Item
	for i, it := range r.Page().Items {
		if it.Kind == page.ItemText && strings.HasPrefix(it.Text, "Answer") {
			answer = &r.Page().Items[i]
			break
		}
	}
	require.NotNil(t, answer)
	assert.True(t, v.box.Contains(answer.X+1, answer.Y+1), "the answer is under the veil")
	assert.True(t, r.veiled(view.Rect{X: answer.X, Y: answer.Y, W: answer.W, H: answer.H}))

	r.ScrollTo("predict-1")
	settle(r)
	l := r.List()
	require.NotEmpty(t, ops(l, "page", "veil"))
	// A link under the veil cannot be clicked: the veil is on top.
	vw := view.Rect{X: r.col.X + v.box.X, Y: r.toView(v.box.Y), W: v.box.W, H: v.box.H}.Intersect(r.geom.view)
	hidden := 0
	for _, h := range l.Hits {
		x, y := h.Box.X+h.Box.W/2, h.Box.Y+h.Box.H/2
		if h.Target.Kind == TargetLink && vw.Contains(x, y) {
			hidden++
			assert.Equal(t, TargetReveal, l.HitTest(x, y).Kind)
		}
	}
	assert.Greater(t, hidden, 0, "the explanation has links (runtime references) on the screen")
	// Tab skips what the veil hides but stops on the veil.
	for _, f := range r.focusList() {
		if f.area == focusPage {
			x := r.focusers[f.i]
			assert.False(t, x.kind != focusReveal && r.veiled(x.box), "a hidden %v takes the focus", x.kind)
		}
	}
	x, y := hitWhere(t, r, "the veil", func(tg Target) bool { return tg.Kind == TargetReveal })
	click(r, x, y)
	assert.Empty(t, ops(r.List(), "page", "veil"), "a click shows the explanation")
	assert.False(t, r.veiled(view.Rect{X: answer.X, Y: answer.Y, W: answer.W, H: answer.H}))

	// Answering shows it too.
	r2 := newReading(t, State{Chapter: "05-stealing"})
	r2.choose(r2.choiceList[0].key, 0)
	assert.True(t, r2.revealed(r2.veils[0].key))
}

// TestEverythingTheModeWritesHasGlyphs: no string of the furniture falls
// back to the missing-glyph box, in either theme, narrow or wide, with
// the search box, an exercise answered and an error page.
func TestEverythingTheModeWritesHasGlyphs(t *testing.T) {
	check := func(what string, l *DisplayList) {
		for _, ly := range l.Layers {
			for _, op := range ly.Items {
				if op.Kind != page.ItemText {
					continue
				}
				for _, c := range op.Text {
					if c == ' ' || c == '\t' {
						continue
					}
					f := fonts.For(fonts.Face(op.Font), c)
					assert.True(t, fonts.Has(f, c), "%s: %q (%s, role %s) has no glyph for %q", what, op.Text, ly.Name, op.Role, c)
				}
			}
		}
	}
	r := newReading(t, State{Chapter: "05-stealing"})
	check("wide", r.List())
	r.choose(r.choiceList[1].key, 1)
	r.ScrollTo("predict-1")
	check("answered", r.List())
	r.Search("spinning")
	check("search", r.List())
	r.search.Close()
	r.SetDark(true)
	r.Resize(500, 700)
	chars(r, "t")
	check("narrow", r.List())

	b, err := FromDir(writeBook(t))
	require.NoError(t, err)
	e := NewReading(Config{Book: b, Measure: measurer, State: State{Chapter: "02-bad"}})
	e.Resize(900, 700)
	check("error page", e.List())
}

func TestTheScrollBarDrags(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	v := r.geom.view
	th := r.thumb()
	require.False(t, th.Empty())
	x := th.X + th.W/2
	// Grab the thumb and drag it to the bottom of the track.
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: th.Y + 2, Present: true, Down: true, Pressed: true}})
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: v.Y + v.H + 50, Present: true, Down: true}})
	assert.InDelta(t, r.ScrollMax(), r.ScrollY(), 1, "dragged to the end")
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: v.Y + v.H/2, Present: true, Released: true}})
	assert.False(t, r.dragging)
	// A press on the track jumps there.
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: v.Y + v.H/2, Present: true, Down: true, Pressed: true}})
	assert.InDelta(t, r.ScrollMax()/2, r.ScrollY(), float64(r.ScrollMax())*0.1)
}

// TestThemeAndTypeSizeChangesReportAChangedPicture: Update says the
// picture changed when d, Ctrl+= or the Dark and A+ buttons change the
// theme or the type size, also when the pointer is over the window (its
// hit test rebuilds the list during the tick) — the window repaints only
// what Update reports (ux M9).
func TestThemeAndTypeSizeChangesReportAChangedPicture(t *testing.T) {
	r := newReading(t, State{Chapter: "05-stealing"})
	ptr := Pointer{X: 600, Y: 400, Present: true}
	idle := func() bool { return r.Update(&Input{Dt: 1.0 / 60, Pointer: ptr}) }
	for range 3 {
		idle()
	}
	require.False(t, idle(), "nothing to do, nothing changed")

	bg := func() view.Color { return r.List().Layer("page").Fill }
	light := bg()
	assert.True(t, r.Update(&Input{Dt: 1.0 / 60, Chars: []rune("d"), Pointer: ptr}), "d")
	assert.True(t, r.Dark())
	assert.NotEqual(t, light, bg(), "the list is drawn in the dark theme")
	assert.False(t, idle())

	assert.True(t, r.Update(&Input{Dt: 1.0 / 60, Keys: []Press{{Key: key.Equal, Ctrl: true}}, Pointer: ptr}), "Ctrl+=")
	assert.InDelta(t, 1.1, r.FontScale(), 1e-6)
	assert.False(t, idle())

	for _, name := range []string{"theme", "larger"} {
		x, y := hitWhere(t, r, name, func(tg Target) bool { return tg.Kind == TargetButton && tg.Name == name })
		down := r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: y, Present: true, Down: true, Pressed: true}})
		up := r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: x, Y: y, Present: true, Released: true}})
		assert.True(t, down || up, "the %s button", name)
	}
	assert.False(t, r.Dark(), "the Dark button switched back")
	assert.InDelta(t, 1.2, r.FontScale(), 1e-6)
}
