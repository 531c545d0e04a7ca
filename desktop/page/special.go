package page

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/script"
)

// target records a place a link can jump to.
func (b *builder) target(id, title string, line int) {
	b.page.Targets = append(b.page.Targets, Anchor{ID: id, Title: title, Y: b.y, Line: line})
}

// scene reserves the box where the reader plays the scene, under its
// title, and shows its source below. On a slide the caller's heading is
// the scene's title and the player shows the source, so the box is all
// there is; it fills Style.Height when the caller gives it.
func (b *builder) scene(s *chapters.Scene, x0, x1 float32) {
	if s == nil {
		return
	}
	W := x1 - x0
	b.open(1.6 * b.k.gap)
	title := s.Title
	if title == "" {
		title = lang.F(b.st.Lang, "page.scene", s.ID)
	}
	b.target("scene-"+s.ID, title, s.Line-1)
	var H float32
	if b.st.Slide {
		H = b.st.Height
		if H <= 0 {
			H = min(max(W*9/16, min(200, W)), 1000)
		}
	} else {
		b.p.reset(b.m)
		b.width = W
		b.p.add(title, b.p.span(span{font: Bold, size: b.k.S, color: b.pal.Text, role: "scene.title"}))
		if set := sceneSettings(s.Settings); set != "" {
			b.p.space(0)
			b.p.add(set, b.p.span(span{font: Mono, size: b.k.code * b.k.S, color: b.pal.Muted, role: "scene.settings"}))
		}
		b.p.finish()
		b.flow(x0, W, alignLeft, b.k.line)
		b.y += 0.3 * b.k.S
		H = min(max(0.6*W, min(240, W)), 720)
	}
	b.add(Item{Kind: ItemScene, X: x0, Y: b.y, W: W, H: H, Scene: s, Role: "scene:" + s.ID})
	b.y += H
	if !b.st.Slide {
		b.close(0)
		b.codeBlock(s.Source, "go", x0, x1, "scene.code")
	}
	b.close(1.6 * b.k.gap)
}

// sceneSettings are the settings the chapter gave a scene, as its info
// string writes them ("procs=2 seed=3").
func sceneSettings(st script.Settings) string {
	var ws []string
	for _, kv := range st.Flags() {
		ws = append(ws, kv[0]+"="+kv[1])
	}
	return strings.Join(ws, " ")
}

// predict sets a "predict, then run" exercise: the question, then each
// choice on a row of its own (text and row with Role "choice:<n>", n
// counting from 0 in Predict.Choices), or, without choices, an empty
// answer box (Role "answer") for the app's text field.
func (b *builder) predict(p *chapters.Predict, x0, x1 float32) {
	if p == nil {
		return
	}
	b.box(x0, x1, b.pal.PredictBg, b.pal.PredictBar, "predict.box", func(cx0, cx1 float32) {
		b.target("predict-"+strconv.Itoa(b.polls[p]), p.Question, p.Line)
		b.label(lang.T(b.st.Lang, "page.predict"), "predict.label", cx0, cx1)
		q := strings.Join(strings.Fields(p.Question), " ")
		b.plain(q, span{font: Bold, size: b.k.S, color: b.pal.Text, role: "predict.question"}, cx0, cx1, alignLeft, 0.6*b.k.S)
		size := b.k.code * b.k.S
		in := 0.6 * b.k.S
		if cx1-cx0 < 6*in {
			in = 0
		}
		row := func(role string, fill func(rx0, rx1 float32)) {
			b.open(0.4 * b.k.S)
			y0 := b.y
			bg := b.add(Item{Kind: ItemRect, X: cx0, Y: y0, W: cx1 - cx0, Fill: b.pal.Background, Radius: 4, Role: role})
			b.y += 0.3 * b.k.S
			fill(cx0+in, cx1-in)
			b.y += 0.3 * b.k.S
			b.page.Items[bg].H = b.y - y0
			b.close(0.4 * b.k.S)
		}
		for i, c := range p.Choices {
			role := "choice:" + strconv.Itoa(i)
			row(role, func(rx0, rx1 float32) {
				b.p.reset(b.m)
				b.width = rx1 - rx0
				b.plainInto(c, span{font: Mono, size: size, color: b.pal.Text, role: role})
				b.p.finish()
				b.flow(rx0, rx1-rx0, alignLeft, b.k.line)
			})
		}
		if len(p.Choices) == 0 {
			b.plain(lang.T(b.st.Lang, "page.answer"), span{font: Regular, size: 0.9 * b.k.S, color: b.pal.Muted, role: "predict.hint"}, cx0, cx1, alignLeft, 0.4*b.k.S)
			row("answer", func(float32, float32) { b.y += size * b.k.codeLine })
		}
	})
}

// maxOutputLines is how much of a real run's output a page shows.
const maxOutputLines = 30

