package site

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"regexp"
	"strings"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/script"
)

// chromaStyle and chromaDark are the highlighting themes for light and
// dark pages. Code is highlighted with CSS classes, never inline styles,
// so the Content-Security-Policy needs no 'unsafe-inline'.
const (
	chromaStyle = "github"
	chromaDark  = "github-dark"
)

var chromaOptions = []chromahtml.Option{chromahtml.WithClasses(true), chromahtml.TabWidth(4)}

// chapterRenderer renders one chapter's goldmark document into the body
// of its page. The chapter extension's nodes get renderers of their own
// here; everything else is goldmark's HTML renderer with GFM, footnotes
// and chroma highlighting, raw HTML left escaped (goldmark's default).
type chapterRenderer struct {
	b       *builder
	c       *chapters.Chapter
	md      goldmark.Markdown
	ids     map[string]int  // heading ids used on the page
	predict int             // predict forms so far
	lastID  string          // the id of the heading being rendered
	lang    string          // the page's language (LangEn when empty)
	twinIDs []string        // a Chinese twin's headings take its English chapter's ids, in order
	zhPages map[string]bool // on a Chinese page, the chapters ("04-schedule") whose links go to their Chinese twins
	heading int             // headings rendered so far
	scenes  []sceneData     // what each scene rendered, for the page's search entry
}

func newChapterRenderer(b *builder, c *chapters.Chapter) *chapterRenderer {
	r := &chapterRenderer{b: b, c: c, ids: map[string]int{}}
	r.setMarkdown()
	return r
}

// setMarkdown makes the renderer's goldmark: GFM, footnotes and chroma,
// with the chapter nodes' renderers, and extra renderers that take over
// the node kinds they register (a lower priority number wins; the
// chapter's own are at 10).
func (r *chapterRenderer) setMarkdown(extra ...util.PrioritizedValue) {
	r.md = goldmark.New(
		goldmark.WithExtensions(
			extension.GFM,
			extension.Footnote,
			highlighting.NewHighlighting(
				highlighting.WithStyle(chromaStyle),
				highlighting.WithFormatOptions(chromaOptions...),
			),
		),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(append([]util.PrioritizedValue{util.Prioritized(r, 10)}, extra...)...)),
	)
}

// RegisterFuncs claims the chapter node kinds plus headings (for anchors)
// and code spans (for runtime references).
func (r *chapterRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(chapters.KindScene, r.renderScene)
	reg.Register(chapters.KindPredict, r.renderPredict)
	reg.Register(chapters.KindReal, r.renderReal)
	reg.Register(chapters.KindNotes, r.renderNotes)
	reg.Register(chapters.KindClaim, r.renderClaim)
	reg.Register(ast.KindHeading, r.renderHeading)
	reg.Register(ast.KindCodeSpan, r.renderCodeSpan)
}

var chapterLinkRE = regexp.MustCompile(`^(\d\d-[a-z0-9-]+)\.md(#.*)?$`)

// render writes the chapter body. Top-level blocks are rendered one by
// one so that the explanation after each predict exercise can be wrapped
// (it stays hidden until the reader answers, when JavaScript runs).
func (r *chapterRenderer) render() (template.HTML, error) {
	doc := r.c.Doc
	// Links between chapter sources become links between pages.
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.Link); ok && entering {
			if m := chapterLinkRE.FindSubmatch(l.Destination); m != nil {
				page := string(m[1]) + ".html"
				if r.zhPages[string(m[1])] {
					page = string(m[1]) + ".zh.html" // the Chinese twin, from a Chinese page
				}
				l.Destination = []byte(page + string(m[2]))
			}
		}
		return ast.WalkContinue, nil
	})
	var out bytes.Buffer
	open := false
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if open && endsExplanation(n) {
			out.WriteString("</div>\n")
			open = false
		}
		if err := r.md.Renderer().Render(&out, r.c.Source, n); err != nil {
			return "", err
		}
		if _, ok := n.(*chapters.PredictNode); ok {
			fmt.Fprintf(&out, "<div class=\"explain\" id=\"explain-%d\">\n", r.predict)
			open = true
		}
	}
	if open {
		out.WriteString("</div>\n")
	}
	return template.HTML(out.String()), nil
}

func endsExplanation(n ast.Node) bool {
	switch n.(type) {
	case *ast.Heading, *ast.ThematicBreak, *chapters.SceneNode, *chapters.PredictNode,
		*chapters.RealNode, *extast.FootnoteList:
		return true
	}
	return false
}

// renderHeading gives each heading an id (from its text) and a link to it.
func (r *chapterRenderer) renderHeading(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	if entering {
		id := r.headingID(chapters.PlainText(n, src))
		r.lastID = id
		fmt.Fprintf(w, "<h%d id=\"%s\">", n.Level, template.HTMLEscapeString(id))
		return ast.WalkContinue, nil
	}
	fmt.Fprintf(w, " <a class=\"anchor\" href=\"#%s\" aria-hidden=\"true\" tabindex=\"-1\">#</a></h%d>\n",
		template.HTMLEscapeString(r.lastID), n.Level)
	return ast.WalkContinue, nil
}

