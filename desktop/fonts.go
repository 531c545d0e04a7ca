package desktop

import (
	"bytes"
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/internal/fonts"
)

// numFonts is how many page fonts there are.
const numFonts = int(page.MonoBold) + 1

// Fonts are the faces the app draws and measures text with: each page
// font (internal/fonts' Go fonts) with the Chinese subset behind it, as a
// text/v2 MultiFace, so that a rune the Go font lacks is drawn from the
// subset — the same choice desktop/page's measurer makes.
type Fonts struct {
	src   [numFonts]*text.GoTextFaceSource
	cjk   *text.GoTextFaceSource
	faces map[faceKey]*face
}

type faceKey struct {
	font page.Font
	size float32 // pixels, in quarters
}

// face is a font at one size, with its ascent.
type face struct {
	f      text.Face
	ascent float64
}

// NewFonts reads the embedded font files.
func NewFonts() (*Fonts, error) {
	fs := &Fonts{faces: map[faceKey]*face{}}
	for f := range numFonts {
		s, err := text.NewGoTextFaceSource(bytes.NewReader(fonts.TTF(fonts.Face(f))))
		if err != nil {
			return nil, fmt.Errorf("font %v: %w", fonts.Face(f), err)
		}
		fs.src[f] = s
	}
	s, err := text.NewGoTextFaceSource(bytes.NewReader(fonts.TTF(fonts.CJK)))
	if err != nil {
		return nil, fmt.Errorf("font %v: %w", fonts.CJK, err)
	}
	fs.cjk = s
	return fs, nil
}

// Face is font f at size pixels (rounded to a quarter pixel, so that the
// glyph caches stay small).
func (fs *Fonts) Face(f page.Font, size float32) (text.Face, float64) {
	fc := fs.face(f, size)
	return fc.f, fc.ascent
}

func (fs *Fonts) face(f page.Font, size float32) *face {
	if int(f) >= numFonts {
		f = page.Regular
	}
	size = float32(math.Round(float64(size)*4) / 4)
	k := faceKey{f, size}
	if fc, ok := fs.faces[k]; ok {
		return fc
	}
	if len(fs.faces) > 512 {
		// Sizes come from the font scale and the device scale: a few
		// dozen at most. Past that, start again rather than grow.
		clear(fs.faces)
	}
	main := &text.GoTextFace{Source: fs.src[f], Size: float64(size)}
	cjk := &text.GoTextFace{Source: fs.cjk, Size: float64(size)}
	var tf text.Face = main
	if mf, err := text.NewMultiFace(main, cjk); err == nil {
		tf = mf
	}
	fc := &face{f: tf, ascent: tf.Metrics().HAscent}
	fs.faces[k] = fc
	return fc
}

// Advance is the width of s set in f at size logical pixels, measured
// with the faces the app draws with: the app's page.Measurer.
func (fs *Fonts) Advance(s string, f page.Font, size float32) float32 {
	if s == "" {
		return 0
	}
	return float32(text.Advance(s, fs.face(f, size).f))
}
