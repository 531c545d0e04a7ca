//scene title="goroutines waiting on the network hold no thread"

package main

import (
	"gmpbook/scene"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scene.NetRead(50 * time.Millisecond)
		}()
	}
	wg.Wait()
}
