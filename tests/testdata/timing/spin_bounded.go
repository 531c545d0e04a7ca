//scene title="a bounded call-free loop and a sleeping main"

package main

import (
	"fmt"
	"time"
)

// iterations is replaced by the test with a count that makes the loop last
// some tens of milliseconds.
const iterations = 100000000

// The worker reports how long its call-free loop ran; main reports how
// long its 1ms sleep took. With asynchronous preemption main runs after
// ~10ms; without it (asyncpreemptoff=1, or Go 1.13) only when the loop
// ends.
func main() {
	fmt.Println("start")
	loop := make(chan time.Duration, 1)
	go func() {
		t0 := time.Now()
		x := 0
		for i := 0; i < iterations; i++ {
			x += i
		}
		loop <- time.Since(t0)
		if x < 0 {
			fmt.Println(x)
		}
	}()
	start := time.Now()
	time.Sleep(time.Millisecond)
	slept := time.Since(start)
	fmt.Println("main", slept)
	fmt.Println("loop", <-loop)
}
