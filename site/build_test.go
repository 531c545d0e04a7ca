package site_test

// The website as a reader receives it: every chapter has a page, every
// link between pages lands, every scene has its poster, every "run it for
// real" box its command and program, every exercise the answer the
// simulator gives.

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/script"
	"github.com/gmpbook/gmpbook/site"
)

var (
	siteOnce  sync.Once
	siteBuilt *site.Site
	siteErr   error
)

// builtSite builds the site from the embedded chapters once per test run
// and writes it into the test's temporary directory.
func builtSite(t *testing.T) (*site.Site, string) {
	t.Helper()
	siteOnce.Do(func() {
		siteBuilt, siteErr = site.Build(site.Options{GOROOT: site.FindGOROOT(), Real: os.DirFS("../chapters/real")})
	})
	require.NoError(t, siteErr)
	dir := t.TempDir()
	require.NoError(t, siteBuilt.WriteDir(dir))
	return siteBuilt, dir
}

func readSiteFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	require.NoError(t, err)
	return string(data)
}

func TestSiteHasAPageForEveryChapter(t *testing.T) {
	_, dir := builtSite(t)
	all, err := chapters.All()
	require.NoError(t, err)
	index := readSiteFile(t, dir, "index.html")
	for _, c := range all {
		page := site.PageName(c)
		body := readSiteFile(t, dir, page)
		siteContains(t, body, "<h1>"+html.EscapeString(c.Title)+"</h1>", page)
		siteContains(t, index, `href="`+page+`"`, "the contents page links %s", page)
		if c.Summary != "" {
			siteContains(t, index, html.EscapeString(c.Summary), "the contents page shows %s's summary", page)
		}
		for _, g := range c.Goals {
			siteContains(t, index, html.EscapeString(g))
		}
	}
	// Each page is one whole document.
	for name, data := range siteBuilt.Files {
		if strings.HasSuffix(name, ".html") && !strings.HasPrefix(name, "player/") {
			page := string(data)
			lang := "en"
			if strings.HasSuffix(name, ".zh.html") {
				lang = "zh-CN"
			}
			require.True(t, strings.HasPrefix(page, "<!doctype html>\n<html lang=\""+lang+"\">"), "%s does not start as a page", name)
			require.True(t, strings.HasSuffix(page, "</html>\n"), "%s does not end as a page", name)
			require.Equal(t, 1, strings.Count(page, "<html"), name)
			require.Equal(t, 1, strings.Count(page, "</html>"), name)
			require.Equal(t, 1, strings.Count(page, "<h1>"), "%s has one title", name)
		}
	}
	for _, f := range []string{"assets/style.css", "assets/chroma.css", "assets/site.js", "assets/theme.js", "assets/search-index.js", "404.html"} {
		_, err := os.Stat(filepath.Join(dir, f))
		require.NoError(t, err, f)
	}
}

var (
	attrURLRE = regexp.MustCompile(`\s(?:href|src)="([^"]*)"`)
	idRE      = regexp.MustCompile(`\sid="([^"]*)"`)
)

// TestSiteLinksResolve follows every local href and src of every page: the
// file must exist and a #fragment must name an id on the target page.
func TestSiteLinksResolve(t *testing.T) {
	s, dir := builtSite(t)
	ids := map[string]map[string]bool{}
	for name, data := range s.Files {
		if strings.HasSuffix(name, ".html") {
			m := map[string]bool{}
			for _, id := range idRE.FindAllStringSubmatch(string(data), -1) {
				m[html.UnescapeString(id[1])] = true
			}
			ids[name] = m
		}
	}
	checked := 0
	for name, data := range s.Files {
		if !strings.HasSuffix(name, ".html") || strings.HasPrefix(name, "player/") {
			continue
		}
		for _, m := range attrURLRE.FindAllStringSubmatch(string(data), -1) {
			u := html.UnescapeString(m[1])
			if strings.Contains(u, "://") || strings.HasPrefix(u, "//") || strings.HasPrefix(u, "mailto:") {
				continue
			}
			require.False(t, strings.HasPrefix(strings.ToLower(u), "javascript:"), "%s links %q", name, u)
			target, frag, _ := strings.Cut(u, "#")
			target, _, _ = strings.Cut(target, "?")
			if target == "" {
				target = name
			} else {
				target = path.Clean(path.Join(path.Dir(name), target))
			}
			_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(target)))
			require.NoError(t, err, "%s links %q: no such file", name, u)
			if frag != "" && strings.HasSuffix(target, ".html") {
				require.True(t, ids[target][frag], "%s links %q: %s has no id %q", name, u, target, frag)
			}
			checked++
		}
	}
	t.Logf("%d local links checked", checked)
	require.NotZero(t, checked)
}

