//scene procs=4 cpus=2 title="four Ps on two CPUs: four workers of 6ms"

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
	order := ""
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scene.Work(6 * time.Millisecond)
			mu.Lock()
			order += fmt.Sprint(i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println("finish order", order)
}
