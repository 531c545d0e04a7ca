package page

import (
	"sync"
	"unicode/utf8"

	"github.com/gmpbook/gmpbook/internal/fonts"
)

// numFonts is how many Fonts there are.
const numFonts = int(MonoBold) + 1

// FontMeasurer measures text with the font files of package internal/fonts,
// the ones the desktop app draws with: the Go fonts, and the Chinese
// subset for the runes they lack (as a text/v2 MultiFace of the two
// picks). Advances are unhinted design units scaled to the size, and the
// Go fonts have no kerning, so a string measures as the sum of its runes.
// It is safe for concurrent use.
type FontMeasurer struct {
	ascii [numFonts][128]float32 // em, read at construction

	mu    sync.RWMutex
	other map[uint32]float32 // Font<<21 | rune → em
}

// NewMeasurer reads the advances of ASCII once; other runes are read on
// first use and cached.
func NewMeasurer() *FontMeasurer {
	m := &FontMeasurer{other: map[uint32]float32{}}
	for f := range numFonts {
		for r := rune(0); r < 128; r++ {
			m.ascii[f][r] = fonts.Advance(fonts.For(fonts.Face(f), r), r)
		}
	}
	return m
}

// Advance is the width of s set in f at size px.
func (m *FontMeasurer) Advance(s string, f Font, size float32) float32 {
	if int(f) >= numFonts {
		f = Regular
	}
	var em float32
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			em += m.ascii[f][c]
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		em += m.rune(f, r)
	}
	return em * size
}

func (m *FontMeasurer) rune(f Font, r rune) float32 {
	key := uint32(f)<<21 | uint32(r)
	m.mu.RLock()
	a, ok := m.other[key]
	m.mu.RUnlock()
	if ok {
		return a
	}
	a = fonts.Advance(fonts.For(fonts.Face(f), r), r)
	m.mu.Lock()
	m.other[key] = a
	m.mu.Unlock()
	return a
}

// vmetrics are each font's ascent and descent in em.
var vmetrics = func() (m [numFonts][2]float32) {
	for f := range numFonts {
		m[f] = [2]float32{fonts.Ascent(fonts.Face(f)), fonts.Descent(fonts.Face(f))}
	}
	return m
}()

// ascent and descent are how far a font reaches above and below the
// baseline, in px at size. (Every Go font has the same vertical metrics.)
func ascent(f Font, size float32) float32 {
	if int(f) >= numFonts {
		f = Regular
	}
	return vmetrics[f][0] * size
}

func descent(f Font, size float32) float32 {
	if int(f) >= numFonts {
		f = Regular
	}
	return vmetrics[f][1] * size
}
