package page

import (
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"

	"github.com/gmpbook/gmpbook/render/view"
)

// token is a highlighted piece of one line of code.
type token struct {
	text  string
	color view.Color
	font  Font
}

// tabWidth is how many columns a tab advances, as on the website.
const tabWidth = 4

// wrapMark starts a code line that continues the line above (Go Mono has
// no hooked arrow; a muted → under the line's indentation reads as one).
const wrapMark = "→"

// highlighted caches the highlighting of code blocks: a page is laid out
// again at every change of width, and tokenising is most of the work.
// Chapters hold a few hundred blocks; the cache is emptied when it
// reaches maxHighlighted entries so that it stays bounded in an app that
// lays out edited sources.
var highlighted struct {
	sync.Mutex
	m map[hlKey][][]token
}

const maxHighlighted = 2048

type hlKey struct {
	lang, src string
	dark      bool
}

// highlight splits code into lines of tokens coloured by the chroma style
// of the palette, each colour made readable on the palette's code
// background. Tabs are expanded. Unknown languages are plain text.
func highlight(lang, src string, pal Palette, dark bool) [][]token {
	key := hlKey{lang, src, dark}
	highlighted.Lock()
	if l, ok := highlighted.m[key]; ok {
		highlighted.Unlock()
		return l
	}
	highlighted.Unlock()

	src = expandTabs(src)
	style := styles.Get(pal.ChromaStyleName)
	base := pal.Code
	colours := map[chroma.TokenType]token{}
	styleOf := func(tt chroma.TokenType) token {
		if t, ok := colours[tt]; ok {
			return t
		}
		t := token{color: base, font: Mono}
		if style != nil {
			e := style.Get(tt)
			if e.Colour.IsSet() {
				t.color = readable(view.Color{R: e.Colour.Red(), G: e.Colour.Green(), B: e.Colour.Blue(), A: 255}, pal.CodeBg, pal.Text, 4.5)
			}
			if e.Bold == chroma.Yes {
				t.font = MonoBold
			}
		}
		colours[tt] = t
		return t
	}

	var out [][]token
	var cur []token
	emit := func(text string, t token) {
		for {
			before, after, nl := strings.Cut(text, "\n")
			if before != "" {
				t.text = before
				cur = append(cur, t)
			}
			if !nl {
				return
			}
			out = append(out, cur)
			cur = nil
			text = after
		}
	}
	var lexer chroma.Lexer
	if lang != "" {
		lexer = lexers.Get(lang)
	}
	var it chroma.Iterator
	if lexer != nil {
		it, _ = chroma.Coalesce(lexer).Tokenise(nil, src)
	}
	if it == nil {
		emit(src, token{color: base, font: Mono})
	} else {
		for tok := it(); tok != chroma.EOF; tok = it() {
			emit(tok.Value, styleOf(tok.Type))
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	// A block's final newline ends its last line; it does not start one.
	for len(out) > 1 && len(out[len(out)-1]) == 0 && strings.HasSuffix(src, "\n") {
		out = out[:len(out)-1]
		break
	}

	highlighted.Lock()
	if highlighted.m == nil || len(highlighted.m) >= maxHighlighted {
		highlighted.m = map[hlKey][][]token{}
	}
	highlighted.m[key] = out
	highlighted.Unlock()
	return out
}

func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var sb strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			n := tabWidth - col%tabWidth
			sb.WriteString("    "[:n])
			col += n
		case '\n':
			sb.WriteByte('\n')
			col = 0
		default:
			sb.WriteRune(r)
			col++
		}
	}
	return sb.String()
}

// codeBlock sets code in a box: highlighted, one item per run of one
// colour, long lines wrapped.
//
// Long lines wrap rather than being clipped: a page is one column of
// items with no horizontal scrolling, and a clipped line hides exactly
// the part of a statement a reader is asked to think about (a call's
// last argument, a //> narration comment). The continuation starts under
// the line's own indentation with a muted →, so it reads as one line, and
// it breaks after a space when there is one in the second half of the
// line, so words and identifiers stay whole.
func (b *builder) codeBlock(src, lang string, x0, x1 float32, role string) {
	b.open(b.blockGap())
	S := b.k.S
	size := b.k.code * b.text.size
	lh := size * b.k.codeLine
	padX, padY := 0.8*S, 0.55*S
	if x1-x0 < 20*S {
		padX = 0.5 * S
	}
	if x1-x0 < 4*padX {
		padX = 0
	}
	bg := b.add(Item{Kind: ItemRect, X: x0, Y: b.y, W: x1 - x0, Fill: b.pal.CodeBg, Radius: 6, Role: role + ".bg"})
	y0 := b.y
	b.y += padY
	lines := highlight(lang, strings.TrimRight(src, "\n"), b.pal, b.st.Dark)
	if len(lines) == 0 {
		lines = [][]token{nil}
	}
	cx0, avail := x0+padX, max(1, x1-x0-2*padX)
	for _, l := range lines {
		b.codeLine(l, cx0, avail, size, lh, role)
	}
	b.y += padY
	b.page.Items[bg].H = b.y - y0
	b.close(b.blockGap())
}

