package desktop

import (
	"fmt"

	"github.com/gmpbook/gmpbook/desktop/present"
)

// The presenter window (--presenter-child) is a process the audience
// window started. It owns no state of the talk: it shows the state the
// audience window sends and forwards its keys and clicks there. It closes
// when the audience window does.

// presenterSide is what only the presenter window has: its link to the
// audience window.
type presenterSide struct {
	link     *PresentLink
	note     string        // why this window shows no talk (a hello for another deck)
	helloOK  bool          // the audience window's hello named this deck
	early    []present.Msg // messages that came before the deck was ready
	keysSent bool          // --presenter-keys were sent
}

// linkNote is why the presenter window shows no talk ("" elsewhere).
func (m *presentMode) linkNote() string {
	if m.pres == nil {
		return ""
	}
	return m.pres.note
}

// fromAudienceWindow applies what the audience window sent and reports
// whether it has closed (this window closes with it). Messages that come
// before the deck is ready wait for it (replay); once the talk is linked,
// the keys of --presenter-keys are sent, once.
func (m *presentMode) fromAudienceWindow() (e present.Effect, closed bool) {
	p := m.pres
	p.link.Drain(func(msg present.Msg) {
		if m.deck == nil {
			p.early = append(p.early, msg)
			return
		}
		e |= m.fromAudience(msg)
	})
	select {
	case <-p.link.Done():
		return e, true
	default:
	}
	if m.deck != nil && p.helloOK && !p.keysSent && len(m.opt.Keys) > 0 {
		p.keysSent = true
		for _, k := range m.opt.Keys {
			p.link.Send(present.KeyMsg(k))
		}
	}
	return e, false
}

// replay applies the messages that came before the deck was ready.
func (p *presenterSide) replay(m *presentMode) {
	early := p.early
	p.early = nil
	for _, msg := range early {
		m.fromAudience(msg)
	}
}

// fromAudience applies a message of the audience window in the
// presenter window.
func (m *presentMode) fromAudience(msg present.Msg) present.Effect {
	p := m.pres
	switch msg.Type {
	case present.MsgHello:
		if err := present.CheckHello(msg, m.deck); err != nil {
			p.note = err.Error()
			p.helloOK = false
			fmt.Fprintf(m.host.Stderr, "gmpbook-desktop (presenter): %v\n", err)
			return 0
		}
		p.note, p.helloOK = "", true
	case present.MsgState:
		if p.helloOK {
			return m.nav.Apply(msg)
		}
	}
	return 0
}
