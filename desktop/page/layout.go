package page

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/render/view"
)

// metrics are the page's type sizes and spacing in px, from the style.
type metrics struct {
	S         float32    // body size
	line      float32    // body line height, as a multiple of the size
	head      [7]float32 // heading sizes by level (1–6)
	headLine  float32
	headGap   [7]float32 // space above a heading
	headAfter float32
	gap       float32 // between blocks
	itemGap   float32 // between the items of a tight list
	code      float32 // inline and block code, as a multiple of the size around it
	codeLine  float32
	pad       float32 // inside boxes
	label     float32 // the labels of boxes ("Claim", "Run it for real")
	rule      float32 // the thickness of rules and table lines
}

func newMetrics(st Style) metrics {
	S := st.Size
	k := metrics{S: S, code: 0.88, codeLine: 1.45, headLine: 1.25, rule: max(1, float32(math.Round(float64(S/17))))}
	if st.Slide {
		// Projector type: headings further apart in size, more air
		// between blocks, slightly tighter lines (they are short).
		k.line = 1.4
		k.head = [7]float32{0, 2.2 * S, 1.75 * S, 1.4 * S, 1.15 * S, S, S}
		k.headGap = [7]float32{0, 1.4 * S, 1.3 * S, 1.1 * S, S, S, S}
		k.headAfter = 0.55 * S
		k.gap = 0.9 * S
		k.itemGap = 0.35 * S
		k.pad = 0.7 * S
		k.label = 0.7 * S
	} else {
		// The website's reading type: 1.6 line height, headings at 2,
		// 1.45 and 1.15 em.
		k.line = 1.6
		k.head = [7]float32{0, 2 * S, 1.45 * S, 1.15 * S, S, S, S}
		k.headGap = [7]float32{0, 1.2 * S, 2 * S, 1.5 * S, 1.2 * S, S, S}
		k.headAfter = 0.5 * S
		k.gap = 0.85 * S
		k.itemGap = 0.2 * S
		k.pad = 0.8 * S
		k.label = 0.75 * S
	}
	return k
}

// textStyle is the text of paragraphs in the current container.
type textStyle struct {
	font  Font
	size  float32
	color view.Color
	role  string
}

// marker is a list item's bullet or number, waiting for the item's first
// line to share its baseline.
type marker struct {
	text  string
	right float32 // its right edge
	size  float32
	color view.Color
}

// refMark is a runtime reference seen on a line, for the margin notes.
type refMark struct {
	text, link string
	y          float32
}

type builder struct {
	c     *chapters.Chapter
	src   []byte
	str   string // src as a string, which text runs slice
	st    Style
	m     Measurer
	pal   Palette
	k     metrics
	lines lines
	ids   map[*ast.Heading]string
	polls map[*chapters.Predict]int

	page    Page
	y       float32
	gapNext float32
	top     bool
	tight   bool
	lists   int
	depth   int

	text   textStyle
	marker *marker
	p      para
	width  float32 // the width of the block whose inline content is being read
	buf    []byte

	cited   []int // footnotes cited on the page, in order
	citedAt map[int]bool
	refs    []refMark
}

func layout(c *chapters.Chapter, nodes []ast.Node, st Style, m Measurer) *Page {
	if st.Width != st.Width || st.Width < 1 { // NaN or too small
		st.Width = 1
	}
	if st.Size != st.Size || st.Size <= 0 {
		st.Size = 17
	}
	if m == nil {
		m = defaultMeasurer()
	}
	b := &builder{c: c, st: st, m: safeMeasurer{m}, pal: Theme(st.Dark), k: newMetrics(st), top: true}
	b.text = textStyle{font: Regular, size: b.k.S, color: b.pal.Text, role: "p"}
	if c != nil {
		d := derive(c)
		b.src, b.str, b.lines, b.ids, b.polls = c.Source, d.str, d.lines, d.ids, d.polls
		// About one item per 15 bytes of source, measured on the
		// chapters; a slide holds its share of the chapter's blocks.
		b.page.Items = make([]Item, 0, len(c.Source)/15*min(len(nodes), d.blocks)/max(d.blocks, 1))
	} else {
		b.lines = newLines(nil)
	}
	hasList := false
	for _, n := range nodes {
		if n == nil {
			continue
		}
		if _, ok := n.(*extast.FootnoteList); ok {
			hasList = true
			continue
		}
		b.block(n, 0, st.Width)
	}
	b.footnotes(hasList)
	b.marginNotes()
	b.page.Height = b.y
	if !b.top {
		b.page.Height += b.k.gap * 0.5
	}
	return &b.page
}

