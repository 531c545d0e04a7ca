package page

import (
	"strconv"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
)

// table sets a GFM table: columns as wide as their content when it fits,
// else each column keeps its longest word and shares the rest in
// proportion to how much more it would like; cells wrap, the header is
// bold on a tinted row, each cell keeps the column's alignment. Text
// items of column j have Role "th:j" or "td:j".
func (b *builder) table(t *extast.Table, x0, x1 float32) {
	var rows []ast.Node
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		rows = append(rows, r)
	}
	ncols := len(t.Alignments)
	for _, r := range rows {
		ncols = max(ncols, r.ChildCount())
	}
	if ncols == 0 || len(rows) == 0 {
		return
	}
	b.open(b.k.gap)
	S := b.text.size
	padX, padY := 0.55*S, 0.3*S
	rule := b.k.rule
	avail := x1 - x0 - float32(ncols)*2*padX - float32(ncols+1)*rule
	if avail < float32(ncols) {
		padX = 0.1 * S
		avail = x1 - x0 - float32(ncols)*2*padX - float32(ncols+1)*rule
	}
	avail = max(avail, float32(ncols))

	// Measure every cell: its width on one line and its longest word.
	nat := make([]float32, ncols)
	least := make([]float32, ncols)
	for _, r := range rows {
		j := 0
		for c := r.FirstChild(); c != nil && j < ncols; c = c.NextSibling() {
			b.cellPara(c, r, j)
			nat[j] = max(nat[j], b.p.naturalWidth())
			least[j] = max(least[j], b.p.minWidth())
			j++
		}
	}
	var sumNat, sumMin float32
	for j := range ncols {
		nat[j] = max(nat[j], least[j], 1)
		sumNat += nat[j]
		sumMin += least[j]
	}
	widths := make([]float32, ncols)
	switch {
	case sumNat <= avail:
		copy(widths, nat)
	case sumMin <= avail && sumNat > sumMin:
		share := (avail - sumMin) / (sumNat - sumMin)
		for j := range ncols {
			widths[j] = least[j] + (nat[j]-least[j])*share
		}
	default:
		// Even the longest words do not fit. Columns whose longest word
		// fits in a fair share keep it; the others share what is left
		// in proportion to their longest words, which then break.
		fixed := make([]bool, ncols)
		left, open := avail, ncols
		for changed := true; changed && open > 0; {
			changed = false
			share := left / float32(open)
			for j := range ncols {
				if !fixed[j] && least[j] <= share {
					fixed[j], changed = true, true
					widths[j] = max(least[j], 1)
					left -= widths[j]
					open--
				}
			}
		}
		var sumOpen float32
		for j := range ncols {
			if !fixed[j] {
				sumOpen += least[j]
			}
		}
		for j := range ncols {
			if !fixed[j] {
				widths[j] = max(1, max(left, 0)*least[j]/max(sumOpen, 1))
			}
		}
	}
	// Column j's content starts at xs[j]; its rule at lines[j].
	xs := make([]float32, ncols)
	lines := make([]float32, ncols+1)
	x := x0
	for j := range ncols {
		lines[j] = x
		xs[j] = x + rule + padX
		x = xs[j] + widths[j] + padX
	}
	lines[ncols] = x
	right := min(x+rule, x1)

	top := b.y
	rowLines := []float32{top}
	for _, r := range rows {
		y0 := b.y
		head := -1
		if _, ok := r.(*extast.TableHeader); ok {
			head = b.add(Item{Kind: ItemRect, X: x0, Y: y0, W: right - x0, Fill: b.pal.Card, Role: "table.head"})
		}
		bottom := y0
		j := 0
		for c := r.FirstChild(); c != nil && j < ncols; c = c.NextSibling() {
			b.y = y0 + rule + padY
			b.cellPara(c, r, j)
			align := alignLeft
			if tc, ok := c.(*extast.TableCell); ok {
				switch tc.Alignment {
				case extast.AlignCenter:
					align = alignCenter
				case extast.AlignRight:
					align = alignRight
				}
			}
			b.flow(xs[j], widths[j], align, b.k.line)
			bottom = max(bottom, b.y)
			j++
		}
		if bottom == y0 { // an empty row still has a line's height
			bottom = y0 + rule + padY + S*b.k.line
		}
		b.y = bottom + padY
		if head >= 0 {
			b.page.Items[head].H = b.y - y0
		}
		rowLines = append(rowLines, b.y)
	}
	b.y += rule
	// The grid, drawn over the row tints.
	for _, y := range rowLines {
		b.add(Item{Kind: ItemRect, X: x0, Y: y, W: right - x0, H: rule, Fill: b.pal.Rule, Role: "table.rule"})
	}
	for _, lx := range lines {
		b.add(Item{Kind: ItemRect, X: min(lx, right-rule), Y: top, W: rule, H: b.y - top, Fill: b.pal.Rule, Role: "table.rule"})
	}
	b.close(b.k.gap)
}

// cellPara reads cell j of row r into the paragraph.
func (b *builder) cellPara(c, r ast.Node, j int) {
	b.p.reset(b.m)
	b.width = 10 * b.text.size // an image in a cell is a thumbnail
	base := span{font: Regular, size: b.text.size, color: b.pal.Text, role: "td:" + strconv.Itoa(j)}
	if _, ok := r.(*extast.TableHeader); ok {
		base.font, base.role = Bold, "th:"+strconv.Itoa(j)
	}
	b.inlines(c, base)
	b.p.finish()
}
