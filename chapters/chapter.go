package chapters

import (
	"bytes"
	"embed"
	"fmt"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/gmpbook/gmpbook/script"
)

//go:embed *.md
var embedded embed.FS

// Chapter is one chapter, parsed and checked.
type Chapter struct {
	File    string
	Slug    string // "04-schedule" → "schedule"
	Number  int    // from the file name
	Title   string
	Summary string
	Goals   []string
	Source  []byte
	Doc     ast.Node // goldmark AST with Scene, Predict, Real, Notes and Claim nodes

	Scenes   []*Scene
	Predicts []*Predict
	Reals    []*Real
	Claims   []*Claim
	Notes    []*Notes
	Refs     []Ref
}

// Scene is a ```go scene block.
type Scene struct {
	ID       string
	Title    string
	Settings script.Settings
	Source   string
	Line     int // the line of the first source line in the chapter
	Compiled *script.Compiled
}

// Predict is a "predict, then run" exercise about a scene: the reader
// answers before running; the expected answer is what the scene does.
type Predict struct {
	Scene  string
	Answer string // what is compared: output, first-line, last-line, order, exit
	// Seeds, when set, makes the exercise about a distribution: the answer
	// is the one the scene gives most often over seeds 1..Seeds (ties go
	// to the answer that sorts first).
	Seeds    int
	Question string
	Choices  []string // "- " lines of the body, if any
	Line     int
}

// Real is a "run it for real" block: the scene's complete program, the
// gmpbook real command, and the claim a test checks on the real runtime.
type Real struct {
	Scene string
	Claim string
	Check string // how the test checks the claim, e.g. "output", "order-set", "range=5ms..30ms"
	Line  int
}

// Claim is a popular claim checked against the runtime source.
type Claim struct {
	Claim, Verdict string
	Line           int
}

// Notes are speaker notes for presentation mode.
type Notes struct {
	Text string
	Line int
}

// Ref is an inline `file.go:function` reference to the runtime source.
type Ref struct {
	File, Func string
	Line       int
}

// Error is a problem in a chapter, at file:line:col.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Pos.Filename, e.Pos.Line, e.Pos.Column, e.Msg)
}

// All reads every embedded chapter, in number order (Load over the
// embedded files); the first chapter that does not read is the error.
func All() ([]*Chapter, error) {
	files, err := Load(embedded, "chapters")
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

var fileRE = regexp.MustCompile(`(?:^|/)(\d\d)-([a-z0-9-]+)\.md$`)

// Parse reads one chapter. name is used in messages ("chapters/04-x.md").
func Parse(name string, src []byte) (*Chapter, error) {
	c := &Chapter{File: name, Source: src}
	if m := fileRE.FindStringSubmatch(name); m != nil {
		c.Number, _ = strconv.Atoi(m[1])
		c.Slug = m[2]
	} else {
		return nil, &Error{Pos: token.Position{Filename: name, Line: 1, Column: 1}, Msg: "a chapter file is named NN-slug.md"}
	}
	if err := c.frontMatter(); err != nil {
		return nil, err
	}
	// The whole (blanked) source is parsed so that offsets are offsets in
	// the file.
	doc := newMarkdown(c).Parser().Parse(text.NewReader(c.Source))
	c.Doc = doc
	if err := c.collect(doc); err != nil {
		return nil, err
	}
	return c, nil
}

// frontMatter reads the ---/--- header; it is blanked out (kept as
// whitespace) so that goldmark offsets stay offsets in the file.
func (c *Chapter) frontMatter() error {
	src := c.Source
	errAt := func(line int, format string, args ...any) error {
		return &Error{Pos: token.Position{Filename: c.File, Line: line, Column: 1}, Msg: fmt.Sprintf(format, args...)}
	}
	if !bytes.HasPrefix(src, []byte("---\n")) {
		return errAt(1, "a chapter starts with front matter (---, title:, summary:, goals:, ---)")
	}
	lines := strings.Split(string(src), "\n")
	end := -1
	var key string
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		if l == "---" {
			end = i
			break
		}
		switch {
		case strings.TrimSpace(l) == "":
		case strings.HasPrefix(strings.TrimSpace(l), "- "):
			if key != "goals" {
				return errAt(i+1, "a list item belongs under goals:")
			}
			c.Goals = append(c.Goals, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- ")))
		default:
			k, v, ok := strings.Cut(l, ":")
			if !ok {
				return errAt(i+1, "front matter lines are key: value")
			}
			key = strings.TrimSpace(k)
			v = strings.Trim(strings.TrimSpace(v), `"`)
			switch key {
			case "title":
				c.Title = v
			case "summary":
				c.Summary = v
			case "goals":
			default:
				return errAt(i+1, "unknown front matter key %q (have title, summary, goals)", key)
			}
		}
	}
	if end < 0 {
		return errAt(1, "front matter is not closed by ---")
	}
	if c.Title == "" {
		return errAt(1, "front matter needs a title")
	}
	// Blank the header out in place.
	n := 0
	for i := 0; i <= end; i++ {
		n += len(lines[i]) + 1
	}
	n = min(n, len(src)) // the closing --- may be the file's last line, without a newline
	blank := bytes.Repeat([]byte{' '}, n)
	for i := 0; i < n; i++ {
		if src[i] == '\n' {
			blank[i] = '\n'
		}
	}
	c.Source = append(blank, src[n:]...)
	return nil
}

func newMarkdown(c *Chapter) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Footnote),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(&transformer{c: c}, 100))),
	)
}

