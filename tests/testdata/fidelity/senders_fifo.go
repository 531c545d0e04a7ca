//scene title="blocked senders are served first come, first served"

package main

import (
	"fmt"
	"time"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

func send(id int, ch chan int) {
	println("sender", id, "blocks")
	ch <- id
	println("sender", id, "sent")
}

func main() {
	ch := make(chan int)
	for i := range 3 {
		go send(i, ch)
	}
	time.Sleep(time.Millisecond)
	for range 3 {
		println("got", <-ch)
	}
	time.Sleep(time.Millisecond)
	fmt.Println("end")
}
