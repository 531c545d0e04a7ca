//scene title="context cancellation wakes every goroutine waiting on Done"

package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Workers wait on ctx.Done() in a select with their own work channel;
// cancelling closes Done, which readies every waiter (chan.go:closechan).
// A child context is cancelled through its parent.

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	child, stop := context.WithTimeout(ctx, time.Hour)
	defer stop()
	var wg sync.WaitGroup
	work := make(chan int)
	for i := range 3 {
		wg.Add(1)
		c := ctx
		if i == 2 {
			c = child
		}
		go func() {
			defer wg.Done()
			for {
				select {
				case v := <-work:
					println("worker", i, "did", v)
				case <-c.Done():
					println("worker", i, "stops:", c.Err().Error())
					return
				}
			}
		}()
	}
	for v := range 4 {
		work <- v
	}
	time.Sleep(time.Millisecond)
	cancel()
	wg.Wait()
	fmt.Println("end", context.Cause(child))
}
