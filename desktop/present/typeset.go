package present

import (
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/view"
)

// Slide typography on the 1920×1080 stage, in stage pixels.
const (
	// BodySize is the body text's size: with the slide style's 1.4 line
	// height about twelve lines fill the body, legible from the back of a
	// classroom.
	BodySize float32 = 48
	// MinBodySize is the smallest body size that reads from a classroom's
	// back row: a slide that fits only below it is too long for a slide
	// (TooLong), and its type shrinks on to minTypeSize before the body
	// is scaled down whole.
	MinBodySize float32 = 24
	minTypeSize float32 = 6
	// TitleSize is a slide's one-line title; a long title shrinks to
	// MinTitleSize, then is cut with an ellipsis.
	TitleSize    float32 = 64
	MinTitleSize float32 = 36

	slideMarginX   float32 = 96 // left and right of titles and text
	slideMarginTop float32 = 48
	sceneMarginX   float32 = 40 // a scene's box reaches further out
	footerH        float32 = 64 // the bottom band: chapter and slide number
	footerSize     float32 = 24
)

// SlideLayout is a slide set on the stage: what the window draws, in
// stage coordinates (Fit maps them to the window).
type SlideLayout struct {
	Background view.Color
	// Items are the title, the body and the footer, in drawing order.
	Items []page.Item
	// Reveal are drawn from step 1 on: a poll's answer and its right
	// choice marked.
	Reveal []page.Item
	// Scene is where the scene player draws (scene slides; zero size
	// otherwise). The player shows the step's caption itself.
	Scene view.Rect
	// Body is the area the body was fitted into; BodyBottom is where its
	// content ends (at most Body's bottom).
	Body       view.Rect
	BodyBottom float32
	// Size is the body's type size after shrinking; Scale is 1, or less
	// when the body did not fit even at the smallest size and was scaled
	// down whole.
	Size  float32
	Scale float32
}

// Shrunk reports whether the slide's type was made smaller to fit.
func (l *SlideLayout) Shrunk() bool { return l.Size < BodySize || l.Scale < 1 }

// TooLong reports whether the slide fits only in type smaller than
// MinBodySize: the chapter should split it.
func (l *SlideLayout) TooLong() bool { return l.Size*l.Scale < MinBodySize }

// Typesetter sets a deck's slides with a measurer (the faces the window
// draws with; page.NewMeasurer in tests) and keeps each slide's layout.
// It is safe for concurrent use.
type Typesetter struct {
	Deck *Deck
	M    page.Measurer
	Dark bool

	mu    sync.Mutex
	cache map[int]*SlideLayout
	notes map[notesKey]*NotesLayout
}

type notesKey struct {
	slide int
	r     view.Rect
	size  float32
}

// NewTypesetter sets d's slides with m, in the dark theme if dark.
func NewTypesetter(d *Deck, m page.Measurer, dark bool) *Typesetter {
	return &Typesetter{Deck: d, M: m, Dark: dark, cache: map[int]*SlideLayout{}, notes: map[notesKey]*NotesLayout{}}
}

// Palette is the theme's colours (the website's).
func (t *Typesetter) Palette() page.Palette { return page.Theme(t.Dark) }

// Slide is slide i set on the stage (nil if there is no slide i).
func (t *Typesetter) Slide(i int) *SlideLayout {
	if i < 0 || i >= len(t.Deck.Slides) {
		return nil
	}
	t.mu.Lock()
	l, ok := t.cache[i]
	t.mu.Unlock()
	if ok {
		return l
	}
	l = t.layout(i)
	t.mu.Lock()
	t.cache[i] = l
	t.mu.Unlock()
	return l
}

