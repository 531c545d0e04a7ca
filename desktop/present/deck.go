package present

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"path"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/view"
)

// Deck is a chapter made into slides.
type Deck struct {
	Chapter *chapters.Chapter // nil when Err is set
	Name    string            // the chapter's file name without .md: "05-stealing"
	Title   string
	Slides  []Slide
	// Lang is the language the chapter is written in; the chrome the
	// windows add (counters, the presenter's status, labels) speaks it.
	// New leaves it English: the caller sets it (SetLang).
	Lang lang.Lang
	// Err is set when the chapter could not be read. Slides then holds
	// one error slide that shows it, so that the window has something to
	// draw; Err's text starts with file:line:col when the problem has a
	// place in the chapter.
	Err error
}

// Slide is one slide of a deck: the chapter's slide plus what
// presentation mode adds to it.
type Slide struct {
	chapters.Slide

	Number int // 1-based, as shown to people and typed to jump

	// Fragments are the steps revealed one by one on this slide: a scene's
	// caption starts, a poll's answer. A slide with n fragments has n+1
	// positions: step 0 shows it with nothing revealed, step k with the
	// first k fragments revealed.
	Fragments []Fragment

	// Scene slides: the simulated run the player replays, its captions,
	// and the event the slide opens at (step 0): main.main starting, or
	// just before the first caption when that comes sooner. -1 means
	// before the first event.
	Run      *playerlog.Run
	Captions []view.Caption
	Start    int

	// Err is a problem with this slide alone (a scene that cannot be
	// simulated), or the chapter's error on a deck's error slide. The
	// window shows it in place of the slide's content.
	Err error
}

// Fragment is one step revealed on a slide.
type Fragment struct {
	// Event is, on a scene slide, the event whose caption starts this
	// step: the player seeks to just after it. Until is the last event of
	// the step (the event before the next step's, or the run's last
	// event), for a player that plays the step through. Both are -1 on a
	// poll slide.
	Event, Until int
	// Text is the caption that starts here, or a poll's expected answer.
	Text string
}

// Steps is the number of positions past step 0 on the slide: its number
// of fragments.
func (s *Slide) Steps() int { return len(s.Fragments) }

// EventAt is the event the scene player shows at step k of a scene slide
// (the player's cursor sits just after it; -1 is before the first event).
func (s *Slide) EventAt(step int) int {
	if step <= 0 || len(s.Fragments) == 0 {
		return s.Start
	}
	return s.Fragments[min(step, len(s.Fragments))-1].Event
}

// Caption is the scene caption shown at step k ("" at step 0, and on
// slides other than scenes).
func (s *Slide) Caption(step int) string {
	if s.Kind != chapters.SlideScene || step <= 0 || len(s.Fragments) == 0 {
		return ""
	}
	return s.Fragments[min(step, len(s.Fragments))-1].Text
}

// Rerun simulates the slide's scene again with procs Ps and seed (zero
// keeps the scene's own), for a player's GOMAXPROCS and seed controls. A
// chapter's scene does not depend on the reader's environment.
func (s *Slide) Rerun(procs int, seed uint64) (*playerlog.Run, error) {
	if s.Scene == nil {
		return nil, errors.New("present: not a scene slide")
	}
	return playerlog.Simulate(s.Scene.Compiled, s.Scene.Settings, procs, seed, nil)
}

// Where is the slide's place in the chapter, "chapters/05-stealing.md:127".
func (d *Deck) Where(i int) string {
	if d.Chapter == nil || i < 0 || i >= len(d.Slides) {
		return ""
	}
	return d.Chapter.File + ":" + strconv.Itoa(d.Slides[i].Line)
}

// ErrorAt is where the deck's error is: file, line and column, when the
// chapter's problem has a place (ok is false otherwise).
func (d *Deck) ErrorAt() (pos token.Position, ok bool) {
	var ce *chapters.Error
	if errors.As(d.Err, &ce) {
		return ce.Pos, true
	}
	return token.Position{}, false
}

// New makes the deck of a parsed chapter: it splits the chapter into
// slides, simulates each scene once to find its narrated steps and runs
// each poll's scene for its answer. The simulations run in parallel (a
// scene with a long call-free loop takes a good part of a second); each
// has its own VM run, so they share nothing but the compiled scene, which
// they only read.
func New(c *chapters.Chapter) *Deck {
	d := &Deck{Chapter: c, Name: strings.TrimSuffix(path.Base(c.File), ".md"), Title: c.Title}
	for i, cs := range c.Slides() {
		d.Slides = append(d.Slides, Slide{Slide: cs, Number: i + 1, Start: -1})
	}
	var jobs []func()
	for i := range d.Slides {
		s := &d.Slides[i]
		switch s.Kind {
		case chapters.SlideScene:
			jobs = append(jobs, func() { s.Err = s.simulate(c) })
		case chapters.SlidePoll:
			jobs = append(jobs, func() {
				ans, err := s.Predict.Expected(c)
				if err != nil {
					s.Err = fmt.Errorf("%s:%d: predict: %v", c.File, s.Predict.Line, err)
					return
				}
				s.Fragments = []Fragment{{Event: -1, Until: -1, Text: ans}}
			})
		}
	}
	parallel(jobs, runtime.GOMAXPROCS(0))
	return d
}

