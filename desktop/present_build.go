package desktop

import (
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render/view"
)

// What the window shows: the display list of a slide, the overview or
// the presenter layout, built again when the view key changes.

// build lays out the picture: the layers to paint, and what is drawn
// between them (the scene player, static scenes, the thumbnails).
func (m *presentMode) build(now time.Time) {
	m.list = read.DisplayList{W: m.w, H: m.h, PanelsAfter: -1}
	clear(m.hooks)
	clear(m.cached)
	if m.hooks == nil {
		m.hooks, m.cached = map[int]func(*ebiten.Image){}, map[int]func(*ebiten.Image){}
	}
	win := view.Rect{W: m.w, H: m.h}
	pal := page.Theme(m.dark)
	f := m.fit()
	switch {
	case m.deck == nil:
		m.add(read.Layer{Name: "window", Clip: win, Fill: view.Color{A: 0xFF}})
		m.add(read.Layer{Name: "slide", Clip: f.Box(), Fill: pal.Background, Items: placeItems(nil, m.loadingItems(pal), f)})
	case m.role != roleAudience:
		m.buildPresenter(now, pal)
		f = m.fit()
	case m.nav.Blackout():
		m.add(read.Layer{Name: "blackout", Clip: win, Fill: view.Color{A: 0xFF}})
	case m.nav.Overview():
		m.add(read.Layer{Name: "window", Clip: win, Fill: view.Color{A: 0xFF}})
		m.buildOverview(f, pal)
	default:
		m.add(read.Layer{Name: "window", Clip: win, Fill: view.Color{A: 0xFF}})
		m.buildSlide(f, pal)
	}
	if m.deck != nil && m.nav.Jump() != "" && !m.nav.Blackout() {
		m.add(read.Layer{Name: "jump", Clip: f.Box(), Items: placeItems(nil, m.ts.JumpItems(m.nav.Jump()), f)})
	}
	if m.help {
		m.add(read.Layer{Name: "help", Clip: f.Box(), Items: placeItems(nil, m.helpItems(pal), f)})
	}
	if note := m.noticeText(); note != "" {
		m.add(read.Layer{Name: "notice", Clip: f.Box(), Items: placeItems(nil, m.noticeItems(pal, note), f)})
	}
}

// add appends a layer and returns its index.
func (m *presentMode) add(ly read.Layer) int {
	m.list.Layers = append(m.list.Layers, ly)
	return len(m.list.Layers) - 1
}

// buildSlide is the audience window's slide: the typeset slide, the
// progress bar and, on a scene slide, the player.
func (m *presentMode) buildSlide(f present.Fit, pal page.Palette) {
	pos := m.nav.Pos()
	l := m.ts.Slide(pos.Slide)
	caption := ""
	if m.panel != nil {
		caption = m.panel.Frame().Caption
	}
	items := slideItems(m.ts, m.host.Fonts, pos.Slide, pos.Step, caption)
	if m.nav.Jump() != "" {
		// The typed number shows where the chapter's name is.
		kept := items[:0]
		for _, it := range items {
			if it.Role != "slide.chapter" {
				kept = append(kept, it)
			}
		}
		items = kept
	}
	items = append(items, progressItems(pal, m.deck, pos)...)
	i := m.add(read.Layer{Name: "slide", Clip: f.Box(), Fill: l.Background, Items: placeItems(nil, items, f)})
	if m.panel == nil {
		return
	}
	ps := m.playerSpace()
	m.list.PanelsAfter = i
	m.list.Scenes = []read.SceneSlot{{Key: m.name + "#" + m.deck.Slides[pos.Slide].Scene.ID, Box: ps.box, Clip: ps.box}}
	m.hooks[i] = func(screen *ebiten.Image) {
		x, y, w, h := ps.bounds()
		m.panel.Forget()
		m.panel.Draw(screen, float32(m.scale)*ps.k, x, y, w, h, true)
	}
}

