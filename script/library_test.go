package script

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// TestLibraryPrintsWhatTheRealPackagesPrint runs each program of
// testdata/library in the simulator and, built by the Go toolchain, for
// real: the outputs must be the same, line for line.
func TestLibraryPrintsWhatTheRealPackagesPrint(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no Go toolchain to run the programs for real")
	}
	files, err := filepath.Glob("testdata/library/*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)

	// One module, one build for all the programs.
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module librarytest\n\ngo 1.26\n"), 0o644))
	srcs := map[string][]byte{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".go")
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		srcs[name] = src
		require.NoError(t, os.MkdirAll(filepath.Join(dir, name), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name, "main.go"), src, 0o644))
	}
	bin := filepath.Join(dir, "bin")
	build := exec.Command(goTool, "build", "-o", bin+string(filepath.Separator), "./...")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local", "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	names := make([]string, 0, len(srcs))
	for name := range srcs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			real, err := exec.Command(filepath.Join(bin, name)).Output()
			require.NoError(t, err)
			want := strings.Split(strings.TrimSuffix(string(real), "\n"), "\n")
			_, got := runScene(t, string(srcs[name]), 1)
			require.Equal(t, want, got)
		})
	}
}

// TestTopLevelRandomNumbersFollowTheScenesSeed: one seed, one sequence;
// another seed, another.
func TestTopLevelRandomNumbersFollowTheScenesSeed(t *testing.T) {
	src := `package main

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"time"
)

func main() {
	fmt.Println(rand.Intn(1000), rand.Float64(), rand.Perm(5))
	fmt.Println(randv2.IntN(1000), randv2.N(time.Hour), randv2.Uint64())
}
`
	c, err := Load("scene.go", []byte(src))
	require.NoError(t, err)
	run := func(seed uint64) []string {
		cfg := core.DefaultConfig(1)
		cfg.Seed = seed
		s, err := c.NewSim(cfg)
		require.NoError(t, err)
		s.Run()
		require.NoError(t, s.CheckErr())
		return s.Output()
	}
	a, b, other := run(1), run(1), run(2)
	require.Len(t, a, 2)
	require.Equal(t, a, b)
	require.NotEqual(t, a[0], other[0])
	require.NotEqual(t, a[1], other[1])
}
