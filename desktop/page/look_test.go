package page

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/view"
)

func TestPaletteContrast(t *testing.T) {
	for _, dark := range []bool{false, true} {
		p := Theme(dark)
		grounds := map[string]view.Color{"Background": p.Background, "CodeBg": p.CodeBg, "Card": p.Card,
			"ClaimBg": p.ClaimBg, "VerdictBg": p.VerdictBg, "RealBg": p.RealBg, "PredictBg": p.PredictBg,
			"Highlight": p.Highlight, "Selection": p.Selection}
		inks := map[string]view.Color{"Text": p.Text, "Muted": p.Muted, "Link": p.Link, "Code": p.Code,
			"Right": p.Right, "Wrong": p.Wrong, "Error": p.Error}
		for gn, g := range grounds {
			for in, ink := range inks {
				if c := Contrast(ink, g); c < 4.5 {
					t.Errorf("dark=%v: %s on %s has contrast %.2f, want ≥ 4.5", dark, in, gn, c)
				}
			}
		}
		if c := Contrast(p.Error, p.ErrorBg); c < 4.5 {
			t.Errorf("dark=%v: Error on ErrorBg has contrast %.2f", dark, c)
		}
		if c := Contrast(p.OnLink, p.Link); c < 4.5 {
			t.Errorf("dark=%v: OnLink on Link has contrast %.2f", dark, c)
		}
		if Luminance(p.Background) > Luminance(p.Text) == dark {
			t.Errorf("dark=%v: background and text are the wrong way round", dark)
		}
	}
	// The measure itself: black on white is 21, a colour on itself 1.
	if c := Contrast(view.Color{A: 255}, view.Color{R: 255, G: 255, B: 255, A: 255}); math.Abs(c-21) > 0.01 {
		t.Errorf("black on white: %.2f", c)
	}
	if c := Contrast(Theme(false).Link, Theme(false).Link); c != 1 {
		t.Errorf("a colour on itself: %.2f", c)
	}
}

// background is the colour under a text item: the last rectangle drawn
// before it that covers its middle, else the page.
func background(p *Page, i int, pal Palette) view.Color {
	it := p.Items[i]
	cx, cy := it.X+it.W/2, it.Y+it.H/2
	for j := i - 1; j >= 0; j-- {
		r := p.Items[j]
		if r.Kind == ItemRect && r.H >= it.H/2 && r.X <= cx && cx <= r.X+r.W && r.Y <= cy && cy <= r.Y+r.H {
			return r.Fill
		}
	}
	return pal.Background
}

// TestEveryTextIsReadable checks every text item of every chapter, in
// both themes, against what it is drawn on: prose, labels, links, code in
// every highlighting colour.
func TestEveryTextIsReadable(t *testing.T) {
	for _, dark := range []bool{false, true} {
		pal := Theme(dark)
		for _, c := range everyChapter(t) {
			p := Layout(c, docNodes(c), Style{Width: 800, Size: 17, Dark: dark}, measurer)
			bad := 0
			for i, it := range p.Items {
				if it.Kind != ItemText {
					continue
				}
				bg := background(p, i, pal)
				if r := Contrast(it.Color, bg); r < 4.5 {
					if bad++; bad <= 3 {
						t.Errorf("dark=%v %s: %q (%s) has contrast %.2f on %v", dark, c.File, it.Text, it.Role, r, bg)
					}
				}
			}
		}
	}
}

func TestCodeIsHighlighted(t *testing.T) {
	for _, dark := range []bool{false, true} {
		c := allChapters(t)[0]
		p := Layout(c, docNodes(c), Style{Width: 800, Size: 17, Dark: dark}, measurer)
		colours := map[view.Color][]string{}
		for _, it := range items(p, "scene.code") {
			colours[it.Color] = append(colours[it.Color], it.Text)
			if it.Font != Mono && it.Font != MonoBold {
				t.Errorf("code %q in %v", it.Text, it.Font)
			}
		}
		// Keywords, names, strings and comments: at least four colours.
		if len(colours) < 4 {
			t.Errorf("dark=%v: the tour's scene is set in %d colours: %v", dark, len(colours), colours)
		}
		colourOf := func(word string) view.Color {
			for col, ws := range colours {
				for _, w := range ws {
					if strings.Contains(w, word) {
						return col
					}
				}
			}
			t.Fatalf("no %q in the code", word)
			return view.Color{}
		}
		if colourOf("func") == colourOf("main") || colourOf(`"main is back"`) == colourOf("Println") || colourOf("//>") == colourOf("func") {
			t.Errorf("dark=%v: keyword, name, string and comment are not told apart: %v", dark, colours)
		}
	}
	// A language chroma does not know is plain text in one colour.
	lines := highlight("no-such-language", "a b\nc", Theme(false), false)
	if len(lines) != 2 || len(lines[0]) != 1 || lines[0][0].color != Theme(false).Code {
		t.Errorf("unknown language: %+v", lines)
	}
}

