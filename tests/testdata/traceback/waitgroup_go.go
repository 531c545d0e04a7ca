package main

import (
	"fmt"
	"sync"
)

type job struct{ id int }

func (j job) run(out []int) {
	out[j.id] = j.id * 2
}

func main() {
	var wg sync.WaitGroup
	out := make([]int, 3)
	for i := range 4 {
		wg.Go(func() {
			job{id: i}.run(out)
		})
	}
	wg.Wait()
	fmt.Println(out)
}
