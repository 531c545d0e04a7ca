//scene procs=2 title="eight goroutines spawned in a loop report first thing"

package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	for i := 1; i <= 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fmt.Println("g", i)
		}()
	}
	wg.Wait()
}
