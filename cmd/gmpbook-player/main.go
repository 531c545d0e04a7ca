// Command gmpbook-player plays a scene in a desktop window.
//
//	gmpbook-player [-procs N] [-seed N] [-go 1.26] [-startup faithful|clean] [-until 50ms]
//	               [-at N] [-play] [-speed X] [-width W -height H]
//	               [-compare-go 1.13] [-compare-procs N] scene.go
//
// It runs the scene in the simulator once, then replays the event log:
// space plays and pauses, → and ← step from key event to key event
// (Shift: one event), Home and End jump, + and − or 1–9 set the speed, s,
// h and p jump to the next steal, hand-off and preemption, [ and ] run it
// again with one P fewer or more, n with the next seed, m turns reduced
// motion on and off, c the captions; Tab moves the focus along the
// controls and Enter presses one.
//
// With -compare-go or -compare-procs it runs the scene a second time with
// that Go version or GOMAXPROCS and plays both runs in lock-step (compare
// mode, play.Compare): one play head in virtual time, the two worlds
// stacked or side by side, the first event where they differ marked.
//
// With -screenshot out.png it draws the frame after event -at, saves the
// window's pixels as a PNG after -frames frames and exits; -frame out.json
// also writes the display list that was drawn, so that a test can find
// where each shape is. The end-to-end test runs it under xvfb-run.
//
// This is the desktop entry point: it needs cgo and, on Linux, the X11
// and OpenGL headers (make deps installs them).
package main

import (
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"

	_ "github.com/gmpbook/gmpbook/internal/display/need" // first: a clear message where there is no display
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("gmpbook-player", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var params playerlog.Params
	params.Flags(fs)
	width := fs.Int("width", 1200, "window width in logical pixels")
	height := fs.Int("height", 760, "window height in logical pixels")
	shot := fs.String("screenshot", "", "save the window as a PNG `file` after -frames frames, then exit")
	frameOut := fs.String("frame", "", "with -screenshot: also write the drawn display list as JSON to `file`")
	frames := fs.Int("frames", 5, "with -screenshot: frames to draw before saving")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gmpbook-player [flags] scene.go")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	file := fs.Arg(0)
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook-player: %v\n", err)
		return 2
	}
	scene, err := script.Load(file, src)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	settings := scene.Scene.Settings.Merge(params.Settings)
	sc := playerlog.NewScene(scene, settings, os.Getenv)
	log, err := sc.Log(0, 0)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook-player: %v\n", err)
		return 2
	}
	// With compare mode, -at is a stop of the common play head, not an
	// event index.
	var source play.Controllable
	if params.Compare() {
		c, err := sc.Compare(params.CompareGo, params.CompareProcs)
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook-player: %v\n", err)
			return 2
		}
		source = c
	} else {
		source = play.NewPlayer(log, sc.Log)
	}
	params.Cue.Apply(source)

	opt := render.Options{}
	if *shot != "" {
		opt.Capture = &render.Capture{AfterFrames: *frames, Save: func(img *image.RGBA, f *view.Frame, scale float64) error {
			return render.SaveCapture(*shot, *frameOut, img, Dump{Scale: scale, Frame: f})
		}}
	}
	title := settings.Title
	if title == "" {
		title = filepath.Base(file)
	}
	g := render.NewGame(source, opt)
	if err := render.Run(g, render.Window{Title: "gmpbook — " + title, Width: *width, Height: *height}); err != nil {
		fmt.Fprintf(stderr, "gmpbook-player: %v\n", err)
		return 1
	}
	return 0
}

// Dump is what -frame writes: the display list in logical pixels and the
// number of device pixels per logical pixel in the PNG.
type Dump struct {
	Scale float64
	Frame *view.Frame
}
