// Package sync is the scenes' sync package. Mutex and WaitGroup are the
// simulator's (sema.go's semaphores, with the runtime's wake-up rules);
// RWMutex and Cond are sync/rwmutex.go's and cond.go's algorithms over
// the simulator's runtime semaphores and notify lists (core/sema.go);
// the rest is built on them as the standard library builds it.
package sync

import "sync/atomic"

// A Locker can be locked and unlocked.
type Locker interface {
	Lock()
	Unlock()
}

// A Mutex is the simulator's mutex; the zero value is unlocked. Its
// object is made at its first use.
type Mutex struct{ id int64 }

func (m *Mutex) Lock()
func (m *Mutex) Unlock()

// TryLock locks m if it is free and not starving, and reports whether it
// did (internal/sync/mutex.go:TryLock); it never waits.
func (m *Mutex) TryLock() bool

// A WaitGroup waits for a collection of goroutines to finish.
type WaitGroup struct{ id int64 }

func (wg *WaitGroup) Add(delta int)
func (wg *WaitGroup) Done()
func (wg *WaitGroup) Wait()

// Go calls f in a new goroutine and adds that task to the WaitGroup.
func (wg *WaitGroup) Go(f func()) {
	wg.Add(1)
	go func() {
		defer func() {
			if x := recover(); x != nil {
				// As the real WaitGroup.Go does: a panic of f ends the
				// process, so Done is not called (Wait must not return
				// and race with it); the value is panicked again.
				panic(x)
			}
			wg.Done()
		}()
		f()
	}()
}

// Once performs exactly one action: later callers wait for the first
// (sync/once.go). The waiters park on m with "sync.Mutex.Lock" and are
// woken one at a time by its Unlocks.
type Once struct {
	done atomic.Bool
	m    Mutex
}

// Do calls f if and only if Do is being called for the first time for
// this Once. If f panics, Do considers it returned.
func (o *Once) Do(f func()) {
	if !o.done.Load() {
		o.doSlow(f)
	}
}

func (o *Once) doSlow(f func()) {
	o.m.Lock()
	defer o.m.Unlock()
	if !o.done.Load() {
		defer o.done.Store(true)
		f()
	}
}

// The runtime's side of the package (sync/runtime.go), natives of the VM
// over the simulator's semaphores and notify lists. A semaphore's uint32
// keeps the simulator's object id (0 until first use); its count lives in
// the simulator.

// runtime_Semacquire waits until *s > 0 and then decrements it
// (sema.go:sync_runtime_Semacquire, wait reason "semacquire").
func runtime_Semacquire(s *uint32)

// runtime_SemacquireRWMutexR is semacquire1 with wait reason
// "sync.RWMutex.RLock"; lifo queues at the head.
func runtime_SemacquireRWMutexR(s *uint32, lifo bool, skipframes int)

// runtime_SemacquireRWMutex is semacquire1 with wait reason
// "sync.RWMutex.Lock".
func runtime_SemacquireRWMutex(s *uint32, lifo bool, skipframes int)

// runtime_Semrelease increments *s and readies a waiter into the caller's
// runnext; with handoff the waiter takes the count and the caller yields.
func runtime_Semrelease(s *uint32, handoff bool, skipframes int)

// notifyList is a sync.Cond's list (sema.go:notifyList): the simulator's
// object id, 0 until first use.
type notifyList struct{ id int64 }

func runtime_notifyListAdd(l *notifyList) uint32
func runtime_notifyListWait(l *notifyList, t uint32)
func runtime_notifyListNotifyAll(l *notifyList)
func runtime_notifyListNotifyOne(l *notifyList)

// fatal ends the process with "fatal error: s" (runtime.sync_fatal): no
// recover stops it.
func fatal(s string)
