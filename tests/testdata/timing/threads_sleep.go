//scene title="sleeping goroutines hold no thread"

package main

import (
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(50 * time.Millisecond)
		}()
	}
	wg.Wait()
}
