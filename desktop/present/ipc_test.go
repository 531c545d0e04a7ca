package present

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// linkTimeout bounds every wait on the link: a test that would hang fails.
const linkTimeout = 5 * time.Second

// pipes returns the two ends of a link over two OS pipes, as between the
// audience process and the presenter process, and the four files under
// them (audience read, audience write, presenter read, presenter write).
func pipes(t *testing.T) (aud, pres *Peer, files [4]*os.File) {
	t.Helper()
	presR, audW, err := os.Pipe()
	require.NoError(t, err)
	audR, presW, err := os.Pipe()
	require.NoError(t, err)
	aud = NewPeer(audR, audW, audR, audW)
	pres = NewPeer(presR, presW, presR, presW)
	t.Cleanup(func() {
		aud.Close()
		pres.Close()
	})
	return aud, pres, [4]*os.File{audR, audW, presR, presW}
}

// recv waits for the next message on p.
func recv(t *testing.T, p *Peer) Msg {
	t.Helper()
	select {
	case m, ok := <-p.Inbox():
		require.True(t, ok, "the link ended: %v", p.Err())
		return m
	case <-time.After(linkTimeout):
		t.Fatal("no message within the timeout")
	}
	return Msg{}
}

// ended waits for p's link to end and returns why.
func ended(t *testing.T, p *Peer) error {
	t.Helper()
	select {
	case <-p.Done():
		return p.Err()
	case <-time.After(linkTimeout):
		t.Fatal("the end of the link was not noticed")
	}
	return nil
}

// tinyChapter is a chapter with a narrated scene and a poll, quick to
// simulate, for the link's tests and the fake presenter process.
const tinyChapter = "---\ntitle: Tiny\nsummary: A tiny deck.\ngoals:\n  - Link two windows\n---\n\nIntro.\n\n## A scene\n\n```go scene id=one\nfunc main() {\n\t//> main starts a goroutine\n\tgo func() { println(1) }()\n\t//> main sleeps\n\ttime.Sleep(time.Millisecond)\n}\n```\n\n```predict scene=one\nWhat does it print?\n```\n\n## The end\n\nDone.\n"

func tinyDeck(t testing.TB) *Deck {
	d := Load("chapters/97-tiny.md", []byte(tinyChapter))
	require.NoError(t, d.Err)
	return d
}

func TestTinyDeckHasFragments(t *testing.T) {
	d := tinyDeck(t)
	var kinds []string
	for _, s := range d.Slides {
		kinds = append(kinds, s.Kind.String()+":"+strconv.Itoa(s.Steps()))
	}
	assert.Equal(t, []string{"title:0", "scene:2", "poll:1", "content:0"}, kinds)
}

// TestLinkCarriesPositionsBothWays: the audience side sends its state,
// the presenter side sends keys and a goto, and both windows end up
// showing the same position.
func TestLinkCarriesPositionsBothWays(t *testing.T) {
	d := tinyDeck(t)
	aud, pres, _ := pipes(t)
	audNav, clk := newTestNav(d)
	presNav := NewNav(d)
	presNav.Clock = clk.Now

	require.NoError(t, aud.Send(Hello(d)))
	require.NoError(t, CheckHello(recv(t, pres), d))

	// Audience → presenter.
	audNav.GoTo(2)
	audNav.Next()
	require.NoError(t, aud.SendState(audNav.State()))
	m := recv(t, pres)
	require.Equal(t, MsgState, m.Type)
	assert.Equal(t, Moved|TimerChanged, presNav.Apply(m))
	assert.Equal(t, Position{1, 1}, presNav.Pos())

	// Presenter → audience: keys, then a click on a slide.
	require.NoError(t, pres.SendKey(KeyPageDown))
	require.NoError(t, pres.SendKey(KeyPageDown))
	require.NoError(t, pres.Send(GotoMsg(Position{2, 1})))
	require.NoError(t, pres.Send(OpenMsg(3)))
	var seen []Position
	for range 4 {
		e := audNav.Apply(recv(t, aud))
		require.True(t, e.Shared())
		seen = append(seen, audNav.Pos())
		require.NoError(t, aud.SendState(audNav.State()))
	}
	assert.Equal(t, []Position{{1, 2}, {2, 0}, {2, 1}, {3, 0}}, seen)

	// Back to the presenter: the states arrive (the last one at least,
	// as states waiting in the queue are replaced by newer ones).
	for presNav.Pos() != audNav.Pos() {
		m := recv(t, pres)
		require.Equal(t, MsgState, m.Type)
		presNav.Apply(m)
	}
	assert.Equal(t, audNav.State(), presNav.State())
}

