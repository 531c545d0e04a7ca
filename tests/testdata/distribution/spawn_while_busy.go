//scene procs=2 title="main keeps its P busy after spawning four goroutines"

package main

import (
	"fmt"
	"gmpbook/scene"
	"time"
)

func main() {
	for i := range 4 {
		go fmt.Println("g", i)
	}
	scene.Work(time.Millisecond)
	fmt.Println("main")
	time.Sleep(time.Millisecond)
}
