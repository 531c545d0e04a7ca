// Float integrates 4/(1+x²) over [0, 1] with the midpoint rule in size
// steps (which gives π) using float64 arithmetic only, and prints the
// result. Every product is converted explicitly, so that no compiler may
// fuse a multiply and an add and the digits agree everywhere.
package main

import "fmt"

var size = 20_000_000 // quick: 100_000

func main() {
	h := 1 / float64(size)
	sum := 0.0
	for i := 0; i < size; i++ {
		x := float64(float64(i)+0.5) * h
		sum += 4 / float64(1+float64(x*x))
	}
	fmt.Printf("checksum %.12f\n", float64(sum*h))
}
