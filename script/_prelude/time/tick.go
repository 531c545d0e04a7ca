package time

// A Ticker holds a channel that delivers the time at intervals. A tick
// nobody receives is not queued: a slow receiver gets the next tick at the
// next multiple of the period.
type Ticker struct {
	C  <-chan Time
	id int64 // the simulator's timer; 0 for a Ticker not made by NewTicker
}

// NewTicker returns a Ticker that sends the time every d. d must be
// greater than zero.
func NewTicker(d Duration) *Ticker {
	if d <= 0 {
		panic("non-positive interval for NewTicker")
	}
	id, c := newTimer(d, d, clockTime)
	return &Ticker{C: c, id: id}
}

// Stop turns off the ticker; no more ticks are sent. It does not close C.
func (t *Ticker) Stop() {
	if t.id == 0 {
		return
	}
	stopTimer(t.id)
}

// Reset stops the ticker and resets its period to d; the next tick comes
// after d.
func (t *Ticker) Reset(d Duration) {
	if d <= 0 {
		panic("non-positive interval for Ticker.Reset")
	}
	if t.id == 0 {
		panic("time: Reset called on uninitialized Ticker")
	}
	resetTimer(t.id, d, d)
}

// Tick is NewTicker(d).C, or nil if d <= 0.
func Tick(d Duration) <-chan Time {
	if d <= 0 {
		return nil
	}
	return NewTicker(d).C
}
