//scene title="select picks a ready case at random"

package main

import (
	"fmt"
)

// Both channels are ready every time, so selectgo picks one uniformly at
// random: the order differs from run to run; what is received does not.
func main() {
	a := make(chan int, 5)
	b := make(chan int, 5)
	for i := range 5 {
		a <- i
		b <- i
	}
	for range 10 {
		select {
		case v := <-a:
			fmt.Println("a", v)
		case v := <-b:
			fmt.Println("b", v)
		}
	}
}
