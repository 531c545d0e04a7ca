package page

import (
	"strings"
	"testing"

	"github.com/gmpbook/gmpbook/render/view"
)

func TestSearchRanksTitlesThenHeadingsThenText(t *testing.T) {
	chs := allChapters(t)
	ix := NewIndex(chs)
	hits := ix.Search("Where a thief LOOKS")
	if len(hits) == 0 {
		t.Fatal("no hits")
	}
	h := hits[0]
	if h.Kind != InHeading || h.Name != "05-stealing" || h.Slug != "stealing" || h.Chapter != 5 || h.Anchor != "where-a-thief-looks" ||
		h.Link != "chapter:05-stealing#where-a-thief-looks" || h.Heading != "Where a thief looks" {
		t.Errorf("first hit %+v", h)
	}
	// The title of chapter 5 says "Work stealing"; text elsewhere does too.
	hits = ix.Search("work stealing")
	if len(hits) < 2 || hits[0].Kind != InTitle || hits[0].Name != "05-stealing" || hits[0].Anchor != "" {
		t.Fatalf("work stealing: %+v", hits[:min(len(hits), 3)])
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Kind < hits[i-1].Kind {
			t.Errorf("hit %d (%v) ranks below hit %d (%v)", i, hits[i].Kind, i-1, hits[i-1].Kind)
		}
	}
	// A word in one heading and in much text: the heading first.
	hits = ix.Search("runnext")
	if len(hits) < 10 || hits[0].Kind != InHeading {
		t.Errorf("runnext: %d hits, first %+v", len(hits), hits[0])
	}
}

func TestSearchHitsSayWhereTheyAre(t *testing.T) {
	chs := allChapters(t)
	ix := NewIndex(chs)
	byName := map[string][]string{}
	front := map[string]string{}
	for _, c := range chs {
		byName[ChapterName(c)] = strings.Split(string(c.Source), "\n")
		front[ChapterName(c)] = strings.ToLower(c.Title + " " + c.Summary + " " + strings.Join(c.Goals, " "))
	}
	for _, q := range []string{"findRunnable", "GOMAXPROCS", "stealTries = 4", "schedtick % 61"} {
		hits := ix.Search(q)
		if len(hits) == 0 {
			t.Errorf("%q: no hits", q)
			continue
		}
		for _, h := range hits {
			got := h.Snippet[h.Match[0]:h.Match[1]]
			if !strings.EqualFold(got, q) {
				t.Errorf("%q: the snippet %q marks %q", q, h.Snippet, got)
			}
			lines := byName[h.Name]
			if h.Line < 1 || h.Line > len(lines) {
				t.Errorf("%q: hit in %s at line %d", q, h.Name, h.Line)
				continue
			}
			if h.Line == 1 && strings.Contains(front[h.Name], strings.ToLower(q)) {
				continue // the front matter: title, summary, goals
			}
			if !strings.Contains(strings.ToLower(lines[h.Line-1]), strings.ToLower(q)) {
				t.Errorf("%q: %s line %d is %q", q, h.Name, h.Line, lines[h.Line-1])
			}
		}
	}
	// Case does not matter; nonsense finds nothing; notes are not searched.
	if a, b := ix.Search("gomaxprocs"), ix.Search("GOMAXPROCS"); len(a) != len(b) || len(a) == 0 {
		t.Errorf("gomaxprocs %d hits, GOMAXPROCS %d", len(a), len(b))
	}
	if hits := ix.Search("zzqqxx"); len(hits) != 0 {
		t.Errorf("nonsense: %+v", hits)
	}
	if hits := ix.Search("ask for hands"); len(hits) != 0 {
		t.Errorf("speaker notes are searched: %+v", hits)
	}
	if hits := ix.Search("  "); hits != nil {
		t.Error("an empty query has hits")
	}
}

func TestSearchAllWords(t *testing.T) {
	ix := NewIndex(allChapters(t))
	hits := ix.Search("half runnext thief")
	if len(hits) == 0 {
		t.Fatal("no block holds half, runnext and thief")
	}
	for _, h := range hits {
		if !h.AllWords || !strings.EqualFold(h.Snippet[h.Match[0]:h.Match[1]], "half") {
			t.Errorf("%+v", h)
		}
	}
}

func TestSearchChinese(t *testing.T) {
	ix := NewIndex(append(allChapters(t), testChapter(t, "91-zh.md")))
	hits := ix.Search("抢占")
	if len(hits) < 3 {
		t.Fatalf("抢占: %+v", hits)
	}
	if hits[0].Kind != InHeading || hits[0].Heading != "抢占" || hits[0].Name != "91-zh" {
		t.Errorf("first hit %+v", hits[0])
	}
	for _, h := range hits[1:] {
		if h.Snippet[h.Match[0]:h.Match[1]] != "抢占" {
			t.Errorf("snippet %q marks %q", h.Snippet, h.Snippet[h.Match[0]:h.Match[1]])
		}
	}
	if hits := ix.Search("调度器"); len(hits) == 0 || hits[0].Kind != InTitle {
		t.Errorf("调度器: %+v", hits)
	}
}

func TestSnippetIsCutAtSpaces(t *testing.T) {
	text := strings.Repeat("word ", 40) + "needle" + strings.Repeat(" word", 40)
	at := strings.Index(text, "needle")
	s, m := snippet(text, at, at+6)
	if s[m[0]:m[1]] != "needle" || !strings.HasPrefix(s, "…word") || !strings.HasSuffix(s, "word…") || len(s) > 170 {
		t.Errorf("snippet %q %v", s, m)
	}
}

func TestReadableFixesPoorColours(t *testing.T) {
	bg := Theme(false).CodeBg
	poor := view.Color{R: 0x99, G: 0x99, B: 0x88, A: 255} // an old GitHub comment grey
	if Contrast(poor, bg) >= 4.5 {
		t.Fatal("the example is not poor")
	}
	fixed := readable(poor, bg, Theme(false).Text, 4.5)
	if c := Contrast(fixed, bg); c < 4.5 {
		t.Errorf("readable gave contrast %.2f", c)
	}
	if good := (view.Color{R: 0x0a, G: 0x30, B: 0x69, A: 255}); readable(good, bg, Theme(false).Text, 4.5) != good {
		t.Error("readable changed a colour that was readable")
	}
}
