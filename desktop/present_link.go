package desktop

import (
	"github.com/gmpbook/gmpbook/desktop/link"
	"github.com/gmpbook/gmpbook/desktop/present"
)

// PresentLink is the link between a talk's two windows: presentation
// protocol messages (present.Msg) over desktop/link.
type PresentLink = link.Peer[present.Msg]

// presentProtocol: a window says bye as it closes, and of the states
// waiting to be written only the newest matters.
var presentProtocol = link.Protocol[present.Msg]{Bye: present.Bye(), Latest: present.MsgState}

// PresenterStdio is the presenter window's end of the link, its stdin and
// stdout (link.Stdio). Call it once, before anything could print.
func PresenterStdio() *PresentLink { return link.Stdio(presentProtocol) }

// startPresenter starts the presenter window's process: exe with args.
func startPresenter(exe string, args ...string) (*link.Child[present.Msg], error) {
	return link.Start(presentProtocol, exe, args...)
}