// TestSiteScenesHavePostersAndRealBoxes checks that each scene's figure has
// an SVG poster (for wide and narrow screens) and a storyboard of 4 to 6
// key frames for print, and that each "run it for real" box gives the
// command, the complete program and a copy button.
func TestSiteScenesHavePostersAndRealBoxes(t *testing.T) {
	_, dir := builtSite(t)
	all, err := chapters.All()
	require.NoError(t, err)
	scenes := 0
	for _, c := range all {
		body := readSiteFile(t, dir, site.PageName(c))
		for _, sc := range c.Scenes {
			scenes++
			id := sc.ID
			start := strings.Index(body, `<figure class="scene" id="scene-`+id+`"`)
			require.GreaterOrEqual(t, start, 0, "%s: scene %s has no figure", c.File, id)
			fig := body[start:]
			fig = fig[:strings.Index(fig, `<div class="source">`)]
			siteContains(t, fig, `<div class="poster-wide"><svg`, "%s: scene %s has no poster", c.File, id)
			siteContains(t, fig, `<div class="poster-narrow"><svg`, "%s: scene %s has no phone poster", c.File, id)
			require.GreaterOrEqual(t, strings.Count(fig, `<svg`), 3, "%s: scene %s", c.File, id)
			frames := strings.Count(fig, `<figure class="board-frame">`)
			require.True(t, frames >= 4 && frames <= 6, "%s: scene %s has a storyboard of %d frames", c.File, id, frames)
			require.Equal(t, sc.Source, siteAttr(t, body[start:], "data-source"), "%s: scene %s carries its source", c.File, id)
			// Without JavaScript the source is there as highlighted text.
			rest := body[start:]
			siteContains(t, rest[:strings.Index(rest, `<ol class="diagnostics"`)], `<div class="src-static"><pre`, "%s: scene %s has its source as <pre>", c.File, id)
		}
		for _, r := range c.Reals {
			sc := c.SceneByID(r.Scene)
			start := strings.Index(body, `<aside class="real" id="real-`+r.Scene+`"`)
			require.GreaterOrEqual(t, start, 0, "%s: no run-it-for-real box for %s", c.File, r.Scene)
			box := body[start:]
			box = box[:strings.Index(box, "</aside>")]
			siteContains(t, box, "gmpbook real")
			siteContains(t, box, r.Scene+".go")
			prog, err := script.Complete(sc.Compiled.Scene)
			require.NoError(t, err)
			require.Equal(t, string(prog), siteAttr(t, box[strings.Index(box, `<details class="program">`):], "data-copy"), "%s: the box copies the complete program", c.File)
			siteContains(t, box, "package main")
			if out, err := os.ReadFile(filepath.Join("..", "chapters", "real", site.RealOutputName(c.Number, r.Scene))); err == nil {
				siteContains(t, html.UnescapeString(box), string(out), "%s: the captured real output is shown", c.File)
			}
		}
	}
	require.NotZero(t, scenes)
}

// TestSitePredictsCarryTheSimulatorsAnswer checks that each exercise's
// form holds, as data, the answer the simulator computes, and that its
// choices are radio buttons.
func TestSitePredictsCarryTheSimulatorsAnswer(t *testing.T) {
	_, dir := builtSite(t)
	all, err := chapters.All()
	require.NoError(t, err)
	for _, c := range all {
		body := readSiteFile(t, dir, site.PageName(c))
		for i, p := range c.Predicts {
			want, err := p.Expected(c)
			require.NoError(t, err)
			id := i + 1
			start := strings.Index(body, `<form class="predict" id="predict-`+strconv.Itoa(id)+`"`)
			require.GreaterOrEqual(t, start, 0, "%s: predict %d", c.File, id)
			form := body[start:]
			form = form[:strings.Index(form, "</form>")]
			require.Equal(t, want, siteAttr(t, form, "data-expected"))
			siteContains(t, form, `data-scene="`+p.Scene+`"`)
			for _, ch := range p.Choices {
				siteContains(t, html.UnescapeString(form), `type="radio" name="predict-`+strconv.Itoa(id)+`" value="`+ch+`"`)
			}
			siteContains(t, body, `<div class="explain" id="explain-`+strconv.Itoa(id)+`">`)
		}
	}
}

