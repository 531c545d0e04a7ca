package site

import (
	"bytes"
	"fmt"
	"html/template"
	"net/url"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/internal/runlog"
	"github.com/gmpbook/gmpbook/render/view"
)

// Presentation mode: every chapter also has a page of slides,
// present/NN-slug.html, made from chapters.Slides. The slides are
// rendered here, at build time, with the chapter page's own Markdown
// renderer; assets/present.js turns the page into a deck (a 1920×1080
// stage scaled to the window, fragments, overview, presenter view) and
// plays each scene slide in the player's iframe. Without JavaScript the
// slides read one after the other, each scene as its narrated steps.

// The scene area of a scene slide, in stage pixels (the stage is laid out
// for 1920×1080), and the zoom at which the player is shown there: the
// player lays itself out for an iframe of the area's size divided by the
// zoom, so that its text reads from the back of a room. present.css lays
// the area and the iframe out with the same numbers.
const (
	slideSceneW, slideSceneH = 1840, 930
	slidePlayerZoom          = 1.5
)

// PresentName is the file of a chapter's slides: "present/04-schedule.html".
func PresentName(c *chapters.Chapter) string { return "present/" + PageName(c) }

// ZhPresentName is the file of a Chinese chapter's slides:
// "present/04-schedule.zh.html", beside its English twin's.
func ZhPresentName(c *chapters.Chapter) string { return "present/" + ZhPageName(c) }

// presentData is what the present template gets.
type presentData struct {
	Lang    string // the deck's language (LangEn when empty)
	Title   string
	Chapter *tocEntry
	Page    string   // the chapter's reading page, relative to the slides
	Home    string   // the edition's contents page, relative to the slides
	Alt     *altPage // the twin edition's deck, relative to the slides; nil without one
	Aligned bool     // the twin's slides are numbered as these (chapters.TwinSlides): a switch keeps the slide
	Slides  []slideData
}

// deck says which edition of a chapter's slides to make.
type deck struct {
	lang    string            // LangZh for the Chinese edition; "" for English
	page    string            // the chapter's reading page (PageName or ZhPageName)
	twin    *chapters.Chapter // the English original of a Chinese chapter, whose numbering its slides take
	alt     string            // the other edition's deck (PresentName or ZhPresentName), "" for none
	zhPages map[string]bool   // as chapterRenderer.zhPages
	twinIDs []string          // as chapterRenderer.twinIDs
}

// slideData is one slide.
type slideData struct {
	Lang  string // the deck's language
	N     int
	Kind  string
	Title string
	Body  template.HTML
	Notes []string // paragraphs of the speaker notes
	Line  int
	Frags int  // fragments: a scene's narrated steps, a poll's reveal
	Cont  bool // continues the previous slide's section
	Scene *slideScene
	Poll  *slidePoll
	// PollLabel: a poll whose title is not already "Predict, then run"
	// says so above it.
	PollLabel bool

	// The title slide's front matter.
	Number  int
	Summary string
	Goals   []string
}

// slideScene is a scene slide: the player's address and, for each
// fragment, the event the player is sent to with a picture of it (shown
// until the player is ready, in the presenter view, and with JavaScript
// off).
type slideScene struct {
	ID       string
	Title    string
	Settings string
	Player   string // the player page with the scene's parameters and source, without at ("" without a player)
	Steps    []slideStep
}

// slideStep is one position of a scene slide: Steps[0] is the start,
// Steps[k] the k-th narrated step (fragment k).
type slideStep struct {
	At      int
	Time    string
	Caption string
	SVG     template.HTML
}

// slidePoll is a predict exercise as a poll: the question, the choices,
// and the answer the simulator gives, revealed as the slide's fragment.
type slidePoll struct {
	Scene    string
	Question string
	Choices  []pollChoice
	Expected string
}

type pollChoice struct {
	Letter string
	Text   string
	Right  bool
}

