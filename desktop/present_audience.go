package desktop

import (
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/link"
	"github.com/gmpbook/gmpbook/desktop/present"
)

// The audience window owns the talk: its Nav is the talk's state. It
// starts the presenter window on request (p, or --presenter) as a second
// process of this binary, sends it every change of state, and applies the
// keys and clicks that window sends back as if they were pressed here.

// audienceSide is what only the audience window has: the presenter
// window's process and what came from it.
type audienceSide struct {
	child *link.Child[present.Msg] // the presenter window, while it runs
	keys  int                      // key messages it sent
	told  bool                     // a presenter window was started (or failed to start)
	want  bool                     // start it once the game runs (--presenter)
}

// close ends the presenter window: its process is told and, if it does
// not exit within a second, killed.
func (a *audienceSide) close() {
	if a.child != nil {
		a.child.Close()
		a.child = nil
	}
}

// startPresenter starts the presenter window: this program again, as
// the presenter of this talk, linked over its stdin and stdout.
func (m *presentMode) startPresenter() {
	a := m.aud
	if a.child != nil {
		m.say(lang.T(m.lang, "present.presenter.open"), nil)
		return
	}
	exe := m.opt.Exe
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			m.say(lang.T(m.lang, "present.presenter.fail"), err)
			return
		}
	}
	args := []string{"--mode", "present", "--presenter-child", "--chapter", m.name, "--lang", m.lang.String(), "--state", "", "--width", "1280", "--height", "800"}
	if dir := m.host.Book.Dir; dir != "" {
		args = append(args, "--chapters", dir)
	}
	if m.dark {
		args = append(args, "--dark")
	}
	if mon := ebiten.Monitor(); mon != nil {
		args = append(args, "--beside-monitor", mon.Name())
	}
	if len(m.opt.ChildKeys) > 0 {
		var names []string
		for _, k := range m.opt.ChildKeys {
			names = append(names, k.String())
		}
		args = append(args, "--presenter-keys", strings.Join(names, ","))
	}
	a.told = true
	c, err := startPresenter(exe, args...)
	if err != nil {
		m.say(lang.T(m.lang, "present.presenter.fail"), err)
		return
	}
	a.child = c
	a.keys = 0
	c.Send(present.Hello(m.deck))
	c.Send(present.StateMsg(m.nav.State()))
	m.host.Notify("presenter window started (pid %d)", c.Pid())
}

// fromPresenter applies what the presenter window sent, and notices
// when it has gone.
func (m *presentMode) fromPresenter() present.Effect {
	a := m.aud
	if a.child == nil {
		return 0
	}
	var e present.Effect
	a.child.Drain(func(msg present.Msg) {
		if msg.Type == present.MsgKey {
			a.keys++
			if msg.Key == "k" {
				m.togglePlay()
				return
			}
		}
		if m.deck != nil {
			e |= m.nav.Apply(msg)
		}
	})
	select {
	case <-a.child.Done():
		why := a.child.Err()
		a.close()
		if why == link.ErrPeerClosed {
			why = nil
		}
		m.say(lang.T(m.lang, "present.presenter.closed"), why)
	default:
	}
	return e
}
