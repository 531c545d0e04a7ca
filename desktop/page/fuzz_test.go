package page

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gmpbook/gmpbook/chapters"
)

// FuzzLayout lays out any chapter source that chapters.Parse accepts, at a
// width taken from the input: it must never panic or hang. The seeds are
// the book's chapters and the test chapters; go test runs them, `go test
// -fuzz FuzzLayout ./desktop/page` looks for more.
func FuzzLayout(f *testing.F) {
	for _, c := range allChapters(f) {
		f.Add(string(c.Source[:]), uint16(360))
	}
	f.Add(frontMatter+"| a |\n|---|\n| b | c | d |\n\n- - - x\n\n>>>> deep\n", uint16(3))
	f.Add(frontMatter+strings.Repeat("> - 1. ", 60)+"x\n", uint16(40))
	f.Fuzz(func(t *testing.T, src string, w uint16) {
		c, err := parse(t, src)
		if err != nil {
			return
		}
		for _, slide := range []bool{false, true} {
			p := Layout(c, docNodes(c), Style{Width: float32(w%2100) + 1, Size: 17, Slide: slide}, measurer)
			if math.IsNaN(float64(p.Height)) {
				t.Fatal("NaN height")
			}
		}
	})
}

const frontMatter = "---\ntitle: Fuzz\n---\n"

// parse reads a fuzzed chapter; a panic in chapters.Parse fails the fuzz
// run like one in the layout.
func parse(_ *testing.T, src string) (c *chapters.Chapter, err error) {
	return chapters.Parse("chapters/99-fuzz.md", []byte(src))
}

// TestRandomDocuments lays out documents stitched at random from pieces of
// Markdown that stress the layout: deep nesting, ragged tables, long
// words, Chinese, empty blocks, stray markers.
func TestRandomDocuments(t *testing.T) {
	pieces := []string{
		"# Heading `code` **bold**\n", "###### six\n", "plain words and more words\n",
		strings.Repeat("x", 300) + "\n", strings.Repeat("调度器", 60) + "\n",
		"- a\n  - b\n    - c\n      - d\n", "1. one\n2. two\n10. ten\n", "- [ ] task\n- [x] done\n",
		"> quote\n> > inner\n> > > innermost\n", "| a | b |\n|---|--:|\n| 1 |\n| 1 | 2 | 3 |\n", "|x|\n|-|\n",
		"```go\nfunc f() {\n\treturn " + strings.Repeat("a+", 200) + "1\n}\n```\n", "```\n```\n", "```unknown-lang\n<>\n",
		"    indented\n", "---\n", "***\n", "<div>\n<p>html</p>\n</div>\n", "text<br>inline html\n",
		"[link](05-stealing.md#x) [ref][r]\n\n[r]: https://go.dev\n", "<https://go.dev/doc>\n", "a[^n]\n\n[^n]: note\n",
		"~~gone~~ *a **b** c*\n", "| *i* | b |\n|---|---|\n| `j` wide | c |\n", "`proc.go:findRunnable` `a b`\n", "line  \nbreak\\\nagain\n", "\n\n\n",
		"> **Claim:** c\n> **Verdict:** v\n", "（开括号\n", "，。、\n", "&amp; &#x1F600; \\* \\_\n", "- \n-\n",
	}
	r := rand.New(rand.NewPCG(1, 2))
	refused := 0
	defer func() {
		if refused > 150 {
			t.Errorf("chapters.Parse refused %d of 300 documents: the test lays out too few", refused)
		}
		t.Logf("%d of 300 documents refused by chapters.Parse", refused)
	}()
	for i := range 300 {
		var sb strings.Builder
		sb.WriteString(frontMatter)
		for range 1 + r.IntN(12) {
			p := pieces[r.IntN(len(pieces))]
			if r.IntN(4) == 0 {
				p = strings.Repeat(">", r.IntN(5)) + " " + p
			}
			if r.IntN(5) == 0 {
				p = strings.Repeat("  ", r.IntN(8)) + "- " + p
			}
			sb.WriteString(p + "\n")
		}
		c, err := chapters.Parse("chapters/98-random.md", []byte(sb.String()))
		if err != nil {
			refused++
			continue // a block the chapter extension refuses: Parse says where
		}
		w := float32(1 + r.IntN(1400))
		st := Style{Width: w, Size: float32(8 + r.IntN(40)), Dark: r.IntN(2) == 0, Slide: r.IntN(3) == 0}
		p := Layout(c, docNodes(c), st, measurer)
		if w >= 200 && st.Size <= 24 {
			checkPage(t, fmt.Sprintf("random document %d:\n%s\n", i, sb.String()), p, st)
		}
	}
}

// TestLayoutFromManyGoroutines lays chapters out at once, as an app may
// (reading view and a slide preview); run with -race it checks the
// caches and the shared measurer.
func TestLayoutFromManyGoroutines(t *testing.T) {
	chs := allChapters(t)
	done := make(chan *Page)
	for i := range 8 {
		go func() {
			c := chs[i%len(chs)]
			done <- Layout(c, docNodes(c), Style{Width: float32(300 + 100*i), Size: 17, Dark: i%2 == 0}, nil)
		}()
	}
	for range 8 {
		if p := <-done; len(p.Items) == 0 {
			t.Error("empty page")
		}
	}
}
