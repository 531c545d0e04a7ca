package read

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/view"
)

// List is the picture of the mode as it stands, rebuilt when something
// changed.
func (r *Reading) List() *DisplayList {
	r.ensure()
	if r.stale || r.list.W != r.w || r.list.H != r.h {
		r.build()
		r.stale = false
		r.builds++
	}
	return &r.list
}

// build lays out the display list: the page (with the inline players'
// slots), the table of contents, the toolbar, the status line, and an
// open overlay (the search box, or the contents over a narrow window).
func (r *Reading) build() {
	sidebar, viewBox, overlay := r.geom.sidebar, r.geom.view, r.geom.overlay
	r.geom = r.layoutGeometry()
	// The page's geometry changes only through ensure; keep what it laid
	// out for.
	r.geom.sidebar, r.geom.view, r.geom.overlay = sidebar, viewBox, overlay
	l := &r.list
	*l = DisplayList{W: r.w, H: r.h, Layers: l.Layers[:0], Scenes: l.Scenes[:0], Hits: l.Hits[:0]}
	col := ColorsFor(r.dark)

	l.Layers = append(l.Layers, r.pageLayer(l, col))
	l.PanelsAfter = len(l.Layers) - 1
	if r.geom.sidebar.W > 0 && !r.geom.overlay {
		l.Layers = append(l.Layers, r.tocLayer(l, col))
	}
	l.Layers = append(l.Layers, r.toolbarLayer(l, col), r.statusLayer(l, col))
	switch {
	case r.geom.overlay:
		body := view.Rect{X: 0, Y: r.geom.toolbar.H, W: r.w, H: r.geom.status.Y - r.geom.toolbar.H}
		l.Layers = append(l.Layers, Layer{Name: "backdrop", Clip: body, Fill: col.Shadow})
		l.Hits = append(l.Hits, HitRegion{body, Target{Kind: TargetBackdrop}})
		l.Layers = append(l.Layers, r.tocLayer(l, col))
	case r.search.Open:
		l.Layers = append(l.Layers, r.searchLayer(l, col))
	}
}

// textItem is a line of chrome text with its top at y (a line box of
// size·lineH), vertically centred in it by the font's metrics.
func textItem(s string, f page.Font, size, x, y, lineH float32, c view.Color, role string, m page.Measurer) page.Item {
	a := fonts.Ascent(fonts.Face(f)) * size
	d := fonts.Descent(fonts.Face(f)) * size
	base := y + lineH/2 + (a-d)/2
	return page.Item{Kind: page.ItemText, X: x, Y: base - a, W: m.Advance(s, f, size), H: a + d, Text: s, Font: f, Size: size, Color: c, Role: role, Baseline: base}
}

// fit shortens s with an ellipsis until it is no wider than w.
func fit(s string, f page.Font, size, w float32, m page.Measurer) string {
	if m.Advance(s, f, size) <= w {
		return s
	}
	rs := []rune(s)
	lo, hi := 0, len(rs)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m.Advance(string(rs[:mid])+"…", f, size) <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(rs[:lo]) + "…"
}

