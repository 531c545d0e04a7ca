// Package utf8 is the scenes' unicode/utf8: the VM's functions (the
// host's package does the work).
package utf8

const (
	RuneError = '\uFFFD'     // the "error" rune, Unicode's replacement character
	RuneSelf  = 0x80         // runes below are their own one-byte encoding
	MaxRune   = '\U0010FFFF' // the largest code point
	UTFMax    = 4            // the longest encoding of a rune, in bytes
)

func AppendRune(p []byte, r rune) []byte
func DecodeLastRune(p []byte) (r rune, size int)
func DecodeLastRuneInString(s string) (r rune, size int)
func DecodeRune(p []byte) (r rune, size int)
func DecodeRuneInString(s string) (r rune, size int)
func EncodeRune(p []byte, r rune) int
func FullRune(p []byte) bool
func FullRuneInString(s string) bool
func RuneCount(p []byte) int
func RuneCountInString(s string) (n int)
func RuneLen(r rune) int
func RuneStart(b byte) bool
func Valid(p []byte) bool
func ValidRune(r rune) bool
func ValidString(s string) bool
