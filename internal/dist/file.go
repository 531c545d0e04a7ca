package dist

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Merge adds o's counts to h.
func (h *Hist) Merge(o Hist) {
	for out, n := range o.Count {
		if h.Count == nil {
			h.Count = map[string]int{}
		}
		h.Count[out] += n
	}
	h.N += o.N
}

// Captured is a distribution of outputs captured on the real runtime: N
// runs of one scene at its settings, with what identifies the scene and
// the toolchain. make rewrite writes one per chapter scene at
// GOMAXPROCS>1 (chapters/real/NN-scene.dist); the website shows it beside
// the simulator's distribution over seeds.
type Captured struct {
	Scene  string // "05-steal": the chapter's number and the scene's id
	Procs  int    // GOMAXPROCS of the runs
	Source string // a hash of the scene's source, to tell a stale capture
	Go     string // the toolchain and platform, "go1.26.8 linux/amd64"
	// LoadAvg is the host's 1-minute load average when the runs began
	// and when they ended (LoadAverage), which says how busy the machine
	// was: other programs' threads delay the runtime's wake-ups (a
	// scene's load setting, docs/timing.md). Nil in captures made before
	// it was recorded, and where the OS does not tell it.
	LoadAvg []float64
	Hist    Hist // the whole outputs (standard output without its last newline)
}

// LoadAverage is the host's 1-minute load average (/proc/loadavg), and
// false where there is none.
func LoadAverage() (float64, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return v, err == nil
}

// LoadRange says under what load c was captured: "load average 7.80 to
// 10.10", or "load average not recorded".
func (c Captured) LoadRange() string {
	if len(c.LoadAvg) != 2 {
		return "load average not recorded"
	}
	return fmt.Sprintf("load average %.2f to %.2f", c.LoadAvg[0], c.LoadAvg[1])
}

const capturedMagic = "gmpbook-dist 1"

// Marshal writes c as text that diffs well: a header of "key value"
// lines, then "count quoted-output" lines, most frequent first.
func (c Captured) Marshal() []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, capturedMagic)
	fmt.Fprintf(&b, "scene %s\nprocs %d\nsource %s\ngo %s\n", c.Scene, c.Procs, c.Source, c.Go)
	if len(c.LoadAvg) == 2 {
		fmt.Fprintf(&b, "loadavg %.2f %.2f\n", c.LoadAvg[0], c.LoadAvg[1])
	}
	fmt.Fprintf(&b, "runs %d\n", c.Hist.N)
	for _, e := range c.Hist.Sorted() {
		fmt.Fprintf(&b, "%d %s\n", e.N, strconv.Quote(e.Out))
	}
	return b.Bytes()
}

// ParseCaptured reads what Marshal wrote; it says which line is wrong.
func ParseCaptured(data []byte) (Captured, error) {
	var c Captured
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	line := 0
	runs := -1
	bad := func(format string, args ...any) (Captured, error) {
		return Captured{}, fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		l := sc.Text()
		if line == 1 {
			if l != capturedMagic {
				return bad("want %q, not %q", capturedMagic, l)
			}
			continue
		}
		k, v, _ := strings.Cut(l, " ")
		switch k {
		case "scene":
			c.Scene = v
		case "procs":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return bad("procs %q: want a number of Ps", v)
			}
			c.Procs = n
		case "source":
			c.Source = v
		case "go":
			c.Go = v
		case "loadavg":
			f := strings.Fields(v)
			if len(f) != 2 {
				return bad("loadavg %q: want the load average before and after the runs", v)
			}
			for _, x := range f {
				a, err := strconv.ParseFloat(x, 64)
				if err != nil || a < 0 {
					return bad("loadavg %q: %q is not a load average", v, x)
				}
				c.LoadAvg = append(c.LoadAvg, a)
			}
		case "runs":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return bad("runs %q: want a number of runs", v)
			}
			runs = n
		default:
			n, err := strconv.Atoi(k)
			if err != nil || n < 1 {
				return bad("want a header line or \"count \\\"output\\\"\", not %q", l)
			}
			out, err := strconv.Unquote(v)
			if err != nil {
				return bad("output %s: not a quoted string", v)
			}
			c.Hist.Add(out)
			c.Hist.Count[out] += n - 1
			c.Hist.N += n - 1
		}
	}
	if err := sc.Err(); err != nil {
		return Captured{}, err
	}
	if line == 0 {
		return Captured{}, fmt.Errorf("empty: want %q first", capturedMagic)
	}
	if runs != c.Hist.N {
		return Captured{}, fmt.Errorf("runs %d, but the counts add up to %d", runs, c.Hist.N)
	}
	if c.Scene == "" || c.Procs == 0 {
		return Captured{}, fmt.Errorf("the header lacks scene or procs")
	}
	return c, nil
}
