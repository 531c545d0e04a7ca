package read

import (
	"strings"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// Scrolling distances, in logical pixels at font scale 1.
const (
	lineStep  = 48 // ↑/↓
	wheelStep = 56 // one notch of the wheel
)

// Update applies one tick of input and advances the smooth scrolls. It
// reports whether the picture changed: the list is stale, or was rebuilt
// during the tick (the pointer's hit test lays out a list that a key
// made stale, and a theme or type size changed by a key or a button
// shows only in the list).
func (r *Reading) Update(in *Input) bool {
	r.ensure()
	before, builds := r.snapshot(), r.builds
	for _, p := range in.Keys {
		r.key(p)
	}
	if len(in.Chars) > 0 {
		r.chars(in.Chars, in)
	}
	r.pointer(in)
	r.ensure()
	if r.scroll.Step(in.Dt) {
		r.stale = true
	}
	if r.tocScroll.Step(in.Dt) {
		r.stale = true
	}
	if r.snapshot() != before {
		r.stale = true
	}
	changed := r.stale || r.builds != builds
	if changed {
		r.List()
	}
	return changed
}

// look is what decides the picture besides the stale flag: a change in
// any of it means a redraw.
type look struct {
	scroll, toc float32
	focus       focusRef
	hover       Target
	message     string
	cur         int
}

func (r *Reading) snapshot() look {
	return look{r.scroll.Pos, r.tocScroll.Pos, r.focus, r.hover, r.message, r.cur}
}

// key handles a key press.
func (r *Reading) key(p Press) {
	u := r.scale
	if r.search.Open {
		switch {
		case p.Ctrl && p.Key == key.F:
			return
		case p.Key == key.PageUp, p.Key == key.PageDown, p.Key == key.Home && p.Ctrl, p.Key == key.End && p.Ctrl:
			// The page still scrolls under the box.
		default:
			hit, done := r.search.Edit(p)
			if hit != nil {
				r.jumpToHit(*hit)
			}
			if done {
				r.dirty = true
			}
			r.stale = true
			return
		}
	}
	switch {
	case p.Ctrl && p.Key == key.F:
		r.openSearch()
		return
	case p.Ctrl && p.Key == key.Equal:
		r.SetFontScale(r.scale + FontScaleStep)
		return
	case p.Ctrl && p.Key == key.Minus:
		r.SetFontScale(r.scale - FontScaleStep)
		return
	case p.Ctrl && p.Key == key.Digit0:
		r.SetFontScale(1)
		return
	case p.Alt && p.Key == key.Left:
		r.Back()
		return
	case p.Alt && p.Key == key.Right:
		r.Forward()
		return
	case p.Key == key.F3:
		r.search.Start()
		if hit, _ := r.search.Edit(p); hit != nil {
			r.jumpToHit(*hit)
		}
		r.search.Close()
		r.stale = true
		return
	}
	if p.Ctrl || p.Alt {
		return
	}
	view := r.geom.view.H
	switch p.Key {
	case key.Up:
		r.scroll.By(-lineStep * u)
	case key.Down:
		r.scroll.By(lineStep * u)
	case key.PageUp:
		r.scroll.By(-(view - lineStep*u))
	case key.PageDown:
		r.scroll.By(view - lineStep*u)
	case key.Home:
		r.scroll.To(0)
	case key.End:
		r.scroll.To(r.scroll.Max)
	case key.Backspace:
		r.Back()
	case key.Tab:
		r.moveFocus(!p.Shift)
	case key.Enter:
		r.activate(r.focus)
	case key.Escape:
		switch {
		case r.geom.overlay:
			r.keepPlace()
			r.tocOpen = false
			r.dirty = true
		case r.FocusedScene() != "":
			r.setFocus(focusRef{})
		case len(r.hl.boxes) > 0:
			r.hl = highlight{}
		case r.focus.area != focusNone:
			r.setFocus(focusRef{})
		case r.message != "":
			r.message = ""
		}
		r.stale = true
	}
}

// chars handles typed characters.
func (r *Reading) chars(cs []rune, in *Input) {
	if r.search.Open {
		r.search.Type(cs)
		r.stale = true
		return
	}
	for _, c := range cs {
		switch c {
		case '/':
			r.openSearch()
			return // what follows the slash this tick is not a query
		case ' ':
			view := r.geom.view.H - lineStep*r.scale
			if in.Shift {
				r.scroll.By(-view)
			} else {
				r.scroll.By(view)
			}
		case 'd', 'D':
			r.SetDark(!r.dark)
		case 't', 'T':
			r.toggleTOC()
		case 'l', 'L':
			r.toggleLang()
			return // the rest of the tick's characters were typed in the other language's page
		case '[':
			r.step(-1)
		case ']':
			r.step(1)
		case 'j':
			r.scroll.By(lineStep * r.scale)
		case 'k':
			r.scroll.By(-lineStep * r.scale)
		}
	}
}

func (r *Reading) openSearch() {
	r.search.Start()
	r.dirty, r.stale = true, true
}

// toggleTOC shows or hides the table of contents: beside the page on a
// wide window, over it on a narrow one.
func (r *Reading) toggleTOC() {
	r.keepPlace()
	if r.geom.wide {
		r.tocHidden = !r.tocHidden
	} else {
		r.tocOpen = !r.tocOpen
	}
	if r.focus.area == focusTOC {
		r.focus = focusRef{}
	}
	r.dirty, r.stale = true, true
	r.ensure()
	r.revealTOC()
}

// pointer handles the mouse: hover, presses, the scroll bar and the
// wheel.
func (r *Reading) pointer(in *Input) {
	p := in.Pointer
	l := r.List()
	if r.dragging {
		if p.Down {
			r.dragTo(p.Y)
		}
		if p.Released || !p.Down {
			r.dragging = false
		}
		return
	}
	t := Target{}
	if p.Present {
		t = l.HitTest(p.X, p.Y)
	}
	if t != r.hover {
		r.hover = t
		r.cursor = CursorDefault
		switch t.Kind {
		case TargetLink, TargetButton, TargetTOC, TargetChoice, TargetResult, TargetReveal:
			r.cursor = CursorPointer
		case TargetSearch:
			r.cursor = CursorText
		}
	}
	if in.WheelY != 0 || in.WheelX != 0 {
		dy := -in.WheelY * wheelStep * r.scale
		switch {
		case r.search.Open && r.geom.search.Contains(p.X, p.Y):
		case r.geom.sidebar.Contains(p.X, p.Y):
			r.tocScroll.By(dy)
		default:
			r.scroll.By(dy)
		}
	}
	if !p.Pressed {
		return
	}
	switch t.Kind {
	case TargetLink:
		r.Follow(t.Link)
	case TargetButton:
		r.press(t.Name)
	case TargetTOC:
		r.openTOC(t.Index)
	case TargetScene:
		for i, f := range r.focusers {
			if f.kind == focusScene && f.key == t.Key {
				r.setFocus(focusRef{focusPage, i})
			}
		}
	case TargetChoice:
		r.choose(t.Key, t.Index)
	case TargetReveal:
		r.reveal(t.Key)
	case TargetResult:
		if h, ok := r.search.Select(t.Index); ok {
			r.jumpToHit(h)
			r.dirty = true
		}
	case TargetScrollbar:
		r.dragging = true
		thumb := r.thumb()
		if thumb.Contains(p.X, p.Y) {
			r.dragOff = p.Y - thumb.Y
		} else {
			r.dragOff = thumb.H / 2
			r.dragTo(p.Y)
		}
	case TargetBackdrop:
		if r.search.Open {
			r.search.Close()
		}
		if r.tocOpen {
			r.keepPlace()
			r.tocOpen = false
		}
		r.dirty = true
	default:
		if r.focus.area != focusNone {
			r.setFocus(focusRef{})
		}
	}
	r.stale = true
}

// press is a toolbar button's action.
func (r *Reading) press(name string) {
	switch name {
	case "toc":
		r.toggleTOC()
	case "back":
		r.Back()
	case "forward":
		r.Forward()
	case "search":
		if r.search.Open {
			r.search.Close()
			r.dirty = true
		} else {
			r.openSearch()
		}
	case "smaller":
		r.SetFontScale(r.scale - FontScaleStep)
	case "larger":
		r.SetFontScale(r.scale + FontScaleStep)
	case "theme":
		r.SetDark(!r.dark)
	case "lang":
		r.toggleLang()
	default:
		if m, ok := strings.CutPrefix(name, "mode:"); ok {
			r.effect(EffectSwitch, m)
		}
	}
	r.dirty = true // buttons change state
}

// openTOC follows a table of contents entry.
func (r *Reading) openTOC(i int) {
	if i < 0 || i >= len(r.toc) {
		return
	}
	e := r.toc[i]
	if r.geom.overlay {
		r.tocOpen = false
		r.dirty = true
	}
	r.navigate(Location{Chapter: r.book.Entries[e.entry].ID, Anchor: e.anchor}, true)
}

// activate is Enter on the focused element.
func (r *Reading) activate(f focusRef) {
	switch f.area {
	case focusToolbar:
		if f.i < len(r.geom.buttons) && !r.geom.buttons[f.i].disabled {
			r.press(r.geom.buttons[f.i].name)
		}
	case focusTOC:
		r.openTOC(f.i)
	case focusPage:
		if f.i >= len(r.focusers) {
			return
		}
		x := r.focusers[f.i]
		switch x.kind {
		case focusLink:
			r.Follow(x.link)
		case focusChoice:
			r.choose(x.key, x.index)
		case focusReveal:
			r.reveal(x.key)
		}
	}
}

// focusList is every element Tab reaches, in order: the toolbar's
// buttons, the contents (when shown) and the page's elements.
func (r *Reading) focusList() []focusRef {
	var out []focusRef
	for i, b := range r.geom.buttons {
		if !b.disabled {
			out = append(out, focusRef{focusToolbar, i})
		}
	}
	if r.geom.sidebar.W > 0 {
		for i := range r.toc {
			out = append(out, focusRef{focusTOC, i})
		}
	}
	for i, f := range r.focusers {
		if f.kind == focusReveal && !r.revealed(f.key) || f.kind != focusReveal && !r.veiled(f.box) {
			out = append(out, focusRef{focusPage, i})
		}
	}
	return out
}

// moveFocus moves the focus to the next (or previous) element. From no
// focus, it starts with the first page element that shows (or the last,
// going back), so that Tab reaches the text the reader is looking at.
func (r *Reading) moveFocus(next bool) {
	list := r.focusList()
	if len(list) == 0 {
		return
	}
	cur := -1
	for i, f := range list {
		if f == r.focus {
			cur = i
		}
	}
	if cur < 0 {
		top, bottom := r.scroll.Pos, r.scroll.Pos+r.geom.view.H-r.pageTop()
		for i, f := range list {
			if f.area != focusPage {
				continue
			}
			b := r.focusers[f.i].box
			if next && b.Y >= top && b.Y < bottom || !next && b.Y+b.H > top && b.Y+b.H <= bottom {
				if next {
					r.setFocus(f)
					return
				}
				cur = i + 1
			}
		}
		if cur < 0 {
			if next {
				r.setFocus(list[0])
			} else {
				r.setFocus(list[len(list)-1])
			}
			return
		}
	}
	d := 1
	if !next {
		d = -1
	}
	r.setFocus(list[((cur+d)%len(list)+len(list))%len(list)])
}

// setFocus moves the keyboard focus, scrolling the page or the contents
// to show it, and tells the host when a scene gains or loses it.
func (r *Reading) setFocus(f focusRef) {
	before := r.FocusedScene()
	r.focus = f
	switch f.area {
	case focusPage:
		b := r.focusers[f.i].box
		top := r.scroll.Target
		view := r.geom.view.H - r.pageTop()
		if b.Y < top || b.Y+b.H > top+view {
			r.scroll.To(b.Y - min(view/3, max(0, view-b.H)/2))
		}
	case focusTOC:
		e := r.toc[f.i]
		if e.y < r.tocScroll.Target || e.y+e.h > r.tocScroll.Target+r.geom.sidebar.H {
			r.tocScroll.To(e.y - r.geom.sidebar.H/3)
		}
	}
	if after := r.FocusedScene(); after != before {
		r.effect(EffectFocusScene, after)
	}
	r.stale = true
}

// jumpToHit opens a search result's chapter at its heading and marks the
// first match of the query below the heading.
func (r *Reading) jumpToHit(h Hit) {
	q := strings.TrimSpace(r.search.Text())
	r.navigate(Location{Chapter: h.Chapter, Anchor: h.Anchor}, true)
	r.hl = highlight{chapter: h.Chapter, query: q, anchor: h.Anchor}
	r.findHighlight()
	if len(r.hl.boxes) > 0 {
		b := r.hl.boxes[0]
		for _, v := range r.veils {
			if v.box.Contains(b.X+b.W/2, b.Y+b.H/2) {
				r.reveal(v.key) // the reader searched for what it hides
			}
		}
		view := r.geom.view.H - r.pageTop()
		if b.Y+b.H > r.scroll.Target+view*0.8 {
			r.scroll.Jump(b.Y - view/3)
		}
		r.message = lang.F(r.lang, "read.found", q, h.Title)
	} else {
		r.message = lang.F(r.lang, "read.found.section", q, h.Title, h.Section)
	}
}

// findHighlight places the highlight boxes for the current layout: the
// first text run at or below the heading that contains the query (or,
// failing that, its first word), case folded.
func (r *Reading) findHighlight() {
	h := &r.hl
	h.boxes = h.boxes[:0]
	h.key = r.pgKey
	if h.query == "" || h.chapter != r.Current().ID {
		return
	}
	y0 := float32(0)
	for _, a := range r.pg.Anchors {
		if a.ID == h.anchor {
			y0 = a.Y
		}
	}
	terms := []string{h.query}
	if f := strings.Fields(h.query); len(f) > 1 {
		terms = append(terms, f...)
	}
	for _, term := range terms {
		lt := strings.ToLower(term)
		for _, it := range r.pg.Items {
			if it.Kind != page.ItemText || it.Y+it.H < y0 {
				continue
			}
			i := strings.Index(strings.ToLower(it.Text), lt)
			if i < 0 || len(strings.ToLower(it.Text)) != len(it.Text) {
				continue
			}
			x := it.X + r.measure.Advance(it.Text[:i], it.Font, it.Size)
			w := r.measure.Advance(it.Text[i:i+len(term)], it.Font, it.Size)
			h.boxes = append(h.boxes, view.Rect{X: x - 1, Y: it.Y, W: w + 2, H: it.H})
			return
		}
	}
}

// thumb is the scroll bar's thumb, in window pixels.
func (r *Reading) thumb() view.Rect {
	v := r.geom.view
	total := r.scroll.Max + v.H
	if total <= 0 || r.scroll.Max <= 0 {
		return view.Rect{}
	}
	h := max(32*r.scale, v.H*v.H/total)
	y := v.Y + (v.H-h)*r.scroll.Pos/r.scroll.Max
	w := 6 * r.scale
	return view.Rect{X: v.X + v.W - w - 3*r.scale, Y: y, W: w, H: h}
}

// dragTo moves the scroll bar's thumb so that its grip is at y.
func (r *Reading) dragTo(y float32) {
	v := r.geom.view
	th := r.thumb()
	if v.H <= th.H {
		return
	}
	f := (y - r.dragOff - v.Y) / (v.H - th.H)
	r.scroll.Jump(max(0, min(1, f)) * r.scroll.Max)
	r.stale = true
}