func TestTableColumnsLineUp(t *testing.T) {
	why := allChapters(t)[1]
	kitchen := testChapter(t, "90-kitchen.md")
	for _, c := range []*chapters.Chapter{why, kitchen} {
		for _, w := range []float32{360, 800, 1200} {
			p := Layout(c, docNodes(c), Style{Width: w, Size: 17}, measurer)
			name := fmt.Sprintf("%s at %.0f", c.File, w)
			// Group text items by table (consecutive cell items) and column.
			type col struct {
				left, right float32
				top, bottom float32
				starts      map[float32]bool // x of each line's first item
				ends        map[float32]bool // right edge of each line's last item
			}
			var tables []map[int]*col
			inTable := false
			for _, it := range p.Items {
				var j int
				isCell := it.Kind == ItemText && (sscan(it.Role, "td:%d", &j) || sscan(it.Role, "th:%d", &j))
				if !isCell {
					if it.Kind == ItemText {
						inTable = false
					}
					continue
				}
				if !inTable {
					tables = append(tables, map[int]*col{})
					inTable = true
				}
				cl := tables[len(tables)-1][j]
				if cl == nil {
					cl = &col{left: 1e9, top: 1e9, starts: map[float32]bool{}, ends: map[float32]bool{}}
					tables[len(tables)-1][j] = cl
				}
				cl.left, cl.right = min(cl.left, it.X), max(cl.right, it.X+it.W)
				cl.top, cl.bottom = min(cl.top, it.Y), max(cl.bottom, it.Y+it.H)
			}
			if len(tables) == 0 {
				t.Fatalf("%s: no table", name)
			}
			for ti, tb := range tables {
				for j := 0; tb[j+1] != nil; j++ {
					if tb[j].right > tb[j+1].left {
						t.Errorf("%s table %d: column %d reaches %.1f, column %d starts at %.1f", name, ti, j, tb[j].right, j+1, tb[j+1].left)
					}
				}
			}
			// Every line of a left-aligned column starts at the same x;
			// every line of a right-aligned one ends at the same x.
			lineEdges(p, func(role string, first, last Item) {
				var j int
				if !sscan(role, "td:%d", &j) && !sscan(role, "th:%d", &j) {
					return
				}
				for _, tb := range tables {
					if cl := tb[j]; cl != nil && first.Y >= cl.top && first.Y < cl.bottom {
						cl.starts[first.X] = true
						cl.ends[last.X+last.W] = true
					}
				}
			})
			if c == why {
				for _, tb := range tables {
					for j, cl := range tb {
						if len(cl.starts) != 1 {
							t.Errorf("%s: column %d's lines start at %d places: %v", name, j, len(cl.starts), cl.starts)
						}
					}
				}
			} else {
				tb := tables[0]
				if len(tb[0].starts) != 1 {
					t.Errorf("%s: the left-aligned column's lines start at %v", name, tb[0].starts)
				}
				if len(tb[2].ends) != 1 {
					t.Errorf("%s: the right-aligned column's lines end at %v", name, tb[2].ends)
				}
			}
		}
	}
}

func sscan(s, format string, j *int) bool {
	n, err := fmt.Sscanf(s, format, j)
	return err == nil && n == 1
}

// lineEdges calls f with the first and last text item of each line of
// each block role: items that share a baseline and a role.
func lineEdges(p *Page, f func(role string, first, last Item)) {
	type key struct {
		role string
		bl   float32
		col  float32
	}
	type edge struct{ first, last Item }
	seen := map[key]*edge{}
	var order []key
	for i, it := range p.Items {
		if it.Kind != ItemText {
			continue
		}
		if i > 0 && p.Items[i-1].Role == "code.bg" {
			// Inline code: its box starts at its background.
			bg := p.Items[i-1]
			it.X, it.W = bg.X, bg.W
		}
		k := key{it.Role, it.Baseline, 0}
		e := seen[k]
		if e == nil {
			seen[k] = &edge{it, it}
			order = append(order, k)
			continue
		}
		if it.X < e.first.X {
			e.first = it
		}
		if it.X+it.W > e.last.X+e.last.W {
			e.last = it
		}
	}
	for _, k := range order {
		f(k.role, seen[k].first, seen[k].last)
	}
}