// derived is what layout reads from a chapter as a whole, whatever part
// of it is laid out: computed once per chapter, since the app lays the
// same chapter out again at every change of width.
type derived struct {
	str    string // the source as a string, which text runs slice
	lines  lines
	ids    map[*ast.Heading]string
	polls  map[*chapters.Predict]int // the website's predict-N numbers
	blocks int                       // top-level blocks
}

// derivedCache holds derived data of the chapters laid out lately; it is
// emptied when it holds maxDerived, which only an app that re-reads
// edited chapters reaches.
var derivedCache struct {
	sync.Mutex
	m map[*chapters.Chapter]*derived
}

const maxDerived = 64

func derive(c *chapters.Chapter) *derived {
	derivedCache.Lock()
	d, ok := derivedCache.m[c]
	derivedCache.Unlock()
	if ok && d.str == string(c.Source) {
		return d
	}
	d = &derived{str: string(c.Source), lines: newLines(c.Source), ids: headingIDs(c), polls: map[*chapters.Predict]int{}}
	for i, p := range c.Predicts {
		d.polls[p] = i + 1
	}
	if c.Doc != nil {
		d.blocks = c.Doc.ChildCount()
	}
	derivedCache.Lock()
	if derivedCache.m == nil || len(derivedCache.m) >= maxDerived {
		derivedCache.m = map[*chapters.Chapter]*derived{}
	}
	derivedCache.m[c] = d
	derivedCache.Unlock()
	return d
}

// safeMeasurer guards the page against a measurer that returns nonsense
// (NaN, negative or infinite widths): such a width counts as 0.
type safeMeasurer struct{ m Measurer }

func (s safeMeasurer) Advance(text string, f Font, size float32) float32 {
	w := s.m.Advance(text, f, size)
	if w != w || w < 0 || w > 1e7 {
		return 0
	}
	return w
}

// defaultMeasurer measures for callers that pass no measurer.
var defaultMeasurer = sync.OnceValue(func() Measurer { return NewMeasurer() })

// open starts a block that wants at least before above it; close ends one
// that wants at least after below it. The space between two blocks is
// the larger of the two, and nothing comes before the first block of a
// page or a box.
func (b *builder) open(before float32) {
	if !b.top {
		b.y += max(b.gapNext, before)
	}
	b.top = false
	b.gapNext = 0
}

func (b *builder) close(after float32) { b.gapNext = after }

// blockGap is the space between blocks here: small inside tight lists.
func (b *builder) blockGap() float32 {
	if b.tight {
		return b.k.itemGap
	}
	return b.k.gap
}

func (b *builder) add(it Item) int {
	b.page.Items = append(b.page.Items, it)
	return len(b.page.Items) - 1
}

// inner narrows a column by indent, unless that would leave too little
// room for text (deeply nested lists and quotes on a narrow page).
func (b *builder) inner(x0, x1, indent float32) float32 {
	if x1-(x0+indent) < min(6*b.k.S, (x1-x0)/2) {
		return x0
	}
	return x0 + indent
}

