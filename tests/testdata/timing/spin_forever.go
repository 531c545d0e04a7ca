//scene title="a call-free loop delays a sleeping main"

package main

import (
	"fmt"
	"time"
)

// The spinner's loop makes no calls, so it never reaches a cooperative
// preemption point: main's 1ms timer is due long before main can run, and
// only sysmon's asynchronous preemption (after 10ms on the CPU) lets it.
func main() {
	fmt.Println("start")
	go func() {
		for {
		}
	}()
	start := time.Now()
	time.Sleep(time.Millisecond)
	fmt.Println(time.Since(start))
}
