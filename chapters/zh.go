package chapters

import (
	"embed"
	"io/fs"

	"github.com/yuin/goldmark/ast"
)

// The Simplified Chinese edition: chapters/zh holds a twin of each English
// chapter with the same file name, the same scenes (code and settings),
// predict answers and real checks, and Chinese prose and captions
// (zh_twin_test.go holds them to that; zh/glossary.tsv fixes the words).
//
//go:embed zh/*.md
var embeddedZh embed.FS

// Zh reads every embedded Chinese chapter, in number order (Load over
// chapters/zh); the first chapter that does not read is the error.
func Zh() ([]*Chapter, error) {
	sub, err := fs.Sub(embeddedZh, "zh")
	if err != nil {
		return nil, err
	}
	files, err := Load(sub, "chapters/zh")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if f.Err != nil {
			return nil, f.Err
		}
	}
	return Chapters(files), nil
}

// HeadingIDList is the chapter's heading ids (HeadingIDs) in document
// order. A Chinese twin's headings take its English chapter's ids in this
// order (the twins have the same headings, level by level), so that a
// link to a section and the language switch land on the same section in
// both editions.
func (c *Chapter) HeadingIDList() []string {
	ids := c.HeadingIDs()
	var out []string
	if c == nil || c.Doc == nil {
		return out
	}
	_ = ast.Walk(c.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			out = append(out, ids[h])
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}
