//scene procs=2 title="a chain of goroutines, each spawning the next"

package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	var spawn func(n int)
	spawn = func(n int) {
		defer wg.Done()
		if n < 4 {
			wg.Add(1)
			go spawn(n + 1)
		}
		fmt.Println("level", n)
	}
	wg.Add(1)
	go spawn(1)
	wg.Wait()
}
