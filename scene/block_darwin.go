//go:build darwin

package scene

import (
	"fmt"
	"syscall"
	"time"
)

// blockInSyscall waits in select(2) with no descriptors and a timeout of d.
// On macOS, syscall.Select goes through the runtime's system-call path, so
// the scheduler sees a blocking system call. An interrupted wait is resumed
// until d has passed.
func blockInSyscall(who string, d time.Duration) {
	deadline := time.Now().Add(d)
	for {
		tv := syscall.NsecToTimeval(int64(d))
		err := syscall.Select(0, nil, nil, nil, &tv)
		if err == nil {
			return
		}
		if err != syscall.EINTR {
			panic(fmt.Sprintf("scene.%s: select failed: %v", who, err))
		}
		if d = time.Until(deadline); d <= 0 {
			return
		}
	}
}

// blockInRead has no timerfd to read on macOS; it blocks in the same
// system call as blockInSyscall, which is what the simulator models for
// both.
func blockInRead(who string, d time.Duration) { blockInSyscall(who, d) }