// pageLayer is the chapter page in its view.
func (r *Reading) pageLayer(l *DisplayList, col Colors) Layer {
	v := r.geom.view
	u := r.scale
	ly := Layer{Name: "page", Clip: v, Fill: col.Page}
	l.Hits = append(l.Hits, HitRegion{v, Target{Kind: TargetPage}})
	dx := r.col.X
	dy := v.Y + r.pageTop() - r.scroll.Pos
	visible := func(y, h float32) bool {
		y0, y1 := min(y, y+h), max(y, y+h)
		return y1+dy >= v.Y-4 && y0+dy <= v.Y+v.H+4
	}
	e := r.Current()

	// What goes under a text run: the search match, an answered choice.
	under := map[int][]page.Item{}
	if r.hl.chapter == e.ID {
		for _, b := range r.hl.boxes {
			if i := r.itemAt(b); i >= 0 {
				under[i] = append(under[i], page.Item{Kind: page.ItemRect, X: dx + b.X, Y: dy + b.Y, W: b.W, H: b.H, Fill: col.Highlight, Radius: 2, Role: "highlight"})
			}
		}
	}
	var verdicts []page.Item
	for _, c := range r.choiceList {
		st := r.predicts[c.key]
		i := c.item
		hot := r.hover.Kind == TargetChoice && r.hover.Key == c.key && r.hover.Index == c.index
		fill := view.Color{}
		switch {
		case st != nil && st.Graded && st.Chosen == c.index && st.Right:
			fill = withAlpha(col.Right, 0x38)
		case st != nil && st.Graded && st.Chosen == c.index:
			fill = withAlpha(col.Wrong, 0x38)
		case st != nil && st.Graded && Grade(c.predict.Choices[c.index], st.Expected, c.predict.Answer):
			fill = withAlpha(col.Right, 0x20)
		case hot:
			fill = col.ButtonHot
		}
		if fill.A != 0 && i >= 0 {
			under[i] = append(under[i], page.Item{Kind: page.ItemRect, X: dx + c.box.X, Y: dy + c.box.Y, W: c.box.W, H: c.box.H, Fill: fill, Radius: 4, Role: "choice"})
		}
		if visible(c.box.Y, c.box.H) {
			l.Hits = append(l.Hits, HitRegion{view.Rect{X: dx + c.box.X, Y: dy + c.box.Y, W: max(c.box.W, r.col.W-c.box.X), H: c.box.H}, Target{Kind: TargetChoice, Key: c.key, Index: c.index}})
		}
		if st != nil && st.Chosen == c.index {
			verdicts = append(verdicts, r.verdict(c, st, dx, dy, col)...)
		}
	}

	items := r.pg.Items
	pager := r.pager()
	for idx := 0; idx < len(items)+len(pager); idx++ {
		var it page.Item
		if idx < len(items) {
			it = items[idx]
		} else {
			it = pager[idx-len(items)]
		}
		if !visible(it.Y, it.H) {
			continue
		}
		ly.Items = append(ly.Items, under[idx]...)
		ly.Items = append(ly.Items, r.placeItems(l, it, dx, dy, col)...)
	}
	// Margin notes: the runtime references beside their lines.
	mx := r.col.X + r.col.W + 24*u
	for _, it := range r.pg.Margin {
		if visible(it.Y, it.H) && r.margin > 0 {
			ly.Items = append(ly.Items, r.placeItems(l, it, mx, dy, col)...)
		}
	}
	ly.Items = append(ly.Items, verdicts...)

	// The explanations of exercises not yet answered.
	for _, vl := range r.veils {
		if r.revealed(vl.key) || !visible(vl.box.Y, vl.box.H) {
			continue
		}
		b := view.Rect{X: dx + vl.box.X, Y: dy + vl.box.Y, W: vl.box.W, H: vl.box.H}
		if r.margin > 0 {
			b.W += r.margin + 24*u
		}
		ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: b.X, Y: b.Y, W: b.W, H: b.H, Fill: col.Page, Role: "veil"},
			page.Item{Kind: page.ItemRect, X: b.X, Y: b.Y, W: b.W, H: b.H, Fill: col.Chrome, Color: col.Rule, Width: 1, Radius: 6, Role: "veil"})
		msg := lang.T(r.lang, "read.veil")
		sub := lang.T(r.lang, "read.veil.show")
		// The message sits at the top of the veil, or in the middle of the
		// part on the screen when the top is scrolled away.
		my := max(b.Y+16*u, min(v.Y+v.H/2-20*u, b.Y+b.H-56*u))
		ly.Items = append(ly.Items,
			textItem(fit(msg, page.Bold, 15*u, b.W-32*u, r.measure), page.Bold, 15*u, b.X+16*u, my, 22*u, col.Muted, "veil-text", r.measure),
			textItem(fit(sub, page.Regular, 14*u, b.W-32*u, r.measure), page.Regular, 14*u, b.X+16*u, my+22*u, 20*u, col.Accent, "veil-text", r.measure))
		l.Hits = append(l.Hits, HitRegion{b.Intersect(v), Target{Kind: TargetReveal, Key: vl.key}})
	}

	// The focus ring of a page element.
	if r.focus.area == focusPage && r.focus.i < len(r.focusers) {
		f := r.focusers[r.focus.i]
		for _, b := range f.boxes {
			g := 2 * u
			if f.kind == focusScene {
				g = 4 * u
			}
			ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: dx + b.X - g, Y: dy + b.Y - g, W: b.W + 2*g, H: b.H + 2*g, Color: col.Focus, Width: 2 * u, Radius: 4, Role: "focus"})
		}
	}

	// The scroll bar.
	if th := r.thumb(); !th.Empty() {
		ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: th.X, Y: th.Y, W: th.W, H: th.H, Fill: col.Scrollbar, Radius: th.W / 2, Role: "scrollbar"})
		l.Hits = append(l.Hits, HitRegion{view.Rect{X: v.X + v.W - 14*u, Y: v.Y, W: 14 * u, H: v.H}, Target{Kind: TargetScrollbar}})
	}
	return ly
}

