package site

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/view"
)

// slidesChapter has a title slide, a scene with two narrated steps and
// notes, a poll, links, and a list too long for one slide.
func slidesChapter() string {
	var list strings.Builder
	for i := 1; i <= 24; i++ {
		fmt.Fprintf(&list, "%d. Item %d of a list that goes on: every one of these says enough to fill most of a line on a slide, and then some more words.\n", i, i)
	}
	return "---\ntitle: Slides test\nsummary: A chapter to present.\ngoals:\n  - Present it\n---\n\n" +
		"Intro, see [the other chapter](02-other.md#x) and [the scene](#a-scene).\n\n" +
		"## A scene\n\n" +
		"```go scene id=two procs=2 title=\"Two prints\"\nfunc main() {\n\tch := make(chan int)\n\tgo func() {\n\t\tfmt.Println(\"a\") //> the worker prints first\n\t\tch <- 1\n\t}()\n\t<-ch //> main blocks on the channel\n\tfmt.Println(\"b\")\n}\n```\n\n" +
		"```notes\nPoint at P0.\n\nThen at P1.\n```\n\n" +
		"```predict scene=two answer=first-line\nWhat does it print first?\n- b\n- a\n```\n\n" +
		"## A long list\n\n" + list.String() + "\n```notes\nOnly on the first part.\n```\n"
}

var sectionRE = regexp.MustCompile(`(?s)<section class="slide slide-(\w+)[^"]*"[^>]*data-frags="(\d+)"[^>]*>(.*?)</section>`)

