// Fib computes the size-th Fibonacci number with the doubly recursive
// definition: about 1.6^size calls.
package main

import "fmt"

var size = 33 // quick: 15

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func main() {
	fmt.Println("checksum", fib(size))
}
