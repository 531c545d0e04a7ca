package site

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"sort"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/internal/runlog"
	"github.com/gmpbook/gmpbook/render/view"
)

// Storyboard sizes: in print, each scene is a strip of key frames.
const (
	boardMin = 4
	boardMax = 6
)

// Poster sizes, in CSS pixels: the wide one at the width of the reading
// column, the narrow one at a phone's (view lays that out with the Ps
// stacked). The player itself lays out at its iframe's size.
const (
	posterW, posterH             = 736, 400
	posterNarrowW, posterNarrowH = 360, 560
)

// recordScene runs a chapter scene in the simulator, keeping the event log
// and where the scene's code was at each event (internal/playerlog, as
// the players do), and makes the log navigable.
func recordScene(s *chapters.Scene) (*view.Recording, *playerlog.Run, error) {
	run, err := playerlog.Simulate(s.Compiled, s.Settings, 0, 0, nil)
	if err != nil && !errors.Is(err, core.ErrLimit) {
		return nil, nil, err
	}
	return playerlog.Recording(run, playerlog.Captions(s.Compiled)), run, nil
}

// interesting are the events a poster prefers to show: the moments the
// chapters are about.
func interesting(e *core.Event) bool {
	switch e.Kind {
	case core.EvSteal, core.EvProcHandoff, core.EvProcRetake, core.EvGoPreempt, core.EvRunqOverflow:
		return true
	case core.EvNetpoll:
		return e.N > 0
	case core.EvGlobalGet:
		return e.Why == core.SrcFairness
	}
	return false
}

// sceneStart is the first event of the scene's own doing: the first
// goroutine its code creates, else the event after the runtime created its
// last goroutine of its own. Before it the runtime is starting up, which
// no poster is about.
func sceneStart(rec *view.Recording) int {
	lastRuntime := -1
	for i := range rec.Events {
		e := &rec.Events[i]
		if e.Kind != core.EvGoCreate {
			continue
		}
		if e.Arg == 1 {
			lastRuntime = i
		} else if e.G2 != 0 {
			return i
		}
	}
	return min(lastRuntime+1, max(rec.Len()-1, 0))
}

// userGs are the scene's goroutines, as opposed to those the runtime
// starts for itself.
func userGs(rec *view.Recording) map[int64]bool {
	user := map[int64]bool{}
	for i := range rec.Events {
		e := &rec.Events[i]
		if e.Kind == core.EvGoCreate && e.Arg != 1 {
			user[e.G] = true
		}
	}
	return user
}

// posterIndex is the cursor a scene's poster shows: where the caption the
// author marked ("//> poster: …") starts, else the first interesting event
// of one of the scene's own goroutines, else the middle of the run.
func posterIndex(rec *view.Recording) int {
	n := rec.Len()
	if n == 0 {
		return -1
	}
	if i := rec.PosterStart(); i >= 0 {
		return i
	}
	user := userGs(rec)
	start := sceneStart(rec)
	for i := start; i < n; i++ {
		e := &rec.Events[i]
		if interesting(e) && (e.G == 0 || user[e.G]) {
			return i
		}
	}
	return start + (n-start)/2
}

// boardIndexes picks a scene's storyboard: its first events, the poster,
// the interesting moments (one of each kind first), the last event; then
// evenly spread stops until there are at least boardMin.
func boardIndexes(rec *view.Recording, poster int) []int {
	n := rec.Len()
	if n == 0 {
		return []int{-1}
	}
	set := map[int]bool{poster: true, n - 1: true, sceneStart(rec): true}
	kinds := map[core.EvKind]bool{}
	for i := sceneStart(rec); i < n; i++ {
		if len(set) >= boardMax {
			break
		}
		e := &rec.Events[i]
		if interesting(e) && !kinds[e.Kind] {
			kinds[e.Kind] = true
			set[i] = true
		}
	}
	start := sceneStart(rec)
	for k := 1; len(set) < boardMin && k < boardMin; k++ {
		i := start + (n-start)*k/boardMin
		for i < n-1 && !rec.IsStop(i) {
			i++
		}
		set[i] = true
	}
	var out []int
	for i := range set {
		out = append(out, i)
	}
	sort.Ints(out)
	if len(out) > boardMax {
		// Keep the first, the poster and the last; drop from the middle.
		keep := []int{out[0]}
		for _, i := range out[1 : len(out)-1] {
			if len(keep) < boardMax-1 || i == poster {
				keep = append(keep, i)
			}
		}
		out = append(keep, out[len(out)-1])
	}
	return out
}

