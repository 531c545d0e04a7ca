package script

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gmpbook/gmpbook/core"
)

// Settings are a scene's knobs. Info-string keys, //scene keys and command
// line flags share these names (docs/spec/scenes.md §4).
type Settings struct {
	Procs   int    // GOMAXPROCS; 0: $GOMAXPROCS, else 4
	Seed    uint64 // seed of every random choice
	Go      string // runtime version to model
	Startup string // faithful or clean
	Until   int64  // stop after this much virtual time (ns); 0: the default bound
	Timing  string // measured (default) or fixed latencies (core.Timing)
	CPUs    int    // CPUs the simulated OS has; 0: as many as Ps
	Load    int    // other programs' CPU-bound threads on the host (core.Config.Load); 0 unless set
	Title   string
	ID      string
	set     map[string]bool
}

// SettingKeys lists the keys a scene may set: RunKeys, then the scene's
// title and id.
var SettingKeys = append(RunKeys[:len(RunKeys):len(RunKeys)], "title", "id")

// IsSet reports whether key was given explicitly.
func (s Settings) IsSet(key string) bool { return s.set[key] }

// ParseSettings reads space-separated key=value pairs; values may be
// double-quoted. Errors name the key and say what is allowed.
func ParseSettings(text string) (Settings, error) {
	var st Settings
	fields, err := splitFields(text)
	if err != nil {
		return st, err
	}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return st, fmt.Errorf("setting %q is not key=value", f)
		}
		if err := st.Set(k, v); err != nil {
			return st, err
		}
	}
	return st, nil
}

// Set assigns one setting, validating its value.
func (s *Settings) Set(key, val string) error {
	switch key {
	case "procs":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > 256 {
			return fmt.Errorf("procs=%s: want a number of Ps from 1 to 256", val)
		}
		s.Procs = n
	case "cpus":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > 256 {
			return fmt.Errorf("cpus=%s: want a number of CPUs from 1 to 256", val)
		}
		s.CPUs = n
	case "load":
		n, err := strconv.Atoi(val)
		if err != nil || !slices.Contains(core.LoadLevels, n) {
			return fmt.Errorf("load=%s: want how many other programs keep the CPUs busy, one of the measured levels 0, 2, 4 or 8", val)
		}
		s.Load = n
	case "timing":
		if val != "measured" && val != "fixed" {
			return fmt.Errorf("timing=%s: want measured or fixed", val)
		}
		s.Timing = val
	case "seed":
		n, err := strconv.ParseUint(val, 10, 64)
		if err != nil {
			return fmt.Errorf("seed=%s: want a non-negative integer", val)
		}
		s.Seed = n
	case "go":
		if _, err := core.ParseVersion(val); err != nil {
			return fmt.Errorf("go=%s: %v", val, err)
		}
		s.Go = val
	case "startup":
		if val != "faithful" && val != "clean" {
			return fmt.Errorf("startup=%s: want faithful or clean", val)
		}
		s.Startup = val
	case "until":
		d, err := ParseDuration(val)
		if err != nil || d <= 0 || d > int64(time1h) {
			return fmt.Errorf("until=%s: want a duration such as 50ms, at most 1h", val)
		}
		s.Until = d
	case "title":
		s.Title = val
	case "id":
		for _, r := range val {
			if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_') {
				return fmt.Errorf("id=%s: use letters, digits, - and _", val)
			}
		}
		s.ID = val
	default:
		return fmt.Errorf("unknown setting %q (have %s)", key, strings.Join(SettingKeys, ", "))
	}
	if s.set == nil {
		s.set = map[string]bool{}
	}
	s.set[key] = true
	return nil
}

const time1h = 3600 * core.Second

// Merge returns s with every setting that over sets explicitly.
func (s Settings) Merge(over Settings) Settings {
	out := s
	out.set = map[string]bool{}
	for k := range s.set {
		out.set[k] = true
	}
	for k := range over.set {
		out.set[k] = true
		switch k {
		case "procs":
			out.Procs = over.Procs
		case "seed":
			out.Seed = over.Seed
		case "cpus":
			out.CPUs = over.CPUs
		case "load":
			out.Load = over.Load
		case "timing":
			out.Timing = over.Timing
		case "go":
			out.Go = over.Go
		case "startup":
			out.Startup = over.Startup
		case "until":
			out.Until = over.Until
		case "title":
			out.Title = over.Title
		case "id":
			out.ID = over.ID
		}
	}
	return out
}

// DefaultUntil bounds a scene that sets no until: a minute of virtual time.
const DefaultUntil = 60 * core.Second

