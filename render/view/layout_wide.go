package view

import (
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// The wide layout (desktop, tablet landscape):
//
//	global run queue (tokens, +N)                       clock
//	P0 station   P1 station   P2 station …   (one per P, in rows)
//	syscalls | netpoller | parked | exited | moving | sysmon
//	idle Ms: …
//	timeline, one strip per P
//
// A station is a P: its status, the M bound to it with the running G, the
// runnext slot, a hand (where a G sits while the P moves it), the local run
// queue and the timer heap.

// wideGeom is the size of every row of the wide layout.
type wideGeom struct {
	ts, tw, fs, fss, gap, pad, margin, vgap float32
	gaugeH                                  float32
	cols, rows, shownPs                     int
	stationW, stationH                      float32
	globalH, areasH, idleH                  float32
	stripH, timelineH                       float32
	total                                   float32
}

// sizes are the text sizes, gap and padding for tokens of ts px, never
// under the text floor.
func sizes(ts, floor float32) (fs, fss, gap, pad float32) {
	fs = max(clamp(ts*0.5, 9, 15), floor)
	fss = max(clamp(ts*0.42, 8, 12), floor)
	gap = max(2, ts*0.15)
	pad = max(3, ts*0.2)
	return
}

// pillW is the width of a token ts high in the wide layout: a pill, long
// enough for a short name ("worker 3") at half the token's height.
func pillW(ts float32) float32 { return ts * 2.4 }

// stationMinW is the narrowest station whose rows all fit, for tokens
// ts high and tw wide. It measures the English labels, which are the
// widest: every language gets the same geometry
// (TestLabelsFitTheEnglishGeometry).
func stationMinW(ts, tw, fs, fss, gap, pad float32) float32 {
	boxRow := pad + textW("M0000", fs) + pad + tw + 2*pad + textW("next", fss) + pad + tw + 2*pad + textW("in hand", fss) + pad + tw + pad
	runqRow := pad + textW("runq", fss) + pad + 2*(tw+gap) + textW("+256", fs) + pad + textW("256 / 256", fss) + pad
	timerRow := pad + textW("timers", fss) + pad + (tw + pad/2 + textW("@00.00ms", fss) + gap) + textW("+256", fs) + pad
	return max(boxRow, runqRow, timerRow)
}

func planWide(W, H float32, procs int, floor float32) wideGeom {
	var g wideGeom
	// Tokens of 30 px and more carry a four-character label ("G106") at
	// the page's text floor.
	top := clamp(W/40, 24, 44)
	if floor >= SlideTextFloor {
		// A slide is read from the back of a room: tokens big enough
		// for a floor-sized label.
		top = clamp(W/30, 24, 64)
	}
	// Ps side by side read best: one row of stations if tokens stay large.
	for ts := top; ts >= 22; ts-- {
		g = wideAt(W, H, procs, procs, ts, floor)
		if g.rows <= 1 && g.total <= H {
			return g.grow(H)
		}
	}
	for ts := top; ts >= 12; ts-- {
		g = wideAt(W, H, procs, procs, ts, floor)
		if g.total <= H {
			return g.grow(H)
		}
	}
	// Too many Ps even at the smallest tokens: show as many as fit.
	for n := procs - 1; n >= 1; n-- {
		g = wideAt(W, H, procs, n, 12, floor)
		if g.total <= H {
			return g
		}
	}
	return wideAt(W, H, procs, min(procs, 1), 12, floor)
}

// grow gives height left over to the timeline strips.
func (g wideGeom) grow(H float32) wideGeom {
	// First more rows in the areas, where parked Gs pile up.
	row := g.ts + g.gap
	if k := min(3, int((H-g.total)/row)); k > 0 {
		g.areasH += float32(k) * row
		g.total += float32(k) * row
	}
	if g.shownPs == 0 {
		return g
	}
	extra := min((H-g.total)/float32(g.shownPs), max(26, g.fss+8)-g.stripH)
	if extra > 0 {
		g.stripH += extra
		g.timelineH += extra * float32(g.shownPs)
		g.total += extra * float32(g.shownPs)
	}
	return g
}

func wideAt(W, H float32, procs, shown int, ts, floor float32) wideGeom {
	g := wideGeom{ts: ts, tw: pillW(ts), shownPs: shown}
	g.fs, g.fss, g.gap, g.pad = sizes(ts, floor)
	g.gaugeH = max(4, ts*0.14)
	g.margin = clamp(W*0.008, 6, 16)
	g.vgap = max(4, ts*0.3)
	hgap := g.vgap
	minW := stationMinW(ts, g.tw, g.fs, g.fss, g.gap, g.pad)
	avail := W - 2*g.margin
	g.cols = max(1, min(shown, int((avail+hgap)/(minW+hgap))))
	g.rows = (shown + g.cols - 1) / g.cols
	if g.rows > 0 {
		g.cols = (shown + g.rows - 1) / g.rows // balance the rows
	}
	if shown == 0 {
		g.rows = 0
	}
	g.stationW = (avail - float32(g.cols-1)*hgap) / float32(g.cols)
	g.stationH = (g.fs + g.pad) + (ts + 2*g.pad) + g.pad/2 + 2*(ts+g.pad) + g.gaugeH + g.pad/2 + (g.fs + g.pad/2)
	g.globalH = g.pad/2 + g.fss + g.pad/2 + ts + g.pad
	g.areasH = g.pad/2 + g.fss + g.pad/2 + 2*(ts+g.gap) + g.pad/2
	g.idleH = g.fs + g.pad/2
	g.stripH = max(clamp(ts*0.55, 8, 18), g.fss)
	strips := shown
	g.timelineH = g.fss + g.pad/2 + float32(strips)*(g.stripH+2)
	if shown < procs {
		g.timelineH += g.fss + 2
	}
	g.total = g.margin + g.globalH + g.vgap + float32(g.rows)*(g.stationH+g.vgap) + g.areasH + g.vgap + g.idleH + g.vgap + g.timelineH + g.margin
	return g
}

func (b *builder) layoutWide(s *sorted) {
	W := b.f.W
	g := planWide(W, b.f.H, len(b.w.Ps), b.floor)
	b.ts, b.tw, b.fs, b.fss, b.gap, b.pad = g.ts, g.tw, g.fs, g.fss, g.gap, g.pad
	m := g.margin
	y := m

	// Header: the global run queue and the clock. A scene that never puts
	// a goroutine on the global queue gets one line for it, not a strip
	// of empty cells; the header keeps the clock's two lines.
	globalLine := b.opts.Unused["global"] && len(b.w.Global) == 0
	if globalLine {
		h := g.pad/2 + g.fs + 2 + g.pad/2 + g.fs + g.pad/2
		g.total -= g.globalH - h
		g.globalH = h
	}
	clock, status := b.clockText()
	clockW := max(textW("t = 000.0ms", g.fs+2), textW(b.say("lbl.stw"), g.fs)) + g.pad
	gr := Rect{m, y, W - 2*m - clockW - g.vgap, g.globalH}
	if globalLine {
		b.place("global", gr)
		b.text(gr.X, gr.Y+g.pad/2, gr.W, g.fss, b.say("lbl.global.unused"), "global.unused", b.th.Muted)
	} else {
		b.globalStrip(gr)
	}
	cr := Rect{gr.Right() + g.vgap, y, clockW, g.globalH}
	b.place("clock", cr)
	b.text(cr.X, cr.Y+g.pad/2, cr.W, g.fs+2, clock, "clock", b.th.Ink)
	if status != "" {
		b.text(cr.X, cr.Y+g.pad/2+g.fs+2+g.pad/2, cr.W, g.fs, status, "clock.status", b.th.Ink)
	}
	y += g.globalH + g.vgap

	// Stations.
	for i := 0; i < g.shownPs; i++ {
		col, row := i%g.cols, i/g.cols
		r := Rect{m + float32(col)*(g.stationW+g.vgap), y + float32(row)*(g.stationH+g.vgap), g.stationW, g.stationH}
		b.station(r, b.w.Ps[i], s, g.gaugeH)
	}
	y += float32(g.rows) * (g.stationH + g.vgap)
	if g.shownPs < len(b.w.Ps) {
		// Ps beyond the shown ones: their tokens are counted here.
		b.text(m, y-g.vgap, W-2*m, min(g.fss, g.vgap), b.say("lbl.psnotshown", len(b.w.Ps)-g.shownPs), "P.more", b.th.Muted)
	}

	// Areas: syscalls, netpoller, parked, exited, moving, sysmon.
	b.areasWide(Rect{m, y, W - 2*m, g.areasH}, s)
	y += g.areasH + g.vgap

	// Idle Ms.
	ir := Rect{m, y, W - 2*m, g.idleH}
	b.place("idleM", ir)
	b.textIn(ir, g.fs, joinFit(b.say("lbl.idlems"), b.idleMs(), g.fs, ir.W), "idleM", b.th.Ink)
	y += g.idleH + g.vgap

	b.timeline(Rect{m, y, W - 2*m, g.timelineH}, g.shownPs, g.stripH)
}

// station draws one P.
func (b *builder) station(r Rect, p *core.PView, s *sorted, gaugeH float32) {
	ts, tw, fs, fss, pad, gap := b.ts, b.tw, b.fs, b.fss, b.pad, b.gap
	name := "P" + strconv.Itoa(int(p.ID))
	b.place(name, r)
	header := b.pHead(name, p)
	b.text(r.X, r.Y, r.W, fs, header, name+".label", b.th.Ink)
	y := r.Y + fs + pad

	// The box: M and its G, runnext, hand.
	box := Rect{r.X, y, r.W, ts + 2*pad}
	fill := b.th.Station
	if p.Status == core.Pidle || p.Status == core.Pdead || p.Status == core.Pgcstop {
		fill = b.th.StationIdle
	}
	b.box(box, name+".box", fill, b.th.Box, p.Status == core.Pidle)
	x := box.X + pad
	ty := box.Y + pad
	mw := textW("M0000", fs)
	b.textIn(Rect{x, ty, mw, ts}, fs, b.mLabel(p), name+".mlabel", b.th.Ink)
	x += mw + pad
	b.slot(x, ty, name+".m")
	b.place(name+".m", Rect{x, ty, tw, ts})
	if id := s.curg[p.ID]; id != 0 {
		b.token(x, ty, id, name+".m")
	}
	x += tw + 2*pad
	nw := textW(b.say("lbl.next"), fss)
	b.textIn(Rect{x, ty, nw, ts}, fss, b.say("lbl.next"), name+".runnext.label", b.th.Muted)
	x += nw + pad
	b.slot(x, ty, name+".runnext")
	b.place(name+".runnext", Rect{x, ty, tw, ts})
	if p.Runnext != 0 {
		b.token(x, ty, p.Runnext, name+".runnext")
	}
	x += tw + 2*pad
	// The hand: a G the P is moving (a stolen one, a preempted one on its
	// way to a queue) sits here between two events; labelled, so that it
	// is not read as a second runnext (review m4).
	hw := textW(b.say("lbl.hand"), fss)
	b.textIn(Rect{x, ty, hw, ts}, fss, b.say("lbl.hand"), name+".hand.label", b.th.Muted)
	x += hw + pad
	b.place(name+".hand", Rect{x, ty, tw, ts})
	if id := s.hand[p.ID]; id != 0 {
		b.token(x, ty, id, name+".hand")
	}
	y = box.Bottom() + pad/2

	// Local run queue: a row of cells read head to tail, and under them
	// a gauge of the ring's fill out of its 256 slots
	// (runtime2.go: p.runq [256]guintptr) with a tick at the half that
	// proc.go:runqputslow moves to the global queue when it is full.
	row := Rect{r.X, y, r.W, ts + pad + gaugeH}
	b.place(name+".runq", row)
	lw := textW(b.say("lbl.runq"), fss)
	b.textIn(Rect{row.X + pad/2, row.Y, lw, ts + pad}, fss, b.say("lbl.runq"), name+".runq.label", b.th.Muted)
	cw := textW("256 / 256", fss)
	b.textRight(Rect{row.Right() - cw - pad/2, row.Y, cw, ts + pad}, fss, strconv.Itoa(len(p.Runq))+" / 256", name+".runq.count", b.th.Muted)
	cells := Rect{row.X + pad/2 + lw + pad, row.Y + pad/2, row.W - lw - cw - 3*pad, ts}
	b.cells(cells, name+".runq")
	b.tokenRow(cells, p.Runq, name+".runq")
	b.gauge(Rect{cells.X, cells.Bottom() + pad/4, cells.W, gaugeH}, len(p.Runq), 256, name+".runq")
	y += row.H

	// Timer heap.
	row = Rect{r.X, y, r.W, ts + pad}
	trole := "timers." + name
	b.place(trole, row)
	lw = textW(b.say("lbl.timers"), fss)
	b.textIn(Rect{row.X + pad/2, row.Y, lw, row.H}, fss, b.say("lbl.timers"), trole+".label", b.th.Muted)
	timers := sortedTimers(p)
	cellW := tw + pad/2 + textW("@00.00ms", fss) + gap
	b.grid(Rect{row.X + pad/2 + lw + pad, row.Y + pad/2, row.W - lw - 2*pad, ts}, len(timers), cellW, ts, trole, func(k int, c Rect) {
		b.token(c.X, c.Y, timerID(timers[k]), trole)
		b.textIn(Rect{c.X + tw + pad/2, c.Y, c.W - tw - pad/2 - gap, ts}, fss, "@"+core.FormatDurationShort(int64(timers[k].When)), trole+".when", b.th.Muted)
	})
	y += ts + pad

	// What the M is doing, when it is not simply running a G.
	if note := b.mNote(p); note != "" {
		nr := Rect{r.X, y, r.W, fs}
		b.place(name+".spin", nr)
		b.text(nr.X, nr.Y, nr.W, fs, note, name+".spin", b.th.Ink)
	}
}

// areasWide draws the row of boxes under the stations.
func (b *builder) areasWide(r Rect, s *sorted) {
	ts, tw, fss, pad, gap := b.ts, b.tw, b.fss, b.pad, b.gap
	sysText := b.sysmonText()
	sysW := textW(b.say("lbl.sysmon.every", "10.00ms"), fss) + 2*pad
	gapX := b.gap * 2
	type area struct {
		role, title, short string
		weight             float32
		draw               func(in Rect)
	}
	areas := []area{
		{"syscall", b.say("lbl.syscalls.n", len(s.syscall)), b.say("lbl.syscalls"), 2.2, func(in Rect) {
			// System calls: the M and its G.
			mw := textW("M000", fss)
			cellW := mw + pad/2 + tw + 2*gap
			b.grid(in, len(s.syscall), cellW, ts+gap, "syscall", func(k int, c Rect) {
				g := s.syscall[k]
				b.textIn(Rect{c.X, c.Y, mw, ts}, fss, "M"+strconv.Itoa(int(g.M)), "syscall.m", b.th.Ink)
				b.token(c.X+mw+pad/2, c.Y, g.ID, "syscall")
			})
		}},
		{"netpoll", b.say("lbl.netpoller.n", len(s.netpoll)), b.say("lbl.netpoller"), 2.2, func(in Rect) {
			// The netpoller: fd and the G waiting on it.
			fw := textW("fd 000", fss)
			cellW := fw + pad/2 + tw + 2*gap
			b.grid(in, len(s.netpoll), cellW, ts+gap, "netpoll", func(k int, c Rect) {
				g := s.netpoll[k]
				b.textIn(Rect{c.X, c.Y, fw, ts}, fss, "fd "+strconv.FormatInt(g.FD, 10), "netpoll.fd", b.th.Ink)
				b.token(c.X+fw+pad/2, c.Y, g.ID, "netpoll")
			})
		}},
		{"waiting", b.say("lbl.parked.n", len(s.waiting)), b.say("lbl.parked"), 3, func(in Rect) { b.tokenGrid(in, s.waiting, "waiting") }},
		{"dead", b.say("lbl.exited.n", len(s.dead)), b.say("lbl.exited"), 1.6, func(in Rect) { b.tokenGrid(in, s.dead, "dead") }},
		{"inflight", b.say("lbl.moving"), b.say("lbl.moving"), 1, func(in Rect) { b.tokenGrid(in, s.inflight, "inflight") }},
	}
	// A place the whole scene never uses collapses to one line in a
	// column of such lines, so it does not take a box's room (and does
	// not pop in: Options.Unused is decided from the whole recording).
	var shown, collapsed []area
	for _, a := range areas {
		if b.opts.Unused[a.role] && !b.placeHasGs(a.role, s) {
			collapsed = append(collapsed, a)
		} else {
			shown = append(shown, a)
		}
	}
	colW := float32(0)
	if len(collapsed) > 0 {
		colW = textW(b.say("lbl.unused"), fss)
		for _, a := range collapsed {
			colW = max(colW, textW("· "+a.short, fss))
		}
		colW += pad
	}
	rest := r.W - sysW - float32(len(shown))*gapX
	if colW > 0 {
		rest -= colW + gapX
	}
	var sum float32
	for _, a := range shown {
		sum += a.weight
	}
	x := r.X
	for _, a := range shown {
		wd := rest * a.weight / sum
		a.draw(b.labelled(Rect{x, r.Y, wd, r.H}, a.role, a.title))
		x += wd + gapX
	}
	if colW > 0 {
		line := fss + pad/2
		b.text(x, r.Y+pad/2, colW, fss, b.say("lbl.unused"), "unused.label", b.th.Muted)
		for i, a := range collapsed {
			lr := Rect{x, r.Y + pad/2 + float32(i+1)*line, colW, fss}
			b.place(a.role, lr)
			b.text(lr.X, lr.Y, lr.W, fss, "· "+a.short, a.role+".label", b.th.Muted)
		}
	}

	// sysmon: a marker and how often it looks.
	sr := Rect{r.Right() - sysW, r.Y, sysW, r.H}
	in := b.labelled(sr, "sysmon", "sysmon")
	row := ts + gap
	ms := min(fss, row)
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeCircle, X: in.X, Y: in.Y + (row-ms)/2, W: ms, H: ms, Fill: b.th.Muted, Role: "sysmon.marker"})
	b.textIn(Rect{in.X + ms + pad/2, in.Y, in.W - ms - pad/2, row}, fss, strings.TrimPrefix(strings.TrimPrefix(sysText, "sysmon: "), "sysmon："), "sysmon.state", b.th.Ink)
	if n := b.h.Sysmon.Woken; n > 0 {
		b.textIn(Rect{in.X, in.Y + row, in.W, row}, fss, b.say("lbl.sysmon.looked", n), "sysmon.count", b.th.Muted)
	}
}

