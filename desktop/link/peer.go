package link

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// Message is what a link carries: a value that encodes as one JSON object
// and says its kind. A line that decodes to a kind of "" is not a message
// and is skipped.
type Message interface {
	Kind() string
}

// Protocol is what a Peer must know of the messages it carries.
type Protocol[M Message] struct {
	// Bye is the last message Close sends; reading a message of its kind
	// ends the link with ErrPeerClosed.
	Bye M
	// Latest is the kind of message of which only the newest matters: one
	// queued replaces one of the same kind waiting at the queue's tail
	// ("" for none).
	Latest string
}

// Why a link ended (Peer.Err).
var (
	ErrClosed     = errors.New("link: closed")
	ErrPeerClosed = errors.New("link: the other window closed")
	ErrPeerLost   = errors.New("link: the other window's process ended without closing")
	ErrPeerStuck  = errors.New("link: the other window stopped reading")
)

// Limits of a link.
const (
	maxLine = 1 << 20 // bytes in one message
	// MaxQueue is how many messages may wait to be written before the
	// peer counts as stuck.
	MaxQueue   = 4096
	inboxSize  = 256 // messages read and not yet taken by the game loop
	closeGrace = 250 * time.Millisecond
)

// Peer is one end of a link. A goroutine reads messages into Inbox and
// another writes what Send queues, so that nothing the game loop calls
// blocks: Update drains the inbox (Drain), queues messages (Send), and
// checks Done.
type Peer[M Message] struct {
	proto   Protocol[M]
	in      chan M
	done    chan struct{}
	quit    chan struct{} // closed by Close: stop reading and writing
	wake    chan struct{} // a message was queued
	flushed chan struct{} // the writer has stopped
	closers []io.Closer

	mu      sync.Mutex
	queue   []M
	closing bool // Close was called: the writer writes what is queued, then stops
	err     error
	skipped int
	endOnce sync.Once
}

// NewPeer runs a link that reads messages from r and writes them to w;
// Close closes closers (the files or connection under r and w), which
// also unblocks the reader and writer.
func NewPeer[M Message](proto Protocol[M], r io.Reader, w io.Writer, closers ...io.Closer) *Peer[M] {
	p := &Peer[M]{
		proto:   proto,
		in:      make(chan M, inboxSize),
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
func (p *Peer[M]) end(err error) {
	p.endOnce.Do(func() {
		p.mu.Lock()
		p.err = err
		p.mu.Unlock()
		close(p.done)
	})
}

func (p *Peer[M]) read(r io.Reader) {
	defer close(p.in)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	bye := p.proto.Bye.Kind()
	for sc.Scan() {
		var m M
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil || m.Kind() == "" {
			// Not a message: something else in the process wrote to its
			// standard output. Skip it rather than lose the link.
			p.mu.Lock()
			p.skipped++
			p.mu.Unlock()
			continue
		}
		if m.Kind() == bye {
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

func (p *Peer[M]) write(w io.Writer) {
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
				// Send checked that m marshals; nothing else is queued.
				panic("link: Peer.write: " + err.Error())
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

// Send queues m for the other window and returns at once. A message of
// the protocol's Latest kind replaces one of that kind waiting at the
// tail of the queue; other messages keep their order. It fails when m
// does not encode as JSON or the link has ended, and ends the link
// (ErrPeerStuck) when the peer has stopped reading.
func (p *Peer[M]) Send(m M) error {
	if _, err := json.Marshal(m); err != nil {
		return fmt.Errorf("link: a %q message does not encode: %w", m.Kind(), err)
	}
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
	latest := p.proto.Latest
	if n := len(p.queue); latest != "" && m.Kind() == latest && n > 0 && p.queue[n-1].Kind() == latest {
		p.queue[n-1] = m
	} else {
		p.queue = append(p.queue, m)
	}
	stuck := len(p.queue) > MaxQueue
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

// Inbox delivers the messages read, in order; it is closed when the
// reading side of the link ends.
func (p *Peer[M]) Inbox() <-chan M { return p.in }

// Drain hands every message already received to f, in order, without
// waiting for more, and returns how many it handed.
func (p *Peer[M]) Drain(f func(M)) int {
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
func (p *Peer[M]) Done() <-chan struct{} { return p.done }

// Err is why the link ended (nil while it lasts): ErrPeerClosed,
// ErrPeerLost, ErrPeerStuck or ErrClosed.
func (p *Peer[M]) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Skipped counts the lines read that were not messages.
func (p *Peer[M]) Skipped() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.skipped
}

// Close says bye, waits a moment for what is queued to be written, and
// closes the link. It never waits longer than closeGrace, even when the
// other side does not read.
func (p *Peer[M]) Close() error {
	p.mu.Lock()
	already := p.closing
	if !already {
		p.closing = true
		p.queue = append(p.queue, p.proto.Bye)
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
func (p *Peer[M]) shut() {
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
