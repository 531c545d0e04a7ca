package view

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gmpbook/gmpbook/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type box struct {
	x0, y0, x1, y1 float32
	what           string
}

func boxOf(s *Shape) box {
	what := s.Role
	if s.Kind == ShapeText {
		what = fmt.Sprintf("text %q (%s)", s.Text, s.Role)
	} else if s.Kind == ShapeToken {
		what = fmt.Sprintf("token G%d (%s)", s.G, s.Role)
	}
	return box{s.X, s.Y, s.X + s.W, s.Y + s.H, what}
}

func overlap(a, b box) bool {
	const eps = 0.01
	return min(a.x1, b.x1)-max(a.x0, b.x0) > eps && min(a.y1, b.y1)-max(a.y0, b.y0) > eps
}

// frameProblems checks what every frame must satisfy: tokens inside the
// frame and apart, texts inside the frame and clear of other texts and
// tokens, each G drawn at most once, every place present and inside.
func frameProblems(f Frame, places []string) []string {
	var out []string
	var solid []box // tokens and texts
	seenG := map[int64]bool{}
	for i := range f.Shapes {
		s := &f.Shapes[i]
		if s.Kind != ShapeToken && s.Kind != ShapeText {
			continue
		}
		if strings.HasPrefix(s.Role, "move.") {
			// A move's label is an overlay on its own tag of paper,
			// drawn over the picture like the highlight.
			continue
		}
		b := boxOf(s)
		if b.x0 < -0.01 || b.y0 < -0.01 || b.x1 > f.W+0.01 || b.y1 > f.H+0.01 {
			out = append(out, b.what+" is outside the frame")
		}
		if floor := float32(PageTextFloor); s.Text != "" {
			if f.Slide {
				floor = SlideTextFloor
			}
			if s.Size < floor-0.01 {
				out = append(out, fmt.Sprintf("%s is %.1f px, under the %v px floor", b.what, s.Size, floor))
			}
		}
		if s.Kind == ShapeText {
			// The box must be the estimated size of the text.
			if w := textW(s.Text, s.Size); s.W+0.01 < w || s.H+0.01 < s.Size {
				out = append(out, b.what+" claims a box smaller than its text")
			}
		}
		if s.Kind == ShapeToken {
			if seenG[s.G] {
				out = append(out, fmt.Sprintf("G%d is drawn twice", s.G))
			}
			seenG[s.G] = true
		}
		solid = append(solid, b)
	}
	slices.SortFunc(solid, func(a, b box) int {
		switch {
		case a.x0 < b.x0:
			return -1
		case a.x0 > b.x0:
			return 1
		}
		return 0
	})
	for i := range solid {
		for j := i + 1; j < len(solid) && solid[j].x0 < solid[i].x1; j++ {
			if overlap(solid[i], solid[j]) {
				out = append(out, solid[i].what+" overlaps "+solid[j].what)
			}
		}
	}
	have := map[string]Place{}
	for _, p := range f.Places {
		have[p.Role] = p
		if p.X < -0.01 || p.Y < -0.01 || p.X+p.W > f.W+0.01 || p.Y+p.H > f.H+0.01 {
			out = append(out, "place "+p.Role+" is outside the frame")
		}
	}
	for _, p := range places {
		if _, ok := have[p]; !ok {
			out = append(out, "place "+p+" is missing")
		}
	}
	return out
}

var screens = []struct {
	name  string
	w, h  float32
	slide bool
}{{"phone", 360, 740, false}, {"desktop", 1920, 1080, false}, {"slide", 1920, 1080, true}}

// worldWithGs is the World of a mixed run with n goroutines at the point
// where most of them exist and are spread over the places (the cursor with
// the most live Gs, then halfway to the end).
func worldsWithGs(t testing.TB, procs, n int) []*core.World {
	if n == 0 {
		return []*core.World{core.NewWorld(procs)}
	}
	ev := mixedScene(t, procs, n, uint64(n+procs))
	rec := NewRecording(procs, ev, nil)
	var out []*core.World
	for _, i := range []int{len(ev) / 10, len(ev) / 4, len(ev) / 2, 3 * len(ev) / 4, len(ev) - 1} {
		out = append(out, rec.WorldAt(i))
	}
	return out
}

