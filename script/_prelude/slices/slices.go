// Package slices is the scenes' slices package, written in Go: generic
// code that the compiler instantiates for the scene's types and that runs
// (and costs CPU time) like the scene's own.
//
// The sorts are stable merge sorts: where the real Sort and SortFunc
// (pattern-defeating quicksort) may leave equal elements in another
// order, a scene's output can differ from the real program's.
package slices

import (
	"cmp"
	"iter"
)

// Equal reports whether two slices have the same length and equal
// elements (so NaNs make them unequal).
func Equal[S ~[]E, E comparable](s1, s2 S) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := range s1 {
		if s1[i] != s2[i] {
			return false
		}
	}
	return true
}

// EqualFunc is Equal with eq deciding which elements are equal.
func EqualFunc[S1 ~[]E1, S2 ~[]E2, E1, E2 any](s1 S1, s2 S2, eq func(E1, E2) bool) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i, v1 := range s1 {
		if !eq(v1, s2[i]) {
			return false
		}
	}
	return true
}

// Compare compares the elements in order with cmp.Compare; a shorter
// slice that is a prefix of the other is less.
func Compare[S ~[]E, E cmp.Ordered](s1, s2 S) int {
	for i, v1 := range s1 {
		if i >= len(s2) {
			return +1
		}
		if c := cmp.Compare(v1, s2[i]); c != 0 {
			return c
		}
	}
	if len(s1) < len(s2) {
		return -1
	}
	return 0
}

// CompareFunc is Compare with a comparison function.
func CompareFunc[S1 ~[]E1, S2 ~[]E2, E1, E2 any](s1 S1, s2 S2, cmp func(E1, E2) int) int {
	for i, v1 := range s1 {
		if i >= len(s2) {
			return +1
		}
		if c := cmp(v1, s2[i]); c != 0 {
			return c
		}
	}
	if len(s1) < len(s2) {
		return -1
	}
	return 0
}

// Index is the index of the first occurrence of v in s, or -1.
func Index[S ~[]E, E comparable](s S, v E) int {
	for i := range s {
		if s[i] == v {
			return i
		}
	}
	return -1
}

// IndexFunc is the index of the first element satisfying f, or -1.
func IndexFunc[S ~[]E, E any](s S, f func(E) bool) int {
	for i := range s {
		if f(s[i]) {
			return i
		}
	}
	return -1
}

// Contains reports whether v is in s.
func Contains[S ~[]E, E comparable](s S, v E) bool {
	return Index(s, v) >= 0
}

// ContainsFunc reports whether some element satisfies f.
func ContainsFunc[S ~[]E, E any](s S, f func(E) bool) bool {
	return IndexFunc(s, f) >= 0
}

// Insert inserts vs at index i of s and returns the result; elements from
// i on move up. It panics if i is out of range.
func Insert[S ~[]E, E any](s S, i int, v ...E) S {
	_ = s[i:] // the bounds check
	m := len(v)
	if m == 0 {
		return s
	}
	n := len(s)
	if i == n {
		return append(s, v...)
	}
	if n+m > cap(s) {
		// New storage, grown the way append grows it.
		out := append(s[:i], make(S, n+m-i)...)
		copy(out[i:], v)
		copy(out[i+m:], s[i:])
		return out
	}
	// In place. v may share storage with s: take it aside first.
	vals := append(S(nil), v...)
	out := s[:n+m]
	copy(out[i+m:], s[i:n])
	copy(out[i:], vals)
	return out
}

// Delete removes s[i:j] and returns the result, zeroing the elements
// freed at the end. It panics if s[i:j] is not a valid slice of s.
func Delete[S ~[]E, E any](s S, i, j int) S {
	_ = s[i:j:len(s)] // the bounds check
	if i == j {
		return s
	}
	n := len(s)
	s = append(s[:i], s[j:]...)
	clear(s[len(s):n])
	return s
}

// DeleteFunc removes the elements for which del is true, zeroing the
// freed elements at the end.
func DeleteFunc[S ~[]E, E any](s S, del func(E) bool) S {
	k := 0
	for i := range s {
		if del(s[i]) {
			continue
		}
		if k != i {
			s[k] = s[i]
		}
		k++
	}
	clear(s[k:])
	return s[:k]
}

// Replace replaces s[i:j] by v and returns the result. It panics if
// s[i:j] is not a valid slice of s.
func Replace[S ~[]E, E any](s S, i, j int, v ...E) S {
	_ = s[i:j] // the bounds check
	if i == j {
		return Insert(s, i, v...)
	}
	n := len(s)
	if j == n {
		out := append(s[:i], v...)
		if len(out) < n {
			clear(s[len(out):n])
		}
		return out
	}
	total := i + len(v) + (n - j)
	if total > cap(s) {
		out := append(s[:i], make(S, total-i)...)
		copy(out[i:], v)
		copy(out[i+len(v):], s[j:])
		return out
	}
	vals := append(S(nil), v...)
	out := s[:total]
	copy(out[i+len(v):], s[j:n])
	copy(out[i:], vals)
	if total < n {
		clear(s[total:n])
	}
	return out
}

