//scene title="close wakes every waiting receiver"

package main

import (
	"fmt"
	"runtime"
	"sync"
)

// Goroutines print with println, which writes to stderr without a system
// call the scheduler sees: a fmt.Println while another goroutine is
// runnable can lose the P to sysmon when the machine is busy (the write is
// descheduled long enough for sysmon to see it twice), and the other
// goroutine then prints first.

func waiter(id int, ch chan int, wg *sync.WaitGroup) {
	defer wg.Done()
	v, ok := <-ch
	println("waiter", id, v, ok)
}

func main() {
	ch := make(chan int)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go waiter(i, ch, &wg)
	}
	runtime.Gosched()
	fmt.Println("closing")
	close(ch)
	wg.Wait()
	fmt.Println("end")
}
