package present

import (
	"errors"
	"os"
	"os/exec"
	"time"
)

// Why stdin and stdout rather than a Unix socket: the pipes exist only
// between the two processes, so there is no file to name, protect (0600)
// or clean up after a crash, no path-length limit, nothing another local
// process could connect to, and the same code works on every system
// Ebiten runs on. The child's lifetime is tied to the link: when either
// process exits, for any reason, the kernel closes its ends and the other
// reads end of file at once. Restarting the presenter window is starting
// the child again. The price is that the child's standard output is no
// longer free for printing: Stdio moves os.Stdout to stderr, and the
// reader skips lines that are not messages in case a library writes there.

// Child is the presenter window's process, seen from the audience
// window's process.
type Child struct {
	*Peer
	// KillGrace is how long Close waits for the child to exit on its own
	// (it exits when its stdin ends) before killing it; a second unless
	// changed before Close.
	KillGrace time.Duration

	cmd    *exec.Cmd
	exited chan struct{}
	werr   error // cmd.Wait's result, set before exited closes
}

// DefaultKillGrace is a Child's KillGrace.
const DefaultKillGrace = time.Second

// StartPresenter starts exe (os.Executable(), so the same binary) with
// args (the flags that make it a presenter window: the chapter and, say,
// --presenter) as the presenter window, and returns the link to it. The
// child's stderr is this process's; its stdin and stdout carry the link.
func StartPresenter(exe string, args ...string) (*Child, error) {
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
	c := &Child{Peer: NewPeer(fromChildR, toChildW, toChildW, fromChildR), KillGrace: DefaultKillGrace, cmd: cmd, exited: make(chan struct{})}
	go func() {
		c.werr = cmd.Wait()
		close(c.exited)
	}()
	return c, nil
}

// Exited is closed when the child process has exited (and been reaped).
func (c *Child) Exited() <-chan struct{} { return c.exited }

// ExitErr is how the child exited (nil for status 0); call it after
// Exited is closed.
func (c *Child) ExitErr() error {
	select {
	case <-c.exited:
		return c.werr
	default:
		return errors.New("present: the presenter process is still running")
	}
}

// Pid is the child's process id.
func (c *Child) Pid() int { return c.cmd.Process.Pid }

// Close ends the link (the child sees its stdin end and exits), waits up
// to KillGrace for it to exit and kills it if it has not. It returns
// within KillGrace and half a second whatever the child does.
func (c *Child) Close() error {
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

// Stdio is the presenter window's end of the link: its stdin and
// stdout. It moves os.Stdout to os.Stderr, so that nothing printed later
// lands in the link, and (on Unix) ignores SIGPIPE, so that writing to
// the link after the audience process died fails instead of killing this
// one. Call it once, early.
func Stdio() *Peer {
	out := os.Stdout
	os.Stdout = os.Stderr
	ignoreSIGPIPE()
	return NewPeer(os.Stdin, out, os.Stdin, out)
}