// headingID is the chapter's next heading id (chapters.HeadingID).
// A twin's heading takes the English heading's id at the same place.
func (r *chapterRenderer) headingID(text string) string {
	i := r.heading
	r.heading++
	if i < len(r.twinIDs) {
		r.ids[r.twinIDs[i]]++
		return r.twinIDs[i]
	}
	return chapters.HeadingID(r.ids, text)
}

// renderCodeSpan links `file.go:function` runtime references to the Go
// source and renders other inline code as goldmark does.
func (r *chapterRenderer) renderCodeSpan(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	var t strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if tx, ok := c.(*ast.Text); ok {
			v := tx.Segment.Value(src)
			if bytes.HasSuffix(v, []byte("\n")) {
				t.Write(v[:len(v)-1])
				t.WriteByte(' ')
			} else {
				t.Write(v)
			}
		}
	}
	code := t.String()
	if file, name, ok := Match(code); ok {
		// The hover text, in the page's language: "findRunnable in the Go
		// 1.26.8 runtime source".
		tip, err := uiText(pageLang(r.lang), "ref.title", name, strings.TrimPrefix(GoVersion, "go"))
		if err != nil {
			return ast.WalkStop, err
		}
		fmt.Fprintf(w, `<a class="ref" href="%s" title="%s"><code>%s</code></a>`,
			template.HTMLEscapeString(r.b.refs.URL(file, name)), template.HTMLEscapeString(tip), template.HTMLEscapeString(code))
	} else {
		fmt.Fprintf(w, "<code>%s</code>", template.HTMLEscapeString(code))
	}
	return ast.WalkSkipChildren, nil
}

// renderNotes keeps speaker notes out of the reading view; the presenter
// view reads them from the data attribute.
func (r *chapterRenderer) renderNotes(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*chapters.NotesNode)
		fmt.Fprintf(w, "<div class=\"speaker-notes\" hidden data-notes=\"%s\"></div>\n", template.HTMLEscapeString(n.Notes.Text))
	}
	return ast.WalkSkipChildren, nil
}

// renderClaim draws a claim box: the claim, then the verdict, from the
// blockquote the chapter wrote. The "**Claim:**" and "**Verdict:**"
// labels become the box's own labels.
func (r *chapterRenderer) renderClaim(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	q := node.FirstChild()
	if q == nil {
		return ast.WalkSkipChildren, nil
	}
	claimLabel, _ := uiText(pageLang(r.lang), "claim")
	verdictLabel, _ := uiText(pageLang(r.lang), "verdict")
	boxLabel, _ := uiText(pageLang(r.lang), "claim.box")
	w.WriteString("<aside class=\"claim-box\" aria-label=\"" + template.HTMLEscapeString(boxLabel) + "\">\n")
	w.WriteString("<div class=\"claim\"><span class=\"label\">" + claimLabel + "</span> ")
	inVerdict := false
	for p := q.FirstChild(); p != nil; p = p.NextSibling() {
		para, ok := p.(*ast.Paragraph)
		if !ok || inVerdict {
			if !inVerdict {
				w.WriteString("</div>\n<div class=\"claim-verdict\"><span class=\"label\">" + verdictLabel + "</span> ")
				inVerdict = true
			}
			if err := r.md.Renderer().Render(w, src, p); err != nil {
				return ast.WalkStop, err
			}
			continue
		}
		w.WriteString("<p>")
		for c := para.FirstChild(); c != nil; c = c.NextSibling() {
			switch label := strongLabel(c, src); label {
			case "Claim:":
				continue
			case "Verdict:":
				w.WriteString("</p></div>\n<div class=\"claim-verdict\"><span class=\"label\">" + verdictLabel + "</span> <p>")
				inVerdict = true
				continue
			}
			if next := c.NextSibling(); next != nil && strongLabel(next, src) == "Verdict:" {
				if tx, ok := c.(*ast.Text); ok && strings.TrimSpace(string(tx.Segment.Value(src))) == "" {
					continue
				}
			}
			if err := r.md.Renderer().Render(w, src, c); err != nil {
				return ast.WalkStop, err
			}
		}
		w.WriteString("</p>\n")
	}
	w.WriteString("</div>\n</aside>\n")
	return ast.WalkSkipChildren, nil
}

// strongLabel is the text of a **bold** inline node ("" for other nodes).
func strongLabel(n ast.Node, src []byte) string {
	e, ok := n.(*ast.Emphasis)
	if !ok || e.Level != 2 {
		return ""
	}
	return strings.TrimSpace(chapters.PlainText(e, src))
}

// sceneData is what a scene's figure shows.
type sceneData struct {
	Lang     string // the page's language (LangEn when empty)
	ID       string
	Title    string
	Settings string // "procs=1 seed=3", as the info string set them
	Params   string // the player's query string, without src
	Source   string
	Encoded  string        // base64url of Source
	Code     template.HTML // Source, highlighted
	Poster   template.HTML // the wide poster
	Board    []boardFrame
	W, H     float32

	PosterNarrow template.HTML // the poster for phones
	NW, NH       float32

	Lines   int
	Player  bool   // the player is part of this site
	Run     string // the key of the recorded run the light player plays ("" without one)
	Narrate string
	Output  string // what the run prints to its end, as a terminal shows it (print and pages without script)

	Real         *realDist // the real runtime's outputs over many runs (nil: not captured)
	CompareGo    string    // the Go version the compare control offers
	CompareProcs []int     // the GOMAXPROCS values it offers
}

