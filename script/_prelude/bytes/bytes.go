// Package bytes is the scenes' bytes package. The functions of byte
// slices and strings alone are the VM's (the host's bytes package does
// the work, and a result that is part of an argument is that part of it,
// as in Go); those that call a function of the scene, the iterators and
// the Buffer and Reader types are Go.
package bytes

import (
	"iter"
	"unicode/utf8"
)

func Compare(a, b []byte) int
func Contains(b, subslice []byte) bool
func ContainsAny(b []byte, chars string) bool
func ContainsRune(b []byte, r rune) bool
func Count(s, sep []byte) int
func Cut(s, sep []byte) (before, after []byte, found bool)
func CutPrefix(s, prefix []byte) (after []byte, found bool)
func CutSuffix(s, suffix []byte) (before []byte, found bool)
func Equal(a, b []byte) bool
func EqualFold(s, t []byte) bool
func Fields(s []byte) [][]byte
func HasPrefix(s, prefix []byte) bool
func HasSuffix(s, suffix []byte) bool
func Index(s, sep []byte) int
func IndexAny(s []byte, chars string) int
func IndexByte(b []byte, c byte) int
func IndexRune(s []byte, r rune) int
func Join(s [][]byte, sep []byte) []byte
func LastIndex(s, sep []byte) int
func LastIndexAny(s []byte, chars string) int
func LastIndexByte(s []byte, c byte) int
func Repeat(b []byte, count int) []byte
func Replace(s, old, new []byte, n int) []byte
func ReplaceAll(s, old, new []byte) []byte
func Runes(s []byte) []rune
func Split(s, sep []byte) [][]byte
func SplitAfter(s, sep []byte) [][]byte
func SplitAfterN(s, sep []byte, n int) [][]byte
func SplitN(s, sep []byte, n int) [][]byte
func Title(s []byte) []byte
func ToLower(s []byte) []byte
func ToTitle(s []byte) []byte
func ToUpper(s []byte) []byte
func ToValidUTF8(s, replacement []byte) []byte
func Trim(s []byte, cutset string) []byte
func TrimLeft(s []byte, cutset string) []byte
func TrimPrefix(s, prefix []byte) []byte
func TrimRight(s []byte, cutset string) []byte
func TrimSpace(s []byte) []byte
func TrimSuffix(s, suffix []byte) []byte

// isSpace is unicode.IsSpace.
func isSpace(r rune) bool

// Clone returns a copy of b (nil for nil).
func Clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// decode is the rune at the start of s and its length.
func decode(s []byte) (rune, int) {
	if s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	return utf8.DecodeRune(s)
}

// ContainsFunc reports whether some rune of b satisfies f.
func ContainsFunc(b []byte, f func(rune) bool) bool {
	return IndexFunc(b, f) >= 0
}

// IndexFunc is the byte index of the first rune satisfying f, or -1.
func IndexFunc(s []byte, f func(r rune) bool) int {
	for i := 0; i < len(s); {
		r, size := decode(s[i:])
		if f(r) {
			return i
		}
		i += size
	}
	return -1
}

// LastIndexFunc is the byte index of the last rune satisfying f, or -1.
func LastIndexFunc(s []byte, f func(r rune) bool) int {
	for i := len(s); i > 0; {
		r, size := utf8.DecodeLastRune(s[:i])
		i -= size
		if f(r) {
			return i
		}
	}
	return -1
}

// FieldsFunc splits s around each run of runes satisfying f; the fields
// are parts of s with their capacity clipped.
func FieldsFunc(s []byte, f func(rune) bool) [][]byte {
	var spans [][2]int
	start := -1
	for i := 0; i < len(s); {
		r, size := decode(s[i:])
		if f(r) {
			if start >= 0 {
				spans = append(spans, [2]int{start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 {
		spans = append(spans, [2]int{start, len(s)})
	}
	out := make([][]byte, len(spans))
	for i, sp := range spans {
		out[i] = s[sp[0]:sp[1]:sp[1]]
	}
	return out
}

// Map returns a copy of s with each rune replaced by mapping's result; a
// negative result drops the rune.
func Map(mapping func(r rune) rune, s []byte) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, size := decode(s[i:])
		if m := mapping(r); m >= 0 {
			out = utf8.AppendRune(out, m)
		}
		i += size
	}
	return out
}

// TrimFunc removes the runes satisfying f from both ends of s.
func TrimFunc(s []byte, f func(r rune) bool) []byte {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

// TrimLeftFunc removes the leading runes satisfying f (nil if all do).
func TrimLeftFunc(s []byte, f func(r rune) bool) []byte {
	for i := 0; i < len(s); {
		r, size := decode(s[i:])
		if !f(r) {
			return s[i:]
		}
		i += size
	}
	return nil
}

// TrimRightFunc removes the trailing runes satisfying f.
func TrimRightFunc(s []byte, f func(r rune) bool) []byte {
	i := len(s)
	for i > 0 {
		r, size := utf8.DecodeLastRune(s[:i])
		if !f(r) {
			break
		}
		i -= size
	}
	return s[:i]
}

// Lines iterates over the newline-terminated lines of s (parts of s, with
// their capacity clipped), each with its newline.
func Lines(s []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for len(s) > 0 {
			line := s
			if i := IndexByte(s, '\n'); i >= 0 {
				line = s[:i+1]
			}
			s = s[len(line):]
			if !yield(line[:len(line):len(line)]) {
				return
			}
		}
	}
}

// SplitSeq iterates over the slices Split(s, sep) would return.
func SplitSeq(s, sep []byte) iter.Seq[[]byte] { return splitSeq(s, sep, 0) }

// SplitAfterSeq iterates over the slices SplitAfter(s, sep) would return.
func SplitAfterSeq(s, sep []byte) iter.Seq[[]byte] { return splitSeq(s, sep, len(sep)) }

func splitSeq(s, sep []byte, keep int) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		if len(sep) == 0 {
			for len(s) > 0 {
				_, size := utf8.DecodeRune(s)
				if !yield(s[:size:size]) {
					return
				}
				s = s[size:]
			}
			return
		}
		for {
			i := Index(s, sep)
			if i < 0 {
				break
			}
			piece := s[:i+keep]
			if !yield(piece[:len(piece):len(piece)]) {
				return
			}
			s = s[i+len(sep):]
		}
		yield(s[:len(s):len(s)])
	}
}

// FieldsSeq iterates over the slices Fields(s) would return.
func FieldsSeq(s []byte) iter.Seq[[]byte] { return FieldsFuncSeq(s, isSpace) }

// FieldsFuncSeq iterates over the slices FieldsFunc(s, f) would return.
func FieldsFuncSeq(s []byte, f func(rune) bool) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		start := -1
		for i := 0; i < len(s); {
			r, size := decode(s[i:])
			if f(r) {
				if start >= 0 {
					if !yield(s[start:i:i]) {
						return
					}
					start = -1
				}
			} else if start < 0 {
				start = i
			}
			i += size
		}
		if start >= 0 {
			yield(s[start:len(s):len(s)])
		}
	}
}
