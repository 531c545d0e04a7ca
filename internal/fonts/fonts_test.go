package fonts

import (
	"testing"
)

func TestEveryFaceParses(t *testing.T) {
	for _, f := range Faces() {
		fnt, err := Parsed(f)
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		if fnt.NumGlyphs() < 100 {
			t.Errorf("%v has only %d glyphs", f, fnt.NumGlyphs())
		}
		if a, d := Ascent(f), Descent(f); a < 0.7 || a > 1.2 || d < 0.1 || d > 0.4 {
			t.Errorf("%v: ascent %.3f em, descent %.3f em: not a text face's metrics", f, a, d)
		}
	}
}

func TestChineseSubsetHasTheSchedulerWords(t *testing.T) {
	for _, r := range "调度器协程抢占线程处理器队列窃取系统调用运行时" {
		if !Has(CJK, r) {
			t.Errorf("the Chinese font has no glyph for %q", r)
		}
	}
	for _, r := range "，。、；：！？（）《》【】「」　" {
		if !Has(CJK, r) {
			t.Errorf("the Chinese font has no glyph for the punctuation %q (U+%04X)", r, r)
		}
	}
	// A level-2 hanzi of GB2312 (not kept) and a Latin letter (left to
	// the Go fonts) are not in the subset: the subset is what the script
	// says it is, not the whole fallback font.
	if Has(CJK, '丌') {
		t.Error("the subset holds 丌, a GB2312 level-2 character")
	}
	if Has(CJK, 'A') {
		t.Error("the subset holds Latin letters; the Go fonts draw those")
	}
}

func TestSubsetIsSmall(t *testing.T) {
	// The script keeps about 3,950 glyphs without hinting: about 0.6 MB.
	// A regenerated file far bigger than that kept more than it should.
	if n := len(CJKSubset); n < 300_000 || n > 800_000 {
		t.Errorf("cjk-subset.ttf is %d bytes, want 0.3–0.8 MB", n)
	}
}

func TestForFallsBackToChineseOnlyForWhatGoFontsLack(t *testing.T) {
	cases := []struct {
		f    Face
		r    rune
		want Face
	}{
		{Regular, 'a', Regular},
		{Mono, '{', Mono},
		{Bold, '调', CJK},
		{Mono, '。', CJK},
		{Regular, '“', Regular},        // general punctuation is in the Go fonts, not in Droid's fallback
		{Italic, '\U0001F600', Italic}, // nobody has it: the face draws its .notdef box
	}
	for _, c := range cases {
		if got := For(c.f, c.r); got != c.want {
			t.Errorf("For(%v, %q) = %v, want %v", c.f, c.r, got, c.want)
		}
	}
}

func TestAdvances(t *testing.T) {
	// Go Mono is monospaced: every ASCII letter has the same advance.
	m := Advance(Mono, 'i')
	if m <= 0 || Advance(Mono, 'W') != m {
		t.Errorf("Go Mono advances: i %.4f, W %.4f", m, Advance(Mono, 'W'))
	}
	// Proportional: i is narrower than W; bold is wider than regular.
	if Advance(Regular, 'i') >= Advance(Regular, 'W') {
		t.Error("Go Regular: i is not narrower than W")
	}
	if Advance(Bold, 'n') <= Advance(Regular, 'n') {
		t.Error("Go Bold: n is not wider than in Go Regular")
	}
	// A hanzi is one em wide.
	if a := Advance(CJK, '调'); a < 0.9 || a > 1.1 {
		t.Errorf("调 advances %.3f em, want about 1", a)
	}
}
