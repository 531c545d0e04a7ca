package present

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

var measurer = page.NewMeasurer()

const eps = 0.01

// checkOnStage fails for an item outside the stage or not finite.
func checkOnStage(t *testing.T, where string, items []page.Item) {
	t.Helper()
	for _, it := range items {
		for _, v := range []float32{it.X, it.Y, it.W, it.H, it.Baseline, it.Size} {
			require.False(t, math.IsNaN(float64(v)) || math.IsInf(float64(v), 0), "%s: %+v", where, it)
		}
		if it.X < -eps || it.Y < -eps || it.X+it.W > StageW+eps || it.Y+it.H > StageH+eps {
			t.Errorf("%s: %s %q at x %.1f…%.1f, y %.1f…%.1f is off the stage", where, it.Role, it.Text, it.X, it.X+it.W, it.Y, it.Y+it.H)
		}
		if it.Kind == page.ItemText && (it.Size <= 0 || it.Baseline < it.Y-eps || it.Baseline > it.Y+it.H+eps) {
			t.Errorf("%s: text %q: size %.1f, baseline %.1f outside its box %.1f…%.1f", where, it.Text, it.Size, it.Baseline, it.Y, it.Y+it.H)
		}
	}
}

// textOverlaps lists pairs of text items whose boxes intersect.
func textOverlaps(items []page.Item) []string {
	var text []page.Item
	for _, it := range items {
		if it.Kind == page.ItemText {
			text = append(text, it)
		}
	}
	sort.SliceStable(text, func(i, j int) bool { return text[i].Y < text[j].Y })
	var out []string
	for i, a := range text {
		for _, b := range text[i+1:] {
			if b.Y >= a.Y+a.H-eps {
				break
			}
			if a.X < b.X+b.W-eps && b.X < a.X+a.W-eps {
				out = append(out, fmt.Sprintf("%q and %q", a.Text, b.Text))
			}
		}
	}
	return out
}

// TestEverySlideOfEveryChapterFitsTheStage sets every slide of the book,
// light and dark, and checks that nothing lies below the stage's bottom
// (or off its sides), that the body stays in its area above the footer,
// and that no two text runs overlap.
func TestEverySlideOfEveryChapterFitsTheStage(t *testing.T) {
	shrunk, scaled, total := 0, 0, 0
	var worst []string
	for _, d := range allDecks(t) {
		for _, dark := range []bool{false, true} {
			ts := NewTypesetter(d, measurer, dark)
			for i, s := range d.Slides {
				where := fmt.Sprintf("%s (%s %q, dark %v)", d.Where(i), s.Kind, s.Title, dark)
				l := ts.Slide(i)
				require.NotNil(t, l)
				all := append(append([]page.Item(nil), l.Items...), l.Reveal...)
				checkOnStage(t, where, all)
				assert.LessOrEqual(t, l.BodyBottom, l.Body.Bottom()+eps, where)
				assert.LessOrEqual(t, l.Body.Bottom(), StageH-footerH+eps, where)
				for _, it := range all {
					if !strings.HasPrefix(it.Role, "slide.") { // the body and the reveal, not title and footer
						assert.GreaterOrEqual(t, it.Y, l.Body.Y-eps, "%s: %q above the body", where, it.Text)
						assert.LessOrEqual(t, it.Y+it.H, l.Body.Bottom()+eps, "%s: %q below the body", where, it.Text)
					}
				}
				if o := textOverlaps(all); len(o) > 0 {
					t.Errorf("%s: text overlaps: %s", where, strings.Join(o[:min(3, len(o))], "; "))
				}
				assert.GreaterOrEqual(t, l.Size, minTypeSize, where)
				assert.LessOrEqual(t, l.Size, BodySize, where)
				assert.Equal(t, float32(1), l.Scale, "%s: shrinking the type is enough for the book's slides", where)
				if dark {
					continue
				}
				total++
				if l.Shrunk() {
					shrunk++
				}
				if l.TooLong() {
					scaled++
					worst = append(worst, fmt.Sprintf("%s %.0fpx", d.Where(i), l.Size*l.Scale))
				}
			}
		}
	}
	t.Logf("%d slides: %d set smaller than %.0f px, %d of them below %.0f px (too long for a slide): %s", total, shrunk, BodySize, scaled, MinBodySize, strings.Join(worst, ", "))
}

