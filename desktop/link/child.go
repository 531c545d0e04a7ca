package link

import (
	"errors"
	"os"
	"os/exec"
	"time"
)

// Child is the child process seen from the process that started it: the
// link to it, and the process.
type Child[M Message] struct {
	*Peer[M]
	// KillGrace is how long Close waits for the child to exit on its own
	// (it exits when its stdin ends) before killing it; DefaultKillGrace
	// unless changed before Close.
	KillGrace time.Duration

	cmd    *exec.Cmd
	exited chan struct{}
	werr   error // cmd.Wait's result, set before exited closes
}

// DefaultKillGrace is a Child's KillGrace.
const DefaultKillGrace = time.Second

// Start starts exe with args (for the desktop app, os.Executable() and
// the flags that make it a presenter window) and returns the link to it.
// The child's stderr is this process's; its stdin and stdout carry the
// link.
func Start[M Message](proto Protocol[M], exe string, args ...string) (*Child[M], error) {
	toChildR, toChildW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	fromChildR, fromChildW, err := os.Pipe()
	if err != nil {
		toChildR.Close()
		toChildW.Close()
		return nil, err
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = toChildR, fromChildW, os.Stderr
	err = cmd.Start()
	// The child holds its own copies now; closing ours means that its exit
	// closes the last write end of fromChild (end of file here).
	toChildR.Close()
	fromChildW.Close()
	if err != nil {
		toChildW.Close()
		fromChildR.Close()
		return nil, err
	}
	c := &Child[M]{
		Peer:      NewPeer(proto, fromChildR, toChildW, toChildW, fromChildR),
		KillGrace: DefaultKillGrace,
		cmd:       cmd,
		exited:    make(chan struct{}),
	}
	go func() {
		c.werr = cmd.Wait()
		close(c.exited)
	}()
	return c, nil
}

// Exited is closed when the child process has exited (and been reaped).
func (c *Child[M]) Exited() <-chan struct{} { return c.exited }

// ExitErr is how the child exited (nil for status 0); call it after
// Exited is closed.
func (c *Child[M]) ExitErr() error {
	select {
	case <-c.exited:
		return c.werr
	default:
		return errors.New("link: the child process is still running")
	}
}

// Pid is the child's process id.
func (c *Child[M]) Pid() int { return c.cmd.Process.Pid }

// Close ends the link (the child sees its stdin end and exits), waits up
// to KillGrace for it to exit and kills it if it has not. It returns
// within KillGrace and half a second whatever the child does.
func (c *Child[M]) Close() error {
	c.Peer.Close()
	select {
	case <-c.exited:
		return nil
	case <-time.After(c.KillGrace):
	}
	_ = c.cmd.Process.Kill()
	select {
	case <-c.exited:
	case <-time.After(closeGrace):
	}
	return nil
}

// Stdio is the child's end of the link: its stdin and stdout. It moves
// os.Stdout to os.Stderr, so that nothing printed later lands in the
// link, and (on Unix) ignores SIGPIPE, so that writing to the link after
// the parent died fails instead of killing this process. Call it once,
// early.
func Stdio[M Message](proto Protocol[M]) *Peer[M] {
	out := os.Stdout
	os.Stdout = os.Stderr
	ignoreSIGPIPE()
	return NewPeer(proto, os.Stdin, out, os.Stdin, out)
}
