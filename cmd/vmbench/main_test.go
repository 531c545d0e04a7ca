package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/cmd/vmbench/internal/workload"
)

// TestQuickChecksumsAgree is the smoke test of make bench's VM report: every
// workload, at its -quick size, prints the same checksum line compiled,
// interpreted natively and (when Node is installed) interpreted in
// WebAssembly. It checks correctness only; the times are not looked at.
func TestQuickChecksumsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every workload and the WebAssembly runner")
	}
	_, err := exec.LookPath("node")
	haveNode := err == nil
	rep, err := measure(config{quick: true, reps: 1, wasmReps: 1, wasm: haveNode, goCmd: "go"})
	require.NoError(t, err)
	var out bytes.Buffer
	rep.write(&out)
	text := out.String()
	t.Log("\n" + text)
	if haveNode {
		assert.Empty(t, rep.wasmNote, "the WebAssembly side should have run")
	}
	require.Len(t, rep.rows, len(workload.All())+1, "one row per workload, two for the counting loop")
	for _, r := range rep.rows {
		assert.Empty(t, r.errs, r.name)
		require.Len(t, r.realOut, 1, "%s: the compiled program prints one line", r.name)
		assert.True(t, strings.HasPrefix(r.realOut[0], "checksum "), "%s printed %q", r.name, r.realOut)
		assert.Equal(t, r.realOut, r.nativeOut, "%s: interpreted natively vs compiled", r.name)
		if haveNode {
			assert.Equal(t, r.realOut, r.wasmOut, "%s: interpreted in WebAssembly vs compiled", r.name)
			assert.Equal(t, r.virtual, r.wasmVirtual, "%s: the simulation is deterministic", r.name)
		}
		assert.Positive(t, r.virtual, "%s: virtual time", r.name)
		assert.Contains(t, text, r.name, "the report has a row for %s", r.name)
	}
	assert.False(t, rep.failed())
}