func (t *Typesetter) layout(i int) *SlideLayout {
	s := &t.Deck.Slides[i]
	pal := t.Palette()
	l := &SlideLayout{Background: pal.Background, Size: BodySize, Scale: 1}
	title := s.Title
	if s.Kind == chapters.SlideTitle && s.Err == nil {
		title = "" // the title slide sets the chapter's title large, in its body
	}
	y := slideMarginTop
	if title != "" {
		items, h := t.titleLine(title, slideMarginX, y, StageW-2*slideMarginX)
		l.Items = append(l.Items, items...)
		y += h + 0.35*TitleSize
	}
	bottom := StageH - footerH
	if s.Kind == chapters.SlideScene && s.Err == nil {
		l.Scene = view.Rect{X: sceneMarginX, Y: y, W: StageW - 2*sceneMarginX, H: bottom - y}
		l.Body = l.Scene
		l.BodyBottom = l.Scene.Bottom()
	} else {
		l.Body = view.Rect{X: slideMarginX, Y: y, W: StageW - 2*slideMarginX, H: bottom - y}
		t.fitBody(l, s)
	}
	l.Items = append(l.Items, t.footer(i)...)
	return l
}

// titleLine sets a slide title on one line at (x, y), shrinking it to fit
// width and cutting it with an ellipsis below MinTitleSize.
func (t *Typesetter) titleLine(text string, x, y, width float32) ([]page.Item, float32) {
	size := TitleSize
	for size > MinTitleSize && t.M.Advance(text, page.Bold, size) > width {
		size = max(MinTitleSize, size*0.95)
	}
	text = t.cut(text, page.Bold, size, width)
	pal := t.Palette()
	it := t.text(text, page.Bold, size, x, y, pal.Text, "slide.title")
	rule := page.Item{Kind: page.ItemRect, X: x, Y: y + it.H + 0.15*TitleSize, W: width, H: 2, Fill: pal.Rule, Role: "slide.rule"}
	return []page.Item{it, rule}, rule.Y + rule.H - y
}

// footer is the bottom band: the chapter on the left, "5 / 21" on the
// right.
func (t *Typesetter) footer(i int) []page.Item {
	pal := t.Palette()
	y := StageH - footerH + (footerH-lineH(page.Regular, footerSize))/2
	num := strconv.Itoa(i+1) + " / " + strconv.Itoa(len(t.Deck.Slides))
	nw := t.M.Advance(num, page.Regular, footerSize)
	out := []page.Item{t.text(num, page.Regular, footerSize, StageW-slideMarginX-nw, y, pal.Muted, "slide.number")}
	if i > 0 {
		name := t.Deck.Title
		if c := t.Deck.Chapter; c != nil {
			name = strconv.Itoa(c.Number) + " · " + name
		}
		name = t.cut(name, page.Regular, footerSize, StageW-2*slideMarginX-nw-2*footerSize)
		out = append(out, t.text(name, page.Regular, footerSize, slideMarginX, y, pal.Muted, "slide.chapter"))
	}
	return out
}

// body is a slide's content set at one type size: items from (0, 0).
type body struct {
	items, reveal []page.Item
	h, w          float32 // the extent of the items
}

// fitBody sets the body at BodySize, or at the largest size that fits
// l.Body: down to MinBodySize first, then, for a slide too long to read
// at that size, further down to minTypeSize (the text still fills the
// width: a smaller size sets more words on each line). Only a body that
// overflows even then is scaled down whole.
func (t *Typesetter) fitBody(l *SlideLayout, s *Slide) {
	W, H := l.Body.W, l.Body.H
	fits := func(b *body) bool { return b.h <= H && b.w <= W+0.01 }
	best, size := t.setBody(s, BodySize, W), BodySize
	if !fits(best) {
		best, size = nil, 0
		for _, r := range [][2]float32{{MinBodySize, BodySize}, {minTypeSize, MinBodySize}} {
			lo, hi := r[0], r[1]
			b := t.setBody(s, lo, W)
			if !fits(b) {
				continue
			}
			best, size = b, lo
			for hi-lo > 0.25 {
				mid := (lo + hi) / 2
				if b := t.setBody(s, mid, W); fits(b) {
					best, size, lo = b, mid, mid
				} else {
					hi = mid
				}
			}
			break
		}
		if best == nil {
			best, size = t.setBody(s, minTypeSize, W), minTypeSize
			l.Scale = min(H/best.h, W/max(best.w, 1))
		}
	}
	l.Size = size
	k := l.Scale
	place := func(items []page.Item) []page.Item {
		out := make([]page.Item, len(items))
		for j, it := range items {
			it.X, it.Y, it.W, it.H = l.Body.X+it.X*k, l.Body.Y+it.Y*k, it.W*k, it.H*k
			it.Size *= k
			it.Radius *= k
			it.Baseline = l.Body.Y + it.Baseline*k
			out[j] = it
		}
		return out
	}
	l.Items = append(l.Items, place(best.items)...)
	l.Reveal = place(best.reveal)
	l.BodyBottom = l.Body.Y + best.h*k
}

