//go:build linux

package scene

import (
	"fmt"
	"syscall"
	"time"
	"unsafe"
)

// blockInSyscall sleeps in nanosleep(2) for d. syscall.Nanosleep is a
// syscall.Syscall, not a RawSyscall, so the runtime sees the goroutine
// enter and leave a system call. An interrupted sleep is resumed until d
// has passed.
func blockInSyscall(who string, d time.Duration) {
	deadline := time.Now().Add(d)
	for {
		ts := syscall.NsecToTimespec(int64(d))
		err := syscall.Nanosleep(&ts, nil)
		if err == nil {
			return
		}
		if err != syscall.EINTR {
			panic(fmt.Sprintf("scene.%s: nanosleep failed: %v", who, err))
		}
		if d = time.Until(deadline); d <= 0 {
			return
		}
	}
}

// clockMonotonic is CLOCK_MONOTONIC, the clock the timerfd counts on.
const clockMonotonic = 1

// itimerspec is the kernel's struct itimerspec: a period (zero here: the
// timer fires once) and the time until the first expiry.
type itimerspec struct {
	interval syscall.Timespec
	value    syscall.Timespec
}

// blockInRead reads a timerfd that fires after d. Only the read is a
// syscall.Syscall; the other calls are raw, so they do not show up as
// system calls to the scheduler.
func blockInRead(who string, d time.Duration) {
	fd, _, errno := syscall.RawSyscall(syscall.SYS_TIMERFD_CREATE, clockMonotonic, syscall.O_CLOEXEC, 0)
	if errno != 0 {
		panic(fmt.Sprintf("scene.%s: timerfd_create failed: %v", who, errno))
	}
	defer syscall.RawSyscall(syscall.SYS_CLOSE, fd, 0, 0)
	// A zero expiry would disarm the timer and the read would never end:
	// the shortest read waits one nanosecond.
	spec := itimerspec{value: syscall.NsecToTimespec(max(int64(d), 1))}
	_, _, errno = syscall.RawSyscall6(syscall.SYS_TIMERFD_SETTIME, fd, 0, uintptr(unsafe.Pointer(&spec)), 0, 0, 0)
	if errno != 0 {
		panic(fmt.Sprintf("scene.%s: timerfd_settime failed: %v", who, errno))
	}
	var expirations [8]byte
	for {
		n, err := syscall.Read(int(fd), expirations[:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil || n != len(expirations) {
			panic(fmt.Sprintf("scene.%s: read of the timerfd returned %d bytes, error %v", who, n, err))
		}
		return
	}
}
