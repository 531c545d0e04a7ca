// Package scene is the scene toolkit as it runs on the real Go runtime.
//
// A scene is one Go program with two lives: the notebook runs it in the
// simulator, and `gmpbook real` builds it with the installed Go toolchain
// against this package, which it writes into a temporary module named
// gmpbook (import path "gmpbook/scene"). Each primitive below is the
// nearest real counterpart of what the simulator models, so that the two
// runs can be compared:
//
//	primitive     simulator                            real runtime (this package)
//	Work(d)       d of virtual CPU time, with calls    busy loop calling a non-inlined, non-leaf
//	              (cooperative + async preemption)     function until d of on-CPU time has passed
//	Syscall(d)    blocking system call of length d:    nanosleep(2) through syscall.Syscall, so
//	              entersyscall, sysmon retake,         through entersyscall/exitsyscall
//	              handoffp, exitsyscall
//	FileRead(d)   the same as Syscall(d)               read(2) on a timerfd that fires after d:
//	                                                   a blocking read the kernel ends by itself
//	NetRead(d)    park on the netpoller (IO wait)      read on a loopback TCP connection whose
//	              until data arrives after d           peer writes one byte after d
//	Cgo(d)        a cgo call of length d               no cgo here: the same as Syscall(d)
//
// A negative d counts as zero, as in the simulator. Failures of the
// operating system (no loopback network, no file descriptors left) panic
// with a message naming the primitive: a scene is an experiment, and an
// experiment whose apparatus broke must not report a result.
//
// The package is self-contained: standard library only, pure Go, so the
// files can be copied into any module. Linux has the full set of stand-ins
// described above. On macOS, Syscall, FileRead and Cgo block in select(2)
// with a timeout instead. On other systems (Windows, WebAssembly, ...) no
// blocking system call is available from the standard library alone, and
// those three park the goroutine like time.Sleep, which does not reproduce
// the hand-off of a P; the scenes about system calls need Linux or macOS.
package scene

import "time"

// Syscall blocks the calling goroutine in a real system call for d.
//
// On Linux it is nanosleep(2), issued with syscall.Nanosleep, which goes
// through syscall.Syscall and therefore through the runtime's entersyscall
// and exitsyscall: while it sleeps, the goroutine is in the syscall state,
// its thread holds no lock the scheduler needs, and sysmon may take the P
// away and hand it to another thread. If a signal interrupts the call it
// is restarted for the time that remains.
func Syscall(d time.Duration) { blockInSyscall("Syscall", max(d, 0)) }

// FileRead blocks the calling goroutine in a read(2) that returns after d,
// the way a read of a slow file or device blocks.
//
// On Linux the descriptor is a timerfd armed to fire after d, opened
// without non-blocking mode and never registered with the netpoller, so
// the read sleeps in the kernel inside entersyscall/exitsyscall. The kernel
// itself ends the read when the timer fires: no helper goroutine and no
// runtime timer has to run to make the data arrive, so a busy P cannot
// delay the wake-up, exactly as in the simulator's model of a blocking
// system call. Creating, arming and closing the timerfd are raw system
// calls that do not involve the scheduler, so the read is the only system
// call the runtime sees.
func FileRead(d time.Duration) { blockInRead("FileRead", max(d, 0)) }

// Cgo stands in for a cgo call of length d.
//
// This package is pure Go and cannot call C. A cgo call in Go 1.26 goes
// through entersyscall and exitsyscall like a blocking system call, and
// like one it cannot be preempted and lets sysmon hand its P to another
// thread, so the stand-in is the same blocking system call as Syscall(d).
// What it does not reproduce is the switch to the system stack and the
// cost of the cgo transition itself.
func Cgo(d time.Duration) { blockInSyscall("Cgo", max(d, 0)) }
