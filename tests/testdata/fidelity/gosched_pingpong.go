//scene title="Gosched ping-pong through the global queue"

package main

import (
	"runtime"
	"sync"
)

func player(name string, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := range 4 {
		println(name, i)
		runtime.Gosched()
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go player("a", &wg)
	go player("b", &wg)
	wg.Wait()
	println("end")
}
