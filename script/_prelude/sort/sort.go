// Package sort is the scenes' sort package, written in Go.
//
// Sort and Slice sort stably (see stable): where the real package's
// pattern-defeating quicksort leaves equal elements of more than 12 in
// another order, a scene's output can differ from the real program's. Up
// to 12 elements (20 for Stable and SliceStable) both make the same Less
// and Swap calls.
package sort

import "slices"

// Interface is what Sort needs of a collection: its length, an order on
// its indices and a way to swap two elements.
type Interface interface {
	// Len is the number of elements.
	Len() int
	// Less reports whether element i must sort before element j.
	Less(i, j int) bool
	// Swap swaps elements i and j.
	Swap(i, j int)
}

// Sort sorts data in increasing order of Less.
func Sort(data Interface) { stable(data, data.Len(), 12) }

// Stable sorts data keeping equal elements in their original order.
func Stable(data Interface) { stable(data, data.Len(), 20) }

// IsSorted reports whether data is sorted.
func IsSorted(data Interface) bool {
	for i := data.Len() - 1; i > 0; i-- {
		if data.Less(i, i-1) {
			return false
		}
	}
	return true
}

type reverse struct {
	// The embedded Interface gives Len and Swap.
	Interface
}

// Less is the embedded Less with its arguments exchanged.
func (r reverse) Less(i, j int) bool { return r.Interface.Less(j, i) }

// Reverse returns data in the reverse order.
func Reverse(data Interface) Interface { return &reverse{data} }

// A sliceSorter sorts the slice in an interface value by a less function
// of indices; the VM swaps the elements.
type sliceSorter struct {
	x    any
	n    int
	less func(i, j int) bool
}

func (s *sliceSorter) Len() int           { return s.n }
func (s *sliceSorter) Less(i, j int) bool { return s.less(i, j) }
func (s *sliceSorter) Swap(i, j int)      { swapElems(s.x, i, j) }

// sliceLen is the length of the slice in x; it panics as reflect's
// Swapper does if x is not a slice.
func sliceLen(x any) int

// swapElems swaps two elements of the slice in x.
func swapElems(x any, i, j int)

// Slice sorts the slice x by less, which compares the elements at two
// indices. It panics if x is not a slice.
func Slice(x any, less func(i, j int) bool) {
	n := sliceLen(x)
	stable(&sliceSorter{x, n, less}, n, 12)
}

// SliceStable is Slice keeping equal elements in their original order.
func SliceStable(x any, less func(i, j int) bool) {
	n := sliceLen(x)
	stable(&sliceSorter{x, n, less}, n, 20)
}

// SliceIsSorted reports whether the slice x is sorted by less.
func SliceIsSorted(x any, less func(i, j int) bool) bool {
	n := sliceLen(x)
	for i := n - 1; i > 0; i-- {
		if less(i, i-1) {
			return false
		}
	}
	return true
}

// stable sorts data[0:n], keeping equal elements in order. Up to block
// elements it is an insertion sort (as the real package's for short
// inputs); beyond, a merge sort finds the sorted order of the indices
// without moving anything, comparing the elements where they are, and the
// elements are then swapped into place, one cycle of the permutation
// after another (at most n-1 swaps).
func stable(data Interface, n, block int) {
	if n <= block {
		insertionSort(data, 0, n)
		return
	}
	order := make([]int, n) // order[k]: the index of the element that goes to k
	for i := range order {
		order[i] = i
	}
	for lo := 0; lo < n; lo += block {
		insertionSortIndices(data, order[lo:min(lo+block, n)])
	}
	from, to := order, make([]int, n)
	for width := block; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid, hi := min(lo+width, n), min(lo+2*width, n)
			mergeIndices(data, to[lo:hi], from[lo:mid], from[mid:hi])
		}
		from, to = to, from
	}
	permute(data, from)
}

func insertionSort(data Interface, lo, hi int) {
	for i := lo + 1; i < hi; i++ {
		for j := i; j > lo && data.Less(j, j-1); j-- {
			data.Swap(j, j-1)
		}
	}
}

func insertionSortIndices(data Interface, idx []int) {
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && data.Less(idx[j], idx[j-1]); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
}

