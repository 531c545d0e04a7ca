//scene title="a buffered channel fills before the consumer runs"

package main

import (
	"fmt"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

// The fmt.Println calls are made while no other user goroutine is
// runnable. (The first system call on a P can even be retaken at sysmon's
// first sighting, its syscalltick being still 0: when "sent 0" was a
// fmt.Println with the consumer waiting in runnext, the consumer ran early
// in ~3% of real runs.)
func main() {
	fmt.Println("start")
	ch := make(chan int, 3)
	done := make(chan bool)
	go func() {
		for v := range ch {
			println("recv", v)
		}
		done <- true
	}()
	for i := range 6 {
		ch <- i
		println("sent", i)
	}
	close(ch)
	<-done
	fmt.Println("end")
}