// itemAt is the index of the page item whose box holds the middle of b,
// or −1.
func (r *Reading) itemAt(b view.Rect) int {
	cx, cy := b.X+b.W/2, b.Y+b.H/2
	for i, it := range r.pg.Items {
		if it.Kind == page.ItemText && (view.Rect{X: it.X - 8, Y: it.Y - 4, W: it.W + 16, H: it.H + 8}).Contains(cx, cy) {
			return i
		}
	}
	return -1
}

// placeItems places a page item at offset dx, dy as the items the window
// draws (a link's underline on hover, a scene's quiet box and title), and
// adds its hit region and, for a scene, its slot.
func (r *Reading) placeItems(l *DisplayList, it page.Item, dx, dy float32, col Colors) []page.Item {
	u := r.scale
	op := it.Placed(dx, dy, 1)
	op.Scene = nil
	switch it.Kind {
	case page.ItemText:
		if it.Link == "" {
			return []page.Item{op}
		}
		l.Hits = append(l.Hits, HitRegion{view.Rect{X: op.X, Y: op.Y, W: op.W, H: op.H}, Target{Kind: TargetLink, Link: it.Link}})
		if r.hover.Kind == TargetLink && r.hover.Link == it.Link {
			base := op.Y + op.H*0.85
			if op.Baseline != 0 {
				base = op.Baseline + 2*u
			}
			return []page.Item{op, {Kind: page.ItemLine, X: op.X, Y: base, W: op.W, H: 0, Color: op.Color, Width: max(1, u), Role: "hover"}}
		}
		return []page.Item{op}
	case page.ItemRect:
		return []page.Item{op}
	case page.ItemLine:
		op.Width = max(op.Width, 1)
		return []page.Item{op}
	case page.ItemScene:
		if it.Scene == nil {
			return nil
		}
		key := sceneKey(r.Current(), it.Scene)
		box := view.Rect{X: op.X, Y: op.Y, W: it.W, H: it.H}
		if !box.Intersect(r.geom.view).Empty() {
			l.Scenes = append(l.Scenes, SceneSlot{Key: key, Scene: it.Scene, Box: box, Clip: r.geom.view, Focused: r.FocusedScene() == key})
			l.Hits = append(l.Hits, HitRegion{box.Intersect(r.geom.view), Target{Kind: TargetScene, Key: key}})
		}
		// Until the host draws the player, a quiet box with the title.
		title := it.Scene.Title
		if title == "" {
			title = lang.F(r.lang, "page.scene", it.Scene.ID)
		}
		return []page.Item{
			{Kind: page.ItemRect, X: op.X, Y: op.Y, W: it.W, H: it.H, Fill: col.Chrome, Color: col.Rule, Width: 1, Radius: 4, Role: "scene"},
			textItem(title, page.Regular, 14*u, op.X+12*u, op.Y+8*u, 20*u, col.Muted, "scene-title", r.measure),
		}
	}
	return nil
}

