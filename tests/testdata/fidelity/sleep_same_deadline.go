//scene title="equal sleeps wake in the order they started"

package main

import (
	"fmt"
	"sync"
	"time"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

func main() {
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(2 * time.Millisecond)
			println("woke", i)
		}()
	}
	wg.Wait()
	fmt.Println("end")
}
