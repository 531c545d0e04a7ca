package tests

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
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
	siteWaitJS(t, ctx, `location.pathname.endsWith(`+siteJSString(en)+`) && location.hash === `+siteJSString("#"+id), 10*time.Second)
	require.Equal(t, "en", siteEval[string](t, ctx, `document.documentElement.lang`))
	require.True(t, siteEval[bool](t, ctx, `!!document.getElementById(`+siteJSString(id)+`)`), "the English page has the section %q", id)
	require.Equal(t, "en", siteEval[string](t, ctx, `localStorage.getItem('gmpbook-lang')`), "the reader's choice of English is remembered")
	require.Equal(t, page, siteEval[string](t, ctx, `document.querySelector('.lang-switch').getAttribute('href')`))
}
