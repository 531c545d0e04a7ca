// Sieve counts the primes up to size with the sieve of Eratosthenes over a
// []bool, and prints their count and sum.
package main

import "fmt"

var size = 4_000_000 // quick: 20_000

func main() {
	composite := make([]bool, size+1)
	count, sum := 0, 0
	for i := 2; i <= size; i++ {
		if composite[i] {
			continue
		}
		count++
		sum += i
		for j := i * i; j <= size; j += i {
			composite[j] = true
		}
	}
	fmt.Println("checksum", count, sum)
}
