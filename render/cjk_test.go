//go:build display

package render

import (
	"testing"

	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/view"
)

// TestNeedsCJK: only text with runes from the CJK blocks takes the
// Chinese fallback; the player's own symbols stay in Go Regular.
func TestNeedsCJK(t *testing.T) {
	for s, want := range map[string]bool{
		"G1 went to P0's runnext slot.": false,
		"|◄◄ ► ►►| ¼× − → “x” …":        false,
		"G1 进入了 P0 的 runnext 槽位。":       true,
		"窃取 →":                          true,
		"（":                             true,
		"":                              false,
	} {
		if got := needsCJK(s); got != want {
			t.Errorf("needsCJK(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestChineseIsSetInTheFallback: Chinese text is measured with the
// Chinese font's glyphs, a full em each, and Latin text as before.
func TestChineseIsSetInTheFallback(t *testing.T) {
	d := NewDrawer()
	latin := d.Measure("runnext", 20)
	if d.cjk.src != nil {
		t.Fatal("the fallback was parsed for Latin text")
	}
	w := d.Measure("窃取抢占", 20)
	if d.cjk.src == nil || d.cjk.failed {
		t.Fatal("the fallback was not used")
	}
	if w < 76 || w > 84 {
		t.Errorf("four Chinese characters at 20 px measure %.1f px, want about 80", w)
	}
	if again := d.Measure("runnext", 20); again != latin {
		t.Errorf("Latin text measures %.1f after Chinese, %.1f before", again, latin)
	}
	if mixed := d.Measure("runnext 槽位", 20); mixed <= latin+30 {
		t.Errorf("mixed text measures %.1f", mixed)
	}
}

// TestTheFallbackCoversThePlayersChinese: every Chinese character and
// mark the player says or draws has a glyph in the fallback font.
func TestTheFallbackCoversThePlayersChinese(t *testing.T) {
	missing := map[rune]bool{}
	n := 0
	for _, s := range view.Texts(view.Chinese) {
		for _, r := range s {
			if r >= 0x2E80 {
				n++
				if !fonts.Has(fonts.CJK, r) {
					missing[r] = true
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d Chinese runes in the table", n)
	}
	for r := range missing {
		t.Errorf("the Chinese fallback has no glyph for %q (U+%04X)", r, r)
	}
}
