package page

import (
	"strings"
	"unicode"

	"github.com/gmpbook/gmpbook/render/view"
)

// span is how a run of inline text is set.
type span struct {
	font   Font
	size   float32
	color  view.Color
	link   string
	code   bool    // inline code: a background behind it
	under  bool    // a link: a rule under it
	strike bool    // struck through
	rise   float32 // raised above the baseline (footnote numbers)
	obj    objKind
	role   string
}

type objKind uint8

const (
	objNone objKind = iota
	objCheck
	objChecked
)

// frag is a piece of a word set in one span. w includes padL and padR,
// the breathing room inside inline code's background.
type frag struct {
	text       string
	sp         int32
	w          float32
	padL, padR float32
	h          float32 // objects: their height
}

// word is what line breaking never splits, unless it is wider than the
// line: frags [f0, f1) with no break opportunity between them. glue is
// the white space before it, set in span gsp, dropped at a line start;
// hard says a hard line break comes before it.
type word struct {
	f0, f1 int32
	w      float32
	glue   float32
	gsp    int32
	hard   bool
}

// para collects the inline content of one block as words, then flows it
// into lines. It is reused from block to block.
type para struct {
	m     Measurer
	spans []span
	frags []frag
	words []word

	open      bool // a word is being built
	glue      float32
	gsp       int32
	hard      bool
	prev      rune // the last rune added; ' ' after white space
	padNext   float32
	codeStart int32 // the first frag of the current inline code
}

func (p *para) reset(m Measurer) {
	p.m = m
	p.spans = p.spans[:0]
	p.frags = p.frags[:0]
	p.words = p.words[:0]
	p.open, p.glue, p.gsp, p.hard, p.prev, p.padNext = false, 0, 0, false, ' ', 0
}

func (p *para) empty() bool { return len(p.frags) == 0 }

// span interns a span.
func (p *para) span(s span) int32 {
	for i := len(p.spans) - 1; i >= 0 && i >= len(p.spans)-8; i-- {
		if p.spans[i] == s {
			return int32(i)
		}
	}
	p.spans = append(p.spans, s)
	return int32(len(p.spans) - 1)
}

// add appends text set in span sp: white space separates words (a run of
// it counts once), and Chinese, Japanese and Korean text may break
// between any two characters, except before closing punctuation and after
// opening punctuation.
func (p *para) add(s string, sp int32) {
	start := 0
	for i, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			p.piece(s[start:i], sp)
			p.space(sp)
			start = i + 1
			continue
		}
		if (p.open || i > start) && p.prev != ' ' && breakBetween(p.prev, r) {
			p.piece(s[start:i], sp)
			p.endWord()
			start = i
		}
		p.prev = r
	}
	p.piece(s[start:], sp)
}

// piece adds text with no break opportunity to the current word.
func (p *para) piece(text string, sp int32) {
	if text == "" {
		return
	}
	if !p.open {
		p.open = true
		p.words = append(p.words, word{f0: int32(len(p.frags)), glue: p.glue, gsp: p.gsp, hard: p.hard})
		p.glue, p.hard = 0, false
	}
	st := &p.spans[sp]
	w := p.m.Advance(text, st.font, st.size)
	f := frag{text: text, sp: sp, w: w}
	if p.padNext > 0 {
		f.padL = p.padNext
		f.w += p.padNext
		p.padNext = 0
	}
	p.frags = append(p.frags, f)
}

func (p *para) endWord() {
	if !p.open {
		return
	}
	wd := &p.words[len(p.words)-1]
	wd.f1 = int32(len(p.frags))
	wd.w = 0
	for _, f := range p.frags[wd.f0:wd.f1] {
		wd.w += f.w
	}
	p.open = false
}

// space ends the current word; the white space between two words is one
// space of the span it was written in.
func (p *para) space(sp int32) {
	p.endWord()
	p.prev = ' '
	if len(p.words) == 0 || p.glue > 0 {
		return
	}
	st := &p.spans[sp]
	p.glue = p.m.Advance(" ", st.font, st.size)
	p.gsp = sp
}

func (p *para) hardBreak() {
	p.endWord()
	p.prev = ' '
	p.glue = 0
	p.hard = true
}

// object adds an inline object (a checkbox) as a word of its own.
func (p *para) object(sp int32, w, h float32) {
	p.endWord()
	p.words = append(p.words, word{f0: int32(len(p.frags)), f1: int32(len(p.frags) + 1), w: w, glue: p.glue, gsp: p.gsp, hard: p.hard})
	p.frags = append(p.frags, frag{sp: sp, w: w, h: h})
	p.glue, p.hard = 0, false
	p.prev = 'x'
}

// codeBegin and codeEnd bracket inline code, whose background reaches a
// little beyond its text on both sides.
func (p *para) codeBegin(pad float32) {
	p.padNext = pad
	p.codeStart = int32(len(p.frags))
}

func (p *para) codeEnd(pad float32) {
	p.padNext = 0
	if n := int32(len(p.frags)); n > p.codeStart {
		f := &p.frags[n-1]
		f.padR = pad
		f.w += pad
		if !p.open {
			// The word is closed already: it ended in white space.
			p.words[len(p.words)-1].w += pad
		}
	}
}