// verdict is the line under an answered exercise's choice: right or not,
// the simulator's answer, and a link that plays the scene.
func (r *Reading) verdict(c choice, st *PredictState, dx, dy float32, col Colors) []page.Item {
	u := r.scale
	size := 14 * u
	x := dx + c.box.X + c.box.W + 10*u
	y := dy + c.box.Y
	var s string
	var ink view.Color
	switch {
	case st.Err != "":
		s, ink = lang.T(r.lang, "read.verdict.err"), col.Error
	case st.Right:
		s, ink = lang.T(r.lang, "read.verdict.right"), col.Right
	default:
		s, ink = lang.T(r.lang, "read.verdict.wrong")+oneLine(st.Expected), col.Wrong
	}
	room := dx + r.col.W - x
	if room < 160*u {
		// No room beside the choice: under the exercise's last choice.
		last := c.box
		for _, o := range r.choiceList {
			if o.key == c.key && o.box.Y > last.Y {
				last = o.box
			}
		}
		x, y, room = dx+c.box.X, dy+last.Y+last.H+2*u, r.col.W-c.box.X
	}
	ops := []page.Item{}
	if sc := r.Current().Chapter.SceneByID(c.predict.Scene); sc != nil && st.Err == "" {
		// A link that shows the scene and plays it.
		watch := lang.T(r.lang, "read.watch")
		ww := r.measure.Advance(watch, page.Regular, size)
		if room-ww-12*u > 80*u {
			op := textItem(watch, page.Regular, size, x+room-ww, y, c.box.H, col.Accent, "watch", r.measure)
			op.Link = "play:" + sceneKey(r.Current(), sc)
			ops = append(ops, op)
			r.list.Hits = append(r.list.Hits, HitRegion{view.Rect{X: op.X, Y: op.Y, W: op.W, H: op.H}, Target{Kind: TargetLink, Link: op.Link}})
			room -= ww + 12*u
		}
	}
	s = fit(s, page.Bold, size, room, r.measure)
	return append(ops, textItem(s, page.Bold, size, x, y, c.box.H, ink, "verdict", r.measure))
}

// tocLayer is the table of contents in the sidebar.
func (r *Reading) tocLayer(l *DisplayList, col Colors) Layer {
	sb := r.geom.sidebar
	u := r.scale
	ly := Layer{Name: "toc", Clip: sb, Fill: col.Sidebar}
	l.Hits = append(l.Hits, HitRegion{sb, Target{Kind: TargetSidebar}})
	ly.Items = append(ly.Items, page.Item{Kind: page.ItemLine, X: sb.X + sb.W - 0.5, Y: sb.Y, W: 0, H: sb.H, Color: col.Rule, Width: 1, Role: "toc-rule"})
	cur := r.currentHeading()
	dy := sb.Y - r.tocScroll.Pos
	for i, e := range r.toc {
		y := dy + e.y
		if y > sb.Y+sb.H || y+e.h < sb.Y {
			continue
		}
		box := view.Rect{X: sb.X + 6*u, Y: y, W: sb.W - 12*u, H: e.h}
		ink := col.Ink
		role := "toc"
		if e.heading {
			ink, role = col.Muted, "toc-heading"
		}
		switch {
		case !e.heading && e.entry == r.cur:
			ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: box.X, Y: box.Y, W: box.W, H: box.H, Fill: col.Current, Radius: 4, Role: "toc-current"})
			role = "toc-current"
		case i == cur:
			ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: box.X + e.indent - 6*u, Y: box.Y + 3*u, W: 3 * u, H: box.H - 6*u, Fill: col.Accent, Role: "toc-here"})
			ink, role = col.Accent, "toc-here"
		case r.hover.Kind == TargetTOC && r.hover.Index == i:
			ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: box.X, Y: box.Y, W: box.W, H: box.H, Fill: col.ButtonHot, Radius: 4, Role: "toc-hover"})
		}
		if r.book.Entries[e.entry].Err != nil && !e.heading {
			ink = col.Error
		}
		ty := y + 4*u
		for _, line := range e.lines {
			ly.Items = append(ly.Items, textItem(line, e.font, e.size, sb.X+tocPad*u+e.indent, ty, e.size*1.35, ink, role, r.measure))
			ty += e.size * 1.35
		}
		if r.focus.area == focusTOC && r.focus.i == i {
			ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: box.X + 1, Y: box.Y + 1, W: box.W - 2, H: box.H - 2, Color: col.Focus, Width: 2 * u, Radius: 4, Role: "focus"})
		}
		l.Hits = append(l.Hits, HitRegion{box.Intersect(sb), Target{Kind: TargetTOC, Index: i}})
	}
	return ly
}