// buildOverview is the grid of every slide, with the current one marked
// and the selection framed.
func (m *presentMode) buildOverview(f present.Fit, pal page.Palette) {
	g := m.grid()
	i := m.add(read.Layer{Name: "overview", Clip: f.Box(), Fill: pal.Background})
	m.hooks[i] = func(screen *ebiten.Image) {
		// Every thumbnail has the same size in device pixels, so that
		// one set of pictures serves the whole grid.
		s := float64(f.Scale) * m.scale
		tw, th := int(math.Round(float64(g.CellW)*s)), int(math.Round(float64(g.CellH)*s))
		for j := range g.N {
			if !g.Visible(j) {
				continue
			}
			img := m.thumbs.get(j, tw, th, m)
			if img == nil {
				continue
			}
			r := f.Rect(g.Cell(j))
			o := &ebiten.DrawImageOptions{}
			o.GeoM.Translate(math.Round(float64(r.X)*m.scale), math.Round(float64(r.Y)*m.scale))
			screen.DrawImage(img, o)
		}
	}
	m.add(read.Layer{Name: "overview.labels", Clip: f.Box(), Items: placeItems(nil, m.ts.OverviewItems(&g, m.nav.Selected(), m.nav.Pos().Slide), f)})
}

// buildPresenter is the presenter layout: the slide the audience sees,
// the next one, the notes, the position and the timer.
func (m *presentMode) buildPresenter(now time.Time, pal page.Palette) {
	v := m.ts.Presenter(m.nav, m.w, m.h)
	id := present.Fit{Scale: 1}
	m.add(read.Layer{Name: "presenter", Clip: view.Rect{W: m.w, H: m.h}, Fill: v.Background, Items: placeItems(nil, v.Under, id)})
	pos := m.nav.Pos()
	slide := func(name string, i, step int, f present.Fit) {
		l := m.ts.Slide(i)
		items := slideItems(m.ts, m.host.Fonts, i, step, m.static.caption(m.deck, i, step))
		j := m.add(read.Layer{Name: name, Clip: f.Box(), Fill: l.Background, Items: placeItems(nil, items, f)})
		m.hooks[j] = func(screen *ebiten.Image) {
			m.static.draw(screen, m.host.Drawer, m.deck, m.ts, i, step, f, m.scale)
		}
	}
	slide("current", pos.Slide, pos.Step, v.Current)
	if m.nav.Blackout() || m.nav.Overview() {
		// What the audience sees instead of the slide, said over it.
		b := v.Current.Box()
		msg := lang.T(m.lang, "present.audience.black")
		if m.nav.Overview() {
			msg = lang.T(m.lang, "present.audience.overview")
		}
		size := max(16, b.H*0.06)
		t := stageText(m.host.Fonts, msg, page.Bold, size, 0, 0, view.Color{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xFF}, "presenter.audience")
		t.X, t.Y = b.X+(b.W-t.W)/2, b.Y+(b.H-t.H)/2
		t.Baseline += t.Y
		m.add(read.Layer{Name: "current.state", Clip: b, Items: placeItems(nil, []page.Item{
			{Kind: page.ItemRect, X: b.X, Y: b.Y, W: b.W, H: b.H, Fill: view.Color{A: 0xC0}, Role: "presenter.dim"}, t}, id)})
	}
	if v.NextSlide >= 0 {
		// The next slide at step 0 is a thumbnail: drawn once at its
		// box's size, twice as large and scaled down, like the
		// overview's.
		next, box := v.NextSlide, v.Next.Box()
		ops := placeItems(nil, m.ts.Slide(next).Items, v.Next) // for -frame; the picture is the thumbnail
		j := m.add(read.Layer{Name: "next", Clip: view.Rect{X: box.X, Y: box.Y, W: box.W, H: box.H}, Fill: m.ts.Slide(next).Background, Items: ops})
		m.cached[j] = func(screen *ebiten.Image) {
			dr := deviceRect(view.Rect{X: box.X, Y: box.Y, W: box.W, H: box.H}, m.scale)
			if img := m.thumbs.get(next, dr.Dx(), dr.Dy(), m); img != nil {
				o := &ebiten.DrawImageOptions{}
				o.GeoM.Translate(float64(dr.Min.X), float64(dr.Min.Y))
				screen.DrawImage(img, o)
			}
		}
	}
	m.add(read.Layer{Name: "presenter.text", Clip: view.Rect{W: m.w, H: m.h}, Items: placeItems(nil, v.Items, id)})
}

// noticeText is the line shown at the top: a notice, or why the
// presenter window shows no talk.
func (m *presentMode) noticeText() string {
	if n := m.linkNote(); n != "" {
		return n
	}
	return m.notice
}

