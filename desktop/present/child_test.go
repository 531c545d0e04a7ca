package present

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeEnv switches the test binary into a fake presenter process: the
// usual Go pattern of a test re-running its own binary as the child.
const fakeEnv = "GMPBOOK_PRESENT_FAKE_PRESENTER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakePresenter(mode))
	}
	os.Exit(m.Run())
}

// fakePresenter is the presenter window's process without a window: it
// does what the desktop app's presenter loop does with the link.
func fakePresenter(mode string) int {
	if mode == "crash" {
		// A library printing to standard output before the link starts.
		fmt.Println("some library says hello on stdout")
	}
	p := Stdio()
	d := Load("chapters/97-tiny.md", []byte(tinyChapter))
	hello, ok := <-p.Inbox()
	if !ok || CheckHello(hello, d) != nil {
		fmt.Fprintln(os.Stderr, "fake presenter: bad hello", hello, p.Err())
		return 3
	}
	switch mode {
	case "talk":
		// Press Next three times, then click the first slide, mirroring
		// the audience's state; close the window once back at the start.
		fmt.Println("fake presenter: printed to stdout after Stdio, which sends it to stderr")
		nav := NewNav(d)
		for range 3 {
			p.SendKey(KeyPageDown)
		}
		sentGoto := false
		for m := range p.Inbox() {
			nav.Apply(m)
			if !sentGoto && nav.Pos() == (Position{1, 2}) {
				p.Send(GotoMsg(Position{}))
				sentGoto = true
			}
			if sentGoto && nav.Pos() == (Position{}) {
				p.Close()
				return 0
			}
		}
		return 4
	case "obey":
		// Say it is ready, wait for the audience window to go away, exit.
		p.SendKey(KeyO)
		<-p.Done()
		return 0
	case "linger":
		// A presenter that hangs: ignores the end of its stdin.
		time.Sleep(time.Minute)
		return 5
	case "crash":
		p.SendKey(KeyB)
		time.Sleep(100 * time.Millisecond) // let the key leave
		os.Exit(7)                         // no bye
	}
	return 2
}

func startFake(t *testing.T, mode string) *Child {
	t.Helper()
	t.Setenv(fakeEnv, mode)
	exe, err := os.Executable()
	require.NoError(t, err)
	c, err := StartPresenter(exe, "-test.run=^$")
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

func exited(t *testing.T, c *Child) error {
	t.Helper()
	select {
	case <-c.Exited():
		return c.ExitErr()
	case <-time.After(linkTimeout):
		t.Fatal("the child did not exit")
	}
	return nil
}

func TestPresenterProcessDrivesTheAudienceAndCloses(t *testing.T) {
	d := tinyDeck(t)
	c := startFake(t, "talk")
	assert.Greater(t, c.Pid(), 0)
	assert.Error(t, c.ExitErr(), "still running")
	nav, _ := newTestNav(d)
	require.NoError(t, c.Send(Hello(d)))
	require.NoError(t, c.SendState(nav.State()))
	var seen []Position
	deadline := time.After(linkTimeout)
loop:
	for {
		select {
		case m, ok := <-c.Inbox():
			if !ok {
				break loop
			}
			if nav.Apply(m).Shared() {
				seen = append(seen, nav.Pos())
				c.SendState(nav.State())
			}
		case <-deadline:
			t.Fatal("the presenter process stopped talking")
		}
	}
	assert.Equal(t, []Position{{1, 0}, {1, 1}, {1, 2}, {0, 0}}, seen, "three PageDowns and a click, in order")
	assert.ErrorIs(t, ended(t, c.Peer), ErrPeerClosed, "the presenter window closed")
	assert.NoError(t, exited(t, c))
	assert.Equal(t, 0, c.Skipped(), "what the child printed after Stdio went to stderr")
}

func TestClosingTheAudienceWindowEndsThePresenterProcess(t *testing.T) {
	d := tinyDeck(t)
	c := startFake(t, "obey")
	c.KillGrace = linkTimeout // a slow machine does not turn this into a kill
	require.NoError(t, c.Send(Hello(d)))
	assert.Equal(t, "o", recv(t, c.Peer).Key, "the child is up")
	require.NoError(t, c.Close())
	assert.NoError(t, exited(t, c), "it exited by itself, not killed")
}

func TestAHungPresenterProcessIsKilled(t *testing.T) {
	d := tinyDeck(t)
	c := startFake(t, "linger")
	require.NoError(t, c.Send(Hello(d)))
	start := time.Now()
	require.NoError(t, c.Close())
	err := exited(t, c)
	var exitErr *exec.ExitError
	assert.True(t, errors.As(err, &exitErr), "killed: %v", err)
	assert.Less(t, time.Since(start), c.KillGrace+linkTimeout/2, "Close is bounded")
}

func TestAPresenterProcessThatDiesIsNoticed(t *testing.T) {
	d := tinyDeck(t)
	c := startFake(t, "crash")
	require.NoError(t, c.Send(Hello(d)))
	assert.Equal(t, "b", recv(t, c.Peer).Key, "the key sent before dying arrives")
	assert.ErrorIs(t, ended(t, c.Peer), ErrPeerLost)
	err := exited(t, c)
	var exitErr *exec.ExitError
	require.True(t, errors.As(err, &exitErr), "%v", err)
	assert.Equal(t, 7, exitErr.ExitCode())
	assert.Equal(t, 1, c.Skipped(), "the line a library printed to stdout was skipped")
}

func TestStartPresenterReportsAMissingExecutable(t *testing.T) {
	_, err := StartPresenter("/nonexistent/gmpbook-desktop", "--presenter")
	assert.Error(t, err)
}