// toolbarLayer is the toolbar: buttons and the chapter's title.
func (r *Reading) toolbarLayer(l *DisplayList, col Colors) Layer {
	g := r.geom
	u := r.scale
	ly := Layer{Name: "toolbar", Clip: g.toolbar, Fill: col.Chrome}
	l.Hits = append(l.Hits, HitRegion{g.toolbar, Target{Kind: TargetChrome}})
	ly.Items = append(ly.Items, page.Item{Kind: page.ItemLine, X: 0, Y: g.toolbar.H - 0.5, W: r.w, H: 0, Color: col.Rule, Width: 1, Role: "toolbar-rule"})
	for i, b := range g.buttons {
		fill := col.Button
		switch {
		case b.on:
			fill = col.ButtonOn
		case r.hover.Kind == TargetButton && r.hover.Name == b.name && !b.disabled:
			fill = col.ButtonHot
		}
		stroke, sw := col.Rule, float32(1)
		if r.focus.area == focusToolbar && r.focus.i == i {
			stroke, sw = col.Focus, 2*u
		}
		ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: b.box.X, Y: b.box.Y, W: b.box.W, H: b.box.H, Fill: fill, Color: stroke, Width: sw, Radius: 5, Role: "button:" + b.name})
		ink := col.Ink
		if b.disabled {
			ink = col.Rule
		}
		tw := r.measure.Advance(b.label, page.Regular, chromeText*u)
		ly.Items = append(ly.Items, textItem(b.label, page.Regular, chromeText*u, b.box.X+(b.box.W-tw)/2, b.box.Y, b.box.H, ink, "button:"+b.name, r.measure))
		l.Hits = append(l.Hits, HitRegion{b.box, Target{Kind: TargetButton, Name: b.name}})
	}
	e := r.Current()
	title := e.Title
	if e.Chapter != nil {
		title = strconv.Itoa(e.Chapter.Number) + " · " + title
	}
	size := 15 * u
	title = fit(title, page.Bold, size, g.title.W, r.measure)
	tw := r.measure.Advance(title, page.Bold, size)
	x := g.title.X + max(0, (g.title.W-tw)/2)
	ly.Items = append(ly.Items, textItem(title, page.Bold, size, x, g.title.Y, g.title.H, col.Ink, "title", r.measure))
	return ly
}

// statusLayer is the status line: a message, what the pointer is over,
// or the keys; and where the reader is in the book.
func (r *Reading) statusLayer(l *DisplayList, col Colors) Layer {
	g := r.geom
	u := r.scale
	ly := Layer{Name: "status", Clip: g.status, Fill: col.Chrome}
	l.Hits = append(l.Hits, HitRegion{g.status, Target{Kind: TargetChrome}})
	ly.Items = append(ly.Items, page.Item{Kind: page.ItemLine, X: 0, Y: g.status.Y + 0.5, W: r.w, H: 0, Color: col.Rule, Width: 1, Role: "status-rule"})
	size := 13 * u
	where := lang.F(r.lang, "read.position", r.cur+1, len(r.book.Entries))
	if r.scroll.Max > 0 {
		where += fmt.Sprintf(" · %d%%", int(math.Round(float64(100*r.scroll.Pos/r.scroll.Max))))
	}
	ww := r.measure.Advance(where, page.Regular, size)
	ly.Items = append(ly.Items, textItem(where, page.Regular, size, r.w-10*u-ww, g.status.Y, g.status.H, col.Muted, "position", r.measure))
	msg, ink := r.statusText(), col.Muted
	if r.message != "" {
		ink = col.Ink
	}
	msg = fit(msg, page.Regular, size, max(0, r.w-ww-30*u), r.measure)
	ly.Items = append(ly.Items, textItem(msg, page.Regular, size, 10*u, g.status.Y, g.status.H, ink, "status", r.measure))
	return ly
}

