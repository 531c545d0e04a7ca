package scene

import (
	"math"
	"sync/atomic"
	"time"
)

// Tuning of Work's clock checks.
const (
	// workChunk is the CPU time Work aims to spend between two readings of
	// the clock: long enough that reading the clock costs well under 1%,
	// short enough that Work overshoots d by only a few microseconds.
	workChunk = 5 * time.Microsecond
	// workSlack and workTolerance decide when a chunk took too long to have
	// been spent on the CPU: a chunk is credited in full when it took at
	// most workTolerance times its expected length plus workSlack.
	workSlack     = 5 * time.Microsecond
	workTolerance = 3
	// workMaxCalls bounds the calls in one chunk.
	workMaxCalls = 1 << 20
)

// workSink keeps the result of Work's loop observable, so that no compiler
// can decide the loop is useless.
var workSink atomic.Uint64

// Work spends d of CPU time in a loop of function calls.
//
// The loop calls a small function that the compiler may not inline and
// that itself calls another one, so its prologue keeps the stack check:
// every iteration is a cooperative preemption point, and the loop can also
// be preempted asynchronously, which matches the simulator's Work.
//
// The simulator's Work(d) is d of CPU time: while the goroutine waits for
// a P, its work does not advance. Work here does the same by measuring the
// goroutine's on-CPU progress rather than wall time. It reads the
// monotonic clock after every chunk of calls (about 5µs of work) and adds
// the chunk's elapsed time to the progress when the chunk took about as
// long as it would undisturbed: at most three times what its calls take at
// the fastest rate seen so far in this call, plus 5µs. A chunk that took
// longer was interrupted, because the goroutine was preempted and waited
// in a run queue or because the operating system ran another thread; it
// is credited only the time its calls need at that fastest rate. So on a
// shared P, Work(d) takes d of CPU time and more than d of wall time, as
// in the simulator. The estimate errs towards running longer: a slower
// CPU for a while (another hyperthread busy, a lower clock frequency)
// makes Work run for more wall time, never less than d.
func Work(d time.Duration) {
	if d <= 0 {
		return
	}
	start := time.Now()
	var (
		acc  uint64
		done time.Duration // on-CPU progress credited so far
		last time.Duration // clock reading, since start, after the previous chunk
		best = math.Inf(1) // fastest undisturbed nanoseconds per call seen
		n    = 64          // calls in the next chunk
	)
	for done < d {
		for range n {
			acc = workStep(acc)
		}
		now := time.Since(start)
		gap := now - last
		last = now
		if math.IsInf(best, 1) {
			// No rate is known yet: credit the wall time, which also
			// guarantees that Work ends on any clock.
			done += gap
		} else {
			expected := time.Duration(best * float64(n))
			if gap <= workTolerance*expected+workSlack {
				done += gap
			} else {
				done += max(expected, 1)
				continue // an interrupted chunk says nothing about the rate
			}
		}
		if gap > 0 {
			best = min(best, float64(gap)/float64(n))
			want := min(workChunk, d-done)
			n = int(min(max(float64(want)/best, 1), workMaxCalls))
		}
	}
	workSink.Store(acc)
}

// workStep is the call inside Work's loop. It calls workMix, so it is not a
// leaf function and keeps its stack-check prologue, where a pending
// preemption request is noticed.
//
//go:noinline
func workStep(x uint64) uint64 {
	return workMix(x) + 1
}

// workMix scrambles its argument a little; its only job is to be called.
//
//go:noinline
func workMix(x uint64) uint64 {
	return (x ^ x>>29) * 0x9e3779b97f4a7c15
}
