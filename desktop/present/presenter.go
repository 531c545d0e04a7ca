package present

import (
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// NotesLayout is a slide's speaker notes set in a box of the presenter
// window.
type NotesLayout struct {
	Items []page.Item // in window coordinates
	Size  float32     // the type size they were set at
	// Overflow is set when the notes did not fit even at the smallest
	// size: the lines that fit are shown, ending with "…".
	Overflow bool
}

// Notes sizes in the presenter window, as a fraction of its height and
// in logical pixels.
const (
	notesSizeOfHeight         = 0.034
	minNotesSize      float32 = 16
	maxNotesSize      float32 = 40
	notesLine         float32 = 1.35
)

// Notes sets slide i's speaker notes in r: paragraphs as the chapter
// writes them (blank-line separated; backticks dropped), as large as fits
// from a size that follows the window's height down to 16 px.
func (t *Typesetter) Notes(i int, r view.Rect, winH float32) *NotesLayout {
	if i < 0 || i >= len(t.Deck.Slides) {
		return &NotesLayout{}
	}
	base := max(minNotesSize, min(maxNotesSize, winH*notesSizeOfHeight))
	key := notesKey{i, r, base}
	t.mu.Lock()
	nl, ok := t.notes[key]
	t.mu.Unlock()
	if ok {
		return nl
	}
	nl = t.setNotes(t.Deck.Slides[i].Notes, r, base)
	t.mu.Lock()
	t.notes[key] = nl
	t.mu.Unlock()
	return nl
}

func (t *Typesetter) setNotes(notes string, r view.Rect, size float32) *NotesLayout {
	pal := t.Palette()
	var paras []string
	for _, p := range strings.Split(notes, "\n\n") {
		if p = page.JoinLines(stripTicks(p)); p != "" {
			paras = append(paras, p)
		}
	}
	if len(paras) == 0 {
		return &NotesLayout{Size: size, Items: []page.Item{t.text(lang.T(t.Deck.Lang, "present.notes.none"), page.Italic, size, r.X, r.Y, pal.Muted, "notes.none")}}
	}
	lines := func(s float32) (out [][]string, h float32) {
		for k, p := range paras {
			ls := Wrap(t.M, p, page.Regular, s, r.W)
			out = append(out, ls)
			h += float32(len(ls)) * s * notesLine
			if k > 0 {
				h += 0.6 * s
			}
		}
		return out, h
	}
	for ; size > minNotesSize; size = max(minNotesSize, size-1) {
		if _, h := lines(size); h <= r.H {
			break
		}
	}
	ls, _ := lines(size)
	nl := &NotesLayout{Size: size}
	y := r.Y
	for k, p := range ls {
		if k > 0 {
			y += 0.6 * size
		}
		for _, line := range p {
			if y+size*notesLine > r.Bottom()+0.5 {
				nl.Overflow = true
				if n := len(nl.Items); n > 0 {
					last := &nl.Items[n-1]
					last.Text = t.cut(last.Text+" …", page.Regular, size, r.W)
					last.W = t.M.Advance(last.Text, page.Regular, size)
				}
				return nl
			}
			nl.Items = append(nl.Items, t.text(line, page.Regular, size, r.X, y, pal.Text, "notes"))
			y += size * notesLine
		}
	}
	return nl
}

// PresenterView is the presenter window at one moment: its boxes, the
// two slides to draw in them, and its text.
type PresenterView struct {
	PresenterLayout
	// Current and Next fit the stage into the two slide boxes: the
	// window draws slide State.Slide at State.Step through Current, and
	// slide NextSlide at step 0 through Next (nothing when NextSlide is
	// -1, at the last slide).
	Current, Next Fit
	NextSlide     int
	Background    view.Color
	// Under are drawn first: the header's panel and a frame around each
	// slide box (a slide's background may be the window's).
	Under []page.Item
	// Items are drawn over the slides: the header (chapter, "slide 5/21 ·
	// step 2/4", timer), the label above the next slide, the status line
	// and the notes.
	Items         []page.Item
	NotesOverflow bool
}

// Presenter lays out the presenter window (w×h logical pixels) for the
// state of n.
func (t *Typesetter) Presenter(n *Nav, w, h float32) *PresenterView {
	st := n.State()
	pal := t.Palette()
	v := &PresenterView{PresenterLayout: Presenter(w, h), Background: pal.Background, NextSlide: -1}
	v.Current = FitInto(v.PresenterLayout.Current)
	v.Next = FitInto(v.NextBox)
	hd := v.Header
	v.Under = append(v.Under, page.Item{Kind: page.ItemRect, X: hd.X, Y: hd.Y, W: hd.W, H: hd.H, Fill: pal.Card, Role: "presenter.header"})
	for _, r := range []view.Rect{v.PresenterLayout.Current, v.NextBox} {
		fw := max(1, min(w, h)*0.002)
		v.Under = append(v.Under, page.Item{Kind: page.ItemRect, X: r.X - fw, Y: r.Y - fw, W: r.W + 2*fw, H: r.H + 2*fw, Fill: pal.Rule, Role: "presenter.frame"})
	}
	d := t.Deck
	i := st.Slide
	if i+1 < len(d.Slides) {
		v.NextSlide = i + 1
	}
	hs := v.Header.H * 0.42 // header text size
	mid := func(r view.Rect, size float32) float32 { return r.Y + (r.H-lineH(page.Regular, size))/2 }

	// Header: the chapter, the position, the clock.
	counter := t.cut(Counter(d, st.Position), page.Bold, hs, v.Counter.W)
	cx := v.Counter.X
	if v.Wide {
		cx += max(0, (v.Counter.W-t.M.Advance(counter, page.Bold, hs))/2)
	}
	v.Items = append(v.Items, t.text(counter, page.Bold, hs, cx, mid(v.Counter, hs), pal.Text, "presenter.counter"))
	if v.Title.W > 0 {
		name := t.cut(d.Title, page.Regular, hs, v.Title.W)
		v.Items = append(v.Items, t.text(name, page.Regular, hs, v.Title.X, mid(v.Title, hs), pal.Muted, "presenter.chapter"))
	}
	// A paused clock is grey with a pause sign; one not started yet grey.
	clock := n.Timer().String(n.Clock())
	clockColor := pal.Text
	if !st.Timer.Running {
		clockColor = pal.Muted
		if st.Timer.Started {
			clock = "‖ " + clock
		}
	}
	ts := min(hs*1.25, v.Clock.H*0.7)
	for ts > 8 && t.M.Advance(clock, page.MonoBold, ts) > v.Clock.W {
		ts *= 0.9
	}
	tw := t.M.Advance(clock, page.MonoBold, ts)
	v.Items = append(v.Items, t.text(clock, page.MonoBold, ts, v.Clock.Right()-tw, mid(v.Clock, ts), clockColor, "presenter.timer"))

	// The label above the next slide.
	ls := min(v.NextTag.H*0.6, hs)
	tag := lang.T(d.Lang, "present.end")
	if v.NextSlide >= 0 {
		tag = lang.F(d.Lang, "present.next", strconv.Itoa(v.NextSlide+1)+" · "+d.Slides[v.NextSlide].Title)
	}
	v.Items = append(v.Items, t.text(t.cut(tag, page.Bold, ls, v.NextTag.W), page.Bold, ls, v.NextTag.X, mid(v.NextTag, ls), pal.Muted, "presenter.nexttag"))

	// The status: what the next press does, or the mode the talk is in.
	ss := max(minNotesSize, min(hs*0.9, v.Status.H/3))
	var b body
	y := v.Status.Y + 0.2*ss
	for _, line := range Wrap(t.M, Status(d, st), page.Regular, ss, v.Status.W) {
		if y+ss*1.3 > v.Status.Bottom() {
			break
		}
		b.add([]page.Item{t.text(line, page.Regular, ss, v.Status.X, y, pal.Text, "presenter.status")}, 0)
		y += ss * 1.3
	}
	v.Items = append(v.Items, b.items...)

	nl := t.Notes(i, v.Notes, h)
	v.Items = append(v.Items, nl.Items...)
	v.NotesOverflow = nl.Overflow
	return v
}

// Counter is the position as the presenter reads it: "slide 5/21", with
// "· step 2/4" on a slide with fragments.
func Counter(d *Deck, p Position) string {
	s := lang.F(d.Lang, "present.counter.slide", p.Slide+1, len(d.Slides))
	if p.Slide >= 0 && p.Slide < len(d.Slides) {
		if n := d.Slides[p.Slide].Steps(); n > 0 {
			s += lang.F(d.Lang, "present.counter.step", p.Step, n)
		}
	}
	return s
}

// Status says, for the presenter, what the talk is doing or what the next
// press will show: the next narrated step's caption, a poll's answer
// before it is revealed, or the next slide.
func Status(d *Deck, st State) string {
	switch {
	case st.Jump != "":
		return lang.F(d.Lang, "present.status.jump", st.Jump)
	case st.Blackout:
		return lang.T(d.Lang, "present.status.black")
	case st.Overview:
		sel := ""
		if st.Selected >= 0 && st.Selected < len(d.Slides) {
			sel = strconv.Itoa(st.Selected+1) + " · " + d.Slides[st.Selected].Title
		}
		return lang.F(d.Lang, "present.status.overview", sel)
	}
	if st.Slide < 0 || st.Slide >= len(d.Slides) {
		return ""
	}
	s := &d.Slides[st.Slide]
	if st.Step < s.Steps() {
		f := s.Fragments[st.Step]
		switch s.Kind {
		case chapters.SlideScene:
			return lang.F(d.Lang, "present.status.step", st.Step+1, s.Steps(), f.Text)
		case chapters.SlidePoll:
			return lang.T(d.Lang, "present.status.reveal") + strings.ReplaceAll(strings.TrimSpace(f.Text), "\n", " / ")
		}
	}
	if st.Slide+1 < len(d.Slides) {
		return lang.F(d.Lang, "present.status.next", st.Slide+2, d.Slides[st.Slide+1].Title)
	}
	return lang.T(d.Lang, "present.status.last")
}

// OverviewItems are the overview's labels ("5 · title" under each
// thumbnail), a frame around the selected slide and a bar under the
// current one, in g's coordinates. The window draws each visible slide
// through FitInto(g.Cell(i)) under them.
func (t *Typesetter) OverviewItems(g *Grid, selected, current int) []page.Item {
	pal := t.Palette()
	size := g.LabelH * 0.55
	var out []page.Item
	for i := range g.N {
		if !g.Visible(i) {
			continue
		}
		c, l := g.Cell(i), g.Label(i)
		fw := max(1, g.Gap*0.05)
		for _, e := range frame(c, fw) {
			e.Fill, e.Role = pal.Rule, "overview.cell"
			out = append(out, e)
		}
		label := strconv.Itoa(i+1) + " · " + t.Deck.Slides[i].Title
		font := page.Regular
		if i == current {
			font = page.Bold
		}
		out = append(out, t.text(t.cut(label, font, size, l.W), font, size, l.X, l.Y+(l.H-lineH(font, size))/2, pal.Text, "overview.label"))
		if i == current {
			out = append(out, page.Item{Kind: page.ItemRect, X: c.X, Y: c.Bottom() - g.Gap*0.2, W: c.W, H: g.Gap * 0.2, Fill: pal.Muted, Role: "overview.current"})
		}
		if i == selected {
			for _, e := range frame(c, max(2, g.Gap*0.18)) {
				e.Fill, e.Role = pal.Link, "overview.selected"
				out = append(out, e)
			}
		}
	}
	return out
}

// JumpItems show the slide number being typed on the audience stage,
// small in its bottom-left corner ("→ 12"): in the footer band, over the
// chapter's name, where it covers none of the slide's content; none when
// nothing is typed.
func (t *Typesetter) JumpItems(jump string) []page.Item {
	if jump == "" {
		return nil
	}
	pal := t.Palette()
	s := "→ " + jump
	size := footerSize * 1.4
	it := t.text(s, page.MonoBold, size, slideMarginX, StageH-footerH+(footerH-lineH(page.MonoBold, size))/2, pal.Text, "jump")
	bg := page.Item{Kind: page.ItemRect, X: it.X - 12, Y: it.Y - 6, W: it.W + 24, H: it.H + 12, Fill: pal.Card, Radius: 6, Role: "jump.bg"}
	return []page.Item{bg, it}
}

// frame is four rectangles of width w around r, outside it.
func frame(r view.Rect, w float32) []page.Item {
	return []page.Item{
		{Kind: page.ItemRect, X: r.X - w, Y: r.Y - w, W: r.W + 2*w, H: w},
		{Kind: page.ItemRect, X: r.X - w, Y: r.Bottom(), W: r.W + 2*w, H: w},
		{Kind: page.ItemRect, X: r.X - w, Y: r.Y, W: w, H: r.H},
		{Kind: page.ItemRect, X: r.Right(), Y: r.Y, W: w, H: r.H},
	}
}
