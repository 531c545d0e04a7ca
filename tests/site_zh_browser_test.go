package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/site"
)

// TestSiteZhSearchAndSwitch: on a Chinese page, searching a Chinese word
// lists Chinese pages only; the language switch goes to the English twin
// at the same section, and the English page's switch comes back.
func TestSiteZhSearchAndSwitch(t *testing.T) {
	b := siteServeForBrowser(t)
	if len(b.site.ZhPages) < 6 {
		t.Skip("no Chinese edition in this build")
	}
	page := b.site.ZhPages[5] // chapter 5, stealing
	ctx := siteNewBrowser(t)
	siteNavigate(t, ctx, b.url+page)
	require.Equal(t, "zh-CN", siteEval[string](t, ctx, `document.documentElement.lang`))
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS("#q")),
		chromedp.SendKeys(chromedp.CSS("#q"), "工作窃取"),
	))
	siteWaitJS(t, ctx, `!document.querySelector('#search-results').hidden && document.querySelector('#search-results a')`, 10*time.Second)
	hrefs := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('#search-results a')).map(a => a.getAttribute('href'))`)
	require.NotEmpty(t, hrefs)
	for _, h := range hrefs {
		require.Contains(t, h, ".zh.html", "a Chinese page's search lists the Chinese edition: %v", hrefs)
	}
	require.Contains(t, siteEval[string](t, ctx, `document.querySelector('#search-results .where').textContent`), "第 ")
	siteScreenshot(t, ctx, "site-zh-search-1280.png")

	// The switch keeps the section.
	id := siteEval[string](t, ctx, `document.querySelectorAll('article h2[id]')[1].id`)
	siteNavigate(t, ctx, b.url+page+"#"+id)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".lang-switch"))))
	en := strings.TrimSuffix(page, ".zh.html") + ".html"
	// The English page may still be parsing when its URL is in place (a
	// long page on a busy machine): wait until it has loaded.
	siteWaitJS(t, ctx, `location.pathname.endsWith(`+siteJSString(en)+`) && location.hash === `+siteJSString("#"+id)+` && document.readyState === 'complete' && window.gmpbook`, 20*time.Second)
	require.Equal(t, "en", siteEval[string](t, ctx, `document.documentElement.lang`))
	require.True(t, siteEval[bool](t, ctx, `!!document.getElementById(`+siteJSString(id)+`)`), "the English page has the section %q", id)
	require.Equal(t, "en", siteEval[string](t, ctx, `localStorage.getItem('gmpbook-lang')`), "the reader's choice of English is remembered")
	require.Equal(t, page, siteEval[string](t, ctx, `document.querySelector('.lang-switch').getAttribute('href')`))
}

// siteZhNeed skips a test when the build has no Chinese edition.
func siteZhNeed(t *testing.T, b *siteBrowserServer) {
	t.Helper()
	if len(b.site.ZhPages) == 0 {
		t.Skip("no Chinese edition in this build")
	}
}

// siteHasCJK is a JavaScript function: does a string hold a CJK ideograph?
const siteHasCJK = `(s => /[\u4e00-\u9fff]/.test(s || ''))`

// TestSiteZhPageMessagesAreChinese: every Chinese chapter page loads
// without a console error, and what its script puts in the page is
// Chinese — the theme toggle's title, each scene's keyboard help, output
// panel and editor label, the diagnostics list's label, a predict
// exercise's feedback — as are the buttons and the runtime references'
// tooltips the page comes with. A screenshot of a page at 390 px goes to
// tests/out/site-zh-page-390.png.
func TestSiteZhPageMessagesAreChinese(t *testing.T) {
	b := siteServeForBrowser(t)
	siteZhNeed(t, b)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	waited := false
	for _, p := range append([]string{site.ZhIndexName}, b.site.ZhPages...) {
		siteNavigate(t, ctx, b.url+p)
		require.Equal(t, "zh-CN", siteEval[string](t, ctx, `document.documentElement.lang`), p)
		require.Equal(t, "深色模式", siteEval[string](t, ctx, `document.querySelector('.theme-toggle').title`), "%s: the toggle's title, set by the script", p)
		require.Equal(t, "已复制", siteEval[string](t, ctx, `window.gmpbookStrings.copied`), "%s: the script's texts are the Chinese ones", p)
		if b.player && !waited && strings.Contains(string(b.site.Files[p]), `class="scene"`) {
			siteWaitJS(t, ctx, `gmpbook.scenes.some(s => s.iframe) && gmpbook.scenes.every(s => !s.iframe || s.ready)`, 90*time.Second)
			waited = true
		}
		if b.player && siteEval[int](t, ctx, `gmpbook.scenes.length`) > 0 {
			texts := siteEval[map[string]string](t, ctx, `(() => { const f = document.querySelector('figure.scene'); return {
				stage: f.querySelector('.stage').getAttribute('aria-label'),
				output: f.querySelector('.output').getAttribute('aria-label'),
				outputHead: f.querySelector('.output-label').textContent,
				editor: f.querySelector('.editor textarea').getAttribute('aria-label'),
				diag: f.querySelector('.diagnostics').getAttribute('aria-label'),
				rerun: f.querySelector('.rerun').textContent.trim(),
				reset: f.querySelector('.reset').textContent.trim(),
				compare: (f.querySelector('.compare') || {}).textContent || '' }; })()`)
			require.True(t, strings.HasPrefix(texts["stage"], "场景“"), "%s: %q", p, texts["stage"])
			require.Contains(t, texts["stage"], "空格键")
			require.Equal(t, "输出", texts["outputHead"], p)
			require.True(t, strings.HasPrefix(texts["output"], "场景“"), "%s: %q", p, texts["output"])
			require.Contains(t, texts["editor"], "可编辑", p)
			require.Contains(t, texts["diag"], "Go 编译器", p)
			require.Equal(t, "重新运行", texts["rerun"], "%s: the re-run button", p)
			require.Equal(t, "还原", texts["reset"], p)
		}
		// Runtime references say what they link to in Chinese.
		for _, tip := range siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('a.ref')).map(a => a.title)`) {
			require.Contains(t, tip, "运行时源码中的", p)
		}
		// A predict exercise answered with nothing says so in Chinese.
		if siteEval[bool](t, ctx, `!!document.querySelector('form.predict')`) {
			siteEval[bool](t, ctx, `(() => { const f = document.querySelector('form.predict');
				f.querySelectorAll('input[type=radio]').forEach(r => r.checked = false);
				f.querySelectorAll('input[type=text], textarea').forEach(x => x.value = '');
				f.requestSubmit(); return true; })()`)
			require.Equal(t, "请先写下你的预测。", siteEval[string](t, ctx, `document.querySelector('form.predict .verdict').textContent`), p)
		}
		require.Empty(t, log.take(), "%s: console errors", p)
	}

	// A phone-sized look at a Chinese page.
	page := b.site.ZhPages[min(4, len(b.site.ZhPages)-1)]
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)))
	siteNavigate(t, ctx, b.url+page)
	siteEval[bool](t, ctx, `(() => { const r = document.querySelector('a.ref') || document.querySelector('h2'); r.scrollIntoView({block: 'center'}); return true; })()`)
	time.Sleep(500 * time.Millisecond)
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll("out", 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("out", "site-zh-page-390.png"), buf, 0o644))
	require.LessOrEqual(t, siteEval[int](t, ctx, `document.documentElement.scrollWidth`), 390)
	require.Empty(t, log.take(), "console errors")
}