func TestChineseTextBreaksBetweenCharacters(t *testing.T) {
	c := testChapter(t, "91-zh.md")
	for _, w := range []float32{200, 300, 777} {
		st := Style{Width: w, Size: 17}
		p := Layout(c, docNodes(c), st, measurer)
		checkPage(t, c.File, p, st)
		var lines []string
		for _, it := range items(p, "p") {
			if it.Y > p.Anchors[0].Y {
				break // the first paragraph ends at the heading
			}
			if len(lines) > 0 && it.X > 0 {
				lines[len(lines)-1] += it.Text
			} else {
				lines = append(lines, it.Text)
			}
		}
		para := strings.Join(strings.Fields(c.InlineText(c.Doc.FirstChild())), "")
		got := strings.ReplaceAll(strings.Join(lines, ""), " ", "")
		if para != got || len(lines) < 3 {
			t.Fatalf("width %.0f: the lines %q do not make up the paragraph %q", w, lines, para)
		}
		cjkBreaks := 0
		for i := 1; i < len(lines); i++ {
			prev, _ := utf8.DecodeLastRuneInString(lines[i-1])
			next, _ := utf8.DecodeRuneInString(lines[i])
			if isCJK(prev) && isCJK(next) {
				cjkBreaks++
			}
			if strings.ContainsRune("，。；）、", next) {
				t.Errorf("width %.0f: line %d starts with closing punctuation: %q", w, i, lines[i])
			}
			if strings.ContainsRune("（", prev) {
				t.Errorf("width %.0f: line %d ends with opening punctuation: %q", w, i-1, lines[i-1])
			}
		}
		if cjkBreaks == 0 {
			t.Errorf("width %.0f: no line breaks between two Chinese characters: %q", w, lines)
		}
		for _, it := range items(p, "p") {
			if it.X+it.W > w+eps {
				t.Errorf("width %.0f: %q reaches %.1f", w, it.Text, it.X+it.W)
			}
		}
		// The heading and the inline code in Chinese text are set too.
		if len(p.Anchors) != 1 || p.Anchors[0].Title != "抢占" || p.Anchors[0].ID != "section" {
			t.Errorf("anchors %+v", p.Anchors)
		}
	}
	// Every character of the chapter has a glyph in the fonts the app
	// draws with.
	for _, r := range string(c.Source) {
		if r > ' ' && !fonts.Has(fonts.Regular, r) && !fonts.Has(fonts.CJK, r) {
			t.Errorf("no glyph for %q (U+%04X)", r, r)
		}
	}
}

func TestBreakRules(t *testing.T) {
	for _, c := range []struct {
		a, b rune
		want bool
	}{
		{'调', '度', true},
		{'a', 'b', false},
		{'P', '的', true},
		{'的', 'P', true},
		{'度', '，', false},
		{'度', '。', false},
		{'（', '协', false},
		{'程', '）', false},
		{'1', '2', false},
	} {
		if got := breakBetween(c.a, c.b); got != c.want {
			t.Errorf("breakBetween(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

func TestMeasurerUsesTheFontFiles(t *testing.T) {
	m := NewMeasurer()
	// Go Mono: every character the same width, 0.6 em.
	if a, b := m.Advance("iiii", Mono, 20), m.Advance("WWWW", Mono, 20); a != b || math.Abs(float64(a)-4*0.6*20) > 0.5 {
		t.Errorf("mono: iiii %.2f, WWWW %.2f", a, b)
	}
	// Proportional and bold are proportional and bold.
	if m.Advance("iiii", Regular, 20) >= m.Advance("WWWW", Regular, 20) {
		t.Error("regular i is not narrower than W")
	}
	if m.Advance("scheduler", Bold, 20) <= m.Advance("scheduler", Regular, 20) {
		t.Error("bold is not wider")
	}
	// Sizes scale linearly; strings add up.
	if a, b := m.Advance("runnext", Regular, 10), m.Advance("runnext", Regular, 30); math.Abs(float64(3*a-b)) > 0.01 {
		t.Errorf("10 px %.3f, 30 px %.3f", a, b)
	}
	if a := m.Advance("run"+"next", Italic, 17); math.Abs(float64(a-m.Advance("run", Italic, 17)-m.Advance("next", Italic, 17))) > 0.01 {
		t.Error("widths do not add up")
	}
	// Chinese falls back to the Chinese font: one em per character.
	if a := m.Advance("调度器", Regular, 20); math.Abs(float64(a)-60) > 1 {
		t.Errorf("调度器 at 20 px is %.2f wide, want 60", a)
	}
	if a := m.Advance("é→…", Regular, 20); a <= 0 {
		t.Error("non-ASCII Latin is not measured")
	}
}