// mergeIndices merges the sorted index runs a and b into out, taking from
// a on ties.
func mergeIndices(data Interface, out, a, b []int) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if data.Less(b[j], a[i]) {
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

// permute moves element order[k] to index k for every k, with Swap.
func permute(data Interface, order []int) {
	n := len(order)
	pos := make([]int, n) // pos[e]: where element e is now
	at := make([]int, n)  // at[i]: which element is at i now
	for i := range pos {
		pos[i], at[i] = i, i
	}
	for k, e := range order {
		if cur := pos[e]; cur != k {
			data.Swap(k, cur)
			other := at[k]
			at[cur], pos[other] = other, cur
			at[k], pos[e] = e, k
		}
	}
}

// Search returns the smallest index i in [0, n) for which f(i) is true,
// assuming f is false then true over the range, or n if there is none.
func Search(n int, f func(int) bool) int {
	lo, hi := 0, n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if !f(mid) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// Find returns the smallest index i in [0, n) at which cmp(i) <= 0,
// assuming cmp is positive, then zero, then negative over the range, and
// whether cmp(i) is zero there.
func Find(n int, cmp func(int) int) (i int, found bool) {
	lo, hi := 0, n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if cmp(mid) > 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < n && cmp(lo) == 0
}

// Ints sorts x in increasing order.
func Ints(x []int) { slices.Sort(x) }

// Float64s sorts x in increasing order, NaNs first.
func Float64s(x []float64) { slices.Sort(x) }

// Strings sorts x in increasing order.
func Strings(x []string) { slices.Sort(x) }

// IntsAreSorted reports whether x is sorted in increasing order.
func IntsAreSorted(x []int) bool { return slices.IsSorted(x) }

// Float64sAreSorted reports whether x is sorted in increasing order.
func Float64sAreSorted(x []float64) bool { return slices.IsSorted(x) }

// StringsAreSorted reports whether x is sorted in increasing order.
func StringsAreSorted(x []string) bool { return slices.IsSorted(x) }

// SearchInts finds where x is, or would be, in the sorted a.
func SearchInts(a []int, x int) int {
	return Search(len(a), func(i int) bool { return a[i] >= x })
}

// SearchFloat64s finds where x is, or would be, in the sorted a.
func SearchFloat64s(a []float64, x float64) int {
	return Search(len(a), func(i int) bool { return a[i] >= x })
}

// SearchStrings finds where x is, or would be, in the sorted a.
func SearchStrings(a []string, x string) int {
	return Search(len(a), func(i int) bool { return a[i] >= x })
}

// IntSlice attaches the methods of Interface to []int.
type IntSlice []int

func (x IntSlice) Len() int           { return len(x) }
func (x IntSlice) Less(i, j int) bool { return x[i] < x[j] }
func (x IntSlice) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

// Search is SearchInts(x, v).
func (x IntSlice) Search(v int) int { return SearchInts(x, v) }

// Sort is Sort(x).
func (x IntSlice) Sort() { Sort(x) }

// Float64Slice attaches the methods of Interface to []float64, with NaNs
// before the other values.
type Float64Slice []float64

func (x Float64Slice) Len() int { return len(x) }
func (x Float64Slice) Less(i, j int) bool {
	return x[i] < x[j] || (x[i] != x[i] && x[j] == x[j])
}
func (x Float64Slice) Swap(i, j int) { x[i], x[j] = x[j], x[i] }

// Search is SearchFloat64s(x, v).
func (x Float64Slice) Search(v float64) int { return SearchFloat64s(x, v) }

// Sort is Sort(x).
func (x Float64Slice) Sort() { Sort(x) }

// StringSlice attaches the methods of Interface to []string.
type StringSlice []string

func (x StringSlice) Len() int           { return len(x) }
func (x StringSlice) Less(i, j int) bool { return x[i] < x[j] }
func (x StringSlice) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

// Search is SearchStrings(x, v).
func (x StringSlice) Search(v string) int { return SearchStrings(x, v) }

// Sort is Sort(x).
func (x StringSlice) Sort() { Sort(x) }
