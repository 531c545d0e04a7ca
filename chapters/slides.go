package chapters

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// SlideKind is what a slide shows.
type SlideKind uint8

const (
	SlideTitle   SlideKind = iota // the chapter's title, summary and goals (and what comes before the first break)
	SlideContent                  // prose, lists, code, tables, claims under one heading
	SlideScene                    // one scene, full-slide; its narrated steps are the fragments
	SlidePoll                     // a predict exercise, shown as a poll
)

var slideKindNames = [...]string{SlideTitle: "title", SlideContent: "content", SlideScene: "scene", SlidePoll: "poll"}

func (k SlideKind) String() string {
	if int(k) < len(slideKindNames) {
		return slideKindNames[k]
	}
	return "slide?"
}

// Slide is one slide of presentation mode. Nodes are top-level blocks of
// the chapter's Doc, in order, without the slide's heading and without
// speaker notes; a reader renders them as it renders the chapter.
type Slide struct {
	Kind    SlideKind
	Title   string       // the heading's text (the chapter title for the title slide)
	Heading *ast.Heading // the heading that opened the slide; nil for the title slide and for continuations
	Nodes   []ast.Node
	Scene   *Scene   // SlideScene
	Predict *Predict // SlidePoll
	Notes   string   // speaker notes written in the slide's part of the chapter, blank-line separated
	Line    int      // the chapter line where the slide starts
}

// Slides splits the chapter into slides, the way docs/spec/chapters.md says:
// a `---` (thematic break) or a first- or second-level heading starts a
// new slide; every scene is a slide of its own (its narrated steps become
// fragments) and every predict block a poll slide; a ```notes block
// belongs to the slide it follows. Prose that follows a scene or a poll
// under the same heading continues on a slide with the same title. The
// first slide is the title slide (front matter and anything before the
// first break). Slides never come out empty, except the title slide.
//
// A content slide with more text than a projector shows in large type is
// split into continuation slides (see splitLong), so that every reader —
// the website and the desktop app — numbers the slides the same way.
func (c *Chapter) Slides() []Slide { return c.splitLong(c.slides()) }

// slides is Slides before long slides are split.
func (c *Chapter) slides() []Slide {
	out := []Slide{{Kind: SlideTitle, Title: c.Title, Line: 1}}
	cur := &out[0]
	title := c.Title // the heading in force, for continuation slides
	// open starts a slide, dropping the current one if it has nothing to
	// show (a heading alone still shows its title).
	open := func(s Slide) {
		bare := len(out) > 1 && len(cur.Nodes) == 0 && cur.Kind == SlideContent && cur.Notes == ""
		// A heading alone keeps its slide, unless a scene or a poll
		// follows at once: then that slide carries the heading.
		if bare && (cur.Heading == nil || s.Kind == SlideScene || s.Kind == SlidePoll) {
			if cur.Heading != nil {
				s.Heading, s.Line = cur.Heading, cur.Line
			}
			out = out[:len(out)-1]
		}
		out = append(out, s)
		cur = &out[len(out)-1]
	}
	for n := c.Doc.FirstChild(); n != nil; n = n.NextSibling() {
		line := c.nodeLine(n)
		for k := n.NextSibling(); line == 0 && k != nil; k = k.NextSibling() {
			line = c.nodeLine(k) // a thematic break has no lines of its own
		}
		switch x := n.(type) {
		case *ast.ThematicBreak:
			open(Slide{Kind: SlideContent, Title: title, Line: line})
		case *ast.Heading:
			if x.Level <= 2 {
				title = inlineText(x, c.Source)
				open(Slide{Kind: SlideContent, Title: title, Heading: x, Line: line})
				continue
			}
			c.addToSlide(&cur, &out, title, n, line)
		case *NotesNode:
			if cur.Notes != "" {
				cur.Notes += "\n\n"
			}
			cur.Notes += strings.TrimSpace(x.Notes.Text)
		case *SceneNode:
			s := Slide{Kind: SlideScene, Title: title, Nodes: []ast.Node{n}, Scene: x.Scene, Line: line}
			if x.Scene.Title != "" {
				s.Title = x.Scene.Title
			}
			open(s)
		case *PredictNode:
			open(Slide{Kind: SlidePoll, Title: title, Nodes: []ast.Node{n}, Predict: x.Predict, Line: line})
		default:
			c.addToSlide(&cur, &out, title, n, line)
		}
	}
	if len(out) > 1 && len(cur.Nodes) == 0 && cur.Heading == nil && cur.Kind == SlideContent && cur.Notes == "" {
		out = out[:len(out)-1]
	}
	return out
}

// addToSlide appends an ordinary block to the current slide, or to a
// continuation slide when the current one is a scene or a poll.
func (c *Chapter) addToSlide(cur **Slide, out *[]Slide, title string, n ast.Node, line int) {
	if k := (*cur).Kind; k == SlideScene || k == SlidePoll {
		*out = append(*out, Slide{Kind: SlideContent, Title: title, Line: line})
		*cur = &(*out)[len(*out)-1]
	}
	(*cur).Nodes = append((*cur).Nodes, n)
}

// nodeLine is the chapter line where a top-level block starts (0 if the
// block carries no position).
func (c *Chapter) nodeLine(n ast.Node) int {
	switch x := n.(type) {
	case *SceneNode:
		return x.Scene.Line - 1
	case *PredictNode:
		return x.Predict.Line
	case *NotesNode:
		return x.Notes.Line
	case *ClaimNode:
		return x.Claim.Line
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return c.lineOf(n.Lines().At(0).Start)
	}
	for k := n.FirstChild(); k != nil; k = k.NextSibling() {
		if l := c.nodeLine(k); l > 0 {
			return l
		}
	}
	if t, ok := n.(*ast.Text); ok {
		return c.lineOf(t.Segment.Start)
	}
	return 0
}

// inlineText is the plain text of a block's inline content: what a
// heading says, without emphasis marks or code backticks.
func inlineText(n ast.Node, src []byte) string {
	var sb strings.Builder
	_ = ast.Walk(n, func(x ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := x.(type) {
		case *ast.Text:
			sb.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				sb.WriteByte(' ')
			}
		case *ast.String:
			sb.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(sb.String())
}

// NodeLine is the chapter line where a block starts (0 if unknown).
func (c *Chapter) NodeLine(n ast.Node) int {
	if p, ok := n.(*ListPart); ok {
		k := 0
		for it := p.List.FirstChild(); it != nil; it = it.NextSibling() {
			if k == p.From {
				return c.nodeLine(it)
			}
			k++
		}
	}
	return c.nodeLine(n)
}

// InlineText is the plain text of a node's inline content (a heading, a
// paragraph), as a reader shows it without styling.
func (c *Chapter) InlineText(n ast.Node) string { return inlineText(n, c.Source) }
