//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseRunReadsFourWorkers(t *testing.T) {
	r, err := parseRun([]byte("10 9000 1 1\n20 12000 0 0\n1500 13000 1 0\n1600 15000 0 1\n"))
	require.NoError(t, err)
	assert.Equal(t, worker{start: 1500, end: 13000, startCPU: 1, endCPU: 0}, r[2])
	assert.Equal(t, []int{0, 1, 2, 3}, order(r, func(w worker) int64 { return w.start }))
	_, err = parseRun([]byte("10 9000 1 1\n"))
	assert.ErrorContains(t, err, "printed 1 lines")
	_, err = parseRun([]byte("a b c d\n1 2 3 4\n1 2 3 4\n1 2 3 4\n"))
	assert.ErrorContains(t, err, `child line "a b c d"`)
}

// TestOneRunOfTheWorkers runs the child side in this process: four lines,
// each worker ending at least its 6 ms of CPU time after it started.
func TestOneRunOfTheWorkers(t *testing.T) {
	old := os.Stdout
	rd, wr, err := os.Pipe()
	require.NoError(t, err)
	os.Stdout = wr
	once()
	os.Stdout = old
	wr.Close()
	out, err := io.ReadAll(rd)
	require.NoError(t, err)
	r, err := parseRun(out)
	require.NoError(t, err, string(out))
	for i, w := range r {
		assert.GreaterOrEqual(t, w.end-w.start, work.Microseconds(), "worker %d", i)
	}
	var b bytes.Buffer
	stdout := os.Stdout
	rd2, wr2, _ := os.Pipe()
	os.Stdout = wr2
	report([]run{r, r}, 4, 2)
	os.Stdout = stdout
	wr2.Close()
	io.Copy(&b, rd2)
	assert.True(t, strings.Contains(b.String(), "finished in the order they started:"), b.String())
}
