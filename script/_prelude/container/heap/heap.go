// Package heap is the scenes' container/heap, written in Go: a binary
// min-heap over any type that implements Interface, the element at index
// 0 the least by Less.
package heap

import "sort"

// Interface is a sort.Interface that can also add an element at the end
// (Push) and take the last one away (Pop).
type Interface interface {
	sort.Interface
	Push(x any) // add x as element Len()
	Pop() any   // remove and return element Len() - 1
}

// Init orders h as a heap. It is O(n).
func Init(h Interface) {
	n := h.Len()
	for i := n/2 - 1; i >= 0; i-- {
		down(h, i, n)
	}
}

// Push adds x to the heap.
func Push(h Interface, x any) {
	h.Push(x)
	up(h, h.Len()-1)
}

// Pop removes and returns the least element.
func Pop(h Interface) any {
	last := h.Len() - 1
	h.Swap(0, last)
	down(h, 0, last)
	return h.Pop()
}

// Remove removes and returns the element at index i.
func Remove(h Interface, i int) any {
	last := h.Len() - 1
	if last != i {
		h.Swap(i, last)
		if !down(h, i, last) {
			up(h, i)
		}
	}
	return h.Pop()
}

// Fix restores the heap order after the element at index i changed.
func Fix(h Interface, i int) {
	if !down(h, i, h.Len()) {
		up(h, i)
	}
}

// up moves element j toward the root while it is less than its parent.
func up(h Interface, j int) {
	for {
		parent := (j - 1) / 2
		if parent == j || !h.Less(j, parent) {
			return
		}
		h.Swap(parent, j)
		j = parent
	}
}

// down moves element i0 toward the leaves (within the first n) while a
// child is less than it, the lesser child first; it reports whether the
// element moved.
func down(h Interface, i0, n int) bool {
	i := i0
	for {
		child := 2*i + 1
		if child >= n || child < 0 { // child < 0: the index overflowed
			break
		}
		if right := child + 1; right < n && h.Less(right, child) {
			child = right
		}
		if !h.Less(child, i) {
			break
		}
		h.Swap(i, child)
		i = child
	}
	return i > i0
}
