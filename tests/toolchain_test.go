package tests

// Helpers shared by the tests that run the gmpbook command and the real Go
// toolchain: building gmpbook once per test binary, building many scenes as
// real programs with one `go build`, and running either with a controlled
// environment.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/scene"
	"github.com/gmpbook/gmpbook/script"
)

// sharedDir holds what the tests of this package build once and share: the
// gmpbook binary. TestMain removes it.
var sharedDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	os.Exit(code)
}

// needGo skips t when the Go toolchain is not on PATH.
func needGo(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
}

var gmpbookOnce struct {
	sync.Once
	bin string
	err error
}

// gmpbookBin builds cmd/gmpbook once per test binary and returns its path.
func gmpbookBin(t testing.TB) string {
	t.Helper()
	needGo(t)
	gmpbookOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gmpbook-tests-")
		if err != nil {
			gmpbookOnce.err = err
			return
		}
		sharedDir = dir
		bin := filepath.Join(dir, "gmpbook")
		cmd := exec.Command("go", "build", "-o", bin, "github.com/gmpbook/gmpbook/cmd/gmpbook")
		out, err := cmd.CombinedOutput()
		if err != nil {
			gmpbookOnce.err = fmt.Errorf("go build ./cmd/gmpbook: %v\n%s", err, out)
			return
		}
		gmpbookOnce.bin = bin
	})
	require.NoError(t, gmpbookOnce.err)
	return gmpbookOnce.bin
}

// runResult is what one process run produced.
type runResult struct {
	stdout, stderr string
	status         int
	wall           time.Duration
	cpu            time.Duration // user plus system time of the process
}

func (r runResult) String() string {
	return fmt.Sprintf("status %d after %v (%v of CPU)\n--- stdout:\n%s--- stderr:\n%s", r.status, r.wall, r.cpu, r.stdout, r.stderr)
}

// cleanEnv is the test process's environment without the variables that
// change how a Go program schedules or what gmpbook reads, plus extra.
func cleanEnv(extra ...string) []string {
	var env []string
	for _, e := range os.Environ() {
		k, _, _ := strings.Cut(e, "=")
		switch k {
		case "GOMAXPROCS", "GODEBUG", "GOGC", "GOMEMLIMIT", "GOTRACEBACK", "GMPBOOK_SCENE_GODEBUG":
			continue
		}
		env = append(env, e)
	}
	return append(env, extra...)
}

// run runs bin with args under env, killing it after timeout.
func run(t testing.TB, timeout time.Duration, env []string, bin string, args ...string) runResult {
	t.Helper()
	return runWith(t, timeout, env, false, bin, args...)
}

// runMerged is run with stdout and stderr on one pipe, so that the lines of
// both streams keep the order in which the program wrote them. They are all
// in the result's stdout.
func runMerged(t testing.TB, timeout time.Duration, env []string, bin string, args ...string) runResult {
	t.Helper()
	return runWith(t, timeout, env, true, bin, args...)
}

func runWith(t testing.TB, timeout time.Duration, env []string, merged bool, bin string, args ...string) runResult {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if merged {
		// The same writer for both: os/exec gives the child one pipe.
		cmd.Stderr = &stdout
	}
	start := time.Now()
	require.NoError(t, cmd.Start(), "start %s", bin)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(timeout):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("%s %s did not end within %v\nstdout:\n%s\nstderr:\n%s", bin, strings.Join(args, " "), timeout, stdout.String(), stderr.String())
	}
	res := runResult{stdout: stdout.String(), stderr: stderr.String(), wall: time.Since(start)}
	if ps := cmd.ProcessState; ps != nil {
		res.cpu = ps.UserTime() + ps.SystemTime()
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		res.status = ee.ExitCode()
	default:
		require.NoError(t, err, "run %s", bin)
	}
	return res
}

// buildReal writes every scene in srcs (by name) as a complete program into
// one module named gmpbook in dir (a new temporary directory if dir is ""),
// with the toolkit at gmpbook/scene the way `gmpbook real` lays it out,
// builds them all with one go build and returns the binaries by name.
func buildReal(t testing.TB, dir string, srcs map[string][]byte) map[string]string {
	t.Helper()
	needGo(t)
	if dir == "" {
		dir = t.TempDir()
	}
	mains := map[string][]byte{}
	var names []string
	for name, src := range srcs {
		c, err := script.Load(name+".go", src)
		require.NoError(t, err, "scene %s", name)
		full, err := script.Complete(c.Scene)
		require.NoError(t, err, "scene %s: complete form", name)
		mains["cmd/"+name+"/main.go"] = full
		names = append(names, name)
	}
	sort.Strings(names)
	require.NoError(t, scene.WriteModule(dir, mains))
	bindir := filepath.Join(dir, "bin")
	require.NoError(t, os.MkdirAll(bindir, 0o755))
	cmd := exec.Command("go", "build", "-o", bindir+string(filepath.Separator), "./cmd/...")
	cmd.Dir = dir
	cmd.Env = cleanEnv(scene.ModuleEnv...) // as gmpbook real builds
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build of the real programs:\n%s", out)
	bins := map[string]string{}
	for _, name := range names {
		bins[name] = filepath.Join(bindir, name)
	}
	return bins
}

// readScenes reads every *.go file of dir, by name without the extension.
func readScenes(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	require.NotEmpty(t, paths, "no scenes in %s", dir)
	out := map[string][]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		out[strings.TrimSuffix(filepath.Base(p), ".go")] = data
	}
	return out
}

// lines splits output into lines without the final newline.
func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
