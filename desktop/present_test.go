//go:build display

// Presentation mode driven tick by tick without a window (importing
// Ebiten needs a display: tests/desktop_test.go runs these under
// xvfb-run). What needs no window at all — the deck, the keys' state
// machine, the layouts, the link — is tested in desktop/present.

package desktop

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/frame"
	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/link"
	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render/play"
)

// newPresentApp starts the app in presentation mode and waits for the
// slides.
func newPresentApp(t *testing.T, opt Options) (*App, *presentMode) {
	t.Helper()
	opt.Book = read.Embedded()
	opt.Mode = "present"
	if opt.Chapter == "" {
		opt.Chapter = "05-stealing"
	}
	a, err := NewApp(&opt)
	require.NoError(t, err)
	a.w, a.h, a.scale, a.sized = 1920, 1080, 1, true
	m := a.mode.(*presentMode)
	m.Resize(1920, 1080, 1)
	waitDeck(t, m)
	return a, m
}

// waitDeck ticks until the deck is made.
func waitDeck(t *testing.T, m *presentMode) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for m.deck == nil {
		require.True(t, time.Now().Before(deadline), "the slides were not made in time")
		ptick(t, m, nil, "")
		time.Sleep(5 * time.Millisecond)
	}
}

// ptick runs one Update with Ebiten keys and typed characters.
func ptick(t *testing.T, m *presentMode, keys []ebiten.Key, chars string) Damage {
	t.Helper()
	in := &Input{}
	in.Dt = 1.0 / 60
	for _, k := range keys {
		in.Keys = append(in.Keys, read.Press{Key: modelKeyOf(t, k)})
		in.Raw = append(in.Raw, k)
	}
	in.Chars = []rune(chars)
	d, err := m.Update(in)
	require.NoError(t, err)
	return d
}

func modelKeyOf(t *testing.T, k ebiten.Key) key.Key {
	for _, w := range watched {
		if w.k == k {
			return w.m
		}
	}
	t.Fatalf("key %v is not read by the app", k)
	return key.None
}

// firstScene is the first scene slide with at least two steps.
func firstScene(t *testing.T, d *present.Deck) int {
	for i := range d.Slides {
		if d.Slides[i].Kind == chapters.SlideScene && d.Slides[i].Steps() >= 2 {
			return i
		}
	}
	t.Fatal("no scene slide with two steps")
	return -1
}

func TestTheArrowsStepThroughASceneSlideAndThePlayerFollows(t *testing.T) {
	_, m := newPresentApp(t, Options{})
	i := firstScene(t, m.deck)
	s := &m.deck.Slides[i]
	// Go there as a presenter would: typed number, Enter.
	ptick(t, m, nil, strconv.Itoa(i+1))
	assert.Equal(t, strconv.Itoa(i+1), m.nav.Jump())
	ptick(t, m, []ebiten.Key{ebiten.KeyEnter}, "")
	require.Equal(t, present.Position{Slide: i}, m.nav.Pos())
	require.NotNil(t, m.panel, "a scene slide has its player")
	pl := m.panel.Source().(*play.Player)
	assert.Equal(t, s.EventAt(0), pl.Pos(), "step 0 shows the scene where main starts")

	for k := 1; k <= s.Steps(); k++ {
		keys, chars := []ebiten.Key{ebiten.KeyArrowRight}, ""
		if k == 2 {
			keys, chars = nil, " " // a clicker's Space, or the space bar
		}
		ptick(t, m, keys, chars)
		require.Equal(t, present.Position{Slide: i, Step: k}, m.nav.Pos())
		assert.Equal(t, s.EventAt(k), pl.Pos(), "step %d seeks the player to its caption's event", k)
		ptick(t, m, nil, "")
		assert.Equal(t, s.Caption(k), m.panel.Frame().Caption, "the player's caption is the step's")
		assert.Equal(t, s.Caption(k), m.shown.caption, "and the slide shows it")
	}
	// Past the last step: the next slide, which has no player.
	ptick(t, m, []ebiten.Key{ebiten.KeyPageDown}, "")
	assert.Equal(t, present.Position{Slide: i + 1}, m.nav.Pos())
	if !sceneSlide(m.deck, i+1) {
		assert.Nil(t, m.panel)
	}
	// Back: the scene again, at its last step.
	ptick(t, m, []ebiten.Key{ebiten.KeyArrowLeft}, "")
	require.NotNil(t, m.panel)
	assert.Equal(t, s.EventAt(s.Steps()), m.panel.Source().(*play.Player).Pos())
	// p is the presenter window here, not "previous"; Shift+Space goes back.
	assert.Equal(t, []presentPress{{act: actPresenter}}, presentPresses(&Input{Input: read.Input{Chars: []rune("p")}}, nil))
	assert.Equal(t, []presentPress{{act: actTalk, key: key.PageUp}}, presentPresses(&Input{Input: read.Input{Chars: []rune(" "), Shift: true}}, nil))
}

