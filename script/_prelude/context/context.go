// Package context is the scenes' context package, written in Go the way
// the standard library's context.go works: a cancelable context closes its
// done channel and cancels its children under its mutex, a deadline is a
// time.AfterFunc timer, and a parent of a type this package does not know
// gets a goroutine that waits for it to be done. The scheduling it causes
// (the mutex, the channel close that readies waiters, the timer goroutine)
// is therefore the real one's.
//
// Where the standard library loads and stores atomically (the done channel
// and the error of a cancelCtx), this code reads and writes plain fields:
// the VM runs each goroutine's instructions between scheduler operations
// without interruption, so a plain read sees the whole value.
package context

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// A Context carries a deadline, a cancellation signal and request-scoped
// values across API boundaries and between goroutines.
type Context interface {
	// Deadline returns the time when work done for this context should
	// be canceled; ok is false when there is none.
	Deadline() (deadline time.Time, ok bool)
	// Done returns a channel that is closed when work done for this
	// context should be canceled; nil if it can never be canceled.
	Done() <-chan struct{}
	// Err is nil while Done is not closed, then Canceled or
	// DeadlineExceeded.
	Err() error
	// Value returns the value associated with key, or nil.
	Value(key any) any
}

// Canceled is the error Err returns when the context was canceled.
var Canceled = errors.New("context canceled")

// DeadlineExceeded is the error Err returns when the deadline passed.
var DeadlineExceeded error = deadlineExceededError{}

type deadlineExceededError struct{}

func (deadlineExceededError) Error() string   { return "context deadline exceeded" }
func (deadlineExceededError) Timeout() bool   { return true }
func (deadlineExceededError) Temporary() bool { return true }

// emptyCtx is never canceled, has no values and no deadline.
type emptyCtx struct{}

func (emptyCtx) Deadline() (deadline time.Time, ok bool) { return }
func (emptyCtx) Done() <-chan struct{}                   { return nil }
func (emptyCtx) Err() error                              { return nil }
func (emptyCtx) Value(key any) any                       { return nil }

type backgroundCtx struct{ emptyCtx }

func (backgroundCtx) String() string { return "context.Background" }

type todoCtx struct{ emptyCtx }

func (todoCtx) String() string { return "context.TODO" }

// Background returns the empty root context.
func Background() Context { return backgroundCtx{} }

// TODO returns an empty context, for code that does not know which to use.
func TODO() Context { return todoCtx{} }

// A CancelFunc tells an operation to abandon its work.
type CancelFunc func()

// A CancelCauseFunc cancels with a cause, which Cause then returns.
type CancelCauseFunc func(cause error)

// WithCancel returns a copy of parent with a new Done channel, closed when
// cancel is called or when the parent's Done channel is closed.
func WithCancel(parent Context) (ctx Context, cancel CancelFunc) {
	c := withCancel(parent)
	return c, func() { c.cancel(true, Canceled, nil) }
}

// WithCancelCause is WithCancel whose cancel records a cause.
func WithCancelCause(parent Context) (ctx Context, cancel CancelCauseFunc) {
	c := withCancel(parent)
	return c, func(cause error) { c.cancel(true, Canceled, cause) }
}

func withCancel(parent Context) *cancelCtx {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	c := &cancelCtx{}
	c.propagateCancel(parent, c)
	return c
}

// Cause returns why c was canceled: the cause given to a CancelCauseFunc
// (or WithDeadlineCause, WithTimeoutCause), else c.Err().
func Cause(c Context) error {
	err := c.Err()
	if err == nil {
		return nil
	}
	if cc, ok := c.Value(&cancelCtxKey).(*cancelCtx); ok {
		cc.mu.Lock()
		cause := cc.cause
		cc.mu.Unlock()
		if cause != nil {
			return cause
		}
	}
	return err
}

// AfterFunc arranges for f to run in its own goroutine once ctx is done,
// at once if it already is. stop stops that; it reports whether it did.
func AfterFunc(ctx Context, f func()) (stop func() bool) {
	a := &afterFuncCtx{f: f}
	a.cancelCtx.propagateCancel(ctx, a)
	return func() bool {
		stopped := false
		a.once.Do(func() { stopped = true })
		if stopped {
			a.cancel(true, Canceled, nil)
		}
		return stopped
	}
}

// afterFuncer is a context with its own AfterFunc, which propagation uses
// instead of a goroutine.
type afterFuncer interface {
	AfterFunc(func()) func() bool
}

type afterFuncCtx struct {
	cancelCtx
	once sync.Once // starts f or stops it from starting, whichever is first
	f    func()
}

func (a *afterFuncCtx) cancel(removeFromParent bool, err, cause error) {
	a.cancelCtx.cancel(false, err, cause)
	if removeFromParent {
		removeChild(a.Context, a)
	}
	a.once.Do(func() { go a.f() })
}

