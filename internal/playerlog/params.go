package playerlog

import (
	"encoding/base64"
	"flag"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

// Params are what a player is asked to play, as a URL's query (the
// browser player, the site's iframes and slides) or a command line
// (gmpbook-player, gmpbook) says it: the one reader and writer of those
// parameters, so that every front end spells them alike.
//
// In a URL:
//
//	src=BASE64URL   the scene's source, base64url-encoded (padding optional)
//	scene=NAME      or: a scene the host page provides by name
//	procs, seed, go, startup, until
//	                scene settings, overriding the scene's own (script.RunKeys)
//	at=N            start after event N (-1: before the first)
//	play=1          start playing; speed=X sets the speed
//	cgo=VERSION     compare mode: a second run with this Go version …
//	cprocs=N        … or this GOMAXPROCS, played in lock-step with the first
//
// On a command line the same are flags (-procs, -seed, -go, -startup,
// -until, -at, -play, -speed, -compare-go, -compare-procs) and the scene
// is a file; see Flags.
type Params struct {
	Src   []byte // the scene's source (src=), nil if not given
	Scene string // the name of a scene the host provides (scene=)
	// Settings override the scene's own: only script.RunKeys are set.
	Settings script.Settings
	// Cue is at, play and speed: where and how the player starts.
	play.Cue
	// CompareGo and CompareProcs ask for compare mode: a second run with
	// this Go version or GOMAXPROCS (empty and 0: not given).
	CompareGo    string
	CompareProcs int
}

// Compare reports whether the parameters ask for compare mode.
func (p *Params) Compare() bool { return p.CompareGo != "" || p.CompareProcs > 0 }

// ParseQuery reads the parameters of a player's URL. Keys it does not
// know (run, timing, …) are left to the caller.
func ParseQuery(q url.Values) (Params, error) {
	p := Params{Cue: play.Cue{At: -1}}
	over, err := SettingsFromQuery(q)
	if err != nil {
		return p, err
	}
	p.Settings = over
	if v := q.Get("src"); v != "" {
		src, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(v, "="))
		if err != nil {
			return p, fmt.Errorf("src: not base64url: %v", err)
		}
		p.Src = src
	}
	p.Scene = q.Get("scene")
	p.CompareGo = q.Get("cgo")
	if v := q.Get("cprocs"); v != "" {
		if p.CompareProcs, err = strconv.Atoi(v); err != nil || p.CompareProcs < 1 {
			return p, fmt.Errorf("cprocs=%s: want a number of Ps", v)
		}
	}
	p.Cue, err = play.ParseCue(q)
	return p, err
}

// SettingsFromQuery reads the scene settings of a query (script.RunKeys),
// the overrides of the scene's own.
func SettingsFromQuery(q url.Values) (script.Settings, error) {
	var over script.Settings
	for _, k := range script.RunKeys {
		if v := q.Get(k); v != "" {
			if err := over.Set(k, v); err != nil {
				return script.Settings{}, err
			}
		}
	}
	return over, nil
}

// Query writes the parameters as ParseQuery reads them back; what is not
// given is left out.
func (p *Params) Query() url.Values {
	q := url.Values{}
	for _, kv := range p.Settings.Flags() {
		q.Set(kv[0], kv[1])
	}
	if p.Src != nil {
		q.Set("src", EncodeSource(p.Src))
	}
	if p.Scene != "" {
		q.Set("scene", p.Scene)
	}
	if p.CompareGo != "" {
		q.Set("cgo", p.CompareGo)
	}
	if p.CompareProcs > 0 {
		q.Set("cprocs", strconv.Itoa(p.CompareProcs))
	}
	p.Cue.Set(q)
	return q
}

// EncodeSource is a scene's source as src= carries it: base64url without
// padding.
func EncodeSource(src []byte) string { return base64.RawURLEncoding.EncodeToString(src) }

// SettingFlags defines a flag for each of script.RunKeys on fs ("scene
// setting procs", …), which sets it in over.
func SettingFlags(fs *flag.FlagSet, over *script.Settings) {
	for _, k := range script.RunKeys {
		fs.Func(k, "scene setting "+k, func(v string) error { return over.Set(k, v) })
	}
}

// Flags defines the parameters as flags on fs, which fill p as fs parses
// them: the scene settings (SettingFlags), -at, -play, -speed,
// -compare-go and -compare-procs. The scene's source is the caller's (a
// file argument). The speed's default is 1.
func (p *Params) Flags(fs *flag.FlagSet) {
	p.HasAt = true // -1, the default, is before the first event
	SettingFlags(fs, &p.Settings)
	fs.IntVar(&p.At, "at", -1, "start after event `N` (-1: before the first event)")
	fs.BoolVar(&p.Play, "play", false, "start playing")
	fs.Float64Var(&p.Speed, "speed", 1, "playback speed")
	fs.BoolVar(&p.Dark, "dark", false, "draw the player in its dark palette")
	fs.BoolVar(&p.Slide, "slide", false, "lay the player out for a slide stage")
	fs.Func("lang", "the `language` the player speaks: en or zh", func(v string) error {
		l, err := view.ParseLang(v)
		p.Lang = l
		return err
	})
	fs.StringVar(&p.CompareGo, "compare-go", "", "compare mode: play a second run with Go `version` beside the first")
	fs.IntVar(&p.CompareProcs, "compare-procs", 0, "compare mode: play a second run with `N` Ps beside the first")
}
