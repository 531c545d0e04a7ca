//scene procs=2 title="three consumers, two producers: who takes the first item"

package main

import (
	"fmt"
	"sync"
)

func main() {
	ch := make(chan int, 4)
	var wg sync.WaitGroup
	var mu sync.Mutex
	first := -1
	for c := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range ch {
				mu.Lock()
				if first < 0 {
					first = c
				}
				mu.Unlock()
			}
		}()
	}
	var pw sync.WaitGroup
	for p := range 2 {
		pw.Add(1)
		go func() {
			defer pw.Done()
			for i := range 12 {
				ch <- p*100 + i
			}
		}()
	}
	pw.Wait()
	close(ch)
	wg.Wait()
	fmt.Println("first item taken by consumer", first)
}
