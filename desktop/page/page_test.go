package page

import (
	"fmt"
	"math"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"

	"github.com/gmpbook/gmpbook/chapters"
)

// docNodes are all top-level blocks of a chapter: what the app lays out
// for reading.
func docNodes(c *chapters.Chapter) []ast.Node {
	var ns []ast.Node
	for n := c.Doc.FirstChild(); n != nil; n = n.NextSibling() {
		ns = append(ns, n)
	}
	return ns
}

func allChapters(t testing.TB) []*chapters.Chapter {
	t.Helper()
	chs, err := chapters.All()
	if err != nil {
		t.Fatal(err)
	}
	if len(chs) != 13 {
		t.Fatalf("%d chapters, want 13", len(chs))
	}
	return chs
}

// testChapter reads a chapter of testdata as if it were chapters/<name>.
func testChapter(t testing.TB, name string) *chapters.Chapter {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	c, err := chapters.Parse("chapters/"+name, src)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// everyChapter is the book plus the test chapters.
func everyChapter(t testing.TB) []*chapters.Chapter {
	return append(allChapters(t), testChapter(t, "90-kitchen.md"), testChapter(t, "91-zh.md"))
}

var measurer = NewMeasurer()

const eps = 0.01

// checkPage checks what must hold for any laid-out page.
func checkPage(t *testing.T, name string, p *Page, st Style) {
	t.Helper()
	finite := func(v float32) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }
	var bottom float32
	for i, it := range p.Items {
		if !finite(it.X) || !finite(it.Y) || !finite(it.W) || !finite(it.H) || !finite(it.Baseline) {
			t.Fatalf("%s: item %d is not finite: %+v", name, i, it)
		}
		if it.X < -eps || it.X+it.W > st.Width+eps || it.W < 0 || it.H < 0 || it.Y < -eps {
			t.Errorf("%s: item %d (%s %q) at x %.1f…%.1f y %.1f is outside the page (width %.0f)",
				name, i, it.Role, it.Text, it.X, it.X+it.W, it.Y, st.Width)
		}
		if it.Kind == ItemText {
			if strings.TrimSpace(it.Text) == "" {
				t.Errorf("%s: item %d is a text item with no text (%s)", name, i, it.Role)
			}
			if it.Size <= 0 || it.Baseline < it.Y || it.Baseline > it.Y+it.H {
				t.Errorf("%s: item %d %q: size %.1f, baseline %.1f outside its box %.1f…%.1f", name, i, it.Text, it.Size, it.Baseline, it.Y, it.Y+it.H)
			}
		}
		bottom = max(bottom, it.Y+it.H)
	}
	if p.Height+eps < bottom {
		t.Errorf("%s: height %.1f, but items reach %.1f", name, p.Height, bottom)
	}
	if o := overlaps(p.Items); len(o) > 0 {
		t.Errorf("%s: text items overlap: %s", name, strings.Join(o[:min(len(o), 5)], "; "))
	}
	for i := 1; i < len(p.Anchors); i++ {
		if p.Anchors[i].Y < p.Anchors[i-1].Y {
			t.Errorf("%s: anchor %q (y %.0f) comes before %q (y %.0f)", name, p.Anchors[i].ID, p.Anchors[i].Y, p.Anchors[i-1].ID, p.Anchors[i-1].Y)
		}
	}
}

// overlaps lists pairs of text items whose boxes intersect.
func overlaps(items []Item) []string {
	var text []Item
	for _, it := range items {
		if it.Kind == ItemText {
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
				out = append(out, fmt.Sprintf("%q (%s, x %.1f y %.1f w %.1f) and %q (%s, x %.1f y %.1f w %.1f)",
					a.Text, a.Role, a.X, a.Y, a.W, b.Text, b.Role, b.X, b.Y, b.W))
			}
		}
	}
	return out
}

