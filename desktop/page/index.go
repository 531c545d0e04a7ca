package page

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gmpbook/gmpbook/chapters"
)

// Index is a plain-text search over chapters: their titles, headings,
// prose, code, scenes, exercises and claims (speaker notes stay out, as on
// the website). Matching ignores case and needs no word boundaries, so it
// works for Chinese too.
type Index struct {
	blocks []block
}

// HitKind is where a match is; hits are ranked in this order.
type HitKind uint8

const (
	InTitle   = HitKind(chapters.SearchTitle)   // the chapter's title
	InHeading = HitKind(chapters.SearchHeading) // a heading
	InText    = HitKind(chapters.SearchText)    // the text under a heading
)

// Hit is one search result.
type Hit struct {
	Kind     HitKind
	Chapter  int    // the chapter's number
	Slug     string // "stealing"
	Name     string // "05-stealing", as links name chapters
	Title    string // the chapter's title
	Anchor   string // the id of the nearest heading above the match ("" before the first)
	Heading  string // that heading's text (the chapter title before the first)
	Snippet  string // the text around the match, on one line
	Match    [2]int // the match in Snippet, as byte offsets
	Line     int    // the chapter line of the match; 1 in the title, summary and goals
	Link     string // "chapter:05-stealing#anchor", for the app's link handler
	AllWords bool   // the words of the query matched, not the phrase
}

// block is a searchable piece of a chapter (chapters.SearchBlock) with
// its text in lower case.
type block struct {
	chapters.SearchBlock
	c    *chapters.Chapter
	fold string // Text in lower case
}

// NewIndex reads the chapters.
func NewIndex(chs []*chapters.Chapter) *Index {
	ix := &Index{}
	for _, c := range chs {
		rename := idRenames(c)
		for _, b := range c.SearchBlocks() {
			if to, ok := rename[b.Anchor]; ok {
				b.Anchor = to
			}
			ix.blocks = append(ix.blocks, block{SearchBlock: b, c: c, fold: strings.ToLower(b.Text)})
		}
	}
	return ix
}

// maxHits bounds a search's results.
const maxHits = 200

// Search finds q: title hits first, then heading hits, then text, each in
// chapter order; one hit per block, at its first match. When the phrase
// is nowhere, blocks holding every word of it are hits (AllWords), at
// their first word.
func (ix *Index) Search(q string) []Hit {
	q = strings.ToLower(squeeze(q))
	if q == "" || ix == nil {
		return nil
	}
	var hits []Hit
	for i := range ix.blocks {
		b := &ix.blocks[i]
		if at := strings.Index(b.fold, q); at >= 0 {
			hits = append(hits, b.hit(at, len(q), false))
		}
	}
	if words := strings.Fields(q); len(hits) == 0 && len(words) > 1 {
	blocks:
		for i := range ix.blocks {
			b := &ix.blocks[i]
			for _, w := range words {
				if !strings.Contains(b.fold, w) {
					continue blocks
				}
			}
			at := strings.Index(b.fold, words[0])
			hits = append(hits, b.hit(at, len(words[0]), true))
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Kind < hits[j].Kind })
	if len(hits) > maxHits {
		hits = hits[:maxHits]
	}
	return hits
}

// hit makes the result for a match of n bytes at at in b.fold.
func (b *block) hit(at, n int, all bool) Hit {
	start, end := b.original(at), b.original(at+n)
	h := Hit{Kind: HitKind(b.Kind), Chapter: b.c.Number, Slug: b.c.Slug, Name: ChapterName(b.c), Title: b.c.Title,
		Anchor: b.Anchor, Heading: b.Heading, AllWords: all, Link: "chapter:" + ChapterName(b.c)}
	if b.Anchor != "" {
		h.Link += "#" + b.Anchor
	}
	for _, m := range b.Marks {
		if m.Off > start {
			break
		}
		h.Line = m.Line
	}
	h.Snippet, h.Match = snippet(b.Text, start, end)
	return h
}

// original maps a byte offset in fold to one in text. Lower case has the
// same length in UTF-8 for nearly every letter; where it does not, the
// two are walked rune by rune.
func (b *block) original(off int) int {
	if len(b.fold) == len(b.Text) {
		return off
	}
	f, t := 0, 0
	for t < len(b.Text) && f < off {
		r, n := utf8.DecodeRuneInString(b.Text[t:])
		f += utf8.RuneLen(unicode.ToLower(r))
		t += n
	}
	return t
}

// snippet is up to about 50 bytes of text before the match and 90 after,
// cut at spaces where it can, with … where it was cut.
func snippet(text string, start, end int) (string, [2]int) {
	const before, after = 50, 90
	from := max(0, start-before)
	for from > 0 && !utf8.RuneStart(text[from]) {
		from--
	}
	if from > 0 {
		if sp := strings.IndexByte(text[from:start], ' '); sp >= 0 {
			from += sp + 1
		}
	}
	to := min(len(text), end+after)
	for to < len(text) && !utf8.RuneStart(text[to]) {
		to++
	}
	if to < len(text) {
		if sp := strings.LastIndexByte(text[end:to], ' '); sp > 0 {
			to = end + sp
		}
	}
	s := text[from:to]
	m := [2]int{start - from, end - from}
	if from > 0 {
		s = "…" + s
		m[0] += len("…")
		m[1] += len("…")
	}
	if to < len(text) {
		s += "…"
	}
	return s, m
}

// squeeze collapses runs of white space into one space.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }
