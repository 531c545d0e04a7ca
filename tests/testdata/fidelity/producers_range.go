//scene title="two producers, one consumer ranging over the channel"

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

func produce(name string, ch chan string, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := range 3 {
		ch <- name + strconv(i)
	}
}

func strconv(i int) string {
	return fmt.Sprint(i)
}

// main's fmt.Println calls are made while no other user goroutine is
// runnable. (With fmt.Println for the values, a sysmon retake at the first
// system call of the P reordered the producers in ~3% of real runs.)
func main() {
	fmt.Println("start")
	ch := make(chan string)
	var wg sync.WaitGroup
	wg.Add(2)
	go produce("p", ch, &wg)
	go produce("q", ch, &wg)
	go func() {
		wg.Wait()
		close(ch)
	}()
	for v := range ch {
		println(v)
	}
	fmt.Println("end")
}
