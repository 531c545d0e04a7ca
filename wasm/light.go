//go:build js && wasm && light

package main

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"syscall/js"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/runlog"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
)

// runKey is what a run's name may be: the site names runs by a hash of
// their contents.
var runKey = regexp.MustCompile(`^[0-9a-f]{8,64}$`)

// run plays the recorded run the URL names (run=KEY): the loader
// (index.html) has started fetching runs/KEY.run as window.gmpbookRun.
func run() error {
	begun := time.Now()
	q, m, err := pageQuery()
	if err != nil {
		return err
	}
	cue, err := play.ParseCue(q)
	if err != nil {
		return err
	}
	key := q.Get("run")
	if !runKey.MatchString(key) {
		return fmt.Errorf("run=%q: not the name of a recorded run", key)
	}
	data, err := fetchRun(key)
	if err != nil {
		return err
	}
	f, err := runlog.Decode(data)
	if err != nil {
		return fmt.Errorf("runs/%s.run: %v", key, err)
	}
	loaded := time.Now()
	m.mark("loaded")
	player := play.NewPlayer(f.Log(), func(procs int, seed uint64) (play.Log, error) {
		return play.Log{}, loadFull(q, cue.Lang, procs, seed)
	})
	return playScene(cue, m, player, f.Title, "load "+ms(loaded.Sub(begun))+" (recorded run, "+strconv.Itoa(len(data))+" bytes)", loaded)
}

// fetchRun waits for the loader's fetch of runs/KEY.run (index.html starts
// it as window.gmpbookRun whenever the URL has run=) and returns the bytes.
func fetchRun(key string) ([]byte, error) {
	p := js.Global().Get("gmpbookRun")
	if p.Type() != js.TypeObject {
		return nil, fmt.Errorf("runs/%s.run: the page's loader did not fetch the recorded run", key)
	}
	return awaitBytes(p, "the recorded run could not be loaded")
}

// loadFull replaces the light player with the full one, which can run
// the scene again: the same page without run=, with the new GOMAXPROCS
// and seed. The error is what the player shows until the page goes.
func loadFull(q url.Values, lang view.Lang, procs int, seed uint64) error {
	next := url.Values{}
	for k, v := range q {
		next[k] = v
	}
	next.Del("run")
	next.Del("at")
	next.Set("procs", strconv.Itoa(procs))
	next.Set("seed", strconv.FormatUint(seed, 10))
	if next.Get("src") == "" && next.Get("scene") == "" {
		return errors.New(view.Say(lang, "wasm.nosource"))
	}
	js.Global().Get("location").Call("replace", "?"+next.Encode())
	return errors.New(view.Say(lang, "wasm.loadingfull"))
}

// chromeTrace is left out of the light player (see bridge.trace), and
// with it shownRun's use.
var chromeTrace func([]core.Event) ([]byte, error)

func shownRun(play.Source) (play.Log, string, bool) { return play.Log{}, "", false }

// compareLabel: the light player has no compare mode.
func compareLabel(play.Controllable) string { return "" }

// errorList: the light player compiles nothing, so its errors have no
// place in the source; the page shows the message.
func errorList(error) []problem { return nil }
