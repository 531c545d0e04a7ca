package sync

// Cond is a condition variable (sync/cond.go): Wait takes a ticket from
// the notify list, unlocks L and parks with "sync.Cond.Wait" until its
// ticket is notified. Signal wakes the longest waiter, Broadcast all of
// them, each into the waker's runnext (sema.go:notifyListNotifyOne,
// notifyListNotifyAll). Copies of a used Cond are not detected.
type Cond struct {
	// L is held while observing or changing the condition.
	L Locker

	notify notifyList
}

// NewCond returns a new Cond with Locker l.
func NewCond(l Locker) *Cond {
	return &Cond{L: l}
}

// Wait atomically unlocks c.L and suspends the calling goroutine; it
// locks c.L again before returning.
func (c *Cond) Wait() {
	t := runtime_notifyListAdd(&c.notify)
	c.L.Unlock()
	runtime_notifyListWait(&c.notify, t)
	c.L.Lock()
}

// Signal wakes one goroutine waiting on c, if there is any.
func (c *Cond) Signal() {
	runtime_notifyListNotifyOne(&c.notify)
}

// Broadcast wakes all goroutines waiting on c.
func (c *Cond) Broadcast() {
	runtime_notifyListNotifyAll(&c.notify)
}
