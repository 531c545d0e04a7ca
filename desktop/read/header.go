package read

import (
	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/view"
)

// withHeader puts the chapter's opening above its page, as the website's
// chapter pages open: its number, its title (Role "title"), its summary
// and what the reader will be able to do afterwards (its goals). The
// page's items, anchors, targets and margin notes move down to make room.
func withHeader(c *chapters.Chapter, p *page.Page, st page.Style, m page.Measurer) *page.Page {
	pal := page.Theme(st.Dark)
	S := st.Size
	var items []page.Item
	y := float32(0)
	line := func(s string, f page.Font, size, lead, x float32, c view.Color, role string) {
		for _, l := range wrap(s, f, size, st.Width-x, m) {
			h := size * lead
			a := fonts.Ascent(fonts.Face(f)) * size
			d := fonts.Descent(fonts.Face(f)) * size
			base := y + (h-(a+d))/2 + a
			items = append(items, page.Item{Kind: page.ItemText, X: x, Y: base - a, W: m.Advance(l, f, size), H: a + d,
				Text: l, Font: f, Size: size, Color: c, Role: role, Baseline: base})
			y += h
		}
	}
	line(lang.F(st.Lang, "read.chapter", c.Number), page.Bold, 0.85*S, 1.4, 0, pal.Muted, "chapter-number")
	y += 0.2 * S
	line(c.Title, page.Bold, 2*S, 1.25, 0, pal.Text, "title")
	if c.Summary != "" {
		y += 0.4 * S
		line(c.Summary, page.Regular, 1.1*S, 1.5, 0, pal.Muted, "summary")
	}
	if len(c.Goals) > 0 {
		y += 0.7 * S
		line(lang.T(st.Lang, "read.goals"), page.Bold, 0.85*S, 1.5, 0, pal.Muted, "goals")
		for _, g := range c.Goals {
			y += 0.15 * S
			top := y
			line(g, page.Regular, S, 1.5, 1.3*S, pal.Text, "goal")
			a := fonts.Ascent(fonts.Regular) * S
			d := fonts.Descent(fonts.Regular) * S
			base := top + (1.5*S-(a+d))/2 + a
			items = append(items, page.Item{Kind: page.ItemText, X: 0.3 * S, Y: base - a, W: m.Advance("•", page.Regular, S), H: a + d,
				Text: "•", Font: page.Regular, Size: S, Color: pal.Muted, Role: "goal.marker", Baseline: base})
		}
	}
	y += 0.9 * S
	items = append(items, page.Item{Kind: page.ItemRect, X: 0, Y: y, W: st.Width, H: max(1, S/17), Fill: pal.Rule, Role: "header.rule"})
	y += 1.4 * S

	out := &page.Page{Height: p.Height + y}
	out.Items = append(items, p.Items...)
	for i := len(items); i < len(out.Items); i++ {
		it := &out.Items[i]
		it.Y += y
		if it.Baseline != 0 {
			it.Baseline += y
		}
	}
	shift := func(as []page.Anchor) []page.Anchor {
		out := make([]page.Anchor, len(as))
		for i, a := range as {
			a.Y += y
			out[i] = a
		}
		return out
	}
	out.Anchors, out.Targets = shift(p.Anchors), shift(p.Targets)
	out.Margin = make([]page.Item, len(p.Margin))
	for i, it := range p.Margin {
		it.Y += y
		if it.Baseline != 0 {
			it.Baseline += y
		}
		out.Margin[i] = it
	}
	return out
}
