//scene title="go in a loop, then wait"

package main

import (
	"fmt"
	"sync"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

// The last goroutine spawned sits in runnext and runs first; the others
// were kicked to the tail of the local queue in spawn order.
func main() {
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			println("worker", i)
		}()
	}
	wg.Wait()
	fmt.Println("all done")
}
