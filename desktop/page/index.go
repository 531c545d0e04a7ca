package page

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"

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
	InTitle   HitKind = iota // the chapter's title
	InHeading                // a heading
	InText                   // the text under a heading
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

// block is a searchable piece of text: a title, a heading or a top-level
// block of a chapter.
type block struct {
	kind    HitKind
	c       *chapters.Chapter
	anchor  string
	heading string
	text    string
	fold    string // text in lower case
	marks   []mark // where text comes from
}

// mark says text from byte off on comes from chapter line line.
type mark struct{ off, line int }

// NewIndex reads the chapters.
func NewIndex(chs []*chapters.Chapter) *Index {
	ix := &Index{}
	for _, c := range chs {
		if c == nil || c.Doc == nil {
			continue
		}
		ids := HeadingIDs(c)
		ls := newLines(c.Source)
		ix.add(block{kind: InTitle, c: c, heading: c.Title, text: squeeze(c.Title), marks: []mark{{0, 1}}})
		anchor, heading := "", c.Title
		// The summary and goals belong to the top of the chapter.
		var intro textBuilder
		intro.add(c.Summary+" "+strings.Join(c.Goals, " "), 1)
		ix.add(block{kind: InText, c: c, heading: heading, text: intro.text(), marks: intro.marks})
		for n := c.Doc.FirstChild(); n != nil; n = n.NextSibling() {
			if h, ok := n.(*ast.Heading); ok {
				anchor, heading = ids[h], c.InlineText(h)
				ix.add(block{kind: InHeading, c: c, anchor: anchor, heading: heading, text: squeeze(heading), marks: []mark{{0, ls.nodeLine(h)}}})
				continue
			}
			var tb textBuilder
			tb.block(n, c, ls)
			ix.add(block{kind: InText, c: c, anchor: anchor, heading: heading, text: tb.text(), marks: tb.marks})
		}
	}
	return ix
}

func (ix *Index) add(b block) {
	if strings.TrimSpace(b.text) == "" {
		return
	}
	b.fold = strings.ToLower(b.text)
	ix.blocks = append(ix.blocks, b)
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
	h := Hit{Kind: b.kind, Chapter: b.c.Number, Slug: b.c.Slug, Name: ChapterName(b.c), Title: b.c.Title,
		Anchor: b.anchor, Heading: b.heading, AllWords: all, Link: "chapter:" + ChapterName(b.c)}
	if b.anchor != "" {
		h.Link += "#" + b.anchor
	}
	for _, m := range b.marks {
		if m.off > start {
			break
		}
		h.Line = m.line
	}
	h.Snippet, h.Match = snippet(b.text, start, end)
	return h
}

// original maps a byte offset in fold to one in text. Lower case has the
// same length in UTF-8 for nearly every letter; where it does not, the
// two are walked rune by rune.
func (b *block) original(off int) int {
	if len(b.fold) == len(b.text) {
		return off
	}
	f, t := 0, 0
	for t < len(b.text) && f < off {
		r, n := utf8.DecodeRuneInString(b.text[t:])
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

// textBuilder gathers a block's searchable text, one space between
// words, and where each piece comes from.
type textBuilder struct {
	sb    strings.Builder
	marks []mark
	space bool // white space is pending
}

func (t *textBuilder) text() string { return t.sb.String() }

// add appends s, which comes from chapter line line (0: unknown).
func (t *textBuilder) add(s string, line int) {
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		if t.space && t.sb.Len() > 0 {
			t.sb.WriteByte(' ')
		}
		t.space = false
		if n := len(t.marks); line > 0 && (n == 0 || t.marks[n-1].line != line) {
			t.marks = append(t.marks, mark{t.sb.Len(), line})
		}
		t.sb.WriteString(s[start:end])
		start = -1
	}
	for i, r := range s {
		if unicode.IsSpace(r) {
			flush(i)
			t.space = true
		} else if start < 0 {
			start = i
		}
	}
	flush(len(s))
}

// block adds the words of a top-level block.
func (t *textBuilder) block(n ast.Node, c *chapters.Chapter, ls lines) {
	src := c.Source
	switch n := n.(type) {
	case *chapters.NotesNode:
		return
	case *chapters.SceneNode:
		t.add(n.Scene.Title+" ", n.Scene.Line-1)
		for i, l := range strings.Split(n.Scene.Source, "\n") {
			t.add(l+" ", n.Scene.Line+i)
		}
		return
	case *chapters.PredictNode:
		t.add(n.Predict.Question+" ", n.Predict.Line+1)
		t.add(strings.Join(n.Predict.Choices, " ")+" ", n.Predict.Line+1)
		return
	case *chapters.RealNode:
		t.add(n.Real.Claim+" ", n.Real.Line+1)
		return
	case *chapters.ErrorNode:
		return
	case *ast.Text:
		t.add(string(n.Segment.Value(src)), ls.at(n.Segment.Start))
		if n.SoftLineBreak() || n.HardLineBreak() {
			t.add(" ", ls.at(n.Segment.Start))
		}
		return
	case *ast.String:
		t.add(string(n.Value), 0)
		return
	case *extast.FootnoteLink, *extast.FootnoteBacklink:
		return
	}
	if n.Type() == ast.TypeBlock && !n.HasChildren() {
		// Code, HTML: its lines.
		ls2 := n.Lines()
		for i := 0; i < ls2.Len(); i++ {
			seg := ls2.At(i)
			t.add(string(seg.Value(src))+" ", ls.at(seg.Start))
		}
		return
	}
	for k := n.FirstChild(); k != nil; k = k.NextSibling() {
		t.block(k, c, ls)
		if k.Type() == ast.TypeBlock || isCell(k) {
			t.add(" ", 0)
		}
	}
}

func isCell(n ast.Node) bool {
	_, ok := n.(*extast.TableCell)
	return ok
}
