// iter.Pull and Pull2: values, the end, stop, and a panic of the iterator.
package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func main() {
	next, stop := iter.Pull(slices.Values([]string{"a", "b", "c"}))
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Print(v)
	}
	fmt.Println()
	stop()
	fmt.Println(next())
	n2, s2 := iter.Pull2(slices.All([]int{10, 20, 30}))
	fmt.Println(n2())
	fmt.Println(n2())
	s2()
	s2()
	fmt.Println(n2())
	n3, s3 := iter.Pull(func(yield func(int) bool) {
		yield(1)
		panic("boom")
	})
	fmt.Println(n3())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		n3()
	}()
	fmt.Println(n3())
	s3()
	_, s4 := iter.Pull(maps.Keys(map[int]int{1: 1}))
	s4()
	fmt.Println("done")
}