// real sets a "run it for real" box: the claim the test suite checks, the
// command, and what the real runtime printed when the suite ran it.
func (b *builder) real(r *chapters.Real, x0, x1 float32) {
	if r == nil {
		return
	}
	b.box(x0, x1, b.pal.RealBg, b.pal.RealBar, "real.box", func(cx0, cx1 float32) {
		b.target("real-"+r.Scene, r.Claim, r.Line)
		b.label(lang.T(b.st.Lang, "page.real"), "real.label", cx0, cx1)
		claim := strings.Join(strings.Fields(r.Claim), " ")
		body := span{font: Regular, size: b.k.S, color: b.pal.Text, role: "real"}
		muted := span{font: Regular, size: 0.9 * b.k.S, color: b.pal.Muted, role: "real.note"}
		b.plain(claim, span{font: Bold, size: b.k.S, color: b.pal.Text, role: "real.claim"}, cx0, cx1, alignLeft, b.k.gap)
		file := r.Scene + ".go"
		b.plain(lang.F(b.st.Lang, "page.real.save", "`"+file+"`"), body, cx0, cx1, alignLeft, b.k.gap)
		var st script.Settings
		if b.c != nil {
			if s := b.c.SceneByID(r.Scene); s != nil {
				st = s.Settings
			}
		}
		b.codeBlock(st.RealCommand(file), "", cx0, cx1, "real.command")
		out, ok := "", false
		if b.c != nil {
			out, ok = b.c.RealOutput(r.Scene)
		}
		if ok {
			b.plain(lang.T(b.st.Lang, "page.real.printed"), body, cx0, cx1, alignLeft, b.k.gap)
			lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
			if len(lines) > maxOutputLines {
				more := len(lines) - maxOutputLines
				lines = append(lines[:maxOutputLines:maxOutputLines], lang.F(b.st.Lang, "page.more.lines", more))
			}
			b.codeBlock(strings.Join(lines, "\n"), "", cx0, cx1, "real.output")
		} else {
			b.plain(lang.T(b.st.Lang, "page.real.pending"), muted, cx0, cx1, alignLeft, b.k.gap)
		}
		b.plain(lang.F(b.st.Lang, "page.real.check", r.Check), muted, cx0, cx1, alignLeft, b.k.gap)
	})
}

// claim sets a claim box: the claim, in italics on the claim tint, and
// the verdict below it on the verdict tint, each under its label. The
// "**Claim:**" and "**Verdict:**" of the source become the labels.
func (b *builder) claim(n *chapters.ClaimNode, x0, x1 float32) {
	q := n.FirstChild()
	b.open(1.6 * b.k.gap)
	save := b.text
	defer func() { b.text = save }()
	type part struct {
		bg, bar int
		y0      float32
	}
	var cur *part
	var cx0, cx1 float32
	end := func() {
		if cur == nil {
			return
		}
		b.y += 0.6 * b.k.pad
		b.top = false
		b.page.Items[cur.bg].H = b.y - cur.y0
		b.page.Items[cur.bar].H = b.y - cur.y0
		cur = nil
	}
	start := func(verdict bool) {
		end()
		bg, bar, role, label := b.pal.ClaimBg, b.pal.ClaimBar, "claim", lang.T(b.st.Lang, "page.claim")
		b.text = textStyle{font: Italic, size: b.k.S, color: b.pal.Text, role: "claim"}
		if verdict {
			bg, bar, role, label = b.pal.VerdictBg, b.pal.VerdictBar, "verdict", lang.T(b.st.Lang, "page.verdict")
			b.text = textStyle{font: Regular, size: b.k.S, color: b.pal.Text, role: "verdict"}
		}
		barW := max(3, 0.22*b.k.S)
		cur = &part{y0: b.y}
		cur.bg = b.add(Item{Kind: ItemRect, X: x0, Y: b.y, W: x1 - x0, Fill: bg, Role: role + ".box"})
		cur.bar = b.add(Item{Kind: ItemRect, X: x0, Y: b.y, W: barW, Fill: bar, Role: role + ".bar"})
		pad := b.k.pad
		if x1-x0 < 16*b.k.S {
			pad = 0.5 * b.k.S
		}
		cx0, cx1 = min(x0+barW+pad, x1), max(min(x0+barW+pad, x1), x1-pad)
		b.y += 0.6 * pad
		b.top = true
		b.label(label, role+".label", cx0, cx1)
	}
	start(false)
	if q == nil && n.Claim != nil {
		b.plain(n.Claim.Claim, span{font: Italic, size: b.k.S, color: b.pal.Text, role: "claim"}, cx0, cx1, alignLeft, b.k.gap)
		start(true)
		b.plain(n.Claim.Verdict, span{font: Regular, size: b.k.S, color: b.pal.Text, role: "verdict"}, cx0, cx1, alignLeft, b.k.gap)
	}
	inVerdict := false
	for k := firstChild(q); k != nil; k = k.NextSibling() {
		para, ok := k.(*ast.Paragraph)
		if !ok || inVerdict {
			if !inVerdict {
				start(true)
				inVerdict = true
			}
			b.block(k, cx0, cx1)
			continue
		}
		// A paragraph holds the claim, and the verdict too when the
		// source runs "**Verdict:**" on from it.
		b.p.reset(b.m)
		b.width = cx1 - cx0
		for c := para.FirstChild(); c != nil; c = c.NextSibling() {
			switch strongLabel(c, b) {
			case "Claim:":
				continue
			case "Verdict:":
				b.flushClaimPara(cx0, cx1)
				start(true)
				inVerdict = true
				b.p.reset(b.m)
				b.width = cx1 - cx0
				continue
			}
			t := b.text
			b.inline(c, span{font: t.font, size: t.size, color: t.color, role: t.role})
		}
		b.flushClaimPara(cx0, cx1)
	}
	end()
	b.close(1.6 * b.k.gap)
}

