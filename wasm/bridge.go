//go:build js && wasm

// Command wasm is the player in a browser: one scene per page, meant to be
// the page of an iframe (Ebiten owns the whole page, and a process runs
// one game).
//
// The page's URL says what to play:
//
//	src=BASE64URL   the scene's source, base64url-encoded (padding optional)
//	scene=NAME      or: a scene whose source the host page provides as
//	                window.gmpbookScene — a string, or an object of sources
//	                by name — in this window or, same-origin, in the parent
//	procs, seed, go, startup, until
//	                scene settings, overriding the scene's own
//	at=N            start after event N (-1: before the first, the runtime's
//	                start-up included; the default is the scene's
//	                opening step, "main.main begins", play.Player.Opening)
//	play=1          start playing; speed=X sets the speed
//	cgo=1.13        compare mode: a second run with this Go version …
//	cprocs=N        … or this GOMAXPROCS, played in lock-step with the
//	                first (play.Compare); at is then a stop of the
//	                common play head
//	seeds=A..B      seeds mode (full player): no picture; the scene runs
//	                once per seed (dist.Simulate, as gmpbook run -seeds)
//	                and the player posts {type: 'gmpbook', seeds: {done,
//	                total, procs, timing, first, last, hist}} after each
//	                slice of seeds, hist holding the histogram by each of
//	                dist.Keys as {n, distinct, top: [[output, count], …],
//	                rest}
//	trace=1         trace mode (full player): no picture; the run is
//	                simulated whole and posted as {type: 'gmpbook',
//	                trace: {json, procs, seed}}, Chrome trace JSON
//
// The simulator runs here, in the browser, once (and again when the user
// asks for another GOMAXPROCS or seed); render replays its event log. The
// first frame, the world before the first event, is drawn before the run
// is simulated: the run is simulated a slice per tick after it
// (play.Grow), and at once as far as a seek or a jump needs, so the
// scrub bar grows for a moment while the picture at the cursor is exact
// from the start. When the scene's first line says all that first frame
// needs (its GOMAXPROCS and seed, or no settings) and the page starts
// before the first event, even checking and compiling the scene waits
// until after that frame (play.Loading); a scene that does not compile
// then replaces the player with its error a frame later. Compare mode
// loads and simulates both runs whole first.
//
// The host page drives the player with window.postMessage({cmd, at}),
// where cmd is play, pause, step, back, seek (to at), home, end, restart,
// or any other command name play.ParseCommand knows. The player
// answers, to its parent, with {type: 'gmpbook', cursor, len, time,
// timeText, playing, narration, caption, controlsHeight} whenever one of them
// changes (cursor is the index of the last event applied, -1 before the
// first; controlsHeight is the CSS height of the player's own chrome below
// the picture; procs, seed and, in compare mode, compare, the two runs'
// labels, ride along, and output — {lines: [[stream, text], …], fatal,
// exited, status}, what the program has printed by the cursor — whenever
// that changes), with {type: 'gmpbook', progress} (0…1) while main.wasm
// downloads (index.html sends those), and with {type: 'gmpbook', error,
// errors} if the scene cannot run (each "file:line:col: message").
//
// For tests and benchmarks the page also has window.gmpbookStatus
// ({frames, ready, cursor, len, playing}; ready once a few frames are
// drawn; procs, seed, compare), window.gmpbookTrace() (the full player:
// the run shown as Chrome trace JSON, see bridge.trace),
// window.gmpbookFrame() (the last drawn display list as JSON) and a
// console line "gmpbook: first frame (…)", with how long loading the scene,
// simulating it and drawing took, when the first frame is drawn. With
// marks=1 in the URL the player puts marks named "gmpbook:…" on the
// page's performance timeline at each step of its start-up, and the
// loader (index.html) asks the Go runtime to trace its package inits;
// cmd/playerbench reads both.
//
// Two builds share this package. The full player (the default build,
// main.wasm) compiles and simulates the scene it is given. The light
// player (built with -tags light, light.wasm) plays a run the website
// recorded when it was built (internal/runlog): the page's URL has
// run=KEY and the loader fetches runs/KEY.run. It has no compiler and no
// simulator's scene VM, so a reader who only watches downloads a smaller
// module; asking it for another GOMAXPROCS or seed reloads the page with
// the full player.
//
// This package is the only importer of syscall/js.
package main