func TestAPlayingSceneSlideIsRepaintedAlone(t *testing.T) {
	_, m := newPresentApp(t, Options{Present: &PresentOptions{Slide: 2, Step: 1}})
	require.NotNil(t, m.panel)
	ptick(t, m, nil, "") // the first picture
	ptick(t, m, nil, "k")
	require.True(t, m.panel.Status().Playing, "k plays the scene")
	partial := 0
	for range 120 {
		switch ptick(t, m, nil, "") {
		case DamagePartial:
			partial++
		case DamageFull:
			// The caption changes as the scene plays into the next step:
			// the band under the player is redrawn then.
		}
	}
	assert.Greater(t, partial, 10, "the player's changes are repainted alone")
	ptick(t, m, nil, "k")
	assert.False(t, m.panel.Status().Playing)
	for range quietTicks + 5 {
		ptick(t, m, nil, "")
	}
	for range 30 {
		assert.Equal(t, DamageNone, ptick(t, m, nil, ""), "an idle slide draws nothing")
	}
}

func TestEscapeClosesWhatIsOpenBeforeItLeaves(t *testing.T) {
	a, m := newPresentApp(t, Options{Present: &PresentOptions{Slide: 3}})
	ptick(t, m, nil, "o")
	require.True(t, m.nav.Overview())
	ptick(t, m, []ebiten.Key{ebiten.KeyArrowRight}, "")
	assert.Equal(t, 3, m.nav.Selected(), "the arrows move the overview's selection")
	ptick(t, m, []ebiten.Key{ebiten.KeyEscape}, "")
	assert.False(t, m.nav.Overview(), "Escape closes the overview")
	assert.Equal(t, 2, m.nav.Pos().Slide, "where the talk was")
	ptick(t, m, nil, "?")
	assert.True(t, m.help)
	ptick(t, m, []ebiten.Key{ebiten.KeyArrowRight}, "")
	assert.False(t, m.help, "any key closes the help")
	assert.Equal(t, 2, m.nav.Pos().Slide, "and does nothing else")
	ptick(t, m, nil, "b")
	assert.True(t, m.nav.Blackout())
	ptick(t, m, []ebiten.Key{ebiten.KeyEscape}, "")
	assert.False(t, m.nav.Blackout(), "Escape brings the picture back")
	_, still := a.mode.(*presentMode)
	require.True(t, still)
	ptick(t, m, []ebiten.Key{ebiten.KeyEscape}, "")
	r, ok := a.mode.(*readMode)
	require.True(t, ok, "Escape on a slide goes back to reading")
	assert.Equal(t, "05-stealing", r.r.Current().ID)
}

func TestPresentFromTheToolbarAndBackKeepsTheReadersPlace(t *testing.T) {
	opt := Options{Book: read.Embedded(), Chapter: "05-stealing", ScrollTo: "half-the-queue-from-the-head"}
	a, err := NewApp(&opt)
	require.NoError(t, err)
	a.w, a.h, a.scale, a.sized = 1200, 800, 1, true
	a.mode.Resize(1200, 800, 1)
	rm := a.mode.(*readMode)
	idle(t, rm, 2)
	require.Equal(t, "half-the-queue-from-the-head", rm.r.Location().Anchor)
	// The reader reads on from where the command line opened the page.
	for range 4 {
		tick(t, rm, []ebiten.Key{ebiten.KeyPageDown}, "")
		idle(t, rm, 30)
	}
	at := rm.r.Location()
	require.NotEqual(t, "half-the-queue-from-the-head", at.Anchor)

	var x, y float32
	for _, h := range rm.list.Hits {
		if h.Target.Kind == read.TargetButton && h.Target.Name == "mode:present" {
			x, y = h.Box.X+h.Box.W/2, h.Box.Y+h.Box.H/2
		}
	}
	require.NotZero(t, x, "the reading mode's toolbar has a Present button")
	in := &Input{}
	in.Dt = 1.0 / 60
	in.Pointer = read.Pointer{X: x, Y: y, Present: true, Down: true, Pressed: true}
	_, err = rm.Update(in)
	require.NoError(t, err)
	m, ok := a.mode.(*presentMode)
	require.True(t, ok, "the button switched to presentation mode")
	assert.Equal(t, "05-stealing", m.name, "at the reader's chapter")
	waitDeck(t, m)
	ptick(t, m, []ebiten.Key{ebiten.KeyArrowRight}, "")
	assert.Equal(t, 1, m.nav.Pos().Slide)

	ptick(t, m, nil, "q")
	back, ok := a.mode.(*readMode)
	require.True(t, ok, "q goes back to reading")
	idle(t, back, 2)
	assert.Equal(t, "05-stealing", back.r.Current().ID)
	assert.Equal(t, at, back.r.Location(), "where the reader was, not where the command line said once")
}

