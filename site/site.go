package site

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/render/view"
)

// The site's own files: page templates, the stylesheet, the scripts. The
// player directory holds a committed README and, after `make wasm`, the
// built player (index.html, main.wasm, wasm_exec.js), which are ignored
// by git.
var (
	//go:embed templates/*.html
	templateFS embed.FS
	//go:embed assets
	assetFS embed.FS
	//go:embed player
	playerFS embed.FS
)

// PlayerFiles are the files the player directory must hold for scenes to
// play: the player page loaded in each scene's iframe, the WebAssembly
// binary every iframe shares and Go's JavaScript support for it.
var PlayerFiles = []string{"index.html", "main.wasm", "wasm_exec.js"}

// LightPlayerFile is the player that plays the runs the site records
// (wasm built with -tags light). Without it every scene loads main.wasm.
const LightPlayerFile = "light.wasm"

// Options say what goes into a site.
type Options struct {
	// Chapters to publish; nil reads the embedded ones (chapters.All).
	Chapters []*chapters.Chapter
	// GOROOT whose src/runtime gives runtime references their line
	// numbers; "" links each reference to its file only.
	GOROOT string
	// Real holds what chapter scenes printed on the real runtime, one file
	// per "run it for real" box (RealOutputName); nil for none.
	Real fs.FS
	// Player holds the built player (PlayerFiles); nil uses the player
	// embedded in this binary, if `make wasm` put one there.
	Player fs.FS
	// Zh is the Chinese edition (chapters.Zh when Chapters is nil too):
	// each chapter's twin page, NN-slug.zh.html, and index.zh.html.
	Zh []*chapters.Chapter
}

// Site is a built site: every file, by slash-separated path.
type Site struct {
	Files map[string][]byte
	// HasPlayer says the player was present, so scenes can play.
	HasPlayer bool
	// Pages lists the chapter pages in order.
	Pages []string
	// ZhPages lists the Chinese edition's chapter pages (ZhPageName).
	ZhPages []string
	// Presentations lists the chapters' slides pages (PresentName), in
	// the same order.
	Presentations []string
	// ZhPresentations lists the Chinese chapters' slides pages
	// (ZhPresentName), in the order of ZhPages.
	ZhPresentations []string
	// csp holds the Content-Security-Policy of pages that need their own
	// (the player page's inline scripts, by hash).
	csp map[string]string
}

// builder holds what building one site needs.
type builder struct {
	opts      Options
	refs      *Refs
	tmpl      *template.Template
	hasPlayer bool
	// lightPlayer says the player directory has light.wasm, the player
	// that plays recorded runs: each scene then gets one (addRun).
	lightPlayer bool
	site        *Site
	assetURL    map[string]string // asset path → path?v=hash, for caching
}

