package view

import (
	"slices"
	"strconv"

	"github.com/gmpbook/gmpbook/core"
)

// The narrow layout (a phone held upright, 360 px wide):
//
//	clock                      sysmon
//	global: tokens +N
//	P0 running · M3 · runq 12/256 · timers 2 · tick 61
//	[curg][next][hand]
//	runq tokens … +N
//	… one block per P …
//	syscalls | netpoller   (one area a row when tokens are pills)
//	timers   | parked
//	exited   | moving
//	idle Ms: …
//	timeline, one strip per P
//
// Queues collapse to their first tokens and a count; the P's timers are a
// count on its line, their Gs in the shared timers row. Goroutines are
// pills, as in the wide layout, so that they carry their names (cut to
// fit when long); a P's run queue gets a row of its own under its slots
// when the screen is tall enough (split), else shares their row.

type narrowGeom struct {
	ts, fs, fss, gap, pad, margin, vgap float32
	shownPs                             int
	split                               bool // a P's run queue on a row of its own
	headerH, globalH, pH, areaH, idleH  float32
	stripH, timelineH, total            float32
}

func planNarrow(W, H float32, procs int, floor float32) narrowGeom {
	var g narrowGeom
	// A P's run queue on its own row while tokens stay big enough for
	// a name at the floor; else beside its slots.
	for _, split := range []bool{true, false} {
		for ts := float32(32); ts >= 12; ts-- {
			if split && ts*0.5 < floor {
				break
			}
			g = narrowAt(H, procs, procs, ts, floor, split)
			if g.total <= H {
				return g
			}
		}
	}
	for n := procs - 1; n >= 1; n-- {
		g = narrowAt(H, procs, n, 12, floor, false)
		if g.total <= H {
			return g
		}
	}
	return narrowAt(H, procs, min(procs, 1), 12, floor, false)
}

// areaRows is how many rows the areas take: six of pills, or three of
// two areas with discs.
func (g narrowGeom) areaRows() int {
	if g.split {
		return 6
	}
	return 3
}

func narrowAt(H float32, procs, shown int, ts, floor float32, split bool) narrowGeom {
	g := narrowGeom{ts: ts, shownPs: shown, split: split}
	g.fs, g.fss, g.gap, g.pad = sizes(ts, floor)
	g.margin = 6
	g.vgap = max(3, ts*0.2)
	g.headerH = g.fs + 2 + g.pad/2
	g.globalH = ts + g.pad
	g.pH = g.fs + 2 + ts + g.pad
	if split {
		g.pH += ts + splitGap(ts, g.gap, g.pad)
	}
	g.areaH = ts + g.pad
	g.idleH = g.fs + g.pad/2
	g.stripH = max(clamp(ts*0.45, 6, 12), g.fss)
	g.timelineH = g.fss + g.pad/2 + float32(shown)*(g.stripH+2)
	if shown < procs {
		g.timelineH += g.fss + 2
	}
	g.total = g.margin + g.headerH + g.vgap + g.globalH + g.vgap + float32(shown)*(g.pH+g.vgap) +
		float32(g.areaRows())*(g.areaH+g.vgap) + g.idleH + g.vgap + g.timelineH + g.margin
	if shown < procs {
		g.total += g.fss + g.vgap
	}
	return g
}

