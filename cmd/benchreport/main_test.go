package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/realbench"
)

// small measures little, so that the report runs in a test.
var small = config{target: time.Millisecond, rounds: 2, parked: 1000, million: 1000}

func TestReportHasOneRealAndOneSimRowPerWorkload(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, report(&out, small))
	text := out.String()
	for _, wl := range realbench.Workloads {
		for _, side := range []string{"real", "sim"} {
			var found bool
			for _, line := range strings.Split(text, "\n") {
				fields := strings.Fields(line)
				if len(fields) == 6 && fields[0] == wl.Name && fields[1] == side {
					found = true
				}
			}
			assert.True(t, found, "no %s row for %s in:\n%s", side, wl.Name, text)
		}
	}
}

func TestReportComparesEveryWorkloadAndTheMemory(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, report(&out, small))
	text := out.String()
	for _, wl := range realbench.Workloads {
		var found bool
		for _, line := range strings.Split(text, "\n") {
			fields := strings.Fields(line)
			// workload, sim ops/wall-s, real ops/s, ratio, verdict
			if len(fields) == 5 && fields[0] == wl.Name && (fields[4] == "ok" || fields[4] == "MISSED") {
				found = true
			}
		}
		assert.True(t, found, "no comparison line for %s in:\n%s", wl.Name, text)
	}
	assert.Contains(t, text, "parked on the netpoller: 1000 simulated Gs")
	assert.Contains(t, text, "B per parked G (target ≤512)")
	assert.Regexp(t, `spawn-run-exit .* ok\n`, text)
	assert.Regexp(t, `all alive at once .* ok\n`, text)
}

func TestWorkloadsPairEveryRealWorkloadWithItsTwin(t *testing.T) {
	for _, timing := range []core.Timing{core.TimingFixed, core.TimingMeasured} {
		wls, err := workloads(timing)
		require.NoError(t, err)
		require.Len(t, wls, len(realbench.Workloads))
		for i, wl := range wls {
			assert.Equal(t, realbench.Workloads[i].Name, wl.name)
			r, err := wl.sim(10)
			require.NoError(t, err, wl.name)
			assert.Equal(t, 10, r.Ops, wl.name)
		}
	}
}

func TestComparisonSaysMissedBelowTheTarget(t *testing.T) {
	rows := []row{
		{workload: "Fast", side: "real", ops: 100, elapsed: time.Second},
		{workload: "Fast", side: "sim", ops: 60, elapsed: time.Second},
		{workload: "Slow", side: "real", ops: 100, elapsed: time.Second},
		{workload: "Slow", side: "sim", ops: 40, elapsed: time.Second},
		{workload: "Broken", side: "real", ops: 100, elapsed: time.Second},
		{workload: "Broken", side: "sim", err: errors.New("boom")},
	}
	var out bytes.Buffer
	require.NoError(t, printComparison(&out, rows))
	text := out.String()
	assert.Regexp(t, `Fast +60 +100 +0\.60 +ok\n`, text)
	assert.Regexp(t, `Slow +40 +100 +0\.40 +MISSED\n`, text)
	assert.Regexp(t, `Broken +- +100 +- +MISSED \(simulation failed\)\n`, text)
	assert.Contains(t, text, "simulation error: Broken: boom")
}

func TestMedianTakesTheMiddleThroughput(t *testing.T) {
	rows := []row{
		{ops: 300, elapsed: time.Second},
		{ops: 100, elapsed: time.Second},
		{ops: 200, elapsed: time.Second},
	}
	assert.Equal(t, 200, median(rows).ops)
	assert.Equal(t, 100, median(rows[1:]).ops, "even count: the lower middle")
}

func TestMeasureStopsAtTarget(t *testing.T) {
	var counts []int
	fake := func(n int) (int, time.Duration) {
		counts = append(counts, n)
		return n, time.Duration(n) * time.Microsecond // 1µs per op
	}
	ops, elapsed := measure(fake, 100*time.Millisecond)
	assert.Equal(t, []int{1000, 10000, 100001}, counts)
	assert.Equal(t, 100001, ops)
	assert.Equal(t, 100001*time.Microsecond, elapsed)
}

func TestSIFormatsRates(t *testing.T) {
	assert.Equal(t, "6.42M", si(6_420_000))
	assert.Equal(t, "12.5k", si(12_500))
	assert.Equal(t, "999", si(999))
	assert.Equal(t, "1.50G", si(1.5e9))
}