func TestAPresenterWindowThatDiesIsNoticedAndTheTalkGoesOn(t *testing.T) {
	// A presenter "window" that exits soon, as one whose process crashed
	// or that the presenter closed. It lives a little, so that the tick
	// that starts it cannot also see it end on a loaded machine.
	exe := filepath.Join(t.TempDir(), "presenter")
	require.NoError(t, os.WriteFile(exe, []byte("#!/bin/sh\nsleep 0.3\n"), 0o755))
	_, m := newPresentApp(t, Options{Present: &PresentOptions{Exe: exe}})
	ptick(t, m, nil, "p")
	require.NotNil(t, m.aud.child, "p starts the presenter window")
	deadline := time.Now().Add(10 * time.Second)
	for m.aud.child != nil {
		require.True(t, time.Now().Before(deadline), "the presenter window's end was not noticed")
		ptick(t, m, nil, "")
		time.Sleep(5 * time.Millisecond)
	}
	assert.Contains(t, m.notice, "presenter window closed")
	assert.Equal(t, DamageFull, ptick(t, m, []ebiten.Key{ebiten.KeyArrowRight}, ""), "the talk goes on")
	assert.Equal(t, 1, m.nav.Pos().Slide)
	// A program that cannot start at all is said too.
	m.opt.Exe = "/nonexistent/gmpbook-desktop"
	ptick(t, m, nil, "p")
	assert.Nil(t, m.aud.child)
	assert.Contains(t, m.notice, "cannot start")
}

func TestAChapterThatDoesNotParseIsAnErrorSlide(t *testing.T) {
	dir := t.TempDir()
	bad := "---\ntitle: Bad\n---\n\n```go scene id=x\nfunc main() {\n\tgo nope(\n}\n```\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "01-bad.md"), []byte(bad), 0o644))
	b, err := read.FromDir(dir)
	require.NoError(t, err)
	a, err := NewApp(&Options{Book: b, Mode: "present", Chapter: "01-bad"})
	require.NoError(t, err)
	m := a.mode.(*presentMode)
	m.Resize(1280, 720, 1)
	require.NotNil(t, m.deck, "an error deck is made at once")
	require.Error(t, m.deck.Err)
	pos, ok := m.deck.ErrorAt()
	require.True(t, ok)
	assert.Equal(t, 8, pos.Line)
	ptick(t, m, []ebiten.Key{ebiten.KeyArrowRight}, "")
	assert.Equal(t, 0, m.nav.Pos().Slide, "one slide, and keys do not break it")
	d := m.Dump().(frame.Present)
	assert.Contains(t, d.ErrorAt, "01-bad.md:8:1")
}

func TestThePresenterWindowShowsTheAudiencesStateAndSendsItsKeys(t *testing.T) {
	// The presenter window's end of the link, and the audience window's.
	toChildR, toChildW := io.Pipe()
	fromChildR, fromChildW := io.Pipe()
	child := newPresentLink(toChildR, fromChildW)
	audience := newPresentLink(fromChildR, toChildW)
	defer audience.Close()

	_, m := newPresentApp(t, Options{Present: &PresentOptions{Link: child}})
	require.Equal(t, rolePresenter, m.role)
	deck := present.Open("05-stealing")
	require.NoError(t, audience.Send(present.Hello(deck)))
	nav := present.NewNav(deck)
	nav.Next()
	nav.Next()
	require.NoError(t, audience.Send(present.StateMsg(nav.State())))
	deadline := time.Now().Add(10 * time.Second)
	for m.nav.Pos() != nav.Pos() {
		require.True(t, time.Now().Before(deadline), "the presenter window did not follow the audience window")
		ptick(t, m, nil, "")
		time.Sleep(2 * time.Millisecond)
	}
	assert.True(t, m.pres.helloOK)
	require.NotNil(t, m.list.Layer("current"), "the presenter layout")
	require.NotNil(t, m.list.Layer("next"))

	// Its keys go to the audience window and do not move it by itself.
	ptick(t, m, []ebiten.Key{ebiten.KeyArrowRight}, "k")
	assert.Equal(t, nav.Pos(), m.nav.Pos())
	var got []string
	for len(got) < 2 {
		select {
		case msg := <-audience.Inbox():
			got = append(got, msg.Type+":"+msg.Key)
		case <-time.After(5 * time.Second):
			t.Fatalf("the presenter window sent %v", got)
		}
	}
	assert.Equal(t, []string{"key:right", "key:k"}, got)

	// The audience window closes: so does the presenter window.
	audience.Close()
	deadline = time.Now().Add(5 * time.Second)
	for {
		in := &Input{}
		in.Dt = 1.0 / 60
		if _, err := m.Update(in); err != nil {
			assert.ErrorIs(t, err, ebiten.Termination)
			break
		}
		require.True(t, time.Now().Before(deadline), "the presenter window stays after the audience window closed")
		time.Sleep(2 * time.Millisecond)
	}
}

// newPresentLink is a link over the pipe ends r and w.
func newPresentLink(r io.ReadCloser, w io.WriteCloser) *PresentLink {
	return link.NewPeer(presentProtocol, r, w, r, w)
}
