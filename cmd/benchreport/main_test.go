package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/internal/realbench"
)

func TestReportHasOneRealRowPerWorkload(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, report(&out, time.Millisecond))
	text := out.String()
	for _, wl := range realbench.Workloads {
		var found bool
		for _, line := range strings.Split(text, "\n") {
			fields := strings.Fields(line)
			if len(fields) == 6 && fields[0] == wl.Name && fields[1] == "real" {
				found = true
			}
		}
		assert.True(t, found, "no real row for %s in:\n%s", wl.Name, text)
	}
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
