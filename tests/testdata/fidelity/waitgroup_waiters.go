//scene title="several goroutines wait on one WaitGroup"

package main

import (
	"fmt"
	"runtime"
	"sync"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

func main() {
	var work sync.WaitGroup
	var seen sync.WaitGroup
	work.Add(1)
	for i := range 3 {
		seen.Add(1)
		go func() {
			defer seen.Done()
			work.Wait()
			println("waiter", i, "released")
		}()
	}
	runtime.Gosched()
	fmt.Println("work done")
	work.Done()
	seen.Wait()
	fmt.Println("end")
}
