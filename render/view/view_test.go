package view

import (
	"testing"
)

// The per-frame CPU cost of building the view natively: Layout of a World
// with most of its goroutines queued.

func benchmarkLayout(b *testing.B, n int) {
	w := bigWorld(b, n)
	for _, sc := range screens {
		b.Run(sc.name, func(b *testing.B) {
			opts := Options{Width: sc.w, Height: sc.h}
			b.ReportAllocs()
			for b.Loop() {
				_ = Layout(w, opts)
			}
		})
	}
}

func BenchmarkLayout1000Gs(b *testing.B)  { benchmarkLayout(b, 1000) }
func BenchmarkLayout10000Gs(b *testing.B) { benchmarkLayout(b, 10000) }

// BenchmarkCursorFrame is a whole player frame: the cursor's World, the
// timeline spans, the narration and the layout.
func BenchmarkCursorFrame(b *testing.B) {
	ev := mixedScene(b, 8, 300, 7)
	rec := NewRecording(8, ev, nil)
	c := rec.NewCursor()
	c.Seek(len(ev) / 2)
	opts := Options{Width: 1920, Height: 1080}
	b.ReportAllocs()
	for b.Loop() {
		_ = c.Frame(opts)
	}
}

// BenchmarkStepBack is the worst case of stepping back: a replay from a
// checkpoint almost a full interval away.
func BenchmarkStepBack(b *testing.B) {
	ev := mixedScene(b, 8, 300, 7)
	rec := NewRecording(8, ev, nil)
	c := rec.NewCursor()
	i := len(ev)/2/DefaultCheckpointEvery*DefaultCheckpointEvery + DefaultCheckpointEvery - 1
	b.ReportAllocs()
	for b.Loop() {
		c.Seek(i)
		c.StepEventBack()
	}
}
