package time

import "errors"

// A Location is a time zone with one fixed offset. Scenes know UTC, Local
// (which is UTC, as on a machine without a time zone configured) and the
// zones FixedZone makes; there is no zone database.
type Location struct {
	name   string
	abbr   string // the zone abbreviation times print
	offset int    // seconds east of UTC
}

var utcLoc = Location{name: "UTC", abbr: "UTC"}
var localLoc = Location{name: "Local", abbr: "UTC"}

// UTC is Coordinated Universal Time.
var UTC *Location = &utcLoc

// Local is the system's local time zone: UTC in scenes.
var Local *Location = &localLoc

// String returns the location's name.
func (l *Location) String() string { return l.get().name }

func (l *Location) get() *Location {
	if l == nil {
		return &utcLoc
	}
	return l
}

// FixedZone returns a Location that always uses name and offset (seconds
// east of UTC).
func FixedZone(name string, offset int) *Location {
	return &Location{name: name, abbr: name, offset: offset}
}

// LoadLocation knows "", "UTC" and "Local".
func LoadLocation(name string) (*Location, error) {
	switch name {
	case "", "UTC":
		return UTC, nil
	case "Local":
		return Local, nil
	}
	return nil, errors.New("unknown time zone " + name)
}

// UTC, Local and In return t in another location, without its monotonic
// reading.
func (t Time) UTC() Time   { t.loc, t.mono = &utcLoc, false; return t }
func (t Time) Local() Time { t.loc, t.mono = Local, false; return t }
func (t Time) In(loc *Location) Time {
	if loc == nil {
		panic("time: missing Location in call to Time.In")
	}
	t.loc, t.mono = loc, false
	return t
}

// Location returns t's location.
func (t Time) Location() *Location {
	if t.loc == nil {
		return UTC
	}
	return t.loc
}

// Zone returns the zone abbreviation and its offset in seconds east of UTC.
func (t Time) Zone() (name string, offset int) {
	l := t.loc.get()
	return l.abbr, l.offset
}

// A Month is a month of the year (January = 1).
type Month int

const (
	January Month = 1 + iota
	February
	March
	April
	May
	June
	July
	August
	September
	October
	November
	December
)

var longMonthNames = []string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// String returns the English name of the month ("January").
func (m Month) String() string {
	if January <= m && m <= December {
		return longMonthNames[m-1]
	}
	return "%!Month(" + itoa(int64(m)) + ")"
}

// A Weekday is a day of the week (Sunday = 0).
type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

var longDayNames = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// String returns the English name of the day ("Sunday").
func (d Weekday) String() string {
	if Sunday <= d && d <= Saturday {
		return longDayNames[d]
	}
	return "%!Weekday(" + itoa(int64(d)) + ")"
}

func itoa(v int64) string {
	if v < 0 {
		return "-" + utoa(uint64(-v))
	}
	return utoa(uint64(v))
}

// daysFromCivil is the number of days from 1970-01-01 to y-m-d of the
// proleptic Gregorian calendar (H. Hinnant's days_from_civil).
func daysFromCivil(y int64, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y
	if era < 0 {
		era -= 399
	}
	era /= 400
	yoe := y - era*400
	mp := int64(m) + 9
	if m > 2 {
		mp = int64(m) - 3
	}
	doy := (153*mp+2)/5 + int64(d) - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// civilFromDays is the inverse of daysFromCivil.
func civilFromDays(z int64) (y int64, m, d int) {
	z += 719468
	era := z
	if era < 0 {
		era -= 146096
	}
	era /= 146097
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = int(doy - (153*mp+2)/5 + 1)
	if mp < 10 {
		m = int(mp + 3)
	} else {
		m = int(mp - 9)
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

// abs is t's seconds since the zero time in its own zone.
func (t Time) abs() int64 { return t.sec + int64(t.loc.get().offset) }

// days is the count of days since 1970-01-01 in t's zone, and the seconds
// into that day.
func (t Time) days() (int64, int64) {
	s := t.abs() - unixToInternal
	d := s / secondsPerDay
	r := s % secondsPerDay
	if r < 0 {
		d--
		r += secondsPerDay
	}
	return d, r
}

// Date returns the year, month and day of t.
func (t Time) Date() (year int, month Month, day int) {
	d, _ := t.days()
	y, m, dd := civilFromDays(d)
	return int(y), Month(m), dd
}

func (t Time) Year() int    { y, _, _ := t.Date(); return y }
func (t Time) Month() Month { _, m, _ := t.Date(); return m }
func (t Time) Day() int     { _, _, d := t.Date(); return d }
func (t Time) Hour() int    { h, _, _ := t.Clock(); return h }
func (t Time) Minute() int  { _, m, _ := t.Clock(); return m }
func (t Time) Second() int  { _, _, s := t.Clock(); return s }
func (t Time) YearDay() int {
	d, _ := t.days()
	y, _, _ := civilFromDays(d)
	return int(d-daysFromCivil(y, 1, 1)) + 1
}
func (t Time) Weekday() Weekday {
	d, _ := t.days()
	w := (d + 4) % 7 // 1970-01-01 was a Thursday
	if w < 0 {
		w += 7
	}
	return Weekday(w)
}

// Clock returns the hour, minute and second within t's day.
func (t Time) Clock() (hour, min, sec int) {
	_, r := t.days()
	return int(r / secondsPerHour), int(r % secondsPerHour / secondsPerMinute), int(r % secondsPerMinute)
}

// ISOWeek returns the ISO 8601 year and week number of t.
func (t Time) ISOWeek() (year, week int) {
	// The week's Thursday decides its year.
	wd := int(t.Weekday()+6) % 7 // Monday = 0
	th := t.AddDate(0, 0, 3-wd)
	return th.Year(), (th.YearDay()-1)/7 + 1
}

// Date returns the Time of yyyy-mm-dd hh:mm:ss + nsec nanoseconds in loc;
// values out of their usual ranges carry over, as October 32 is November 1.
func Date(year int, month Month, day, hour, min, sec, nsec int, loc *Location) Time {
	if loc == nil {
		panic("time: missing Location in call to Date")
	}
	// Normalize month into [1, 12], carrying into the year.
	m := int(month) - 1
	year += m / 12
	m %= 12
	if m < 0 {
		m += 12
		year--
	}
	// Fold nsec, sec, min and hour into the seconds of the day count.
	total := int64(sec) + int64(nsec/1e9)
	ns := int64(nsec % 1e9)
	if ns < 0 {
		ns += 1e9
		total--
	}
	total += int64(min)*secondsPerMinute + int64(hour)*secondsPerHour
	days := daysFromCivil(int64(year), m+1, 1) + int64(day) - 1
	unix := days*secondsPerDay + total - int64(loc.get().offset)
	return Time{sec: unix + unixToInternal, nsec: ns, loc: loc}
}

// AddDate adds years, months and days to t, normalizing like Date.
func (t Time) AddDate(years int, months int, days int) Time {
	y, m, d := t.Date()
	h, mi, s := t.Clock()
	r := Date(y+years, m+Month(months), d+days, h, mi, s, int(t.nsec), t.Location())
	r.loc = t.loc
	return r
}

// daysIn is the number of days of month m of year.
func daysIn(m Month, year int) int {
	if m == February {
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	}
	if m == April || m == June || m == September || m == November {
		return 30
	}
	return 31
}
