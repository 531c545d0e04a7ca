package desktop

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render"
)

// Damage is what a mode's Update changed on the screen.
type Damage uint8

const (
	DamageNone    Damage = iota // nothing: Draw draws nothing
	DamagePartial               // some of it: the mode repaints what changed
	DamageFull                  // all of it
)

// Mode is one way the app shows the book in its window: reading (this
// package's "read" mode) and, plugged in the same way, presentation. The
// app owns the window, reads the input once per tick and hands it to the
// current mode, draws only when a mode says something changed, and saves
// the state; a mode owns everything inside the window.
//
// A mode is made by the factory registered under its name (RegisterMode)
// when the app starts in it (Options.Mode) or switches to it
// (Host.Switch).
type Mode interface {
	// Resize tells the mode the window's size in logical pixels and the
	// device pixels per logical pixel. It comes before the first Update
	// and whenever either changes; the next Draw is full.
	Resize(w, h float32, scale float64)
	// Update handles one tick of input and says what must be redrawn.
	Update(in *Input) (Damage, error)
	// Draw draws on screen (device pixels). full asks for every pixel
	// (the screen was resized, or another mode drew it); otherwise only
	// what changed since the last Draw. The screen keeps its pixels
	// between frames.
	Draw(screen *ebiten.Image, full bool)
	// Cursor is the mouse cursor's shape for where the pointer is.
	Cursor() ebiten.CursorShapeType
	// SaveState writes the mode's part of what the app remembers (the
	// chapter and position, the theme, …) into st.
	SaveState(st *read.State)
	// Dump describes what the last Draw showed, for -frame: it is written
	// as JSON beside the screenshot.
	Dump() any
}

// A mode may also implement these:
//
//   - Close() is called when the app leaves the mode (a switch, or the
//     app ending for any reason): presentation mode ends its presenter
//     window's process there.
//   - Ready() bool holds a screenshot (Options.Capture) back until the
//     mode has drawn what it was asked to show: presentation mode's
//     slides are prepared in the background after the first frame.
type modeCloser interface{ Close() }

type modeReady interface{ Ready() bool }

// ModeFactory makes a mode for the app.
type ModeFactory func(h *Host) (Mode, error)

var modes = map[string]ModeFactory{}

// RegisterMode makes a mode available under name (from an init function
// of the file that implements it). The reading mode is "read".
func RegisterMode(name string, f ModeFactory) {
	if _, dup := modes[name]; dup {
		panic("desktop.RegisterMode: two modes called " + name)
	}
	modes[name] = f
}

