package present_test

import (
	"fmt"
	"os"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/link"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/desktop/present"
)

// The audience window's game loop, without Ebiten: the window maps its
// keys to key.Key, seeks its scene player when the position moves,
// and keeps the presenter window in step. keys stands for the keys
// pressed in one frame.
func Example_audience() {
	deck := present.Open("05-stealing") // or a path to a chapter file; errors give an error slide
	nav := present.NewNav(deck)
	ts := present.NewTypesetter(deck, page.NewMeasurer(), false)

	// The presenter window, when wanted (a flag, or a key in the
	// audience window): the same binary, told to be the presenter.
	var presenter *link.Child[present.Msg]
	protocol := link.Protocol[present.Msg]{Bye: present.Bye(), Latest: present.MsgState}
	startPresenter := func() {
		exe, err := os.Executable()
		if err != nil {
			return
		}
		if presenter, err = link.Start(protocol, exe, "--present", deck.Name, "--presenter"); err != nil {
			presenter = nil
			return
		}
		presenter.Send(present.Hello(deck))
		presenter.Send(present.StateMsg(nav.State()))
	}
	_ = startPresenter

	update := func(keys []key.Key, winW, winH float32) {
		var e present.Effect
		for _, k := range keys {
			e |= nav.Press(k)
		}
		e |= nav.Tick()
		if presenter != nil {
			presenter.Drain(func(m present.Msg) { e |= nav.Apply(m) })
			select {
			case <-presenter.Done(): // the presenter window closed or died
				presenter.Close()
				presenter = nil
			default:
			}
		}
		if e&present.Moved != 0 {
			s := deck.Slides[nav.Pos().Slide]
			_ = s.EventAt(nav.Pos().Step) // seek the scene player there
		}
		if e.Shared() && presenter != nil {
			presenter.Send(present.StateMsg(nav.State()))
		}
		// Draw: black if nav.Blackout(); else the overview
		// (present.NewGrid(present.StageRect, len(deck.Slides)), each cell
		// through present.FitInto(cell), ts.OverviewItems on top) or the
		// slide: ts.Slide(i).Items through present.FitStage(winW, winH),
		// Reveal from step 1, the player in Scene, ts.JumpItems(nav.Jump()).
		_ = ts.Slide(nav.Pos().Slide)
	}
	update([]key.Key{key.PageDown}, 1920, 1080)
	fmt.Println(nav.Pos(), present.Counter(deck, nav.Pos()))
	if presenter != nil {
		presenter.Close()
	}
	// Output: {1 0} slide 2/23 · step 0/3
}

// The presenter window's loop: it never changes the position itself; it
// forwards its keys and shows the state the audience window sends.
func Example_presenter() {
	// At start-up, in the process started with --presenter:
	peer := link.Stdio(link.Protocol[present.Msg]{Bye: present.Bye(), Latest: present.MsgState})
	var nav *present.Nav
	var ts *present.Typesetter
	update := func(keys []key.Key, winW, winH float32) bool {
		peer.Drain(func(m present.Msg) {
			if m.Type == present.MsgHello {
				deck := present.Open(m.Deck)
				if present.CheckHello(m, deck) == nil {
					nav = present.NewNav(deck)
					ts = present.NewTypesetter(deck, page.NewMeasurer(), true)
				}
				return
			}
			if nav != nil {
				nav.Apply(m) // a state: the position, overview, blackout, timer
			}
		})
		for _, k := range keys {
			peer.Send(present.KeyMsg(k))
		}
		select {
		case <-peer.Done():
			return false // the audience window closed: quit
		default:
		}
		if nav != nil {
			v := ts.Presenter(nav, winW, winH)
			_ = v // draw v.Under, the slides through v.Current and v.Next, then v.Items
		}
		return true
	}
	_ = update
}
