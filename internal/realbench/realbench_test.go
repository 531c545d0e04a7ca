package realbench

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestWorkloadsRunExactlyNOps(t *testing.T) {
	for _, w := range Workloads {
		t.Run(w.Name, func(t *testing.T) {
			for _, n := range []int{1, 2, 3, 1000} {
				ops, elapsed := w.Run(n)
				assert.Equal(t, n, ops, "n=%d", n)
				assert.GreaterOrEqual(t, elapsed, time.Duration(0), "n=%d", n)
			}
		})
	}
}

func TestWorkloadsRunNothingForNonPositiveN(t *testing.T) {
	for _, w := range Workloads {
		for _, n := range []int{0, -1} {
			ops, elapsed := w.Run(n)
			assert.Zero(t, ops, "%s(%d)", w.Name, n)
			assert.Zero(t, elapsed, "%s(%d)", w.Name, n)
		}
	}
}

// bench runs the workload once over b.N ops and reports ops per second of
// wall clock next to the ns/op that the testing package measures itself.
func bench(b *testing.B, run func(int) (int, time.Duration)) {
	b.ReportAllocs()
	ops, elapsed := run(b.N)
	if elapsed > 0 {
		b.ReportMetric(float64(ops)/elapsed.Seconds(), "ops/s")
	}
}

func BenchmarkPingPong(b *testing.B)     { bench(b, PingPong) }
func BenchmarkGosched(b *testing.B)      { bench(b, Gosched) }
func BenchmarkSpawnRunExit(b *testing.B) { bench(b, SpawnRunExit) }
