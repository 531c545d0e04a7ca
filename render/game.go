package render

import (
	"errors"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
)

// Options configure a Game.
type Options struct {
	// HideControls leaves the chrome out: the frame fills the canvas and
	// only the keyboard drives the player.
	HideControls bool
	// Commands, if set, is called once per tick and returns commands from
	// outside the canvas (the host page's postMessage), which follow the
	// user's own.
	Commands func() []play.Command
	// AfterDraw, if set, is called after every drawn frame with the whole
	// display list (the Source's frame followed by the chrome, in logical
	// pixels), the status it showed and the number of frames drawn so far.
	// f is valid only during the call.
	AfterDraw func(f *view.Frame, st play.Status, frames int)
	// Capture, if set, saves the screen once and ends the game.
	Capture *Capture
	// Trace, if set, is called as the first frame is made, with the name
	// of each step just done ("update", "controls measured", "frame",
	// "chrome laid out", "drawn"), so that a page can time its start-up.
	Trace func(step string)
}

// Capture saves a screenshot: after AfterFrames frames have been drawn,
// Save receives the screen's pixels (device pixels), the display list that
// was drawn (logical pixels) and the scale between the two; then the game
// ends and Run returns Save's error.
type Capture struct {
	AfterFrames int
	Save        func(img *image.RGBA, f *view.Frame, scale float64) error
}

// Game is the ebiten.Game that plays a Source.
type Game struct {
	src      play.Source
	opt      Options
	drawer   *Drawer
	controls *play.Controls

	w, h  float64 // the canvas in logical pixels
	scale float64 // device pixels per logical pixel

	raw      rawInput
	prevPtr  play.Pointer
	touchID  ebiten.TouchID
	touching bool
	in       play.Input

	frame  view.Frame
	shapes []view.Shape
	frames int

	// What the screen shows, for redrawing only what changed: Ebiten keeps
	// the screen between frames (SetScreenClearedEveryFrame(false)).
	shown      []view.Shape
	shownW     float64
	shownH     float64
	shownScale float64
	dirty      []view.Rect

	// Resting (rest.go): frames in a row that changed nothing, and whether
	// Ebiten calls the game only on input for now.
	still   int
	resting bool
	shownSt play.Status

	done bool
	err  error
}

// NewGame returns a Game that plays src.
func NewGame(src play.Source, opt Options) *Game {
	d := NewDrawer()
	return &Game{src: src, opt: opt, drawer: d, controls: play.NewControls(d.Measure), scale: 1, w: 640, h: 480}
}

// Frames is the number of frames drawn so far.
func (g *Game) Frames() int { return g.frames }

// Update reads the tick's input, turns it into commands and advances the
// Source.
func (g *Game) Update() error {
	if g.done {
		return ebiten.Termination
	}
	if g.resting {
		// Input, a host's command (Wake) or a resize woke the game.
		g.wake()
	}
	st := g.src.Status()
	readInput(&g.raw, g.scale, &g.prevPtr, &g.touchID, &g.touching)
	cmds := g.in.Commands[:0]
	for _, k := range g.raw.keys {
		if c, ok := keyCommand(k, g.raw.shift, st); ok {
			cmds = append(cmds, c)
		}
		if !g.opt.HideControls {
			cmds = append(cmds, controlsKey(g.controls, k, g.raw.shift)...)
		}
	}
	for _, r := range g.raw.chars {
		if c, ok := play.CharCommand(r, st); ok {
			cmds = append(cmds, c)
		}
	}
	p := g.raw.pointer
	if !g.opt.HideControls {
		cmds = append(cmds, g.controls.Pointer(p, st)...)
		if g.controls.Contains(p.X, p.Y) || g.controls.Dragging() {
			p = play.Pointer{}
		}
	}
	if g.opt.Commands != nil {
		cmds = append(cmds, g.opt.Commands()...)
	}
	g.in = play.Input{Dt: 1 / float64(ebiten.TPS()), Commands: cmds, Pointer: p}
	err := g.src.Update(&g.in)
	g.trace("update")
	return err
}

// trace reports a step of the first frame to Options.Trace.
func (g *Game) trace(step string) {
	if g.frames == 0 && g.opt.Trace != nil {
		g.opt.Trace(step)
	}
}

