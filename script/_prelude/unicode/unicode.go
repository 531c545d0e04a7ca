// Package unicode is the scenes' unicode package: the classification and
// case functions are the VM's (the host's unicode package answers); the
// range tables are built from the host's at package initialization, the
// categories all and the most used scripts and properties.
package unicode

const (
	MaxRune         = '\U0010FFFF' // the largest Unicode code point
	ReplacementChar = '\uFFFD'     // stands for invalid code points
	MaxASCII        = '\u007F'     // the largest ASCII value
	MaxLatin1       = '\u00FF'     // the largest Latin-1 value
)

// Version is the Unicode edition of the tables.
const Version = "15.0.0"

// Cases, for To.
const (
	UpperCase = iota
	LowerCase
	TitleCase
	MaxCase
)

// UpperLower in a CaseRange's delta means alternating upper and lower
// case letters.
const UpperLower = MaxRune + 1

// A RangeTable is a set of code points: ranges of 16-bit values, then of
// 32-bit ones, each sorted.
type RangeTable struct {
	R16         []Range16
	R32         []Range32
	LatinOffset int // how many of R16 have Hi <= MaxLatin1
}

// Range16 is the code points Lo, Lo+Stride, … up to Hi.
type Range16 struct {
	Lo     uint16
	Hi     uint16
	Stride uint16
}

// Range32 is Range16 for code points of more than 16 bits.
type Range32 struct {
	Lo     uint32
	Hi     uint32
	Stride uint32
}

// Is reports whether r is in the table.
func Is(rangeTab *RangeTable, r rune) bool

// In reports whether r is in one of the tables.
func In(r rune, ranges ...*RangeTable) bool {
	for _, t := range ranges {
		if Is(t, r) {
			return true
		}
	}
	return false
}

// IsOneOf is In with the tables in a slice.
func IsOneOf(ranges []*RangeTable, r rune) bool { return In(r, ranges...) }

func IsControl(r rune) bool
func IsDigit(r rune) bool
func IsGraphic(r rune) bool
func IsLetter(r rune) bool
func IsLower(r rune) bool
func IsMark(r rune) bool
func IsNumber(r rune) bool
func IsPrint(r rune) bool
func IsPunct(r rune) bool
func IsSpace(r rune) bool
func IsSymbol(r rune) bool
func IsTitle(r rune) bool
func IsUpper(r rune) bool
func SimpleFold(r rune) rune
func To(_case int, r rune) rune
func ToLower(r rune) rune
func ToTitle(r rune) rune
func ToUpper(r rune) rune

// table is the host's table of a category, script or property.
func table(name string) *RangeTable

// The tables of the general categories.
var (
	Cc     = table("Cc")
	Cf     = table("Cf")
	Cn     = table("Cn")
	Co     = table("Co")
	Cs     = table("Cs")
	Digit  = table("Nd")
	Nd     = Digit
	LC     = table("LC")
	Letter = table("L")
	L      = Letter
	Lm     = table("Lm")
	Lo     = table("Lo")
	Lower  = table("Ll")
	Ll     = Lower
	Mark   = table("M")
	M      = Mark
	Mc     = table("Mc")
	Me     = table("Me")
	Mn     = table("Mn")
	Nl     = table("Nl")
	No     = table("No")
	Number = table("N")
	N      = Number
	Other  = table("C")
	C      = Other
	Pc     = table("Pc")
	Pd     = table("Pd")
	Pe     = table("Pe")
	Pf     = table("Pf")
	Pi     = table("Pi")
	Po     = table("Po")
	Ps     = table("Ps")
	Punct  = table("P")
	P      = Punct
	Sc     = table("Sc")
	Sk     = table("Sk")
	Sm     = table("Sm")
	So     = table("So")
	Space  = table("Z")
	Z      = Space
	Symbol = table("S")
	S      = Symbol
	Title  = table("Lt")
	Lt     = Title
	Upper  = table("Lu")
	Lu     = Upper
	Zl     = table("Zl")
	Zp     = table("Zp")
	Zs     = table("Zs")
)

// Scripts.
var (
	Arabic     = table("Arabic")
	Armenian   = table("Armenian")
	Bengali    = table("Bengali")
	Common     = table("Common")
	Cyrillic   = table("Cyrillic")
	Devanagari = table("Devanagari")
	Georgian   = table("Georgian")
	Greek      = table("Greek")
	Han        = table("Han")
	Hangul     = table("Hangul")
	Hebrew     = table("Hebrew")
	Hiragana   = table("Hiragana")
	Inherited  = table("Inherited")
	Katakana   = table("Katakana")
	Latin      = table("Latin")
	Tamil      = table("Tamil")
	Thai       = table("Thai")
)

// Properties.
var (
	ASCII_Hex_Digit         = table("ASCII_Hex_Digit")
	Dash                    = table("Dash")
	Diacritic               = table("Diacritic")
	Hex_Digit               = table("Hex_Digit")
	Hyphen                  = table("Hyphen")
	Ideographic             = table("Ideographic")
	Join_Control            = table("Join_Control")
	Noncharacter_Code_Point = table("Noncharacter_Code_Point")
	Pattern_White_Space     = table("Pattern_White_Space")
	Quotation_Mark          = table("Quotation_Mark")
	Sentence_Terminal       = table("Sentence_Terminal")
	Terminal_Punctuation    = table("Terminal_Punctuation")
	White_Space             = table("White_Space")
)

// GraphicRanges are the graphic characters of Unicode.
var GraphicRanges = []*RangeTable{L, M, N, P, S, Zs}

// PrintRanges are the printable characters of Go (with only U+0020 of
// Zs, which IsPrint handles).
var PrintRanges = []*RangeTable{L, M, N, P, S}