// setBody sets the slide's body at type size S in width W.
func (t *Typesetter) setBody(s *Slide, S, W float32) *body {
	c := t.Deck.Chapter
	L := t.Deck.Lang
	st := page.Style{Width: W, Size: S, Dark: t.Dark, Slide: true, Lang: L}
	b := &body{}
	var y float32
	if s.Err != nil {
		p := page.Layout(c, []ast.Node{&chapters.ErrorNode{Err: s.Err}}, st, t.M)
		b.add(p.Items, 0)
		y = p.Height
		hint := lang.T(L, "present.error.fix")
		if s.Kind == chapters.SlideScene {
			hint = lang.T(L, "present.error.scene")
		}
		y = t.para(b, hint, page.Italic, S*0.8, W, y+S, t.Palette().Muted, "error.hint")
		b.h = y
		return b
	}
	if s.Kind == chapters.SlideTitle {
		y = t.titleBlock(b, S, W)
	}
	if len(s.Nodes) > 0 {
		if y > 0 {
			y += 0.9 * S
		}
		p := page.Layout(c, s.Nodes, st, t.M)
		b.add(p.Items, y)
		y += p.Height
	}
	b.h = max(b.h, y)
	if s.Kind == chapters.SlidePoll && len(s.Fragments) > 0 {
		t.answer(b, s, S, W)
	}
	return b
}

// add appends items moved down by dy and grows the body's extent.
func (b *body) add(items []page.Item, dy float32) {
	for _, it := range items {
		it.Y += dy
		if it.Kind == page.ItemText {
			it.Baseline += dy
		}
		b.items = append(b.items, it)
		b.h = max(b.h, it.Y+it.H)
		b.w = max(b.w, it.X+it.W)
	}
}

// titleBlock sets the title slide's head: the chapter's number, its title
// in large type, its summary and its goals, as the website's title slide
// does. Sizes follow the body size S, so that the block shrinks with it.
func (t *Typesetter) titleBlock(b *body, S, W float32) float32 {
	pal := t.Palette()
	c := t.Deck.Chapter
	L := t.Deck.Lang
	var y float32
	if c != nil {
		y = t.para(b, lang.F(L, "read.chapter", c.Number), page.Bold, 0.6*S, W, y, pal.Muted, "title.number")
		y += 0.3 * S
	}
	y = t.para(b, t.Deck.Title, page.Bold, 1.75*S, W, y, pal.Text, "title.title")
	if c == nil {
		return y
	}
	if c.Summary != "" {
		y = t.para(b, c.Summary, page.Regular, 0.85*S, W, y+0.6*S, pal.Muted, "title.summary")
	}
	if len(c.Goals) > 0 {
		y = t.para(b, lang.T(L, "present.goals"), page.Bold, 0.75*S, W, y+0.8*S, pal.Text, "title.goals")
		indent := 1.2 * S
		for _, g := range c.Goals {
			y += 0.2 * S
			bullet := t.text("•", page.Regular, 0.75*S, 0.4*S, y, pal.Text, "title.goal.marker")
			b.add([]page.Item{bullet}, 0)
			y = t.paraAt(b, stripTicks(g), page.Regular, 0.75*S, indent, W-indent, y, pal.Text, "title.goal")
		}
	}
	return y
}

