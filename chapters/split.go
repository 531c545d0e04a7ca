package chapters

import (
	"fmt"
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
		out = append(out, c.splitSlide(s, 0)...)
	}
	return out
}

// splitUnit is a place a slide may be cut before: a block, or an item of
// a long list.
type splitUnit struct {
	n     ast.Node
	list  *ast.List
	item  int
	lines float64
}

// splitSlide cuts a content slide into parts. With want 0 the slide's
// length decides how many (splitLong's rule); with want > 0 it is cut
// into exactly want parts when it has that many units, as evenly as the
// units allow (a translation numbered as its original: TwinSlides).
func (c *Chapter) splitSlide(s Slide, want int) []Slide {
	if s.Kind != SlideContent {
		return []Slide{s}
	}
	var units []splitUnit
	total := 0.0
	for _, n := range s.Nodes {
		l := blockLines(c, n)
		total += l
		if list, ok := n.(*ast.List); ok && list.ChildCount() >= 4 && (l > splitInto/2 || want > 0) {
			k := 0
			for it := list.FirstChild(); it != nil; it = it.NextSibling() {
				il := itemLines(c, it)
				if k == 0 {
					il += 0.6
				}
				units = append(units, splitUnit{n: it, list: list, item: k, lines: il})
				k++
			}
			continue
		}
		units = append(units, splitUnit{n: n, lines: l})
	}
	var parts [][]splitUnit
	switch {
	case want == 0:
		if total <= splitAbove || len(units) < 2 {
			return []Slide{s}
		}
		target := total / float64(int(total/splitInto)+1)
		var part []splitUnit
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
	case want == 1 || len(units) < want:
		return []Slide{s}
	default:
		parts = cutInto(c, units, want, true)
		if len(parts) != want {
			// The lead-in rule left too few places to cut: cut anyway.
			parts = cutInto(c, units, want, false)
		}
	}
	var out []Slide
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
	return out
}

// cutInto cuts units into want parts as evenly as the units allow: of
// all the ways to cut, the one whose parts' lengths have the least sum of
// squares, so that no part is left with a line or two while its neighbour
// is full. With leadIn a part does not end with a block that introduces
// the next (leadsIn); when that rule leaves no way to cut into want
// parts, cutInto returns the units as one part.
func cutInto(c *Chapter, units []splitUnit, want int, leadIn bool) [][]splitUnit {
	m := len(units)
	if want <= 1 || m < want {
		return [][]splitUnit{units}
	}
	// prefix[i] is the length of units[:i].
	prefix := make([]float64, m+1)
	for i, u := range units {
		prefix[i+1] = prefix[i] + u.lines
	}
	// canEnd[i]: a part may end after units[i-1].
	canEnd := make([]bool, m+1)
	for i := 1; i <= m; i++ {
		last := units[i-1]
		canEnd[i] = i == m || !leadIn || last.list != nil || !leadsIn(c, last.n)
	}
	inf := math.Inf(1)
	// best[k][i]: the least cost of cutting units[:i] into k parts; from
	// [k][i] where the last of them starts.
	best := make([][]float64, want+1)
	from := make([][]int, want+1)
	for k := range best {
		best[k] = make([]float64, m+1)
		from[k] = make([]int, m+1)
		for i := range best[k] {
			best[k][i] = inf
		}
	}
	best[0][0] = 0
	for k := 1; k <= want; k++ {
		for i := k; i <= m; i++ {
			if !canEnd[i] {
				continue
			}
			for j := k - 1; j < i; j++ {
				if best[k-1][j] == inf {
					continue
				}
				l := prefix[i] - prefix[j]
				if cost := best[k-1][j] + l*l; cost < best[k][i] {
					best[k][i], from[k][i] = cost, j
				}
			}
		}
	}
	if best[want][m] == inf {
		return [][]splitUnit{units}
	}
	parts := make([][]splitUnit, want)
	for k, i := want, m; k > 0; k-- {
		j := from[k][i]
		parts[k-1] = units[j:i]
		i = j
	}
	return parts
}

// TwinSlides are the slides of a translation numbered as its original's:
// the same slides before splitting (chapters.Slides' rules), and each
// content slide split into as many parts as the original's is, so that
// slide n of one edition is slide n of the other. A translation whose
// slides do not line up with the original's is an error that says where.
func (c *Chapter) TwinSlides(orig *Chapter) ([]Slide, error) {
	mine, theirs := c.slides(), orig.slides()
	if len(mine) != len(theirs) {
		return nil, fmt.Errorf("%s: %d slides before splitting, %s has %d", c.File, len(mine), orig.File, len(theirs))
	}
	var out []Slide
	for i, s := range mine {
		o := theirs[i]
		if s.Kind != o.Kind || (s.Heading == nil) != (o.Heading == nil) {
			return nil, fmt.Errorf("%s:%d: slide %d is a %s slide, but in %s (line %d) a %s slide", c.File, s.Line, i+1, s.Kind, orig.File, o.Line, o.Kind)
		}
		n := len(orig.splitSlide(o, 0))
		parts := c.splitSlide(s, n)
		if len(parts) != n {
			return nil, fmt.Errorf("%s:%d: slide %d cannot be cut into the %d parts of %s:%d", c.File, s.Line, i+1, n, orig.File, o.Line)
		}
		out = append(out, parts...)
	}
	return out, nil
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
