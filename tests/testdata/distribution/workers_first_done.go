//scene procs=2 title="eight workers doing 2ms of work: who finishes first"

package main

import (
	"fmt"
	"gmpbook/scene"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	first := -1
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scene.Work(2 * time.Millisecond)
			mu.Lock()
			if first < 0 {
				first = i
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println("first done: worker", first)
}
