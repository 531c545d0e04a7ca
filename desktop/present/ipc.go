package present

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// The two windows of a talk are two processes of one binary (Ebiten has
// one window per process): the audience window's process starts the
// presenter window's (StartPresenter) and the two talk over the child's
// stdin and stdout, one JSON object per line. The audience side owns the
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
func KeyMsg(k Key) Msg { return Msg{Type: MsgKey, Key: k.String()} }

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
		if k, ok := ParseKey(m.Key); ok {
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

// Why a link ended (Peer.Err).
var (
	ErrClosed     = errors.New("present: link closed")
	ErrPeerClosed = errors.New("present: the other window closed")
	ErrPeerLost   = errors.New("present: the other window's process ended without closing")
	ErrPeerStuck  = errors.New("present: the other window stopped reading")
)

// Limits of a link.
const (
	maxLine    = 1 << 20 // bytes in one message
	maxQueue   = 4096    // messages waiting to be written before the peer counts as stuck
	inboxSize  = 256     // messages read and not yet taken by the game loop
	closeGrace = 250 * time.Millisecond
)

// Peer is one end of the link between the two windows. A goroutine reads
// messages into Inbox and another writes what Send queues, so that
// nothing the game loop calls blocks: Update drains the inbox (Drain),
// queues messages (Send), and checks Done.
type Peer struct {
	in      chan Msg
	done    chan struct{}
	quit    chan struct{} // closed by Close: stop reading and writing
	wake    chan struct{} // a message was queued
	flushed chan struct{} // the writer has stopped
	closers []io.Closer

	mu      sync.Mutex
	queue   []Msg
	closing bool // Close was called: the writer writes what is queued, then stops
	err     error
	skipped int
	endOnce sync.Once
}

// NewPeer runs a link that reads messages from r and writes them to w;
// Close closes closers (the files or connection under r and w), which
// also unblocks the reader and writer.
func NewPeer(r io.Reader, w io.Writer, closers ...io.Closer) *Peer {
	p := &Peer{
		in:      make(chan Msg, inboxSize),
		done:    make(chan struct{}),
		quit:    make(chan struct{}),
		wake:    make(chan struct{}, 1),
		flushed: make(chan struct{}),
		closers: closers,
	}
	go p.read(r)
	go p.write(w)
	return p
}

// end records why the link ended (the first reason wins) and closes Done.
func (p *Peer) end(err error) {
	p.endOnce.Do(func() {
		p.mu.Lock()
		p.err = err
		p.mu.Unlock()
		close(p.done)
	})
}

func (p *Peer) read(r io.Reader) {
	defer close(p.in)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		var m Msg
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil || m.Type == "" {
			// Not a message: something else in the process wrote to its
			// standard output. Skip it rather than lose the link.
			p.mu.Lock()
			p.skipped++
			p.mu.Unlock()
			continue
		}
		if m.Type == MsgBye {
			p.end(ErrPeerClosed)
			return
		}
		select {
		case p.in <- m:
		case <-p.quit:
			return
		}
	}
	select {
	case <-p.quit:
		p.end(ErrClosed)
	default:
		if err := sc.Err(); err != nil {
			p.end(fmt.Errorf("%w: %v", ErrPeerLost, err))
		} else {
			p.end(ErrPeerLost)
		}
	}
}

func (p *Peer) write(w io.Writer) {
	defer close(p.flushed)
	for {
		select {
		case <-p.wake:
		case <-p.quit:
			return
		}
		p.mu.Lock()
		batch, closing := p.queue, p.closing
		p.queue = nil
		p.mu.Unlock()
		var buf []byte
		for _, m := range batch {
			line, err := json.Marshal(m)
			if err != nil {
				panic("present: Peer.write: " + err.Error()) // every Msg field marshals
			}
			buf = append(append(buf, line...), '\n')
		}
		if len(buf) > 0 {
			if _, err := w.Write(buf); err != nil {
				p.end(fmt.Errorf("%w: %v", ErrPeerLost, err))
				return
			}
		}
		if closing {
			return
		}
	}
}

// Send queues m for the other window and returns at once. A state
// replaces a state still waiting in the queue (only the latest matters);
// other messages keep their order. It fails when the link has ended, and
// ends the link (ErrPeerStuck) when the peer has stopped reading.
func (p *Peer) Send(m Msg) error {
	select {
	case <-p.done:
		return p.Err()
	default:
	}
	p.mu.Lock()
	if p.closing {
		p.mu.Unlock()
		return ErrClosed
	}
	if n := len(p.queue); m.Type == MsgState && n > 0 && p.queue[n-1].Type == MsgState {
		p.queue[n-1] = m
	} else {
		p.queue = append(p.queue, m)
	}
	stuck := len(p.queue) > maxQueue
	p.mu.Unlock()
	if stuck {
		p.end(ErrPeerStuck)
		p.shut()
		return ErrPeerStuck
	}
	select {
	case p.wake <- struct{}{}:
	default:
	}
	return nil
}

// SendState queues the shared state.
func (p *Peer) SendState(s State) error { return p.Send(StateMsg(s)) }

// SendKey queues a key pressed in this window.
func (p *Peer) SendKey(k Key) error { return p.Send(KeyMsg(k)) }

// Inbox delivers the messages read, in order; it is closed when the
// reading side of the link ends.
func (p *Peer) Inbox() <-chan Msg { return p.in }

// Drain hands every message already received to f, in order, without
// waiting for more, and returns how many it handed.
func (p *Peer) Drain(f func(Msg)) int {
	n := 0
	for {
		select {
		case m, ok := <-p.in:
			if !ok {
				return n
			}
			f(m)
			n++
		default:
			return n
		}
	}
}

// Done is closed when the link has ended: the other window closed or its
// process died (it is noticed at once: the pipe reports end of file), or
// Close was called.
func (p *Peer) Done() <-chan struct{} { return p.done }

// Err is why the link ended (nil while it lasts): ErrPeerClosed,
// ErrPeerLost, ErrPeerStuck or ErrClosed.
func (p *Peer) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Skipped counts the lines read that were not messages.
func (p *Peer) Skipped() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.skipped
}

// Close says bye, waits a moment for what is queued to be written, and
// closes the link. It never waits longer than closeGrace, even when the
// other side does not read.
func (p *Peer) Close() error {
	p.mu.Lock()
	already := p.closing
	if !already {
		p.closing = true
		p.queue = append(p.queue, Msg{Type: MsgBye})
	}
	p.mu.Unlock()
	if already {
		return nil
	}
	select {
	case p.wake <- struct{}{}:
	default:
	}
	select {
	case <-p.flushed:
	case <-time.After(closeGrace):
	}
	p.end(ErrClosed)
	p.shut()
	return nil
}

// shut stops the goroutines and closes the files under the link.
func (p *Peer) shut() {
	p.mu.Lock()
	select {
	case <-p.quit:
	default:
		close(p.quit)
	}
	cs := p.closers
	p.closers = nil
	p.mu.Unlock()
	for _, c := range cs {
		c.Close()
	}
}