func TestLayoutInvariants(t *testing.T) {
	for _, procs := range []int{1, 4, 8} {
		for _, n := range []int{0, 10, 300} {
			worlds := worldsWithGs(t, procs, n)
			for _, sc := range screens {
				name := fmt.Sprintf("%s/P%d/G%d", sc.name, procs, n)
				t.Run(name, func(t *testing.T) {
					for wi, w := range worlds {
						opts := Options{Width: sc.w, Height: sc.h, Slide: sc.slide}
						f := Layout(w, opts)
						assert.Equal(t, sc.w < NarrowBelow, f.Narrow)
						probs := frameProblems(f, Places(len(w.Ps), f.Narrow))
						assert.Empty(t, probs, "world %d", wi)
						assert.Equal(t, f, Layout(w, opts), "layout is not deterministic")
					}
				})
			}
		}
	}
}

// TestLayoutAtEveryCursor sweeps whole recordings at both screen sizes: the
// invariants hold at every event, and every live G is either drawn or
// counted in a "+N".
func TestLayoutAtEveryCursor(t *testing.T) {
	for name, sc := range allScenes(t) {
		rec := NewRecording(sc.procs, sc.events, nil)
		c := rec.NewCursor()
		step := max(1, len(sc.events)/400)
		for c.Pos() < rec.Len()-1 {
			c.Seek(c.Pos() + step)
			for _, s := range screens {
				f := c.Frame(Options{Width: s.w, Height: s.h, Slide: s.slide})
				probs := frameProblems(f, Places(len(c.World().Ps), f.Narrow))
				if !assert.Empty(t, probs, "%s at event %d (%s) on %s", name, c.Pos(), c.Event(), s.name) {
					return
				}
			}
		}
	}
}

// TestEveryGHasAPlace: with room to spare every G of a small run is drawn
// as a token, at the place its Loc says. (Room to spare for eight name
// pills in one run queue is a 2560 px stage.)
func TestEveryGHasAPlace(t *testing.T) {
	rec := NewRecording(2, stealScene(t), nil)
	c := rec.NewCursor()
	for c.StepEventForward() {
		f := c.Frame(Options{Width: 2560, Height: 1440})
		drawn := map[int64]string{}
		for _, s := range f.Shapes {
			if s.Kind == ShapeToken {
				drawn[s.G] = s.Role
			}
		}
		for _, g := range c.World().Gs {
			role, ok := drawn[g.ID]
			if !assert.True(t, ok, "G%d (%v at %v) not drawn at event %d %s", g.ID, g.Status, g.Loc, c.Pos(), c.Event()) {
				return
			}
			switch g.Loc {
			case core.LocGlobal:
				assert.Equal(t, "global", role)
			case core.LocRunq:
				assert.Equal(t, fmt.Sprintf("P%d.runq", g.P), role)
			case core.LocRunnext:
				assert.Equal(t, fmt.Sprintf("P%d.runnext", g.P), role)
			case core.LocRunning:
				assert.Regexp(t, `^P\d+\.m$`, role)
			case core.LocGFree:
				assert.Equal(t, "dead", role)
			case core.LocTimer:
				assert.Equal(t, fmt.Sprintf("timers.P%d", g.P), role)
			}
		}
	}
}

func TestLayoutCollapsesThousandsOfGs(t *testing.T) {
	for _, n := range []int{1000, 10000} {
		w := bigWorld(t, n)
		for _, sc := range screens {
			f := Layout(w, Options{Width: sc.w, Height: sc.h})
			assert.Empty(t, frameProblems(f, Places(len(w.Ps), f.Narrow)), "%d Gs on %s", n, sc.name)
			tokens := 0
			more := false
			for _, s := range f.Shapes {
				if s.Kind == ShapeToken {
					tokens++
				}
				if s.Kind == ShapeText && len(s.Text) > 1 && s.Text[0] == '+' {
					more = true
				}
			}
			assert.Less(t, tokens, 1000, "%d Gs on %s", n, sc.name)
			assert.True(t, more, "a collapsed queue shows +N")
			t.Logf("%d Gs on %s: %d shapes, %d tokens", n, sc.name, len(f.Shapes), tokens)
		}
	}
}

