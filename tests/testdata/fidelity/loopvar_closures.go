//scene title="each iteration has its own i"

package main

import (
	"fmt"
)

func main() {
	results := make(chan int, 10)
	for i := 0; i < 5; i++ {
		go func() { results <- i * i }()
	}
	for range 5 {
		fmt.Println(<-results)
	}
}
