//scene title="timers fire in deadline order"

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

func sleeper(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	time.Sleep(d)
	println("woke after", d.String())
}

// The deadlines are 20ms apart: when the operating system delays the
// process by more than the gap, two timers fire in one check and the later
// one, readied last into runnext, runs first (1ms gaps flipped ~2% of real
// runs, and 5ms gaps now and then on a busy machine).
func main() {
	var wg sync.WaitGroup
	wg.Add(4)
	go sleeper(80*time.Millisecond, &wg)
	go sleeper(20*time.Millisecond, &wg)
	go sleeper(60*time.Millisecond, &wg)
	go sleeper(40*time.Millisecond, &wg)
	wg.Wait()
	fmt.Println("end")
}
