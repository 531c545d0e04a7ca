//scene title="defer runs last-in first-out, in the goroutine that deferred"

package main

import (
	"fmt"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

func worker(id int, done chan bool) {
	defer func() { done <- true }()
	defer println("worker", id, "deferred")
	println("worker", id, "body")
}

func main() {
	done := make(chan bool)
	defer fmt.Println("main deferred")
	for i := range 2 {
		go worker(i, done)
	}
	<-done
	<-done
	fmt.Println("main body")
}
