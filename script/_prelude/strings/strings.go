// Package strings is the scenes' strings package. The functions of
// strings and runes alone are the VM's (the host's strings package does
// the work); those that call a function of the scene, the iterators and
// the Builder, Reader and Replacer types are Go.
package strings

import (
	"io"
	"iter"
	"unicode/utf8"
)

func Compare(a, b string) int
func Contains(s, substr string) bool
func ContainsAny(s, chars string) bool
func ContainsRune(s string, r rune) bool
func Count(s, substr string) int
func Cut(s, sep string) (before, after string, found bool)
func CutPrefix(s, prefix string) (after string, found bool)
func CutSuffix(s, suffix string) (before string, found bool)
func EqualFold(s, t string) bool
func Fields(s string) []string
func HasPrefix(s, prefix string) bool
func HasSuffix(s, suffix string) bool
func Index(s, substr string) int
func IndexAny(s, chars string) int
func IndexByte(s string, c byte) int
func IndexRune(s string, r rune) int
func Join(elems []string, sep string) string
func LastIndex(s, substr string) int
func LastIndexAny(s, chars string) int
func LastIndexByte(s string, c byte) int
func Repeat(s string, count int) string
func Replace(s, old, new string, n int) string
func ReplaceAll(s, old, new string) string
func Split(s, sep string) []string
func SplitAfter(s, sep string) []string
func SplitAfterN(s, sep string, n int) []string
func SplitN(s, sep string, n int) []string
func Title(s string) string
func ToLower(s string) string
func ToTitle(s string) string
func ToUpper(s string) string
func ToValidUTF8(s, replacement string) string
func Trim(s, cutset string) string
func TrimLeft(s, cutset string) string
func TrimPrefix(s, prefix string) string
func TrimRight(s, cutset string) string
func TrimSpace(s string) string
func TrimSuffix(s, suffix string) string

// isSpace is unicode.IsSpace.
func isSpace(r rune) bool

// Clone returns a fresh copy of s.
func Clone(s string) string {
	if len(s) == 0 {
		return ""
	}
	return string([]byte(s))
}

// ContainsFunc reports whether some rune of s satisfies f.
func ContainsFunc(s string, f func(rune) bool) bool {
	return IndexFunc(s, f) >= 0
}

// IndexFunc is the byte index of the first rune of s satisfying f, or -1.
func IndexFunc(s string, f func(rune) bool) int {
	for i, r := range s {
		if f(r) {
			return i
		}
	}
	return -1
}

// LastIndexFunc is the byte index of the last rune of s satisfying f, or
// -1.
func LastIndexFunc(s string, f func(rune) bool) int {
	for i := len(s); i > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
		if f(r) {
			return i
		}
	}
	return -1
}

// FieldsFunc splits s around each run of runes satisfying f.
func FieldsFunc(s string, f func(rune) bool) []string {
	var out []string
	start := -1 // of the current field, or -1 between fields
	for i, r := range s {
		if f(r) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// Map returns s with each rune replaced by mapping's result; a negative
// result drops the rune.
func Map(mapping func(rune) rune, s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if m := mapping(r); m >= 0 {
			b = utf8.AppendRune(b, m)
		}
	}
	return string(b)
}

// TrimFunc removes the runes satisfying f from both ends of s.
func TrimFunc(s string, f func(rune) bool) string {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

// TrimLeftFunc removes the leading runes satisfying f.
func TrimLeftFunc(s string, f func(rune) bool) string {
	for i, r := range s {
		if !f(r) {
			return s[i:]
		}
	}
	return ""
}

// TrimRightFunc removes the trailing runes satisfying f.
func TrimRightFunc(s string, f func(rune) bool) string {
	i := len(s)
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if !f(r) {
			break
		}
		i -= size
	}
	return s[:i]
}

// Lines iterates over the newline-terminated lines of s, each with its
// newline; a last line without one is yielded too.
func Lines(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for len(s) > 0 {
			line := s
			if i := IndexByte(s, '\n'); i >= 0 {
				line = s[:i+1]
			}
			s = s[len(line):]
			if !yield(line) {
				return
			}
		}
	}
}

// SplitSeq iterates over the substrings Split(s, sep) would return.
func SplitSeq(s, sep string) iter.Seq[string] { return splitSeq(s, sep, 0) }

// SplitAfterSeq iterates over the substrings SplitAfter(s, sep) would
// return.
func SplitAfterSeq(s, sep string) iter.Seq[string] { return splitSeq(s, sep, len(sep)) }

// splitSeq yields the pieces of s between the separators, each keeping
// the first keep bytes of the separator after it.
func splitSeq(s, sep string, keep int) iter.Seq[string] {
	return func(yield func(string) bool) {
		if sep == "" {
			for len(s) > 0 {
				_, size := utf8.DecodeRuneInString(s)
				if !yield(s[:size]) {
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
			if !yield(s[:i+keep]) {
				return
			}
			s = s[i+len(sep):]
		}
		yield(s)
	}
}

// FieldsSeq iterates over the substrings Fields(s) would return.
func FieldsSeq(s string) iter.Seq[string] { return FieldsFuncSeq(s, isSpace) }

// FieldsFuncSeq iterates over the substrings FieldsFunc(s, f) would
// return.
func FieldsFuncSeq(s string, f func(rune) bool) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i, r := range s {
			if f(r) {
				if start >= 0 {
					if !yield(s[start:i]) {
						return
					}
					start = -1
				}
			} else if start < 0 {
				start = i
			}
		}
		if start >= 0 {
			yield(s[start:])
		}
	}
}

// A Replacer replaces strings by others, all in one pass (NewReplacer).
type Replacer struct {
	oldnew []string
}

// NewReplacer returns a Replacer of the old, new pairs in oldnew, the
// earlier pairs first where two old strings match at one place. It panics
// given an odd number of strings.
func NewReplacer(oldnew ...string) *Replacer {
	if len(oldnew)%2 == 1 {
		panic("strings.NewReplacer: odd argument count")
	}
	return &Replacer{append([]string(nil), oldnew...)}
}

// replace is the host's strings.NewReplacer(oldnew...).Replace(s).
func replace(oldnew []string, s string) string

// Replace returns s with the replacements made.
func (r *Replacer) Replace(s string) string { return replace(r.oldnew, s) }

// WriteString writes s with the replacements made to w.
func (r *Replacer) WriteString(w io.Writer, s string) (n int, err error) {
	return io.WriteString(w, r.Replace(s))
}
