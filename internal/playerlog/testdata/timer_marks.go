//scene procs=1

package main

import (
	"fmt"
	"time"
)

func main() {
	done := make(chan bool)
	time.AfterFunc(3*time.Millisecond, func() { done <- true })
	t := time.NewTimer(2 * time.Millisecond)
	go func() {
		time.Sleep(time.Millisecond)
		fmt.Println("slept")
	}()
	<-t.C
	<-done
	fmt.Println("both fired")
}
