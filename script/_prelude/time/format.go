package time

// Formatting and parsing with layouts, as in the standard library: a
// layout is the reference time Mon Jan 2 15:04:05 MST 2006 written the way
// the times should look.

const (
	Layout      = "01/02 03:04:05PM '06 -0700"
	ANSIC       = "Mon Jan _2 15:04:05 2006"
	UnixDate    = "Mon Jan _2 15:04:05 MST 2006"
	RubyDate    = "Mon Jan 02 15:04:05 -0700 2006"
	RFC822      = "02 Jan 06 15:04 MST"
	RFC822Z     = "02 Jan 06 15:04 -0700"
	RFC850      = "Monday, 02-Jan-06 15:04:05 MST"
	RFC1123     = "Mon, 02 Jan 2006 15:04:05 MST"
	RFC1123Z    = "Mon, 02 Jan 2006 15:04:05 -0700"
	RFC3339     = "2006-01-02T15:04:05Z07:00"
	RFC3339Nano = "2006-01-02T15:04:05.999999999Z07:00"
	Kitchen     = "3:04PM"
	Stamp       = "Jan _2 15:04:05"
	StampMilli  = "Jan _2 15:04:05.000"
	StampMicro  = "Jan _2 15:04:05.000000"
	StampNano   = "Jan _2 15:04:05.000000000"
	DateTime    = "2006-01-02 15:04:05"
	DateOnly    = "2006-01-02"
	TimeOnly    = "15:04:05"
)

// The elements of a layout.
const (
	stdNone = iota
	stdLongMonth
	stdMonth
	stdNumMonth
	stdZeroMonth
	stdLongWeekDay
	stdWeekDay
	stdDay
	stdUnderDay
	stdZeroDay
	stdUnderYearDay
	stdZeroYearDay
	stdHour
	stdHour12
	stdZeroHour12
	stdMinute
	stdZeroMinute
	stdSecond
	stdZeroSecond
	stdLongYear
	stdYear
	stdPM
	stdpm
	stdTZ
	stdISO8601TZ
	stdISO8601SecondsTZ
	stdISO8601ShortTZ
	stdISO8601ColonTZ
	stdISO8601ColonSecondsTZ
	stdNumTZ
	stdNumSecondsTz
	stdNumShortTZ
	stdNumColonTZ
	stdNumColonSecondsTZ
	stdFracSecond0 // ".000": n digits, kept
	stdFracSecond9 // ".999": up to n digits, trailing zeros dropped
)

