package read

import (
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// excerptLines is how many lines of the chapter the error page shows on
// each side of the bad one.
const excerptLines = 3

// ErrorPage is the page shown for a chapter that could not be read: what
// went wrong and where (file:line:col), the lines around it with the
// column marked, and how to carry on. Its items have Roles
// "error-title", "error-message", "error-source", "error-mark" and
// "error-hint" for tests.
func ErrorPage(e *Entry, st page.Style, m page.Measurer) *page.Page {
	col := ColorsFor(st.Dark)
	size := st.Size
	if size <= 0 {
		size = 17
	}
	w := max(st.Width, 200)
	p := &page.Page{}
	y := float32(0)
	text := func(s string, f page.Font, sz float32, c view.Color, role string) {
		for _, line := range wrap(s, f, sz, w, m) {
			p.Items = append(p.Items, page.Item{Kind: page.ItemText, X: 0, Y: y, W: m.Advance(line, f, sz), H: sz * 1.3, Text: line, Font: f, Size: sz, Color: c, Role: role})
			y += sz * 1.45
		}
	}
	title := lang.T(st.Lang, "read.error.title")
	if e.Title != "" && e.Title != e.ID {
		title = lang.F(st.Lang, "read.error.title.named", e.Title)
	}
	text(title, page.Bold, size*1.6, col.Error, "error-title")
	y += size * 0.6

	msg := lang.T(st.Lang, "read.error.nomessage")
	if e.Err != nil {
		msg = e.Err.Error()
	}
	text(msg, page.MonoBold, size*0.95, col.Ink, "error-message")
	y += size * 0.8

	pos := e.Pos()
	if lines := strings.Split(string(e.Source), "\n"); pos.Line > 0 && pos.Line <= len(lines) {
		from, to := max(1, pos.Line-excerptLines), min(len(lines), pos.Line+excerptLines)
		cs := size * 0.9
		numW := m.Advance(strconv.Itoa(to)+"  ", page.Mono, cs)
		top := y
		p.Items = append(p.Items, page.Item{Kind: page.ItemRect, X: 0, Y: top, W: w, H: float32(to-from+1)*cs*1.45 + cs, Fill: col.Chrome, Radius: 4, Role: "error-source"})
		y += cs / 2
		for n := from; n <= to; n++ {
			line := strings.ReplaceAll(lines[n-1], "\t", "    ")
			c := col.Ink
			if n == pos.Line {
				c = col.Error
				p.Items = append(p.Items, page.Item{Kind: page.ItemRect, X: 0, Y: y - cs*0.1, W: w, H: cs * 1.4, Fill: withAlpha(col.Error, 0x26), Role: "error-mark"})
			}
			num := strconv.Itoa(n)
			p.Items = append(p.Items, page.Item{Kind: page.ItemText, X: numW - m.Advance(num+"  ", page.Mono, cs), Y: y, W: m.Advance(num, page.Mono, cs), H: cs * 1.3, Text: num, Font: page.Mono, Size: cs, Color: col.Muted, Role: "error-source"})
			p.Items = append(p.Items, page.Item{Kind: page.ItemText, X: numW, Y: y, W: m.Advance(line, page.Mono, cs), H: cs * 1.3, Text: line, Font: page.Mono, Size: cs, Color: c, Role: "error-source"})
			if n == pos.Line && pos.Column > 0 {
				prefix := strings.ReplaceAll(string([]rune(lines[n-1])[:min(pos.Column-1, len([]rune(lines[n-1])))]), "\t", "    ")
				x := numW + m.Advance(prefix, page.Mono, cs)
				p.Items = append(p.Items, page.Item{Kind: page.ItemLine, X: x, Y: y + cs*1.25, W: max(m.Advance("^", page.Mono, cs), 6), H: 0, Color: col.Error, Role: "error-mark"})
			}
			y += cs * 1.45
		}
		y = top + float32(to-from+1)*cs*1.45 + cs + size
	}
	text(lang.T(st.Lang, "read.error.hint"), page.Regular, size, col.Muted, "error-hint")
	if e.Chapter == nil && e.Err != nil {
		text(lang.T(st.Lang, "read.error.fix"), page.Regular, size, col.Muted, "error-hint")
	}
	p.Height = y
	return p
}

// withAlpha is c with alpha a.
func withAlpha(c view.Color, a uint8) view.Color {
	c.A = a
	return c
}

// wrap breaks s into lines no wider than width, at spaces and between
// Chinese characters (page.Wrap); a word wider than the line is broken
// between characters. Empty lines are dropped, but there is always one.
func wrap(s string, f page.Font, size, width float32, m page.Measurer) []string {
	var out []string
	for _, l := range page.Wrap(m, s, f, size, width) {
		if l != "" {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		out = append(out, "")
	}
	return out
}