func TestShortSlidesKeepTheLargeType(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	ts := NewTypesetter(d, measurer, false)
	l := ts.Slide(6) // two paragraphs
	require.Equal(t, "runnext is the last resort", d.Slides[6].Title)
	assert.Equal(t, BodySize, l.Size)
	assert.Equal(t, float32(1), l.Scale)
	assert.False(t, l.Shrunk())
	body := 0
	for _, it := range l.Items {
		if it.Kind == page.ItemText && it.Role != "slide.title" && !strings.HasPrefix(it.Role, "slide.") {
			body++
			assert.GreaterOrEqual(t, it.Size, BodySize*0.8, "body text %q is large", it.Text)
		}
	}
	assert.Greater(t, body, 3)
}

// longChapter has one slide of twelve paragraphs and one of two hundred.
func longChapter(t *testing.T) *Deck {
	// Each slide is one paragraph: chapters.Slides splits a long slide
	// between blocks, never inside one, so these reach the typesetter whole.
	var long, longer strings.Builder
	for i := range 18 {
		fmt.Fprintf(&long, "Sentence %d says something about run queues and work stealing, at some length so that it wraps. ", i)
	}
	long.WriteString("\n\n")
	for i := range 200 {
		fmt.Fprintf(&longer, "Line %d of a slide that is far too long. ", i)
	}
	longer.WriteString("\n\n")
	src := "---\ntitle: Long\nsummary: Long slides.\ngoals:\n  - Shrink\n---\n\n## Long\n\n" + long.String() + "## Longer\n\n" + longer.String()
	d := Load("chapters/96-long.md", []byte(src))
	require.NoError(t, d.Err)
	require.Len(t, d.Slides, 3)
	return d
}

func TestALongSlideShrinksItsTypeUntilItFits(t *testing.T) {
	d := longChapter(t)
	ts := NewTypesetter(d, measurer, false)
	l := ts.Slide(1)
	assert.Less(t, l.Size, BodySize)
	assert.Greater(t, l.Size, MinBodySize)
	assert.Equal(t, float32(1), l.Scale)
	assert.LessOrEqual(t, l.BodyBottom, l.Body.Bottom()+eps)
	assert.Greater(t, l.BodyBottom, l.Body.Bottom()-3*l.Size, "as large as fits: the body nearly fills its area")
	checkOnStage(t, "long", l.Items)
	var lastPara string
	for _, it := range l.Items {
		if strings.Contains(it.Text, "Sentence 17") {
			lastPara = it.Text
		}
	}
	assert.NotEmpty(t, lastPara, "all the text is there")

	assert.False(t, l.TooLong())

	l = ts.Slide(2)
	assert.Less(t, l.Size, MinBodySize, "too long to read: the type goes below the readable size")
	assert.True(t, l.TooLong())
	checkOnStage(t, "longer", l.Items)
	assert.LessOrEqual(t, l.BodyBottom, l.Body.Bottom()+eps)

	// Past the smallest type size the body is scaled down whole.
	var huge strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&huge, "Line %d. ", i)
	}
	d = Load("chapters/95-huge.md", []byte("---\ntitle: Huge\nsummary: s\ngoals:\n  - g\n---\n\n## Huge\n\n"+huge.String()))
	require.NoError(t, d.Err)
	l = NewTypesetter(d, measurer, false).Slide(1)
	assert.Equal(t, minTypeSize, l.Size)
	assert.Less(t, l.Scale, float32(1))
	assert.Greater(t, l.Scale, float32(0))
	checkOnStage(t, "huge", l.Items)
	assert.LessOrEqual(t, l.BodyBottom, l.Body.Bottom()+eps)
}