// TestSiteZhPhoneWidthHasNoSidewaysScroll lays every Chinese page out
// 360 px wide: nothing may be wider than the screen.
func TestSiteZhPhoneWidthHasNoSidewaysScroll(t *testing.T) {
	b := siteServeForBrowser(t)
	siteZhNeed(t, b)
	ctx := siteNewBrowser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile)))
	for _, p := range append([]string{site.ZhIndexName}, b.site.ZhPages...) {
		siteNavigate(t, ctx, b.url+p)
		w := siteEval[int](t, ctx, `document.documentElement.scrollWidth`)
		wide := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('body *')).filter(e => {
			const r = e.getBoundingClientRect();
			return r.width > 0 && r.right > innerWidth + 1 && !e.closest('pre, table, .results, .editor, svg');
		}).slice(0, 5).map(e => e.tagName + '.' + e.className)`)
		require.LessOrEqual(t, w, 360, "%s is %d px wide at 360 px: %v", p, w, wide)
	}
}

// TestSiteZhPresentation: each Chinese chapter's deck is linked from its
// page, numbers its slides as its English twin does (the same kind of
// slide, and the same scene, at every number), fits every slide on the
// 1920×1080 stage in type a room can read, and speaks Chinese in its
// controls; the deck advances a slide on →, its help lists the keys in
// Chinese, and the l key opens the English deck at the same slide. A
// Chinese slide's screenshot goes to tests/out/present-zh-1920.png.
func TestSiteZhPresentation(t *testing.T) {
	b, ctx, log := presentSetup(t)
	siteZhNeed(t, b)
	en, err := chapters.All()
	require.NoError(t, err)
	enOf := map[string]*chapters.Chapter{}
	for _, c := range en {
		enOf[strings.TrimPrefix(site.PresentName(c), "present/")] = c
	}
	require.Len(t, b.site.ZhPresentations, len(b.site.ZhPages))
	for i, deck := range b.site.ZhPresentations {
		require.Contains(t, string(b.site.Files[b.site.ZhPages[i]]), `href="`+deck+`"`, "the Chinese page links its deck")
		twin := enOf[strings.TrimPrefix(strings.TrimSuffix(deck, ".zh.html")+".html", "present/")]
		require.NotNil(t, twin, deck)
		presentOpen(t, ctx, b.url+site.PresentName(twin))
		want := siteEval[[]presentSlide](t, ctx, presentSlidesJS)
		presentOpen(t, ctx, b.url+deck)
		require.Equal(t, "zh-CN", siteEval[string](t, ctx, `document.documentElement.lang`))
		got := siteEval[[]presentSlide](t, ctx, presentSlidesJS)
		require.Len(t, got, len(want), "%s: as many slides as %s", deck, site.PresentName(twin))
		for k := range got {
			require.Equal(t, want[k].Kind, got[k].Kind, "%s: slide %d", deck, k+1)
			require.Equal(t, want[k].Scene, got[k].Scene, "%s: slide %d", deck, k+1)
			require.Equal(t, want[k].Frags, got[k].Frags, "%s: slide %d has the English slide's steps", deck, k+1)
		}
		require.Empty(t, siteEval[[]string](t, ctx, presentOverflowJS), "%s: slides that do not fit", deck)
		require.Zero(t, siteEval[int](t, ctx, `document.querySelectorAll('.slide.fit-scroll').length`), deck)
		fs := siteEval[float64](t, ctx, `Math.min(...Array.from(document.querySelectorAll('.slides > .slide:not(.slide-scene)')).map(s => parseFloat(getComputedStyle(s).fontSize)))`)
		require.GreaterOrEqual(t, fs, 20.0, "%s: the smallest type", deck)
		require.LessOrEqual(t, siteEval[int](t, ctx, `document.documentElement.scrollWidth`), 1920, deck)
		require.True(t, siteEval[bool](t, ctx, siteHasCJK+`(document.querySelector('.deck-foot .where').textContent)`), "%s: the deck's footer", deck)
		require.Empty(t, log.take(), "%s: console errors", deck)
	}

	// One deck, driven: → advances, the help is Chinese, l goes to the
	// English deck at the same slide.
	deck := b.site.ZhPresentations[min(4, len(b.site.ZhPresentations)-1)]
	presentOpen(t, ctx, b.url+deck+"#/1")
	presentWaitAt(t, ctx, 1, 0)
	presentKeys(t, ctx, kb.ArrowRight)
	presentWaitAt(t, ctx, 2, 0)
	presentKeys(t, ctx, "?")
	require.Equal(t, "快捷键", siteEval[string](t, ctx, `document.querySelector('.help h2').textContent`))
	require.True(t, siteEval[bool](t, ctx, `Array.from(document.querySelectorAll('.help dd')).every(d => `+siteHasCJK+`(d.textContent))`), "every key's help is Chinese")
	presentKeys(t, ctx, "?")
	// A content slide with Chinese text, for the screenshot.
	n := siteEval[int](t, ctx, `Array.from(document.querySelectorAll('.slides > .slide')).findIndex((s, i) => i > 0 && s.dataset.kind === 'content' && s.querySelector('.slide-body p')) + 1`)
	require.Positive(t, n)
	presentOpen(t, ctx, b.url+deck+"#/"+strconv.Itoa(n))
	presentWaitAt(t, ctx, n, 0)
	require.Equal(t, "zh-CN", siteEval[string](t, ctx, `document.documentElement.lang`))
	time.Sleep(4 * time.Second) // the key hint fades
	presentShot(t, ctx, "present-zh-1920.png")
	// The presenter view, in Chinese.
	presentOpen(t, ctx, b.url+deck+"?presenter#/"+strconv.Itoa(n))
	siteWaitJS(t, ctx, `document.querySelector('.pv-pos') && document.querySelector('.pv-pos').textContent !== ''`, 10*time.Second)
	require.Equal(t, []string{"当前", "接下来", "备注"}, siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.pv-label')).map(h => h.textContent)`))
	require.Equal(t, "第 "+strconv.Itoa(n)+" / "+strconv.Itoa(siteEval[int](t, ctx, `gmpbookPresent.slides`))+" 张", siteEval[string](t, ctx, `document.querySelector('.pv-pos').textContent`))
	require.True(t, strings.HasPrefix(siteEval[string](t, ctx, `document.title`), "演讲者 · "))
	require.Equal(t, "暂停", siteEval[string](t, ctx, `document.querySelector('.pv-pause').textContent`))
	presentShot(t, ctx, "present-zh-presenter.png")

	presentOpen(t, ctx, b.url+deck+"#/"+strconv.Itoa(n))
	presentWaitAt(t, ctx, n, 0)
	presentKeys(t, ctx, "l")
	en1 := strings.TrimSuffix(deck, ".zh.html") + ".html"
	siteWaitJS(t, ctx, `location.pathname.endsWith(`+siteJSString(en1)+`) && window.gmpbookPresent && gmpbookPresent.position().slide === `+strconv.Itoa(n), 20*time.Second)
	require.Equal(t, "en", siteEval[string](t, ctx, `document.documentElement.lang`))
	require.Equal(t, "en", siteEval[string](t, ctx, `localStorage.getItem('gmpbook-lang')`), "the choice is remembered")
	require.Empty(t, log.take(), "console errors")
}

