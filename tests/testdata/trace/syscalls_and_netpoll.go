//scene procs=2 title="system calls, the netpoller and timers on two Ps"

package main

import (
	"fmt"
	"gmpbook/scene"
	"sync"
	"time"
)

// Blocking system calls lose their P to sysmon, network reads park on the
// netpoller, sleepers wait on timers, and a CPU-bound goroutine is
// preempted: every kind of slice the trace draws.
func main() {
	fmt.Println("start")
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(3)
		go func() {
			defer wg.Done()
			scene.Syscall(time.Duration(i+1) * time.Millisecond)
		}()
		go func() {
			defer wg.Done()
			scene.NetRead(2 * time.Millisecond)
		}()
		go func() {
			defer wg.Done()
			time.Sleep(time.Millisecond)
			scene.Work(12 * time.Millisecond)
		}()
	}
	wg.Wait()
	fmt.Println("end")
}
