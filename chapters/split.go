package chapters

import (
	"math"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
)

// How much text a slide holds, in lines of body type at the deck's
// largest size: the stage leaves room for about slideLines under a title.
// A content slide estimated at more than splitAbove lines is split into
// parts of at most splitInto lines each (present.js then shrinks the type
// of what still does not fit); fewer, larger letters beat one slide of
// small print.
const (
	slideLines     = 16.0
	splitAbove     = 1.45 * slideLines
	splitInto      = 1.15 * slideLines
	lineChars      = 88.0 // characters in a line of body type
	codeLineHeight = 0.72 // a line of code, in lines of body type
)

// splitLong splits the content slides that hold too much text into
// continuation slides, at block boundaries or between the items of a long
// list. A part never ends with a heading or with a paragraph that
// introduces what follows (it ends with a colon); the notes stay with the
// first part.
func (c *Chapter) splitLong(in []Slide) []Slide {
	var out []Slide
	for _, s := range in {
		if s.Kind != SlideContent {
			out = append(out, s)
			continue
		}
		// The units a slide may be cut between: blocks, and the items of
		// a long list.
		type unit struct {
			n     ast.Node
			list  *ast.List
			item  int
			lines float64
		}
		var units []unit
		total := 0.0
		for _, n := range s.Nodes {
			l := blockLines(c, n)
			total += l
			if list, ok := n.(*ast.List); ok && list.ChildCount() >= 4 && l > splitInto/2 {
				k := 0
				for it := list.FirstChild(); it != nil; it = it.NextSibling() {
					il := itemLines(c, it)
					if k == 0 {
						il += 0.6
					}
					units = append(units, unit{n: it, list: list, item: k, lines: il})
					k++
				}
				continue
			}
			units = append(units, unit{n: n, lines: l})
		}
		if total <= splitAbove || len(units) < 2 {
			out = append(out, s)
			continue
		}
		target := total / float64(int(total/splitInto)+1)
		var parts [][]unit
		var part []unit
		acc := 0.0
		for _, u := range units {
			if len(part) > 0 && acc+u.lines/2 > target && (part[len(part)-1].list != nil || !leadsIn(c, part[len(part)-1].n)) {
				parts = append(parts, part)
				part, acc = nil, 0
			}
			part = append(part, u)
			acc += u.lines
		}
		parts = append(parts, part)
		for i, p := range parts {
			sl := s
			if i > 0 {
				sl = Slide{Kind: SlideContent, Title: s.Title, Line: c.srcLine(p[0].n, s.Line)}
			}
			sl.Nodes = nil
			for k := 0; k < len(p); k++ {
				u := p[k]
				if u.list == nil {
					sl.Nodes = append(sl.Nodes, u.n)
					continue
				}
				from := u.item
				for k+1 < len(p) && p[k+1].list == u.list {
					k++
				}
				to := p[k].item + 1
				if from == 0 && to == u.list.ChildCount() {
					sl.Nodes = append(sl.Nodes, u.list)
				} else {
					sl.Nodes = append(sl.Nodes, &ListPart{List: u.list, From: from, To: to})
				}
			}
			out = append(out, sl)
		}
	}
	return out
}

// KindListPart is a run of a list's items on a slide of their own.
var KindListPart = ast.NewNodeKind("SlideListPart")

// ListPart is the items From to To (exclusive) of a list that does not fit
// on one slide. It wraps the chapter's list without changing it.
type ListPart struct {
	ast.BaseBlock
	List     *ast.List
	From, To int
}

func (n *ListPart) Kind() ast.NodeKind { return KindListPart }

func (n *ListPart) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"From": strconv.Itoa(n.From), "To": strconv.Itoa(n.To)}, nil)
}

// itemLines estimates the height of one list item.
func itemLines(c *Chapter, it ast.Node) float64 {
	return max(math.Ceil(float64(len([]rune(strings.TrimSpace(inlineText(it, c.Source)))))/lineChars), 1) + 0.15
}

// leadsIn reports a block that must not end a slide: a heading, or a
// paragraph that ends with a colon.
func leadsIn(c *Chapter, n ast.Node) bool {
	switch n.(type) {
	case *ast.Heading:
		return true
	case *ast.Paragraph:
		return strings.HasSuffix(strings.TrimSpace(inlineText(n, c.Source)), ":")
	}
	return false
}

// blockLines estimates the height of a top-level block, in lines of body
// type, margins included.
func blockLines(c *Chapter, n ast.Node) float64 {
	text := func(n ast.Node) float64 {
		return math.Ceil(float64(len([]rune(strings.TrimSpace(inlineText(n, c.Source))))) / lineChars)
	}
	switch x := n.(type) {
	case *ast.Heading:
		return 1.6
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return float64(n.Lines().Len())*codeLineHeight + 1.3
	case *ast.List:
		l := 0.6
		for it := x.FirstChild(); it != nil; it = it.NextSibling() {
			l += itemLines(c, it)
		}
		return l
	case *extast.Table:
		l := 0.8
		for row := x.FirstChild(); row != nil; row = row.NextSibling() {
			// Cells share the width: a row is as tall as its longest
			// cell, at the table's smaller type.
			longest := 1.0
			cells := 0
			for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
				cells++
			}
			for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
				w := lineChars * 1.2 / float64(max(cells, 1))
				longest = max(longest, math.Ceil(float64(len([]rune(inlineText(cell, c.Source))))/w))
			}
			l += longest*0.8 + 0.35
		}
		return l
	case *RealNode:
		return 4 + math.Ceil(float64(len(x.Real.Claim))/lineChars)
	case *ClaimNode:
		// a boxed claim and verdict, with labels and padding
		return text(n)*1.15 + 2.6
	case *NotesNode, *SceneNode, *PredictNode:
		return 0
	}
	return text(n) + 0.6
}

// srcLine is the chapter line where a block starts (def when it has no
// position of its own).
func (c *Chapter) srcLine(n ast.Node, def int) int {
	if l := c.nodeLine(n); l > 0 {
		return l
	}
	return def
}