func TestEveryChapterAtReadingWidths(t *testing.T) {
	for _, c := range everyChapter(t) {
		ids := c.HeadingIDs()
		var headings []*ast.Heading
		for n := c.Doc.FirstChild(); n != nil; n = n.NextSibling() {
			if h, ok := n.(*ast.Heading); ok {
				headings = append(headings, h)
			}
		}
		for _, w := range []float32{360, 800, 1200} {
			for _, dark := range []bool{false, true} {
				st := Style{Width: w, Size: 17, Dark: dark}
				name := fmt.Sprintf("%s at %.0f", c.File, w)
				p := Layout(c, docNodes(c), st, measurer)
				checkPage(t, name, p, st)
				if len(p.Anchors) != len(headings) {
					t.Fatalf("%s: %d anchors for %d headings", name, len(p.Anchors), len(headings))
				}
				lines := strings.Split(string(c.Source), "\n")
				for i, a := range p.Anchors {
					h := headings[i]
					if a.ID != ids[h] || a.Title != c.InlineText(h) || a.Level != h.Level {
						t.Errorf("%s: anchor %d is %q %q h%d, heading is %q %q h%d", name, i, a.ID, a.Title, a.Level, ids[h], c.InlineText(h), h.Level)
					}
					if a.Line < 1 || a.Line > len(lines) || !strings.HasPrefix(lines[a.Line-1], strings.Repeat("#", h.Level)+" ") {
						t.Errorf("%s: anchor %q says line %d, which is not its heading", name, a.ID, a.Line)
					}
					// The heading's own text is set at its anchor.
					found := false
					for _, it := range p.Items {
						if it.Kind == ItemText && it.Role == fmt.Sprintf("h%d", h.Level) && math.Abs(float64(it.Y-a.Y)) < 2*17*3 {
							found = true
							break
						}
					}
					if !found {
						t.Errorf("%s: no heading text near anchor %q at y %.0f", name, a.ID, a.Y)
					}
				}
			}
		}
	}
}

func TestLayoutIsDeterministic(t *testing.T) {
	for _, c := range everyChapter(t) {
		st := Style{Width: 800, Size: 17}
		a := Layout(c, docNodes(c), st, measurer)
		resetHighlightCache()
		b := Layout(c, docNodes(c), st, NewMeasurer())
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two layouts differ", c.File)
		}
	}
}

func TestSlidesAtProjectorSize(t *testing.T) {
	for _, c := range everyChapter(t) {
		for i, s := range c.Slides() {
			st := Style{Width: 1920 - 2*96, Size: 34, Slide: true, Height: 700}
			name := fmt.Sprintf("%s slide %d (%s %q)", c.File, i, s.Kind, s.Title)
			p := Layout(c, s.Nodes, st, measurer)
			checkPage(t, name, p, st)
			var scenes []Item
			for _, it := range p.Items {
				if it.Kind == ItemScene {
					scenes = append(scenes, it)
				}
				if it.Role == "scene.code" || it.Role == "scene.title" {
					t.Errorf("%s: a slide shows the scene's %s; the player and the caller's heading do", name, it.Role)
				}
			}
			if s.Kind == chapters.SlideScene {
				if len(scenes) != 1 || scenes[0].H != st.Height || scenes[0].Scene != s.Scene || scenes[0].Role != "scene:"+s.Scene.ID {
					t.Errorf("%s: scene boxes %+v, want one for %s filling the height %.0f", name, scenes, s.Scene.ID, st.Height)
				}
			}
		}
	}
}

func TestSlideHeadingsAreLargerThanReadingHeadings(t *testing.T) {
	read, slide := newMetrics(Style{Size: 17}), newMetrics(Style{Size: 17, Slide: true})
	for lvl := 1; lvl <= 3; lvl++ {
		if slide.head[lvl] <= read.head[lvl] || slide.headGap[lvl] < read.headGap[lvl]*0.6 {
			t.Errorf("h%d: slide %.1f px, reading %.1f px", lvl, slide.head[lvl], read.head[lvl])
		}
	}
	if slide.gap <= read.gap {
		t.Errorf("slides set blocks %.1f px apart, reading %.1f: slides want more air", slide.gap, read.gap)
	}
}

// TestEveryWidthFromOneTo2000 is the fuzz-ish test: no width makes the
// layout panic, loop or produce nonsense numbers.
func TestEveryWidthFromOneTo2000(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 13
	}
	for _, c := range everyChapter(t) {
		t.Run(c.Slug, func(t *testing.T) {
			t.Parallel()
			nodes := docNodes(c)
			for w := 1; w <= 2000; w += step {
				st := Style{Width: float32(w), Size: 17, Slide: w%2 == 0, Margin: float32(w % 300)}
				p := Layout(c, nodes, st, measurer)
				if math.IsNaN(float64(p.Height)) || p.Height <= 0 || len(p.Items) == 0 {
					t.Fatalf("width %d: height %v with %d items", w, p.Height, len(p.Items))
				}
				for _, it := range p.Items {
					if math.IsNaN(float64(it.X + it.Y + it.W + it.H)) {
						t.Fatalf("width %d: item %+v is NaN", w, it)
					}
				}
			}
		})
	}
}

func TestOddStylesAndMeasurers(t *testing.T) {
	c := testChapter(t, "90-kitchen.md")
	nan := float32(math.NaN())
	for _, st := range []Style{{}, {Width: -5, Size: -1}, {Width: nan, Size: nan}, {Width: 1e6, Size: 1}, {Width: 50, Size: 200}} {
		for _, m := range []Measurer{measurer, nil, zeroMeasurer{}, nanMeasurer{}} {
			p := Layout(c, docNodes(c), st, m)
			if p == nil || len(p.Items) == 0 || math.IsNaN(float64(p.Height)) {
				t.Errorf("style %+v, measurer %T: page %+v", st, m, p)
			}
		}
	}
	// No chapter, stray nodes.
	p := Layout(nil, []ast.Node{nil, ast.NewParagraph(), ast.NewThematicBreak(), &chapters.ErrorNode{}, &chapters.SceneNode{}}, Style{Width: 300, Size: 17}, nil)
	if p == nil {
		t.Fatal("no page")
	}
	p = Layout(c, nil, Style{Width: 300, Size: 17}, measurer)
	if len(p.Items) != 0 || p.Height != 0 {
		t.Errorf("no nodes: %d items, height %.0f", len(p.Items), p.Height)
	}
}

type zeroMeasurer struct{}

func (zeroMeasurer) Advance(string, Font, float32) float32 { return 0 }

type nanMeasurer struct{}

func (nanMeasurer) Advance(s string, _ Font, _ float32) float32 {
	if len(s)%2 == 0 {
		return float32(math.NaN())
	}
	return float32(math.Inf(1))
}

// pageLinks are every link of every page, with the chapter it is on.
func chapterLinks(t *testing.T, chs []*chapters.Chapter) (links map[string][]string, targets map[string]map[string]bool) {
	links = map[string][]string{}
	targets = map[string]map[string]bool{}
	for _, c := range chs {
		p := Layout(c, docNodes(c), Style{Width: 800, Size: 17}, measurer)
		ids := map[string]bool{}
		for _, a := range p.Anchors {
			ids[a.ID] = true
		}
		for _, a := range p.Targets {
			ids[a.ID] = true
		}
		targets[ChapterName(c)] = ids
		for _, it := range p.Items {
			if strings.HasPrefix(it.Link, "chapter:") {
				links[c.File] = append(links[c.File], it.Link)
			}
		}
	}
	return links, targets
}

