// Command gmpbook-desktop reads the notebook offline, in a desktop window.
//
//	gmpbook-desktop [--chapters DIR] [--chapter 05-stealing] [--scroll-to ANCHOR]
//	                [--play-scene ID] [--search QUERY] [--lang en|zh] [--dark] [--font-scale X] [--width W --height H]
//	                [--state FILE] [--mode read] [-screenshot out.png [-frame out.json] [-frames N]]
//	gmpbook-desktop --present [chapter] [--slide N] [--step K] [--overview] [--presenter] [--presenter-view]
//
// The chapters are the ones compiled into the binary, or with --chapters
// an author's directory of NN-slug.md files (a chapter that does not
// parse shows an error page with its file:line:col; the others open).
// The book is in English and in Chinese (chapters/zh): the toolbar's
// language button, the l key or --lang switch between them on the same
// section; the first run follows the locale (LC_ALL, LC_MESSAGES or LANG
// starting with zh opens the Chinese edition). The app opens where the
// reader left off — chapter, place, language, theme, type size and
// window size are kept in os.UserConfigDir()/gmpbook/desktop.json
// (--state another file, --state "" none) — unless --chapter or
// --scroll-to say otherwise. --play-scene shows a scene and starts it.
//
// Keys: ↑/↓, PageUp/PageDown, Space, Home/End scroll; [ and ] open the
// previous and next chapter; Ctrl+F or / searches; Alt+← or Backspace
// goes back, Alt+→ forward; t shows or hides the contents; d switches
// the theme; Ctrl+= and Ctrl+− change the type size, Ctrl+0 resets it;
// Tab moves the focus (links, scenes, exercise choices, buttons) and
// Enter follows it. A focused scene takes the player's keys (space,
// ←/→, Home/End, s h p, …); Escape gives them back to the page.
//
// --present (the same as --mode present) shows the chapter as slides for
// a talk: the chapter named after it, or --chapter, or the one the
// reader was in. It starts at --slide N (1-based) and --step K, in the
// overview with --overview, and with --presenter opens the presenter
// window too (speaker notes, the next slide, a timer) as a second
// process of this program; --presenter-view shows that window's layout
// on its own. Keys: → Space PageDown Enter next step or slide, ← PageUp
// Backspace back, Home End, digits then Enter jump, o overview, b black
// screen, f full screen, p presenter window, k play or pause the scene,
// ? all the keys, q or Esc back to reading.
//
// With -screenshot it draws -frames frames, saves the window as a PNG
// (and with -frame what it drew, as JSON) and exits: the end-to-end
// tests run it so under xvfb-run. Presenting, the screenshot waits for
// the slides, which are prepared after the first frame. --trace-startup
// prints the time to the first frame (and to the slides) on standard
// error, for make bench-desktop.
//
// It needs cgo and, on Linux, the X11 and OpenGL headers (make deps).
package main

