//scene title="CPU work shorter than a time slice is never preempted"

package main

import (
	"fmt"
	"gmpbook/scene"
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
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			println("start", i)
			scene.Work(500 * time.Microsecond)
			println("done", i)
		}()
	}
	wg.Wait()
	fmt.Println("end")
}