func (b *builder) block(n ast.Node, x0, x1 float32) {
	b.depth++
	defer func() { b.depth-- }()
	if b.depth > 200 {
		return // goldmark nests far less; this only stops a runaway tree
	}
	switch n := n.(type) {
	case *ast.Heading:
		b.heading(n, x0, x1)
	case *ast.Paragraph, *ast.TextBlock:
		b.paragraph(n, x0, x1)
	case *ast.List:
		b.list(n, 0, n.ChildCount(), x0, x1)
	case *chapters.ListPart:
		// A long list split over slides: its items From…To, numbered on.
		b.list(n.List, n.From, n.To, x0, x1)
	case *ast.Blockquote:
		b.quote(n, x0, x1)
	case *ast.FencedCodeBlock:
		lang := ""
		if n.Info != nil {
			if f := strings.Fields(string(n.Info.Segment.Value(b.src))); len(f) > 0 {
				lang = f[0]
			}
		}
		b.codeBlock(b.linesText(n), lang, x0, x1, "code")
	case *ast.CodeBlock:
		b.codeBlock(b.linesText(n), "", x0, x1, "code")
	case *ast.HTMLBlock:
		// Raw HTML stays off, as on the website: its source is shown.
		b.codeBlock(b.linesText(n), "html", x0, x1, "html")
	case *ast.ThematicBreak:
		b.open(1.5 * b.k.gap)
		b.add(Item{Kind: ItemRect, X: x0, Y: b.y, W: x1 - x0, H: b.k.rule, Fill: b.pal.Rule, Role: "hr"})
		b.y += b.k.rule
		b.close(1.5 * b.k.gap)
	case *extast.Table:
		b.table(n, x0, x1)
	case *extast.FootnoteList:
		// Footnotes are set at the end of the page (layout).
	case *chapters.SceneNode:
		b.scene(n.Scene, x0, x1)
	case *chapters.PredictNode:
		b.predict(n.Predict, x0, x1)
	case *chapters.RealNode:
		b.real(n.Real, x0, x1)
	case *chapters.NotesNode:
		// Speaker notes belong to the presenter's view, not the page.
	case *chapters.ClaimNode:
		b.claim(n, x0, x1)
	case *chapters.ErrorNode:
		msg := "this block could not be read"
		if n.Err != nil {
			msg = n.Err.Error()
		}
		b.errorBox(msg, x0, x1)
	case *ast.Document:
		for k := n.FirstChild(); k != nil; k = k.NextSibling() {
			b.block(k, x0, x1)
		}
	default:
		if n.Type() == ast.TypeInline {
			// An inline node where a block belongs: set it as a
			// paragraph of its own.
			b.paragraph(n, x0, x1)
			return
		}
		if n.HasChildren() {
			for k := n.FirstChild(); k != nil; k = k.NextSibling() {
				b.block(k, x0, x1)
			}
			return
		}
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			b.codeBlock(b.linesText(n), "", x0, x1, "source")
		}
	}
}

// linesText is the source text of a block's lines.
func (b *builder) linesText(n ast.Node) string {
	ls := n.Lines()
	if ls.Len() == 1 {
		seg := ls.At(0)
		return b.seg(seg.Start, seg.Stop)
	}
	var sb strings.Builder
	for i := 0; i < ls.Len(); i++ {
		seg := ls.At(i)
		sb.WriteString(b.seg(seg.Start, seg.Stop))
	}
	return sb.String()
}

// seg is src[start:stop], clamped to the source.
func (b *builder) seg(start, stop int) string {
	start = max(0, min(start, len(b.str)))
	stop = max(start, min(stop, len(b.str)))
	return b.str[start:stop]
}

func (b *builder) heading(h *ast.Heading, x0, x1 float32) {
	lvl := max(1, min(h.Level, 6))
	b.open(b.k.headGap[lvl])
	y0 := b.y
	base := span{font: Bold, size: b.k.head[lvl], color: b.pal.Text, role: "h" + strconv.Itoa(lvl)}
	b.p.reset(b.m)
	b.width = x1 - x0
	b.inlines(h, base)
	b.p.finish()
	b.flow(x0, x1-x0, alignLeft, b.k.headLine)
	if b.c != nil {
		id, ok := b.ids[h]
		if !ok {
			id = chapters.HeadingID(map[string]int{}, b.c.InlineText(h))
		}
		b.page.Anchors = append(b.page.Anchors, Anchor{ID: id, Title: b.c.InlineText(h), Level: h.Level, Y: y0, Line: b.lines.nodeLine(h)})
	}
	b.close(b.k.headAfter)
}