import (
	"fmt"
	"math"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
)

// readyFrames is how many frames the player draws before it reports
// itself ready: by then Ebiten has laid the canvas out and drawn at its
// final size.
const readyFrames = 5

// startupMemoryLimit bounds the heap while the collector waits for the
// first frame: past it, the collector runs anyway.
const startupMemoryLimit = 256 << 20

func main() {
	// The heap grows past the collector's first goal (4 MiB) while the
	// player starts: its first collection would run before the first
	// frame, and in the browser the collector's code would be compiled
	// first. The collector waits until the first frame is drawn
	// (afterDraw), with a memory limit as a backstop; start-up needs a few
	// MiB.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(startupMemoryLimit)
	if err := run(); err != nil {
		showError(err)
		// The page's listeners (message, resize) stay registered: a Go
		// program that exited would make each of them throw "Go program
		// has already exited" in the console (ux m17). Waiting for ever
		// keeps them answering, and doing nothing.
		select {}
	}
}

// pageQuery is the page's URL query, and the marker its marks=1 asks
// for, with the first mark set.
func pageQuery() (url.Values, marker, error) {
	q, err := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	if err != nil {
		return nil, false, fmt.Errorf("the page's query: %v", err)
	}
	m := marker(q.Get("marks") == "1")
	m.mark("main")
	return q, m, nil
}

// pageLang is the language the page's URL asks for (lang=), English when
// it asks for none or for one the player does not speak.
func pageLang() view.Lang {
	q, err := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	if err != nil {
		return view.English
	}
	l, _ := view.ParseLang(q.Get("lang"))
	return l
}

// ms formats a duration in whole milliseconds, for the first-frame line.
func ms(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) + "ms" }

// playScene cues player as the URL says (at, speed, play) and runs the
// game. loadSaid and loaded describe loading for the first-frame console
// line.
func playScene(cue play.Cue, m marker, player play.Controllable, title, loadSaid string, loaded time.Time) error {
	if err := loadCJK(cue.Lang); err != nil {
		return err
	}
	started := time.Now()
	m.mark("started")
	cue.Apply(player)

	b := &bridge{marker: m, src: player, timings: func(drawn time.Time, known int) string {
		return loadSaid + ", start " + ms(started.Sub(loaded)) + " (" + strconv.Itoa(known) +
			" events simulated before the first frame), until the first frame " + ms(drawn.Sub(started))
	}}
	b.compare = compareLabel(player)
	b.listen()
	// The reader's system asks for less motion: tokens jump instead of
	// sliding, as the player's own "m" does.
	if mm := js.Global().Get("matchMedia"); mm.Type() == js.TypeFunction {
		if js.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Truthy() {
			b.pending = append(b.pending, play.Command{Kind: play.CmdReducedMotion})
		}
	}
	m.mark("player")
	opt := render.Options{Commands: b.commands, AfterDraw: b.afterDraw}
	if m {
		opt.Trace = m.mark
	}
	g := render.NewGame(player, opt)
	m.mark("game")
	return render.Run(g, render.Window{Title: title})
}

// showError puts the error on the page, in place of the loading bar or
// the player, and tells the parent.
func showError(err error) {
	doc := js.Global().Get("document")
	if l := doc.Call("getElementById", "loading"); !l.IsNull() {
		l.Call("remove")
	}
	// A scene loaded after the first frame fails with the game's canvas on
	// the page: the message takes its place.
	canvases := doc.Call("getElementsByTagName", "canvas")
	for i := canvases.Length() - 1; i >= 0; i-- {
		canvases.Index(i).Call("remove")
	}
	doc.Get("body").Get("style").Set("backgroundColor", "") // Ebiten's black
	if e := doc.Call("getElementById", "error"); !e.IsNull() {
		// The message stays Go's; a reader of another language gets a
		// lead-in in theirs.
		e.Set("textContent", view.Say(pageLang(), "wasm.error", err.Error()))
		e.Get("style").Set("display", "block")
	}
	msg := map[string]any{"type": "gmpbook", "error": err.Error()}
	if list := errorList(err); len(list) > 0 {
		all := make([]any, len(list))
		for i, e := range list {
			all[i] = map[string]any{"line": e.line, "col": e.col, "msg": e.msg}
		}
		msg["errors"] = all
	}
	post(msg)
	js.Global().Set("gmpbookStatus", js.ValueOf(map[string]any{"error": err.Error(), "ready": false, "frames": 0}))
}