// stopCtx is the parent of a cancelCtx that was registered through the
// parent's AfterFunc; stop unregisters it.
type stopCtx struct {
	Context
	stop func() bool
}

// cancelCtxKey's address is the key under which a cancelCtx returns itself.
var cancelCtxKey int

// parentCancelCtx returns the *cancelCtx underneath parent, if parent's
// Done channel is that context's own (not a wrapper with another one).
func parentCancelCtx(parent Context) (*cancelCtx, bool) {
	done := parent.Done()
	if done == closedchan || done == nil {
		return nil, false
	}
	p, ok := parent.Value(&cancelCtxKey).(*cancelCtx)
	if !ok {
		return nil, false
	}
	if p.done != done {
		return nil, false
	}
	return p, true
}

// removeChild takes child off its parent's list of children.
func removeChild(parent Context, child canceler) {
	if s, ok := parent.(stopCtx); ok {
		s.stop()
		return
	}
	p, ok := parentCancelCtx(parent)
	if !ok {
		return
	}
	p.mu.Lock()
	if p.children != nil {
		delete(p.children, child)
	}
	p.mu.Unlock()
}

// A canceler can be canceled directly: *cancelCtx and *timerCtx.
type canceler interface {
	cancel(removeFromParent bool, err, cause error)
	Done() <-chan struct{}
}

// closedchan is the Done channel of a context canceled before anyone
// asked for its channel.
var closedchan = make(chan struct{})

func init() { close(closedchan) }

// A cancelCtx can be canceled; canceling it cancels its children.
type cancelCtx struct {
	Context

	mu       sync.Mutex            // protects the fields below
	done     chan struct{}         // made lazily, closed by the first cancel
	children map[canceler]struct{} // nil after the first cancel
	err      error                 // set by the first cancel
	cause    error                 // set by the first cancel
}

func (c *cancelCtx) Value(key any) any {
	if key == &cancelCtxKey {
		return c
	}
	return value(c.Context, key)
}

