//scene title="runnext: the newest goroutine goes first"

package main

import (
	"fmt"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

func say(s string, done chan bool) {
	println(s)
	done <- true
}

func main() {
	done := make(chan bool)
	go say("a", done)
	go say("b", done)
	go say("c", done)
	for range 3 {
		<-done
	}
	fmt.Println("main")
}
