//go:build js && wasm && !light

package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
	"time"

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
