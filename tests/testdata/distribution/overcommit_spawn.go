//scene procs=4 cpus=2 title="four Ps on two CPUs: eight goroutines report"

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