// TestLinkAppliesMessagesInOrder sends a long run of keys from the
// presenter side; the audience side applies them one by one, and every
// intermediate position equals that of a Nav pressing the same keys.
func TestLinkAppliesMessagesInOrder(t *testing.T) {
	d := deckNamed(t, "05-stealing")
	aud, pres, _ := pipes(t)
	audNav, _ := newTestNav(d)
	ref, _ := newTestNav(d)
	keys := []Key{KeyRight, KeySpace, KeyRight, KeyLeft, KeyPageDown, Key1, Key2, KeyEnter, KeyPageUp, KeyO, KeyRight,
		KeyDown, KeyEnter, KeyB, KeyRight, KeyRight, KeyEnd, KeyLeft, KeyHome, Key3, KeyBackspace, Key4, KeyEnter}
	var sent []Key
	for range 20 {
		sent = append(sent, keys...)
	}
	for _, k := range sent {
		require.NoError(t, pres.SendKey(k))
	}
	for i, k := range sent {
		m := recv(t, aud)
		require.Equal(t, k.String(), m.Key, "message %d", i)
		audNav.Apply(m)
		ref.Press(k)
		require.Equal(t, ref.State(), audNav.State(), "after message %d (%s)", i, k)
	}
}

func TestAPeerThatSaysByeIsNoticed(t *testing.T) {
	aud, pres, _ := pipes(t)
	require.NoError(t, pres.SendKey(KeyRight))
	require.NoError(t, pres.Close())
	assert.Equal(t, "right", recv(t, aud).Key, "what was sent before closing arrives")
	assert.ErrorIs(t, ended(t, aud), ErrPeerClosed)
	assert.Error(t, aud.Send(KeyMsg(KeyLeft)), "sending on an ended link fails at once")
	assert.ErrorIs(t, pres.Err(), ErrClosed)
	assert.NoError(t, pres.Close(), "closing twice is fine")
}

func TestADeadPeerIsNoticed(t *testing.T) {
	aud, _, files := pipes(t)
	// The presenter process dies: the kernel closes its ends, without a bye.
	files[2].Close()
	files[3].Close()
	assert.ErrorIs(t, ended(t, aud), ErrPeerLost)
	_, ok := <-aud.Inbox()
	assert.False(t, ok, "the inbox closes too")
	assert.Equal(t, 0, aud.Drain(func(Msg) { t.Error("no message") }))
}

func TestAPeerThatStopsReadingNeverBlocksTheSender(t *testing.T) {
	aud, _, _ := pipes(t) // the presenter side never reads
	start := time.Now()
	var err error
	states := 0
	for i := 0; i < 3*maxQueue && err == nil; i++ {
		if i%2 == 0 {
			err = aud.SendState(State{Position: Position{Slide: i}}) // replaced while queued
			states++
		} else {
			err = aud.SendKey(KeyRight)
		}
	}
	assert.ErrorIs(t, err, ErrPeerStuck)
	assert.ErrorIs(t, ended(t, aud), ErrPeerStuck)
	assert.Less(t, time.Since(start), linkTimeout, "Send returned at once every time")

	aud2, _, _ := pipes(t)
	for range 3000 { // more than a pipe's buffer, fewer than the queue's limit
		require.NoError(t, aud2.SendKey(KeyRight))
	}
	done := make(chan struct{})
	go func() {
		aud2.Close()
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
	p := NewPeer(r, sinkW, r, sinkW)
	defer p.Close()
	_, err = w.WriteString("libGL warning: something\n{\"no\":\"type\"}\n{broken\n" + `{"type":"key","key":"pagedown"}` + "\n" + `{"type":"future","x":1}` + "\n")
	require.NoError(t, err)
	assert.Equal(t, "pagedown", recv(t, p).Key)
	m := recv(t, p)
	assert.Equal(t, "future", m.Type, "unknown types pass, for a newer peer")
	assert.Equal(t, Effect(0), newNav([]int{0}).Apply(m), "and do nothing")
	assert.Equal(t, 3, p.Skipped())
	w.Close()
	assert.ErrorIs(t, ended(t, p), ErrPeerLost)
}

func TestHelloChecksVersionAndDeck(t *testing.T) {
	d := tinyDeck(t)
	assert.NoError(t, CheckHello(Hello(d), d))
	h := Hello(d)
	h.Version = 99
	assert.ErrorContains(t, CheckHello(h, d), "version 99")
	h = Hello(d)
	h.Slides++
	assert.Error(t, CheckHello(h, d))
	assert.Error(t, CheckHello(KeyMsg(KeyB), d))
}

func TestDrainTakesWhatHasArrivedWithoutWaiting(t *testing.T) {
	aud, pres, _ := pipes(t)
	for _, k := range []Key{KeyRight, KeyLeft, KeyB} {
		require.NoError(t, pres.SendKey(k))
	}
	var got []string
	deadline := time.Now().Add(linkTimeout)
	for len(got) < 3 && time.Now().Before(deadline) {
		aud.Drain(func(m Msg) { got = append(got, m.Key) })
		time.Sleep(time.Millisecond)
	}
	assert.Equal(t, []string{"right", "left", "b"}, got)
	start := time.Now()
	assert.Equal(t, 0, aud.Drain(func(Msg) {}), "nothing more")
	assert.Less(t, time.Since(start), time.Second)
}
