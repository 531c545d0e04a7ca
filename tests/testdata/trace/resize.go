//scene procs=4 title="GOMAXPROCS changes while goroutines run"

package main

import (
	"fmt"
	"gmpbook/scene"
	"runtime"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scene.Work(3 * time.Millisecond)
		}()
	}
	time.Sleep(time.Millisecond)
	fmt.Println("was", runtime.GOMAXPROCS(2))
	runtime.LockOSThread()
	time.Sleep(time.Millisecond)
	fmt.Println("was", runtime.GOMAXPROCS(3))
	runtime.UnlockOSThread()
	wg.Wait()
}
