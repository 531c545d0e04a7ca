package link

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// msg is a message of a test protocol: "say" carries Text, "count" carries
// N and only the newest queued one matters, "bye" ends the link.
type msg struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"`
	N    int    `json:"n,omitempty"`
}

func (m msg) Kind() string { return m.Type }

var proto = Protocol[msg]{Bye: msg{Type: "bye"}, Latest: "count"}

func say(s string) msg { return msg{Type: "say", Text: s} }

// linkTimeout bounds every wait on the link: a test that would hang fails.
const linkTimeout = 5 * time.Second

// pipes returns the two ends of a link over two OS pipes, as between two
// processes, and the four files under them (a read, a write, b read, b
// write).
func pipes(t *testing.T) (a, b *Peer[msg], files [4]*os.File) {
	t.Helper()
	bR, aW, err := os.Pipe()
	require.NoError(t, err)
	aR, bW, err := os.Pipe()
	require.NoError(t, err)
	a = NewPeer(proto, aR, aW, aR, aW)
	b = NewPeer(proto, bR, bW, bR, bW)
	t.Cleanup(func() {
		a.Close()
		b.Close()
	})
	return a, b, [4]*os.File{aR, aW, bR, bW}
}

// recv waits for the next message on p.
func recv(t *testing.T, p *Peer[msg]) msg {
	t.Helper()
	select {
	case m, ok := <-p.Inbox():
		require.True(t, ok, "the link ended: %v", p.Err())
		return m
	case <-time.After(linkTimeout):
		t.Fatal("no message within the timeout")
	}
	return msg{}
}

// ended waits for p's link to end and returns why.
func ended(t *testing.T, p *Peer[msg]) error {
	t.Helper()
	select {
	case <-p.Done():
		return p.Err()
	case <-time.After(linkTimeout):
		t.Fatal("the end of the link was not noticed")
	}
	return nil
}

func TestMessagesArriveInOrderBothWays(t *testing.T) {
	a, b, _ := pipes(t)
	for i := range 1000 {
		require.NoError(t, a.Send(say(strconv.Itoa(i))))
	}
	require.NoError(t, b.Send(say("back")))
	for i := range 1000 {
		require.Equal(t, strconv.Itoa(i), recv(t, b).Text)
	}
	assert.Equal(t, "back", recv(t, a).Text)
}

// blockedWriter blocks every Write until release is closed.
type blockedWriter struct{ entered, release chan struct{} }

func (w blockedWriter) Write(b []byte) (int, error) {
	select {
	case w.entered <- struct{}{}:
	default:
	}
	<-w.release
	return len(b), nil
}

func TestALatestMessageReplacesOneWaitingAtTheTail(t *testing.T) {
	w := blockedWriter{entered: make(chan struct{}, 1), release: make(chan struct{})}
	r, _, err := os.Pipe()
	require.NoError(t, err)
	p := NewPeer(proto, r, w, r)
	defer func() {
		close(w.release)
		p.Close()
	}()
	require.NoError(t, p.Send(say("first")))
	<-w.entered // the writer holds "first" and is stuck writing it
	for i := 1; i <= 100; i++ {
		require.NoError(t, p.Send(msg{Type: "count", N: i}))
	}
	require.NoError(t, p.Send(say("between")))
	require.NoError(t, p.Send(msg{Type: "count", N: 101}))
	require.NoError(t, p.Send(msg{Type: "count", N: 102}))
	p.mu.Lock()
	queued := append([]msg(nil), p.queue...)
	p.mu.Unlock()
	assert.Equal(t, []msg{{Type: "count", N: 100}, say("between"), {Type: "count", N: 102}}, queued,
		"a count replaces the count at the tail, never a message before another kind")
}

func TestAPeerThatSaysByeIsNoticed(t *testing.T) {
	a, b, _ := pipes(t)
	require.NoError(t, b.Send(say("right")))
	require.NoError(t, b.Close())
	assert.Equal(t, "right", recv(t, a).Text, "what was sent before closing arrives")
	assert.ErrorIs(t, ended(t, a), ErrPeerClosed)
	assert.Error(t, a.Send(say("left")), "sending on an ended link fails at once")
	assert.ErrorIs(t, b.Err(), ErrClosed)
	assert.NoError(t, b.Close(), "closing twice is fine")
}