// answer adds a poll's answer box, and a mark on the choice it matches, to
// the items revealed at step 1. The box's room is kept from the start, so
// that revealing it moves nothing.
func (t *Typesetter) answer(b *body, s *Slide, S, W float32) {
	pal := t.Palette()
	ans := s.Fragments[0].Text
	y := b.h + 0.9*S
	pad := 0.5 * S
	barW := max(3, 0.22*S)
	var rv body
	label := t.text(lang.T(t.Deck.Lang, "present.answer"), page.Bold, 0.7*S, barW+pad, y+pad, pal.Muted, "poll.label")
	rv.add([]page.Item{label}, 0)
	ty := label.Y + label.H + 0.25*S
	text := ans
	if strings.TrimSpace(text) == "" {
		text = lang.T(t.Deck.Lang, "present.prints.nothing")
	}
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		ty = t.paraAt(&rv, line, page.MonoBold, 0.9*S, barW+pad, W-barW-2*pad, ty, pal.Right, "poll.answer")
	}
	box := page.Item{Kind: page.ItemRect, X: 0, Y: y, W: W, H: ty + pad - y, Fill: pal.VerdictBg, Radius: 6, Role: "poll.box"}
	bar := page.Item{Kind: page.ItemRect, X: 0, Y: y, W: barW, H: box.H, Fill: pal.VerdictBar, Role: "poll.box.bar"}
	b.reveal = append([]page.Item{box, bar}, rv.items...)
	// The choice rows that match the answer get an outline.
	for _, it := range b.items {
		if it.Kind != page.ItemRect || !strings.HasPrefix(it.Role, "choice:") {
			continue
		}
		k, err := strconv.Atoi(strings.TrimPrefix(it.Role, "choice:"))
		if err != nil || k >= len(s.Predict.Choices) || !s.Predict.Grade(s.Predict.Choices[k], ans) {
			continue
		}
		w := max(2, 0.08*S)
		for _, e := range []page.Item{
			{X: it.X, Y: it.Y, W: it.W, H: w}, {X: it.X, Y: it.Y + it.H - w, W: it.W, H: w},
			{X: it.X, Y: it.Y, W: w, H: it.H}, {X: it.X + it.W - w, Y: it.Y, W: w, H: it.H},
		} {
			e.Kind, e.Fill, e.Role = page.ItemRect, pal.Right, "poll.right"
			b.reveal = append(b.reveal, e)
		}
	}
	b.h = box.Y + box.H
}

// para sets a wrapped paragraph at the left edge from y and returns the
// y below it.
func (t *Typesetter) para(b *body, s string, f page.Font, size, W, y float32, c view.Color, role string) float32 {
	return t.paraAt(b, s, f, size, 0, W, y, c, role)
}

func (t *Typesetter) paraAt(b *body, s string, f page.Font, size, x, W, y float32, c view.Color, role string) float32 {
	for _, line := range Wrap(t.M, s, f, size, W) {
		it := t.text(line, f, size, x, y, c, role)
		b.add([]page.Item{it}, 0)
		y += 1.3 * size
	}
	return y
}

// text is a one-line text item with its top-left at (x, y).
func (t *Typesetter) text(s string, f page.Font, size, x, y float32, c view.Color, role string) page.Item {
	return page.Item{Kind: page.ItemText, X: x, Y: y, W: t.M.Advance(s, f, size), H: lineH(f, size), Text: s, Font: f,
		Size: size, Color: c, Role: role, Baseline: y + fonts.Ascent(fonts.Face(f))*size}
}

// lineH is the height of a line of text: ascent plus descent.
func lineH(f page.Font, size float32) float32 {
	return (fonts.Ascent(fonts.Face(f)) + fonts.Descent(fonts.Face(f))) * size
}

// cut shortens s with an ellipsis until it fits width.
func (t *Typesetter) cut(s string, f page.Font, size, width float32) string {
	if t.M.Advance(s, f, size) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && t.M.Advance(string(r)+"…", f, size) > width {
		r = r[:len(r)-1]
	}
	return strings.TrimRight(string(r), " ") + "…"
}

// Wrap breaks s into lines no wider than width: page.Wrap, at spaces
// and between Chinese characters.
func Wrap(m page.Measurer, s string, f page.Font, size, width float32) []string {
	return page.Wrap(m, s, f, size, width)
}

// stripTicks drops the backticks of inline code from plain text: notes
// and goals are written in Markdown, and shown here as plain text.
func stripTicks(s string) string { return strings.ReplaceAll(s, "`", "") }
