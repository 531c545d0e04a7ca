// Package errgroup is the scenes' golang.org/x/sync/errgroup (the
// behaviour of v0.25.0): a Group runs tasks in goroutines, Wait waits for
// all of them and returns the first error. It is ordinary Go over the
// scenes' sync package and channels, so its goroutines park and wake as
// the real package's do: Wait on the WaitGroup ("sync.WaitGroup.Wait"),
// Go on the limit's channel ("chan send") when SetLimit's bound is reached.
package errgroup

import (
	"fmt"
	"sync"
)

// token is one running goroutine's place under the limit.
type token struct{}

// A Group is a collection of goroutines working on subtasks of one task.
// The zero Group has no limit and does not cancel anything on error.
type Group struct {
	cancel func(error) // WithContext's cancellation, called with the first error

	wg sync.WaitGroup

	sem chan token // SetLimit's bound: a token per active goroutine

	errOnce sync.Once
	err     error
}

// done ends one goroutine's task: its token goes back, then the WaitGroup
// hears of it.
func (g *Group) done() {
	if g.sem != nil {
		<-g.sem
	}
	g.wg.Done()
}

// Wait blocks until every function started with Go or TryGo has returned,
// then returns the first non-nil error (if any) they returned. A Group
// made by WithContext cancels its context here at the latest.
func (g *Group) Wait() error {
	g.wg.Wait()
	if g.cancel != nil {
		g.cancel(g.err)
	}
	return g.err
}

// Go calls f in a new goroutine. With a limit set, Go first blocks until
// a running goroutine finishes and frees its place. The first f to return
// an error sets Wait's result and cancels the group's context.
func (g *Group) Go(f func() error) {
	if g.sem != nil {
		g.sem <- token{}
	}
	g.wg.Add(1)
	go func() {
		defer g.done()
		if err := f(); err != nil {
			g.errOnce.Do(func() {
				g.err = err
				if g.cancel != nil {
					g.cancel(g.err)
				}
			})
		}
	}()
}

// TryGo calls f in a new goroutine only if the limit leaves room for one,
// and reports whether it did; it never blocks.
func (g *Group) TryGo(f func() error) bool {
	if g.sem != nil {
		select {
		case g.sem <- token{}:
		default:
			return false
		}
	}
	g.wg.Add(1)
	go func() {
		defer g.done()
		if err := f(); err != nil {
			g.errOnce.Do(func() {
				g.err = err
				if g.cancel != nil {
					g.cancel(g.err)
				}
			})
		}
	}()
	return true
}

// SetLimit bounds the number of goroutines of the group active at once to
// n; a negative n removes the bound. It panics if goroutines of the group
// are active.
func (g *Group) SetLimit(n int) {
	if n < 0 {
		g.sem = nil
		return
	}
	if active := len(g.sem); active != 0 {
		panic(fmt.Errorf("errgroup: modify limit while %v goroutines in the group are still active", active))
	}
	g.sem = make(chan token, n)
}
