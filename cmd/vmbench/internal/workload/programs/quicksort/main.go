// Quicksort sorts size pseudo-random ints with a hand-written quicksort
// (Hoare partition around the middle element, insertion sort below 12
// elements) and prints a checksum of the sorted slice.
package main

import "fmt"

var size = 300_000 // quick: 5_000

func main() {
	a := make([]int, size)
	x := uint64(88172645463325252)
	for i := range a {
		// xorshift64
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		a[i] = int(x % 1_000_000_007)
	}
	quicksort(a, 0, len(a)-1)
	fmt.Println("checksum", checksum(a))
}

func quicksort(a []int, lo, hi int) {
	for hi-lo >= 12 {
		p := a[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for a[i] < p {
				i++
			}
			for a[j] > p {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		// Recurse into the smaller side, loop on the larger.
		if j-lo < hi-i {
			quicksort(a, lo, j)
			lo = i
		} else {
			quicksort(a, i, hi)
			hi = j
		}
	}
	for i := lo + 1; i <= hi; i++ {
		v := a[i]
		j := i - 1
		for j >= lo && a[j] > v {
			a[j+1] = a[j]
			j--
		}
		a[j+1] = v
	}
}

// checksum is -1 if a is not sorted, else a weighted sum of its elements.
func checksum(a []int) int {
	sum := 0
	for i, v := range a {
		if i > 0 && a[i-1] > v {
			return -1
		}
		sum = sum*31 + v ^ i
	}
	return sum
}
