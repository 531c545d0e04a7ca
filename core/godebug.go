package core

import (
	"fmt"
	"strconv"
	"strings"
)

// godebugKeys are the GODEBUG settings the simulator models, in the order
// GODEBUG.String writes them.
var godebugKeys = []string{"asyncpreemptoff", "schedtrace", "scheddetail", "updatemaxprocs", "adaptivestackstart", "gcshrinkstackoff"}

// Set applies a GODEBUG value such as "asyncpreemptoff=1,schedtrace=100"
// to d, left to right so a later setting of a key wins, as the runtime
// reads GODEBUG at start-up (runtime1.go:parsegodebug). A field without
// "=" is skipped, as parsegodebug skips it. Keys the simulator does not
// model are returned in unknown and otherwise ignored, as the runtime
// ignores them; the caller decides whether that is an error. A modelled
// key with a value that is not a non-negative integer is an error (the
// runtime would silently keep its default, which hides a typo).
func (d *GODEBUG) Set(v string) (unknown []string, err error) {
	for _, field := range strings.Split(v, ",") {
		field = strings.TrimSpace(field)
		key, val, ok := strings.Cut(field, "=")
		if !ok {
			continue
		}
		if !isGODEBUGKey(key) {
			unknown = append(unknown, key)
			continue
		}
		n, perr := strconv.ParseInt(val, 10, 32)
		if perr != nil || n < 0 {
			return unknown, fmt.Errorf("GODEBUG %s=%s: want a non-negative number", key, val)
		}
		switch key {
		case "asyncpreemptoff":
			d.AsyncPreemptOff = n == 1
		case "schedtrace":
			d.SchedTrace = int(n)
		case "scheddetail":
			d.SchedDetail = n == 1
		case "updatemaxprocs":
			d.UpdateMaxProcs = int(n)
		case "adaptivestackstart":
			d.AdaptiveStackStartOff = n == 0
		case "gcshrinkstackoff":
			d.GCShrinkStackOff = n > 0
		}
	}
	return unknown, nil
}

func isGODEBUGKey(k string) bool {
	for _, m := range godebugKeys {
		if k == m {
			return true
		}
	}
	return false
}

// ParseGODEBUG returns the settings of a GODEBUG value applied over the
// defaults (DefaultConfig's Debug), with the keys it does not model.
func ParseGODEBUG(v string) (GODEBUG, []string, error) {
	d := GODEBUG{UpdateMaxProcs: -1}
	unknown, err := d.Set(v)
	return d, unknown, err
}

// Traces says whether the settings make the runtime print schedtrace
// lines: schedtrace=N with N > 0 (proc.go:sysmon prints them every N ms;
// scheddetail only changes what a line holds).
func (d GODEBUG) Traces() bool { return d.SchedTrace > 0 }
