package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/scene"
)

// TestApplyPatchFindsItsPlaceInItsFunction: a patch goes after (or
// before) its line within the named function, and a line that is only in
// a later function, or missing, is an error that names it.
func TestApplyPatchFindsItsPlaceInItsFunction(t *testing.T) {
	src := "func a() {\n\tx()\n}\n\nfunc b() {\n\ty()\n\tx()\n}\n"
	got, err := applyPatch(src, runtimePatch{within: "func b() {", anchor: "\tx()\n", text: "\tz()\n"})
	require.NoError(t, err)
	require.Equal(t, "func a() {\n\tx()\n}\n\nfunc b() {\n\ty()\n\tx()\n\tz()\n}\n", got)
	got, err = applyPatch(src, runtimePatch{within: "func b() {", anchor: "\ty()\n", text: "\tz()\n", before: true})
	require.NoError(t, err)
	require.Equal(t, "func a() {\n\tx()\n}\n\nfunc b() {\n\tz()\n\ty()\n\tx()\n}\n", got)
	_, err = applyPatch(src, runtimePatch{within: "func a() {", anchor: "\ty()\n"})
	require.ErrorContains(t, err, `no line "y()" in func a() {`)
	_, err = applyPatch(src, runtimePatch{within: "func c() {", anchor: "\ty()\n"})
	require.ErrorContains(t, err, `no line "func c() {"`)
}

// TestInitThreadsProbeRunsOnThisRuntime patches the installed runtime,
// builds the initthreads probe against it and runs it once: the patches
// must find their lines in this Go's runtime, and the probe must report
// the P of main.main, the threads started before it and the first steal.
func TestInitThreadsProbeRunsOnThisRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the runtime")
	}
	dir := t.TempDir()
	overlay, err := patchRuntime(dir)
	require.NoError(t, err)
	data, err := os.ReadFile(overlay)
	require.NoError(t, err)
	var o struct{ Replace map[string]string }
	require.NoError(t, json.Unmarshal(data, &o))
	require.Len(t, o.Replace, 2, "proc.go and mfinal.go")
	for orig, patched := range o.Replace {
		b, err := os.ReadFile(patched)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(filepath.Base(orig), "proc.go") || strings.HasPrefix(filepath.Base(orig), "mfinal.go"), orig)
		require.Contains(t, string(b), "Gmpbook", orig)
	}
	require.NoError(t, scene.WriteModule(dir, map[string][]byte{"initthreads/main.go": initThreadsSrc}))
	bin := filepath.Join(dir, "initthreads.bin")
	cmd := exec.Command("go", "build", "-overlay", overlay, "-ldflags=-checklinkname=0", "-o", bin, "./initthreads")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), scene.ModuleEnv...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	run := exec.Command(bin)
	run.Env = append(os.Environ(), "GOMAXPROCS=2")
	var stderr bytes.Buffer
	run.Stderr = &stderr
	run.Stdout = &bytes.Buffer{}
	require.NoError(t, run.Run(), "%s", stderr.String())
	got := map[string][]int64{}
	parse(stderr.Bytes(), func(n string, v int64) { got[n] = append(got[n], v) })
	require.Len(t, got["initmain"], 1, "%s", stderr.String())
	require.Contains(t, []int64{0, 1}, got["initmain"][0])
	require.Len(t, got["initsteal"], 1)
	require.Len(t, got["initpreempt"], 1)
	require.Len(t, got["initfing"], 1)
	require.Positive(t, got["initfing"][0])
	require.NotEmpty(t, got["initthread"], "sysmon's thread at least")
	for _, v := range append(got["initthread"], got["initwake"]...) {
		require.Positive(t, v)
	}
}
