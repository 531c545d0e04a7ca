package tests

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDesktopProgramsWithoutADisplay: the Ebiten programs, started where
// there is no X display, print one line saying so and exit with status 1
// (internal/display/need), not Ebiten's panic and goroutine dump.
func TestDesktopProgramsWithoutADisplay(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: builds the desktop programs")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("skipped: no C compiler for the cgo build (make deps installs gcc)")
	}
	dir := t.TempDir()
	for _, pkg := range []string{"gmpbook-desktop", "gmpbook-player"} {
		t.Run(pkg, func(t *testing.T) {
			bin := filepath.Join(dir, pkg)
			build := exec.Command("go", "build", "-o", bin, "./cmd/"+pkg)
			build.Dir = moduleRoot(t)
			build.Env = append(os.Environ(), "CGO_ENABLED=1")
			out, err := build.CombinedOutput()
			require.NoError(t, err, "go build ./cmd/%s:\n%s", pkg, out)

			var env []string
			for _, kv := range os.Environ() {
				if !strings.HasPrefix(kv, "DISPLAY=") {
					env = append(env, kv)
				}
			}
			var stdout, stderr bytes.Buffer
			run := exec.Command(bin)
			run.Env = env
			run.Stdout, run.Stderr = &stdout, &stderr
			err = run.Run()
			var exit *exec.ExitError
			require.True(t, errors.As(err, &exit), "%s without a display: %v", pkg, err)
			require.Equal(t, 1, exit.ExitCode(), "stderr:\n%s", stderr.String())
			require.Empty(t, stdout.String())
			lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
			require.Len(t, lines, 1, "one line, no panic:\n%s", stderr.String())
			require.Contains(t, lines[0], pkg+": no display")
			require.Contains(t, lines[0], "DISPLAY")
		})
	}
}
