package present

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/link"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// linkProtocol is the desktop's (present_link.go): a bye, and only the
// newest state matters.
var linkProtocol = link.Protocol[Msg]{Bye: Bye(), Latest: MsgState}

// linkTimeout bounds every wait on the link: a test that would hang fails.
const linkTimeout = 5 * time.Second

// pipes returns the two ends of a link over two OS pipes, as between the
// audience process and the presenter process, and the four files under
// them (audience read, audience write, presenter read, presenter write).
func pipes(t *testing.T) (aud, pres *link.Peer[Msg], files [4]*os.File) {
	t.Helper()
	presR, audW, err := os.Pipe()
	require.NoError(t, err)
	audR, presW, err := os.Pipe()
	require.NoError(t, err)
	aud = link.NewPeer(linkProtocol, audR, audW, audR, audW)
	pres = link.NewPeer(linkProtocol, presR, presW, presR, presW)
	t.Cleanup(func() {
		aud.Close()
		pres.Close()
	})
	return aud, pres, [4]*os.File{audR, audW, presR, presW}
}

// recv waits for the next message on p.
func recv(t *testing.T, p *link.Peer[Msg]) Msg {
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

// tinyChapter is a chapter with a narrated scene and a poll, quick to
// simulate, for the protocol's tests.
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
	require.NoError(t, aud.Send(StateMsg(audNav.State())))
	m := recv(t, pres)
	require.Equal(t, MsgState, m.Type)
	assert.Equal(t, Moved|TimerChanged, presNav.Apply(m))
	assert.Equal(t, Position{1, 1}, presNav.Pos())

	// Presenter → audience: keys, then a click on a slide.
	require.NoError(t, pres.Send(KeyMsg(key.PageDown)))
	require.NoError(t, pres.Send(KeyMsg(key.PageDown)))
	require.NoError(t, pres.Send(GotoMsg(Position{2, 1})))
	require.NoError(t, pres.Send(OpenMsg(3)))
	var seen []Position
	for range 4 {
		e := audNav.Apply(recv(t, aud))
		require.True(t, e.Shared())
		seen = append(seen, audNav.Pos())
		require.NoError(t, aud.Send(StateMsg(audNav.State())))
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
	keys := []key.Key{key.Right, key.Space, key.Right, key.Left, key.PageDown, key.Digit1, key.Digit2, key.Enter, key.PageUp, key.O, key.Right,
		key.Down, key.Enter, key.B, key.Right, key.Right, key.End, key.Left, key.Home, key.Digit3, key.Backspace, key.Digit4, key.Enter}
	var sent []key.Key
	for range 20 {
		sent = append(sent, keys...)
	}
	for _, k := range sent {
		require.NoError(t, pres.Send(KeyMsg(k)))
	}
	for i, k := range sent {
		m := recv(t, aud)
		require.Equal(t, k.String(), m.Key, "message %d", i)
		audNav.Apply(m)
		ref.Press(k)
		require.Equal(t, ref.State(), audNav.State(), "after message %d (%s)", i, k)
	}
}

func TestAMessageOfAnUnknownTypeDoesNothing(t *testing.T) {
	assert.Equal(t, Effect(0), newNav([]int{0}).Apply(Msg{Type: "future"}), "for a newer peer")
	assert.Equal(t, Effect(0), newNav([]int{0}).Apply(Msg{Type: MsgKey, Key: "no such key"}))
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
	assert.Error(t, CheckHello(KeyMsg(key.B), d))
}
