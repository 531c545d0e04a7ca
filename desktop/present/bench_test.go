package present

import (
	"testing"

	"github.com/gmpbook/gmpbook/chapters"
)

// BenchmarkNew is the time to make a chapter's deck: split into slides,
// simulate every scene and every poll's scene (in parallel). The desktop
// app pays it once when it opens a chapter in presentation mode.
//
//	go test ./desktop/present -run '^$' -bench New
func BenchmarkNew(b *testing.B) {
	all, err := chapters.All()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range all {
		if c.Number != 5 && c.Number != 7 {
			continue
		}
		b.Run(c.Slug, func(b *testing.B) {
			for b.Loop() {
				New(c)
			}
		})
	}
}

// BenchmarkTypesetChapter sets every slide of 05-stealing once, with the
// shrinking search: the work behind the first frame of each slide (the
// layouts are cached after that).
func BenchmarkTypesetChapter(b *testing.B) {
	d := Open("05-stealing")
	if d.Err != nil {
		b.Fatal(d.Err)
	}
	for b.Loop() {
		ts := NewTypesetter(d, measurer, false)
		for i := range d.Slides {
			ts.Slide(i)
		}
	}
}