// cell is one character of a code line that must wrap.
type cell struct {
	tok        int
	start, end int // bytes in the token's text
	w          float32
	space      bool
}

func (b *builder) codeLine(l []token, x0, avail, size, lh float32, role string) {
	var total float32
	for _, t := range l {
		total += b.m.Advance(t.text, t.font, size)
	}
	if total <= avail+0.01 {
		b.codeRow(l, nil, x0, size, lh, role)
		return
	}
	var cells []cell
	for ti, t := range l {
		for i, r := range t.text {
			n := len(string(r))
			cells = append(cells, cell{tok: ti, start: i, end: i + n, w: b.m.Advance(t.text[i:i+n], t.font, size), space: r == ' '})
		}
	}
	var indent float32
	for _, c := range cells {
		if !c.space {
			break
		}
		indent += c.w
	}
	markW := b.m.Advance(wrapMark, Mono, size)
	step := markW + b.m.Advance(" ", Mono, size) // the mark and a space before the text
	indent = min(indent, avail/2)
	if indent+step > avail/2 {
		indent, step = 0, min(markW, avail/2)
	}
	start := 0
	for first := true; start < len(cells); first = false {
		x, room := x0, avail
		if !first {
			// Continuation lines drop the spaces they start with.
			for start < len(cells) && cells[start].space {
				start++
			}
			if start == len(cells) {
				break
			}
			x, room = x0+indent+step, avail-indent-step
		}
		var w float32
		end, brk := start, -1
		var brkW float32
		for end < len(cells) && (end == start || w+cells[end].w <= room+0.01) {
			w += cells[end].w
			if cells[end].space {
				brk, brkW = end+1, w
			}
			end++
		}
		if end < len(cells) && brk > start && brk < end && brkW > 0.5*room {
			end = brk
		}
		if !first {
			a := ascent(Mono, size)
			bl := b.y + (lh-a-descent(Mono, size))/2 + a
			b.add(Item{Kind: ItemText, X: x0 + indent, Y: bl - a, W: markW, H: a + descent(Mono, size), Text: wrapMark,
				Font: Mono, Size: size, Color: b.pal.Muted, Role: "code.wrap", Baseline: bl})
		}
		b.codeRow(l, cells[start:end], x, size, lh, role)
		start = end
	}
}

// codeRow sets one row of code at b.y: all of l, or only the cells given.
// Runs of one colour and font become one item; white space is not drawn.
func (b *builder) codeRow(l []token, cells []cell, x, size, lh float32, role string) {
	a, d := ascent(Mono, size), descent(Mono, size)
	bl := b.y + (lh-a-d)/2 + a
	b.takeMarker(bl)
	type piece struct {
		text string
		t    token
	}
	var pieces []piece
	if cells == nil {
		for _, t := range l {
			pieces = append(pieces, piece{t.text, t})
		}
	} else {
		for i := 0; i < len(cells); {
			j := i
			for j < len(cells) && cells[j].tok == cells[i].tok {
				j++
			}
			t := l[cells[i].tok]
			pieces = append(pieces, piece{t.text[cells[i].start:cells[j-1].end], t})
			i = j
		}
	}
	var cur *Item
	var pend float32 // white space measured but not yet drawn
	for _, pc := range pieces {
		text := pc.text
		for text != "" {
			// Split the piece into white space and the rest.
			n := len(text) - len(strings.TrimLeft(text, " "))
			if n > 0 {
				w := b.m.Advance(text[:n], pc.t.font, size)
				if cur != nil {
					pend += w
				} else {
					x += w
				}
				text = text[n:]
				continue
			}
			m := strings.IndexByte(text, ' ')
			if m < 0 {
				m = len(text)
			}
			word := text[:m]
			text = text[m:]
			w := b.m.Advance(word, pc.t.font, size)
			if cur != nil && cur.Color == pc.t.color && cur.Font == pc.t.font {
				if pend > 0 {
					cur.Text += strings.Repeat(" ", spaces(b, pend, pc.t.font, size))
					cur.W += pend
				}
				cur.Text += word
				cur.W += w
				pend = 0
				continue
			}
			if cur != nil {
				x = cur.X + cur.W + pend
				pend = 0
			}
			i := b.add(Item{Kind: ItemText, X: x, Y: bl - a, W: w, H: a + d, Text: word, Font: pc.t.font, Size: size,
				Color: pc.t.color, Role: role, Baseline: bl})
			cur = &b.page.Items[i]
		}
	}
	b.y += lh
}

// spaces is how many spaces make up a measured gap of white space.
func spaces(b *builder, w float32, f Font, size float32) int {
	sw := b.m.Advance(" ", f, size)
	if sw <= 0 {
		return 1
	}
	return max(1, int(w/sw+0.5))
}

// resetHighlightCache empties the highlighting cache (for benchmarks).
func resetHighlightCache() {
	highlighted.Lock()
	highlighted.m = nil
	highlighted.Unlock()
}