// Build renders the notebook: an index, one page and one presentation per
// chapter, the search index, the assets and the player. It fails, and
// writes nothing, if any chapter page or presentation cannot be made.
func Build(opts Options) (*Site, error) {
	chs, zh := opts.Chapters, opts.Zh
	if chs == nil {
		var err error
		chs, err = chapters.All()
		if err != nil {
			return nil, err
		}
		if zh == nil {
			if zh, err = chapters.Zh(); err != nil {
				return nil, err
			}
		}
	}
	// A Chinese chapter is published beside its English twin only.
	twinOf := map[int]*chapters.Chapter{}
	for _, c := range chs {
		twinOf[c.Number] = c
	}
	zhOf := map[int]*chapters.Chapter{}
	for _, c := range zh {
		if t := twinOf[c.Number]; t != nil && t.Slug == c.Slug {
			zhOf[c.Number] = c
		}
	}
	player := opts.Player
	if player == nil {
		sub, err := fs.Sub(playerFS, "player")
		if err != nil {
			return nil, err
		}
		player = sub
	}
	s := &Site{Files: map[string][]byte{}, csp: map[string]string{}}
	b := &builder{opts: opts, refs: NewRefs(opts.GOROOT), site: s, assetURL: map[string]string{}}

	// The player.
	b.hasPlayer = true
	for _, f := range PlayerFiles {
		if _, err := fs.Stat(player, f); err != nil {
			b.hasPlayer = false
		}
	}
	if b.hasPlayer {
		err := fs.WalkDir(player, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(p, "README.md") {
				return err
			}
			data, err := fs.ReadFile(player, p)
			if err != nil {
				return err
			}
			s.Files["player/"+p] = data
			return nil
		})
		if err != nil {
			return nil, err
		}
		s.csp["player/index.html"] = playerCSP(s.Files["player/index.html"])
		_, b.lightPlayer = s.Files["player/"+LightPlayerFile]
	}
	s.HasPlayer = b.hasPlayer

	// Assets, with a content hash in their URLs so that browsers may keep
	// them.
	css, err := chromaCSS()
	if err != nil {
		return nil, err
	}
	s.Files["assets/chroma.css"] = css
	err = fs.WalkDir(assetFS, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(assetFS, p)
		if err != nil {
			return err
		}
		s.Files[p] = data
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The page scripts' texts, one file per edition.
	for lang := range jsStrings {
		data, err := jsStringsFile(lang)
		if err != nil {
			return nil, err
		}
		s.Files[JSStringsName(lang)] = data
	}

	// The search index, as JSON and as a script (which also loads from
	// file:// pages, where fetch does not).
	idx, err := searchIndex(chs, zhOf)
	if err != nil {
		return nil, err
	}
	s.Files["search.json"] = idx
	s.Files["assets/search-index.js"] = append(append([]byte("window.gmpbookSearch = "), idx...), ";\n"...)

	for p, data := range s.Files {
		if strings.HasPrefix(p, "assets/") {
			sum := sha256.Sum256(data)
			b.assetURL[p] = p + "?v=" + hex.EncodeToString(sum[:])[:10]
		}
	}
	b.tmpl, err = template.New("").Funcs(template.FuncMap{
		"asset": func(p string) string {
			if u, ok := b.assetURL[p]; ok {
				return u
			}
			return p
		},
		"num": view.SVGNum,
		// T is the chrome's text in the page's language (uiStrings).
		"T": uiHTML,
		// code is inline code, for a T argument.
		"code": func(s string) template.HTML {
			return template.HTML("<code>" + template.HTMLEscapeString(s) + "</code>")
		},
		// lang is the page's language tag ("en" when not set).
		"lang": pageLang,
		// stringsjs is the asset with the page scripts' texts in lang.
		"stringsjs": JSStringsName,
	}).ParseFS(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}

	// Pages.
	var toc []tocEntry
	for _, c := range chs {
		toc = append(toc, tocEntry{Number: c.Number, Title: c.Title, Summary: c.Summary, Goals: c.Goals, URL: PageName(c), Present: PresentName(c)})
	}
	zhPresentOf := func(c *chapters.Chapter) string {
		if z := zhOf[c.Number]; z != nil {
			return ZhPresentName(z)
		}
		return ""
	}
	for i, c := range chs {
		r := newChapterRenderer(b, c)
		body, err := r.render()
		if err != nil {
			return nil, err
		}
		pd := pageData{
			Self:      PageName(c),
			Title:     c.Title,
			Chapter:   &toc[i],
			Body:      body,
			TOC:       toc,
			HasPlayer: b.hasPlayer,
			Scenes:    len(r.scenes),
		}
		if zhOf[c.Number] != nil {
			pd.Alt = &altPage{URL: ZhPageName(c), Lang: LangZh}
		}
		if i > 0 {
			pd.Prev = &toc[i-1]
		}
		if i+1 < len(toc) {
			pd.Next = &toc[i+1]
		}
		var out bytes.Buffer
		if err := b.tmpl.ExecuteTemplate(&out, "chapter", pd); err != nil {
			return nil, fmt.Errorf("%s: %w", c.File, err)
		}
		s.Files[PageName(c)] = out.Bytes()
		s.Pages = append(s.Pages, PageName(c))
		slides, err := b.present(c, &toc[i], deck{page: PageName(c), alt: zhPresentOf(c)})
		if err != nil {
			return nil, err
		}
		s.Files[PresentName(c)] = slides
		s.Presentations = append(s.Presentations, PresentName(c))
	}
	var out bytes.Buffer
	pd := pageData{Title: "The Go scheduler, one goroutine at a time", TOC: toc, HasPlayer: b.hasPlayer, Index: true, Self: "index.html"}
	if len(zhOf) > 0 {
		pd.Alt = &altPage{URL: ZhIndexName, Lang: LangZh}
	}
	if len(toc) > 0 {
		pd.Next = &toc[0]
	}
	// The index shows the first chapter's first scene, live, as the
	// chapter does: a reader sees the notebook work before picking a
	// chapter.
	if len(chs) > 0 && len(chs[0].Scenes) > 0 {
		d, err := b.scene(chs[0], chs[0].Scenes[0], LangEn)
		if err != nil {
			return nil, fmt.Errorf("%s: the index's scene: %w", chs[0].File, err)
		}
		var tour bytes.Buffer
		if err := b.tmpl.ExecuteTemplate(&tour, "scene", d); err != nil {
			return nil, err
		}
		pd.Tour, pd.TourPage, pd.Scenes = template.HTML(tour.String()), &toc[0], 1
	}
	if err := b.tmpl.ExecuteTemplate(&out, "index", pd); err != nil {
		return nil, err
	}
	s.Files["index.html"] = out.Bytes()
	var nf bytes.Buffer // a buffer of its own: index.html keeps the other's bytes
	if err := b.tmpl.ExecuteTemplate(&nf, "notfound", pageData{Title: "Not found", TOC: toc}); err != nil {
		return nil, err
	}
	s.Files["404.html"] = nf.Bytes()
	if len(zhOf) > 0 {
		if err := b.zhEdition(chs, twinOf, zhOf); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// ZhIndexName is the Chinese edition's contents page.
const ZhIndexName = "index.zh.html"

// ZhPageName is the file of a chapter's Chinese page: "04-schedule.zh.html".
// The editions share a directory, so that pages, the player and assets
// are reached by the same relative URLs from both.
func ZhPageName(c *chapters.Chapter) string { return fmt.Sprintf("%02d-%s.zh.html", c.Number, c.Slug) }

// zhEdition writes the Chinese twin of each English chapter that has one,
// with its English twin's heading ids (so a link to a section, and the
// language switch, land on the same section), and the Chinese contents.
func (b *builder) zhEdition(chs []*chapters.Chapter, twinOf, zhOf map[int]*chapters.Chapter) error {
	s := b.site
	var toc []tocEntry
	var list []*chapters.Chapter
	for _, en := range chs {
		c := zhOf[en.Number]
		if c == nil {
			continue
		}
		list = append(list, c)
		toc = append(toc, tocEntry{Number: c.Number, Title: c.Title, Summary: c.Summary, Goals: c.Goals, URL: ZhPageName(c), Present: ZhPresentName(c)})
	}
	zhPages := map[string]bool{}
	for _, c := range list {
		zhPages[fmt.Sprintf("%02d-%s", c.Number, c.Slug)] = true
	}
	for i, c := range list {
		en := twinOf[c.Number]
		r := newChapterRenderer(b, c)
		r.lang, r.twinIDs, r.zhPages = LangZh, en.HeadingIDList(), zhPages
		body, err := r.render()
		if err != nil {
			return err
		}
		pd := pageData{
			Lang: LangZh, Self: ZhPageName(c), Home: ZhIndexName,
			Alt:       &altPage{URL: PageName(en), Lang: LangEn},
			Title:     c.Title,
			Chapter:   &toc[i],
			Body:      body,
			TOC:       toc,
			HasPlayer: b.hasPlayer,
			Scenes:    len(r.scenes),
		}
		if i > 0 {
			pd.Prev = &toc[i-1]
		}
		if i+1 < len(toc) {
			pd.Next = &toc[i+1]
		}
		var out bytes.Buffer
		if err := b.tmpl.ExecuteTemplate(&out, "chapter", pd); err != nil {
			return fmt.Errorf("%s: %w", c.File, err)
		}
		s.Files[ZhPageName(c)] = out.Bytes()
		s.ZhPages = append(s.ZhPages, ZhPageName(c))
		// The slides, numbered as the English deck (the page above has
		// already pointed the chapter's links at the Chinese pages).
		slides, err := b.present(c, &toc[i], deck{lang: LangZh, page: ZhPageName(c), twin: en, alt: PresentName(en),
			zhPages: zhPages, twinIDs: en.HeadingIDList()})
		if err != nil {
			return err
		}
		s.Files[ZhPresentName(c)] = slides
		s.ZhPresentations = append(s.ZhPresentations, ZhPresentName(c))
	}
	pd := pageData{Lang: LangZh, Self: ZhIndexName, Home: ZhIndexName, Alt: &altPage{URL: "index.html", Lang: LangEn},
		TOC: toc, HasPlayer: b.hasPlayer, Index: true}
	title, err := uiText(LangZh, "title")
	if err != nil {
		return err
	}
	pd.Title = title
	if len(toc) > 0 {
		pd.Next = &toc[0]
	}
	// As the English index: the first chapter's first scene, live, here
	// narrated in Chinese.
	if len(list) > 0 && len(list[0].Scenes) > 0 {
		d, err := b.scene(list[0], list[0].Scenes[0], LangZh)
		if err != nil {
			return fmt.Errorf("%s: the index's scene: %w", list[0].File, err)
		}
		d.Lang = LangZh
		var tour bytes.Buffer
		if err := b.tmpl.ExecuteTemplate(&tour, "scene", d); err != nil {
			return err
		}
		pd.Tour, pd.TourPage, pd.Scenes = template.HTML(tour.String()), &toc[0], 1
	}
	var out bytes.Buffer
	if err := b.tmpl.ExecuteTemplate(&out, "index", pd); err != nil {
		return err
	}
	s.Files[ZhIndexName] = out.Bytes()
	return nil
}

// PageName is the file of a chapter's page: "04-schedule.html".
func PageName(c *chapters.Chapter) string { return fmt.Sprintf("%02d-%s.html", c.Number, c.Slug) }

// tocEntry is one chapter in the table of contents.
type tocEntry struct {
	Number  int
	Title   string
	Summary string
	Goals   []string
	URL     string
	Present string // the chapter's slides
}

// pageData is what a page template gets.
type pageData struct {
	Lang       string   // the page's language (LangEn when empty)
	Alt        *altPage // the same page in the other edition, if there is one
	Self       string   // this page's file, for hreflang
	Home       string   // its edition's contents page
	Title      string
	Chapter    *tocEntry
	Prev, Next *tocEntry
	Body       template.HTML
	TOC        []tocEntry
	HasPlayer  bool
	Index      bool
	Scenes     int
	Tour       template.HTML // the index's live scene
	TourPage   *tocEntry     // the chapter it comes from
}

// altPage is a page's twin in the other edition.
type altPage struct {
	URL  string
	Lang string
}

// pageLang is lang, or LangEn when it is not set.
func pageLang(lang string) string {
	if lang == "" {
		return LangEn
	}
	return lang
}

// chromaCSS is the highlighting stylesheet: the light theme, and the dark
// one on screens both for a dark system preference (unless the reader
// chose light) and for an explicit dark choice.
func chromaCSS() ([]byte, error) {
	f := html.New(chromaOptions...)
	var light, dark bytes.Buffer
	if err := f.WriteCSS(&light, styles.Get(chromaStyle)); err != nil {
		return nil, err
	}
	if err := f.WriteCSS(&dark, styles.Get(chromaDark)); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString("/* Code highlighting (chroma " + chromaStyle + " / " + chromaDark + "), generated by gmpbook site. */\n")
	out.Write(light.Bytes())
	scoped := func(prefix string) string {
		var b strings.Builder
		for _, l := range strings.Split(dark.String(), "\n") {
			i := strings.Index(l, ".chroma")
			if i < 0 {
				continue
			}
			b.WriteString(prefix + l[i:] + "\n")
		}
		return b.String()
	}
	// Dark code is for screens only: print keeps the light colours
	// whatever the theme (ux M8).
	out.WriteString("@media screen and (prefers-color-scheme: dark) {\n")
	out.WriteString(scoped(":root:not([data-theme=light]) "))
	out.WriteString("}\n@media screen {\n")
	out.WriteString(scoped(":root[data-theme=dark] "))
	out.WriteString("}\n")
	return out.Bytes(), nil
}

// searchEntry is one section of one chapter in the search index.
type searchEntry struct {
	Page    string `json:"page"`
	Chapter int    `json:"chapter"`
	Title   string `json:"title"`
	Section string `json:"section"`
	Anchor  string `json:"anchor"`
	Text    string `json:"text"`
	Lang    string `json:"lang,omitempty"` // LangZh for the Chinese edition's sections; "" for English
}

// WriteDir writes the site into dir, creating it.
func (s *Site) WriteDir(dir string) error {
	var names []string
	for p := range s.Files {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		if !fs.ValidPath(p) {
			return fmt.Errorf("site: bad file name %q", p)
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, s.Files[p], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Weight is the site's size in bytes, without the player and the
// player's own files.
func (s *Site) Weight() (pages, player int64) {
	for p, data := range s.Files {
		if strings.HasPrefix(p, "player/") {
			player += int64(len(data))
		} else {
			pages += int64(len(data))
		}
	}
	return pages, player
}

// jsonCompact encodes v without HTML escaping surprises: the index is data
// read by a script, never markup.
func jsonCompact(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(b.Bytes()), nil
}