// paragraph sets a block's inline content in the current text style.
func (b *builder) paragraph(n ast.Node, x0, x1 float32) {
	b.p.reset(b.m)
	b.width = x1 - x0
	t := b.text
	base := span{font: t.font, size: t.size, color: t.color, role: t.role}
	if n.Type() == ast.TypeInline {
		b.inline(n, base)
	} else {
		b.inlines(n, base)
	}
	b.p.finish()
	if b.p.empty() {
		return
	}
	b.open(b.blockGap())
	b.flow(x0, x1-x0, alignLeft, b.k.line)
	b.close(b.blockGap())
}

// plain sets a plain string as a paragraph in span base, with `code`
// between backticks set as inline code: the questions and choices of
// exercises and the claims of real blocks, which are raw text.
func (b *builder) plain(s string, base span, x0, x1 float32, align alignment, gap float32) {
	b.p.reset(b.m)
	b.width = x1 - x0
	b.plainInto(s, base)
	b.p.finish()
	if b.p.empty() {
		return
	}
	b.open(gap)
	b.flow(x0, x1-x0, align, b.k.line)
	b.close(gap)
}

// plainInto reads a plain string into the paragraph, as plain does.
func (b *builder) plainInto(s string, base span) {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 { // an unpaired backtick: no code
		parts = []string{s}
	}
	for i, part := range parts {
		if i%2 == 0 {
			b.p.add(part, b.p.span(base))
		} else {
			b.codeSpan(part, base)
		}
	}
}

// list sets the items from…to (exclusive) of l; an ordered list numbers
// them from l.Start+from.
func (b *builder) list(l *ast.List, from, to int, x0, x1 float32) {
	size := b.text.size
	b.open(b.blockGap())
	saveTight := b.tight
	b.tight = l.IsTight
	b.lists++
	saveText := b.text
	if b.text.role == "p" {
		b.text.role = "li"
	}
	defer func() { b.lists--; b.tight = saveTight; b.text = saveText }()

	var indent float32
	if l.IsOrdered() {
		last := l.Start + to - 1
		indent = max(1.6*size, b.m.Advance(strconv.Itoa(last)+".", Regular, size)+0.7*size)
	} else {
		indent = 1.5 * size
	}
	cx := b.inner(x0, x1, indent)
	between := b.k.gap
	if l.IsTight {
		between = b.k.itemGap
	}
	n := l.Start + from
	first := true
	k := -1
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		if k++; k < from || k >= to {
			continue
		}
		if !first {
			b.y += between
		}
		first = false
		b.top = true
		b.gapNext = 0
		mk := &marker{right: cx - 0.45*size, size: size, color: b.text.color}
		switch {
		case taskItem(it):
			mk = nil // the checkbox stands where the bullet would
		case l.IsOrdered():
			mk.text = strconv.Itoa(n) + string(l.Marker)
		default:
			mk.text = bullets[(b.lists-1)%len(bullets)]
		}
		if cx == x0 {
			// No room to indent (a deep list on a very narrow page):
			// no marker either, or it would overlap the text.
			mk = nil
		}
		b.marker = mk
		for ch := it.FirstChild(); ch != nil; ch = ch.NextSibling() {
			b.block(ch, cx, x1)
		}
		if b.marker != nil {
			// Nothing in the item set a line: the marker gets one.
			lh := size * b.k.line
			b.takeMarker(b.y + (lh-ascent(Regular, size)-descent(Regular, size))/2 + ascent(Regular, size))
			b.y += lh
		}
		b.top = false
		n++
	}
	b.close(b.blockGap())
}

// bullets mark unordered list items by depth.
var bullets = []string{"•", "◦", "▪"}

// taskItem reports whether a list item starts with a GFM task checkbox.
func taskItem(it ast.Node) bool {
	if tb := it.FirstChild(); tb != nil {
		_, ok := tb.FirstChild().(*extast.TaskCheckBox)
		return ok
	}
	return false
}

func (b *builder) takeMarker(baseline float32) {
	mk := b.marker
	if mk == nil {
		return
	}
	b.marker = nil
	w := b.m.Advance(mk.text, Regular, mk.size)
	x := max(0, mk.right-w)
	b.add(Item{Kind: ItemText, X: x, Y: baseline - ascent(Regular, mk.size), W: w,
		H: ascent(Regular, mk.size) + descent(Regular, mk.size), Text: mk.text, Font: Regular,
		Size: mk.size, Color: mk.color, Role: "li.marker", Baseline: baseline})
}

