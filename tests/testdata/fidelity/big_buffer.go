//scene title="a channel with a two-million-slot buffer"

package main

import "fmt"

// A large buffer is an ordinary Go program: makechan refuses only sizes
// whose buffer would not fit in memory (above maxAlloc).
func main() {
	ch := make(chan int, 2<<20)
	ch <- 7
	fmt.Println(<-ch)
}
