package site

import (
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/gmpbook/gmpbook/chapters"
)

// searchIndex is every chapter cut into sections (at headings), each with
// its words: prose, code, scene sources, exercises and claims. Speaker
// notes stay out. The page's script searches it without a server.
func searchIndex(chs []*chapters.Chapter) ([]byte, error) {
	var entries []searchEntry
	for _, c := range chs {
		ids := &chapterRenderer{ids: map[string]int{}} // the same heading ids as the page
		cur := searchEntry{Page: PageName(c), Chapter: c.Number, Title: c.Title, Section: c.Title}
		var text strings.Builder
		text.WriteString(c.Summary + " " + strings.Join(c.Goals, " ") + " ")
		flush := func() {
			cur.Text = squeeze(text.String())
			if cur.Text != "" || cur.Anchor != "" {
				entries = append(entries, cur)
			}
			text.Reset()
		}
		for n := c.Doc.FirstChild(); n != nil; n = n.NextSibling() {
			if h, ok := n.(*ast.Heading); ok {
				flush()
				t := chapters.PlainText(h, c.Source)
				cur = searchEntry{Page: PageName(c), Chapter: c.Number, Title: c.Title, Section: t, Anchor: ids.headingID(t)}
				continue
			}
			blockText(&text, n, c.Source)
		}
		flush()
	}
	return jsonCompact(entries)
}

// blockText appends the searchable words of a block.
func blockText(b *strings.Builder, n ast.Node, src []byte) {
	switch n := n.(type) {
	case *chapters.NotesNode:
		return
	case *chapters.SceneNode:
		b.WriteString(n.Scene.Title + " " + n.Scene.Source + " ")
		return
	case *chapters.PredictNode:
		b.WriteString(n.Predict.Question + " " + strings.Join(n.Predict.Choices, " ") + " ")
		return
	case *chapters.RealNode:
		b.WriteString(n.Real.Claim + " ")
		return
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			b.Write(seg.Value(src))
		}
		b.WriteByte(' ')
		return
	}
	if n.Type() == ast.TypeInline {
		b.WriteString(chapters.PlainText(n, src))
		return
	}
	// A block of inline content (a paragraph, a list item's text) is read
	// whole, so the spaces between a code span or an emphasis and the
	// words around it stay.
	if c := n.FirstChild(); c != nil && c.Type() == ast.TypeInline {
		b.WriteString(chapters.PlainText(n, src))
		b.WriteByte(' ')
		return
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		blockText(b, c, src)
	}
	b.WriteByte(' ')
}

// squeeze collapses runs of white space.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }
