// Package sync is the scenes' sync package. Mutex and WaitGroup are the
// simulator's (sema.go's semaphores, with the runtime's wake-up rules);
// the rest is built on them as the standard library builds it.
package sync

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

// A WaitGroup waits for a collection of goroutines to finish.
type WaitGroup struct{ id int64 }

func (wg *WaitGroup) Add(delta int)
func (wg *WaitGroup) Done()
func (wg *WaitGroup) Wait()

// Go calls f in a new goroutine and adds that task to the WaitGroup.
func (wg *WaitGroup) Go(f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		f()
	}()
}

// Once performs exactly one action: later callers wait for the first.
type Once struct {
	done bool
	m    Mutex
}

func (o *Once) Do(f func()) {
	if o.done {
		return
	}
	o.m.Lock()
	defer o.m.Unlock()
	if !o.done {
		defer func() { o.done = true }()
		f()
	}
}
