package page

import "strings"

type alignment uint8

const (
	alignLeft alignment = iota
	alignCenter
	alignRight
)

// flow breaks the paragraph's words into lines of at most width (greedy:
// as many words as fit, a word wider than a line broken between
// characters) and sets them from b.y down, left edge x0. lf is the line
// height as a multiple of the text size.
func (b *builder) flow(x0, width float32, align alignment, lf float32) {
	p := &b.p
	if len(p.words) == 0 {
		return
	}
	width = max(width, 1)
	p.splitWide(width)
	const eps = 0.01
	start := 0
	var x float32
	for i := 0; i < len(p.words); {
		wd := &p.words[i]
		if i > start && wd.hard {
			b.line(start, i, x0, width, x, align, lf)
			start, x = i, 0
			continue
		}
		g := wd.glue
		if i == start {
			g = 0
		}
		if i > start && x+g+wd.w > width+eps {
			b.line(start, i, x0, width, x, align, lf)
			start, x = i, 0
			continue
		}
		x += g + wd.w
		i++
	}
	b.line(start, len(p.words), x0, width, x, align, lf)
}

// run is text being gathered into one item: consecutive frags of one span
// on one line.
type run struct {
	open       bool
	sp         int32
	x, w       float32
	padL, padR float32
	first      string
	parts      int
}

// line sets words [from, to) as one line of width lw.
func (b *builder) line(from, to int, x0, width, lw float32, align alignment, lf float32) {
	p := &b.p
	var asc, desc, lh float32
	for _, wd := range p.words[from:to] {
		for _, f := range p.frags[wd.f0:wd.f1] {
			st := &p.spans[f.sp]
			asc = max(asc, ascent(st.font, st.size)+st.rise)
			desc = max(desc, descent(st.font, st.size))
			if st.rise == 0 {
				lh = max(lh, st.size*lf)
			}
		}
	}
	lh = max(lh, asc+desc)
	top := b.y
	baseline := top + (lh-asc-desc)/2 + asc
	x := x0
	switch align {
	case alignCenter:
		x += max(0, (width-lw)/2)
	case alignRight:
		x += max(0, width-lw)
	}
	b.takeMarker(baseline)

	var r run
	flush := func() {
		if !r.open {
			return
		}
		r.open = false
		st := &p.spans[r.sp]
		text := r.first
		if r.parts > 1 {
			text = string(b.buf)
		}
		tw := r.w - r.padL - r.padR
		a, d := ascent(st.font, st.size), descent(st.font, st.size)
		bl := baseline - st.rise
		if st.code {
			b.add(Item{Kind: ItemRect, X: r.x, Y: bl - a - 0.08*st.size, W: r.w, H: a + d + 0.16*st.size,
				Fill: b.pal.CodeBg, Radius: 3, Role: "code.bg"})
		}
		b.add(Item{Kind: ItemText, X: r.x + r.padL, Y: bl - a, W: tw, H: a + d, Text: text, Font: st.font,
			Size: st.size, Color: st.color, Link: st.link, Role: st.role, Baseline: bl})
		th := max(1, st.size/16)
		if st.under {
			b.add(Item{Kind: ItemRect, X: r.x + r.padL, Y: bl + 0.12*st.size, W: tw, H: th, Fill: st.color, Role: "link.under"})
		}
		if st.strike {
			b.add(Item{Kind: ItemRect, X: r.x + r.padL, Y: bl - 0.3*st.size, W: tw, H: th, Fill: st.color, Role: "strike"})
		}
		if st.role == "footnote.ref" {
			b.page.Targets = append(b.page.Targets, Anchor{ID: "fnref:" + text, Title: "footnote " + text, Y: top})
		}
		if strings.HasPrefix(st.link, "ref:") {
			b.refs = append(b.refs, refMark{text: text, link: st.link, y: top})
		}
	}
	piece := func(text string) {
		if r.parts == 1 {
			b.buf = append(b.buf[:0], r.first...)
		}
		if r.parts >= 1 {
			b.buf = append(b.buf, text...)
		} else {
			r.first = text
		}
		r.parts++
	}
	for wi := from; wi < to; wi++ {
		wd := &p.words[wi]
		if wi > from && wd.glue > 0 {
			next := p.frags[wd.f0]
			if r.open && wd.gsp == r.sp && next.sp == r.sp && r.padR == 0 && next.padL == 0 {
				piece(" ")
				r.w += wd.glue
			} else {
				flush()
			}
			x += wd.glue
		}
		for _, f := range p.frags[wd.f0:wd.f1] {
			st := &p.spans[f.sp]
			if st.obj != objNone {
				flush()
				b.object(st, f, x, baseline)
				x += f.w
				continue
			}
			if !(r.open && r.sp == f.sp && r.padR == 0 && f.padL == 0) {
				flush()
				r = run{open: true, sp: f.sp, x: x, padL: f.padL}
			}
			piece(f.text)
			r.w += f.w
			r.padR = f.padR
			x += f.w
		}
	}
	flush()
	b.y = top + lh
}

// object draws an inline object whose box starts at x.
func (b *builder) object(st *span, f frag, x, baseline float32) {
	switch st.obj {
	case objCheck, objChecked:
		s := f.h
		y := baseline + 0.08*st.size - s
		b.add(Item{Kind: ItemRect, X: x, Y: y, W: s, H: s, Fill: b.pal.Muted, Radius: 3, Role: st.role})
		in := max(1, s/10)
		b.add(Item{Kind: ItemRect, X: x + in, Y: y + in, W: s - 2*in, H: s - 2*in, Fill: b.pal.Background, Radius: 2, Role: st.role})
		if st.obj == objChecked {
			d := s / 4
			b.add(Item{Kind: ItemRect, X: x + d, Y: y + d, W: s - 2*d, H: s - 2*d, Fill: b.pal.Link, Radius: 1, Role: st.role})
		}
	}
}