func TestSceneSlideIsAFullSlideBoxBelowATitle(t *testing.T) {
	for _, d := range allDecks(t) {
		ts := NewTypesetter(d, measurer, false)
		for i, s := range d.Slides {
			if s.Kind != chapters.SlideScene {
				continue
			}
			l := ts.Slide(i)
			var title page.Item
			for _, it := range l.Items {
				if it.Role == "slide.title" {
					title = it
				}
			}
			require.NotEmpty(t, title.Text, d.Where(i))
			assert.Greater(t, l.Scene.Y, title.Y+title.H, "%s: the scene is below its title", d.Where(i))
			assert.GreaterOrEqual(t, l.Scene.W, 0.9*StageW, d.Where(i))
			assert.GreaterOrEqual(t, l.Scene.H, 0.75*StageH, d.Where(i))
			assert.LessOrEqual(t, l.Scene.Bottom(), StageH-footerH+eps, d.Where(i))
			for _, it := range l.Items {
				if it.Role != "slide.title" && it.Role != "slide.rule" && !strings.HasPrefix(it.Role, "slide.") {
					t.Errorf("%s: a scene slide draws %s %q besides its title", d.Where(i), it.Role, it.Text)
				}
			}
		}
	}
}

func TestTitlesStayOnOneLine(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	ts := NewTypesetter(d, measurer, false)
	for i := range d.Slides {
		var titles []page.Item
		for _, it := range ts.Slide(i).Items {
			if it.Role == "slide.title" {
				titles = append(titles, it)
			}
		}
		if i == 0 {
			assert.Empty(t, titles, "the title slide sets the chapter's title in its body")
			continue
		}
		require.Len(t, titles, 1, d.Where(i))
		assert.LessOrEqual(t, titles[0].X+titles[0].W, StageW-slideMarginX+eps)
		assert.GreaterOrEqual(t, titles[0].Size, MinTitleSize)
	}
	// A title too long even at the smallest size is cut.
	items, _ := ts.titleLine(strings.Repeat("a very long title ", 20), 0, 0, 800)
	assert.True(t, strings.HasSuffix(items[0].Text, "…"))
	assert.LessOrEqual(t, items[0].W, float32(800))
	assert.Equal(t, MinTitleSize, items[0].Size)
}

func TestTitleSlideShowsTheChapterSummaryAndGoals(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	l := NewTypesetter(d, measurer, false).Slide(0)
	var text []string
	for _, it := range l.Items {
		if it.Kind == page.ItemText {
			text = append(text, it.Text)
		}
	}
	all := strings.Join(text, " ")
	assert.Contains(t, all, "Chapter 5")
	assert.Contains(t, all, "Work stealing and spinning threads")
	assert.Contains(t, all, "How an idle P takes work")
	assert.Contains(t, all, "2*nmspinning rule", "goals, with their Markdown backticks dropped")
	assert.Contains(t, all, fmt.Sprintf("1 / %d", len(d.Slides)))
}

func TestPollRevealsTheAnswerAndMarksTheRightChoice(t *testing.T) {
	polls := 0
	for _, d := range allDecks(t) {
		ts := NewTypesetter(d, measurer, false)
		for i, s := range d.Slides {
			if s.Kind != chapters.SlidePoll {
				continue
			}
			polls++
			l := ts.Slide(i)
			var answer []string
			marked := 0
			for _, it := range l.Reveal {
				if it.Role == "poll.answer" {
					answer = append(answer, it.Text)
				}
				if it.Role == "poll.right" {
					marked++
				}
			}
			want := strings.TrimSpace(s.Fragments[0].Text)
			if want == "" {
				want = "(it prints nothing)"
			}
			assert.Equal(t, strings.Join(strings.Fields(want), " "), strings.Join(strings.Fields(strings.Join(answer, " ")), " "), d.Where(i))
			right := 0
			for _, c := range s.Predict.Choices {
				if s.Predict.Grade(c, s.Fragments[0].Text) {
					right++
				}
			}
			assert.Equal(t, 4*right, marked, "%s: the right choice is outlined", d.Where(i))
			for _, it := range l.Items {
				assert.NotContains(t, it.Role, "poll.", "%s: the answer is hidden until revealed", d.Where(i))
			}
		}
	}
	require.Greater(t, polls, 5)
	d := deckNamed(t, "05-stealing")
	l := NewTypesetter(d, measurer, false).Slide(7)
	marked := 0
	for _, it := range l.Reveal {
		if it.Role == "poll.right" {
			marked++
		}
	}
	assert.Equal(t, 4, marked, "05-stealing's poll has the answer among its choices")
}

