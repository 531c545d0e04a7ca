//scene procs=2 title="four goroutines take a mutex in turn"

package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			fmt.Println("lock", i)
			mu.Unlock()
		}()
	}
	wg.Wait()
}
