// Sortints sorts size pseudo-random ints with sort.Ints and prints a
// checksum of the sorted slice. Compiled, sort.Ints is the standard
// library's pdqsort; in the simulator it is the scenes' library
// (script/_prelude/sort), interpreted like the program.
package main

import (
	"fmt"
	"sort"
)

var size = 200_000 // quick: 5_000

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
	sort.Ints(a)
	fmt.Println("checksum", checksum(a))
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
