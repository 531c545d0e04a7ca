//scene title="run-queue overflow in a program that does not import fmt"

package main

import (
	"sync"
)

// The same workload as overflow_300.go, but nothing imports package os, so
// no init code calls runtime.SetFinalizer and the finalizer goroutine is
// never created (runtime/mfinal.go:createfing): only the GOMAXPROCS
// updater waits in P0's queue before worker 0, which shifts the overflow
// by one G (0..126 and 255 go to the global queue) and moves the
// fairness check's pick.
func main() {
	var wg sync.WaitGroup
	for i := range 300 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			println(i)
		}()
	}
	wg.Wait()
	println("done")
}