func TestErrorSlideShowsFileLineCol(t *testing.T) {
	d := Load("chapters/99-broken.md", []byte(badChapter))
	l := NewTypesetter(d, measurer, true).Slide(0)
	var text []string
	for _, it := range l.Items {
		if it.Kind == page.ItemText {
			text = append(text, it.Text)
		}
	}
	all := strings.Join(text, " ")
	assert.Contains(t, all, "chapters/99-broken.md:13:1")
	assert.Contains(t, all, "This chapter cannot be shown")
	assert.Contains(t, all, "Fix the chapter")
	checkOnStage(t, "error slide", l.Items)
}

func TestWrapKeepsEveryWordWithinTheWidth(t *testing.T) {
	s := "Eight workers, two Ps. main creates all eight on P0; P1 has nothing of its own. Supercalifragilisticexpialidocious-and-then-some-more-letters"
	for _, w := range []float32{60, 200, 500, 2000} {
		lines := Wrap(measurer, s, page.Regular, 20, w)
		for _, l := range lines {
			assert.LessOrEqual(t, measurer.Advance(l, page.Regular, 20), w+eps, "%q at %.0f", l, w)
		}
		assert.Equal(t, strings.ReplaceAll(s, " ", ""), strings.ReplaceAll(strings.Join(lines, ""), " ", ""), "nothing lost at %.0f", w)
	}
	assert.Len(t, Wrap(measurer, s, page.Regular, 20, 1e6), 1)
	assert.Equal(t, []string{"a", "", "b"}, Wrap(measurer, "a\n\nb", page.Regular, 20, 100))
}

func TestPresenterViewShowsPositionTimerNextAndNotes(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	ts := NewTypesetter(d, measurer, true)
	n, clk := newTestNav(d)
	n.GoTo(2)
	n.Next()
	clk.Advance(754 * time.Second)
	for _, sz := range [][2]float32{{1920, 1080}, {1280, 800}, {1000, 1000}} {
		w, h := sz[0], sz[1]
		v := ts.Presenter(n, w, h)
		byRole := map[string]string{}
		for _, it := range v.Items {
			byRole[it.Role] += it.Text + " "
			assert.True(t, it.X >= -eps && it.Y >= -eps && it.X+it.W <= w+eps && it.Y+it.H <= h+eps, "%gx%g: %s %q outside the window", w, h, it.Role, it.Text)
		}
		assert.Equal(t, fmt.Sprintf("slide 2/%d · step 1/3 ", len(d.Slides)), byRole["presenter.counter"])
		assert.Equal(t, "12:34 ", byRole["presenter.timer"])
		assert.True(t, strings.HasPrefix(byRole["presenter.nexttag"], "Next: 3 · Work stealing"), byRole["presenter.nexttag"])
		assert.Contains(t, byRole["presenter.status"], "Next step 2/3")
		assert.Contains(t, byRole["presenter.status"], "main blocks", "the next caption, wrapped")
		assert.Equal(t, 2, v.NextSlide)
		box := v.Current.Box()
		for k, want := range []float32{v.PresenterLayout.Current.X, v.PresenterLayout.Current.Y, v.PresenterLayout.Current.W, v.PresenterLayout.Current.H} {
			assert.InDelta(t, want, []float32{box.X, box.Y, box.W, box.H}[k], 0.01, "the stage fills the current box")
		}
		// The scene slide carries the chapter's notes for it.
		assert.Empty(t, byRole["notes.none"])
		assert.NotEmpty(t, byRole["notes"], "%gx%g: the scene slide's notes are shown", w, h)
		if o := textOverlaps(v.Items); len(o) > 0 {
			t.Errorf("%gx%g: text overlaps: %v", w, h, o)
		}
	}

	// The slide with notes: they are set in the notes box, large, and all
	// of them.
	notesSlide := -1
	for i, s := range d.Slides {
		if s.Notes != "" {
			notesSlide = i
		}
	}
	require.GreaterOrEqual(t, notesSlide, 0)
	n.GoTo(notesSlide + 1)
	v := ts.Presenter(n, 1920, 1080)
	var notes []string
	for _, it := range v.Items {
		if it.Role == "notes" {
			notes = append(notes, it.Text)
			assert.True(t, v.Notes.Contains(it.X, it.Y) && it.Y+it.H <= v.Notes.Bottom()+eps, "note line %q outside the notes box", it.Text)
			assert.GreaterOrEqual(t, it.Size, float32(20), "notes read at a glance")
		}
	}
	assert.False(t, v.NotesOverflow)
	assert.Equal(t, strings.Join(strings.Fields(stripTicks(d.Slides[notesSlide].Notes)), " "), strings.Join(notes, " "))

	// A slide without notes says so.
	bare := -1
	for i, s := range d.Slides {
		if s.Notes == "" {
			bare = i
			break
		}
	}
	require.GreaterOrEqual(t, bare, 0)
	n.GoTo(bare + 1)
	v = ts.Presenter(n, 1920, 1080)
	none := ""
	for _, it := range v.Items {
		if it.Role == "notes.none" {
			none += it.Text + " "
		}
	}
	assert.Equal(t, "No notes for this slide. ", none)

	n.Last()
	v = ts.Presenter(n, 1280, 800)
	assert.Equal(t, -1, v.NextSlide)
	n.Press(KeyT)
	v = ts.Presenter(n, 1280, 800)
	var timer string
	for _, it := range v.Items {
		if it.Role == "presenter.timer" {
			timer = it.Text
		}
	}
	assert.True(t, strings.HasPrefix(timer, "‖ "), "a paused clock shows a pause sign: %q", timer)
}

