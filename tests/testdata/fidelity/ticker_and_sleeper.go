//scene title="a ticker's ticks interleaved with a sleeping goroutine"

package main

import (
	"fmt"
	"time"
)

// The ticker fires every 20 ms; another goroutine sleeps 30 ms, then
// 20 ms: every timer is 10 ms from the next.
// Tick receivers park in "chan receive" and the ticker's timer re-arms on
// the heap of the P that ran it.

func main() {
	done := make(chan bool)
	go func() {
		time.Sleep(30 * time.Millisecond)
		println("sleeper woke", 0)
		time.Sleep(20 * time.Millisecond)
		println("sleeper woke", 1)
		done <- true
	}()
	t := time.NewTicker(20 * time.Millisecond)
	for i := range 4 {
		<-t.C
		println("tick", i)
	}
	t.Stop()
	<-done
	fmt.Println("end")
}
