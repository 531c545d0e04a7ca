//scene title="sync.Cond: Signal wakes the longest waiter first, Broadcast the rest"

package main

import (
	"fmt"
	"runtime"
	"sync"
)

// Waiters join the Cond's notify list in the order they call Wait; Signal
// readies the one at the head (sema.go:notifyListNotifyOne), Broadcast all
// in list order.

func main() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	ready := 0
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			ready++
			c.Wait()
			println("woken", i)
			mu.Unlock()
		}()
	}
	for {
		mu.Lock()
		n := ready
		mu.Unlock()
		if n == 4 {
			break
		}
		runtime.Gosched()
	}
	mu.Lock()
	c.Signal()
	mu.Unlock()
	runtime.Gosched()
	println("after Signal")
	mu.Lock()
	c.Broadcast()
	mu.Unlock()
	wg.Wait()
	fmt.Println("end")
}