func (b *builder) quote(q *ast.Blockquote, x0, x1 float32) {
	b.open(b.blockGap())
	barW := max(3, 0.22*b.k.S)
	bar := b.add(Item{Kind: ItemRect, X: x0, Y: b.y, W: barW, Fill: b.pal.Rule, Role: "quote.bar"})
	y0 := b.y
	save := b.text
	b.text.color, b.text.role = b.pal.Muted, "quote"
	cx := b.inner(x0, x1, barW+0.9*b.k.S)
	if cx == x0 {
		cx = min(x0+barW+2, x1)
	}
	b.y += 0.2 * b.k.S
	b.top = true
	for k := q.FirstChild(); k != nil; k = k.NextSibling() {
		b.block(k, cx, x1)
	}
	b.y += 0.2 * b.k.S
	b.top = false
	b.text = save
	b.page.Items[bar].H = b.y - y0
	b.close(b.blockGap())
}

// box draws a tinted box with a bar down its left edge around what fill
// lays out inside it, between cx0 and cx1.
func (b *builder) box(x0, x1 float32, bg, bar view.Color, role string, fill func(cx0, cx1 float32)) {
	b.open(1.6 * b.k.gap)
	y0 := b.y
	ib := b.add(Item{Kind: ItemRect, X: x0, Y: y0, W: x1 - x0, Fill: bg, Radius: 6, Role: role})
	barW := max(3, 0.22*b.k.S)
	ibar := b.add(Item{Kind: ItemRect, X: x0, Y: y0, W: barW, Fill: bar, Role: role + ".bar"})
	pad := b.k.pad
	if x1-x0 < 16*b.k.S {
		pad = 0.5 * b.k.S
	}
	cx0 := min(x0+barW+pad, x1)
	cx1 := max(cx0, x1-pad)
	if cx1-cx0 < 2*b.k.S { // too narrow for padding
		cx0, cx1 = min(x0+barW, x1), x1
	}
	b.y += 0.75 * pad
	b.top = true
	saveTight := b.tight
	b.tight = false
	fill(cx0, cx1)
	b.tight = saveTight
	b.y += 0.75 * pad
	b.top = false
	b.page.Items[ib].H = b.y - y0
	b.page.Items[ibar].H = b.y - y0
	b.close(1.6 * b.k.gap)
}

// label sets a box's label: small bold muted capitals.
func (b *builder) label(text, role string, x0, x1 float32) {
	b.plain(strings.ToUpper(text), span{font: Bold, size: b.k.label, color: b.pal.Muted, role: role}, x0, x1, alignLeft, 0.3*b.k.S)
}

func (b *builder) errorBox(msg string, x0, x1 float32) {
	b.box(x0, x1, b.pal.ErrorBg, b.pal.Error, "error.box", func(cx0, cx1 float32) {
		b.plain(msg, span{font: Mono, size: b.k.code * b.k.S, color: b.pal.Error, role: "error"}, cx0, cx1, alignLeft, b.k.gap)
	})
}

// inlines reads the inline children of n into the paragraph.
func (b *builder) inlines(n ast.Node, sp span) {
	for k := n.FirstChild(); k != nil; k = k.NextSibling() {
		b.inline(k, sp)
	}
}

// emphasis is the font emphasis of the given level turns f into.
func emphasis(f Font, level int) Font {
	switch {
	case f == Mono || f == MonoBold:
		if level >= 2 {
			return MonoBold
		}
		return f
	case level >= 2 && (f == Italic || f == BoldItalic):
		return BoldItalic
	case level >= 2:
		return Bold
	case f == Bold || f == BoldItalic:
		return BoldItalic
	default:
		return Italic
	}
}

