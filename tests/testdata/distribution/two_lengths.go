//scene procs=2 title="work of 1ms and 1.05ms on two Ps"

package main

import (
	"fmt"
	"gmpbook/scene"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		scene.Work(1050 * time.Microsecond)
		fmt.Println("long")
	}()
	go func() {
		defer wg.Done()
		scene.Work(time.Millisecond)
		fmt.Println("short")
	}()
	wg.Wait()
}
