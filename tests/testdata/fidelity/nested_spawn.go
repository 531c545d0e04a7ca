//scene title="goroutines that start goroutines"

package main

import (
	"fmt"
	"sync"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

func leaf(name string, wg *sync.WaitGroup) {
	defer wg.Done()
	println("leaf", name)
}

func branch(name string, wg *sync.WaitGroup) {
	defer wg.Done()
	println("branch", name)
	wg.Add(2)
	go leaf(name+".1", wg)
	go leaf(name+".2", wg)
}

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go branch("x", &wg)
	go branch("y", &wg)
	wg.Wait()
	fmt.Println("end")
}