// TestSiteRuntimeReferencesLinkToTheSource checks that `file.go:func`
// references link to the Go 1.26.8 source, at a line when the toolchain's
// runtime source is here.
func TestSiteRuntimeReferencesLinkToTheSource(t *testing.T) {
	_, dir := builtSite(t)
	all, err := chapters.All()
	require.NoError(t, err)
	withLines := site.FindGOROOT() != ""
	n := 0
	for _, c := range all {
		body := readSiteFile(t, dir, site.PageName(c))
		for _, r := range c.Refs {
			n++
			prefix := `<a class="ref" href="https://cs.opensource.google/go/go/+/refs/tags/go1.26.8:src/runtime/` + r.File
			if withLines {
				prefix += ";l="
			}
			siteContains(t, body, prefix, "%s:%d: %s:%s", c.File, r.Line, r.File, r.Func)
		}
	}
	if n == 0 {
		t.Skip("no chapter has runtime references")
	}
}

func TestSiteRuntimeReferenceLines(t *testing.T) {
	root := site.FindGOROOT()
	if root == "" {
		t.Skip("no Go toolchain: references link to files only")
	}
	refs := site.NewRefs(root)
	for _, name := range []string{"findRunnable", "runqput", "(*p).init", "p.runnext", "sched", "schedt"} {
		file := "proc.go"
		if strings.Contains(name, "runnext") || name == "schedt" {
			file = "runtime2.go"
		}
		line := refs.Line(file, name)
		require.NotZero(t, line, "%s:%s", file, name)
		src, err := os.ReadFile(filepath.Join(root, "src", "runtime", file))
		require.NoError(t, err)
		l := strings.Split(string(src), "\n")[line-1]
		short := name[strings.LastIndex(name, ".")+1:]
		require.Contains(t, l, short, "%s:%s → line %d: %q", file, name, line, l)
	}
	require.Zero(t, refs.Line("proc.go", "noSuchFunctionHere"))
	require.Equal(t, "https://cs.opensource.google/go/go/+/refs/tags/go1.26.8:src/runtime/proc.go", refs.URL("proc.go", "noSuchFunctionHere"))
}

// TestSiteSearchIndexCoversEveryChapter checks the static search index.
func TestSiteSearchIndexCoversEveryChapter(t *testing.T) {
	s, _ := builtSite(t)
	var entries []struct {
		Page, Title, Section, Anchor, Text string
		Chapter                            int
	}
	require.NoError(t, json.Unmarshal(s.Files["search.json"], &entries))
	all, err := chapters.All()
	require.NoError(t, err)
	pages := map[string]bool{}
	for _, e := range entries {
		pages[e.Page] = true
	}
	for _, c := range all {
		require.True(t, pages[site.PageName(c)], "search index lacks %s", c.File)
	}
	require.True(t, strings.HasPrefix(string(s.Files["assets/search-index.js"]), "window.gmpbookSearch = ["))
}

// TestSiteKeepsSpeakerNotesOutOfSight checks that notes are in the page
// only as a hidden element's data attribute.
func TestSiteKeepsSpeakerNotesOutOfSight(t *testing.T) {
	src := "---\ntitle: Notes\n---\n\nSome text.\n\n```notes\nSay this out loud, not on the page.\n```\n"
	c, err := chapters.Parse("chapters/01-notes.md", []byte(src))
	require.NoError(t, err)
	s, err := site.Build(site.Options{Chapters: []*chapters.Chapter{c}})
	require.NoError(t, err)
	page := string(s.Files["01-notes.html"])
	siteContains(t, page, `<div class="speaker-notes" hidden data-notes="Say this out loud, not on the page.`)
	require.Equal(t, 1, strings.Count(page, "Say this out loud"))
	require.NotContains(t, string(s.Files["search.json"]), "out loud")
}

// siteContains is require.Contains for whole pages: on failure it prints
// what was missing, not the page.
func siteContains(t *testing.T, hay, needle string, msgAndArgs ...any) {
	t.Helper()
	if !strings.Contains(hay, needle) {
		require.Fail(t, fmt.Sprintf("missing %q (in %d bytes)", needle, len(hay)), msgAndArgs...)
	}
}

func siteNotContains(t *testing.T, hay, needle string, msgAndArgs ...any) {
	t.Helper()
	if i := strings.Index(hay, needle); i >= 0 {
		lo, hi := max(0, i-80), min(len(hay), i+len(needle)+80)
		require.Fail(t, fmt.Sprintf("found %q: …%s…", needle, hay[lo:hi]), msgAndArgs...)
	}
}

// siteAttr is the unescaped value of the first attribute name in s.
func siteAttr(t *testing.T, s, name string) string {
	t.Helper()
	m := regexp.MustCompile(`\s` + regexp.QuoteMeta(name) + `="([^"]*)"`).FindStringSubmatch(s)
	require.NotNil(t, m, "no attribute %s", name)
	return html.UnescapeString(m[1])
}

var presentLinkRE = regexp.MustCompile(`href="(present/[^"]+)"`)

// TestPresentLinkedFromTheChapters checks that each chapter page and the
// contents page link the chapter's slides.
func TestPresentLinkedFromTheChapters(t *testing.T) {
	s, _ := builtSite(t)
	all, err := chapters.All()
	require.NoError(t, err)
	require.Len(t, s.Presentations, len(all))
	index := string(s.Files["index.html"])
	for _, c := range all {
		p := site.PresentName(c)
		require.NotEmpty(t, s.Files[p], p)
		require.Equal(t, []string{p}, presentLinks(string(s.Files[site.PageName(c)])), "%s links its slides", site.PageName(c))
		require.Contains(t, presentLinks(index), p)
		require.Contains(t, string(s.Files[p]), `href="../`+site.PageName(c)+`"`, "the slides link back to the chapter")
	}
}

func presentLinks(page string) []string {
	var out []string
	for _, m := range presentLinkRE.FindAllStringSubmatch(page, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestSiteZhEdition: every Chinese chapter has a page beside its English
// twin, in lang zh-CN, the two linked both ways with hreflang and by the
// language switch, with the English twin's section ids (so the switch
// and section links land on the same section), Chinese chrome and claim
// labels, and links between chapters that stay in the Chinese edition.
func TestSiteZhEdition(t *testing.T) {
	s, dir := builtSite(t)
	zh, err := chapters.Zh()
	require.NoError(t, err)
	require.Len(t, s.ZhPages, len(zh))
	en, err := chapters.All()
	require.NoError(t, err)
	for _, c := range en {
		zhPage := site.ZhPageName(c)
		if !slices.Contains(s.ZhPages, zhPage) {
			continue
		}
		enHTML, zhHTML := readSiteFile(t, dir, site.PageName(c)), readSiteFile(t, dir, zhPage)
		assert.Contains(t, zhHTML, `<html lang="zh-CN">`)
		assert.Contains(t, enHTML, `<html lang="en">`)
		assert.Contains(t, enHTML, `<link rel="alternate" hreflang="zh-CN" href="`+zhPage+`">`)
		assert.Contains(t, zhHTML, `<link rel="alternate" hreflang="en" href="`+site.PageName(c)+`">`)
		assert.Contains(t, zhHTML, `class="lang-switch" href="`+site.PageName(c)+`"`)
		assert.Contains(t, enHTML, `class="lang-switch" href="`+zhPage+`"`)
		assert.Contains(t, zhHTML, "目录")
		for _, id := range c.HeadingIDList() {
			assert.Contains(t, zhHTML, `id="`+id+`"`, "%s: the section %q", zhPage, id)
		}
		if strings.Contains(enHTML, `<span class="label">Claim</span>`) {
			assert.Contains(t, zhHTML, `<span class="label">说法</span>`, zhPage)
		}
		if strings.Contains(enHTML, `<span class="label">Verdict</span>`) {
			assert.Contains(t, zhHTML, `<span class="label">结论</span>`, zhPage)
		}
		for _, english := range []string{`<span class="label">Verdict</span>`, `<span class="label">Claim</span>`, `aria-label="A claim checked`} {
			assert.NotContains(t, zhHTML, english, zhPage)
		}
	}
	idx := readSiteFile(t, dir, site.ZhIndexName)
	assert.Contains(t, idx, `<html lang="zh-CN">`)
	for _, p := range s.ZhPages {
		assert.Contains(t, idx, `href="`+p+`"`)
	}
	// A chapter link on a Chinese page goes to the Chinese twin.
	assert.Regexp(t, `href="\d\d-[a-z0-9-]+\.zh\.html(#[a-z0-9-]+)?"`, readSiteFile(t, dir, s.ZhPages[1]))
}
