//scene title="goroutines in blocking system calls each hold a thread"

package main

import (
	"gmpbook/scene"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scene.Syscall(50 * time.Millisecond)
		}()
	}
	wg.Wait()
}
