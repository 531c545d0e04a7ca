//scene procs=2 title="Work stealing"

package main

import (
	"gmpbook/scene"
	"sync"
	"time"
)

// main queues eight workers on P0 and waits; the second P wakes up, finds
// P0's queue full of work and steals half of it.
func main() {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scene.Work(2 * time.Millisecond)
		}()
	}
	wg.Wait()
}