// present renders a chapter's slides page in the edition d says.
func (b *builder) present(c *chapters.Chapter, entry *tocEntry, dk deck) ([]byte, error) {
	r := newChapterRenderer(b, c)
	r.lang, r.zhPages, r.twinIDs = dk.lang, dk.zhPages, dk.twinIDs
	pr := &presentRenderer{r: r, page: "../" + dk.page}
	r.setMarkdown(util.Prioritized(pr, 5))
	d := presentData{Lang: dk.lang, Title: c.Title, Chapter: entry, Page: pr.page, Home: "../index.html"}
	if dk.lang == LangZh {
		d.Home = "../" + ZhIndexName
	}
	slides := c.Slides()
	d.Aligned = dk.alt != ""
	if dk.twin != nil {
		// Numbered as the English deck, so that "slide 12" is the same
		// slide in both; a translation whose sections do not line up with
		// its original's keeps its own numbering (the chapters tests say
		// where it differs).
		if tw, err := c.TwinSlides(dk.twin); err == nil {
			slides = tw
		} else {
			d.Aligned = false
		}
	}
	if dk.alt != "" {
		lang := LangZh
		if dk.lang == LangZh {
			lang = LangEn
		}
		d.Alt = &altPage{URL: strings.TrimPrefix(dk.alt, "present/"), Lang: lang}
	}
	prevTitle := ""
	for _, s := range slides {
		sd := slideData{Lang: dk.lang, N: len(d.Slides) + 1, Kind: s.Kind.String(), Title: s.Title, Line: s.Line,
			Cont: len(d.Slides) > 0 && s.Heading == nil && s.Title == prevTitle}
		prevTitle = s.Title
		for _, p := range strings.Split(s.Notes, "\n\n") {
			if p = strings.TrimSpace(p); p != "" {
				sd.Notes = append(sd.Notes, p)
			}
		}
		switch s.Kind {
		case chapters.SlideTitle:
			sd.Number, sd.Summary, sd.Goals = c.Number, c.Summary, c.Goals
		case chapters.SlideScene:
			sc, err := b.slideScene(c, s.Scene, dk.lang)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: scene %s: %w", c.File, s.Scene.Line, s.Scene.ID, err)
			}
			sd.Scene, sd.Frags = sc, len(sc.Steps)-1
		case chapters.SlidePoll:
			p := s.Predict
			want, err := p.Expected(c)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: predict: %w", c.File, p.Line, err)
			}
			sp := &slidePoll{Scene: p.Scene, Question: p.Question, Expected: want}
			for k, ch := range p.Choices {
				sp.Choices = append(sp.Choices, pollChoice{Letter: string(rune('A' + k%26)), Text: ch,
					Right: p.Grade(ch, want)})
			}
			sd.Poll, sd.Frags = sp, 1
			label, err := uiText(pageLang(dk.lang), "predict")
			if err != nil {
				return nil, err
			}
			sd.PollLabel = s.Title != label
		}
		if s.Kind == chapters.SlideTitle || s.Kind == chapters.SlideContent {
			var out bytes.Buffer
			for _, n := range s.Nodes {
				if err := r.md.Renderer().Render(&out, c.Source, n); err != nil {
					return nil, fmt.Errorf("%s:%d: %w", c.File, s.Line, err)
				}
			}
			sd.Body = template.HTML(out.String())
		}
		d.Slides = append(d.Slides, sd)
	}
	var out bytes.Buffer
	if err := b.tmpl.ExecuteTemplate(&out, "present", d); err != nil {
		return nil, fmt.Errorf("%s: slides: %w", c.File, err)
	}
	return out.Bytes(), nil
}

// slideScene simulates a scene exactly as the player in the browser does
// (the same source, the settings the iframe's URL gives, the same seed),
// so that the event indices of its narrated steps are the cursors the
// player reaches when it is sent there.
func (b *builder) slideScene(c *chapters.Chapter, s *chapters.Scene, lang string) (*slideScene, error) {
	params, words := sceneParams(s.Settings)
	q, err := url.ParseQuery(params)
	if err != nil {
		return nil, err
	}
	// As wasm/full.go does: the source's own settings, overridden by the
	// query's, read by the parser the player uses.
	over, err := playerlog.SettingsFromQuery(q)
	if err != nil {
		return nil, err
	}
	settings := s.Compiled.Scene.Settings.Merge(over)
	run, err := playerlog.Simulate(s.Compiled, settings, 0, 0, nil)
	if err != nil {
		return nil, err
	}
	rec := playerlog.Recording(run, playerlog.Captions(s.Compiled))

	q.Set("src", playerlog.EncodeSource([]byte(s.Source)))
	id := s.ID
	if id == "" {
		id = fmt.Sprintf("line%d", s.Line)
	}
	title := s.Title
	if title == "" {
		var err error
		if title, err = uiText(pageLang(lang), "scene.untitled", id); err != nil {
			return nil, err
		}
	}
	sc := &slideScene{ID: id, Title: title, Settings: words}
	if b.hasPlayer && b.lightPlayer {
		// The same run the chapter page's scene plays, when the settings
		// agree: one file for both.
		q.Set("run", b.addRun(runlog.NewFile(title, playerlog.Captions(s.Compiled), run)))
	}
	if b.hasPlayer {
		sc.Player = "../player/index.html?" + q.Encode()
	}

	// Several captions may start at one event: one fragment shows them.
	var starts []int
	for _, at := range rec.CaptionStarts() {
		if len(starts) == 0 || at > starts[len(starts)-1] {
			starts = append(starts, at)
		}
	}
	// The slide opens where the scene's own code begins (captions are
	// about it), before its first narrated step.
	start := rec.MainStart()
	if len(starts) > 0 && start >= starts[0] {
		start = starts[0] - 1
	}
	opts := view.Options{Width: slideSceneW / slidePlayerZoom, Height: slideSceneH / slidePlayerZoom, Lang: playerLang(lang)}
	for _, at := range append([]int{start}, starts...) {
		f := cropFrame(rec.Frame(at, opts))
		caption := f.Caption
		if len(sc.Steps) == 0 || caption == "" {
			caption = f.Narration
		}
		sc.Steps = append(sc.Steps, slideStep{At: at, Time: core.FormatDurationShort(int64(f.Time)), Caption: caption,
			SVG: template.HTML(view.SVG(f, title+": "+frameLabel(f, lang)))})
	}
	return sc, nil
}