// nextStdChunk finds the first layout element in layout: the text before
// it, the element (and for fractions its width and separator) and the
// text after it.
func nextStdChunk(layout string) (prefix string, std, width int, sep byte, suffix string) {
	has := func(i int, s string) bool { return len(layout) >= i+len(s) && layout[i:i+len(s)] == s }
	for i := 0; i < len(layout); i++ {
		switch c := layout[i]; c {
		case 'J':
			if has(i, "January") {
				return layout[:i], stdLongMonth, 0, 0, layout[i+7:]
			}
			if has(i, "Jan") {
				return layout[:i], stdMonth, 0, 0, layout[i+3:]
			}
		case 'M':
			if has(i, "Monday") {
				return layout[:i], stdLongWeekDay, 0, 0, layout[i+6:]
			}
			if has(i, "Mon") {
				return layout[:i], stdWeekDay, 0, 0, layout[i+3:]
			}
			if has(i, "MST") {
				return layout[:i], stdTZ, 0, 0, layout[i+3:]
			}
		case '0':
			if has(i, "002") {
				return layout[:i], stdZeroYearDay, 0, 0, layout[i+3:]
			}
			if len(layout) >= i+2 && '1' <= layout[i+1] && layout[i+1] <= '6' {
				std := [...]int{stdZeroMonth, stdZeroDay, stdZeroHour12, stdZeroMinute, stdZeroSecond, stdYear}[layout[i+1]-'1']
				return layout[:i], std, 0, 0, layout[i+2:]
			}
		case '1':
			if has(i, "15") {
				return layout[:i], stdHour, 0, 0, layout[i+2:]
			}
			return layout[:i], stdNumMonth, 0, 0, layout[i+1:]
		case '2':
			if has(i, "2006") {
				return layout[:i], stdLongYear, 0, 0, layout[i+4:]
			}
			return layout[:i], stdDay, 0, 0, layout[i+1:]
		case '_':
			if has(i, "_2") {
				// _2006 is a literal _ then a year.
				if has(i, "_2006") {
					return layout[:i+1], stdLongYear, 0, 0, layout[i+5:]
				}
				return layout[:i], stdUnderDay, 0, 0, layout[i+2:]
			}
			if has(i, "__2") {
				return layout[:i], stdUnderYearDay, 0, 0, layout[i+3:]
			}
		case '3':
			return layout[:i], stdHour12, 0, 0, layout[i+1:]
		case '4':
			return layout[:i], stdMinute, 0, 0, layout[i+1:]
		case '5':
			return layout[:i], stdSecond, 0, 0, layout[i+1:]
		case 'P':
			if has(i, "PM") {
				return layout[:i], stdPM, 0, 0, layout[i+2:]
			}
		case 'p':
			if has(i, "pm") {
				return layout[:i], stdpm, 0, 0, layout[i+2:]
			}
		case '-':
			for _, z := range []struct {
				s   string
				std int
			}{{"-070000", stdNumSecondsTz}, {"-07:00:00", stdNumColonSecondsTZ}, {"-0700", stdNumTZ},
				{"-07:00", stdNumColonTZ}, {"-07", stdNumShortTZ}} {
				if has(i, z.s) {
					return layout[:i], z.std, 0, 0, layout[i+len(z.s):]
				}
			}
		case 'Z':
			for _, z := range []struct {
				s   string
				std int
			}{{"Z070000", stdISO8601SecondsTZ}, {"Z07:00:00", stdISO8601ColonSecondsTZ}, {"Z0700", stdISO8601TZ},
				{"Z07:00", stdISO8601ColonTZ}, {"Z07", stdISO8601ShortTZ}} {
				if has(i, z.s) {
					return layout[:i], z.std, 0, 0, layout[i+len(z.s):]
				}
			}
		case '.', ',':
			// .000 or .999: a fraction of a second, if not followed by a digit.
			if i+1 < len(layout) && (layout[i+1] == '0' || layout[i+1] == '9') {
				ch := layout[i+1]
				j := i + 1
				for j < len(layout) && layout[j] == ch {
					j++
				}
				if !(j < len(layout) && '0' <= layout[j] && layout[j] <= '9') {
					std := stdFracSecond0
					if ch == '9' {
						std = stdFracSecond9
					}
					return layout[:i], std, j - (i + 1), c, layout[j:]
				}
			}
		}
	}
	return layout, stdNone, 0, 0, ""
}

// pad appends v in decimal with at least width digits, zero-padded.
func pad(b []byte, v int64, width int) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	s := utoa(uint64(v))
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// String formats t as "2006-01-02 15:04:05.999999999 -0700 MST", followed
// by " m=±<seconds>" when t carries a monotonic clock reading.
func (t Time) String() string {
	s := t.Format("2006-01-02 15:04:05.999999999 -0700 MST")
	if t.mono {
		// The virtual monotonic clock starts at 0 with the process, like
		// the wall clock: the reading is t's seconds since the epoch.
		m := t.UnixNano()
		sign := byte('+')
		if m < 0 {
			sign = '-'
			m = -m
		}
		b := []byte(" m=")
		b = append(b, sign)
		b = pad(b, m/1e9, 1)
		b = append(b, '.')
		b = pad(b, m%1e9, 9)
		s += string(b)
	}
	return s
}

// GoString formats t as Go syntax (a call of time.Date).
func (t Time) GoString() string {
	y, m, d := t.Date()
	h, mi, s := t.Clock()
	loc := "time.Local"
	switch l := t.loc.get(); {
	case l == &utcLoc:
		loc = "time.UTC"
	case l != Local:
		loc = "time.Location(" + quote(l.name) + ")"
	}
	return "time.Date(" + itoa(int64(y)) + ", time." + m.String() + ", " + itoa(int64(d)) + ", " +
		itoa(int64(h)) + ", " + itoa(int64(mi)) + ", " + itoa(int64(s)) + ", " + itoa(t.nsec) + ", " + loc + ")"
}

// Format returns t formatted by layout.
func (t Time) Format(layout string) string {
	return string(t.AppendFormat(nil, layout))
}

