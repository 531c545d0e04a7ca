//scene title="time.AfterFunc goroutines start from the timer, in deadline order"

package main

import (
	"fmt"
	"sync"
	"time"
)

// Each AfterFunc starts a new goroutine when its timer fires; a stopped
// one never runs, a reset one runs at its new time.

func main() {
	var wg sync.WaitGroup
	wg.Add(3)
	time.AfterFunc(20*time.Millisecond, func() { println("20 ms"); wg.Done() })
	time.AfterFunc(5*time.Millisecond, func() { println("5 ms"); wg.Done() })
	t := time.AfterFunc(10*time.Millisecond, func() { println("reset to 30 ms"); wg.Done() })
	s := time.AfterFunc(15*time.Millisecond, func() { println("stopped: never") })
	println("stop:", s.Stop())
	println("reset:", t.Reset(30*time.Millisecond))
	wg.Wait()
	fmt.Println("end")
}