// scene renders what a scene's figure shows: the poster and the storyboard
// from the simulation, the player's parameters and the source.
func (b *builder) scene(c *chapters.Chapter, s *chapters.Scene, lang string) (sceneData, error) {
	rec, run, err := recordScene(s)
	if err != nil {
		return sceneData{}, err
	}
	params, words := sceneParams(s.Settings)
	code, err := highlight(s.Source)
	if err != nil {
		return sceneData{}, err
	}
	id := s.ID
	if id == "" {
		id = fmt.Sprintf("line%d", s.Line)
	}
	title := s.Title
	if title == "" {
		title = "Scene " + id
	}
	d := sceneData{
		ID: id, Title: title, Settings: words, Params: params,
		Source: s.Source, Encoded: playerlog.EncodeSource([]byte(s.Source)), Code: code,
		Lines: lineCount(s.Source), Player: b.hasPlayer,
	}
	if d.Real, err = b.realDistOf(c, id); err != nil {
		return sceneData{}, err
	}
	d.CompareGo, d.CompareProcs = compareChoices(s)
	if b.hasPlayer && b.lightPlayer {
		d.Run = b.addRun(runlog.NewFile(title, playerlog.Captions(s.Compiled), run))
	}
	// The poster and storyboard narrate in the page's language, as the
	// player that replaces them does (lang=zh).
	vl := playerLang(lang)
	wide := view.Options{Width: posterW, Height: posterH, Lang: vl}
	pi := posterIndex(rec)
	f := cropFrame(rec.Frame(pi, wide))
	d.W, d.H = f.W, f.H
	d.Narrate = f.Narration
	d.Output = view.NewOutputIndex(rec.Events).At(rec.Len() - 1).Text()
	d.Poster = template.HTML(view.SVG(f, title+": "+frameLabel(f, lang)))
	nf := cropFrame(rec.Frame(pi, view.Options{Width: posterNarrowW, Height: posterNarrowH, Narrow: true, Lang: vl}))
	d.NW, d.NH = nf.W, nf.H
	d.PosterNarrow = template.HTML(view.SVG(nf, title+": "+frameLabel(nf, lang)))
	for _, i := range boardIndexes(rec, pi) {
		bf := f
		if i != pi {
			bf = cropFrame(rec.Frame(i, wide))
		}
		d.Board = append(d.Board, boardFrame{
			SVG:     template.HTML(view.SVG(bf, frameLabel(bf, lang))),
			Time:    core.FormatDurationShort(int64(bf.Time)),
			Caption: boardCaption(bf),
		})
	}
	return d, nil
}

// playerLang is the player's language for a page's language (LangEn or
// LangZh; empty is English).
func playerLang(pageLang string) view.Lang {
	l, err := view.ParseLang(pageLang)
	if err != nil {
		return view.English
	}
	return l
}

// cropFrame trims the empty band a layout leaves at the bottom of a frame
// that is taller than the scene needs.
func cropFrame(f view.Frame) view.Frame {
	bottom := float32(0)
	for _, s := range f.Shapes {
		b := s.Y + max(s.H, 0)
		if s.Kind == view.ShapeText {
			b = s.Y + s.Size
		}
		bottom = max(bottom, b)
	}
	if bottom > 0 && bottom+8 < f.H {
		f.H = bottom + 8
	}
	return f
}

// frameLabel says in words what a frame shows, in the page's language.
func frameLabel(f view.Frame, lang string) string {
	at := core.FormatDurationShort(int64(f.Time))
	if f.Narration != "" {
		if s, err := uiText(pageLang(lang), "frame.at.said", at, f.Narration); err == nil {
			return s
		}
	}
	if s, err := uiText(pageLang(lang), "frame.at", at); err == nil {
		return s
	}
	return at
}

func boardCaption(f view.Frame) string {
	switch {
	case f.Caption != "" && f.Narration != "":
		return f.Caption + " — " + f.Narration
	case f.Caption != "":
		return f.Caption
	}
	return f.Narration
}

func lineCount(s string) int {
	n := 1
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && i < len(s)-1 {
			n++
		}
	}
	return n
}

// addRun adds a recorded run to the site, under player/runs/KEY.run, and
// returns KEY: a hash of its bytes, so that a changed run gets a new name
// and browsers may keep a run as long as they like.
func (b *builder) addRun(f *runlog.File) string {
	data := runlog.Encode(nil, f)
	sum := sha256.Sum256(data)
	key := hex.EncodeToString(sum[:8])
	b.site.Files["player/runs/"+key+".run"] = data
	return key
}