func TestPresentPageHasTheChaptersSlides(t *testing.T) {
	c, err := chapters.Parse("chapters/01-slides.md", []byte(slidesChapter()))
	require.NoError(t, err)
	player := fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}, "main.wasm": {Data: []byte("\x00asm")}, "wasm_exec.js": {Data: []byte("//")}}
	s, err := Build(Options{Chapters: []*chapters.Chapter{c}, Player: player})
	require.NoError(t, err)
	require.True(t, s.HasPlayer)
	require.Equal(t, []string{"present/01-slides.html"}, s.Presentations)
	page := string(s.Files["present/01-slides.html"])
	require.NotEmpty(t, page)
	require.Contains(t, string(s.Files["01-slides.html"]), `href="present/01-slides.html"`, "the chapter page links its slides")
	require.Contains(t, string(s.Files["index.html"]), `href="present/01-slides.html"`, "the contents page links the slides")
	require.Equal(t, 1, strings.Count(page, "<h1>"), "the chapter title is the page's one h1")
	require.Regexp(t, `<script src="\.\./assets/present\.js\?v=[0-9a-f]+" defer></script>`, page)

	secs := sectionRE.FindAllStringSubmatch(page, -1)
	var kinds []string
	for _, m := range secs {
		kinds = append(kinds, m[1])
	}
	require.Equal(t, []string{"title", "scene", "poll", "content", "content"}, kinds[:5], "the long list goes on over several slides")
	require.GreaterOrEqual(t, len(kinds), 5)

	// The scene: one fragment per narrated step, each sent to the event
	// where the player starts its caption.
	scene := secs[1]
	sc := c.SceneByID("two")
	run, err := playerlog.Simulate(sc.Compiled, sc.Settings, 0, 0, nil)
	require.NoError(t, err)
	rec := view.NewRecording(run.Config.Procs, run.Events, playerlog.Captions(sc.Compiled))
	rec.SetLines(run)
	capStarts := rec.CaptionStarts()
	require.Len(t, capStarts, 2, "the two captions start at different events")
	mainStart := -1
	for i, e := range run.Events {
		if e.Kind == core.EvMainStart {
			mainStart = i
			break
		}
	}
	require.Equal(t, "2", scene[2])
	var at []int
	for _, m := range regexp.MustCompile(`data-at="(-?\d+)"`).FindAllStringSubmatch(scene[3], -1) {
		n, _ := strconv.Atoi(m[1])
		at = append(at, n)
	}
	require.Equal(t, append([]int{mainStart}, capStarts...), at, "start, then each caption's first event")
	require.Less(t, at[0], at[1])
	require.Contains(t, scene[3], "the worker prints first")
	require.Contains(t, scene[3], "main blocks on the channel")
	playerURL := html.UnescapeString(regexp.MustCompile(`data-player="([^"]*)"`).FindStringSubmatch(scene[3])[1])
	require.True(t, strings.HasPrefix(playerURL, "../player/index.html?"), playerURL)
	require.Contains(t, playerURL, "procs=2")
	require.Contains(t, playerURL, "src="+playerlog.EncodeSource([]byte(sc.Source)))
	require.Contains(t, scene[3], `<aside class="notes" hidden><p>Point at P0.</p><p>Then at P1.</p></aside>`)
	require.Contains(t, scene[3], `<h2>Two prints</h2>`)

	// Without a player, scene slides show their steps only.
	bare, err := Build(Options{Chapters: []*chapters.Chapter{c}, Player: fstest.MapFS{}})
	require.NoError(t, err)
	require.False(t, bare.HasPlayer)
	require.NotContains(t, string(bare.Files["present/01-slides.html"]), "data-player=")
	require.Contains(t, string(bare.Files["present/01-slides.html"]), "main blocks on the channel")

	// The poll: the simulator's answer marks the right choice.
	poll := secs[2][3]
	require.Equal(t, "1", secs[2][2])
	require.Contains(t, poll, `<li class="right"><span class="letter" aria-hidden="true">B</span> <span class="choice">a</span></li>`)
	require.Contains(t, poll, `<pre>a</pre>`)

	// Links work from present/.
	title := secs[0][3]
	require.Contains(t, title, `href="../02-other.html#x"`)
	require.Contains(t, title, `href="../01-slides.html#a-scene"`)

	// The long list: every item once, numbered on across slides; notes
	// on its first slide only.
	rest := ""
	starts := 0
	for i, m := range secs[3:] {
		rest += m[3]
		if i == 0 {
			require.Contains(t, m[3], "Only on the first part.")
		} else {
			require.NotContains(t, m[3], "Only on the first part.")
			if sm := regexp.MustCompile(`<ol start="(\d+)">`).FindStringSubmatch(m[3]); sm != nil {
				n, _ := strconv.Atoi(sm[1])
				require.Greater(t, n, 1)
				starts++
			}
			require.Contains(t, m[0], "slide-content cont", "a continuation slide")
		}
	}
	require.Positive(t, starts, "a later part numbers on")
	for i := 1; i <= 24; i++ {
		require.Equal(t, 1, strings.Count(rest, fmt.Sprintf("Item %d of", i)), "item %d", i)
	}
}

