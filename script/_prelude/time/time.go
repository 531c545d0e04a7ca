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

// A Time is an instant with nanosecond precision, as in the standard
// library: the zero Time is January 1, year 1, 00:00:00 UTC. The virtual
// clock starts at the Unix epoch, so time.Now() early in a scene reads
// 1970-01-01 00:00:00.000…; its monotonic reading (m=+… in String) is the
// same number of seconds.
//
// The natives of sleep.go build the Times a timer sends: keep sec, nsec and
// mono the first three fields.
type Time struct {
	sec  int64     // seconds since January 1, year 1 00:00:00 UTC
	nsec int64     // [0, 999999999]
	mono bool      // read from the clock (Now, a timer's channel)
	loc  *Location // nil means UTC
}

// unixToInternal is the Unix epoch in seconds since January 1, year 1.
const unixToInternal int64 = (1969*365 + 1969/4 - 1969/100 + 1969/400) * secondsPerDay

const (
	secondsPerMinute = 60
	secondsPerHour   = 60 * secondsPerMinute
	secondsPerDay    = 24 * secondsPerHour
)

// Now is the virtual clock's reading, in the Local location.
func Now() Time {
	ns := now()
	return Time{sec: unixToInternal + ns/1e9, nsec: ns % 1e9, mono: true, loc: Local}
}

func now() int64

// Sleep parks the goroutine on a timer for d.
func Sleep(d Duration)

// Since is Now().Sub(t).
func Since(t Time) Duration { return Now().Sub(t) }

// Until is t.Sub(Now()).
func Until(t Time) Duration { return t.Sub(Now()) }

// Add returns t+d.
func (t Time) Add(d Duration) Time {
	dsec := int64(d / 1e9)
	nsec := t.nsec + int64(d%1e9)
	if nsec >= 1e9 {
		dsec++
		nsec -= 1e9
	} else if nsec < 0 {
		dsec--
		nsec += 1e9
	}
	t.sec += dsec
	t.nsec = nsec
	return t
}

// Sub returns t-u, saturated at the extreme Durations.
func (t Time) Sub(u Time) Duration {
	ds := t.sec - u.sec
	dn := t.nsec - u.nsec
	const maxSec = int64(maxDuration / 1e9)
	switch {
	case ds > maxSec:
		return maxDuration
	case ds < -maxSec:
		return minDuration
	}
	d := Duration(ds)*Second + Duration(dn)
	// Near the edges, the sum can still overflow.
	if ds > 0 && d < 0 {
		return maxDuration
	}
	if ds < 0 && d > 0 {
		return minDuration
	}
	return d
}

func (t Time) Before(u Time) bool { return t.sec < u.sec || t.sec == u.sec && t.nsec < u.nsec }
func (t Time) After(u Time) bool  { return t.sec > u.sec || t.sec == u.sec && t.nsec > u.nsec }
func (t Time) Equal(u Time) bool  { return t.sec == u.sec && t.nsec == u.nsec }

// Compare returns -1, 0 or +1 as t is before, equal to or after u.
func (t Time) Compare(u Time) int {
	switch {
	case t.Before(u):
		return -1
	case t.After(u):
		return 1
	}
	return 0
}

// IsZero reports whether t is the zero Time, January 1, year 1, UTC.
func (t Time) IsZero() bool { return t.sec == 0 && t.nsec == 0 }

// Unix, UnixMilli, UnixMicro and UnixNano are t since the Unix epoch.
func (t Time) Unix() int64      { return t.sec - unixToInternal }
func (t Time) UnixMilli() int64 { return t.Unix()*1e3 + t.nsec/1e6 }
func (t Time) UnixMicro() int64 { return t.Unix()*1e6 + t.nsec/1e3 }
func (t Time) UnixNano() int64  { return t.Unix()*1e9 + t.nsec }

// Nanosecond returns the nanosecond offset within the second.
func (t Time) Nanosecond() int { return int(t.nsec) }

// Unix returns the local Time of sec seconds and nsec nanoseconds since
// the Unix epoch; nsec may be outside [0, 999999999].
func Unix(sec int64, nsec int64) Time {
	if nsec < 0 || nsec >= 1e9 {
		n := nsec / 1e9
		sec += n
		nsec -= n * 1e9
		if nsec < 0 {
			nsec += 1e9
			sec--
		}
	}
	return Time{sec: sec + unixToInternal, nsec: nsec, loc: Local}
}

// UnixMilli and UnixMicro return the local Time since the Unix epoch.
func UnixMilli(msec int64) Time { return Unix(msec/1e3, (msec%1e3)*1e6) }
func UnixMicro(usec int64) Time { return Unix(usec/1e6, (usec%1e6)*1e3) }

// Truncate rounds t down to a multiple of d since the zero time; it drops
// the monotonic reading.
func (t Time) Truncate(d Duration) Time {
	t.mono = false
	if d <= 0 {
		return t
	}
	return t.Add(-t.mod(d))
}

// Round rounds t to the nearest multiple of d since the zero time, halfway
// values up; it drops the monotonic reading.
func (t Time) Round(d Duration) Time {
	t.mono = false
	if d <= 0 {
		return t
	}
	r := t.mod(d)
	if uint64(r)+uint64(r) < uint64(d) {
		return t.Add(-r)
	}
	return t.Add(d - r)
}

// mod is t since the zero time, modulo d (d > 0).
func (t Time) mod(d Duration) Duration {
	m := uint64(d)
	sec := t.sec
	neg := sec < 0
	if neg {
		sec = -sec
	}
	r := mulmod(uint64(sec), 1e9, m)
	if neg {
		r = (m - r) % m
	}
	r = (r + uint64(t.nsec)%m) % m
	return Duration(r)
}

// mulmod is a*b mod m without overflow.
func mulmod(a, b, m uint64) uint64 {
	a %= m
	var r uint64
	for b > 0 {
		if b&1 != 0 {
			r = addmod(r, a, m)
		}
		a = addmod(a, a, m)
		b >>= 1
	}
	return r
}

func addmod(x, y, m uint64) uint64 {
	if x >= m-y {
		return x - (m - y)
	}
	return x + y
}
