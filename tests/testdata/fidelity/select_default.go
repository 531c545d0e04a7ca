//scene title="select with default never blocks"

package main

import (
	"fmt"
)

func main() {
	ch := make(chan int, 1)
	for i := range 4 {
		select {
		case v := <-ch:
			fmt.Println(i, "received", v)
		default:
			fmt.Println(i, "nothing, sending", i)
			ch <- i
		}
	}
	ready := make(chan bool)
	go func() { ready <- true }()
	select {
	case <-ready:
		fmt.Println("ready already")
	default:
		fmt.Println("not yet")
	}
	<-ready
	fmt.Println("end")
}
