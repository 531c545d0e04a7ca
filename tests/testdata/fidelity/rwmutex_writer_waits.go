//scene title="sync.RWMutex: a waiting writer holds back new readers"

package main

import (
	"fmt"
	"runtime"
	"sync"
)

// Two readers hold the lock; a writer asks and waits for them; a reader
// arriving after the writer waits behind it (rwmutex.go: readerCount goes
// negative while a writer is pending).

func main() {
	var rw sync.RWMutex
	var wg sync.WaitGroup
	rw.RLock()
	rw.RLock()
	wg.Add(2)
	go func() {
		defer wg.Done()
		println("writer asks")
		rw.Lock()
		println("writer in")
		rw.Unlock()
	}()
	runtime.Gosched()
	go func() {
		defer wg.Done()
		println("late reader asks")
		rw.RLock()
		println("late reader in")
		rw.RUnlock()
	}()
	runtime.Gosched()
	println("first reader leaves")
	rw.RUnlock()
	runtime.Gosched()
	println("second reader leaves")
	rw.RUnlock()
	wg.Wait()
	fmt.Println("end")
}
