package script

import (
	"fmt"
	"strconv"
	"strings"
)

// Values in the VM are Go values of these types. int and int64 are both
// int64; the other scene types get their own so that printing and
// arithmetic follow the real types.
type (
	durV  int64 // time.Duration
	timeV int64 // time.Time: virtual nanoseconds since the process started
	chanV int64 // a channel id; 0 is the nil channel
	syncV int64 // a *sync.WaitGroup or *sync.Mutex id
)

// String formats like time.Duration.String: "1.5ms", "2s", "1m30s", "0s".
func (d durV) String() string { return formatDuration(int64(d)) }

func (t timeV) String() string { return "virtual+" + formatDuration(int64(t)) }

func (c chanV) String() string {
	if c == 0 {
		return "<nil>"
	}
	return fmt.Sprintf("0xc%09x", int64(c)*0x60)
}

func (s syncV) String() string { return fmt.Sprintf("&{%d}", int64(s)) }

// formatDuration writes d the way the time package does: below one second
// in the largest unit among ns, µs, ms with a trimmed fraction; from one
// second in h, m and s.
func formatDuration(d int64) string {
	if d == 0 {
		return "0s"
	}
	neg := d < 0
	u := uint64(d)
	if neg {
		u = -u
	}
	var s string
	if u < 1e9 {
		switch {
		case u < 1e3:
			s = strconv.FormatUint(u, 10) + "ns"
		case u < 1e6:
			s = fracString(u, 3) + "µs"
		default:
			s = fracString(u, 6) + "ms"
		}
	} else {
		secs := fracString(u%60e9, 9) + "s"
		mins := u / 60e9
		switch {
		case mins == 0:
			s = secs
		case mins < 60:
			s = strconv.FormatUint(mins, 10) + "m" + secs
		default:
			s = strconv.FormatUint(mins/60, 10) + "h" + strconv.FormatUint(mins%60, 10) + "m" + secs
		}
	}
	if neg {
		return "-" + s
	}
	return s
}

// fracString prints v / 10^prec with the fraction's trailing zeros removed.
func fracString(v uint64, prec int) string {
	pow := uint64(1)
	for range prec {
		pow *= 10
	}
	whole, frac := v/pow, v%pow
	if frac == 0 {
		return strconv.FormatUint(whole, 10)
	}
	fs := fmt.Sprintf("%0*d", prec, frac)
	return strconv.FormatUint(whole, 10) + "." + strings.TrimRight(fs, "0")
}

// printArg converts a VM value for the fmt package: funcs print as an
// address like the real ones do.
func printArg(v any) any {
	switch v := v.(type) {
	case *closure:
		if v == nil {
			return "<nil>"
		}
		return fmt.Sprintf("0x%x", 0x47e000+v.fn.index*0x20)
	case nil:
		return "<nil>"
	}
	return v
}

func fmtArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = printArg(a)
	}
	return out
}

// runtimePrint formats like the builtins print and println: ints and
// strings as is, bools as true/false, durations as integers; println
// separates them with spaces, print does not.
func runtimePrint(args []any, sep string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case int64:
			parts[i] = strconv.FormatInt(a, 10)
		case durV:
			parts[i] = strconv.FormatInt(int64(a), 10)
		case timeV:
			parts[i] = strconv.FormatInt(int64(a), 10)
		case bool:
			parts[i] = strconv.FormatBool(a)
		case string:
			parts[i] = a
		case chanV:
			parts[i] = a.String()
		default:
			parts[i] = fmt.Sprint(printArg(a))
		}
	}
	return strings.Join(parts, sep)
}

func toInt(v any) int64 {
	switch v := v.(type) {
	case int64:
		return v
	case durV:
		return int64(v)
	case timeV:
		return int64(v)
	case chanV:
		return int64(v)
	case syncV:
		return int64(v)
	case bool:
		if v {
			return 1
		}
	}
	return 0
}
