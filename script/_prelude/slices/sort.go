package slices

import "cmp"

// Sort sorts s in increasing order (NaNs first).
func Sort[S ~[]E, E cmp.Ordered](x S) {
	sortOrdered(x)
}

// SortFunc sorts s by cmp, which returns a negative number when a < b, a
// positive one when a > b and zero when they are equal.
func SortFunc[S ~[]E, E any](x S, cmp func(a, b E) int) {
	stableSort(x, func(a, b E) bool { return cmp(a, b) < 0 })
}

// SortStableFunc is SortFunc keeping equal elements in their order.
func SortStableFunc[S ~[]E, E any](x S, cmp func(a, b E) int) {
	stableSort(x, func(a, b E) bool { return cmp(a, b) < 0 })
}

// IsSorted reports whether x is sorted in increasing order.
func IsSorted[S ~[]E, E cmp.Ordered](x S) bool {
	for i := len(x) - 1; i > 0; i-- {
		if cmp.Less(x[i], x[i-1]) {
			return false
		}
	}
	return true
}

// IsSortedFunc reports whether x is sorted by cmp.
func IsSortedFunc[S ~[]E, E any](x S, cmp func(a, b E) int) bool {
	for i := len(x) - 1; i > 0; i-- {
		if cmp(x[i], x[i-1]) < 0 {
			return false
		}
	}
	return true
}

// Min is the smallest element of x (a NaN if there is one). It panics if
// x is empty.
func Min[S ~[]E, E cmp.Ordered](x S) E {
	if len(x) < 1 {
		panic("slices.Min: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		m = min(m, x[i])
	}
	return m
}

// MinFunc is the first minimal element of x by cmp. It panics if x is
// empty.
func MinFunc[S ~[]E, E any](x S, cmp func(a, b E) int) E {
	if len(x) < 1 {
		panic("slices.MinFunc: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		if cmp(x[i], m) < 0 {
			m = x[i]
		}
	}
	return m
}

// Max is the largest element of x (a NaN if there is one). It panics if
// x is empty.
func Max[S ~[]E, E cmp.Ordered](x S) E {
	if len(x) < 1 {
		panic("slices.Max: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		m = max(m, x[i])
	}
	return m
}

// MaxFunc is the first maximal element of x by cmp. It panics if x is
// empty.
func MaxFunc[S ~[]E, E any](x S, cmp func(a, b E) int) E {
	if len(x) < 1 {
		panic("slices.MaxFunc: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		if cmp(x[i], m) > 0 {
			m = x[i]
		}
	}
	return m
}

// BinarySearch finds where target is, or would be, in the sorted x, and
// whether it is there.
func BinarySearch[S ~[]E, E cmp.Ordered](x S, target E) (int, bool) {
	lo, hi := 0, len(x)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if cmp.Less(x[mid], target) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	found := lo < len(x) && (x[lo] == target || x[lo] != x[lo] && target != target)
	return lo, found
}

// BinarySearchFunc is BinarySearch with cmp comparing an element with the
// target.
func BinarySearchFunc[S ~[]E, E, T any](x S, target T, cmp func(E, T) int) (int, bool) {
	lo, hi := 0, len(x)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if cmp(x[mid], target) < 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(x) && cmp(x[lo], target) == 0
}

// stableSort sorts s by less, keeping equal elements in order: insertion
// sort of short runs, then merges of runs of doubling width through a
// buffer.
func stableSort[E any](s []E, less func(a, b E) bool) {
	const run = 12
	n := len(s)
	for lo := 0; lo < n; lo += run {
		insertionSort(s[lo:min(lo+run, n)], less)
	}
	if n <= run {
		return
	}
	from, to := s, make([]E, n)
	inBuf := false
	for width := run; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid, hi := min(lo+width, n), min(lo+2*width, n)
			mergeRuns(to[lo:hi], from[lo:mid], from[mid:hi], less)
		}
		from, to = to, from
		inBuf = !inBuf
	}
	if inBuf {
		copy(s, from)
	}
}

// sortOrdered is stableSort by cmp.Less, with the comparison written out
// where stableSort calls less: the same algorithm, the same comparisons
// and the same result, without a call of a function value for each, as
// the real library's sort of ordered types compares inline.
func sortOrdered[E cmp.Ordered](s []E) {
	const run = 12
	n := len(s)
	for lo := 0; lo < n; lo += run {
		r := s[lo:min(lo+run, n)]
		for i := 1; i < len(r); i++ {
			for j := i; j > 0; j-- {
				// cmp.Less(r[j], r[j-1]): NaNs first.
				x, y := r[j], r[j-1]
				if !(x < y || x != x && y == y) {
					break
				}
				r[j], r[j-1] = y, x
			}
		}
	}
	if n <= run {
		return
	}
	from, to := s, make([]E, n)
	inBuf := false
	for width := run; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid, hi := min(lo+width, n), min(lo+2*width, n)
			mergeOrdered(to[lo:hi], from[lo:mid], from[mid:hi])
		}
		from, to = to, from
		inBuf = !inBuf
	}
	if inBuf {
		copy(s, from)
	}
}

// mergeOrdered is mergeRuns by cmp.Less, written out.
func mergeOrdered[E cmp.Ordered](out, a, b []E) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		// cmp.Less(b[j], a[i]): NaNs first.
		if x, y := b[j], a[i]; x < y || x != x && y == y {
			out[k] = x
			j++
		} else {
			out[k] = y
			i++
		}
		k++
	}
	k += copy(out[k:], a[i:])
	copy(out[k:], b[j:])
}

func insertionSort[E any](s []E, less func(a, b E) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// mergeRuns merges the sorted a and b into out, taking from a on ties.
func mergeRuns[E any](out, a, b []E, less func(a, b E) bool) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if less(b[j], a[i]) {
			out[k] = b[j]
			j++
		} else {
			out[k] = a[i]
			i++
		}
		k++
	}
	k += copy(out[k:], a[i:])
	copy(out[k:], b[j:])
}
