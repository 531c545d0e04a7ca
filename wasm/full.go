//go:build js && wasm && !light

package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/dist"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/script"
)

// run loads the scene the URL names, compiles it and plays it.
func run() error {
	begun := time.Now()
	q, m, err := pageQuery()
	if err != nil {
		return err
	}
	params, err := playerlog.ParseQuery(q)
	if err != nil {
		return err
	}
	name, src, err := sceneSource(params)
	if err != nil {
		return err
	}
	if v := q.Get("seeds"); v != "" {
		return runSeeds(name, src, params, v)
	}
	if q.Get("trace") == "1" {
		return runTrace(name, src, params)
	}
	over := params.Settings
	compare := params.Compare()

	var player play.Controllable
	var title, loadSaid string
	loaded := begun
	// Checking and compiling the scene is most of what the player does
	// before its first frame. When the scene's first line says all that
	// frame needs — GOMAXPROCS and seed — and the frame is the world before
	// the first event, the player draws it first and loads the scene after
	// it (play.Loading). Whether the chrome keeps a line for captions
	// comes from a "//>" in the text (a scene whose "//>" is no caption,
	// say in a string, loses that line once loaded). A scene that does not
	// compile shows its error a frame later.
	if hdr, ok := quickHeader(src); ok && !params.HasAt && !compare {
		settings := hdr.Merge(over)
		cfg, err := settings.Config(nil)
		if err == nil {
			title = settings.Title
			player = play.NewLoading(cfg.Procs, cfg.Seed, bytes.Contains(src, []byte("//>")), func() (play.Source, error) {
				m.mark("load")
				scene, err := script.Load(name, src)
				if err != nil {
					return nil, err
				}
				m.mark("loaded")
				return newSource(params, scene, false)
			})
			loadSaid = "load after the first frame"
		}
	}
	if player == nil {
		scene, err := script.Load(name, src)
		if err != nil {
			return err
		}
		loaded = time.Now()
		loadSaid = "load " + ms(loaded.Sub(begun))
		m.mark("loaded")
		title = scene.Scene.Settings.Merge(over).Title
		if player, err = newSource(params, scene, compare); err != nil {
			return err
		}
	}
	return playScene(params.Cue, m, player, title, loadSaid, loaded)
}

// newSource makes the Source that plays a loaded scene: a Player that
// simulates the run in slices after its first frame (play.Grow), or in
// compare mode a Compare of two runs simulated whole, since it lines them
// up in time.
func newSource(p playerlog.Params, scene *script.Compiled, compare bool) (play.Controllable, error) {
	sc := playerlog.NewScene(scene, scene.Scene.Settings.Merge(p.Settings), nil)
	if compare {
		return sc.Compare(p.CompareGo, p.CompareProcs)
	}
	log, err := sc.Start(0, 0)
	if err != nil {
		return nil, err
	}
	return play.NewPlayer(log, sc.Start), nil
}

// quickHeader reads the scene's settings from its first line without
// parsing the scene, as script.Parse reads them, when that is certain:
// the line is a "//scene …" comment that script.ParseSettings accepts, or
// holds no comment at all (no settings). Anything else — a comment after
// code, a bad setting — is left to the parse, which says where it is.
func quickHeader(src []byte) (script.Settings, bool) {
	first, _, _ := bytes.Cut(src, []byte("\n"))
	line := strings.TrimRight(strings.TrimLeft(string(first), " \t"), "\r")
	rest, ok := strings.CutPrefix(line, "//scene")
	if !ok {
		return script.Settings{}, !strings.Contains(line, "//") && !strings.Contains(line, "/*")
	}
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return script.Settings{}, false
	}
	st, err := script.ParseSettings(rest)
	return st, err == nil
}

// sceneSource finds the scene's source: src= of the query, or the scene
// the host page provides by name.
func sceneSource(p playerlog.Params) (name string, src []byte, err error) {
	if p.Src != nil {
		return "scene.go", p.Src, nil
	}
	name = p.Scene
	if name == "" {
		return "", nil, errors.New("no scene: the page's URL needs src=BASE64URL or scene=NAME")
	}
	for _, where := range []string{"window", "parent"} {
		if s, ok := hostScene(where, name); ok {
			return name + ".go", []byte(s), nil
		}
	}
	return "", nil, fmt.Errorf("scene %q: the host page provides no window.gmpbookScene for it", name)
}

// hostScene looks name up in window.gmpbookScene of the window or its
// parent. Reading a cross-origin parent throws; that counts as not found.
func hostScene(where, name string) (s string, ok bool) {
	defer func() {
		if recover() != nil {
			s, ok = "", false
		}
	}()
	w := js.Global().Get(where)
	if w.IsUndefined() || w.IsNull() {
		return "", false
	}
	v := w.Get("gmpbookScene")
	switch v.Type() {
	case js.TypeString:
		return v.String(), true
	case js.TypeObject:
		if e := v.Get(name); e.Type() == js.TypeString {
			return e.String(), true
		}
	}
	return "", false
}

// errorList is each problem of a scene that cannot run: one per
// diagnostic of a scene that does not compile, else the error itself.
func errorList(err error) []problem {
	var list script.Errors
	var one script.Diagnostic
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = script.Errors{one}
	default:
		return []problem{{msg: err.Error()}}
	}
	out := make([]problem, len(list))
	for i, d := range list {
		out[i] = problem{line: d.Pos.Line, col: d.Pos.Column, msg: d.Msg}
	}
	return out
}

