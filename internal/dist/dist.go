package dist

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script"
)

// Hist counts how often each output was printed.
type Hist struct {
	Count map[string]int
	N     int
}

// Add records one run's output.
func (h *Hist) Add(out string) {
	if h.Count == nil {
		h.Count = map[string]int{}
	}
	h.Count[out]++
	h.N++
}

// Entry is one output and how often it was printed.
type Entry struct {
	Out string
	N   int
}

// Sorted lists the outputs, most frequent first (ties by output).
func (h Hist) Sorted() []Entry {
	var es []Entry
	for o, n := range h.Count {
		es = append(es, Entry{o, n})
	}
	sort.Slice(es, func(i, j int) bool {
		if es[i].N != es[j].N {
			return es[i].N > es[j].N
		}
		return es[i].Out < es[j].Out
	})
	return es
}

// Mode is the most frequent output.
func (h Hist) Mode() string {
	es := h.Sorted()
	if len(es) == 0 {
		return ""
	}
	return es[0].Out
}

// P is the share of runs that printed out.
func (h Hist) P(out string) float64 {
	if h.N == 0 {
		return 0
	}
	return float64(h.Count[out]) / float64(h.N)
}

// Share is the fraction of a's runs whose output b also printed.
func Share(a, b Hist) float64 {
	if a.N == 0 {
		return 0
	}
	n := 0
	for o, c := range a.Count {
		if b.Count[o] > 0 {
			n += c
		}
	}
	return float64(n) / float64(a.N)
}

// TVD is the total-variation distance of the two distributions: half the
// sum of the differences of their shares, 0 when equal, 1 when disjoint.
func TVD(a, b Hist) float64 {
	seen := map[string]bool{}
	d := 0.0
	for o := range a.Count {
		seen[o] = true
		d += abs(a.P(o) - b.P(o))
	}
	for o := range b.Count {
		if !seen[o] {
			d += b.P(o)
		}
	}
	return d / 2
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Simulate runs the scene once per seed and collects what it printed to
// standard output, one string per run.
func Simulate(c *script.Compiled, cfg core.Config, seeds []uint64) (Hist, error) {
	var h Hist
	for _, seed := range seeds {
		cfg.Seed = seed
		s, err := c.NewSim(cfg)
		if err != nil {
			return h, err
		}
		if err := s.Run(); err != nil && !errors.Is(err, core.ErrLimit) {
			return h, err
		}
		h.Add(strings.Join(s.Output(), "\n"))
	}
	return h, nil
}

// ParseSeeds reads "100" (seeds 1 to 100), "5..20" or "1,4,9".
func ParseSeeds(v string) ([]uint64, error) {
	bad := fmt.Errorf("seeds=%s: want N, A..B or a list A,B,C", v)
	if a, b, ok := strings.Cut(v, ".."); ok {
		lo, err1 := strconv.ParseUint(a, 10, 64)
		hi, err2 := strconv.ParseUint(b, 10, 64)
		if err1 != nil || err2 != nil || hi < lo || hi-lo >= 100000 {
			return nil, bad
		}
		var out []uint64
		for s := lo; s <= hi; s++ {
			out = append(out, s)
		}
		return out, nil
	}
	if !strings.Contains(v, ",") {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 || n > 100000 {
			return nil, bad
		}
		return ParseSeeds("1.." + strconv.FormatUint(n, 10))
	}
	var out []uint64
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, bad
		}
		out = append(out, n)
	}
	return out, nil
}

// Keys are the parts of an output a histogram can count, like a predict
// exercise's answer kinds.
var Keys = []string{"output", "first-line", "last-line"}

// Key reduces an output to the part named by key.
func Key(key, out string) (string, error) {
	switch key {
	case "", "output":
		return out, nil
	case "first-line":
		l, _, _ := strings.Cut(out, "\n")
		return l, nil
	case "last-line":
		return out[strings.LastIndexByte(out, '\n')+1:], nil
	}
	return "", fmt.Errorf("key %q: want one of %s", key, strings.Join(Keys, ", "))
}

// ByKey is h counted by the part of each output named by key.
func ByKey(h Hist, key string) (Hist, error) {
	var out Hist
	for o, n := range h.Count {
		k, err := Key(key, o)
		if err != nil {
			return out, err
		}
		if out.Count == nil {
			out.Count = map[string]int{}
		}
		out.Count[k] += n
		out.N += n
	}
	return out, nil
}

// Oneline shows a multi-line output on one line.
func Oneline(out string) string {
	if out == "" {
		return "(nothing)"
	}
	return strings.ReplaceAll(out, "\n", " | ")
}

// Write prints a histogram: count, share and output, most frequent first,
// at most max rows (0: all).
func Write(w io.Writer, title string, h Hist, max int) {
	es := h.Sorted()
	fmt.Fprintf(w, "%s: %d runs, %d distinct outputs\n", title, h.N, len(es))
	for i, e := range es {
		if max > 0 && i == max {
			rest := 0
			for _, r := range es[i:] {
				rest += r.N
			}
			fmt.Fprintf(w, "  %4d  %5.1f%%  (%d other outputs)\n", rest, 100*float64(rest)/float64(h.N), len(es)-i)
			break
		}
		fmt.Fprintf(w, "  %4d  %5.1f%%  %s\n", e.N, 100*float64(e.N)/float64(h.N), Oneline(e.Out))
	}
}