// bigWorld is a run of n goroutines at the moment the most of them are
// queued: right after main created the last one.
func bigWorld(t testing.TB, n int) *core.World {
	main := []core.Op{wgAdd(int64(n)), core.Loop(int64(n), core.Go("w", core.Compute(100*core.Microsecond), wgDone)), wgWait}
	ev := record(t, 4, 1, main, core.WithObjects(nil, 0, 1))
	last := 0
	for i, e := range ev {
		if e.Kind == core.EvGoCreate {
			last = i
		}
	}
	w := core.NewWorld(4)
	for i := 0; i <= last+1; i++ {
		w.Apply(&ev[i])
	}
	return w
}

func TestHighlightOutlinesThePlace(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	c := rec.NewCursor()
	require.True(t, c.NextSteal())
	e := c.Event()
	for _, reduced := range []bool{false, true} {
		f := c.Frame(Options{Width: 1920, Height: 1080, Reduced: reduced})
		var roles []string
		var sw float32
		for _, s := range f.Shapes {
			if len(s.Role) > 10 && s.Role[:10] == "highlight:" {
				roles = append(roles, s.Role[10:])
				sw = s.StrokeW
			}
		}
		assert.ElementsMatch(t, []string{fmt.Sprintf("P%d.runq", e.P2), fmt.Sprintf("P%d.runq", e.P)}, roles)
		if reduced {
			assert.Greater(t, sw, float32(2), "reduced motion outlines more boldly")
		}
	}
}

func TestTimelineShowsRunSpansToScale(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	f := rec.Frame(len(ev)-1, Options{Width: 1920, Height: 1080, Window: 20 * ms})
	var strip Place
	for _, p := range f.Places {
		if p.Role == "timeline.P1" {
			strip = p
		}
	}
	require.NotZero(t, strip.W)
	var spans []Shape
	for _, s := range f.Shapes {
		if s.Role == "span" && s.Y == strip.Y {
			spans = append(spans, s)
		}
	}
	require.NotEmpty(t, spans)
	// The 2ms workers appear as spans of about 2/20 of the strip.
	found := false
	for _, s := range spans {
		if s.W > strip.W*0.09 && s.W < strip.W*0.11 {
			found = true
		}
		assert.GreaterOrEqual(t, s.X, strip.X-0.01)
		assert.LessOrEqual(t, s.X+s.W, strip.X+strip.W+0.01)
	}
	assert.True(t, found, "a 2ms span is a tenth of a 20ms strip")
}

// TestLayoutManyPsAndOddSizes: beyond the sizes the design names, the
// invariants still hold; Ps that do not fit are counted, not drawn outside.
func TestLayoutManyPsAndOddSizes(t *testing.T) {
	sizes := [][2]float32{{320, 480}, {360, 740}, {599, 900}, {600, 400}, {800, 600}, {1280, 720}, {1920, 1080}, {3840, 2160}}
	for _, procs := range []int{1, 2, 3, 16, 64} {
		var worlds []*core.World
		if procs <= 16 {
			worlds = worldsWithGs(t, procs, 40)
		} else {
			worlds = []*core.World{core.NewWorld(procs)}
		}
		for _, sz := range sizes {
			for wi, w := range worlds {
				f := Layout(w, Options{Width: sz[0], Height: sz[1]})
				shown := 0
				for _, p := range f.Places {
					if len(p.Role) > 9 && p.Role[:9] == "timeline." {
						shown++
					}
				}
				want := append([]string(nil), Places(shown, f.Narrow)...)
				assert.Empty(t, frameProblems(f, want), "%d Ps at %v, world %d", procs, sz, wi)
				if shown < procs {
					found := false
					for _, s := range f.Shapes {
						if s.Role == "P.more" || s.Role == "timeline.more" {
							found = true
						}
					}
					assert.True(t, found, "%d Ps at %v: the hidden Ps are counted", procs, sz)
				}
			}
		}
	}
}

