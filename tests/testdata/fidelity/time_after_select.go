//scene title="goroutines waiting on time.After in select, woken through the timer heap"

package main

import (
	"fmt"
	"sync"
	"time"
)

// Each waiter selects on a channel nobody sends on and on time.After with
// its own delay; they park in "select" and the timers ready them in
// deadline order. One goroutine's data arrives before its timer fires.

func main() {
	var wg sync.WaitGroup
	data := make(chan int)
	for i, d := range []time.Duration{30, 10, 20} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case v := <-data:
				println("waiter", i, "got data", v)
			case <-time.After(d * time.Millisecond):
				println("waiter", i, "timed out after", int(d), "ms")
			}
		}()
	}
	time.Sleep(15 * time.Millisecond)
	data <- 7
	wg.Wait()
	fmt.Println("end")
}