// loadingItems are shown while the slides are made.
func (m *presentMode) loadingItems(pal page.Palette) []page.Item {
	fm := m.host.Fonts
	title := present.Wrap(fm, m.title, page.Bold, 80, present.StageW-2*120)
	var out []page.Item
	y := float32(360)
	for _, l := range title {
		out = append(out, stageText(fm, l, page.Bold, 80, 120, y, pal.Text, "loading.title"))
		y += 80 * 1.25
	}
	out = append(out, stageText(fm, lang.T(m.lang, "present.loading"), page.Italic, 40, 120, y+40, pal.Muted, "loading"))
	return out
}

// helpItems are the keys, over the slide.
func (m *presentMode) helpItems(pal page.Palette) []page.Item {
	fm := m.host.Fonts
	lines := helpLines(m.lang, m.role != roleAudience)
	const size, title, pad = float32(30), float32(44), float32(48)
	lh := size * 1.45
	keyW := float32(0)
	for _, l := range lines {
		keyW = max(keyW, fm.Advance(l[0], page.Bold, size))
	}
	w := min(present.StageW-120, float32(1560))
	h := pad + title*1.5 + float32(len(lines))*lh + pad
	x, y := (present.StageW-w)/2, max(20, (present.StageH-h)/2)
	out := []page.Item{
		{Kind: page.ItemRect, X: 0, Y: 0, W: present.StageW, H: present.StageH, Fill: view.Color{A: 0x66}, Role: "help.backdrop"},
		{Kind: page.ItemRect, X: x - 2, Y: y - 2, W: w + 4, H: h + 4, Fill: pal.Rule, Radius: 14, Role: "help.border"},
		{Kind: page.ItemRect, X: x, Y: y, W: w, H: h, Fill: pal.Background, Radius: 12, Role: "help.card"},
		stageText(fm, lang.T(m.lang, "present.help.title"), page.Bold, title, x+pad, y+pad, pal.Text, "help.title"),
	}
	ty := y + pad + title*1.5
	tx := x + pad + keyW + 40
	for _, l := range lines {
		out = append(out, stageText(fm, l[0], page.Bold, size, x+pad, ty, pal.Link, "help.key"))
		text := l[1]
		if avail := x + w - pad - tx; fm.Advance(text, page.Regular, size) > avail {
			r := []rune(text)
			for len(r) > 0 && fm.Advance(string(r)+"…", page.Regular, size) > avail {
				r = r[:len(r)-1]
			}
			text = string(r) + "…"
		}
		out = append(out, stageText(fm, text, page.Regular, size, tx, ty, pal.Text, "help.action"))
		ty += lh
	}
	return out
}

// noticeItems are a notice in the middle of the stage's footer band,
// where it covers none of the slide.
func (m *presentMode) noticeItems(pal page.Palette, note string) []page.Item {
	fm := m.host.Fonts
	size := float32(28)
	const maxW = 1000
	t := stageText(fm, note, page.Regular, size, 0, 0, pal.Text, "notice")
	if t.W > maxW {
		t.Text = present.Wrap(fm, note, page.Regular, size, maxW-40)[0] + "…"
		t.W = fm.Advance(t.Text, page.Regular, size)
	}
	padX, padY := float32(24), float32(8)
	x, y := (present.StageW-t.W)/2, present.StageH-footerBand+(footerBand-t.H-2*padY)/2
	t.X, t.Y, t.Baseline = x, y+padY, t.Baseline+y+padY
	return []page.Item{
		{Kind: page.ItemRect, X: x - padX - 2, Y: y - 2, W: t.W + 2*padX + 4, H: t.H + 2*padY + 4, Fill: pal.Rule, Radius: 10, Role: "notice.border"},
		{Kind: page.ItemRect, X: x - padX, Y: y, W: t.W + 2*padX, H: t.H + 2*padY, Fill: pal.Card, Radius: 8, Role: "notice.box"},
		t,
	}
}

func (m *presentMode) Draw(screen *ebiten.Image, full bool) {
	if !full {
		if m.redraw && m.panel != nil {
			ps := m.playerSpace()
			x, y, w, h := ps.bounds()
			m.panel.Draw(screen, float32(m.scale)*ps.k, x, y, w, h, false)
		}
		m.redraw = false
		return
	}
	for i := range m.list.Layers {
		if c := m.cached[i]; c != nil {
			c(screen)
		} else {
			m.host.Painter.Layer(screen, &m.list.Layers[i], m.scale)
		}
		if h := m.hooks[i]; h != nil {
			h(screen)
		}
	}
	m.redraw = false
	if m.deck != nil && !m.ready {
		m.ready = true
		m.host.Trace("slides-ready")
	}
}
