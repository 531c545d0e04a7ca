//go:build unix

package main

import "syscall"

// reexec replaces the process with exe under env, so that nothing of the
// first process (its runtime's schedtrace) is left running.
func reexec(exe string, env []string) {
	args := append([]string{exe}, osArgs()[1:]...)
	_ = syscall.Exec(exe, args, env)
}
