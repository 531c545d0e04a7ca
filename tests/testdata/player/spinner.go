//scene procs=1 until=40ms title="A loop that never yields"

package main

import (
	"fmt"
	"time"
)

func main() {
	start := time.Now()
	go func() {
		for {
		}
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("main waited", time.Since(start), "for a 1 ms sleep")
}
