//scene title="GOMAXPROCS(0) reports the setting"

package main

import (
	"fmt"
	"runtime"
)

func main() {
	fmt.Println("procs", runtime.GOMAXPROCS(0))
	n := runtime.GOMAXPROCS(1)
	fmt.Println("was", n, "now", runtime.GOMAXPROCS(0))
}
