package present

import (
	"fmt"

	"github.com/gmpbook/gmpbook/desktop/key"
)

// The two windows of a talk are two processes of one binary (Ebiten has
// one window per process): the audience window's process starts the
// presenter window's and the two talk over the child's stdin and stdout,
// one JSON object per line (package desktop/link carries the lines; this
// file says what they mean). The audience side owns the
// Nav and sends a "state" message after every change; the presenter side
// shows that state and sends the keys pressed in its window ("key") and
// the slides clicked in it ("goto", "open"), which the audience side
// applies as if pressed there. Either side says "bye" when its window
// closes; end of file without it means the other process died.

// ProtocolVersion is sent in the "hello" message; a peer speaking another
// version is refused.
const ProtocolVersion = 1

// Message types.
const (
	MsgHello = "hello" // first message from the audience side: version, deck, number of slides
	MsgState = "state" // the shared State
	MsgKey   = "key"   // a key pressed in the presenter window, by name
	MsgGoto  = "goto"  // go to Pos (the presenter clicked the next slide, say)
	MsgOpen  = "open"  // open slide Pos.Slide from the overview
	MsgBye   = "bye"   // the sender's window is closing
)

// Msg is one line of the protocol. Fields not used by a type are left
// out; unknown types and fields are ignored, for peers a version apart.
type Msg struct {
	Type    string    `json:"type"`
	Version int       `json:"version,omitempty"`
	Deck    string    `json:"deck,omitempty"`
	Slides  int       `json:"slides,omitempty"`
	State   *State    `json:"state,omitempty"`
	Key     string    `json:"key,omitempty"`
	Pos     *Position `json:"pos,omitempty"`
}

// Kind is the message's type, for desktop/link.
func (m Msg) Kind() string { return m.Type }

// Bye is the message a window sends as it closes.
func Bye() Msg { return Msg{Type: MsgBye} }

// Hello is the first message of the audience side for deck d.
func Hello(d *Deck) Msg {
	return Msg{Type: MsgHello, Version: ProtocolVersion, Deck: d.Name, Slides: len(d.Slides)}
}

// CheckHello reports whether a hello message is for deck d, in this
// protocol version.
func CheckHello(m Msg, d *Deck) error {
	switch {
	case m.Type != MsgHello:
		return fmt.Errorf("present: expected hello, got %q", m.Type)
	case m.Version != ProtocolVersion:
		return fmt.Errorf("present: the other window speaks protocol version %d, this one %d", m.Version, ProtocolVersion)
	case m.Deck != d.Name || m.Slides != len(d.Slides):
		return fmt.Errorf("present: the other window shows %s (%d slides), this one %s (%d slides)", m.Deck, m.Slides, d.Name, len(d.Slides))
	}
	return nil
}

// KeyMsg is the message for a key pressed in the presenter window.
func KeyMsg(k key.Key) Msg { return Msg{Type: MsgKey, Key: k.String()} }

// StateMsg is the message carrying s.
func StateMsg(s State) Msg { return Msg{Type: MsgState, State: &s} }

// GotoMsg asks the audience side to go to p.
func GotoMsg(p Position) Msg { return Msg{Type: MsgGoto, Pos: &p} }

// OpenMsg asks the audience side to open slide i from the overview.
func OpenMsg(i int) Msg { return Msg{Type: MsgOpen, Pos: &Position{Slide: i}} }

// Apply does to n what a message from the other window says, and reports
// what changed: a key is pressed, a goto or open moves, a state is
// adopted. Hello and bye change nothing here.
func (n *Nav) Apply(m Msg) Effect {
	switch m.Type {
	case MsgKey:
		if k, ok := key.Parse(m.Key); ok {
			return n.Press(k)
		}
	case MsgGoto:
		if m.Pos != nil {
			return n.seek(*m.Pos)
		}
	case MsgOpen:
		if m.Pos != nil {
			return n.open(m.Pos.Slide)
		}
	case MsgState:
		if m.State != nil {
			return n.SetState(*m.State)
		}
	}
	return 0
}