type boardFrame struct {
	SVG     template.HTML
	Time    string
	Caption string
}

// renderScene draws a scene as a figure: a poster rendered now from the
// simulation (with extra key frames for print), a Play button that swaps
// in the live player, and the source, which the page's script makes
// editable.
func (r *chapterRenderer) renderScene(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	s := node.(*chapters.SceneNode).Scene
	d, err := r.b.scene(r.c, s, r.lang)
	if err != nil {
		return ast.WalkStop, fmt.Errorf("%s:%d: scene %s: %w", r.c.File, s.Line, s.ID, err)
	}
	r.scenes = append(r.scenes, d)
	d.Lang = r.lang
	return ast.WalkSkipChildren, r.b.tmpl.ExecuteTemplate(w, "scene", d)
}

// sceneParams are the player's query parameters for the settings the
// chapter gave the scene (the source carries its own //scene line).
func sceneParams(st script.Settings) (query, words string) {
	var ws []string
	for _, kv := range st.Flags() {
		ws = append(ws, kv[0]+"="+kv[1])
	}
	p := playerlog.Params{Settings: st}
	return p.Query().Encode(), strings.Join(ws, " ")
}

// highlight renders Go source with chroma, as ```go blocks are.
func highlight(source string) (template.HTML, error) {
	lexer := lexers.Get("go")
	it, err := lexer.Tokenise(nil, source)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := chromahtml.New(chromaOptions...).Format(&b, styles.Get(chromaStyle), it); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}

// predictData is a predict exercise's form.
type predictData struct {
	Lang     string
	N        int
	Scene    string
	Answer   string
	Question string
	Choices  []string
	Expected string
	Multi    bool // the answer has several lines
}

func (r *chapterRenderer) renderPredict(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	p := node.(*chapters.PredictNode).Predict
	want, err := p.Expected(r.c)
	if err != nil {
		return ast.WalkStop, fmt.Errorf("%s:%d: predict: %w", r.c.File, p.Line, err)
	}
	r.predict++
	d := predictData{Lang: r.lang, N: r.predict, Scene: p.Scene, Answer: p.Answer, Question: p.Question,
		Choices: p.Choices, Expected: want, Multi: strings.Contains(want, "\n")}
	return ast.WalkSkipChildren, r.b.tmpl.ExecuteTemplate(w, "predict", d)
}

// realData is a "run it for real" box.
type realData struct {
	Lang     string
	Scene    string
	Claim    string
	Check    string
	File     string // the name the reader saves the program as
	Command  string
	Program  string
	Code     template.HTML
	Output   string
	HasOut   bool
	OutFile  string
	Settings string
}

func (r *chapterRenderer) renderReal(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	d, err := r.realData(node.(*chapters.RealNode).Real)
	if err != nil {
		return ast.WalkStop, err
	}
	d.Lang = r.lang
	return ast.WalkSkipChildren, r.b.tmpl.ExecuteTemplate(w, "real", d)
}

// realData is what a "run it for real" box shows.
func (r *chapterRenderer) realData(re *chapters.Real) (realData, error) {
	s := r.c.SceneByID(re.Scene)
	prog, err := script.Complete(s.Compiled.Scene)
	if err != nil {
		return realData{}, fmt.Errorf("%s:%d: real: %w", r.c.File, re.Line, err)
	}
	code, err := highlight(string(prog))
	if err != nil {
		return realData{}, err
	}
	file := re.Scene + ".go"
	cmd := s.Settings.RealCommand(file)
	if strings.HasPrefix(re.Check, "threads=") {
		// The thread count is read from schedtrace, as the test suite
		// runs it (tests/chapters_real_test.go).
		cmd = "GODEBUG=schedtrace=1 " + cmd
	}
	d := realData{Scene: re.Scene, Claim: re.Claim, Check: re.Check, File: file,
		Command: cmd, Program: string(prog), Code: code,
		OutFile: RealOutputName(r.c.Number, re.Scene)}
	if r.b.opts.Real != nil {
		if out, err := fs.ReadFile(r.b.opts.Real, d.OutFile); err == nil {
			d.Output, d.HasOut = string(out), true
		}
	}
	return d, nil
}

// RealOutputName is the file in which the test suite keeps what a chapter
// scene printed on the real runtime: chapters/real/NN-sceneid.out.
func RealOutputName(chapter int, scene string) string {
	return fmt.Sprintf("%02d-%s.out", chapter, scene)
}

// RealDistName is the file in which make rewrite keeps what a chapter
// scene at GOMAXPROCS>1 printed over many runs on the real runtime
// (dist.Captured): chapters/real/NN-sceneid.dist.
func RealDistName(chapter int, scene string) string {
	return fmt.Sprintf("%02d-%s.dist", chapter, scene)
}
