//go:build unix

package link

import (
	"os/signal"
	"syscall"
)

// ignoreSIGPIPE: a write to a closed pipe on fd 1 kills a Go program with
// SIGPIPE unless the signal is ignored or handled.
func ignoreSIGPIPE() { signal.Ignore(syscall.SIGPIPE) }