// presentRenderer renders what differs on a slide from the chapter page:
// headings without anchors (a slide is not a place to link to), links
// that point from present/ back to the pages, and a compact "run it for
// real" box. Everything else is the chapter page's renderer.
type presentRenderer struct {
	r    *chapterRenderer
	page string
}

func (p *presentRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, p.renderHeading)
	reg.Register(ast.KindLink, p.renderLink)
	reg.Register(chapters.KindReal, p.renderReal)
	reg.Register(chapters.KindListPart, p.renderListPart)
	// Scenes and exercises are slides of their own, notes go to the
	// presenter: none of them is drawn inside a slide's text.
	skip := func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) { return ast.WalkSkipChildren, nil }
	reg.Register(chapters.KindScene, skip)
	reg.Register(chapters.KindPredict, skip)
	reg.Register(chapters.KindNotes, skip)
}

func (p *presentRenderer) renderHeading(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	// Slides' own titles are h1 (the chapter) and h2; headings inside a
	// slide's text start at h3.
	level := max(n.Level, 3)
	if entering {
		fmt.Fprintf(w, "<h%d>", level)
	} else {
		fmt.Fprintf(w, "</h%d>\n", level)
	}
	return ast.WalkContinue, nil
}

// renderLink writes a link as goldmark does, its destination made to work
// from present/: chapter sources and pages are one directory up, and a
// link within the chapter goes to its reading page.
func (p *presentRenderer) renderLink(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	if !entering {
		w.WriteString("</a>")
		return ast.WalkContinue, nil
	}
	dest := string(n.Destination)
	if m := chapterLinkRE.FindStringSubmatch(dest); m != nil {
		dest = m[1] + ".html" + m[2]
	}
	lower := strings.ToLower(dest)
	switch {
	case strings.HasPrefix(dest, "#"):
		dest = p.page + dest
	case dest == "", strings.HasPrefix(dest, "/"), strings.Contains(lower, ":"):
		// absolute, or with a scheme (dangerous ones are dropped below)
	default:
		dest = "../" + dest
	}
	w.WriteString(`<a href="`)
	if !html.IsDangerousURL([]byte(dest)) {
		w.Write(util.EscapeHTML(util.URLEscape([]byte(dest), true)))
	}
	w.WriteByte('"')
	if n.Title != nil {
		w.WriteString(` title="`)
		w.Write(util.EscapeHTML(n.Title))
		w.WriteByte('"')
	}
	w.WriteByte('>')
	return ast.WalkContinue, nil
}

// renderReal shows a "run it for real" box as a slide can: the claim, the
// command and, when the test suite captured it, the output.
func (p *presentRenderer) renderReal(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	re := node.(*chapters.RealNode).Real
	d, err := p.r.realData(re)
	if err != nil {
		return ast.WalkStop, err
	}
	return ast.WalkSkipChildren, p.r.b.tmpl.ExecuteTemplate(w, "present-real", d)
}

// renderListPart writes part of a list: the list's own tag (an ordered
// list numbered on from where the previous slide stopped) around the
// items, each rendered as in the whole list.
func (p *presentRenderer) renderListPart(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*chapters.ListPart)
	tag := "ul"
	if n.List.IsOrdered() {
		tag = "ol"
		fmt.Fprintf(w, "<ol start=\"%d\">\n", n.List.Start+n.From)
	} else {
		w.WriteString("<ul>\n")
	}
	k := 0
	for it := n.List.FirstChild(); it != nil; it = it.NextSibling() {
		if k >= n.From && k < n.To {
			if err := p.r.md.Renderer().Render(w, src, it); err != nil {
				return ast.WalkStop, err
			}
		}
		k++
	}
	fmt.Fprintf(w, "</%s>\n", tag)
	return ast.WalkSkipChildren, nil
}
