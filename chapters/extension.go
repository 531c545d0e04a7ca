package chapters

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/gmpbook/gmpbook/script"
)

// Node kinds of the chapter extension.
var (
	KindScene   = ast.NewNodeKind("Scene")
	KindPredict = ast.NewNodeKind("Predict")
	KindReal    = ast.NewNodeKind("Real")
	KindNotes   = ast.NewNodeKind("Notes")
	KindClaim   = ast.NewNodeKind("Claim")
	KindError   = ast.NewNodeKind("ChapterError")
)

// SceneNode replaces a ```go scene block.
type SceneNode struct {
	ast.BaseBlock
	Scene *Scene
}

func (n *SceneNode) Kind() ast.NodeKind              { return KindScene }
func (n *SceneNode) Dump(source []byte, level int)   { ast.DumpHelper(n, source, level, nil, nil) }
func (n *PredictNode) Kind() ast.NodeKind            { return KindPredict }
func (n *PredictNode) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }
func (n *RealNode) Kind() ast.NodeKind               { return KindReal }
func (n *RealNode) Dump(source []byte, level int)    { ast.DumpHelper(n, source, level, nil, nil) }
func (n *NotesNode) Kind() ast.NodeKind              { return KindNotes }
func (n *NotesNode) Dump(source []byte, level int)   { ast.DumpHelper(n, source, level, nil, nil) }
func (n *ClaimNode) Kind() ast.NodeKind              { return KindClaim }
func (n *ClaimNode) Dump(source []byte, level int)   { ast.DumpHelper(n, source, level, nil, nil) }
func (n *ErrorNode) Kind() ast.NodeKind              { return KindError }
func (n *ErrorNode) Dump(source []byte, level int)   { ast.DumpHelper(n, source, level, nil, nil) }

// PredictNode replaces a ```predict block.
type PredictNode struct {
	ast.BaseBlock
	Predict *Predict
}

// RealNode replaces a ```real block.
type RealNode struct {
	ast.BaseBlock
	Real *Real
}

// NotesNode replaces a ```notes block.
type NotesNode struct {
	ast.BaseBlock
	Notes *Notes
}

// ClaimNode wraps a blockquote that starts with **Claim:**; its children
// stay the blockquote's content.
type ClaimNode struct {
	ast.BaseBlock
	Claim *Claim
}

// ErrorNode marks a block that could not be read; Parse reports it.
type ErrorNode struct {
	ast.BaseBlock
	Err error
}

// transformer swaps meaningful fenced blocks for nodes of their own.
type transformer struct{ c *Chapter }

func (t *transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	c := t.c
	src := reader.Source()
	var blocks []*ast.FencedCodeBlock
	var quotes []*ast.Blockquote
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			blocks = append(blocks, n)
		case *ast.Blockquote:
			quotes = append(quotes, n)
		}
		return ast.WalkContinue, nil
	})
	for _, b := range blocks {
		if b.Info == nil {
			continue
		}
		info := strings.TrimSpace(string(b.Info.Segment.Value(src)))
		fields := strings.Fields(info)
		if len(fields) == 0 {
			continue
		}
		infoLine := c.lineOf(b.Info.Segment.Start)
		body, bodyLine := blockText(b, src, c, infoLine)
		var repl ast.Node
		switch {
		case len(fields) >= 2 && fields[0] == "go" && fields[1] == "scene":
			repl = t.scene(info, body, bodyLine, infoLine)
		case fields[0] == "predict":
			repl = t.predict(fields[1:], body, infoLine)
		case fields[0] == "real":
			repl = t.real(fields[1:], body, infoLine)
		case fields[0] == "notes":
			repl = &NotesNode{Notes: &Notes{Text: body, Line: infoLine}}
		default:
			continue
		}
		b.Parent().ReplaceChild(b.Parent(), b, repl)
	}
	for _, q := range quotes {
		para, ok := q.FirstChild().(*ast.Paragraph)
		if !ok {
			continue
		}
		txt := string(para.Lines().Value(src))
		if !strings.HasPrefix(txt, "**Claim:**") {
			continue
		}
		claim := &Claim{Line: c.lineOf(para.Lines().At(0).Start)}
		all := rawText(q, src)
		before, after, ok := strings.Cut(all, "**Verdict:**")
		if !ok {
			q.Parent().ReplaceChild(q.Parent(), q, &ErrorNode{Err: c.errorf(claim.Line, 1, "a **Claim:** box needs a **Verdict:**")})
			continue
		}
		claim.Claim = strings.TrimSpace(strings.TrimPrefix(before, "**Claim:**"))
		claim.Verdict = strings.TrimSpace(after)
		cn := &ClaimNode{Claim: claim}
		q.Parent().ReplaceChild(q.Parent(), q, cn)
		cn.AppendChild(cn, q)
	}
}

