//scene procs=2 title="three goroutines sleep 1ms, then report"

package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Millisecond)
			fmt.Println("woke", i)
		}()
	}
	wg.Wait()
}