// parallel runs jobs on at most n goroutines and waits for them all.
func parallel(jobs []func(), n int) {
	next := make(chan func())
	var wg sync.WaitGroup
	for range min(max(n, 1), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range next {
				job()
			}
		}()
	}
	for _, job := range jobs {
		next <- job
	}
	close(next)
	wg.Wait()
}

// simulate runs the slide's scene the way the desktop player does and
// turns the recording's caption starts into fragments.
func (s *Slide) simulate(c *chapters.Chapter) error {
	sc := s.Scene
	run, err := playerlog.Simulate(sc.Compiled, sc.Settings, 0, 0, nil)
	if err != nil {
		return fmt.Errorf("%s:%d: scene %s: %v", c.File, sc.Line-1, sc.ID, err)
	}
	s.Run = run
	s.Captions = playerlog.Captions(sc.Compiled)
	rec := playerlog.Recording(run, s.Captions)
	last := len(run.Events) - 1
	for _, at := range rec.CaptionStarts() {
		// Two captions starting at one event show as one: the player
		// shows the later of them from that event on.
		if n := len(s.Fragments); n > 0 && s.Fragments[n-1].Event == at {
			s.Fragments[n-1].Text = rec.CaptionAt(at)
			continue
		}
		s.Fragments = append(s.Fragments, Fragment{Event: at, Until: last, Text: rec.CaptionAt(at)})
	}
	for k := 0; k+1 < len(s.Fragments); k++ {
		s.Fragments[k].Until = s.Fragments[k+1].Event - 1
	}
	if start := rec.MainStart(); start >= 0 {
		s.Start = start
	}
	if len(s.Fragments) > 0 && s.Start >= s.Fragments[0].Event {
		s.Start = s.Fragments[0].Event - 1
	}
	return nil
}

// Load parses the chapter src (file names it in messages, and must be
// NN-slug.md) and makes its deck; a chapter that cannot be read gives a
// deck with Err set and one error slide.
func Load(file string, src []byte) *Deck {
	c, err := chapters.Parse(file, src)
	if err != nil {
		return errorDeck(strings.TrimSuffix(path.Base(file), ".md"), err)
	}
	return New(c)
}

// Open finds the chapter that name names and makes its deck: a path to a
// Markdown file ("drafts/14-new.md", read from disk), or one of the
// embedded chapters by file name, number or slug ("05-stealing",
// "chapters/05-stealing.md", "05", "5", "stealing").
func Open(name string) *Deck {
	if strings.HasSuffix(name, ".md") {
		if src, err := os.ReadFile(name); err == nil {
			return Load(name, src)
		} else if !errors.Is(err, os.ErrNotExist) {
			return errorDeck(name, err)
		}
	}
	all, err := chapters.All()
	if err != nil {
		return errorDeck(name, err)
	}
	want := strings.TrimSuffix(path.Base(name), ".md")
	for _, c := range all {
		base := strings.TrimSuffix(path.Base(c.File), ".md")
		if n, err := strconv.Atoi(want); err == nil && n == c.Number || want == base || want == c.Slug {
			return New(c)
		}
	}
	var names []string
	for _, c := range all {
		names = append(names, strings.TrimSuffix(path.Base(c.File), ".md"))
	}
	return errorDeck(name, fmt.Errorf("no chapter %q; the chapters are %s", name, strings.Join(names, ", ")))
}

// OpenAsync is Open in a goroutine, for a window that draws its first
// frames while the deck's scenes are simulated (a good part of a second
// for some chapters): Update polls the channel, which delivers one deck.
func OpenAsync(name string) <-chan *Deck {
	ch := make(chan *Deck, 1)
	go func() { ch <- Open(name) }()
	return ch
}

// ErrorDeck is the deck of a chapter that could not be read: one error
// slide that shows err (for a window that has the chapter's error from
// elsewhere, such as the desktop app's book of an author's directory).
func ErrorDeck(name string, err error) *Deck { return errorDeck(name, err) }

func errorDeck(name string, err error) *Deck {
	s := Slide{Slide: chapters.Slide{Kind: chapters.SlideContent, Title: lang.T(lang.En, "present.error.title"), Line: 1}, Number: 1, Start: -1, Err: err}
	return &Deck{Name: name, Title: s.Title, Slides: []Slide{s}, Err: err}
}

// SetLang makes l the language of the deck's chrome (Lang), and of the
// title of an error deck's slide.
func (d *Deck) SetLang(l lang.Lang) {
	d.Lang = l
	if d.Err != nil && len(d.Slides) == 1 && d.Slides[0].Title == lang.T(lang.En, "present.error.title") {
		d.Slides[0].Title = lang.T(l, "present.error.title")
		d.Title = d.Slides[0].Title
	}
}
