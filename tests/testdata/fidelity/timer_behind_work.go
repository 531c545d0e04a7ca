//scene title="a timer fires late when the only P is busy"

package main

import (
	"fmt"
	"gmpbook/scene"
	"time"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

// main's 200µs sleep ends while the worker still runs: the timer is due,
// but main only runs once the worker parks (its 1ms of Work is far shorter
// than the 10ms time slice, so it is not preempted even on a busy machine).
func main() {
	done := make(chan bool)
	go func() {
		println("worker starts")
		scene.Work(time.Millisecond)
		println("worker done")
		done <- true
	}()
	time.Sleep(200 * time.Microsecond)
	fmt.Println("main woke")
	<-done
	fmt.Println("end")
}