// lineOf is the 1-based line of a byte offset in the chapter.
func (c *Chapter) lineOf(off int) int { return bytes.Count(c.Source[:off], []byte("\n")) + 1 }

func (c *Chapter) errorf(line, col int, format string, args ...any) error {
	return &Error{Pos: token.Position{Filename: c.File, Line: line, Column: col}, Msg: fmt.Sprintf(format, args...)}
}

var refRE = regexp.MustCompile(`^([a-z0-9_]+\.go):([A-Za-z_][A-Za-z0-9_.()*]*)$`)

// collect gathers the chapter's special nodes and references, and checks
// the cross-references between them.
func (c *Chapter) collect(doc ast.Node) error {
	var err error
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || err != nil {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *SceneNode:
			c.Scenes = append(c.Scenes, n.Scene)
		case *PredictNode:
			c.Predicts = append(c.Predicts, n.Predict)
		case *RealNode:
			c.Reals = append(c.Reals, n.Real)
		case *NotesNode:
			c.Notes = append(c.Notes, n.Notes)
		case *ClaimNode:
			c.Claims = append(c.Claims, n.Claim)
		case *ErrorNode:
			err = n.Err
		case *ast.Image:
			line, col := c.imagePos(n)
			err = c.errorf(line, col, "a picture (%s): chapters have none, since neither the website nor the desktop app "+
				"ships picture files; show it with a scene, a table or words", n.Destination)
		case *ast.CodeSpan:
			var sb strings.Builder
			for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
				if tx, ok := ch.(*ast.Text); ok {
					sb.Write(tx.Segment.Value(c.Source))
				}
			}
			t := sb.String()
			if m := refRE.FindStringSubmatch(t); m != nil {
				line := 0
				if seg := n.FirstChild(); seg != nil {
					if tx, ok := seg.(*ast.Text); ok {
						line = c.lineOf(tx.Segment.Start)
					}
				}
				c.Refs = append(c.Refs, Ref{File: m[1], Func: m[2], Line: line})
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return err
	}
	ids := map[string]*Scene{}
	for _, s := range c.Scenes {
		if s.ID == "" {
			continue
		}
		if _, dup := ids[s.ID]; dup {
			return c.errorf(s.Line-1, 1, "two scenes have id=%s", s.ID)
		}
		ids[s.ID] = s
	}
	for _, p := range c.Predicts {
		if ids[p.Scene] == nil {
			return c.errorf(p.Line, 1, "predict refers to scene=%s, which this chapter does not have", p.Scene)
		}
	}
	for _, r := range c.Reals {
		if ids[r.Scene] == nil {
			return c.errorf(r.Line, 1, "real refers to scene=%s, which this chapter does not have", r.Scene)
		}
	}
	return nil
}

// imagePos is the line and column of the "![" that starts image n.
// Inline nodes carry no position of their own: it is found from the
// image's alt text, else from the start of its block.
func (c *Chapter) imagePos(n *ast.Image) (line, col int) {
	src := c.Source
	off := -1
	_ = ast.Walk(n, func(ch ast.Node, entering bool) (ast.WalkStatus, error) {
		if tx, ok := ch.(*ast.Text); ok && entering && off < 0 {
			off = bytes.LastIndex(src[:tx.Segment.Start], []byte("!["))
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	for p := n.Parent(); off < 0 && p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			start := p.Lines().At(0).Start
			if i := bytes.Index(src[start:], []byte("![")); i >= 0 {
				off = start + i
			} else {
				off = start
			}
		}
	}
	if off < 0 {
		return 1, 1
	}
	return c.lineOf(off), off - (bytes.LastIndexByte(src[:off], '\n') + 1) + 1
}

// SceneByID finds a scene of the chapter.
func (c *Chapter) SceneByID(id string) *Scene {
	for _, s := range c.Scenes {
		if s.ID == id {
			return s
		}
	}
	return nil
}