func firstChild(n ast.Node) ast.Node {
	if n == nil {
		return nil
	}
	return n.FirstChild()
}

func (b *builder) flushClaimPara(x0, x1 float32) {
	b.p.finish()
	if b.p.empty() {
		return
	}
	b.open(b.k.gap * 0.5)
	b.flow(x0, x1-x0, alignLeft, b.k.line)
	b.close(b.k.gap * 0.5)
}

// strongLabel is the text of a **bold** inline node, "" for others.
func strongLabel(n ast.Node, b *builder) string {
	e, ok := n.(*ast.Emphasis)
	if !ok || e.Level != 2 || b.c == nil {
		return ""
	}
	return strings.TrimSpace(b.c.InlineText(e))
}

// footnotes sets, at the end of the page, the footnotes it cites, or all
// of them when the page holds the chapter's footnote list (and is not a
// slide), each under a rule with its number.
func (b *builder) footnotes(all bool) {
	if b.c == nil || b.c.Doc == nil {
		return
	}
	var list *extast.FootnoteList
	for n := b.c.Doc.LastChild(); n != nil && list == nil; n = n.PreviousSibling() {
		list, _ = n.(*extast.FootnoteList)
	}
	if list == nil {
		return
	}
	var notes []*extast.Footnote
	for n := list.FirstChild(); n != nil; n = n.NextSibling() {
		if fn, ok := n.(*extast.Footnote); ok && (all && !b.st.Slide || b.citedAt[fn.Index]) {
			notes = append(notes, fn)
		}
	}
	if len(notes) == 0 {
		return
	}
	W := b.st.Width
	b.open(2 * b.k.gap)
	b.add(Item{Kind: ItemRect, X: 0, Y: b.y, W: min(W, 12*b.k.S), H: b.k.rule, Fill: b.pal.Rule, Role: "footnotes.rule"})
	b.y += b.k.rule
	b.close(0.6 * b.k.S)
	save := b.text
	b.text = textStyle{font: Regular, size: 0.9 * b.k.S, color: b.pal.Muted, role: "footnote"}
	defer func() { b.text = save }()
	size := b.text.size
	indent := b.m.Advance(strconv.Itoa(notes[len(notes)-1].Index)+".", Regular, size) + 0.6*size
	cx := b.inner(0, W, indent)
	for _, fn := range notes {
		b.open(0.4 * b.k.S)
		b.top = true
		b.target("fn:"+strconv.Itoa(fn.Index), "footnote "+strconv.Itoa(fn.Index), b.lines.nodeLine(fn))
		if cx > 0 {
			b.marker = &marker{text: strconv.Itoa(fn.Index) + ".", right: cx - 0.4*size, size: size, color: b.pal.Muted}
		}
		for k := fn.FirstChild(); k != nil; k = k.NextSibling() {
			b.block(k, cx, W)
		}
		if b.marker != nil {
			lh := size * b.k.line
			b.takeMarker(b.y + (lh-ascent(Regular, size)-descent(Regular, size))/2 + ascent(Regular, size))
			b.y += lh
		}
		b.top = false
		b.close(0.4 * b.k.S)
	}
}

// marginNotes repeats each runtime reference in the margin column beside
// its line, in small mono type, one under the other where lines are
// close.
func (b *builder) marginNotes() {
	M := b.st.Margin
	if M <= 0 || b.st.Slide || len(b.refs) == 0 {
		return
	}
	size := 0.8 * b.k.S
	a, d := ascent(Mono, size), descent(Mono, size)
	var bottom float32 = -1e9
	for i, r := range b.refs {
		if i > 0 && r == b.refs[i-1] {
			continue
		}
		text := r.text
		w := b.m.Advance(text, Mono, size)
		for w > M && len([]rune(text)) > 1 {
			rs := []rune(text)
			text = string(rs[:len(rs)-2]) + "…"
			w = b.m.Advance(text, Mono, size)
		}
		y := max(r.y+0.2*b.k.S, bottom+0.15*size)
		b.page.Margin = append(b.page.Margin, Item{Kind: ItemText, X: 0, Y: y, W: w, H: a + d, Text: text, Font: Mono,
			Size: size, Color: b.pal.Muted, Link: r.link, Role: "margin.ref", Baseline: y + a})
		bottom = y + a + d
	}
}
