// Package scene is the toolkit: operations whose cost the simulator knows.
package scene

import "time"

// Work computes for d, with function calls (cooperative safe points).
func Work(d time.Duration)

// Syscall blocks in a system call for d.
func Syscall(d time.Duration)

// FileRead reads a slow file for d: a blocking system call.
func FileRead(d time.Duration)

// NetRead reads a socket whose data arrives after d: the goroutine parks
// on the netpoller.
func NetRead(d time.Duration)

// Cgo calls C code for d: the thread is in a system call meanwhile.
func Cgo(d time.Duration)
