package present

import (
	"fmt"
	"time"
)

// Timer is the talk's clock: it starts when the presenter first moves
// (so that setting up on the title slide does not count), can be paused
// and reset, and is shown as mm:ss.
type Timer struct {
	started bool          // has run since the last reset
	running bool          // counting now
	base    time.Duration // counted before since
	since   time.Time     // when it last started counting
}

// TimerState is a Timer as the two windows exchange it: elapsed time, not
// clock readings, so the two processes need not agree on the time.
type TimerState struct {
	Started   bool  `json:"started"`
	Running   bool  `json:"running"`
	ElapsedMS int64 `json:"elapsed_ms"`
}

// Elapsed is the time counted at now.
func (t *Timer) Elapsed(now time.Time) time.Duration {
	d := t.base
	if t.running {
		d += now.Sub(t.since)
	}
	return max(d, 0)
}

// Started reports whether the timer has started since it was last reset.
func (t *Timer) Started() bool { return t.started }

// Running reports whether the timer is counting.
func (t *Timer) Running() bool { return t.running }

// Start starts the timer if it has not started since the last reset.
func (t *Timer) Start(now time.Time) bool {
	if t.started {
		return false
	}
	t.started, t.running, t.since = true, true, now
	return true
}

// Toggle pauses a running timer and resumes a paused one (it starts one
// that has not started).
func (t *Timer) Toggle(now time.Time) {
	switch {
	case !t.started:
		t.Start(now)
	case t.running:
		t.base += now.Sub(t.since)
		t.running = false
	default:
		t.running, t.since = true, now
	}
}

// Reset zeroes the timer; it starts again at the next move.
func (t *Timer) Reset() { *t = Timer{} }

// State is the timer as sent to the other window.
func (t *Timer) State(now time.Time) TimerState {
	return TimerState{Started: t.started, Running: t.running, ElapsedMS: t.Elapsed(now).Milliseconds()}
}

// SetState makes the timer show what the other window's showed at now.
func (t *Timer) SetState(s TimerState, now time.Time) {
	*t = Timer{started: s.Started, running: s.Running && s.Started, since: now}
	if s.Started {
		t.base = time.Duration(max(s.ElapsedMS, 0)) * time.Millisecond
	}
}

// String formats the time counted at now as mm:ss.
func (t *Timer) String(now time.Time) string { return FormatElapsed(t.Elapsed(now)) }

// FormatElapsed formats d as mm:ss, whole seconds rounded down; past an
// hour the minutes keep counting ("75:03"), which reads unambiguously on
// a talk timer.
func FormatElapsed(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int64(d / time.Second)
	return fmt.Sprintf("%02d:%02d", s/60, s%60)
}