// TestUnusedPlacesCollapse: a scene without system calls or network waits
// draws no box for them, only a line each under "not in this scene", and
// the places keep a spot (for highlighting) inside the frame.
func TestUnusedPlacesCollapse(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	un := rec.Unused()
	require.True(t, un["syscall"] && un["netpoll"], "the steal scene has no syscall and no netpoll: %v", un)
	assert.False(t, un["dead"] && slices.ContainsFunc(ev, func(e core.Event) bool { return e.Kind == core.EvGoEnd }))
	for _, i := range []int{len(ev) / 3, len(ev) - 1} {
		f := rec.Frame(i, Options{Width: 1280, Height: 760, Unused: un})
		assert.Empty(t, frameProblems(f, Places(2, false)))
		lines := map[string]bool{}
		for _, s := range f.Shapes {
			if s.Kind == ShapeRect && (s.Role == "syscall" || s.Role == "netpoll") {
				t.Errorf("event %d: a box for the unused %s", i, s.Role)
			}
			if s.Kind == ShapeText {
				lines[s.Text] = true
			}
		}
		assert.True(t, lines["not in this scene:"] && lines["· syscalls"] && lines["· netpoller"], "event %d", i)
		// Without the option, the boxes are there.
		f = rec.Frame(i, Options{Width: 1280, Height: 760})
		assert.True(t, slices.ContainsFunc(f.Shapes, func(s Shape) bool { return s.Kind == ShapeRect && s.Role == "syscall" }))
	}
	open := NewOpenRecording(2, nil, DefaultCheckpointEvery)
	open.Extend(ev)
	assert.Nil(t, open.Unused(), "a growing log collapses nothing")
}

// TestUnusedGlobalQueueIsOneLine: a scene that never puts a goroutine on
// the global queue draws it as one line that says so, not a strip of
// empty cells, and the stations move up; a scene whose goroutines yield
// (runtime.Gosched puts them on the global queue) keeps the strip.
func TestUnusedGlobalQueueIsOneLine(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	un := rec.Unused()
	require.True(t, un["global"], "the steal scene never uses the global queue")
	at := len(ev) / 2
	opts := Options{Width: 1280, Height: 760}
	full := rec.Frame(at, opts)
	opts.Unused = un
	one := rec.Frame(at, opts)
	assert.Empty(t, frameProblems(one, Places(2, false)))
	texts := func(f Frame) map[string]bool {
		m := map[string]bool{}
		for _, s := range f.Shapes {
			if s.Kind == ShapeText {
				m[s.Text] = true
			}
		}
		return m
	}
	assert.True(t, texts(one)["global run queue: not used in this scene"])
	assert.False(t, texts(full)["global run queue: not used in this scene"])
	cells := func(f Frame) int {
		n := 0
		for _, s := range f.Shapes {
			if s.Role == "global.cell" {
				n++
			}
		}
		return n
	}
	assert.Greater(t, cells(full), 1, "the strip of cells without the option")
	assert.Zero(t, cells(one), "no cells once collapsed")
	top := func(f Frame) float32 {
		for _, pl := range f.Places {
			if pl.Role == "P0" {
				return pl.Y
			}
		}
		t.Fatal("no place P0")
		return 0
	}
	assert.Less(t, top(one), top(full), "the stations move up")

	yield := []core.Op{core.Go("w", core.Op{Kind: core.OpGosched}, core.Compute(ms)), {Kind: core.OpGosched}, core.Compute(ms)}
	used := NewRecording(1, record(t, 1, 1, yield), nil)
	assert.False(t, used.Unused()["global"], "Gosched puts the caller on the global queue")
}

// TestFitTextFits: a cut text is never wider than the room it was cut for
// (a P's header at 390 px was dropped because its cut measured 9 px more).
func TestFitTextFits(t *testing.T) {
	s := "P0 running · M3 spinning · runq 3/256 · tick 1"
	for _, size := range []float32{12, 15, 16, 17} {
		for _, w := range []float32{100, 200, 378} {
			f := fitText(s, size, w)
			assert.LessOrEqual(t, textW(f, size), w+0.01, "size %v, room %v: %q", size, w, f)
		}
	}
}