// brokenLinks lists the chapter links that lead nowhere.
func brokenLinks(links map[string][]string, targets map[string]map[string]bool) []string {
	var bad []string
	for file, ls := range links {
		for _, l := range ls {
			name, anchor, _ := strings.Cut(strings.TrimPrefix(l, "chapter:"), "#")
			ids, ok := targets[name]
			if !ok || (anchor != "" && !ids[anchor]) {
				bad = append(bad, file+": "+l)
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func TestChapterLinksLeadToChaptersAndAnchors(t *testing.T) {
	chs := everyChapter(t)
	links, targets := chapterLinks(t, chs)
	if bad := brokenLinks(links, targets); len(bad) > 0 {
		t.Errorf("links that lead nowhere:\n%s", strings.Join(bad, "\n"))
	}
	// The test chapter links to another chapter's heading, to a chapter,
	// to its own heading, to its own scene and to its footnotes.
	want := []string{
		"chapter:05-stealing#where-a-thief-looks",
		"chapter:00-tour",
		"chapter:90-kitchen#tables-and-lists",
		"chapter:90-kitchen#scene-hello",
		"chapter:90-kitchen#fn:1",
		"chapter:90-kitchen#fnref:1",
	}
	got := strings.Join(links["chapters/90-kitchen.md"], " ")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the test chapter has no link %s (has %s)", w, got)
		}
	}
	// The check itself catches a link to a missing anchor or chapter.
	bad := brokenLinks(map[string][]string{"x.md": {"chapter:05-stealing#nowhere", "chapter:77-none", "chapter:00-tour#driving-the-player"}}, targets)
	if len(bad) != 2 {
		t.Errorf("brokenLinks found %v, want the two bad links", bad)
	}
}

func TestLinkTargets(t *testing.T) {
	c := testChapter(t, "90-kitchen.md")
	for dest, want := range map[string]string{
		"05-stealing.md#where-a-thief-looks": "chapter:05-stealing#where-a-thief-looks",
		"05-stealing.md":                     "chapter:05-stealing",
		"./00-tour.md":                       "chapter:00-tour",
		"05-stealing.html#x":                 "chapter:05-stealing#x",
		"#tables-and-lists":                  "chapter:90-kitchen#tables-and-lists",
		"https://go.dev/":                    "https://go.dev/",
		"http://example.com/05-stealing.md":  "http://example.com/05-stealing.md",
		"mailto:someone@example.com":         "mailto:someone@example.com",
		"../other/notes.md":                  "../other/notes.md",
	} {
		if got := LinkTarget(c, dest); got != want {
			t.Errorf("LinkTarget(%q) = %q, want %q", dest, got, want)
		}
	}
}

// items returns the page's items with role.
func items(p *Page, role string) []Item {
	var out []Item
	for _, it := range p.Items {
		if it.Role == role {
			out = append(out, it)
		}
	}
	return out
}

func texts(p *Page, role string) []string {
	var out []string
	for _, it := range items(p, role) {
		if it.Kind == ItemText {
			out = append(out, it.Text)
		}
	}
	return out
}

func TestRuntimeReferencesLinkToTheSource(t *testing.T) {
	c := allChapters(t)[0]
	p := Layout(c, docNodes(c), Style{Width: 800, Size: 17}, measurer)
	refs := map[string]Item{}
	for _, it := range p.Items {
		if strings.HasPrefix(it.Link, "ref:") {
			refs[it.Link] = it
		}
	}
	for _, r := range c.Refs {
		it, ok := refs["ref:"+r.File+":"+r.Func]
		if !ok {
			t.Errorf("no item links to %s:%s", r.File, r.Func)
			continue
		}
		if it.Font != Mono || it.Text != r.File+":"+r.Func {
			t.Errorf("reference %q is set in %v", it.Text, it.Font)
		}
	}
	if len(c.Refs) == 0 {
		t.Fatal("the tour has no references: the test checks nothing")
	}
	// Ordinary inline code is code, not a link.
	for _, it := range p.Items {
		if it.Text == "goroutine 2" && it.Role == "p" && it.Link != "" {
			t.Errorf("inline code %q links to %q", it.Text, it.Link)
		}
	}
}

func TestMarginNotesRepeatReferences(t *testing.T) {
	c := allChapters(t)[5]
	st := Style{Width: 700, Size: 17, Margin: 190}
	p := Layout(c, docNodes(c), st, measurer)
	if len(p.Margin) < 5 {
		t.Fatalf("%d margin notes in %s", len(p.Margin), c.File)
	}
	for i, it := range p.Margin {
		if !strings.HasPrefix(it.Link, "ref:") || it.X < 0 || it.X+it.W > st.Margin+eps {
			t.Errorf("margin note %+v", it)
		}
		if i > 0 && it.Y < p.Margin[i-1].Y+p.Margin[i-1].H {
			t.Errorf("margin notes %q and %q overlap", p.Margin[i-1].Text, it.Text)
		}
	}
	st.Slide = true
	if p := Layout(c, docNodes(c), st, measurer); len(p.Margin) != 0 {
		t.Errorf("a slide has %d margin notes", len(p.Margin))
	}
}

func TestInlineStyles(t *testing.T) {
	c := testChapter(t, "90-kitchen.md")
	p := Layout(c, docNodes(c), Style{Width: 1200, Size: 17}, measurer)
	find := func(text string) Item {
		t.Helper()
		for _, it := range p.Items {
			if it.Kind == ItemText && it.Text == text {
				return it
			}
		}
		t.Fatalf("no item %q", text)
		return Item{}
	}
	if f := find("bold").Font; f != Bold {
		t.Errorf("bold is %v", f)
	}
	if f := find("italic").Font; f != Italic {
		t.Errorf("italic is %v", f)
	}
	if f := find("both").Font; f != BoldItalic {
		t.Errorf("both is %v", f)
	}
	code := find("code")
	if code.Font != Mono {
		t.Errorf("code is %v", code.Font)
	}
	// Runs of different fonts on one line share a baseline.
	if b, i := find("bold"), find("italic"); b.Baseline != i.Baseline || b.Baseline != code.Baseline {
		t.Errorf("baselines: bold %.2f, italic %.2f, code %.2f", b.Baseline, i.Baseline, code.Baseline)
	}
	// Inline code has a background behind it.
	hasBg := false
	for _, it := range items(p, "code.bg") {
		if it.X <= code.X && it.X+it.W >= code.X+code.W && it.Y <= code.Y && it.Y+it.H >= code.Y+code.H {
			hasBg = true
		}
	}
	if !hasBg {
		t.Error("inline code has no background")
	}
	if l := find("https://go.dev/").Link; l != "https://go.dev/" {
		t.Errorf("the autolink leads to %q", l)
	}
	if len(items(p, "strike")) == 0 || len(items(p, "link.under")) == 0 {
		t.Error("no strike-through or link underline")
	}
	if len(items(p, "task")) == 0 || len(items(p, "task.checked")) == 0 {
		t.Error("no task checkboxes")
	}
	// A hard break ends the line: the text after it starts at the left.
	broke := false
	for _, it := range items(p, "p") {
		if strings.HasPrefix(it.Text, "A hard break came") {
			broke = it.X == 0
		}
	}
	if !broke {
		t.Error("the line after a hard break does not start at the left")
	}
	// Raw HTML shows as its source.
	if got := strings.Join(texts(p, "html"), ""); !strings.Contains(got, "<div>raw") {
		t.Errorf("raw HTML shows as %q", got)
	}
	if len(p.Anchors) == 0 || p.Anchors[len(p.Anchors)-1].ID != "tables-and-lists-2" {
		t.Errorf("anchors %+v: the repeated heading should be tables-and-lists-2", p.Anchors)
	}
}

func TestFootnotesAreSetAtTheEnd(t *testing.T) {
	c := testChapter(t, "90-kitchen.md")
	p := Layout(c, docNodes(c), Style{Width: 800, Size: 17}, measurer)
	notes := items(p, "footnote")
	if len(notes) == 0 {
		t.Fatal("no footnotes")
	}
	var lastOther float32
	for _, it := range p.Items {
		if it.Kind == ItemText && !strings.HasPrefix(it.Role, "footnote") && it.Role != "li.marker" {
			lastOther = max(lastOther, it.Y)
		}
	}
	for _, it := range notes {
		if it.Y < lastOther {
			t.Errorf("footnote text %q at y %.0f is above the page's text (down to %.0f)", it.Text, it.Y, lastOther)
		}
	}
	got := strings.Join(texts(p, "footnote"), " ")
	if !strings.Contains(got, "The note's text.") || !strings.Contains(got, "A longer note") {
		t.Errorf("footnotes say %q", got)
	}
	refs := items(p, "footnote.ref")
	if len(refs) != 2 || refs[0].Text != "1" || refs[1].Text != "2" {
		t.Fatalf("footnote references %+v: want 1 and 2", refs)
	}
	for _, r := range refs {
		raised := false
		for _, it := range items(p, "p") {
			if d := it.Baseline - r.Baseline; d > 0.2*17 && d < 0.6*17 && it.X+it.W <= r.X+eps {
				raised = true
			}
		}
		if !raised {
			t.Errorf("footnote reference %q is not raised above the baseline of the text before it", r.Text)
		}
	}
	// A slide shows the footnotes it cites, and only those.
	slide := Layout(c, docNodes(c)[:1], Style{Width: 1600, Size: 34, Slide: true}, measurer)
	if got := strings.Join(texts(slide, "footnote"), " "); !strings.Contains(got, "The note's text.") || !strings.Contains(got, "longer") {
		t.Errorf("the first block's slide has footnotes %q", got)
	}
	slide = Layout(c, docNodes(c)[1:3], Style{Width: 1600, Size: 34, Slide: true}, measurer)
	if n := len(items(slide, "footnote")); n != 0 {
		t.Errorf("a slide that cites no footnote shows %d", n)
	}
}

func TestListsMarkEachItem(t *testing.T) {
	c := testChapter(t, "90-kitchen.md")
	p := Layout(c, docNodes(c), Style{Width: 800, Size: 17}, measurer)
	marks := texts(p, "li.marker")
	// Bullets change with the depth of nesting; task items carry
	// checkboxes instead; footnotes are numbered.
	want := []string{"1.", "2.", "◦", "▪", "3.", "1.", "2."}
	if strings.Join(marks, " ") != strings.Join(want, " ") {
		t.Errorf("list markers %q, want %q", marks, want)
	}
	// A marker shares the baseline of its item's first line, left of it.
	for _, mk := range items(p, "li.marker") {
		ok := false
		for _, it := range p.Items {
			if it.Kind == ItemText && it.Role != "li.marker" && it.Baseline == mk.Baseline && it.X >= mk.X+mk.W {
				ok = true
			}
		}
		if !ok {
			t.Errorf("marker %q has no text on its baseline to its right", mk.Text)
		}
	}
}

func TestBoxesShowWhatTheyHold(t *testing.T) {
	c := testChapter(t, "90-kitchen.md")
	p := Layout(c, docNodes(c), Style{Width: 800, Size: 17}, measurer)
	all := func(role string) string { return strings.Join(texts(p, role), " ") }
	if all("claim.label") != "CLAIM" || all("verdict.label") != "VERDICT" {
		t.Errorf("claim labels %q %q", all("claim.label"), all("verdict.label"))
	}
	if got := all("claim"); got != `"Something popular."` {
		t.Errorf("claim says %q", got)
	}
	if got := all("verdict"); !strings.Contains(got, "Not quite: see") || !strings.Contains(got, "second paragraph") || strings.Contains(got, "Verdict") {
		t.Errorf("verdict says %q", got)
	}
	if got := all("predict.question"); !strings.Contains(got, "Which line comes first") {
		t.Errorf("predict question %q", got)
	}
	if a, b := texts(p, "choice:0"), texts(p, "choice:1"); len(a) != 1 || a[0] != "a" || len(b) != 1 || b[0] != "b" {
		t.Errorf("choices %q %q", a, b)
	}
	if rows := items(p, "choice:0"); len(rows) != 2 || rows[0].Kind != ItemRect || rows[0].Y > rows[1].Y || rows[0].Y+rows[0].H < rows[1].Y+rows[1].H {
		t.Errorf("choice 0 is not a row around its text: %+v", rows)
	}
	if len(items(p, "answer")) != 1 {
		t.Error("the predict without choices has no answer box")
	}
	if got := all("real.command"); got != "gmpbook real -procs 1 hello.go" {
		t.Errorf("real command %q", got)
	}
	if got := all("real.claim"); got != "It prints the same two lines on the real runtime." {
		t.Errorf("real claim %q", got)
	}
	if !strings.Contains(all("real.note"), "not captured") {
		t.Errorf("the test chapter has no captured output, the page should say so: %q", all("real.note"))
	}
	for _, it := range p.Items {
		if strings.Contains(it.Text, "Secret") {
			t.Errorf("speaker notes are on the page: %q", it.Text)
		}
	}
	scenes := items(p, "scene:hello")
	if len(scenes) != 1 || scenes[0].Kind != ItemScene || scenes[0].Scene == nil || scenes[0].W != 800 || scenes[0].H < 240 || scenes[0].H > 720 {
		t.Errorf("scene box %+v", scenes)
	}
	if got := all("scene.title"); got != "Hello" {
		t.Errorf("scene title %q", got)
	}
	if got := all("scene.code"); !strings.Contains(got, "Println") || !strings.Contains(got, "//> a narration comment") {
		t.Errorf("scene source %q", got)
	}
	// The tour's real boxes show what the real runtime printed, each its
	// own program's output, in the order of the boxes.
	tour := allChapters(t)[0]
	tp := Layout(tour, docNodes(tour), Style{Width: 800, Size: 17}, measurer)
	var want []string
	for _, r := range tour.Reals {
		out, ok := tour.RealOutput(r.Scene)
		if !ok {
			t.Fatalf("the tour's real box %s has no captured output", r.Scene)
		}
		want = append(want, strings.TrimSpace(out))
	}
	if got, w := strings.Join(texts(tp, "real.output"), "\n"), strings.Join(want, "\n"); got != w || len(want) == 0 {
		t.Errorf("real output %q, captured %q", got, w)
	}
}

func TestErrorNodeShowsItsMessage(t *testing.T) {
	c := testChapter(t, "90-kitchen.md")
	n := &chapters.ErrorNode{Err: &chapters.Error{Msg: "a **Claim:** box needs a **Verdict:**"}}
	n.Err.(*chapters.Error).Pos.Filename, n.Err.(*chapters.Error).Pos.Line = "chapters/90-kitchen.md", 12
	p := Layout(c, []ast.Node{n}, Style{Width: 600, Size: 17}, measurer)
	if got := strings.Join(texts(p, "error"), " "); !strings.Contains(got, "chapters/90-kitchen.md:12") || !strings.Contains(got, "needs a") {
		t.Errorf("error box says %q", got)
	}
}

func TestLongCodeLinesWrapUnderTheirIndentation(t *testing.T) {
	c := testChapter(t, "90-kitchen.md")
	st := Style{Width: 360, Size: 17}
	p := Layout(c, docNodes(c), st, measurer)
	code := items(p, "scene.code")
	var left, top, bottom float32 = 1e9, 1e9, 0
	for _, it := range code {
		left, top, bottom = min(left, it.X), min(top, it.Y), max(bottom, it.Y+it.H)
	}
	var marks []Item
	for _, mk := range items(p, "code.wrap") {
		if mk.Y > top && mk.Y < bottom {
			marks = append(marks, mk)
		}
	}
	if len(marks) < 2 {
		t.Fatalf("%d continuation marks in the scene's source at 360 px", len(marks))
	}
	// The narration line starts with a tab (4 columns): its continuation
	// marks stand under that indentation, right of the block's margin.
	for _, mk := range marks {
		if mk.X <= left {
			t.Errorf("continuation mark at x %.1f, the code starts at %.1f", mk.X, left)
		}
	}
	// Nothing of the code is lost: the words of the long line are all there.
	var got strings.Builder
	for _, it := range code {
		got.WriteString(it.Text + " ")
	}
	for _, w := range strings.Fields("a narration comment long enough to need wrapping on a narrow page") {
		if !strings.Contains(got.String(), w) {
			t.Errorf("the wrapped code lost %q", w)
		}
	}
}

func TestPlacedScalesAboutTheOriginThenMoves(t *testing.T) {
	it := Item{Kind: ItemLine, X: 10, Y: 20, W: 30, H: 0, Size: 16, Radius: 2, Width: 1, Baseline: 32}
	p := it.Placed(100, 50, 0.5)
	if p.X != 105 || p.Y != 60 || p.W != 15 || p.Size != 8 || p.Radius != 1 || p.Width != 0.5 || p.Baseline != 66 {
		t.Errorf("placed %+v", p)
	}
	if q := (Item{Y: 5}).Placed(0, 7, 2); q.Baseline != 0 {
		t.Errorf("an item without a baseline keeps none: %+v", q)
	}
}