// statusText is what the status line says.
func (r *Reading) statusText() string {
	switch h := r.hover; h.Kind {
	case TargetLink:
		return ParseLink(h.Link).Describe(r.book)
	case TargetButton:
		for _, b := range r.geom.buttons {
			if b.name == h.Name {
				return b.tip
			}
		}
	case TargetTOC:
		if h.Index < len(r.toc) {
			e := r.toc[h.Index]
			if e.heading {
				return lang.F(r.lang, "read.link.anchor", e.lines[0])
			}
			ent := r.book.Entries[e.entry]
			if ent.Err != nil {
				return lang.F(r.lang, "read.toc.broken", ent.File)
			}
			return lang.F(r.lang, "read.toc.open", ent.Title)
		}
	case TargetChoice:
		if st := r.predicts[h.Key]; st != nil && r.message != "" {
			return r.message
		}
		return lang.T(r.lang, "read.tip.choice")
	case TargetScene:
		if r.message == "" {
			return lang.T(r.lang, "read.tip.scene")
		}
	case TargetResult:
		return lang.T(r.lang, "read.tip.result")
	case TargetReveal:
		return lang.T(r.lang, "read.tip.reveal")
	}
	if r.message != "" {
		return r.message
	}
	if r.focus.area == focusPage && r.focus.i < len(r.focusers) {
		f := r.focusers[r.focus.i]
		switch f.kind {
		case focusLink:
			return ParseLink(f.link).Describe(r.book) + lang.T(r.lang, "read.focus.enter")
		case focusScene:
			return lang.T(r.lang, "read.focus.scene")
		case focusChoice:
			return lang.T(r.lang, "read.focus.choice")
		case focusReveal:
			return lang.T(r.lang, "read.focus.reveal")
		}
	}
	if len(r.Langs()) > 1 {
		return lang.T(r.lang, "read.hint.lang")
	}
	return lang.T(r.lang, "read.hint")
}

// searchLayer is the search box and its results.
func (r *Reading) searchLayer(l *DisplayList, col Colors) Layer {
	u := r.scale
	box := r.geom.search
	field := float32(36) * u
	rowH := 44 * u
	n := len(r.search.Results)
	rows := n
	if n == 0 && r.search.Text() != "" {
		rows = 1
	}
	if r.search.More {
		rows++
	}
	box.H = 12*u + field + 8*u + float32(rows)*rowH + 4*u
	r.geom.search = box
	body := view.Rect{X: 0, Y: 0, W: r.w, H: r.h}
	l.Hits = append(l.Hits, HitRegion{body, Target{Kind: TargetBackdrop}})
	ly := Layer{Name: "search", Clip: view.Rect{X: box.X - 8*u, Y: box.Y - 8*u, W: box.W + 16*u, H: box.H + 16*u}}
	ly.Items = append(ly.Items,
		page.Item{Kind: page.ItemRect, X: box.X + 2*u, Y: box.Y + 4*u, W: box.W, H: box.H, Fill: col.Shadow, Radius: 8, Role: "shadow"},
		page.Item{Kind: page.ItemRect, X: box.X, Y: box.Y, W: box.W, H: box.H, Fill: col.Page, Color: col.Rule, Width: 1, Radius: 8, Role: "search-box"},
	)
	l.Hits = append(l.Hits, HitRegion{box, Target{Kind: TargetChrome}})
	f := view.Rect{X: box.X + 12*u, Y: box.Y + 12*u, W: box.W - 24*u, H: field}
	ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: f.X, Y: f.Y, W: f.W, H: f.H, Fill: col.Button, Color: col.Focus, Width: 2 * u, Radius: 5, Role: "search-field"})
	l.Hits = append(l.Hits, HitRegion{f, Target{Kind: TargetSearch}})
	size := 16 * u
	q := r.search.Text()
	tx := f.X + 10*u
	if q == "" {
		ly.Items = append(ly.Items, textItem(lang.T(r.lang, "read.search.placeholder"), page.Regular, size, tx, f.Y, f.H, col.Muted, "search-placeholder", r.measure))
	} else {
		shown := q
		for r.measure.Advance(shown, page.Regular, size) > f.W-24*u && len(shown) > 1 {
			_, n := firstRune(shown)
			shown = shown[n:]
		}
		ly.Items = append(ly.Items, textItem(shown, page.Regular, size, tx, f.Y, f.H, col.Ink, "search-query", r.measure))
		tx += r.measure.Advance(shown, page.Regular, size)
	}
	ly.Items = append(ly.Items, page.Item{Kind: page.ItemLine, X: tx + 1, Y: f.Y + 8*u, W: 0, H: f.H - 16*u, Color: col.Ink, Width: max(1, 1.5*u), Role: "caret"})
	y := f.Y + f.H + 8*u
	for i, h := range r.search.Results {
		row := view.Rect{X: box.X + 6*u, Y: y, W: box.W - 12*u, H: rowH}
		if i == r.search.Sel {
			ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: row.X, Y: row.Y, W: row.W, H: row.H, Fill: col.Current, Radius: 5, Role: "result-selected"})
		} else if r.hover.Kind == TargetResult && r.hover.Index == i {
			ly.Items = append(ly.Items, page.Item{Kind: page.ItemRect, X: row.X, Y: row.Y, W: row.W, H: row.H, Fill: col.ButtonHot, Radius: 5, Role: "result-hover"})
		}
		head := h.Title
		if h.Section != "" && h.Section != h.Title {
			head += " › " + h.Section
		}
		w := row.W - 20*u
		ly.Items = append(ly.Items, textItem(fit(head, page.Bold, 14*u, w, r.measure), page.Bold, 14*u, row.X+10*u, row.Y+3*u, 19*u, col.Ink, "result", r.measure))
		ly.Items = append(ly.Items, r.snippetItems(h, row.X+10*u, row.Y+22*u, w, col)...)
		l.Hits = append(l.Hits, HitRegion{row, Target{Kind: TargetResult, Index: i}})
		y += rowH
	}
	if n == 0 && q != "" {
		ly.Items = append(ly.Items, textItem(lang.F(r.lang, "read.search.none", q), page.Regular, 14*u, box.X+16*u, y, rowH, col.Muted, "no-results", r.measure))
		y += rowH
	}
	if r.search.More {
		ly.Items = append(ly.Items, textItem(lang.T(r.lang, "read.search.more"), page.Italic, 13*u, box.X+16*u, y, rowH, col.Muted, "more-results", r.measure))
	}
	return ly
}

