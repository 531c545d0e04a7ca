package main

import "sync"

func main() {
	var wg sync.WaitGroup
	for range 10_000_000 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {}
		}()
	}
	wg.Wait()
}
