// Package iter is the scenes' iter: the iterator function types that
// range-over-func loops, slices and maps use, and Pull.
//
// The real Pull runs the iterator in a coroutine, a goroutine that the
// runtime switches to directly; here it is a goroutine that next and stop
// hand control to over channels, so the scheduler sees it wake and park.
package iter

// Seq is an iterator over single values: it calls yield with each value
// in turn, stopping early if yield returns false.
type Seq[V any] func(yield func(V) bool)

// Seq2 is an iterator over pairs of values.
type Seq2[K, V any] func(yield func(K, V) bool)

// Pull turns the push iterator seq into next, which returns each value in
// turn (and false at the end), and stop, which ends the iteration early.
// A panic of seq comes out of the call of next or stop that resumed it.
func Pull[V any](seq Seq[V]) (next func() (V, bool), stop func()) {
	p := newPuller()
	var v V
	go p.run(func(yield func() bool) {
		seq(func(x V) bool {
			v = x
			return yield()
		})
	}, func() {
		var zero V
		v = zero
	})
	next = func() (V, bool) {
		ok := p.resume(true)
		return v, ok
	}
	stop = func() { p.resume(false) }
	return next, stop
}

// Pull2 is Pull for an iterator over pairs.
func Pull2[K, V any](seq Seq2[K, V]) (next func() (K, V, bool), stop func()) {
	p := newPuller()
	var k K
	var v V
	go p.run(func(yield func() bool) {
		seq(func(x K, y V) bool {
			k, v = x, y
			return yield()
		})
	}, func() {
		var zk K
		var zv V
		k, v = zk, zv
	})
	next = func() (K, V, bool) {
		ok := p.resume(true)
		return k, v, ok
	}
	stop = func() { p.resume(false) }
	return next, stop
}

// A puller runs an iterator in its own goroutine, one value at a time.
type puller struct {
	wake     chan bool     // to the iterator: go on (true) or stop (false)
	paused   chan struct{} // from it: a value is ready, or it has ended
	done     bool          // it has ended
	ok       bool          // the last resume produced a value
	panicked bool
	panicVal any
}

func newPuller() *puller {
	return &puller{wake: make(chan bool), paused: make(chan struct{})}
}

// run is the iterator's goroutine: it waits to be resumed, then runs the
// iterator, pausing at each value; clear zeroes the values at the end.
func (p *puller) run(iterate func(yield func() bool), clear func()) {
	defer func() {
		if r := recover(); r != nil {
			p.panicked, p.panicVal = true, r
		}
		p.done, p.ok = true, false
		clear()
		p.paused <- struct{}{}
	}()
	if !<-p.wake {
		return
	}
	iterate(func() bool {
		p.ok = true
		p.paused <- struct{}{}
		return <-p.wake
	})
}

// resume hands control to the iterator until it pauses or ends, and
// reports whether it produced a value; it re-raises the iterator's panic.
func (p *puller) resume(more bool) bool {
	if p.done {
		return false
	}
	p.ok = false
	p.wake <- more
	<-p.paused
	if p.panicked {
		p.panicked = false
		panic(p.panicVal)
	}
	return p.ok
}
