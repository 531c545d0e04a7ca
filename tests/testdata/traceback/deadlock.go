package main

import "sync"

func consume(ch chan int, wg *sync.WaitGroup) {
	defer wg.Done()
	for v := range ch {
		_ = v
	}
}

func main() {
	ch := make(chan int)
	var wg sync.WaitGroup
	wg.Add(1)
	go consume(ch, &wg)
	ch <- 1
	wg.Wait()
}