func TestADeadPeerIsNoticed(t *testing.T) {
	a, _, files := pipes(t)
	// The other process dies: the kernel closes its ends, without a bye.
	files[2].Close()
	files[3].Close()
	assert.ErrorIs(t, ended(t, a), ErrPeerLost)
	_, ok := <-a.Inbox()
	assert.False(t, ok, "the inbox closes too")
	assert.Equal(t, 0, a.Drain(func(msg) { t.Error("no message") }))
}

func TestAPeerThatStopsReadingNeverBlocksTheSender(t *testing.T) {
	a, _, _ := pipes(t) // b never reads
	start := time.Now()
	var err error
	for i := 0; i < 3*MaxQueue && err == nil; i++ {
		if i%2 == 0 {
			err = a.Send(msg{Type: "count", N: i}) // replaced while queued
		} else {
			err = a.Send(say("x"))
		}
	}
	assert.ErrorIs(t, err, ErrPeerStuck)
	assert.ErrorIs(t, ended(t, a), ErrPeerStuck)
	assert.Less(t, time.Since(start), linkTimeout, "Send returned at once every time")

	a2, _, _ := pipes(t)
	for range 3000 { // more than a pipe's buffer, fewer than the queue's limit
		require.NoError(t, a2.Send(say("x")))
	}
	done := make(chan struct{})
	go func() {
		a2.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(linkTimeout):
		t.Fatal("Close waited for a peer that does not read")
	}
}

func TestLinesThatAreNotMessagesAreSkipped(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	sink, sinkW, err := os.Pipe()
	require.NoError(t, err)
	defer sink.Close()
	p := NewPeer(proto, r, sinkW, r, sinkW)
	defer p.Close()
	_, err = w.WriteString("libGL warning: something\n{\"no\":\"type\"}\n{broken\n" + `{"type":"say","text":"hi"}` + "\n" + `{"type":"future","x":1}` + "\n")
	require.NoError(t, err)
	assert.Equal(t, "hi", recv(t, p).Text)
	assert.Equal(t, "future", recv(t, p).Type, "unknown types pass, for a newer peer")
	assert.Equal(t, 3, p.Skipped())
	w.Close()
	assert.ErrorIs(t, ended(t, p), ErrPeerLost)
}

func TestDrainTakesWhatHasArrivedWithoutWaiting(t *testing.T) {
	a, b, _ := pipes(t)
	for _, s := range []string{"right", "left", "b"} {
		require.NoError(t, b.Send(say(s)))
	}
	var got []string
	deadline := time.Now().Add(linkTimeout)
	for len(got) < 3 && time.Now().Before(deadline) {
		a.Drain(func(m msg) { got = append(got, m.Text) })
		time.Sleep(time.Millisecond)
	}
	assert.Equal(t, []string{"right", "left", "b"}, got)
	start := time.Now()
	assert.Equal(t, 0, a.Drain(func(msg) {}), "nothing more")
	assert.Less(t, time.Since(start), time.Second)
}

// unencodable is a message json.Marshal refuses.
type unencodable struct {
	Type string  `json:"type"`
	F    float64 `json:"f"`
}

func (m unencodable) Kind() string { return m.Type }

func TestAMessageThatDoesNotEncodeIsRefusedBySend(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	p := NewPeer(Protocol[unencodable]{Bye: unencodable{Type: "bye"}}, r, w, r, w)
	defer p.Close()
	bad := unencodable{Type: "x", F: 0}
	bad.F = bad.F / bad.F // NaN
	assert.ErrorContains(t, p.Send(bad), `a "x" message does not encode`)
	assert.NoError(t, p.Send(unencodable{Type: "x", F: 1}), "the link is still up")
}

// fakeEnv switches the test binary into a fake child process: the usual
// Go pattern of a test re-running its own binary as the child.
const fakeEnv = "GMPBOOK_LINK_FAKE_CHILD"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeChild(mode))
	}
	os.Exit(m.Run())
}

