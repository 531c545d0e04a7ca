package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A run where main is on P0 and g 1 was stolen by P1, printed first and
// finished last.
const sample = "0  1 10 120 400  0 40 45 50  0 41 50 55  0 42 55 60  0 43 60 65  0 44 65 70  0 45 70 75  0 30 35 40\n"

func TestParseRunAndFirstPrints(t *testing.T) {
	r, err := parseRun(sample)
	require.NoError(t, err)
	assert.Equal(t, 0, r.mainP)
	other, ok := firstOn(r, false)
	require.True(t, ok)
	assert.Equal(t, print{1, 10, 120, 400}, other)
	onMain, ok := firstOn(r, true)
	require.True(t, ok)
	assert.Equal(t, print{0, 30, 35, 40}, onMain, "g 8, from runnext, began first on main's P")

	var b strings.Builder
	report(&b, []run{r}, 2)
	out := b.String()
	assert.Contains(t, out, "first print on another P:  formatting   110   110   110   110   110  write   280")
	assert.Contains(t, out, "g 1 ran on another P in 1 runs and printed last in 1")
	assert.Contains(t, out, "the process's first write:     5") // g 8 wrote first
}

func TestParseRunRejectsBadReports(t *testing.T) {
	_, err := parseRun("0 1 2 3")
	assert.ErrorContains(t, err, "child reported 4 fields")
	_, err = parseRun(strings.Replace(sample, "400", "x", 1))
	assert.ErrorContains(t, err, `child field "x"`)
}
