//scene procs=2 title="a system call and CPU work of the same length"

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
		scene.Syscall(time.Millisecond)
		fmt.Println("syscall")
	}()
	go func() {
		defer wg.Done()
		scene.Work(time.Millisecond)
		fmt.Println("work")
	}()
	wg.Wait()
}
