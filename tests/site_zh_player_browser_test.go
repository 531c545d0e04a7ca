package tests

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/site"
)

// siteEnglishWords are words of the English narration; a Chinese
// sentence has none of them (the names it keeps, runnext, sysmon, G/M/P,
// are not among them).
var siteEnglishWords = regexp.MustCompile(`\b(?:the|went|was|were|from|and|its|started|created|found|queue|stole|parked|thread|running)\b`)

// TestSiteZhScenePlaysInChinese: on a Chinese chapter page the scene's
// player is asked for lang=zh; it plays, the page's narration line is
// Chinese, with no English sentence left, the player's own picture and
// controls are labelled in Chinese, and nothing goes to the console.
func TestSiteZhScenePlaysInChinese(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	zhPage := strings.TrimSuffix(site.PageName(c), ".html") + ".zh.html"
	if _, ok := b.site.Files[zhPage]; !ok {
		t.Skipf("no Chinese twin %s in this build", zhPage)
	}
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	siteNavigate(t, ctx, b.url+zhPage)
	require.Equal(t, "zh-CN", siteEval[string](t, ctx, `document.documentElement.lang`))
	sel := "#scene-" + sc.ID
	time.Sleep(time.Second)
	sitePressPlay(t, ctx, sel)
	status := func(field string) string {
		return `document.querySelector('` + sel + ` iframe').contentWindow.gmpbookStatus.` + field
	}
	siteWaitJS(t, ctx, `document.querySelector('`+sel+` iframe') && `+status("ready"), 90*time.Second)
	src := siteEval[string](t, ctx, `document.querySelector('`+sel+` iframe').src`)
	require.Contains(t, src, "lang=zh", "a Chinese page asks its player for Chinese")

	// Step to a few places of the run and read the narration the page shows.
	n := int(siteNum(sitePlayerStatus(t, ctx, sc.ID)["len"]))
	require.Positive(t, n)
	for _, frac := range []float64{0.2, 0.5, 0.9} {
		at := int(float64(n) * frac)
		siteEval[bool](t, ctx, `(() => { document.querySelector('`+sel+` iframe').contentWindow.postMessage({cmd: 'pause'}, '*');
			document.querySelector('`+sel+` iframe').contentWindow.postMessage({cmd: 'seek', at: `+strconv.Itoa(at)+`}, '*'); return true; })()`)
		siteWaitJS(t, ctx, status("cursor")+` === `+strconv.Itoa(at), 10*time.Second)
		siteWaitJS(t, ctx, `document.querySelector('`+sel+` .narration').textContent.length > 0`, 10*time.Second)
		time.Sleep(200 * time.Millisecond)
		said := siteEval[string](t, ctx, `document.querySelector('`+sel+` .narration').textContent`)
		t.Logf("event %d: %s", at, said)
		require.True(t, view.HasCJK(said), "event %d: the narration is not Chinese: %q", at, said)
		require.Empty(t, siteEnglishWords.FindAllString(said, -1), "event %d: English words in the narration %q", at, said)
	}

	// The player draws its own labels and controls in Chinese.
	drawn := siteEval[string](t, ctx, `(() => { const f = document.querySelector('`+sel+` iframe');
		return (JSON.parse(f.contentWindow.gmpbookFrame()).Shapes || []).map(s => s.Text || '').join('\n'); })()`)
	require.Contains(t, drawn, "窃取 →")
	require.Contains(t, drawn, "全局运行队列")
	require.NotContains(t, drawn, "global run queue")

	siteWaitJS(t, ctx, `(() => { document.querySelector('`+sel+` iframe').contentWindow.postMessage({cmd: 'play'}, '*'); return `+status("playing")+`; })()`, 10*time.Second)
	siteScreenshot(t, ctx, "site-zh-scene-playing-1280.png")
	require.Empty(t, log.take(), "console errors")

	// The Chinese font is not in the module: a Chinese player fetched it,
	// an English one does not.
	fetched := func() string {
		return siteEval[string](t, ctx, `document.querySelector('`+sel+` iframe').contentWindow.performance.getEntriesByType('resource').map(e => e.name).join(' ')`)
	}
	require.Contains(t, fetched(), "cjk-subset.ttf", "the Chinese player fetched its font")
	siteNavigate(t, ctx, b.url+site.PageName(c))
	time.Sleep(time.Second)
	sitePressPlay(t, ctx, sel)
	siteWaitJS(t, ctx, `document.querySelector('`+sel+` iframe') && `+status("ready"), 90*time.Second)
	require.NotContains(t, fetched(), "cjk-subset.ttf", "an English reader does not download the Chinese font")
	require.Empty(t, log.take(), "console errors")
}
