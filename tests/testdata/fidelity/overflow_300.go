//scene title="300 goroutines overflow the local run queue"

package main

import (
	"fmt"
	"sync"
)

// 300 goroutines do not fit into the 256-slot local queue. When newproc
// kicks the old runnext to a full queue, runqputslow moves the front half
// (128) plus the kicked G to the global queue: 0..125 (behind the two
// runtime goroutines) and 254. Then every 61st schedule takes one G from
// the global queue first, so 0 runs in the middle of the local ones.
//
// The workers print with println, which writes without a system call the
// scheduler sees. fmt is imported on purpose: package os's init registers
// finalizers, which starts the finalizer goroutine, one of the two runtime
// goroutines queued before worker 0 (see overflow_without_fmt.go).
func main() {
	var wg sync.WaitGroup
	for i := range 300 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			println(i)
		}()
	}
	wg.Wait()
	fmt.Println("done")
}
