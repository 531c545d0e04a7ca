//scene title="main does not wait for goroutines"

package main

import (
	"fmt"
)

// main prints with println, which makes no system call the scheduler sees:
// during a fmt.Println's write, sysmon could hand the P to another thread,
// which would run a goroutine before main returns.
func main() {
	for i := range 3 {
		go fmt.Println("goroutine", i)
	}
	println("main returns")
}