// Modes lists the registered modes' names, sorted.
func Modes() []string {
	var out []string
	for n := range modes {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Host is what the app shares with its modes.
type Host struct {
	Book    *read.Book // the book in its first language (Options.Book)
	Zh      *read.Book // its Chinese edition, nil when it has none (Options.Zh)
	Fonts   *Fonts
	Drawer  *render.Drawer // the player's drawer: sprites and glyphs are shared by every player in the window
	Painter *Painter
	Options *Options
	// State is what the app remembered from the last run (or was told
	// on the command line); modes start from it.
	State  read.State
	Stderr io.Writer
	app    *App
}

// CurrentBook is the edition in the language State asks for: Zh when
// the state says "zh" and there is a Chinese edition, Book otherwise.
func (h *Host) CurrentBook() *read.Book {
	if l, ok := lang.Parse(h.State.Lang); ok && l == lang.Zh && h.Zh != nil {
		return h.Zh
	}
	return h.Book
}

// Switch leaves the current mode for the mode called name, which starts
// from the state the current one saves.
func (h *Host) Switch(name string) error { return h.app.switchTo(name) }

// RequestSave asks the app to save the state soon (it waits a second for
// the reader to settle, and saves on exit in any case).
func (h *Host) RequestSave() {
	if h.app.saveIn <= 0 {
		h.app.saveIn = ebiten.TPS()
	}
}

// Trace reports a start-up milestone ("first-frame", "slides-ready") to
// Options.Trace, when it is set (the start-up benchmark reads them).
func (h *Host) Trace(event string) {
	if h.Options.Trace != nil {
		h.Options.Trace(event)
	}
}

// Notify prints a message for the user on standard error.
func (h *Host) Notify(format string, args ...any) {
	fmt.Fprintf(h.Stderr, "gmpbook-desktop: "+format+"\n", args...)
}

// Options configure the app.
type Options struct {
	Book *read.Book
	// Zh is Book's Chinese edition (read.EmbeddedZh), nil when there is
	// none (an author's directory): the reading mode's language switch
	// goes between the two, and State.Lang chooses where the app starts.
	Zh    *read.Book
	Mode  string     // the mode to start in; "" is "read"
	State read.State // where to start: chapter, position, theme, font scale, window size
	// SizeGiven says State's window size was asked for (--width and
	// --height) rather than restored: it is not fitted to the monitor.
	SizeGiven bool
	// StatePath is where the state is saved ("" to save nothing).
	StatePath string
	// Chapter, ScrollTo and PlayScene are the command line's --chapter,
	// --scroll-to and --play-scene: they override State's position.
	Chapter, ScrollTo, PlayScene string
	// Search opens the search box with this query (--search).
	Search  string
	Title   string
	Capture *Capture
	Stderr  io.Writer
	// Present are presentation mode's options (the command line's
	// --slide, --presenter, …); nil is the defaults.
	Present *PresentOptions
	// Trace, if set, is told of start-up milestones (Host.Trace).
	Trace func(event string)
}

// Capture saves a screenshot after AfterFrames frames and ends the app:
// Save gets the screen's pixels (device pixels), the device scale and the
// mode's Dump.
type Capture struct {
	AfterFrames int
	Save        func(img *image.RGBA, scale float64, dump any) error
}

// App is the ebiten.Game of the desktop app.
type App struct {
	host     Host
	mode     Mode
	modeName string

	w, h    float32
	scale   float64
	sized   bool
	full    bool // the next Draw paints everything
	damage  Damage
	frames  int
	raw     rawInput
	in      Input
	cursor  ebiten.CursorShapeType
	saveIn  int // ticks until the state is saved; 0: nothing to save
	done    bool
	err     error
	closing bool
}

// NewApp makes the app and its first mode.
func NewApp(opt *Options) (*App, error) {
	if opt.Stderr == nil {
		opt.Stderr = os.Stderr
	}
	fonts, err := NewFonts()
	if err != nil {
		return nil, err
	}
	d := render.NewDrawer()
	a := &App{scale: 1, full: true}
	a.host = Host{Book: opt.Book, Zh: opt.Zh, Fonts: fonts, Drawer: d, Painter: &Painter{Fonts: fonts, Drawer: d},
		Options: opt, State: opt.State.Normalized(), Stderr: opt.Stderr, app: a}
	name := opt.Mode
	if name == "" {
		name = "read"
	}
	if err := a.switchTo(name); err != nil {
		return nil, err
	}
	return a, nil
}

func (a *App) switchTo(name string) error {
	f, ok := modes[name]
	if !ok {
		return fmt.Errorf("no mode %q (have %v)", name, Modes())
	}
	if a.mode != nil {
		a.mode.SaveState(&a.host.State)
		if c, ok := a.mode.(modeCloser); ok {
			c.Close()
		}
		// The command line's position, search and scene were for the
		// first mode: the next one starts where the last one left off.
		o := *a.host.Options
		o.Chapter, o.ScrollTo, o.PlayScene, o.Search = "", "", "", ""
		o.Present = nil
		a.host.Options = &o
	}
	m, err := f(&a.host)
	if err != nil {
		return err
	}
	a.mode, a.modeName = m, name
	if a.sized {
		m.Resize(a.w, a.h, a.scale)
	}
	a.full = true
	return nil
}

// Frames is the number of frames drawn so far.
func (a *App) Frames() int { return a.frames }

// Update reads the tick's input and hands it to the mode.
func (a *App) Update() error {
	if a.done {
		return ebiten.Termination
	}
	if ebiten.IsWindowBeingClosed() {
		a.closing = true
		a.saveState()
		return ebiten.Termination
	}
	if !a.sized {
		return nil
	}
	readInput(&a.raw, &a.in, a.scale)
	d, err := a.mode.Update(&a.in)
	if err != nil {
		return err
	}
	a.damage = max(a.damage, d)
	if c := a.mode.Cursor(); c != a.cursor {
		a.cursor = c
		ebiten.SetCursorShape(c)
	}
	if a.saveIn > 0 {
		a.saveIn--
		if a.saveIn == 0 {
			a.saveState()
		}
	}
	return nil
}

// saveState writes what the app remembers, if it has somewhere to.
func (a *App) saveState() {
	a.saveIn = 0
	path := a.host.Options.StatePath
	if path == "" || a.mode == nil {
		return
	}
	st := a.host.State
	a.mode.SaveState(&st)
	a.host.State = st
	if err := read.SaveState(path, st); err != nil {
		a.host.Notify("could not save the reading state: %v", err)
	}
}

// Draw lets the mode draw what changed; with nothing changed it draws
// nothing, and the screen keeps its pixels.
func (a *App) Draw(screen *ebiten.Image) {
	if !a.sized {
		return
	}
	full := a.full || a.damage == DamageFull
	if full || a.damage == DamagePartial {
		a.host.Drawer.BeginFrame()
		a.mode.Draw(screen, full)
		a.host.Drawer.EndFrame()
	}
	a.full, a.damage = false, DamageNone
	a.frames++
	if a.frames == 1 {
		a.host.Trace("first-frame")
	}
	if c := a.host.Options.Capture; c != nil && !a.done && a.frames >= max(1, c.AfterFrames) && a.ready(c) {
		b := screen.Bounds()
		img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		screen.ReadPixels(img.Pix)
		a.err = c.Save(img, a.scale, a.mode.Dump())
		a.done = true
		a.saveState()
	}
}

// ready reports whether the mode has drawn what a screenshot is to show;
// it waits half a minute at most.
func (a *App) ready(c *Capture) bool {
	r, ok := a.mode.(modeReady)
	return !ok || r.Ready() || a.frames >= c.AfterFrames+30*ebiten.TPS()
}

// Layout is required by ebiten.Game; LayoutF is the one Ebiten uses.
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := a.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}

// LayoutF makes the screen as large as the window in device pixels, so
// that text and lines are drawn at the display's resolution; modes lay
// out in logical pixels.
func (a *App) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	w, h := float32(outsideWidth), float32(outsideHeight)
	if !a.sized || w != a.w || h != a.h || s != a.scale {
		a.w, a.h, a.scale, a.sized = w, h, s, true
		a.mode.Resize(w, h, s)
		a.full = true
		if a.frames > 0 {
			a.host.RequestSave()
		}
	}
	return outsideWidth * s, outsideHeight * s
}

