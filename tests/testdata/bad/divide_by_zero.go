package main

import "fmt"

func main() {
	zero := 0
	fmt.Println(1 / zero)
}
