package time

// Timers are the simulator's (core/timerchan.go), with the Go 1.23+
// semantics of runtime/time.go: a Timer's or Ticker's channel is
// synchronous, its timer sits on a P's heap only while a goroutine is
// blocked on the channel, and a receive on an expired timer that never
// ran runs it on the spot. The natives below hand the simulator the ops.

// A Timer sends the current time on C once, when it fires, unless it was
// made by AfterFunc, which calls a function in its own goroutine instead.
type Timer struct {
	C  <-chan Time
	id int64 // the simulator's timer; 0 for a Timer not made by NewTimer or AfterFunc
}

// NewTimer makes a Timer that sends the time on its channel after at least d.
func NewTimer(d Duration) *Timer {
	id, c := newTimer(d, 0, clockTime)
	return &Timer{C: c, id: id}
}

// Stop prevents the Timer from firing. It returns true if the call stops
// the timer, false if the timer has already expired and its value was
// received, or it was stopped. Since Go 1.23 a value not yet received is
// discarded, so no stale value can be received after Stop.
func (t *Timer) Stop() bool {
	if t.id == 0 {
		panic("time: Stop called on uninitialized Timer")
	}
	return stopTimer(t.id)
}

// Reset changes the timer to fire after d. It returns true if the timer
// had been active, false if it had expired (and been received from) or
// been stopped.
func (t *Timer) Reset(d Duration) bool {
	if t.id == 0 {
		panic("time: Reset called on uninitialized Timer")
	}
	return resetTimer(t.id, d, 0)
}

// After waits for the duration to elapse and then sends the current time
// on the returned channel: NewTimer(d).C.
func After(d Duration) <-chan Time { return NewTimer(d).C }

// AfterFunc waits for the duration to elapse and then calls f in its own
// goroutine. The Timer can stop the call with its Stop method; its C is nil.
func AfterFunc(d Duration, f func()) *Timer { return &Timer{id: afterFunc(d, f)} }

// newTimer arms a timer that fires after d, then every period if period >
// 0, sending on its channel (runtime/time.go:newTimer) the time it was
// due: proto with its sec and nsec set (time/sleep.go:sendTime sends
// Now().Add(-delay), a reading of the clock).
func newTimer(d, period Duration, proto Time) (int64, chan Time)

// clockTime is what the clock's readings have besides the instant.
var clockTime = Time{mono: true, loc: Local}

// afterFunc arms a timer that starts go f() when it fires.
func afterFunc(d Duration, f func()) int64

// stopTimer and resetTimer are runtime/time.go's.
func stopTimer(id int64) bool
func resetTimer(id int64, d, period Duration) bool