// rawText is the Markdown source of a blockquote's content, its "> "
// prefixes removed and lines joined with spaces.
func rawText(q ast.Node, src []byte) string {
	start, end := -1, -1
	_ = ast.Walk(q, func(x ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && x.Type() == ast.TypeBlock {
			lines := x.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				if start < 0 || seg.Start < start {
					start = seg.Start
				}
				if seg.Stop > end {
					end = seg.Stop
				}
			}
		}
		return ast.WalkContinue, nil
	})
	if start < 0 {
		return ""
	}
	var parts []string
	for _, l := range strings.Split(string(src[start:end]), "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimPrefix(l, ">"))
		if l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " ")
}

func blockText(b *ast.FencedCodeBlock, src []byte, c *Chapter, infoLine int) (string, int) {
	var sb strings.Builder
	lines := b.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		sb.Write(seg.Value(src))
	}
	return sb.String(), infoLine + 1
}

// scene checks a scene block with the scene language. Its diagnostics are
// moved to chapter lines: scene line 1 is the line after the fence.
func (t *transformer) scene(info, body string, bodyLine, infoLine int) ast.Node {
	c := t.c
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(info, "go")), "scene"))
	st, err := script.ParseSettings(rest)
	if err != nil {
		return &ErrorNode{Err: c.errorf(infoLine, 1, "%v", err)}
	}
	sc := &Scene{ID: st.ID, Title: st.Title, Settings: st, Source: body, Line: bodyLine}
	comp, err := script.Load(c.File, []byte(body))
	if err != nil {
		if errs, ok := err.(script.Errors); ok && len(errs) > 0 {
			d := errs[0]
			return &ErrorNode{Err: c.errorf(bodyLine+d.Pos.Line-1, d.Pos.Column, "%s", d.Msg)}
		}
		return &ErrorNode{Err: c.errorf(bodyLine, 1, "%v", err)}
	}
	// A //scene line inside the block adds to the info string's settings.
	sc.Settings = comp.Scene.Settings.Merge(st)
	sc.Compiled = comp
	return &SceneNode{Scene: sc}
}

func keyvals(fields []string) map[string]string {
	m := map[string]string{}
	for _, f := range fields {
		k, v, _ := strings.Cut(f, "=")
		m[k] = v
	}
	return m
}

func (t *transformer) predict(fields []string, body string, line int) ast.Node {
	kv := keyvals(fields)
	p := &Predict{Scene: kv["scene"], Answer: kv["answer"], Line: line}
	if p.Scene == "" {
		return &ErrorNode{Err: t.c.errorf(line, 1, "predict needs scene=ID")}
	}
	if p.Answer == "" {
		p.Answer = "output"
	}
	if v, ok := kv["seeds"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 || n > 1000 {
			return &ErrorNode{Err: t.c.errorf(line, 1, "predict seeds=%s: want a number of seeds from 2 to 1000", v)}
		}
		p.Seeds = n
	}
	switch p.Answer {
	case "output", "first-line", "last-line", "order", "exit":
	default:
		return &ErrorNode{Err: t.c.errorf(line, 1, "predict answer=%s: want output, first-line, last-line, order or exit", p.Answer)}
	}
	var q []string
	for _, l := range strings.Split(strings.TrimSpace(body), "\n") {
		if strings.HasPrefix(l, "- ") {
			p.Choices = append(p.Choices, strings.TrimPrefix(l, "- "))
		} else {
			q = append(q, l)
		}
	}
	p.Question = strings.TrimSpace(strings.Join(q, "\n"))
	if p.Question == "" {
		return &ErrorNode{Err: t.c.errorf(line, 1, "predict needs a question in its body")}
	}
	return &PredictNode{Predict: p}
}

func (t *transformer) real(fields []string, body string, line int) ast.Node {
	kv := keyvals(fields)
	r := &Real{Scene: kv["scene"], Check: kv["check"], Claim: strings.TrimSpace(body), Line: line}
	if r.Scene == "" {
		return &ErrorNode{Err: t.c.errorf(line, 1, "real needs scene=ID")}
	}
	if r.Check == "" {
		r.Check = "output"
	}
	if r.Claim == "" {
		return &ErrorNode{Err: t.c.errorf(line, 1, "real needs the claim it checks in its body")}
	}
	return &RealNode{Real: r}
}
