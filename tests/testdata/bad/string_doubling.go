package main

import "fmt"

func main() {
	s := "x"
	for i := 0; i < 40; i++ {
		s += s
	}
	fmt.Println(len(s))
}