// TestChineseDeckIsNumberedAsTheEnglish: a Chinese chapter's deck is
// present/NN-slug.zh.html, in Chinese, linked from its page, its slides
// the English deck's one for one though its text splits differently, and
// the two decks point at each other so that a switch keeps the slide.
func TestChineseDeckIsNumberedAsTheEnglish(t *testing.T) {
	en, err := chapters.Parse("chapters/01-slides.md", []byte(slidesChapter()))
	require.NoError(t, err)
	var list strings.Builder
	for i := 1; i <= 24; i++ {
		// Short items: by its own length the list would fit on fewer
		// slides than the English one takes.
		fmt.Fprintf(&list, "%d. 第 %d 项。\n", i, i)
	}
	zhSrc := "---\ntitle: 幻灯片测试\nsummary: 一章用来放映的内容。\ngoals:\n  - 放映它\n---\n\n" +
		"引言，见[另一章](02-other.md#x)和[场景](#a-scene)。\n\n" +
		"## 一个场景\n\n" +
		"```go scene id=two procs=2 title=\"两次打印\"\nfunc main() {\n\tch := make(chan int)\n\tgo func() {\n\t\tfmt.Println(\"a\") //> worker 先打印\n\t\tch <- 1\n\t}()\n\t<-ch //> main 阻塞在 channel 上\n\tfmt.Println(\"b\")\n}\n```\n\n" +
		"```notes\n指向 P0。\n\n再指向 P1。\n```\n\n" +
		"```predict scene=two answer=first-line\n先打印什么？\n- b\n- a\n```\n\n" +
		"## 一个长列表\n\n" + list.String() + "\n```notes\n只在第一部分。\n```\n"
	zh, err := chapters.Parse("chapters/zh/01-slides.md", []byte(zhSrc))
	require.NoError(t, err)
	require.NotEqual(t, len(en.Slides()), len(zh.Slides()), "the test's Chinese text splits differently by itself")

	s, err := Build(Options{Chapters: []*chapters.Chapter{en}, Zh: []*chapters.Chapter{zh}, Player: fstest.MapFS{}})
	require.NoError(t, err)
	require.Equal(t, []string{"present/01-slides.zh.html"}, s.ZhPresentations)
	page := string(s.Files["present/01-slides.zh.html"])
	enPage := string(s.Files["present/01-slides.html"])
	require.Contains(t, string(s.Files["01-slides.zh.html"]), `href="present/01-slides.zh.html"`, "the Chinese page links its deck")
	require.Contains(t, string(s.Files["index.zh.html"]), `href="present/01-slides.zh.html"`)
	require.Contains(t, page, `<html lang="zh-CN">`)
	require.Regexp(t, `<script src="\.\./assets/strings\.zh-CN\.js\?v=[0-9a-f]+" defer></script>`, page)
	require.Regexp(t, `<script src="\.\./assets/strings\.en\.js\?v=[0-9a-f]+" defer></script>`, enPage)
	require.Contains(t, page, `<a class="lang-switch" href="01-slides.html" hreflang="en" lang="en"`)
	require.Contains(t, page, `data-keep-slide`)
	require.Contains(t, enPage, `<a class="lang-switch" href="01-slides.zh.html" hreflang="zh-CN" lang="zh-CN"`)
	require.Contains(t, page, `<a class="brand" href="../index.zh.html">`)
	require.Contains(t, page, `<a href="../01-slides.zh.html">阅读本章</a>`)

	kinds := func(page string) []string {
		var k []string
		for _, m := range sectionRE.FindAllStringSubmatch(page, -1) {
			k = append(k, m[1]+"/"+m[2])
		}
		return k
	}
	require.Equal(t, kinds(enPage), kinds(page), "slide n is the same kind of slide, with as many steps, in both decks")
	secs := sectionRE.FindAllStringSubmatch(page, -1)
	require.Contains(t, secs[0][3], `<p class="kicker">第 1 章</p>`)
	require.Contains(t, secs[0][3], `学完本章，你将能够：`)
	require.Contains(t, secs[0][3], `href="../02-other.html#x"`, "a chapter without a Chinese twin is linked in English")
	require.Contains(t, secs[1][3], `<span class="step-n">第 1 步</span>`)
	require.Contains(t, secs[1][3], `<span class="step-n">开始</span>`)
	require.Contains(t, secs[1][3], "worker 先打印")
	require.Contains(t, secs[2][3], `<p class="poll-label">先预测，再运行</p>`)
	require.Contains(t, secs[2][3], `<summary>答案</summary><p class="label">模拟器的结果</p>`)
	rest := ""
	for _, m := range secs[3:] {
		rest += m[3]
	}
	for i := 1; i <= 24; i++ {
		require.Equal(t, 1, strings.Count(rest, fmt.Sprintf("第 %d 项。", i)), "item %d", i)
	}
	require.NotContains(t, page, "Chapter 1", "no English chrome")
	require.NotContains(t, page, "read the chapter")
}