func (b *builder) layoutNarrow(s *sorted) {
	W := b.f.W
	g := planNarrow(W, b.f.H, len(b.w.Ps), b.floor)
	b.ts, b.fs, b.fss, b.gap, b.pad = g.ts, g.fs, g.fss, g.gap, g.pad
	m := g.margin
	// Pills as long as the wide layout's, but three (the running G,
	// runnext, the hand) always fit across the screen; discs when the
	// run queue shares their row.
	b.tw = g.ts
	if g.split {
		b.tw = max(g.ts, min(pillW(g.ts), (W-2*m-g.pad-2*g.gap)/3))
	}
	ts, fs, fss, pad := g.ts, g.fs, g.fss, g.pad
	y := m
	full := W - 2*m

	// Header: clock (and how the run ended) on the left, sysmon on the right.
	clock, status := b.clockText()
	if status != "" {
		clock += " · " + status
	}
	cr := Rect{m, y, full * 0.55, g.headerH}
	b.place("clock", cr)
	b.textIn(cr, fs+2, clock, "clock", b.th.Ink)
	sr := Rect{cr.Right() + pad, y, full - cr.W - pad, g.headerH}
	b.place("sysmon", sr)
	b.textRight(sr, fss, b.sysmonText(), "sysmon", b.th.Muted)
	y += g.headerH + g.vgap

	// Global run queue.
	lw := textW(b.say("lbl.global.short", 10000), fss)
	b.inlineRow(Rect{m, y, full, g.globalH}, "global", b.say("lbl.global.short", len(b.w.Global)), lw, b.w.Global)
	y += g.globalH + g.vgap

	// One block per P.
	for i := 0; i < g.shownPs; i++ {
		b.pBlock(Rect{m, y, full, g.pH}, b.w.Ps[i], s, g.split)
		y += g.pH + g.vgap
	}
	if g.shownPs < len(b.w.Ps) {
		b.text(m, y, full, fss, b.say("lbl.psnotshown", len(b.w.Ps)-g.shownPs), "P.more", b.th.Muted)
		y += fss + g.vgap
	}

	// Areas, two to a row; one to a row when goroutines are pills, so
	// that a few of them fit beside the area's name.
	half := (full - pad) / 2
	lw = textW("parked 0000", fss)
	if b.opts.Lang != English {
		for _, id := range []string{"lbl.syscalls", "lbl.netpoll", "lbl.timers", "lbl.parked", "lbl.exited", "lbl.moving"} {
			lw = max(lw, textW(b.say(id)+" 000", fss))
		}
	}
	var timers []core.TimerView
	for _, p := range b.w.Ps {
		timers = append(timers, p.Timers...)
	}
	slices.SortStableFunc(timers, func(a, b core.TimerView) int {
		if a.When != b.When {
			if a.When < b.When {
				return -1
			}
			return 1
		}
		return int(a.G - b.G)
	})
	ids := func(gs []*core.GView) []int64 {
		out := make([]int64, len(gs))
		for i, g := range gs {
			out[i] = g.ID
		}
		return out
	}
	tids := make([]int64, len(timers))
	for i, t := range timers {
		tids[i] = timerID(t)
	}
	rows := [3][2]struct {
		role, label string
		ids         []int64
	}{
		{{"syscall", b.say("lbl.syscalls"), ids(s.syscall)}, {"netpoll", b.say("lbl.netpoll"), ids(s.netpoll)}},
		{{"timers", b.say("lbl.timers"), tids}, {"waiting", b.say("lbl.parked"), ids(s.waiting)}},
		{{"dead", b.say("lbl.exited"), ids(s.dead)}, {"inflight", b.say("lbl.moving"), ids(s.inflight)}},
	}
	for _, row := range rows {
		for k, a := range row {
			r := Rect{m + float32(k)*(half+pad), y, half, g.areaH}
			if g.split {
				r = Rect{m, y, full, g.areaH}
			}
			b.inlineRow(r, a.role, a.label+" "+strconv.Itoa(len(a.ids)), lw, a.ids)
			if g.split {
				y += g.areaH + g.vgap
			}
		}
		if !g.split {
			y += g.areaH + g.vgap
		}
	}

	// Idle Ms.
	ir := Rect{m, y, full, g.idleH}
	b.place("idleM", ir)
	b.textIn(ir, fs, joinFit(b.say("lbl.idlems"), b.idleMs(), fs, ir.W), "idleM", b.th.Ink)
	y += g.idleH + g.vgap

	b.timeline(Rect{m, y, full, g.timelineH}, g.shownPs, g.stripH)
	_ = ts
}

