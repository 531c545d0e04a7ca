//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// reexec runs exe under env as a child and exits with its status; the
// parent's own runtime may still print while it waits.
func reexec(exe string, env []string) {
	cmd := exec.Command(exe, osArgs()[1:]...)
	cmd.Env, cmd.Stdin, cmd.Stdout, cmd.Stderr = env, os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		os.Exit(ee.ExitCode())
	}
	if err == nil {
		os.Exit(0)
	}
}