// AppendFormat appends t formatted by layout to b.
func (t Time) AppendFormat(b []byte, layout string) []byte {
	year, month, day := t.Date()
	hour, min, sec := t.Clock()
	name, offset := t.Zone()
	for layout != "" {
		prefix, std, width, sep, suffix := nextStdChunk(layout)
		b = append(b, prefix...)
		if std == stdNone {
			break
		}
		layout = suffix
		switch std {
		case stdYear:
			y := year % 100
			if y < 0 {
				y = -y
			}
			b = pad(b, int64(y), 2)
		case stdLongYear:
			b = pad(b, int64(year), 4)
		case stdMonth:
			b = append(b, month.String()[:3]...)
		case stdLongMonth:
			b = append(b, month.String()...)
		case stdNumMonth:
			b = pad(b, int64(month), 0)
		case stdZeroMonth:
			b = pad(b, int64(month), 2)
		case stdWeekDay:
			b = append(b, t.Weekday().String()[:3]...)
		case stdLongWeekDay:
			b = append(b, t.Weekday().String()...)
		case stdDay:
			b = pad(b, int64(day), 0)
		case stdUnderDay:
			if day < 10 {
				b = append(b, ' ')
			}
			b = pad(b, int64(day), 0)
		case stdZeroDay:
			b = pad(b, int64(day), 2)
		case stdUnderYearDay:
			yd := t.YearDay()
			if yd < 100 {
				b = append(b, ' ')
				if yd < 10 {
					b = append(b, ' ')
				}
			}
			b = pad(b, int64(yd), 0)
		case stdZeroYearDay:
			b = pad(b, int64(t.YearDay()), 3)
		case stdHour:
			b = pad(b, int64(hour), 2)
		case stdHour12, stdZeroHour12:
			hr := hour % 12
			if hr == 0 {
				hr = 12
			}
			w := 0
			if std == stdZeroHour12 {
				w = 2
			}
			b = pad(b, int64(hr), w)
		case stdMinute:
			b = pad(b, int64(min), 0)
		case stdZeroMinute:
			b = pad(b, int64(min), 2)
		case stdSecond:
			b = pad(b, int64(sec), 0)
		case stdZeroSecond:
			b = pad(b, int64(sec), 2)
		case stdPM, stdpm:
			s := "AM"
			if hour >= 12 {
				s = "PM"
			}
			if std == stdpm {
				s = "am"
				if hour >= 12 {
					s = "pm"
				}
			}
			b = append(b, s...)
		case stdISO8601TZ, stdISO8601ColonTZ, stdISO8601SecondsTZ, stdISO8601ShortTZ, stdISO8601ColonSecondsTZ,
			stdNumTZ, stdNumColonTZ, stdNumSecondsTz, stdNumShortTZ, stdNumColonSecondsTZ:
			iso := std == stdISO8601TZ || std == stdISO8601ColonTZ || std == stdISO8601SecondsTZ ||
				std == stdISO8601ShortTZ || std == stdISO8601ColonSecondsTZ
			if iso && offset == 0 {
				b = append(b, 'Z')
				break
			}
			zone := offset / 60 // minutes
			abs := offset
			if zone < 0 {
				b = append(b, '-')
				zone = -zone
				abs = -abs
			} else {
				b = append(b, '+')
			}
			b = pad(b, int64(zone/60), 2)
			colon := std == stdISO8601ColonTZ || std == stdNumColonTZ || std == stdISO8601ColonSecondsTZ || std == stdNumColonSecondsTZ
			if colon {
				b = append(b, ':')
			}
			if std != stdNumShortTZ && std != stdISO8601ShortTZ {
				b = pad(b, int64(zone%60), 2)
			}
			if std == stdISO8601SecondsTZ || std == stdNumSecondsTz || std == stdNumColonSecondsTZ || std == stdISO8601ColonSecondsTZ {
				if colon {
					b = append(b, ':')
				}
				b = pad(b, int64(abs%60), 2)
			}
		case stdTZ:
			if name != "" {
				b = append(b, name...)
				break
			}
			zone := offset / 60
			if zone < 0 {
				b = append(b, '-')
				zone = -zone
			} else {
				b = append(b, '+')
			}
			b = pad(b, int64(zone/60), 2)
			b = pad(b, int64(zone%60), 2)
		case stdFracSecond0, stdFracSecond9:
			b = appendFrac(b, t.nsec, width, sep, std == stdFracSecond9)
		}
	}
	return b
}

