//scene title="a runnable goroutine behind a blocking system call"

package main

import (
	"fmt"
	"gmpbook/scene"
	"time"
)

// main prints first, so that the P has made a system call before: sysmon
// then needs to see the blocking call twice before it retakes the P (a
// P's very first system call is taken at the first sighting). The
// goroutine waits in runnext until sysmon hands the P to another thread;
// its first act is to measure how long that took.
func main() {
	fmt.Println("start")
	done := make(chan time.Duration)
	start := time.Now()
	go func() {
		done <- time.Since(start)
	}()
	scene.Syscall(50 * time.Millisecond)
	fmt.Println("waited", <-done)
}