// seedsBudget is how long the seeds mode simulates before it lets the
// browser run the page (and the page's other frames) again.
const seedsBudget = 30 * time.Millisecond

// seedsShown is how many outputs of each histogram a progress message
// lists, the rest counted together: more than the page's 100 seeds can
// print, so that its total-variation distance sees every output.
const seedsShown = 10000

// runSeeds is the seeds mode (seeds=1..100 in the URL): no game, the scene
// compiled once and run once per seed with dist.Simulate, the path of
// gmpbook run -seeds, a few seeds at a time. After each slice it posts
// the histograms so far to the parent — {type: 'gmpbook', seeds: {done,
// total, procs, timing, hist}}, hist by dist.Keys — and sets
// window.gmpbookStatus.seeds; then it waits a millisecond, which hands
// the thread back to the browser. A scene that does not compile, or a
// seed that fails, ends it with the error as the player reports errors.
func runSeeds(name string, src []byte, params playerlog.Params, spec string) error {
	seeds, err := dist.ParseSeeds(spec)
	if err != nil {
		return err
	}
	scene, err := script.Load(name, src)
	if err != nil {
		return err
	}
	cfg, err := scene.Scene.Settings.Merge(params.Settings).Config(nil)
	if err != nil {
		return err
	}
	if l := js.Global().Get("document").Call("getElementById", "loading"); !l.IsNull() {
		l.Call("remove")
	}
	var h dist.Hist
	done := 0
	report := func() error {
		hists := map[string]any{}
		for _, key := range dist.Keys {
			k, err := dist.ByKey(h, key)
			if err != nil {
				return err
			}
			hists[key] = histJS(k)
		}
		msg := map[string]any{
			"done": done, "total": len(seeds), "procs": cfg.Procs, "timing": cfg.Timing.String(),
			"first": float64(seeds[0]), "last": float64(seeds[len(seeds)-1]), "hist": hists,
		}
		post(map[string]any{"type": "gmpbook", "seeds": msg})
		js.Global().Set("gmpbookStatus", js.ValueOf(map[string]any{"seeds": msg, "ready": done == len(seeds)}))
		return nil
	}
	for done < len(seeds) {
		start := time.Now()
		for done < len(seeds) && time.Since(start) < seedsBudget {
			one, err := dist.Simulate(scene, cfg, seeds[done:done+1])
			if err != nil {
				return fmt.Errorf("seed %d: %v", seeds[done], err)
			}
			h.Merge(one)
			done++
		}
		if err := report(); err != nil {
			return err
		}
		time.Sleep(time.Millisecond)
	}
	return nil // the player ends; the page keeps the last message
}

// histJS is a histogram as the page reads it: {n, distinct, top: [[output,
// count], …] most frequent first, at most seedsShown, rest}.
func histJS(h dist.Hist) map[string]any {
	es := h.Sorted()
	top := []any{}
	rest := 0
	for i, e := range es {
		if i >= seedsShown {
			rest += e.N
			continue
		}
		top = append(top, []any{e.Out, e.N})
	}
	return map[string]any{"n": h.N, "distinct": len(es), "top": top, "rest": rest}
}

// chromeTrace exports a run for window.gmpbookTrace (bridge.trace).
var chromeTrace = core.ChromeTrace

// shownRun is the run src shows, whole (a run still being simulated is
// simulated to its end), and its label in compare mode, where it is the
// first run, the scene as asked for; false while the scene loads.
func shownRun(src play.Source) (run play.Log, label string, ok bool) {
	if l, ok := src.(*play.Loading); ok {
		src = l.Loaded()
	}
	switch s := src.(type) {
	case *play.Player:
		return s.Whole(), "", true
	case *play.Compare:
		a, _ := s.Sides()
		return a.Log, a.Label, true
	}
	return play.Log{}, "", false
}

// compareLabel names compare mode's two runs ("go1.26 · procs=2 vs
// go1.13 · procs=2"), for the player's status; "" for one run.
func compareLabel(src play.Controllable) string {
	if c, ok := src.(*play.Compare); ok {
		a, b := c.Sides()
		return a.Label + " vs " + b.Label
	}
	return ""
}

// runTrace is the trace mode (trace=1 in the URL): no game, the scene
// simulated whole at the URL's settings, as a Player would play it, and
// posted to the parent as Chrome trace JSON — {type: 'gmpbook', trace:
// {json, procs, seed}}, also window.gmpbookStatus.trace. The page asks
// for it when the player it shows is the light one, which has no
// exporter: the recorded run is the same run (the site records it with
// the same settings, and the simulator is deterministic).
func runTrace(name string, src []byte, params playerlog.Params) error {
	scene, err := script.Load(name, src)
	if err != nil {
		return err
	}
	log, err := playerlog.NewScene(scene, scene.Scene.Settings.Merge(params.Settings), nil).Log(0, 0)
	if err != nil {
		return err
	}
	data, err := chromeTrace(log.Events)
	if err != nil {
		return err
	}
	msg := map[string]any{"json": string(data), "procs": log.Procs, "seed": float64(log.Seed)}
	js.Global().Set("gmpbookStatus", js.ValueOf(map[string]any{"trace": msg, "ready": true}))
	post(map[string]any{"type": "gmpbook", "trace": msg})
	return nil
}
