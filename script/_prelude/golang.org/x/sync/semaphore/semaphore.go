// Package semaphore is the scenes' golang.org/x/sync/semaphore (the
// behaviour of v0.25.0): a weighted semaphore. Waiters are served strictly
// in arrival order, so a large request at the head of the queue holds back
// smaller ones behind it until it fits. It is ordinary Go over the scenes'
// sync.Mutex and channels: a waiter parks on its own ready channel
// ("select", or "chan receive" for a doomed request) and Release closes the
// channels of the waiters that now fit, each readied into the releaser's
// runnext.
package semaphore

import (
	"context"
	"sync"
)

// waiter is one blocked Acquire: its weight and the channel closed when
// it has been granted.
type waiter struct {
	n     int64
	ready chan<- struct{}
}

// NewWeighted makes a weighted semaphore with the given maximum combined
// weight for concurrent access.
func NewWeighted(n int64) *Weighted {
	if n < 0 {
		panic("semaphore: size < 0")
	}
	return &Weighted{size: n}
}

// Weighted provides a way to bound concurrent access to a resource. The
// callers can request access with a given weight.
type Weighted struct {
	size    int64
	cur     int64
	mu      sync.Mutex
	waiters []*waiter // in arrival order (the real package keeps a container/list)
}

// Acquire acquires the semaphore with a weight of n, blocking until
// resources are available or ctx is done. On success it returns nil; on
// failure ctx.Err() and the semaphore is unchanged. A ctx already done
// fails even when the weight is available.
func (s *Weighted) Acquire(ctx context.Context, n int64) error {
	if n < 0 {
		panic("semaphore: n < 0")
	}
	done := ctx.Done()

	s.mu.Lock()
	select {
	case <-done:
		s.mu.Unlock()
		return ctx.Err()
	default:
	}
	if s.size-s.cur >= n && len(s.waiters) == 0 {
		// Room, and nobody queued ahead: take it at once.
		s.cur += n
		s.mu.Unlock()
		return nil
	}

	if n > s.size {
		// It can never fit: wait for ctx without blocking the others.
		s.mu.Unlock()
		<-done
		return ctx.Err()
	}

	ready := make(chan struct{})
	w := &waiter{n: n, ready: ready}
	s.waiters = append(s.waiters, w)
	s.mu.Unlock()

	select {
	case <-done:
		s.mu.Lock()
		select {
		case <-ready:
			// Granted just as ctx ended: give it back.
			s.cur -= n
			s.notifyWaiters()
		default:
			front := len(s.waiters) > 0 && s.waiters[0] == w
			s.remove(w)
			// The head leaving may let the next ones fit.
			if front && s.size > s.cur {
				s.notifyWaiters()
			}
		}
		s.mu.Unlock()
		return ctx.Err()

	case <-ready:
		// Granted; still fail if ctx is done by now.
		select {
		case <-done:
			s.Release(n)
			return ctx.Err()
		default:
		}
		return nil
	}
}

// TryAcquire acquires the semaphore with a weight of n without blocking;
// it fails if the weight is not available or others are queued.
func (s *Weighted) TryAcquire(n int64) bool {
	if n < 0 {
		panic("semaphore: n < 0")
	}
	s.mu.Lock()
	ok := s.size-s.cur >= n && len(s.waiters) == 0
	if ok {
		s.cur += n
	}
	s.mu.Unlock()
	return ok
}

// Release releases the semaphore with a weight of n and grants the queued
// requests that now fit, in order.
func (s *Weighted) Release(n int64) {
	if n < 0 {
		panic("semaphore: n < 0")
	}
	s.mu.Lock()
	s.cur -= n
	if s.cur < 0 {
		s.mu.Unlock()
		panic("semaphore: released more than held")
	}
	s.notifyWaiters()
	s.mu.Unlock()
}

// notifyWaiters grants the waiters at the head of the queue while they
// fit. It stops at the first that does not: a smaller request behind it
// waits too, so that large requests are not starved.
func (s *Weighted) notifyWaiters() {
	for len(s.waiters) > 0 {
		w := s.waiters[0]
		if s.size-s.cur < w.n {
			break
		}
		s.cur += w.n
		s.waiters[0] = nil
		s.waiters = s.waiters[1:]
		close(w.ready)
	}
}

// remove takes w out of the queue.
func (s *Weighted) remove(w *waiter) {
	for i, x := range s.waiters {
		if x == w {
			s.waiters = append(s.waiters[:i], s.waiters[i+1:]...)
			return
		}
	}
}
