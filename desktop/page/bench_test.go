package page

import (
	"testing"

	"github.com/gmpbook/gmpbook/chapters"
)

// longestChapter is the chapter with the most source.
func longestChapter(tb testing.TB) *chapters.Chapter {
	chs, err := chapters.All()
	if err != nil {
		tb.Fatal(err)
	}
	long := chs[0]
	for _, c := range chs {
		if len(c.Source) > len(long.Source) {
			long = c
		}
	}
	return long
}

// BenchmarkLayoutLongestChapter lays out the longest chapter for reading
// at 800 px, as the app does at every change of window width. Code
// highlighting is cached across layouts, as in the app.
func BenchmarkLayoutLongestChapter(b *testing.B) {
	c := longestChapter(b)
	nodes := docNodes(c)
	m := NewMeasurer()
	st := Style{Width: 800, Size: 17}
	Layout(c, nodes, st, m)
	b.ReportAllocs()
	for b.Loop() {
		Layout(c, nodes, st, m)
	}
}

// BenchmarkLayoutLongestChapterCold is the first layout of a chapter: code
// highlighting included.
func BenchmarkLayoutLongestChapterCold(b *testing.B) {
	c := longestChapter(b)
	nodes := docNodes(c)
	m := NewMeasurer()
	st := Style{Width: 800, Size: 17}
	b.ReportAllocs()
	for b.Loop() {
		resetHighlightCache()
		Layout(c, nodes, st, m)
	}
}

// BenchmarkSearch searches every chapter for a word that is everywhere.
func BenchmarkSearch(b *testing.B) {
	chs, err := chapters.All()
	if err != nil {
		b.Fatal(err)
	}
	ix := NewIndex(chs)
	b.ReportAllocs()
	for b.Loop() {
		ix.Search("runnext")
	}
}

// BenchmarkLayoutEveryChapter lays out each chapter for reading at 800 px.
func BenchmarkLayoutEveryChapter(b *testing.B) {
	m := NewMeasurer()
	st := Style{Width: 800, Size: 17}
	for _, c := range allChapters(b) {
		nodes := docNodes(c)
		b.Run(ChapterName(c), func(b *testing.B) {
			Layout(c, nodes, st, m)
			b.ReportAllocs()
			for b.Loop() {
				Layout(c, nodes, st, m)
			}
		})
	}
}

// BenchmarkLayoutSlides lays out every slide of the longest chapter at
// projector size.
func BenchmarkLayoutSlides(b *testing.B) {
	c := longestChapter(b)
	slides := c.Slides()
	m := NewMeasurer()
	st := Style{Width: 1728, Size: 34, Slide: true, Height: 700}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range slides {
			Layout(c, s.Nodes, st, m)
		}
	}
}