// inlineRow is a boxed row: a label of width lw, then tokens.
func (b *builder) inlineRow(r Rect, role, label string, lw float32, ids []int64) {
	b.place(role, r)
	b.box(r, role, Color{}, b.th.Box, false)
	pad := b.pad
	b.textIn(Rect{r.X + pad, r.Y, lw, r.H}, b.fss, label, role+".label", b.th.Muted)
	b.tokenRow(Rect{r.X + pad + lw + pad, r.Y + (r.H-b.ts)/2, r.W - lw - 3*pad, b.ts}, ids, role)
}

// splitGap is the room between a P's slots and its run queue when they
// are on two rows: wide enough for a move's path to run between them
// (a wake-up entering runnext from below).
func splitGap(ts, gap, pad float32) float32 { return max(gap, 2*pad, ts*0.4) }

// pBlock is one P in the narrow layout: a line of text, then its slots and
// the head of its run queue.
func (b *builder) pBlock(r Rect, p *core.PView, s *sorted, split bool) {
	ts, fs, pad := b.ts, b.fs, b.pad
	name := "P" + strconv.Itoa(int(p.ID))
	line := name + " " + b.pStatus(p.Status) + " · " + b.mLabel(p)
	if m := b.w.M(p.M); m != nil && m.Spinning {
		line += b.say("lbl.p.spinning")
	}
	line += " · runq " + strconv.Itoa(len(p.Runq)) + "/256"
	if n := len(p.Timers); n > 0 {
		line += " · " + b.say("lbl.timers") + " " + strconv.Itoa(n)
	}
	if b.opts.Lang == Chinese {
		line += " · schedtick " + strconv.FormatInt(p.Schedtick, 10)
	} else {
		line += " · tick " + strconv.FormatInt(p.Schedtick, 10)
	}
	b.text(r.X, r.Y, r.W, fs, line, name+".label", b.th.Ink)
	box := Rect{r.X, r.Y + fs + 2, r.W, r.H - fs - 2}
	b.place(name, box)
	fill := b.th.Station
	if p.Status != core.Prunning {
		fill = b.th.StationIdle
	}
	b.box(box, name+".box", fill, b.th.Box, p.Status == core.Pidle)
	tw := b.tw
	x, y := box.X+pad/2, box.Y+pad/2
	b.slot(x, y, name+".m")
	b.place(name+".m", Rect{x, y, tw, ts})
	if id := s.curg[p.ID]; id != 0 {
		b.token(x, y, id, name+".m")
	}
	x += tw + b.gap
	b.slot(x, y, name+".runnext")
	b.place(name+".runnext", Rect{x, y, tw, ts})
	if p.Runnext != 0 {
		b.token(x, y, p.Runnext, name+".runnext")
	}
	x += tw + b.gap
	b.place(name+".hand", Rect{x, y, tw, ts})
	if id := s.hand[p.ID]; id != 0 {
		b.token(x, y, id, name+".hand")
	}
	if split {
		// The run queue, on a row of its own under a hairline.
		sg := splitGap(ts, b.gap, pad)
		y += ts + sg
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeLine, X: box.X + pad/2, Y: y - sg/2, W: box.W - pad, Stroke: b.th.Box, StrokeW: 1, Role: name + ".sep"})
		x = box.X + pad/2
	} else {
		x += tw + pad/2
		b.f.Shapes = append(b.f.Shapes, Shape{Kind: ShapeLine, X: x, Y: y, H: ts, Stroke: b.th.Box, StrokeW: 1, Role: name + ".sep"})
		x += pad / 2
	}
	rq := Rect{x, y, box.Right() - pad/2 - x, ts}
	b.place(name+".runq", rq)
	b.tokenRow(rq, p.Runq, name+".runq")
}