// TestSiteZhPrints: a Chinese page printed keeps its Chinese text in a
// CJK font — the one the font stack of the print stylesheet picks is a
// platform CJK face that draws the glyphs, and the PDF Chromium makes
// embeds it. The print-media screenshot is tests/out/site-zh-print.png,
// the PDF tests/out/site-zh-print.pdf.
func TestSiteZhPrints(t *testing.T) {
	b := siteServeForBrowser(t)
	siteZhNeed(t, b)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	p := b.site.ZhPages[min(4, len(b.site.ZhPages)-1)]
	siteNavigate(t, ctx, b.url+p)
	sitePageMedia(t, ctx, "print", "dark")
	assert.Equal(t, "rgb(255, 255, 255)", siteEval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`))
	family := siteEval[string](t, ctx, `getComputedStyle(document.querySelector('article p') || document.querySelector('main p')).fontFamily`)
	require.Contains(t, family, "Noto Sans CJK SC", "the CJK font stack applies in print")
	require.Contains(t, family, "Microsoft YaHei")
	require.Contains(t, family, "PingFang SC")
	hidden := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.top, .pager, .lang-switch, .js-only'))
		.filter(e => e.getBoundingClientRect().height > 0).map(e => e.className)`)
	require.Empty(t, hidden, "the chrome does not print")

	// The glyphs of a Chinese paragraph come from a CJK face.
	_, err := chromedp.Call(ctx, dom.Enable, dom.EnableParams{})
	require.NoError(t, err)
	_, err = chromedp.Call(ctx, css.Enable, cdp.Empty{})
	require.NoError(t, err)
	doc, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{})
	require.NoError(t, err)
	siteEval[bool](t, ctx, `(() => { const ps = Array.from(document.querySelectorAll('main p')); const p = ps.find(p => /[\u4e00-\u9fff]{8}/.test(p.textContent)); p.id = p.id || 'zh-print-probe'; return true; })()`)
	id := siteEval[string](t, ctx, `Array.from(document.querySelectorAll('main p')).find(p => /[\u4e00-\u9fff]{8}/.test(p.textContent)).id`)
	node, err := chromedp.Call(ctx, dom.QuerySelector, dom.QuerySelectorParams{NodeID: doc.Root.NodeID, Selector: "#" + id})
	require.NoError(t, err)
	fonts, err := chromedp.Call(ctx, css.GetPlatformFontsForNode, css.GetPlatformFontsForNodeParams{NodeID: node.NodeID})
	require.NoError(t, err)
	var cjk float64
	var names []string
	for _, f := range fonts.Fonts {
		names = append(names, f.FamilyName)
		if strings.Contains(f.FamilyName, "CJK") || strings.Contains(f.FamilyName, "Hei") || strings.Contains(f.FamilyName, "PingFang") {
			cjk += f.GlyphCount
		}
	}
	require.Positive(t, cjk, "the paragraph's Chinese is drawn in a CJK face: %v", names)
	t.Logf("fonts of a printed Chinese paragraph: %v", names)

	siteScreenshot(t, ctx, "site-zh-print.png")
	bg := true
	pdf, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PrintBackground: &bg})
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(pdf.Data, []byte("%PDF")), "a PDF")
	require.Contains(t, string(pdf.Data), "CJK", "the PDF embeds the CJK face")
	require.NoError(t, os.WriteFile(filepath.Join("out", "site-zh-print.pdf"), pdf.Data, 0o644))
	require.Empty(t, log.take(), "console errors")
}