func (p *para) finish() { p.endWord() }

// naturalWidth is the width of the text on one line; minWidth is the
// widest word. Tables size their columns from both.
func (p *para) naturalWidth() float32 {
	var best, cur float32
	for i, wd := range p.words {
		if wd.hard && i > 0 {
			best = max(best, cur)
			cur = 0
		} else if i > 0 {
			cur += wd.glue
		}
		cur += wd.w
	}
	return max(best, cur)
}

func (p *para) minWidth() (w float32) {
	for _, wd := range p.words {
		w = max(w, wd.w)
	}
	return w
}

// splitWide breaks every word wider than width into pieces that fit (at
// least one character each), with break opportunities between them.
func (p *para) splitWide(width float32) {
	wide := false
	for _, wd := range p.words {
		if wd.w > width {
			wide = true
			break
		}
	}
	if !wide {
		return
	}
	words := make([]word, 0, len(p.words)+8)
	for _, wd := range p.words {
		if wd.w <= width {
			words = append(words, wd)
			continue
		}
		cur := word{f0: int32(len(p.frags)), glue: wd.glue, gsp: wd.gsp, hard: wd.hard}
		flush := func() {
			cur.f1 = int32(len(p.frags))
			if cur.f1 > cur.f0 {
				words = append(words, cur)
			}
			cur = word{f0: int32(len(p.frags))}
		}
		for fi := wd.f0; fi < wd.f1; fi++ {
			f := p.frags[fi]
			if p.spans[f.sp].obj != objNone {
				if f.w > width { // an object wider than the line shrinks to fit
					f.h *= width / f.w
					f.w = width
				}
				if cur.w > 0 && cur.w+f.w > width {
					flush()
				}
				p.frags = append(p.frags, f)
				cur.w += f.w
				continue
			}
			st := &p.spans[f.sp]
			start := 0
			x := f.padL
			soft, softX := -1, float32(0) // the last place after punctuation
			for i, r := range f.text {
				rw := p.m.Advance(string(r), st.font, st.size)
				if (cur.w > 0 || x > f.padL) && cur.w+x+rw > width {
					at, w := i, x
					if soft > start && cur.w+softX >= 0.4*width {
						// Break after punctuation inside the word
						// (proc.go:|runqget, a/b/|c) rather than anywhere.
						at, w = soft, softX
					}
					pad := float32(0)
					if start == 0 {
						pad = f.padL
					}
					if at > start {
						p.frags = append(p.frags, frag{text: f.text[start:at], sp: f.sp, w: w, padL: pad})
						cur.w += w
					}
					flush()
					start, x, soft = at, x-w, -1
				}
				x += rw
				if strings.ContainsRune(softBreakAfter, r) {
					soft, softX = i+len(string(r)), x
				}
			}
			last := frag{text: f.text[start:], sp: f.sp, w: x + f.padR, padR: f.padR}
			if start == 0 {
				last.padL = f.padL
			}
			p.frags = append(p.frags, last)
			cur.w += last.w
		}
		flush()
	}
	p.words = words
}

// softBreakAfter are the characters after which a word too long for its
// line breaks by preference.
const softBreakAfter = ".:/-_(,;"

// isCJK reports whether r is a character of Chinese, Japanese or Korean
// text, between which lines may break.
func isCJK(r rune) bool {
	switch {
	case r < 0x2E80:
		return false
	case r <= 0x9FFF: // radicals, punctuation, kana, CJK ideographs
		return true
	case r >= 0xAC00 && r <= 0xD7AF: // Hangul
		return true
	case r >= 0xF900 && r <= 0xFAFF: // compatibility ideographs
		return true
	case r >= 0xFE30 && r <= 0xFE4F: // compatibility forms
		return true
	case r >= 0xFF00 && r <= 0xFFEF: // full-width forms
		return true
	case r >= 0x20000 && r <= 0x3FFFF:
		return true
	}
	return false
}

// noBreakBefore are characters a line must not start with: closing
// punctuation, in its Chinese and Western forms.
const noBreakBefore = "，。、；：！？）」』】》〉〕〗〙〛”’…—·～％,.;:!?)]}%"

// noBreakAfter are characters a line must not end with: opening
// punctuation.
const noBreakAfter = "（「『【《〈〔〖〘〚“‘([{"

// breakBetween reports whether a line may break between a and b, neither
// of them white space: only next to CJK text, and never before closing or
// after opening punctuation.
func breakBetween(a, b rune) bool {
	if !isCJK(a) && !isCJK(b) {
		return false
	}
	if strings.ContainsRune(noBreakBefore, b) || strings.ContainsRune(noBreakAfter, a) {
		return false
	}
	// A Latin word glued to a hanzi ("P的") breaks, but not inside a
	// number or a word: that is only possible when one side is CJK,
	// which the test above ensures.
	return unicode.IsGraphic(a) && unicode.IsGraphic(b)
}