func (c *cancelCtx) Done() <-chan struct{} {
	if d := c.done; d != nil {
		return d
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done == nil {
		c.done = make(chan struct{})
	}
	return c.done
}

func (c *cancelCtx) Err() error {
	if err := c.err; err != nil {
		// Receiving from Done orders this call after the close.
		<-c.Done()
		return err
	}
	return nil
}

// propagateCancel arranges for child to be canceled when parent is.
func (c *cancelCtx) propagateCancel(parent Context, child canceler) {
	c.Context = parent

	done := parent.Done()
	if done == nil {
		return // the parent is never canceled
	}
	select {
	case <-done:
		// The parent is already canceled.
		child.cancel(false, parent.Err(), Cause(parent))
		return
	default:
	}

	if p, ok := parentCancelCtx(parent); ok {
		// The parent is a *cancelCtx, or derives from one.
		p.mu.Lock()
		if p.err != nil {
			child.cancel(false, p.err, p.cause)
		} else {
			if p.children == nil {
				p.children = make(map[canceler]struct{})
			}
			p.children[child] = struct{}{}
		}
		p.mu.Unlock()
		return
	}

	if a, ok := parent.(afterFuncer); ok {
		// The parent implements an AfterFunc method.
		c.mu.Lock()
		stop := a.AfterFunc(func() {
			child.cancel(false, parent.Err(), Cause(parent))
		})
		c.Context = stopCtx{Context: parent, stop: stop}
		c.mu.Unlock()
		return
	}

	// A parent of another kind: a goroutine waits for either to be done.
	go func() {
		select {
		case <-parent.Done():
			child.cancel(false, parent.Err(), Cause(parent))
		case <-child.Done():
		}
	}()
}

type stringer interface {
	String() string
}

func contextName(c Context) string {
	if s, ok := c.(stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", c)
}

func (c *cancelCtx) String() string {
	return contextName(c.Context) + ".WithCancel"
}

// cancel closes c.done, cancels each of c's children and, if
// removeFromParent, removes c from its parent's children. The first call
// sets the error and the cause (err if cause is nil); later calls do
// nothing.
func (c *cancelCtx) cancel(removeFromParent bool, err, cause error) {
	if err == nil {
		panic("context: internal error: missing cancel error")
	}
	if cause == nil {
		cause = err
	}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return // already canceled
	}
	c.err = err
	c.cause = cause
	if c.done == nil {
		c.done = closedchan
	} else {
		close(c.done)
	}
	for child := range c.children {
		// The parent's lock is held while the child takes its own.
		child.cancel(false, err, cause)
	}
	c.children = nil
	c.mu.Unlock()

	if removeFromParent {
		removeChild(c.Context, c)
	}
}

// WithoutCancel returns a copy of parent that is not canceled when parent
// is, and has no deadline, but keeps its values.
func WithoutCancel(parent Context) Context {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	return withoutCancelCtx{parent}
}

type withoutCancelCtx struct {
	c Context
}

func (withoutCancelCtx) Deadline() (deadline time.Time, ok bool) { return }
func (withoutCancelCtx) Done() <-chan struct{}                   { return nil }
func (withoutCancelCtx) Err() error                              { return nil }
func (c withoutCancelCtx) Value(key any) any                     { return value(c, key) }
func (c withoutCancelCtx) String() string                        { return contextName(c.c) + ".WithoutCancel" }

// WithDeadline returns a copy of parent that is done at d at the latest.
func WithDeadline(parent Context, d time.Time) (Context, CancelFunc) {
	return WithDeadlineCause(parent, d, nil)
}

// WithDeadlineCause is WithDeadline whose expiry records cause.
func WithDeadlineCause(parent Context, d time.Time, cause error) (Context, CancelFunc) {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	if cur, ok := parent.Deadline(); ok && cur.Before(d) {
		// The parent's deadline is earlier: a plain cancelCtx will do.
		return WithCancel(parent)
	}
	c := &timerCtx{deadline: d}
	c.cancelCtx.propagateCancel(parent, c)
	dur := time.Until(d)
	if dur <= 0 {
		c.cancel(true, DeadlineExceeded, cause) // the deadline has passed
		return c, func() { c.cancel(false, Canceled, nil) }
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.timer = time.AfterFunc(dur, func() {
			c.cancel(true, DeadlineExceeded, cause)
		})
	}
	return c, func() { c.cancel(true, Canceled, nil) }
}

// A timerCtx is a cancelCtx with a deadline, canceled by its timer.
type timerCtx struct {
	cancelCtx
	timer *time.Timer // under cancelCtx.mu

	deadline time.Time
}

func (c *timerCtx) Deadline() (deadline time.Time, ok bool) {
	return c.deadline, true
}

func (c *timerCtx) String() string {
	return contextName(c.cancelCtx.Context) + ".WithDeadline(" +
		c.deadline.String() + " [" +
		time.Until(c.deadline).String() + "])"
}

func (c *timerCtx) cancel(removeFromParent bool, err, cause error) {
	c.cancelCtx.cancel(false, err, cause)
	if removeFromParent {
		// Remove this timerCtx from its parent cancelCtx's children.
		removeChild(c.cancelCtx.Context, c)
	}
	c.mu.Lock()
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	c.mu.Unlock()
}

// WithTimeout is WithDeadline(parent, time.Now().Add(timeout)).
func WithTimeout(parent Context, timeout time.Duration) (Context, CancelFunc) {
	return WithDeadline(parent, time.Now().Add(timeout))
}

// WithTimeoutCause is WithDeadlineCause(parent, time.Now().Add(timeout), cause).
func WithTimeoutCause(parent Context, timeout time.Duration, cause error) (Context, CancelFunc) {
	return WithDeadlineCause(parent, time.Now().Add(timeout), cause)
}

// WithValue returns a copy of parent in which key is associated with val.
// The key must be comparable.
func WithValue(parent Context, key, val any) Context {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	if key == nil {
		panic("nil key")
	}
	if !isComparable(key) {
		panic("key is not comparable")
	}
	return &valueCtx{parent, key, val}
}

// isComparable reports whether key's dynamic type is comparable: comparing
// an uncomparable one panics.
func isComparable(key any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return key == key
}

// A valueCtx carries one key-value pair and delegates the rest.
type valueCtx struct {
	Context
	key, val any
}

func stringify(v any) string {
	switch s := v.(type) {
	case stringer:
		return s.String()
	case string:
		return s
	case nil:
		return "<nil>"
	}
	return fmt.Sprintf("%T", v)
}

func (c *valueCtx) String() string {
	return contextName(c.Context) + ".WithValue(" +
		stringify(c.key) + ", " +
		stringify(c.val) + ")"
}

func (c *valueCtx) Value(key any) any {
	if c.key == key {
		return c.val
	}
	return value(c.Context, key)
}

// value walks up the chain of known context types without recursion.
func value(c Context, key any) any {
	for {
		switch ctx := c.(type) {
		case *valueCtx:
			if key == ctx.key {
				return ctx.val
			}
			c = ctx.Context
		case *cancelCtx:
			if key == &cancelCtxKey {
				return c
			}
			c = ctx.Context
		case withoutCancelCtx:
			if key == &cancelCtxKey {
				// A context made by WithoutCancel has no cancelCtx.
				return nil
			}
			c = ctx.c
		case *timerCtx:
			if key == &cancelCtxKey {
				return &ctx.cancelCtx
			}
			c = ctx.Context
		case backgroundCtx, todoCtx:
			return nil
		default:
			return c.Value(key)
		}
	}
}