// Run opens the window and runs the app until the window closes or a
// capture is taken.
func Run(opt *Options) error {
	a, err := NewApp(opt)
	if err != nil {
		return err
	}
	st := a.host.State
	w, h := st.Width, st.Height
	if w <= 0 || h <= 0 {
		w, h = 1200, 800
	}
	if !opt.SizeGiven {
		// The size the reader last had may be a larger screen's (a
		// projector's, say): the window opens on this one whole.
		if mon := ebiten.Monitor(); mon != nil {
			mw, mh := mon.Size()
			w, h = read.FitWindow(w, h, mw, mh)
		}
	}
	title := opt.Title
	if title == "" {
		title = "gmpbook"
	}
	ebiten.SetWindowTitle(title)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowClosingHandled(true)
	// A scene keeps playing while the reader looks at another window.
	ebiten.SetRunnableOnUnfocused(true)
	// The screen keeps its pixels between frames: the app draws only
	// when something changed, so an idle reader costs next to nothing.
	ebiten.SetScreenClearedEveryFrame(false)
	err = ebiten.RunGame(a)
	if c, ok := a.mode.(modeCloser); ok {
		c.Close()
	}
	if errors.Is(err, ebiten.Termination) {
		err = nil
	}
	if err != nil {
		return err
	}
	return a.err
}