// placeHasGs reports whether the sorted frame has goroutines at area role
// (a collapsed place that has some after all is drawn as a box).
func (b *builder) placeHasGs(role string, s *sorted) bool {
	switch role {
	case "syscall":
		return len(s.syscall) > 0
	case "netpoll":
		return len(s.netpoll) > 0
	case "waiting":
		return len(s.waiting) > 0
	case "dead":
		return len(s.dead) > 0
	case "inflight":
		return len(s.inflight) > 0
	}
	return false
}

// globalStrip draws the global run queue (sched.runq) as a strip of cells
// across the stage, titled with its length: unlike a P's ring it has no
// bound, so it has no gauge.
func (b *builder) globalStrip(r Rect) {
	inner := b.labelled(r, "global", b.say("lbl.global", len(b.w.Global)))
	cells := Rect{inner.X, inner.Bottom() - b.ts, inner.W, b.ts}
	b.cells(cells, "global")
	b.tokenRow(cells, b.w.Global, "global")
}

// cells draws the empty cells of a queue drawn in r, one per token that
// fits, at the pitch tokenRow puts tokens at, so a queue reads as cells
// from head (left) to tail.
func (b *builder) cells(r Rect, role string) {
	pitch := max(b.tw, b.ts) + b.gap
	n := int((r.W + 0.01 + b.gap) / pitch)
	for k := range n {
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: r.X + float32(k)*pitch - b.gap/4, Y: r.Y - b.gap/4,
			W: pitch - b.gap/2, H: r.H + b.gap/2, Radius: min(4, r.H/6), Stroke: b.th.Slot, StrokeW: 1, Role: role + ".cell"})
	}
}

// gauge draws a bar of r filled n/capacity, with a tick at the half.
func (b *builder) gauge(r Rect, n, capacity int, role string) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: r.H / 2, Stroke: b.th.Box, StrokeW: 1, Role: role + ".gauge"})
	if n > 0 {
		w := max(r.H, r.W*float32(min(n, capacity))/float32(capacity))
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeRect, X: r.X, Y: r.Y, W: w, H: r.H, Radius: r.H / 2, Fill: b.th.Ink, Role: role + ".gauge.fill"})
	}
	x := r.X + r.W/2
	b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeLine, X: x, Y: r.Y - r.H/2, H: 2 * r.H, Stroke: b.th.Muted, StrokeW: 1, Role: role + ".gauge.half"})
}
