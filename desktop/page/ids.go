package page

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/gmpbook/gmpbook/chapters"
)

// ChapterName is the name links use for a chapter: its file name without
// ".md", "05-stealing".
func ChapterName(c *chapters.Chapter) string { return fmt.Sprintf("%02d-%s", c.Number, c.Slug) }

// chapterLinkRE is a link between chapter sources, "05-stealing.md#x"; the
// website may already have rewritten it to "05-stealing.html#x".
var chapterLinkRE = regexp.MustCompile(`^(?:\./)?(\d\d-[a-z0-9-]+)\.(?:md|html)(#.*)?$`)

// LinkTarget is what a Markdown link destination in chapter c leads to:
// "chapter:05-stealing#x" for another chapter (or this one), the address
// itself for the web and anything else.
func LinkTarget(c *chapters.Chapter, dest string) string {
	if m := chapterLinkRE.FindStringSubmatch(dest); m != nil {
		return "chapter:" + m[1] + m[2]
	}
	if strings.HasPrefix(dest, "#") && c != nil {
		return "chapter:" + ChapterName(c) + dest
	}
	return dest
}

// refRE is a runtime source reference in inline code, as package chapters
// and the website read it (docs/spec/chapters.md, "Runtime references").
var refRE = regexp.MustCompile(`^([a-z0-9_]+\.go):([A-Za-z_][A-Za-z0-9_.()*]*)$`)

// refLink is "ref:proc.go:findRunnable" for a runtime reference, "" for
// other code.
func refLink(code string) string {
	if strings.Contains(code, ".go:") && refRE.MatchString(code) {
		return "ref:" + code
	}
	return ""
}

// lines maps byte offsets of a chapter's source to 1-based line numbers.
type lines struct{ chapters.LineIndex }

func newLines(src []byte) lines { return lines{chapters.NewLineIndex(src)} }

func (l lines) at(off int) int { return l.At(off) }

// nodeLine is the chapter line where a block starts, 0 if it has none.
func (l lines) nodeLine(n ast.Node) int {
	switch x := n.(type) {
	case *chapters.SceneNode:
		return x.Scene.Line - 1
	case *chapters.PredictNode:
		return x.Predict.Line
	case *chapters.RealNode:
		return x.Real.Line
	case *chapters.NotesNode:
		return x.Notes.Line
	case *chapters.ClaimNode:
		return x.Claim.Line
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return l.at(n.Lines().At(0).Start)
	}
	if t, ok := n.(*ast.Text); ok {
		return l.at(t.Segment.Start)
	}
	for k := n.FirstChild(); k != nil; k = k.NextSibling() {
		if v := l.nodeLine(k); v > 0 {
			return v
		}
	}
	return 0
}
