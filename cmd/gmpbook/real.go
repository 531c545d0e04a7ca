package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/scene"
	"github.com/gmpbook/gmpbook/script"
)

func cmdReal(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	sf := newFlags("real", stderr)
	st, ok := sf.load(args, stderr)
	if !ok {
		return 2
	}
	status, err := runReal(sf.compile, st, stdout, stderr, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook: %v\n", err)
		return 2
	}
	return status
}

// realEnv is the environment of a real run: GOMAXPROCS from the scene's
// procs (else inherited) and GODEBUG as given; the Go version setting has
// no real counterpart beyond the installed toolchain.
func realEnv(st script.Settings, getenv func(string) string) []string {
	env := os.Environ()
	set := func(k, v string) {
		for i, e := range env {
			if strings.HasPrefix(e, k+"=") {
				env[i] = k + "=" + v
				return
			}
		}
		env = append(env, k+"="+v)
	}
	if st.Procs > 0 {
		set("GOMAXPROCS", strconv.Itoa(st.Procs))
	} else if v := getenv("GOMAXPROCS"); v != "" {
		set("GOMAXPROCS", v)
	}
	if v := getenv("GODEBUG"); v != "" {
		set("GODEBUG", v)
	}
	return env
}

// realCommand runs bin; with a cpus setting below the machine's CPU count,
// pinned to that many CPUs with taskset(1), the way a CPU quota limits a
// container (without taskset, on all CPUs).
func realCommand(bin string, st script.Settings) *exec.Cmd {
	if st.CPUs > 0 && st.CPUs < runtime.NumCPU() {
		if ts, err := exec.LookPath("taskset"); err == nil {
			return exec.Command(ts, "-c", fmt.Sprintf("0-%d", st.CPUs-1), bin)
		}
	}
	return exec.Command(bin)
}

// buildReal writes the scene as a complete program into a temporary module
// named gmpbook, with the toolkit at gmpbook/scene, and builds it. The
// caller removes dir.
func buildReal(c *script.Compiled) (bin, dir string, err error) {
	src, err := script.Complete(c.Scene)
	if err != nil {
		return "", "", err
	}
	dir, err = os.MkdirTemp("", "gmpbook-real-")
	if err != nil {
		return "", "", err
	}
	if err := scene.WriteModule(dir, map[string][]byte{"main.go": src}); err != nil {
		return "", dir, err
	}
	bin = filepath.Join(dir, "scene.bin")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), scene.ModuleEnv...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", dir, fmt.Errorf("building the scene with the Go toolchain failed: %v\n%s", err, out.String())
	}
	return bin, dir, nil
}

// runReal builds and runs the scene on the real runtime, passing its output
// through, and returns its exit status.
func runReal(c *script.Compiled, st script.Settings, stdout, stderr io.Writer, getenv func(string) string) (int, error) {
	bin, dir, err := buildReal(c)
	if dir != "" {
		defer os.RemoveAll(dir)
	}
	if err != nil {
		return 0, err
	}
	cmd := realCommand(bin, st)
	cmd.Env = realEnv(st, getenv)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), nil
	}
	if err != nil {
		return 0, err
	}
	return 0, nil
}
