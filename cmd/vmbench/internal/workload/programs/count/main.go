// Count is the counting loop of the preemption demos, for i := 0; i < n;
// i++ { x++ }, which the simulator's VM does not interpret iteration by
// iteration: it computes the loop's effect in closed form (script/vm
// loop.go).
package main

import "fmt"

var size = 100_000_000 // quick: 100_000

func main() {
	n, x := size, 0
	for i := 0; i < n; i++ {
		x++
	}
	fmt.Println("checksum", x)
}