// Draw draws the Source's frame and the chrome. Only what changed since
// the last frame is redrawn: the places of the shapes that differ are
// cleared and every shape that touches them is drawn again, in order. A
// paused player draws nothing at all.
func (g *Game) Draw(screen *ebiten.Image) {
	st := g.src.Status()
	w, h := float32(g.w), float32(g.h)
	ch := float32(0)
	if !g.opt.HideControls {
		ch = g.controls.Height(st, w)
	}
	g.trace("controls measured")
	f := g.src.Frame(w, max(0, h-ch))
	g.trace("frame")
	g.shapes = append(g.shapes[:0], f.Shapes...)
	if !g.opt.HideControls {
		g.shapes = g.controls.Layout(g.shapes, st, f.Narration, f.Caption, w, h)
	}
	g.frame = f
	g.frame.W, g.frame.H, g.frame.Shapes = w, h, g.shapes
	g.trace("chrome laid out")
	changed := g.redraw(screen)
	g.trace("drawn")
	g.frames++
	g.settle(changed, st)
	if g.opt.AfterDraw != nil {
		g.opt.AfterDraw(&g.frame, st, g.frames)
	}
	if c := g.opt.Capture; c != nil && !g.done && g.frames >= max(1, c.AfterFrames) {
		b := screen.Bounds()
		img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		screen.ReadPixels(img.Pix)
		g.err = c.Save(img, &g.frame, g.scale)
		g.done = true
	}
}

// redraw brings the screen from g.shown to g.shapes and reports whether
// anything changed on it.
func (g *Game) redraw(screen *ebiten.Image) bool {
	scale := float32(g.scale)
	full := g.frames == 0 || g.shown == nil || g.shownW != g.w || g.shownH != g.h || g.shownScale != g.scale
	if !full {
		g.dirty = g.drawer.diff(g.dirty[:0], g.shown, g.shapes)
		var area float32
		for _, r := range g.dirty {
			area += r.W * r.H
		}
		full = area > 0.4*float32(g.w*g.h)
	}
	g.drawer.BeginFrame()
	if full {
		screen.Fill(rgba(play.ChromeColors(g.frame.Dark).Background))
		g.drawer.DrawIn(screen, g.shapes, scale, nil)
	} else {
		// A device pixel more on every side: the boxes are rounded
		// outwards, and anti-aliased edges bleed.
		g.drawer.repaint(screen, g.shapes, g.dirty, scale, 1, play.ChromeColors(g.frame.Dark).Background)
	}
	g.drawer.EndFrame()
	g.shown = append(g.shown[:0], g.shapes...)
	g.shownW, g.shownH, g.shownScale = g.w, g.h, g.scale
	return full || len(g.dirty) > 0
}

// Layout is required by ebiten.Game; LayoutF is the one Ebiten uses.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := g.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}

// LayoutF makes the screen as large as the window in device pixels, so
// that lines and glyphs are drawn at the display's resolution; the frame
// is laid out in logical pixels and scaled.
func (g *Game) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	g.w, g.h, g.scale = outsideWidth, outsideHeight, s
	return outsideWidth * s, outsideHeight * s
}

// Window is how Run opens the window (ignored in a browser, where the
// canvas fills the page).
type Window struct {
	Title         string
	Width, Height int // logical pixels; zero: 1200×760
}

// Run plays the game until the window closes, the game is captured, or
// Source.Update fails.
func Run(g *Game, win Window) error {
	if win.Width <= 0 || win.Height <= 0 {
		win.Width, win.Height = 1200, 760
	}
	ebiten.SetWindowTitle(win.Title)
	ebiten.SetWindowSize(win.Width, win.Height)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// A notebook page holds many players, one per iframe: the one playing
	// must not stop because another has the focus.
	ebiten.SetRunnableOnUnfocused(true)
	// The screen keeps its pixels between frames: Draw redraws only what
	// changed.
	ebiten.SetScreenClearedEveryFrame(false)
	err := ebiten.RunGame(g)
	if errors.Is(err, ebiten.Termination) {
		err = nil
	}
	if err != nil {
		return err
	}
	return g.err
}
