//scene title="mutex: waiters queue up"

package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	mu.Lock()
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			fmt.Println("locked by", i)
			mu.Unlock()
		}()
	}
	runtime.Gosched()
	fmt.Println("main unlocks")
	mu.Unlock()
	wg.Wait()
	fmt.Println("end")
}
