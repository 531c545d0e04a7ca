package chapters

import (
	"io/fs"
	"path"
	"sort"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/internal/fonts"
)

// TestZhTextHasGlyphsInTheDesktopFont: the desktop app draws with the fonts
// it embeds (Go fonts and a CJK subset, internal/fonts), so every
// character the Chinese chapters and the glossary use must have a glyph
// in one of them; a missing one would be an empty box on the reader's
// screen. When this fails, regenerate the subset from the text
// (scripts/subset-cjk-font.sh).
func TestZhTextHasGlyphsInTheDesktopFont(t *testing.T) {
	missing := map[rune][]string{}
	err := fs.WalkDir(embeddedZh, "zh", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(embeddedZh, p)
		if err != nil {
			return err
		}
		for _, r := range string(data) {
			if r < 0x80 || unicode.IsControl(r) || r == '\uFEFF' {
				continue
			}
			if fonts.For(fonts.Regular, r) == fonts.Regular && !fonts.Has(fonts.Regular, r) {
				if len(missing[r]) < 3 {
					missing[r] = append(missing[r], path.Base(p))
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	var list []string
	for r, files := range missing {
		list = append(list, string(r)+" "+files[0])
	}
	sort.Strings(list)
	require.Empty(t, list, "characters with no glyph in the desktop's fonts")
}
