//scene procs=2 title="Eight named workers"

package main

import (
	"gmpbook/scene"
	"sync"
	"time"
)

// main queues eight workers on P0, each named after its number; P1 steals
// half of them.
func main() {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go worker(i, &wg) //> name worker {i}
	}
	wg.Wait()
}

func worker(id int, wg *sync.WaitGroup) {
	defer wg.Done()
	scene.Work(2 * time.Millisecond)
}