// fakeChild is a child process at the other end of the link.
func fakeChild(mode string) int {
	if mode == "crash" {
		// A library printing to standard output before the link starts.
		fmt.Println("some library says hello on stdout")
	}
	p := Stdio(proto)
	first, ok := <-p.Inbox()
	if !ok || first.Text != "hello" {
		fmt.Fprintln(os.Stderr, "fake child: bad first message", first, p.Err())
		return 3
	}
	switch mode {
	case "echo":
		// Answer every message with its text doubled until told to stop,
		// then close the link the way a window closing does.
		fmt.Println("fake child: printed to stdout after Stdio, which sends it to stderr")
		for m := range p.Inbox() {
			if m.Text == "stop" {
				p.Close()
				return 0
			}
			p.Send(say(m.Text + m.Text))
		}
		return 4
	case "obey":
		// Say it is ready, wait for the parent to go away, exit.
		p.Send(say("ready"))
		<-p.Done()
		return 0
	case "linger":
		// A child that hangs: ignores the end of its stdin.
		time.Sleep(time.Minute)
		return 5
	case "crash":
		p.Send(say("dying"))
		time.Sleep(100 * time.Millisecond) // let the message leave
		os.Exit(7)                         // no bye
	}
	return 2
}

func startFake(t *testing.T, mode string) *Child[msg] {
	t.Helper()
	t.Setenv(fakeEnv, mode)
	exe, err := os.Executable()
	require.NoError(t, err)
	c, err := Start(proto, exe, "-test.run=^$")
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	require.NoError(t, c.Send(say("hello")))
	return c
}

func exited(t *testing.T, c *Child[msg]) error {
	t.Helper()
	select {
	case <-c.Exited():
		return c.ExitErr()
	case <-time.After(linkTimeout):
		t.Fatal("the child did not exit")
	}
	return nil
}

func TestAChildProcessAnswersAndCloses(t *testing.T) {
	c := startFake(t, "echo")
	assert.Greater(t, c.Pid(), 0)
	assert.Error(t, c.ExitErr(), "still running")
	for _, s := range []string{"a", "bc", "d"} {
		require.NoError(t, c.Send(say(s)))
		assert.Equal(t, s+s, recv(t, c.Peer).Text)
	}
	require.NoError(t, c.Send(say("stop")))
	assert.ErrorIs(t, ended(t, c.Peer), ErrPeerClosed, "the child closed its end")
	assert.NoError(t, exited(t, c))
	assert.Equal(t, 0, c.Skipped(), "what the child printed after Stdio went to stderr")
}

func TestClosingTheParentEndsTheChildProcess(t *testing.T) {
	c := startFake(t, "obey")
	c.KillGrace = linkTimeout // a slow machine does not turn this into a kill
	assert.Equal(t, "ready", recv(t, c.Peer).Text, "the child is up")
	require.NoError(t, c.Close())
	assert.NoError(t, exited(t, c), "it exited by itself, not killed")
}

func TestAHungChildProcessIsKilled(t *testing.T) {
	c := startFake(t, "linger")
	start := time.Now()
	require.NoError(t, c.Close())
	err := exited(t, c)
	var exitErr *exec.ExitError
	assert.True(t, errors.As(err, &exitErr), "killed: %v", err)
	assert.Less(t, time.Since(start), c.KillGrace+linkTimeout/2, "Close is bounded")
}

func TestAChildProcessThatDiesIsNoticed(t *testing.T) {
	c := startFake(t, "crash")
	assert.Equal(t, "dying", recv(t, c.Peer).Text, "the message sent before dying arrives")
	assert.ErrorIs(t, ended(t, c.Peer), ErrPeerLost)
	err := exited(t, c)
	var exitErr *exec.ExitError
	require.True(t, errors.As(err, &exitErr), "%v", err)
	assert.Equal(t, 7, exitErr.ExitCode())
	assert.Equal(t, 1, c.Skipped(), "the line a library printed to stdout was skipped")
}

func TestStartReportsAMissingExecutable(t *testing.T) {
	_, err := Start(proto, "/nonexistent/gmpbook-desktop", "--presenter")
	assert.Error(t, err)
}
