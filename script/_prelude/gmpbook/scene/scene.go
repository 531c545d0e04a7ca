// Package scene is the toolkit: operations whose cost the simulator knows.
package scene

import (
	"sync"
	"time"
)

// Work computes for d, with function calls (cooperative safe points).
func Work(d time.Duration)

// Syscall blocks in a system call for d.
func Syscall(d time.Duration)

// FileRead reads a slow file for d: a blocking system call.
func FileRead(d time.Duration)

// Cgo calls C code for d: the thread is in a system call meanwhile.
func Cgo(d time.Duration)

// The loopback listener's first use, and the lock held from dialling a
// connection until it is accepted (scene/net.go: netOnce, netPairing).
var (
	netOnce    sync.Once
	netPairing sync.Mutex
)

// NetRead reads a socket whose data arrives after d: the goroutine parks
// on the netpoller. It takes the steps of the real one (scene/net.go):
// the first call opens a loopback listener; each call dials a connection
// and accepts it, one caller at a time; a time.AfterFunc timer d later
// runs the peer's write on a goroutine of its own; the read parks until
// the byte is there. So the data arrives d after the connection was set
// up, once some P runs the timer.
func NetRead(d time.Duration) {
	d = max(d, 0)
	netOnce.Do(netListen)
	netPairing.Lock()
	fd := netDial()
	netAccept()
	netPairing.Unlock()
	time.AfterFunc(d, func() {
		netWrite(fd)
		netClose()
	})
	netWait(fd)
	netClose()
}

// The system calls and socket operations of NetRead, in the simulator.
func netListen()
func netDial() int64
func netAccept()
func netWrite(fd int64)
func netWait(fd int64)
func netClose()