// Config turns settings plus the environment (GOMAXPROCS, GODEBUG) into a
// simulator configuration. getenv may be nil.
func (s Settings) Config(getenv func(string) string) (core.Config, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	procs := s.Procs
	custom := true
	if procs == 0 {
		if v := getenv("GOMAXPROCS"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 256 {
				return core.Config{}, fmt.Errorf("GOMAXPROCS=%s: want a number from 1 to 256", v)
			}
			procs = n
		} else {
			procs, custom = 4, false
		}
	}
	cfg := core.DefaultConfig(procs)
	cfg.CustomProcs = custom
	cfg.Seed = 1
	if s.set["seed"] {
		cfg.Seed = s.Seed
	}
	if s.Go != "" {
		v, err := core.ParseVersion(s.Go)
		if err != nil {
			return cfg, err
		}
		cfg.Version = v
	}
	if s.Startup == "clean" {
		cfg.Startup = core.StartupClean
	}
	// Scenes get the measured latencies unless they ask for the constants.
	cfg.Timing = core.TimingMeasured
	if s.Timing == "fixed" {
		cfg.Timing = core.TimingFixed
	}
	cfg.CPUs = s.CPUs
	// An idle machine unless the scene says under what load its real
	// runs were captured (core.Config.Load), as cpus is.
	cfg.Load = s.Load
	cfg.Limits.MaxTime = core.Time(DefaultUntil)
	if s.Until > 0 {
		cfg.Limits.MaxTime = core.Time(s.Until)
	}
	cfg.Limits.MaxGoroutines = 1_000_000
	cfg.Limits.MaxEvents = 20_000_000
	if err := ApplyGODEBUG(&cfg, getenv("GODEBUG")); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// ApplyGODEBUG honours the GODEBUG settings the simulator models and
// ignores the others, as the runtime ignores unknown keys
// (core.GODEBUG.Set reads the value).
func ApplyGODEBUG(cfg *core.Config, v string) error {
	_, err := cfg.Debug.Set(v)
	return err
}

// ParseDuration reads a duration like time.ParseDuration for the units
// scenes use (ns, us, µs, ms, s, m, h), e.g. "1.5ms", "2s", "1m30s".
func ParseDuration(s string) (int64, error) {
	orig := s
	if s == "" {
		return 0, fmt.Errorf("empty duration")
	}
	if s == "0" {
		return 0, nil
	}
	var total float64
	for s != "" {
		i := 0
		for i < len(s) && (s[i] == '.' || (s[i] >= '0' && s[i] <= '9')) {
			i++
		}
		if i == 0 {
			return 0, fmt.Errorf("bad duration %q", orig)
		}
		num, err := strconv.ParseFloat(s[:i], 64)
		if err != nil {
			return 0, fmt.Errorf("bad duration %q", orig)
		}
		s = s[i:]
		j := 0
		for j < len(s) && !(s[j] == '.' || (s[j] >= '0' && s[j] <= '9')) {
			j++
		}
		var unit float64
		switch s[:j] {
		case "ns":
			unit = 1
		case "us", "µs":
			unit = 1e3
		case "ms":
			unit = 1e6
		case "s":
			unit = 1e9
		case "m":
			unit = 60e9
		case "h":
			unit = 3600e9
		default:
			return 0, fmt.Errorf("bad duration %q: unknown unit %q", orig, s[:j])
		}
		s = s[j:]
		total += num * unit
	}
	return int64(total), nil
}

func splitFields(l string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inq, any := false, false
	for i := 0; i < len(l); i++ {
		ch := l[i]
		switch {
		case ch == '"':
			inq = !inq
			any = true
		case ch == '\\' && inq && i+1 < len(l):
			i++
			cur.WriteByte(l[i])
		case (ch == ' ' || ch == '\t') && !inq:
			if cur.Len() > 0 || any {
				out = append(out, cur.String())
				cur.Reset()
				any = false
			}
		default:
			cur.WriteByte(ch)
		}
	}
	if inq {
		return nil, fmt.Errorf("unterminated quote in settings %q", l)
	}
	if cur.Len() > 0 || any {
		out = append(out, cur.String())
	}
	return out, nil
}

// RunKeys are the settings that change a scene's run, in the order they
// are written back (command flags, URL parameters, the line under a
// scene's title): every key a scene may set but its title and id, and
// the keys a player's URL or command line may override
// (internal/playerlog's Params).
var RunKeys = []string{"procs", "cpus", "load", "seed", "go", "startup", "timing", "until"}

// Flags lists the settings that were set, as key and value in the form
// Set reads back ("procs" "2", "until" "50ms"), in a fixed order.
func (s Settings) Flags() [][2]string {
	var out [][2]string
	for _, k := range RunKeys {
		if !s.IsSet(k) {
			continue
		}
		var v string
		switch k {
		case "procs":
			v = strconv.Itoa(s.Procs)
		case "cpus":
			v = strconv.Itoa(s.CPUs)
		case "load":
			v = strconv.Itoa(s.Load)
		case "timing":
			v = s.Timing
		case "seed":
			v = strconv.FormatUint(s.Seed, 10)
		case "go":
			v = s.Go
		case "startup":
			v = s.Startup
		case "until":
			v = settingDuration(s.Until)
		}
		out = append(out, [2]string{k, v})
	}
	return out
}

// settingDuration writes nanoseconds as a setting's value, in the largest
// unit that divides them ("50ms", "2s", "1500ns", "3us"). It is not
// core.FormatDuration on purpose: a setting is read back by the settings
// parser and typed on a command line (gmpbook real -until 50ms), so it
// must be exact, a whole number, in ASCII, and may use h and m; the
// clock's "1.5µs" is none of these.
func settingDuration(ns int64) string {
	for _, u := range []struct {
		n    int64
		name string
	}{{3600e9, "h"}, {60e9, "m"}, {1e9, "s"}, {1e6, "ms"}, {1e3, "us"}} {
		if ns != 0 && ns%u.n == 0 {
			return strconv.FormatInt(ns/u.n, 10) + u.name
		}
	}
	return strconv.FormatInt(ns, 10) + "ns"
}

// RealCommand is the gmpbook command that runs a scene's program, saved as
// file, on the installed toolchain with the settings the scene set: what
// every reader's "run it for real" box shows.
func (s Settings) RealCommand(file string) string {
	var b strings.Builder
	b.WriteString("gmpbook real")
	for _, kv := range s.Flags() {
		b.WriteString(" -" + kv[0] + " " + kv[1])
	}
	b.WriteString(" " + file)
	return b.String()
}