func TestNotesThatDoNotFitShrinkThenAreCut(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	ts := NewTypesetter(d, measurer, false)
	long := strings.Repeat("A long note about the scheduler that goes on. ", 200)
	nl := ts.setNotes(long, view.Rect{X: 10, Y: 10, W: 400, H: 300}, 30)
	assert.True(t, nl.Overflow)
	assert.Equal(t, minNotesSize, nl.Size)
	last := nl.Items[len(nl.Items)-1]
	assert.True(t, strings.HasSuffix(last.Text, "…"))
	assert.LessOrEqual(t, last.Y+last.H, float32(310)+eps)
	nl = ts.setNotes("Short.\n\nTwo paragraphs.", view.Rect{X: 0, Y: 0, W: 400, H: 300}, 30)
	assert.False(t, nl.Overflow)
	assert.Equal(t, float32(30), nl.Size)
	assert.Len(t, nl.Items, 2)
}

func TestStatusSaysWhatTheNextPressDoes(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	n, _ := newTestNav(d)
	n.GoTo(8) // the poll
	assert.Equal(t, "Next: reveal the answer: worker 7 done", Status(d, n.State()))
	n.Next()
	assert.Equal(t, "Next: slide 9 · Predict, then run", Status(d, n.State()))
	n.Press(Key1)
	assert.Contains(t, Status(d, n.State()), "Go to slide 1")
	n.Press(KeyEscape)
	n.Press(KeyB)
	assert.Contains(t, Status(d, n.State()), "black")
	n.Press(KeyB)
	n.Press(KeyO)
	assert.Contains(t, Status(d, n.State()), "Overview: 8 · Predict, then run")
	n.Press(KeyO)
	n.Last()
	assert.Equal(t, "This is the last slide.", Status(d, n.State()))
	assert.Equal(t, fmt.Sprintf("slide %d/%d", len(d.Slides), len(d.Slides)), Counter(d, n.Pos()))
}

func TestOverviewItemsLabelEachVisibleSlide(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	ts := NewTypesetter(d, measurer, false)
	g := NewGrid(StageRect, len(d.Slides))
	items := ts.OverviewItems(&g, 3, 1)
	labels, selected, current := 0, 0, 0
	for _, it := range items {
		switch it.Role {
		case "overview.label":
			labels++
			i := g.Hit(it.X+1, it.Y+it.H/2)
			require.GreaterOrEqual(t, i, 0, "label %q is in its cell", it.Text)
			l := g.Label(i)
			assert.LessOrEqual(t, it.X+it.W, l.Right()+eps, it.Text)
			assert.True(t, strings.HasPrefix(it.Text, fmt.Sprint(i+1)+" · "), it.Text)
		case "overview.selected":
			selected++
		case "overview.current":
			current++
		}
	}
	assert.Equal(t, len(d.Slides), labels)
	assert.Equal(t, 4, selected, "a frame of four sides")
	assert.Equal(t, 1, current)
	checkOnStage(t, "overview", items)
	assert.Empty(t, ts.JumpItems(""))
	assert.Len(t, ts.JumpItems("12"), 2)
}
