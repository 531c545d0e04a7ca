package view

import (
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// Goroutines are named by the code that made them, not by their G number:
//
//  1. the scene author's label, from a "//> name worker {i}" directive on
//     the go statement (core.Event.GoLabel: "worker 3"), numbered like the
//     functions below if two goroutines get the same one;
//  2. the function the go statement started, without the "main." package
//     ("worker"), with "·2", "·3", … for later goroutines of the same
//     function;
//  3. a closure after the function it is written in ("main.main.func1"
//     becomes "main ƒ1");
//  4. the runtime's own goroutines (bgsweep, forcegchelper, …) by their
//     function name; the layout draws them muted with a dotted outline.
//
// The G number stays in tooltips, screen-reader text and narration
// ("worker·3 (G14)").

// nameFold names goroutines as their GoCreate events come.
type nameFold struct {
	byID  map[int64]string
	count map[string]int
}

func (f *nameFold) add(e *core.Event) {
	if e.Kind != core.EvGoCreate {
		return
	}
	if f.byID == nil {
		f.byID, f.count = map[int64]string{}, map[string]int{}
	}
	base := e.GoLabel()
	if base == "" {
		base = FuncLabel(e.GoFunc())
	}
	if base == "" {
		return
	}
	f.count[base]++
	if n := f.count[base]; n > 1 {
		base += "·" + strconv.Itoa(n)
	}
	f.byID[e.G] = base
}

// FuncLabel is the short name of a goroutine's function as the player shows
// it: "main.worker" → "worker", "main.main.func1" → "main ƒ1",
// "main.serve.func2.1" → "serve ƒ2.1", "runtime.bgsweep" → "bgsweep",
// "net/http.(*conn).serve" → "(*conn).serve",
// "sync.(*WaitGroup).Go.func1" → "wg.Go".
func FuncLabel(fn string) string {
	if fn == "" {
		return ""
	}
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	// The goroutine wg.Go and errgroup's g.Go start runs their wrapper
	// closure (sync.(*WaitGroup).Go.func1, which calls the f it was
	// given): named by the call a reader wrote.
	for prefix, label := range starterLabels {
		if strings.HasPrefix(fn, prefix) {
			return label
		}
	}
	if i := strings.IndexByte(fn, '.'); i >= 0 && i+1 < len(fn) {
		fn = fn[i+1:]
	}
	if i := strings.Index(fn, ".func"); i > 0 {
		return fn[:i] + " ƒ" + fn[i+len(".func"):]
	}
	return fn
}

// starterLabels name the goroutines of the library's goroutine starters
// by the method a scene calls, keyed by the start function's name after
// its import path.
var starterLabels = map[string]string{
	"sync.(*WaitGroup).Go.func":    "wg.Go",
	"errgroup.(*Group).Go.func":    "g.Go",
	"errgroup.(*Group).TryGo.func": "g.TryGo",
	// scene.NetRead's time.AfterFunc goroutine writes the peer's byte
	// (the simulated network's other end, as in the real toolkit).
	"scene.NetRead.func": "peer",
}

// GName is goroutine id's name (see FuncLabel), "" if the log has not
// named it.
func (r *Recording) GName(id int64) string { return r.names.byID[id] }

// Names is every goroutine's name so far, by id. The map is the
// Recording's: read it, do not change it.
func (r *Recording) Names() map[int64]string { return r.names.byID }

// gLabel is how narration names a goroutine: "worker·3 (G14)", or "G14"
// when it has no name.
func gLabel(names map[int64]string, id int64) string {
	if id == 0 {
		return "no G"
	}
	g := "G" + strconv.FormatInt(id, 10)
	if n := names[id]; n != "" {
		return n + " (" + g + ")"
	}
	return g
}