func (b *builder) inline(n ast.Node, sp span) {
	p := &b.p
	switch n := n.(type) {
	case *ast.Text:
		p.add(b.textOf(n), p.span(sp))
		switch {
		case n.HardLineBreak():
			p.hardBreak()
		case n.SoftLineBreak():
			p.space(p.span(sp))
		}
	case *ast.String:
		p.add(string(n.Value), p.span(sp))
	case *ast.CodeSpan:
		var sb strings.Builder
		for k := n.FirstChild(); k != nil; k = k.NextSibling() {
			switch t := k.(type) {
			case *ast.Text:
				sb.WriteString(strings.ReplaceAll(b.seg(t.Segment.Start, t.Segment.Stop), "\n", " "))
			case *ast.String:
				sb.Write(t.Value)
			}
		}
		b.codeSpan(sb.String(), sp)
	case *ast.Emphasis:
		sp.font = emphasis(sp.font, n.Level)
		b.inlines(n, sp)
	case *ast.Link:
		sp.link = LinkTarget(b.c, string(n.Destination))
		sp.color, sp.under = b.pal.Link, true
		b.inlines(n, sp)
	case *ast.AutoLink:
		sp.link = string(n.URL(b.src))
		sp.color, sp.under = b.pal.Link, true
		p.add(string(n.Label(b.src)), p.span(sp))
	case *ast.Image:
		// chapters.Parse refuses pictures (neither the site nor the app
		// ships picture files); nothing reaches here.
	case *ast.RawHTML:
		sp.color = b.pal.Muted
		for i := 0; i < n.Segments.Len(); i++ {
			s := n.Segments.At(i)
			p.add(b.seg(s.Start, s.Stop), p.span(sp))
		}
	case *extast.Strikethrough:
		sp.strike = true
		b.inlines(n, sp)
	case *extast.TaskCheckBox:
		o := sp
		o.obj, o.role = objCheck, "task"
		if n.IsChecked {
			o.obj, o.role = objChecked, "task.checked"
		}
		p.object(p.span(o), 1.15*sp.size, 0.8*sp.size)
		p.space(p.span(sp))
	case *extast.FootnoteLink:
		b.cite(n.Index)
		o := sp
		o.size, o.rise, o.font = 0.72*sp.size, 0.38*sp.size, Regular
		o.color, o.link, o.role = b.pal.Link, b.chapterLink("fn:"+strconv.Itoa(n.Index)), "footnote.ref"
		p.add(strconv.Itoa(n.Index), p.span(o))
	case *extast.FootnoteBacklink:
		o := sp
		o.color, o.link, o.role = b.pal.Link, b.chapterLink("fnref:"+strconv.Itoa(n.Index)), "footnote.back"
		p.space(p.span(sp))
		p.add("↑", p.span(o))
	default:
		b.inlines(n, sp)
	}
}

// chapterLink leads to an id on this chapter's page.
func (b *builder) chapterLink(id string) string {
	if b.c == nil {
		return "#" + id
	}
	return "chapter:" + ChapterName(b.c) + "#" + id
}

// codeSpan adds inline code; a runtime reference links to the source.
func (b *builder) codeSpan(code string, sp span) {
	p := &b.p
	cs := sp
	cs.font = Mono
	if sp.font == Bold || sp.font == BoldItalic || sp.font == MonoBold {
		cs.font = MonoBold
	}
	cs.size = sp.size * b.k.code
	cs.code = true
	if link := refLink(code); link != "" {
		cs.link, cs.color, cs.under = link, b.pal.Link, false
	}
	pad := 0.2 * sp.size
	p.codeBegin(pad)
	p.add(code, p.span(cs))
	p.codeEnd(pad)
}

// textOf is a text node's text, with backslash escapes and character
// references resolved as goldmark's HTML renderer does.
func (b *builder) textOf(t *ast.Text) string {
	s := b.seg(t.Segment.Start, t.Segment.Stop)
	if t.IsRaw() || !strings.ContainsAny(s, `\&`) {
		return s
	}
	v := util.UnescapePunctuations([]byte(s))
	v = util.ResolveNumericReferences(v)
	v = util.ResolveEntityNames(v)
	return string(bytes.Clone(v))
}

func (b *builder) cite(i int) {
	if b.citedAt == nil {
		b.citedAt = map[int]bool{}
	}
	if !b.citedAt[i] {
		b.citedAt[i] = true
		b.cited = append(b.cited, i)
	}
}