// appendFrac appends the first n digits of the nanoseconds after sep;
// trim drops trailing zeros, and the separator too if nothing is left.
func appendFrac(b []byte, nsec int64, n int, sep byte, trim bool) []byte {
	if n > 9 {
		n = 9
	}
	var digits [9]byte
	v := nsec
	for i := 8; i >= 0; i-- {
		digits[i] = byte('0' + v%10)
		v /= 10
	}
	d := digits[:n]
	if trim {
		for len(d) > 0 && d[len(d)-1] == '0' {
			d = d[:len(d)-1]
		}
		if len(d) == 0 {
			return b
		}
	}
	b = append(b, sep)
	return append(b, d...)
}

// A ParseError describes a problem parsing a time string.
type ParseError struct {
	Layout     string
	Value      string
	LayoutElem string
	ValueElem  string
	Message    string
}

func (e *ParseError) Error() string {
	if e.Message == "" {
		return "parsing time " + quote(e.Value) + " as " + quote(e.Layout) + ": cannot parse " +
			quote(e.ValueElem) + " as " + quote(e.LayoutElem)
	}
	return "parsing time " + quote(e.Value) + e.Message
}

// quote is strconv.Quote for the strings times are made of.
func quote(s string) string {
	b := []byte{'"'}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < ' ' || c == 0x7f:
			const hex = "0123456789abcdef"
			b = append(b, '\\', 'x', hex[c>>4], hex[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}

// Parse parses value by layout; a time without a zone is UTC.
func Parse(layout, value string) (Time, error) {
	return parse(layout, value, UTC, Local)
}

// ParseInLocation is Parse, with loc for a time without a zone.
func ParseInLocation(layout, value string, loc *Location) (Time, error) {
	return parse(layout, value, loc, loc)
}

// lookup matches the start of val against one of names, ignoring case.
func lookup(names []string, val string) (int, string, bool) {
	for i, n := range names {
		if len(val) >= len(n) && equalFold(val[:len(n)], n) {
			return i, val[len(n):], true
		}
	}
	return -1, val, false
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// getnum reads a number of one or two digits (exactly two if fixed).
func getnum(s string, fixed bool) (int, string, bool) {
	if len(s) == 0 || s[0] < '0' || s[0] > '9' {
		return 0, s, false
	}
	if len(s) == 1 || s[1] < '0' || s[1] > '9' {
		if fixed {
			return 0, s, false
		}
		return int(s[0] - '0'), s[1:], true
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), s[2:], true
}

// getnum3 reads a number of one to three digits (exactly three if fixed).
func getnum3(s string, fixed bool) (int, string, bool) {
	n, i := 0, 0
	for ; i < 3 && i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
	}
	if i == 0 || fixed && i != 3 {
		return 0, s, false
	}
	return n, s[i:], true
}

func cutspace(s string) string {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	return s
}

// skip removes the literal prefix from value, matching runs of spaces
// loosely as the standard library does.
func skip(value, prefix string) (string, bool) {
	for len(prefix) > 0 {
		if prefix[0] == ' ' {
			if len(value) > 0 && value[0] != ' ' {
				return value, false
			}
			prefix = cutspace(prefix)
			value = cutspace(value)
			continue
		}
		if len(value) == 0 || value[0] != prefix[0] {
			return value, false
		}
		prefix = prefix[1:]
		value = value[1:]
	}
	return value, true
}

func atoiDigits(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// parseNanoseconds reads the digits of a fraction after its separator.
func parseNanoseconds(value string, n int) (int, bool) {
	if value[0] != '.' && value[0] != ',' {
		return 0, false
	}
	if n > 10 {
		n = 10
	}
	ns, ok := atoiDigits(value[1:n])
	if !ok {
		return 0, false
	}
	for i := n - 1; i < 9; i++ {
		ns *= 10
	}
	return ns, true
}

func parse(layout, value string, defaultLocation, local *Location) (Time, error) {
	alayout, avalue := layout, value
	var (
		year       int
		month      int = -1
		day        int = -1
		yday       int = -1
		hour, min  int
		sec, nsec  int
		pmSet      bool
		amSet      bool
		zoneOffset int = -1 << 31
		zoneName   string
	)
	for {
		prefix, std, width, _, suffix := nextStdChunk(layout)
		stdstr := layout[len(prefix) : len(layout)-len(suffix)]
		var ok bool
		value, ok = skip(value, prefix)
		if !ok {
			return Time{}, &ParseError{alayout, avalue, prefix, value, ""}
		}
		if std == stdNone {
			if len(value) != 0 {
				return Time{}, &ParseError{alayout, avalue, "", value, ": extra text: " + quote(value)}
			}
			break
		}
		layout = suffix
		hold := value
		rangeErr := ""
		ok = true
		switch std {
		case stdYear:
			if len(value) < 2 {
				ok = false
				break
			}
			year, ok = atoiDigits(value[:2])
			value = value[2:]
			if year >= 69 {
				year += 1900
			} else {
				year += 2000
			}
		case stdLongYear:
			if len(value) < 4 || value[0] < '0' || value[0] > '9' {
				ok = false
				break
			}
			year, ok = atoiDigits(value[:4])
			value = value[4:]
		case stdMonth, stdLongMonth:
			names := longMonthNames
			if std == stdMonth {
				names = make([]string, 12)
				for i, n := range longMonthNames {
					names[i] = n[:3]
				}
			}
			month, value, ok = lookup(names, value)
			month++
		case stdNumMonth, stdZeroMonth:
			month, value, ok = getnum(value, std == stdZeroMonth)
			if ok && (month <= 0 || 12 < month) {
				rangeErr = "month"
			}
		case stdWeekDay, stdLongWeekDay:
			names := longDayNames
			if std == stdWeekDay {
				names = make([]string, 7)
				for i, n := range longDayNames {
					names[i] = n[:3]
				}
			}
			_, value, ok = lookup(names, value)
		case stdDay, stdUnderDay, stdZeroDay:
			if std == stdUnderDay && len(value) > 0 && value[0] == ' ' {
				value = value[1:]
			}
			day, value, ok = getnum(value, std == stdZeroDay)
		case stdUnderYearDay, stdZeroYearDay:
			for i := 0; i < 2; i++ {
				if std == stdUnderYearDay && len(value) > 0 && value[0] == ' ' {
					value = value[1:]
				}
			}
			yday, value, ok = getnum3(value, std == stdZeroYearDay)
		case stdHour:
			hour, value, ok = getnum(value, false)
			if hour < 0 || 24 <= hour {
				rangeErr = "hour"
			}
		case stdHour12, stdZeroHour12:
			hour, value, ok = getnum(value, std == stdZeroHour12)
			if hour < 0 || 12 < hour {
				rangeErr = "hour"
			}
		case stdMinute, stdZeroMinute:
			min, value, ok = getnum(value, std == stdZeroMinute)
			if min < 0 || 60 <= min {
				rangeErr = "minute"
			}
		case stdSecond, stdZeroSecond:
			sec, value, ok = getnum(value, std == stdZeroSecond)
			if !ok {
				break
			}
			if sec < 0 || 60 <= sec {
				rangeErr = "second"
				break
			}
			// A fraction the layout does not show is read anyway.
			if len(value) >= 2 && (value[0] == '.' || value[0] == ',') && '0' <= value[1] && value[1] <= '9' {
				_, std2, _, _, _ := nextStdChunk(layout)
				if std2 == stdFracSecond0 || std2 == stdFracSecond9 {
					break
				}
				n := 2
				for ; n < len(value) && '0' <= value[n] && value[n] <= '9'; n++ {
				}
				nsec, ok = parseNanoseconds(value, n)
				value = value[n:]
			}
		case stdPM:
			if len(value) < 2 {
				ok = false
				break
			}
			switch value[:2] {
			case "PM":
				pmSet = true
			case "AM":
				amSet = true
			default:
				ok = false
			}
			value = value[2:]
		case stdpm:
			if len(value) < 2 {
				ok = false
				break
			}
			switch value[:2] {
			case "pm":
				pmSet = true
			case "am":
				amSet = true
			default:
				ok = false
			}
			value = value[2:]
		case stdISO8601TZ, stdISO8601ShortTZ, stdISO8601ColonTZ, stdISO8601SecondsTZ, stdISO8601ColonSecondsTZ,
			stdNumTZ, stdNumShortTZ, stdNumColonTZ, stdNumSecondsTz, stdNumColonSecondsTZ:
			iso := std == stdISO8601TZ || std == stdISO8601ShortTZ || std == stdISO8601ColonTZ ||
				std == stdISO8601SecondsTZ || std == stdISO8601ColonSecondsTZ
			if iso && len(value) >= 1 && value[0] == 'Z' {
				value = value[1:]
				zoneOffset, zoneName = 0, "UTC"
				break
			}
			var hh, mm, ss string
			colon := std == stdISO8601ColonTZ || std == stdNumColonTZ || std == stdISO8601ColonSecondsTZ || std == stdNumColonSecondsTZ
			secs := std == stdISO8601SecondsTZ || std == stdNumSecondsTz || std == stdISO8601ColonSecondsTZ || std == stdNumColonSecondsTZ
			short := std == stdISO8601ShortTZ || std == stdNumShortTZ
			n := 5
			switch {
			case short:
				n = 3
			case colon && secs:
				n = 9
			case colon:
				n = 6
			case secs:
				n = 7
			}
			if len(value) < n || value[0] != '+' && value[0] != '-' {
				ok = false
				break
			}
			sign := value[0]
			hh = value[1:3]
			switch {
			case short:
				mm = "00"
			case colon:
				if value[3] != ':' {
					ok = false
					break
				}
				mm = value[4:6]
			default:
				mm = value[3:5]
			}
			if !ok {
				break
			}
			ss = "00"
			if secs {
				if colon {
					if value[6] != ':' {
						ok = false
						break
					}
					ss = value[7:9]
				} else {
					ss = value[5:7]
				}
			}
			value = value[n:]
			h, ok1 := atoiDigits(hh)
			m, ok2 := atoiDigits(mm)
			s, ok3 := atoiDigits(ss)
			if !ok1 || !ok2 || !ok3 {
				ok = false
				break
			}
			if h > 24 || m > 60 || s > 60 {
				rangeErr = "time zone offset"
				break
			}
			zoneOffset = (h*60+m)*60 + s
			if sign == '-' {
				zoneOffset = -zoneOffset
			}
		case stdTZ:
			if len(value) >= 3 && value[:3] == "UTC" {
				zoneName = "UTC"
				value = value[3:]
				break
			}
			n := 0
			for n < len(value) && 'A' <= value[n] && value[n] <= 'Z' {
				n++
			}
			if n < 3 {
				ok = false
				break
			}
			zoneName, value = value[:n], value[n:]
		case stdFracSecond0:
			ndigit := 1 + width
			if len(value) < ndigit {
				ok = false
				break
			}
			nsec, ok = parseNanoseconds(value, ndigit)
			value = value[ndigit:]
		case stdFracSecond9:
			if len(value) < 2 || (value[0] != '.' && value[0] != ',') || value[1] < '0' || value[1] > '9' {
				break // the fraction is optional
			}
			i := 0
			for i+1 < len(value) && i < 9 && '0' <= value[i+1] && value[i+1] <= '9' {
				i++
			}
			nsec, ok = parseNanoseconds(value, 1+i)
			value = value[1+i:]
		}
		if rangeErr != "" {
			return Time{}, &ParseError{alayout, avalue, stdstr, value, ": " + rangeErr + " out of range"}
		}
		if !ok {
			return Time{}, &ParseError{alayout, avalue, stdstr, hold, ""}
		}
	}
	if pmSet && hour < 12 {
		hour += 12
	} else if amSet && hour == 12 {
		hour = 0
	}
	if yday >= 0 {
		if yday < 1 || yday > 365+btoi(daysIn(February, year) == 29) {
			return Time{}, &ParseError{alayout, avalue, "", value, ": day-of-year out of range"}
		}
		if month < 0 {
			month, day = 1, yday
			for daysIn(Month(month), year) < day {
				day -= daysIn(Month(month), year)
				month++
			}
		}
	}
	if month < 0 {
		month = 1
	}
	if day < 0 {
		day = 1
	}
	if day < 1 || day > daysIn(Month(month), year) {
		return Time{}, &ParseError{alayout, avalue, "", value, ": day out of range"}
	}
	if zoneOffset != -1<<31 {
		t := Date(year, Month(month), day, hour, min, sec, nsec, UTC)
		t.sec -= int64(zoneOffset)
		if local.get().offset == zoneOffset && (zoneName == "" || local.get().abbr == zoneName) {
			t.loc = local
		} else {
			t.loc = FixedZone(zoneName, zoneOffset)
		}
		return t, nil
	}
	if zoneName != "" {
		t := Date(year, Month(month), day, hour, min, sec, nsec, UTC)
		if zoneName == "UTC" {
			return t, nil
		}
		// An unknown abbreviation: a zone of that name at offset 0.
		t.loc = FixedZone(zoneName, 0)
		return t, nil
	}
	return Date(year, Month(month), day, hour, min, sec, nsec, defaultLocation), nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseDurationError describes a problem parsing a duration string.
type parseDurationError struct {
	message string
	value   string
}

func (e *parseDurationError) Error() string {
	return "time: " + e.message + " " + quote(e.value)
}

var unitMap = map[string]uint64{
	"ns": uint64(Nanosecond),
	"us": uint64(Microsecond),
	"µs": uint64(Microsecond), // U+00B5 micro sign
	"μs": uint64(Microsecond), // U+03BC Greek mu
	"ms": uint64(Millisecond),
	"s":  uint64(Second),
	"m":  uint64(Minute),
	"h":  uint64(Hour),
}

// ParseDuration parses a duration string such as "300ms", "-1.5h" or
// "2h45m": decimal numbers, each with an optional fraction and a unit
// (ns, us or µs, ms, s, m, h).
func ParseDuration(s string) (Duration, error) {
	orig := s
	var d uint64
	neg := false
	if s != "" {
		c := s[0]
		if c == '-' || c == '+' {
			neg = c == '-'
			s = s[1:]
		}
	}
	if s == "0" {
		return 0, nil
	}
	if s == "" {
		return 0, &parseDurationError{"invalid duration", orig}
	}
	for s != "" {
		var v, f uint64
		scale := 1.0
		var err bool
		// The integer part.
		if !(s[0] == '.' || '0' <= s[0] && s[0] <= '9') {
			return 0, &parseDurationError{"invalid duration", orig}
		}
		pl := len(s)
		v, s, err = leadingInt(s)
		if err {
			return 0, &parseDurationError{"invalid duration", orig}
		}
		pre := pl != len(s)
		// The fraction.
		post := false
		if s != "" && s[0] == '.' {
			s = s[1:]
			pl := len(s)
			f, scale, s = leadingFraction(s)
			post = pl != len(s)
		}
		if !pre && !post {
			return 0, &parseDurationError{"invalid duration", orig}
		}
		// The unit.
		i := 0
		for ; i < len(s); i++ {
			c := s[i]
			if c == '.' || '0' <= c && c <= '9' {
				break
			}
		}
		if i == 0 {
			return 0, &parseDurationError{"missing unit in duration", orig}
		}
		u := s[:i]
		s = s[i:]
		unit, ok := unitMap[u]
		if !ok {
			return 0, &parseDurationError{"unknown unit " + quote(u) + " in duration", orig}
		}
		if v > 1<<63/unit {
			return 0, &parseDurationError{"invalid duration", orig}
		}
		v *= unit
		if f > 0 {
			v += uint64(float64(f) * (float64(unit) / scale))
			if v > 1<<63 {
				return 0, &parseDurationError{"invalid duration", orig}
			}
		}
		d += v
		if d > 1<<63 {
			return 0, &parseDurationError{"invalid duration", orig}
		}
	}
	if neg {
		return -Duration(d), nil
	}
	if d > 1<<63-1 {
		return 0, &parseDurationError{"invalid duration", orig}
	}
	return Duration(d), nil
}

// leadingInt consumes the leading [0-9]* of s.
func leadingInt(s string) (x uint64, rem string, overflow bool) {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			break
		}
		if x > 1<<63/10 {
			return 0, rem, true
		}
		x = x*10 + uint64(c) - '0'
		if x > 1<<63 {
			return 0, rem, true
		}
	}
	return x, s[i:], false
}

// leadingFraction consumes the leading [0-9]* of s as a fraction: x/scale.
func leadingFraction(s string) (x uint64, scale float64, rem string) {
	i := 0
	scale = 1
	overflow := false
	for ; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			break
		}
		if overflow {
			continue
		}
		if x > (1<<63-1)/10 {
			overflow = true
			continue
		}
		y := x*10 + uint64(c) - '0'
		if y > 1<<63 {
			overflow = true
			continue
		}
		x = y
		scale *= 10
	}
	return x, scale, s[i:]
}
