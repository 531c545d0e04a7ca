package workload

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEveryProgramIsListedAndHasASizeLine(t *testing.T) {
	dirs, err := programs.ReadDir("programs")
	require.NoError(t, err)
	var names []string
	for _, d := range dirs {
		names = append(names, d.Name())
	}
	assert.ElementsMatch(t, order, names, "programs/ and the report's order")
	for _, w := range All() {
		assert.Positive(t, w.Size, w.Name)
		assert.Positive(t, w.Quick, w.Name)
		// WithSize changes the size line and nothing else.
		m := sizeLine.FindSubmatch(w.Src)
		src := string(w.WithSize(1234))
		assert.Contains(t, src, "\nvar size = 1234 // quick: ", w.Name)
		assert.Equal(t, string(w.Src), strings.Replace(src, "var size = 1234 ", "var size = "+string(m[1])+" ", 1), w.Name)
	}
}

// BenchmarkInterpret interprets each workload at its -quick size (or at
// $VMBENCH_SIZE), Load once and NewSim+Run per iteration: with
// -cpuprofile, a profile of the interpreter on one workload, e.g.
//
//	go test ./cmd/vmbench/internal/workload -run '^$' -bench Interpret/fib -cpuprofile fib.prof
func BenchmarkInterpret(b *testing.B) {
	for _, w := range All() {
		b.Run(w.Name, func(b *testing.B) {
			size := w.Quick
			if s := os.Getenv("VMBENCH_SIZE"); s != "" {
				fmt.Sscan(s, &size)
			}
			l, err := Load(w.Name, w.WithSize(size), false)
			require.NoError(b, err)
			for b.Loop() {
				if _, err := l.Run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestShortcutsKeepVirtualTime runs every program, at a size where its
// loops run long enough for their branches' predictors to saturate and
// its stretches of CPU work to end in the middle of loops, one
// instruction at a time (script.Compiled.OneByOne) and with the VM's
// shortcuts: the output and the virtual time must be the same. The
// shortcuts run three times, each after its own Load: the numbers of the
// branch sites, which index the predictor's tables, may differ from one
// Load to the next, and a shortcut that mixed up two sites' state shows
// only with some numberings.
func TestShortcutsKeepVirtualTime(t *testing.T) {
	sizes := map[string]int{"sieve": 50_000, "quicksort": 20_000, "sortints": 5_000, "float": 50_000, "maps": 10_000, "fib": 16, "count": 100_000}
	for _, w := range All() {
		t.Run(w.Name, func(t *testing.T) {
			src := w.WithSize(sizes[w.Name])
			run := func(one bool) Run {
				l, err := Load(w.Name, src, false)
				require.NoError(t, err)
				l.c.OneByOne = one
				r, err := l.Run()
				require.NoError(t, err)
				return r
			}
			want := run(true)
			for range 3 {
				got := run(false)
				require.Equal(t, want.Output, got.Output, "output")
				require.Equal(t, want.Virtual, got.Virtual, "virtual time with shortcuts and one instruction at a time")
			}
		})
	}
}