// firstRune is the first rune of s and its length in bytes.
func firstRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }

// snippetItems sets a result's snippet on one line with the match in bold,
// cut so that the match shows.
func (r *Reading) snippetItems(h Hit, x, y, w float32, col Colors) []page.Item {
	u := r.scale
	size := 13 * u
	s := h.Snippet
	a, b := h.Match[0], h.Match[1]
	if a < 0 || b > len(s) || a >= b {
		return []page.Item{textItem(fit(s, page.Regular, size, w, r.measure), page.Regular, size, x, y, 18*u, col.Muted, "result-snippet", r.measure)}
	}
	before, match, after := s[:a], s[a:b], s[b:]
	// Drop words from the front until the match fits in the first two
	// thirds of the line.
	for r.measure.Advance(before+match, page.Regular, size) > w*2/3 && before != "" {
		rest := strings.TrimPrefix(before, "…")
		if i := strings.IndexByte(rest, ' '); i >= 0 {
			rest = strings.TrimLeft(rest[i+1:], " ")
		} else {
			// Chinese has no spaces: a character at a time.
			_, n := firstRune(rest)
			rest = rest[n:]
		}
		before = "…" + rest
		if before == "…" {
			before = ""
		}
	}
	var ops []page.Item
	bw := r.measure.Advance(before, page.Regular, size)
	mw := r.measure.Advance(match, page.Bold, size)
	ops = append(ops, textItem(before, page.Regular, size, x, y, 18*u, col.Muted, "result-snippet", r.measure))
	ops = append(ops, textItem(fit(match, page.Bold, size, w-bw, r.measure), page.Bold, size, x+bw, y, 18*u, col.Ink, "result-match", r.measure))
	if rest := w - bw - mw; rest > 20*u {
		ops = append(ops, textItem(fit(after, page.Regular, size, rest, r.measure), page.Regular, size, x+bw+mw, y, 18*u, col.Muted, "result-snippet", r.measure))
	}
	return ops
}
