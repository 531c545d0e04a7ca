//go:build !linux && !darwin

package scene

import "time"

// blockInSyscall has no blocking system call to make on this system from
// the standard library alone: the goroutine parks like time.Sleep instead,
// so its P is free at once rather than handed off by sysmon.
func blockInSyscall(who string, d time.Duration) { time.Sleep(d) }

// blockInRead is blockInSyscall; see there.
func blockInRead(who string, d time.Duration) { blockInSyscall(who, d) }
