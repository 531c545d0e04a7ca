// Package time is the scenes' time package: the virtual clock of the
// simulator. Durations and their printing are ordinary Go.
package time

// A Duration is a span of virtual time in nanoseconds.
type Duration int64

const (
	Nanosecond  Duration = 1
	Microsecond          = 1000 * Nanosecond
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
	Minute               = 60 * Second
	Hour                 = 60 * Minute
)

// Nanoseconds, Microseconds, … convert like the standard library.
func (d Duration) Nanoseconds() int64  { return int64(d) }
func (d Duration) Microseconds() int64 { return int64(d) / 1e3 }
func (d Duration) Milliseconds() int64 { return int64(d) / 1e6 }
func (d Duration) Seconds() float64 {
	sec := d / Second
	nsec := d % Second
	return float64(sec) + float64(nsec)/1e9
}
func (d Duration) Minutes() float64 {
	min := d / Minute
	nsec := d % Minute
	return float64(min) + float64(nsec)/(60*1e9)
}
func (d Duration) Hours() float64 {
	hour := d / Hour
	nsec := d % Hour
	return float64(hour) + float64(nsec)/(60*60*1e9)
}

// Truncate rounds d toward zero to a multiple of m.
func (d Duration) Truncate(m Duration) Duration {
	if m <= 0 {
		return d
	}
	return d - d%m
}

// Round rounds d to the nearest multiple of m, halfway values away from zero.
func (d Duration) Round(m Duration) Duration {
	if m <= 0 {
		return d
	}
	r := d % m
	if d < 0 {
		r = -r
		if r+r < m {
			return d + r
		}
		if d1 := d - m + r; d1 < d {
			return d1
		}
		return minDuration
	}
	if r+r < m {
		return d - r
	}
	if d1 := d + m - r; d1 > d {
		return d1
	}
	return maxDuration
}

// Abs is the absolute value of d.
func (d Duration) Abs() Duration {
	switch {
	case d >= 0:
		return d
	case d == minDuration:
		return maxDuration
	default:
		return -d
	}
}

const (
	minDuration Duration = -1 << 63
	maxDuration Duration = 1<<63 - 1
)

// String formats d as "72h3m0.5s", "1.5ms", "0s".
func (d Duration) String() string {
	if d == 0 {
		return "0s"
	}
	neg := d < 0
	u := uint64(d)
	if neg {
		u = -u
	}
	var s string
	if u < uint64(Second) {
		switch {
		case u < uint64(Microsecond):
			s = utoa(u) + "ns"
		case u < uint64(Millisecond):
			s = frac(u, 3) + "µs"
		default:
			s = frac(u, 6) + "ms"
		}
	} else {
		secs := frac(u%uint64(Minute), 9) + "s"
		mins := u / uint64(Minute)
		switch {
		case mins == 0:
			s = secs
		case mins < 60:
			s = utoa(mins) + "m" + secs
		default:
			s = utoa(mins/60) + "h" + utoa(mins%60) + "m" + secs
		}
	}
	if neg {
		return "-" + s
	}
	return s
}

// frac prints v/10^prec without the fraction's trailing zeros.
func frac(v uint64, prec int) string {
	pow := uint64(1)
	for i := 0; i < prec; i++ {
		pow *= 10
	}
	whole, f := v/pow, v%pow
	if f == 0 {
		return utoa(whole)
	}
	digits := make([]byte, prec)
	for i := prec - 1; i >= 0; i-- {
		digits[i] = byte('0' + f%10)
		f /= 10
	}
	n := prec
	for n > 0 && digits[n-1] == '0' {
		n--
	}
	return utoa(whole) + "." + string(digits[:n])
}

func utoa(v uint64) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	return string(b[i:])
}

// A Time is an instant of the virtual clock.
type Time struct{ ns int64 }

// Now is the virtual clock's reading.
func Now() Time { return Time{ns: now()} }

func now() int64

// Sleep parks the goroutine on a timer for d.
func Sleep(d Duration)

// Since is Now().Sub(t).
func Since(t Time) Duration { return Now().Sub(t) }

// Until is t.Sub(Now()).
func Until(t Time) Duration { return t.Sub(Now()) }

func (t Time) Sub(u Time) Duration { return Duration(t.ns - u.ns) }
func (t Time) Add(d Duration) Time { return Time{ns: t.ns + int64(d)} }
func (t Time) Before(u Time) bool  { return t.ns < u.ns }
func (t Time) After(u Time) bool   { return t.ns > u.ns }
func (t Time) Equal(u Time) bool   { return t.ns == u.ns }
func (t Time) Compare(u Time) int {
	switch {
	case t.ns < u.ns:
		return -1
	case t.ns > u.ns:
		return 1
	}
	return 0
}
func (t Time) IsZero() bool             { return t.ns == 0 }
func (t Time) UnixNano() int64          { return t.ns }
func (t Time) Round(d Duration) Time    { return Time{ns: int64(Duration(t.ns).Round(d))} }
func (t Time) Truncate(d Duration) Time { return Time{ns: int64(Duration(t.ns).Truncate(d))} }
