package main

import (
	"fmt"
	"time"
)

func check(n int) {
	if n > 2 {
		panic(fmt.Sprintf("n is %d", n))
	}
}

func worker(n int) {
	for i := 0; i <= n; i++ {
		check(i)
	}
}

func main() {
	go worker(5)
	time.Sleep(time.Second)
}