// Clone returns a copy of s (nil for nil).
func Clone[S ~[]E, E any](s S) S {
	if s == nil {
		return nil
	}
	return append(S([]E{}), s...)
}

// Compact replaces runs of equal elements by one copy, zeroing the freed
// elements at the end.
func Compact[S ~[]E, E comparable](s S) S {
	if len(s) < 2 {
		return s
	}
	k := 1
	for i := 1; i < len(s); i++ {
		if s[i] != s[k-1] {
			if k != i {
				s[k] = s[i]
			}
			k++
		}
	}
	clear(s[k:])
	return s[:k]
}

// CompactFunc is Compact with eq deciding equality; it keeps the first
// element of each run.
func CompactFunc[S ~[]E, E any](s S, eq func(E, E) bool) S {
	if len(s) < 2 {
		return s
	}
	k := 1
	for i := 1; i < len(s); i++ {
		if !eq(s[k-1], s[i]) {
			if k != i {
				s[k] = s[i]
			}
			k++
		}
	}
	clear(s[k:])
	return s[:k]
}

// Grow makes room for n more elements without another allocation. It
// panics if n is negative.
func Grow[S ~[]E, E any](s S, n int) S {
	if n < 0 {
		panic("cannot be negative")
	}
	if extra := n - (cap(s) - len(s)); extra > 0 {
		s = append(s[:cap(s)], make(S, extra)...)[:len(s)]
	}
	return s
}

// Clip drops the unused capacity of s.
func Clip[S ~[]E, E any](s S) S {
	return s[:len(s):len(s)]
}

// Reverse reverses s in place.
func Reverse[S ~[]E, E any](s S) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// Concat returns a new slice of the given slices one after another.
func Concat[S ~[]E, E any](slices ...S) S {
	size := 0
	for _, s := range slices {
		size += len(s)
		if size < 0 {
			panic("len out of range")
		}
	}
	out := Grow[S](nil, size)
	for _, s := range slices {
		out = append(out, s...)
	}
	return out
}

// Repeat returns x repeated count times. It panics if count is negative
// or the result too long.
func Repeat[S ~[]E, E any](x S, count int) S {
	if count < 0 {
		panic("cannot be negative")
	}
	if len(x) > 0 && count > maxInt/len(x) {
		panic("the result of (len(x) * count) overflows")
	}
	out := make(S, len(x)*count)
	n := copy(out, x)
	for n < len(out) {
		n += copy(out[n:], out[:n])
	}
	return out
}

const maxInt = int(^uint(0) >> 1)

// All iterates over the index-value pairs of s in order.
func All[Slice ~[]E, E any](s Slice) iter.Seq2[int, E] {
	return func(yield func(int, E) bool) {
		for i, v := range s {
			if !yield(i, v) {
				return
			}
		}
	}
}

// Backward iterates over the index-value pairs of s from the end.
func Backward[Slice ~[]E, E any](s Slice) iter.Seq2[int, E] {
	return func(yield func(int, E) bool) {
		for i := len(s) - 1; i >= 0; i-- {
			if !yield(i, s[i]) {
				return
			}
		}
	}
}

// Values iterates over the elements of s in order.
func Values[Slice ~[]E, E any](s Slice) iter.Seq[E] {
	return func(yield func(E) bool) {
		for _, v := range s {
			if !yield(v) {
				return
			}
		}
	}
}

// AppendSeq appends the values of seq to s.
func AppendSeq[Slice ~[]E, E any](s Slice, seq iter.Seq[E]) Slice {
	for v := range seq {
		s = append(s, v)
	}
	return s
}

// Collect gathers the values of seq in a new slice.
func Collect[E any](seq iter.Seq[E]) []E {
	return AppendSeq([]E(nil), seq)
}

// Sorted gathers the values of seq in a new slice and sorts it.
func Sorted[E cmp.Ordered](seq iter.Seq[E]) []E {
	s := Collect(seq)
	Sort(s)
	return s
}

// SortedFunc is Sorted with a comparison function.
func SortedFunc[E any](seq iter.Seq[E], cmp func(E, E) int) []E {
	s := Collect(seq)
	SortFunc(s, cmp)
	return s
}

// SortedStableFunc is SortedFunc keeping equal elements in order.
func SortedStableFunc[E any](seq iter.Seq[E], cmp func(E, E) int) []E {
	s := Collect(seq)
	SortStableFunc(s, cmp)
	return s
}

// Chunk iterates over consecutive sub-slices of up to n elements of s
// (each with its capacity clipped). It panics if n is less than 1.
func Chunk[Slice ~[]E, E any](s Slice, n int) iter.Seq[Slice] {
	if n < 1 {
		panic("cannot be less than 1")
	}
	return func(yield func(Slice) bool) {
		for i := 0; i < len(s); i += n {
			end := min(i+n, len(s))
			if !yield(s[i:end:end]) {
				return
			}
		}
	}
}
