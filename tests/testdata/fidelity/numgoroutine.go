//scene title="runtime.NumGoroutine counts user goroutines"

package main

import (
	"fmt"
	"runtime"
	"sync"
)

// "spawned" is printed with println, while the three goroutines are
// runnable: a fmt.Println there could lose the P to sysmon during its write
// (harmless here, as the goroutines print nothing, but it would move the
// count). The other lines are printed when no goroutine is runnable.
func main() {
	fmt.Println("start", runtime.NumGoroutine())
	stop := make(chan bool)
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-stop
		}()
	}
	println("spawned", runtime.NumGoroutine())
	runtime.Gosched()
	fmt.Println("parked", runtime.NumGoroutine())
	close(stop)
	wg.Wait()
	fmt.Println("after", runtime.NumGoroutine())
}
