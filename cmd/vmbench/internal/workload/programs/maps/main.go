// Maps counts words in a map[string]int: size words drawn pseudo-randomly
// from a vocabulary of 5,000 generated keys, then prints a checksum of the
// counts (a sum over the vocabulary, so map order does not matter).
package main

import (
	"fmt"
	"strconv"
)

var size = 2_000_000 // quick: 10_000

func main() {
	const vocab = 5000
	words := make([]string, vocab)
	for i := range words {
		words[i] = "w" + strconv.Itoa(i*7919%100_003)
	}
	counts := map[string]int{}
	x := uint32(2463534242)
	for i := 0; i < size; i++ {
		// xorshift32
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		counts[words[x%vocab]]++
	}
	sum := 0
	for i, w := range words {
		sum += counts[w] * (i + 1)
	}
	fmt.Println("checksum", len(counts), sum)
}