import (
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"strings"
	"time"

	"github.com/gmpbook/gmpbook/desktop"
	"github.com/gmpbook/gmpbook/desktop/frame"
	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/read"
	_ "github.com/gmpbook/gmpbook/internal/display/need" // first: a clear message where there is no display
	"github.com/gmpbook/gmpbook/render"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	start := time.Now()
	fs := flag.NewFlagSet("gmpbook-desktop", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mode := fs.String("mode", "read", fmt.Sprintf("start in mode `name` (%s)", strings.Join(desktop.Modes(), ", ")))
	dir := fs.String("chapters", "", "read the chapters from `DIR` (NN-slug.md files) instead of the embedded ones")
	chapter := fs.String("chapter", "", "open `chapter` (05-stealing, 05 or stealing)")
	scrollTo := fs.String("scroll-to", "", "open at the heading with id `anchor`")
	playScene := fs.String("play-scene", "", "show the scene with id `ID` and play it")
	search := fs.String("search", "", "open the search box with `query` typed in it")
	langFlag := fs.String("lang", "", "read in language `code` (en, zh; default: as last time, at first the locale's: LC_ALL, LC_MESSAGES or LANG starting with zh is zh)")
	dark := fs.Bool("dark", false, "use the dark theme")
	fontScale := fs.Float64("font-scale", 0, "type size multiplier `X` (0.7 to 2; 0: as last time)")
	width := fs.Int("width", 0, "window width in logical pixels (0: as last time)")
	height := fs.Int("height", 0, "window height in logical pixels (0: as last time)")
	statePath := fs.String("state", "default", "where to keep the reading state (default: the user's config directory; \"\": nowhere)")
	shot := fs.String("screenshot", "", "save the window as a PNG `file` after -frames frames, then exit")
	frameOut := fs.String("frame", "", "with -screenshot: also write what was drawn as JSON to `file`")
	frames := fs.Int("frames", 5, "with -screenshot: frames to draw before saving")
	presentFlag := fs.Bool("present", false, "present the chapter as slides (--mode present); the chapter may follow the flag")
	slide := fs.Int("slide", 0, "presentation: start at slide `N` (1-based)")
	step := fs.Int("step", 0, "presentation: start at step `K` of the slide (a scene's narrated steps, a poll's answer)")
	overview := fs.Bool("overview", false, "presentation: start in the overview of all slides")
	presenter := fs.Bool("presenter", false, "presentation: open the presenter window too (notes, next slide, timer)")
	presenterView := fs.Bool("presenter-view", false, "presentation: show the presenter window's layout in this window, on its own")
	presenterChild := fs.Bool("presenter-child", false, "internal: be the presenter window of the process that started this one (stdin and stdout are the link)")
	presenterKeys := fs.String("presenter-keys", "", "testing: `keys` (comma-separated names: right,o,…) the presenter window presses once it shows the talk")
	besideMonitor := fs.String("beside-monitor", "", "internal: the presenter window opens on a monitor other than `name`")
	traceStartup := fs.Bool("trace-startup", false, "print start-up milestones (first frame, slides ready) with the time since start on standard error")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gmpbook-desktop [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	// Flags may follow a positional argument (--present 05 --slide 3).
	var rest []string
	for fs.NArg() > 0 {
		rest = append(rest, fs.Arg(0))
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return 2
		}
	}
	if *presentFlag {
		*mode = "present"
		// --present 05-stealing: the chapter may follow the flag.
		if len(rest) == 1 && *chapter != "" && rest[0] != *chapter {
			fmt.Fprintf(stderr, "gmpbook-desktop: --present %s and --chapter %s: say the chapter once\n", rest[0], *chapter)
			return 2
		}
		if len(rest) == 1 {
			*chapter, rest = rest[0], nil
		}
	}
	if len(rest) != 0 {
		fs.Usage()
		return 2
	}
	if *presenterChild || *presenterView {
		*mode = "present"
	}
	var link *desktop.PresentLink
	if *presenterChild {
		// Standard output is the link from here on: take it before
		// anything could print there.
		link = desktop.PresenterStdio()
		*statePath = ""
	}
	keys, err := parseKeys(*presenterKeys)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook-desktop: --presenter-keys: %v\n", err)
		return 2
	}
	if *slide < 0 || *step < 0 {
		fmt.Fprintln(stderr, "gmpbook-desktop: --slide and --step count from 1 and 0")
		return 2
	}

	book := read.Embedded()
	var zh *read.Book
	if *dir == "" {
		zh = read.EmbeddedZh(book)
	} else {
		b, err := read.FromDir(*dir)
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook-desktop: %v\n", err)
			return 2
		}
		book = b
		for _, e := range b.Entries {
			if e.Err != nil {
				fmt.Fprintf(stderr, "%v\n", e.Err)
			}
		}
	}

	path := *statePath
	if path == "default" {
		p, err := read.StatePath()
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook-desktop: no place to keep the reading state: %v\n", err)
			p = ""
		}
		path = p
	}
	var st read.State
	if path != "" {
		s, err := read.LoadState(path)
		if err != nil {
			fmt.Fprintf(stderr, "gmpbook-desktop: %v\n", err)
		}
		st = s
	}
	if *langFlag != "" {
		l, ok := lang.Parse(*langFlag)
		if !ok || l == lang.Zh && zh == nil {
			has := "en"
			if zh != nil {
				has = "en, zh"
			}
			fmt.Fprintf(stderr, "gmpbook-desktop: --lang %q: this book's languages are %s\n", *langFlag, has)
			return 2
		}
		st.Lang = l.String()
	}
	if st.Lang == "" {
		// The first run: the language the locale asks for.
		st.Lang = lang.FromEnv(os.Getenv).String()
	}
	if *dark {
		st.Dark = true
	}
	if *fontScale != 0 {
		st.FontScale = float32(*fontScale)
	}
	if *width > 0 && *height > 0 {
		st.Width, st.Height = *width, *height
	}
	if *scrollTo != "" && *chapter == "" {
		// A heading of the chapter the reader is in (or the first).
		st.Anchor, st.Offset = "", 0
	}

	opt := &desktop.Options{Book: book, Zh: zh, Mode: *mode, State: st, SizeGiven: *width > 0 && *height > 0, StatePath: path, Chapter: *chapter, ScrollTo: *scrollTo,
		PlayScene: *playScene, Search: *search, Title: "gmpbook", Stderr: stderr}
	if *mode == "present" {
		po := &desktop.PresentOptions{Slide: *slide, Step: *step, Overview: *overview, Presenter: *presenter,
			View: *presenterView, Link: link, BesideMonitor: *besideMonitor}
		if *presenterChild {
			po.Keys = keys
		} else {
			po.ChildKeys = keys
		}
		opt.Present = po
	}
	if *traceStartup {
		opt.Trace = func(event string) {
			fmt.Fprintf(stderr, "gmpbook-desktop: startup %s %.1fms\n", event, float64(time.Since(start).Microseconds())/1000)
		}
	}
	if *shot != "" {
		opt.Capture = &desktop.Capture{AfterFrames: *frames, Save: func(img *image.RGBA, scale float64, dump any) error {
			return render.SaveCapture(*shot, *frameOut, img, frame.Dump[any]{Scale: scale, Mode: dump})
		}}
	}
	if err := desktop.Run(opt); err != nil {
		fmt.Fprintf(stderr, "gmpbook-desktop: %v\n", err)
		return 1
	}
	return 0
}

// parseKeys reads a comma-separated list of presentation keys.
func parseKeys(s string) ([]key.Key, error) {
	var out []key.Key
	for _, name := range strings.Split(s, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		k, ok := key.Parse(name)
		if !ok {
			return nil, fmt.Errorf("no key %q", name)
		}
		out = append(out, k)
	}
	return out, nil
}