// problem is one reason a scene cannot run, where it is in the scene's
// source (line and col 0: nowhere in particular).
type problem struct {
	line, col int
	msg       string
}

// post sends a message to the parent window (the window itself when the
// page is not in a frame).
func post(msg map[string]any) {
	js.Global().Get("parent").Call("postMessage", js.ValueOf(msg), "*")
}

// bridge carries commands from the host page to the game and status back.
type bridge struct {
	mu      sync.Mutex
	pending []play.Command

	timings func(drawn time.Time, known int) string // for the first-frame console line
	marker

	src     play.Source // what the game plays, for the trace
	compare string      // compare mode's two labels ("" when not comparing)

	frames    int
	cursor    int
	playing   bool
	line      int // the source line last posted
	posted    bool
	out       view.Output // the output last posted
	narration string      // the narration last posted (a jump that finds nothing changes only it)
	last      view.Frame
	frameFun  js.Func
	seenFun   js.Func // the IntersectionObserver's callback
}

// listen registers the message listener and window.gmpbookFrame.
func (b *bridge) listen() {
	js.Global().Call("addEventListener", "message", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		data := args[0].Get("data")
		if data.Type() != js.TypeObject {
			return nil
		}
		cmd := data.Get("cmd")
		if cmd.Type() != js.TypeString {
			return nil
		}
		kind, ok := play.ParseCommand(cmd.String())
		if !ok {
			return nil
		}
		c := play.Command{Kind: kind}
		if at := data.Get("at"); at.Type() == js.TypeNumber {
			c.At = at.Int()
		}
		if sp := data.Get("speed"); sp.Type() == js.TypeNumber {
			c.Speed = sp.Float()
		}
		if p := data.Get("procs"); p.Type() == js.TypeNumber {
			c.Procs = p.Int()
		}
		if s := data.Get("seed"); s.Type() == js.TypeNumber {
			c.Seed = uint64(s.Int())
		}
		b.mu.Lock()
		b.pending = append(b.pending, c)
		b.mu.Unlock()
		render.Wake() // a resting player takes the command at its next frame
		return nil
	}))
	b.frameFun = js.FuncOf(func(this js.Value, args []js.Value) any {
		b.mu.Lock()
		defer b.mu.Unlock()
		return string(appendFrame(nil, &b.last))
	})
	js.Global().Set("gmpbookFrame", b.frameFun)
	if chromeTrace != nil {
		js.Global().Set("gmpbookTrace", js.FuncOf(func(this js.Value, args []js.Value) any {
			return b.trace()
		}))
	}
	js.Global().Set("gmpbookStatus", js.ValueOf(map[string]any{"frames": 0, "ready": false}))
	// A resting player (render/rest.go) is called again on input and on a
	// resize; the page parking and unparking its frame (site.js's rest)
	// is neither, so coming back into the layout wakes it too.
	if io := js.Global().Get("IntersectionObserver"); io.Type() == js.TypeFunction {
		b.seenFun = js.FuncOf(func(this js.Value, args []js.Value) any {
			render.Wake()
			return nil
		})
		io.New(b.seenFun).Call("observe", js.Global().Get("document").Get("documentElement"))
	}
}

// commands hands the game the host page's commands, once per tick.
func (b *bridge) commands() []play.Command {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.pending) == 0 {
		return nil
	}
	out := b.pending
	b.pending = nil
	return out
}

