package chapters

import (
	"sort"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
)

// SearchKind is what a SearchBlock is.
type SearchKind uint8

const (
	SearchTitle   SearchKind = iota // the chapter's title
	SearchHeading                   // a heading
	SearchText                      // the summary and goals, or a top-level block under a heading
)

// SearchBlock is a piece of a chapter's searchable text: its title, a
// heading, the summary and goals, or the words of one top-level block
// (prose, code, a scene's title and source, an exercise's question and
// choices, a claim). Speaker notes and error blocks stay out. The desktop
// app's search and the website's search index are both made of these.
type SearchBlock struct {
	Kind    SearchKind
	Anchor  string // the id of the heading the block is or is under ("" before the first)
	Heading string // that heading's text (the chapter's title before the first)
	// Text is the block's words with one space between them. The spaces
	// of the source around a code span or an emphasis are kept, so
	// "into `p.runnext` with" reads "into p.runnext with".
	Text  string
	Marks []SearchMark // where Text comes from, in order of Off
}

// SearchMark says that Text from byte Off on comes from chapter line Line.
type SearchMark struct{ Off, Line int }

// SearchBlocks is the chapter's searchable text in reading order: the
// title, the summary and goals, then for each top-level block either a
// heading or the block's words. Blocks without words are left out.
func (c *Chapter) SearchBlocks() []SearchBlock {
	if c == nil || c.Doc == nil {
		return nil
	}
	var out []SearchBlock
	add := func(b SearchBlock) {
		if strings.TrimSpace(b.Text) != "" {
			out = append(out, b)
		}
	}
	ids := c.HeadingIDs()
	ls := NewLineIndex(c.Source)
	add(SearchBlock{Kind: SearchTitle, Heading: c.Title, Text: squeeze(c.Title), Marks: []SearchMark{{0, 1}}})
	anchor, heading := "", c.Title
	var intro searchText
	intro.add(c.Summary+" "+strings.Join(c.Goals, " "), 1)
	add(SearchBlock{Kind: SearchText, Heading: heading, Text: intro.sb.String(), Marks: intro.marks})
	for n := c.Doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			anchor, heading = ids[h], c.InlineText(h)
			line := 0
			if h.Lines().Len() > 0 {
				line = ls.At(h.Lines().At(0).Start)
			}
			add(SearchBlock{Kind: SearchHeading, Anchor: anchor, Heading: heading, Text: squeeze(heading), Marks: []SearchMark{{0, line}}})
			continue
		}
		var t searchText
		t.block(n, c.Source, ls)
		add(SearchBlock{Kind: SearchText, Anchor: anchor, Heading: heading, Text: t.sb.String(), Marks: t.marks})
	}
	return out
}

// HeadingIDs gives each heading of the chapter the id the website gives
// it (HeadingID, in document order). Ids depend on every heading before,
// so they are computed over the whole chapter, also when only a slide is
// laid out.
func (c *Chapter) HeadingIDs() map[*ast.Heading]string {
	ids := map[*ast.Heading]string{}
	if c == nil || c.Doc == nil {
		return ids
	}
	seen := map[string]int{}
	_ = ast.Walk(c.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			ids[h] = HeadingID(seen, c.InlineText(h))
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return ids
}

// squeeze collapses runs of white space into one space.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

// LineIndex maps byte offsets of a chapter's source to 1-based lines.
type LineIndex []int // the offsets at which lines start

// NewLineIndex indexes the lines of src.
func NewLineIndex(src []byte) LineIndex {
	l := LineIndex{0}
	for i, b := range src {
		if b == '\n' {
			l = append(l, i+1)
		}
	}
	return l
}

// At is the line of byte offset off.
func (l LineIndex) At(off int) int {
	return sort.Search(len(l), func(i int) bool { return l[i] > off })
}

// searchText gathers a block's words, one space between them, and the
// line each piece comes from.
type searchText struct {
	sb    strings.Builder
	marks []SearchMark
	space bool // white space is pending
}

// add appends s, which comes from chapter line line (0: unknown).
func (t *searchText) add(s string, line int) {
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		if t.space && t.sb.Len() > 0 {
			t.sb.WriteByte(' ')
		}
		t.space = false
		if n := len(t.marks); line > 0 && (n == 0 || t.marks[n-1].Line != line) {
			t.marks = append(t.marks, SearchMark{t.sb.Len(), line})
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

// block adds the words of a block and of the blocks and inlines in it.
func (t *searchText) block(n ast.Node, src []byte, ls LineIndex) {
	switch n := n.(type) {
	case *NotesNode, *ErrorNode:
		return
	case *SceneNode:
		t.add(n.Scene.Title+" ", n.Scene.Line-1)
		for i, l := range strings.Split(n.Scene.Source, "\n") {
			t.add(l+" ", n.Scene.Line+i)
		}
		return
	case *PredictNode:
		t.add(n.Predict.Question+" ", n.Predict.Line+1)
		t.add(strings.Join(n.Predict.Choices, " ")+" ", n.Predict.Line+1)
		return
	case *RealNode:
		t.add(n.Real.Claim+" ", n.Real.Line+1)
		return
	case *ast.Text:
		t.add(string(n.Segment.Value(src)), ls.At(n.Segment.Start))
		if n.SoftLineBreak() || n.HardLineBreak() {
			t.add(" ", ls.At(n.Segment.Start))
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
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			t.add(string(seg.Value(src))+" ", ls.At(seg.Start))
		}
		return
	}
	for k := n.FirstChild(); k != nil; k = k.NextSibling() {
		t.block(k, src, ls)
		if k.Type() == ast.TypeBlock || isTableCell(k) {
			t.add(" ", 0)
		}
	}
}

func isTableCell(n ast.Node) bool {
	_, ok := n.(*extast.TableCell)
	return ok
}
