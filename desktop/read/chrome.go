package read

import (
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// geometry is where the furniture goes for the window, the settings and
// the state of the toolbar.
type geometry struct {
	u       float32 // the font scale: chrome grows with the type
	toolbar view.Rect
	status  view.Rect
	sidebar view.Rect // the table of contents (empty when hidden)
	view    view.Rect // where the page shows
	wide    bool      // the contents fit beside the page
	overlay bool      // the contents are open over the page (narrow window)
	buttons []button
	title   view.Rect // the chapter title in the toolbar
	search  view.Rect // the search box, when open
}

// button is a toolbar button.
type button struct {
	name, label string
	tip         string // what the status line says about it
	box         view.Rect
	on          bool // a toggle that is on
	disabled    bool
}

// Chrome metrics, in logical pixels at font scale 1.
const (
	toolbarH   = 44
	statusH    = 26
	sidebarW   = 270
	chromeText = 14
	buttonH    = 28
	buttonPad  = 10
	buttonGap  = 6
	tocText    = 14
	tocSub     = 13
	tocPad     = 12
)

// layoutGeometry places the toolbar, the status line, the table of
// contents and the page's view.
func (r *Reading) layoutGeometry() geometry {
	u := r.scale
	g := geometry{u: u}
	g.toolbar = view.Rect{X: 0, Y: 0, W: r.w, H: toolbarH * u}
	g.status = view.Rect{X: 0, Y: r.h - statusH*u, W: r.w, H: statusH * u}
	body := view.Rect{X: 0, Y: g.toolbar.H, W: r.w, H: max(0, g.status.Y-g.toolbar.H)}
	sw := min(sidebarW*u, 360)
	g.wide = r.w-sw >= 600
	g.view = body
	switch {
	case g.wide && !r.tocHidden:
		g.sidebar = view.Rect{X: 0, Y: body.Y, W: sw, H: body.H}
		g.view = view.Rect{X: sw, Y: body.Y, W: r.w - sw, H: body.H}
	case !g.wide && r.tocOpen:
		g.overlay = true
		g.sidebar = view.Rect{X: 0, Y: body.Y, W: min(sw, r.w-40), H: body.H}
	}
	if !g.wide {
		r.tocHidden = false
	} else {
		r.tocOpen = false
	}

	// Toolbar: contents, back, forward on the left; search, type size and
	// theme on the right; the chapter's title between them.
	label := func(wide, narrow string) string {
		if r.w < 720 {
			return narrow
		}
		return wide
	}
	L := r.lang
	theme := lang.T(L, "read.button.dark")
	if r.dark {
		theme = lang.T(L, "read.button.light")
	}
	left := []button{
		{name: "toc", label: label(lang.T(L, "read.button.toc"), "≡"), tip: lang.T(L, "read.tip.toc"), on: g.sidebar.W > 0},
		{name: "back", label: "←", tip: lang.T(L, "read.tip.back"), disabled: !r.hist.CanBack()},
		{name: "forward", label: "→", tip: lang.T(L, "read.tip.forward"), disabled: !r.hist.CanForward()},
	}
	var right []button
	if langs := r.Langs(); len(langs) > 1 {
		// The language switch names the other edition in its own language.
		next := langs[0]
		for i, l := range langs {
			if l == L {
				next = langs[(i+1)%len(langs)]
			}
		}
		right = append(right, button{name: "lang", label: next.Name(), tip: lang.T(L, "read.tip.lang."+next.String())})
	}
	for _, m := range r.modes {
		right = append(right, button{name: "mode:" + m, label: modeLabel(L, m), tip: lang.F(L, "read.tip.mode", modeLabel(L, m))})
	}
	right = append(right, []button{
		{name: "search", label: label(lang.T(L, "read.button.search")+"  /", lang.T(L, "read.button.search")), tip: lang.T(L, "read.tip.search"), on: r.search.Open},
		{name: "smaller", label: "A−", tip: lang.T(L, "read.tip.smaller"), disabled: r.scale <= MinFontScale},
		{name: "larger", label: "A+", tip: lang.T(L, "read.tip.larger"), disabled: r.scale >= MaxFontScale},
		{name: "theme", label: theme, tip: lang.T(L, "read.tip.theme"), on: r.dark},
	}...)
	by := g.toolbar.Y + (g.toolbar.H-buttonH*u)/2
	x := 8 * u
	for i := range left {
		w := r.measure.Advance(left[i].label, page.Regular, chromeText*u) + 2*buttonPad*u
		left[i].box = view.Rect{X: x, Y: by, W: max(w, buttonH*u), H: buttonH * u}
		x += left[i].box.W + buttonGap*u
	}
	rx := r.w - 8*u
	for i := len(right) - 1; i >= 0; i-- {
		w := max(r.measure.Advance(right[i].label, page.Regular, chromeText*u)+2*buttonPad*u, buttonH*u)
		rx -= w
		right[i].box = view.Rect{X: rx, Y: by, W: w, H: buttonH * u}
		rx -= buttonGap * u
	}
	g.title = view.Rect{X: x + 8*u, Y: g.toolbar.Y, W: max(0, rx-x-16*u), H: g.toolbar.H}
	g.buttons = append(left, right...)

	if r.search.Open {
		w := min(600*u, r.w-24*u)
		g.search = view.Rect{X: g.view.X + (g.view.W-w)/2, Y: g.toolbar.Y + g.toolbar.H + 8*u, W: w, H: 0}
		if g.search.X+w > r.w-12*u || g.search.X < 12*u {
			g.search.X = (r.w - w) / 2
		}
	}
	return g
}

// modeLabel is the name of the app's mode m on its button: "Present".
func modeLabel(l lang.Lang, m string) string {
	if k := "read.mode." + m; lang.Has(k) {
		return lang.T(l, k)
	}
	return strings.ToUpper(m[:1]) + m[1:]
}

// tocEntry is one line (or a few, wrapped) of the table of contents.
type tocEntry struct {
	heading bool // a ## heading of the current chapter, not a chapter
	entry   int  // the chapter
	anchor  string
	lines   []string
	font    page.Font
	size    float32
	indent  float32
	y, h    float32 // in the contents' own coordinates
}

// layoutTOC lists the chapters, with the current chapter's second-level
// headings under it, wrapped to the sidebar's width.
func (r *Reading) layoutTOC(width float32) {
	r.toc = r.toc[:0]
	if width <= 0 {
		return
	}
	u := r.scale
	y := tocPad * u
	add := func(e tocEntry) {
		w := width - e.indent - 2*tocPad*u
		e.lines = wrap(e.lines[0], e.font, e.size, w, r.measure)
		e.y = y
		e.h = float32(len(e.lines))*e.size*1.35 + 8*u
		y += e.h
		r.toc = append(r.toc, e)
	}
	for i, e := range r.book.Entries {
		label := e.Title
		if e.Chapter != nil {
			label = strconv.Itoa(e.Chapter.Number) + "  " + e.Title
		}
		if e.Err != nil {
			label = "× " + label
		}
		f := page.Regular
		if i == r.cur {
			f = page.Bold
		}
		add(tocEntry{entry: i, lines: []string{label}, font: f, size: tocText * u, indent: 0})
		if i == r.cur && r.pg != nil {
			for _, a := range r.pg.Anchors {
				if a.Level == 2 {
					add(tocEntry{heading: true, entry: i, anchor: a.ID, lines: []string{trimTitle(a.Title)}, font: page.Regular, size: tocSub * u, indent: 16 * u})
				}
			}
		}
	}
}

// tocHeight is the contents' whole height.
func (r *Reading) tocHeight() float32 {
	if len(r.toc) == 0 {
		return 0
	}
	last := r.toc[len(r.toc)-1]
	return last.y + last.h + tocPad*r.scale
}

// currentHeading is the index of the table of contents entry for the
// section being read: the last ## heading at or above the view's top
// (third of the way down, so that a heading just scrolled to counts).
func (r *Reading) currentHeading() int {
	y := r.scroll.Pos + r.geom.view.H/3
	best := -1
	for i, e := range r.toc {
		if !e.heading {
			continue
		}
		for _, a := range r.pg.Anchors {
			if a.ID == e.anchor && a.Y <= y {
				best = i
			}
		}
	}
	return best
}

// revealTOC scrolls the contents so that the current chapter shows.
func (r *Reading) revealTOC() {
	for _, e := range r.toc {
		if !e.heading && e.entry == r.cur {
			if e.y < r.tocScroll.Target || e.y+e.h > r.tocScroll.Target+r.geom.sidebar.H {
				r.tocScroll.Jump(e.y - 2*tocPad*r.scale)
			}
			return
		}
	}
}

// pagerHeight is the room below the page for the links to the previous
// and the next chapter.
func (r *Reading) pagerHeight() float32 { return 96 * r.scale }

// pager is the links to the previous and the next chapter below the
// page, in page coordinates.
func (r *Reading) pager() []page.Item {
	u := r.scale
	col := ColorsFor(r.dark)
	y := r.pg.Height + 32*u
	size := 15 * u
	var out []page.Item
	out = append(out, page.Item{Kind: page.ItemLine, X: 0, Y: y, W: r.col.W, H: 0, Color: col.Rule, Role: "pager"})
	y += 20 * u
	if r.cur > 0 {
		e := r.book.Entries[r.cur-1]
		s := "← " + e.Title
		out = append(out, page.Item{Kind: page.ItemText, X: 0, Y: y, W: r.measure.Advance(s, page.Regular, size), H: size * 1.3,
			Text: s, Font: page.Regular, Size: size, Color: col.Accent, Link: "chapter:" + e.ID, Role: "pager-prev"})
	}
	if r.cur+1 < len(r.book.Entries) {
		e := r.book.Entries[r.cur+1]
		s := e.Title + " →"
		w := r.measure.Advance(s, page.Regular, size)
		x := r.col.W - w
		if r.cur > 0 && x < r.col.W/2 {
			y += size * 1.8 // both do not fit on one line
			x = max(0, x)
		}
		out = append(out, page.Item{Kind: page.ItemText, X: x, Y: y, W: w, H: size * 1.3,
			Text: s, Font: page.Regular, Size: size, Color: col.Accent, Link: "chapter:" + e.ID, Role: "pager-next"})
	}
	return out
}

// focusArea is where the keyboard focus is.
type focusArea uint8

const (
	focusNone focusArea = iota
	focusToolbar
	focusTOC
	focusPage
)

// focusRef is the focused element: a toolbar button, a contents entry or
// a page element (an index into focusers).
type focusRef struct {
	area focusArea
	i    int
}

// focusKind is what a page element that takes the focus is.
type focusKind uint8

const (
	focusLink focusKind = iota
	focusScene
	focusChoice
	focusReveal // an exercise's hidden explanation
)

// focusable is a page element Tab reaches.
type focusable struct {
	kind  focusKind
	link  string
	key   string      // a scene slot's key, or a predict exercise's
	index int         // a choice
	boxes []view.Rect // page coordinates (a link may wrap over lines)
	box   view.Rect   // their union
}

// pageFocusables lists the links, scenes and exercise choices of the
// current page in page order, then the pager's links.
func (r *Reading) pageFocusables() []focusable {
	var out []focusable
	e := r.Current()
	items := append(append([]page.Item{}, r.pg.Items...), r.pager()...)
	for _, it := range items {
		box := view.Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}
		switch {
		case it.Kind == page.ItemScene && it.Scene != nil:
			out = append(out, focusable{kind: focusScene, key: sceneKey(e, it.Scene), boxes: []view.Rect{box}, box: box})
		case it.Kind == page.ItemText && it.Link != "":
			if n := len(out); n > 0 && out[n-1].kind == focusLink && out[n-1].link == it.Link && near(out[n-1].boxes[len(out[n-1].boxes)-1], box) {
				out[n-1].boxes = append(out[n-1].boxes, box)
				out[n-1].box = union(out[n-1].box, box)
				continue
			}
			out = append(out, focusable{kind: focusLink, link: it.Link, boxes: []view.Rect{box}, box: box})
		}
	}
	for _, c := range r.choices() {
		out = append(out, focusable{kind: focusChoice, key: c.key, index: c.index, boxes: []view.Rect{c.box}, box: c.box})
	}
	for _, v := range r.veils {
		out = append(out, focusable{kind: focusReveal, key: v.key, boxes: []view.Rect{v.box}, box: v.box})
	}
	// Choices belong where they are on the page: order by position.
	sortFocusables(out)
	return out
}

// near reports whether b follows a on the same line or starts the next
// one: pieces of one link.
func near(a, b view.Rect) bool {
	sameLine := b.Y < a.Y+a.H && b.Y+b.H > a.Y && b.X >= a.X+a.W-1 && b.X <= a.X+a.W+8
	nextLine := b.Y >= a.Y+a.H*0.5 && b.Y <= a.Y+a.H*2 && b.X < a.X
	return sameLine || nextLine
}

func union(a, b view.Rect) view.Rect {
	x0, y0 := min(a.X, b.X), min(a.Y, b.Y)
	x1, y1 := max(a.X+a.W, b.X+b.W), max(a.Y+a.H, b.Y+b.H)
	return view.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// sortFocusables orders page elements top to bottom, then left to right,
// keeping the order of elements on one line (insertion sort: the list is
// nearly sorted).
func sortFocusables(fs []focusable) {
	less := func(a, b *focusable) bool {
		if a.box.Y+a.box.H <= b.box.Y {
			return true
		}
		if b.box.Y+b.box.H <= a.box.Y {
			return false
		}
		return a.box.X < b.box.X
	}
	for i := 1; i < len(fs); i++ {
		for j := i; j > 0 && less(&fs[j], &fs[j-1]); j-- {
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
}
