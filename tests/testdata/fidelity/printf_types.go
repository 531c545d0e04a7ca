//scene title="fmt names the dynamic types of scene values"

package main

import (
	"fmt"
	"time"
)

// %T and the error forms of bad verbs name an operand's type: int for an
// integer, time.Duration for a duration.
func main() {
	fmt.Printf("%T %T %T %T\n", 3, "s", true, time.Second)
	fmt.Printf("%z|%d\n", 1, true)
	fmt.Printf("%d\n", 1, 2)
}
