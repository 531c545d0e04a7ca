//scene title="sync.Once: callers that arrive while f runs wait for it"

package main

import (
	"fmt"
	"sync"
	"time"
)

// The first caller runs f, which sleeps; the others block on the Once's
// mutex and return once f has finished, in the order the mutex lets
// them in.

func main() {
	var once sync.Once
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() {
				println("f starts in", i)
				time.Sleep(5 * time.Millisecond)
				println("f ends")
			})
			println("caller", i, "returns")
		}()
	}
	wg.Wait()
	fmt.Println("end")
}
