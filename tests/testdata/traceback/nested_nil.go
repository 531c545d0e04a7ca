package main

import "fmt"

type T struct {
	a, b int64
	c    string
}

func f(p *T) string { return p.c }

func g(p *T) string {
	s := f(p)
	return s + "!"
}

func main() {
	fmt.Println("start")
	var p *T
	fmt.Println(g(p))
}
