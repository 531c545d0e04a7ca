//scene procs=2 title="Readers named by their closure's variable"

package main

import (
	"sync"
	"time"
)

// Three readers, each a closure over its own loop variable, sleep for a
// different time; the name is read from the closure's variable.
func main() {
	var wg sync.WaitGroup
	for n := range 3 {
		wg.Add(1)
		//> name reader {n}
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(n+1) * time.Millisecond)
		}()
	}
	wg.Wait()
}
