package fonts

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Face names a font file. The first six are in the order of desktop/page's
// Font, so page.Font(f) and Face(f) name the same file.
type Face uint8

const (
	Regular Face = iota
	Bold
	Italic
	BoldItalic
	Mono
	MonoBold
	CJK // the Chinese fallback of every other face
	numFaces
)

var faceNames = [...]string{"Regular", "Bold", "Italic", "BoldItalic", "Mono", "MonoBold", "CJK"}

func (f Face) String() string {
	if f < numFaces {
		return faceNames[f]
	}
	return fmt.Sprintf("Face(%d)", uint8(f))
}

// Faces lists every face, CJK last.
func Faces() []Face { return []Face{Regular, Bold, Italic, BoldItalic, Mono, MonoBold, CJK} }

// TTF is the font file of a face (nil for an unknown face). The bytes are
// shared: do not modify them.
func TTF(f Face) []byte {
	switch f {
	case Regular:
		return goregular.TTF
	case Bold:
		return gobold.TTF
	case Italic:
		return goitalic.TTF
	case BoldItalic:
		return gobolditalic.TTF
	case Mono:
		return gomono.TTF
	case MonoBold:
		return gomonobold.TTF
	case CJK:
		return CJKSubset
	}
	return nil
}

// parsed holds each face's sfnt.Font, read once. sfnt.Font is safe for
// concurrent use as long as each caller brings its own Buffer.
var parsed struct {
	once  [numFaces]sync.Once
	fonts [numFaces]*sfnt.Font
	errs  [numFaces]error
}

// Parsed is the face's font file, parsed once. An error means the file is
// damaged, which the package's tests rule out for the files it embeds.
func Parsed(f Face) (*sfnt.Font, error) {
	if f >= numFaces {
		return nil, fmt.Errorf("fonts: unknown face %d", uint8(f))
	}
	parsed.once[f].Do(func() {
		parsed.fonts[f], parsed.errs[f] = sfnt.Parse(TTF(f))
	})
	return parsed.fonts[f], parsed.errs[f]
}

var buffers = sync.Pool{New: func() any { return new(sfnt.Buffer) }}

// Glyph is the face's glyph index for r; 0 (the .notdef box) when the face
// has no glyph for it.
func Glyph(f Face, r rune) sfnt.GlyphIndex {
	fnt, err := Parsed(f)
	if err != nil {
		return 0
	}
	b := buffers.Get().(*sfnt.Buffer)
	defer buffers.Put(b)
	i, err := fnt.GlyphIndex(b, r)
	if err != nil {
		return 0
	}
	return i
}

// Has reports whether the face has a glyph for r.
func Has(f Face, r rune) bool { return Glyph(f, r) != 0 }

// For is the face that draws r when text is set in f: f itself when it
// has the glyph, else the Chinese fallback when that has it, else f (which
// draws its .notdef box). The desktop app gets the same choice from a
// text/v2 MultiFace of f and CJK.
func For(f Face, r rune) Face {
	if f == CJK || Has(f, r) || !Has(CJK, r) {
		return f
	}
	return CJK
}

// Advance is r's advance width in f as a fraction of the font size (em),
// unhinted, as text/v2 lays glyphs out. A rune the face lacks gets the
// .notdef advance.
func Advance(f Face, r rune) float32 {
	fnt, err := Parsed(f)
	if err != nil {
		return 0
	}
	b := buffers.Get().(*sfnt.Buffer)
	defer buffers.Put(b)
	i, err := fnt.GlyphIndex(b, r)
	if err != nil {
		i = 0
	}
	upem := fnt.UnitsPerEm()
	adv, err := fnt.GlyphAdvance(b, i, fixed.Int26_6(upem)<<6, font.HintingNone)
	if err != nil {
		return 0
	}
	return float32(adv) / 64 / float32(upem)
}

// metrics are a face's ascent and descent in em.
type metrics struct{ ascent, descent float32 }

var vmetrics [numFaces]struct {
	once sync.Once
	m    metrics
}

func vertical(f Face) metrics {
	if f >= numFaces {
		return metrics{}
	}
	v := &vmetrics[f]
	v.once.Do(func() {
		fnt, err := Parsed(f)
		if err != nil {
			return
		}
		b := new(sfnt.Buffer)
		upem := fnt.UnitsPerEm()
		m, err := fnt.Metrics(b, fixed.Int26_6(upem)<<6, font.HintingNone)
		if err != nil {
			return
		}
		v.m = metrics{float32(m.Ascent) / 64 / float32(upem), float32(m.Descent) / 64 / float32(upem)}
	})
	return v.m
}

// Ascent is how far the face reaches above the baseline, in em (the
// hhea ascent text/v2 uses to place a line's baseline).
func Ascent(f Face) float32 { return vertical(f).ascent }

// Descent is how far the face reaches below the baseline, in em.
func Descent(f Face) float32 { return vertical(f).descent }