// afterDraw reports the first frame, keeps the status current and posts
// it to the parent when the cursor or the play state changes.
func (b *bridge) afterDraw(f *view.Frame, st play.Status, frames int) {
	b.mu.Lock()
	b.last = *f
	b.mu.Unlock()
	b.frames = frames
	if frames == 1 {
		println("gmpbook: first frame (" + b.timings(time.Now(), st.Len) + ")")
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		if l := js.Global().Get("document").Call("getElementById", "loading"); !l.IsNull() {
			l.Call("remove")
		}
	}
	changed := !b.posted || st.Cursor != b.cursor || st.Playing != b.playing || st.Line != b.line || f.Narration != b.narration
	if frames <= readyFrames || changed || frames%30 == 0 {
		status := map[string]any{
			"frames": frames, "ready": frames >= readyFrames,
			"cursor": st.Cursor, "len": st.Len, "playing": st.Playing,
			"procs": st.Procs, "seed": float64(st.Seed),
		}
		if b.compare != "" {
			status["compare"] = b.compare
		}
		js.Global().Set("gmpbookStatus", js.ValueOf(status))
	}
	if changed {
		b.cursor, b.playing, b.posted, b.line, b.narration = st.Cursor, st.Playing, true, st.Line, f.Narration
		msg := map[string]any{
			"type": "gmpbook", "cursor": st.Cursor, "len": st.Len, "line": st.Line,
			"time": float64(st.Time), "timeText": core.FormatDuration(int64(st.Time)),
			"playing": st.Playing, "narration": f.Narration, "caption": f.Caption,
			"controlsHeight": controlsHeight(f),
			"procs":          st.Procs, "seed": float64(st.Seed), "compare": b.compare,
		}
		if o, ok := b.src.(interface{ Output() view.Output }); ok {
			if out := o.Output(); !sameOutput(out, b.out) || frames == 1 {
				b.out = out
				msg["output"] = outputJS(out)
			}
		}
		post(msg)
	}
}

// sameOutput reports whether two outputs of one run are the same: the
// lines of an output up to a cursor are a prefix of the run's.
func sameOutput(a, b view.Output) bool {
	return len(a.Lines) == len(b.Lines) && a.Fatal == b.Fatal && a.Exited == b.Exited && a.Status == b.Status
}

// outputJS is what the program has printed by the cursor, for the page's
// output panel: {lines: [[stream, text], …], fatal, exited, status},
// stream 1 for standard output and 2 for standard error.
func outputJS(o view.Output) map[string]any {
	lines := make([]any, len(o.Lines))
	for i, l := range o.Lines {
		lines[i] = []any{l.Stream, l.Text}
	}
	return map[string]any{"lines": lines, "fatal": o.Fatal, "exited": o.Exited, "status": float64(o.Status)}
}

// controlsHeight is the height of the chrome in the drawn list: the frame
// ends where the shape with Role "chrome" begins.
func controlsHeight(f *view.Frame) float64 {
	for i := range f.Shapes {
		if s := &f.Shapes[i]; s.Role == "chrome" && s.Kind == view.ShapeRect {
			return float64(s.H)
		}
	}
	return 0
}

// marker puts marks named "gmpbook:…" on the page's performance timeline
// when the URL says marks=1, so that a benchmark can tell where the time
// to the first frame goes (cmd/playerbench -phases); index.html marks the
// loader's steps.
type marker bool

func (m marker) mark(name string) {
	if m {
		js.Global().Get("performance").Call("mark", "gmpbook:"+name)
	}
}

// trace is the run the game shows as Chrome trace JSON (core.ChromeTrace,
// as gmpbook run -trace writes it), for window.gmpbookTrace() of the full
// player (the light one leaves the exporter out, which keeps encoding/json
// out of its download; the page asks a full player for the trace of a
// recorded run, trace=1): {json,
// procs, seed, label} or {error}. A run still being simulated is
// simulated to its end first; in compare mode it is the first run, the
// scene as asked for. Go in the browser runs one goroutine at a time and
// switches only where one waits; this function does not wait, and a tick
// of the game does not wait halfway, so it reads the player between ticks.
func (b *bridge) trace() any {
	run, label, ok := shownRun(b.src)
	if !ok {
		return map[string]any{"error": "the scene is still loading"}
	}
	data, err := chromeTrace(run.Events)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return map[string]any{"json": string(data), "procs": run.Procs, "seed": float64(run.Seed), "label": label}
}
