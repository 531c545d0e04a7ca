//scene title="a goroutine that yields while holding the mutex"

package main

import (
	"runtime"
	"sync"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	count := 0
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				mu.Lock()
				count++
				println("g", i, "count", count)
				runtime.Gosched()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	println("end", count)
}
