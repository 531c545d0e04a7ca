package tests

// The page around a scene's player, in a real browser: where the player
// opens (the scene's first own step, ux M1), the output panel (M2), the
// narration under the player (M6), the editor's error list (M4), predict
// then run (M7) and print in dark mode (M8). Screenshots go to tests/out/
// at 1280 and 390 px, light and dark.
//
// Run them alone: go test ./tests -run 'SitePage'.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
	"github.com/gmpbook/gmpbook/site"
)

// sitePageFrame is a JavaScript expression for the scene's player window.
func sitePageFrame(sel string) string {
	return `document.querySelector('` + sel + ` iframe').contentWindow`
}

// sitePageLoad loads the scene's player paused (as scrolling to it does)
// unless it is there, and waits until it is ready.
func sitePageLoad(t *testing.T, ctx context.Context, sel, id string) {
	t.Helper()
	siteEval[bool](t, ctx, `(() => { const s = gmpbook.scenes.find(s => s.id === `+siteJSString(id)+`);
		if (!s.iframe) s.load(false); s.fig.scrollIntoView({block: 'start'}); return true; })()`)
	siteWaitJS(t, ctx, `(() => { const f = document.querySelector('`+sel+` iframe');
		return f && f.contentWindow.gmpbookStatus && f.contentWindow.gmpbookStatus.ready; })()`, 120*time.Second)
}

// sitePageOutput simulates a scene as the players do and returns what it
// prints by its end (the panel's model, view.OutputIndex) and the index of
// its "main.main begins".
func sitePageOutput(t *testing.T, name, src string) (view.Output, int) {
	t.Helper()
	c, err := script.Load(name, []byte(src))
	require.NoError(t, err)
	return sitePageRun(t, c, c.Scene.Settings)
}

// sitePageRun is sitePageOutput for a compiled scene with the settings
// its chapter gives it.
func sitePageRun(t *testing.T, c *script.Compiled, st script.Settings) (view.Output, int) {
	t.Helper()
	run, err := playerlog.Simulate(c, st, 0, 0, nil)
	require.NoError(t, err)
	return view.NewOutputIndex(run.Events).At(len(run.Events) - 1), view.MainStart(run.Events)
}

// sitePageShot scrolls sel to the middle of the window and saves what
// the window shows under tests/out.
func sitePageShot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	siteEval[bool](t, ctx, `(() => { document.querySelector('`+sel+`').scrollIntoView({block: 'center'}); return true; })()`)
	// Two animation frames and a moment: the screenshot is of the page
	// as scrolled, not of the compositor's last frame.
	siteEval[bool](t, ctx, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
	time.Sleep(500 * time.Millisecond)
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll("out", 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("out", name), buf, 0o644))
}

// sitePageScheme emulates the system's colour scheme and print media
// ("" leaves each as it is).
func sitePageMedia(t *testing.T, ctx context.Context, media, scheme string) {
	t.Helper()
	var feats []*emulation.MediaFeature
	if scheme != "" {
		feats = append(feats, &emulation.MediaFeature{Name: "prefers-color-scheme", Value: scheme})
	}
	_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media, Features: feats})
	require.NoError(t, err)
}

// TestSitePageOpensAtMainMainAndShowsOutput: the first scene's player
// opens at "main.main begins" — the cursor it reports is the index of
// that event in the simulator's run, and the page's narration (visible,
// not cut) says so; at its end the output panel holds what the program
// printed, line for line, and its exit status.
func TestSitePageOpensAtMainMainAndShowsOutput(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	want, opening := sitePageRun(t, sc.Compiled, sc.Settings)
	require.Positive(t, opening)
	require.NotEmpty(t, want.Lines, "the first scene prints")
	for _, width := range []int64{1280, 390} {
		ctx := siteNewBrowser(t)
		log := siteWatchConsole(ctx)
		if width < 600 {
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile)))
		}
		siteNavigate(t, ctx, b.url+site.PageName(c))
		sel := "#scene-" + sc.ID
		sitePageLoad(t, ctx, sel, sc.ID)
		siteWaitJS(t, ctx, sitePageFrame(sel)+`.gmpbookStatus.cursor >= 0`, 30*time.Second)
		assert.Equal(t, float64(opening), siteNum(sitePlayerStatus(t, ctx, sc.ID)["cursor"]), "the player opens at main.main")
		narr := siteEval[string](t, ctx, `document.querySelector('`+sel+` .narration').textContent`)
		assert.Contains(t, narr, "main.main begins", "the page's narration")
		assert.Greater(t, siteEval[float64](t, ctx, `document.querySelector('`+sel+` .narration').getBoundingClientRect().height`), 10.0, "the narration is on screen")
		assert.True(t, siteEval[bool](t, ctx, `document.querySelector('`+sel+` .poster').hidden`), "the poster gave way to the player")
		assert.Equal(t, "Nothing printed yet.", siteEval[string](t, ctx, `document.querySelector('`+sel+` .output .out-end').textContent`))
		sitePageShot(t, ctx, sel+" .narration", fmt.Sprintf("site-page-open-%d.png", width))

		// To the end: the panel holds every line and the exit status.
		siteEval[bool](t, ctx, `(() => { `+sitePageFrame(sel)+`.postMessage({cmd: 'end'}, '*'); return true; })()`)
		siteWaitJS(t, ctx, `document.querySelector('`+sel+` .output .out-end').textContent.includes('exited')`, 60*time.Second)
		var lines []string
		for _, l := range want.Lines {
			if l.Stream == 2 {
				lines = append(lines, "2> "+l.Text)
			} else {
				lines = append(lines, l.Text)
			}
		}
		got := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('`+sel+` .output .line')).map(l => l.textContent)`)
		assert.Equal(t, lines, got, "the output panel")
		assert.Equal(t, fmt.Sprintf("The program exited with status %d (success).", want.Status),
			siteEval[string](t, ctx, `document.querySelector('`+sel+` .output .out-end').textContent`))
		for _, theme := range []string{"light", "dark"} {
			siteEval[bool](t, ctx, `(() => { document.documentElement.setAttribute('data-theme', '`+theme+`'); return true; })()`)
			sitePageShot(t, ctx, sel+" .output", fmt.Sprintf("site-page-output-%d-%s.png", width, theme))
		}
		// Home still reaches the runtime's start-up.
		siteEval[bool](t, ctx, `(() => { `+sitePageFrame(sel)+`.postMessage({cmd: 'home'}, '*'); return true; })()`)
		siteWaitJS(t, ctx, sitePageFrame(sel)+`.gmpbookStatus.cursor === -1`, 30*time.Second)
		require.Empty(t, log.take(), "console errors")
	}
}

// TestSitePageOutputShowsADeadlock: an edited scene that deadlocks ends,
// in the output panel, with its line, the runtime's whole message and
// exit status 2, marked as standard error.
func TestSitePageOutputShowsADeadlock(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	const dead = "//scene procs=1\nfunc main() {\n\tch := make(chan int)\n\tfmt.Println(\"waiting for a reader\")\n\tch <- 1\n}\n"
	want, _ := sitePageOutput(t, "dead.go", dead)
	require.Equal(t, "fatal error: all goroutines are asleep - deadlock!", want.Fatal)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID
	// While the player starts, the poster shows in front of it (ux m6).
	starting := siteEval[bool](t, ctx, `(() => { const s = gmpbook.scenes.find(s => s.id === `+siteJSString(sc.ID)+`);
		s.setSource(`+siteJSString(dead)+`); s.load(false);
		const p = s.fig.querySelector('.poster'); const r = p.getBoundingClientRect();
		return s.fig.classList.contains('starting') && !p.hidden && r.height > 100 && getComputedStyle(p).zIndex === '1'; })()`)
	assert.True(t, starting, "the poster covers the starting player")
	sitePageLoad(t, ctx, sel, sc.ID)
	assert.True(t, siteEval[bool](t, ctx, `document.querySelector('`+sel+` .poster').hidden`), "the poster gave way to the first frame")
	siteEval[bool](t, ctx, `(() => { `+sitePageFrame(sel)+`.postMessage({cmd: 'end'}, '*'); return true; })()`)
	siteWaitJS(t, ctx, `document.querySelector('`+sel+` .output .fatal')`, 60*time.Second)
	got := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('`+sel+` .output .line')).map(l => l.textContent)`)
	assert.Equal(t, []string{"waiting for a reader", want.Fatal}, got)
	assert.True(t, siteEval[bool](t, ctx, `document.querySelector('`+sel+` .output .fatal').classList.contains('err')`), "the message is standard error's")
	siteWaitJS(t, ctx, `document.querySelector('`+sel+` .output .out-end').textContent.includes('status')`, 10*time.Second)
	assert.Equal(t, "The program exited with status 2.", siteEval[string](t, ctx, `document.querySelector('`+sel+` .output .out-end').textContent`))
	sitePageShot(t, ctx, sel+" .output", "site-page-deadlock-1280.png")
	require.Empty(t, log.take(), "console errors")
}

// TestSitePageErrorsListUnderTheEditor: a compile error is a band behind
// its line and an entry in the list under the editor, with a
// scene.go:line:col link that puts the caret there; no message box lies
// over the code.
func TestSitePageErrorsListUnderTheEditor(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	lines := strings.Split(sc.Source, "\n")
	bad := -1
	for i, l := range lines {
		if strings.Contains(l, "fmt.Println") {
			lines[i] = strings.Replace(l, "fmt.Println", "fmt.Printn", 1)
			bad = i + 1
			break
		}
	}
	require.NotEqual(t, -1, bad)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID
	siteEval[bool](t, ctx, `(() => { const s = gmpbook.scenes.find(s => s.id === `+siteJSString(sc.ID)+`);
		s.setSource(`+siteJSString(strings.Join(lines, "\n"))+`); s.load(false); return true; })()`)
	siteWaitJS(t, ctx, `!document.querySelector('`+sel+` .diagnostics').hidden`, 120*time.Second)
	// Under load another message may come first (the player's own); the
	// compile error's entry follows. Name what is listed if it never does.
	deadline := time.Now().Add(60 * time.Second)
	for !siteEval[bool](t, ctx, `!!document.querySelector('`+sel+` .diagnostics .diag-at')`) {
		if time.Now().After(deadline) {
			require.Failf(t, "no compile error listed", "the list says: %q",
				siteEval[string](t, ctx, `document.querySelector('`+sel+` .diagnostics').textContent`))
		}
		time.Sleep(100 * time.Millisecond)
	}
	link := siteEval[string](t, ctx, `document.querySelector('`+sel+` .diagnostics .diag-at').textContent`)
	require.True(t, strings.HasPrefix(link, fmt.Sprintf("scene.go:%d:", bad)), link)
	assert.Zero(t, siteEval[int](t, ctx, `document.querySelectorAll('`+sel+` .marks .mark').length`), "no box over the code")
	assert.Equal(t, 1, siteEval[int](t, ctx, `document.querySelectorAll('`+sel+` .marks .line').length`))
	siteEval[bool](t, ctx, `(() => { document.querySelector('`+sel+` .diagnostics .diag-at').click(); return true; })()`)
	caretLine := siteEval[int](t, ctx, `(() => { const t = document.querySelector('`+sel+` textarea');
		return t.value.slice(0, t.selectionStart).split('\n').length; })()`)
	assert.Equal(t, bad, caretLine, "the link puts the caret on the line")
	assert.NotContains(t, siteEval[string](t, ctx, `document.querySelector('`+sel+` .narration').textContent`), "0ns ·", "no stray narration")
	sitePageShot(t, ctx, sel+" .source", "site-page-errors-1280.png")
	// Running it again, and the scene as written, logs no error in the
	// console (ux m17: "Go program has already exited").
	siteEval[bool](t, ctx, `(() => { const s = gmpbook.scenes.find(s => s.id === `+siteJSString(sc.ID)+`); s.load(false); return true; })()`)
	siteWaitJS(t, ctx, `!document.querySelector('`+sel+` .diagnostics').hidden`, 120*time.Second)
	siteEval[bool](t, ctx, `(() => { const s = gmpbook.scenes.find(s => s.id === `+siteJSString(sc.ID)+`);
		s.setSource(s.original); s.load(false); return true; })()`)
	sitePageLoad(t, ctx, sel, sc.ID)
	time.Sleep(time.Second)
	assert.Empty(t, log.take(), "console errors")
}

// TestSitePagePredictTriesAgain: a wrong answer keeps the answer and the
// explanation hidden and loads no player (the page does not move); a right
// one shows both and "Watch it run", which plays the scene from past the
// runtime's start-up.
func TestSitePagePredictTriesAgain(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, p, want, wrong := siteChoiceExercise(t)
	ctx := siteNewBrowser(t)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	form := "#predict-1"
	// Clicked from script, so that only the page itself could scroll.
	pick := func(v string) {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Evaluate[chromedp.Void](`Array.from(document.querySelectorAll('`+form+` input[type=radio]')).find(r => r.value === `+siteJSString(v)+`).click()`),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('`+form+` button[type=submit]').click()`),
		))
	}
	siteEval[bool](t, ctx, `(() => { document.querySelector('`+form+`').scrollIntoView({block: 'center'}); return true; })()`)
	time.Sleep(500 * time.Millisecond)
	frames := `document.querySelectorAll('figure.scene iframe').length`
	before := siteEval[int](t, ctx, frames)
	y := siteEval[float64](t, ctx, `document.querySelector('`+form+`').getBoundingClientRect().top`)
	pick(wrong)
	verdict := siteEval[string](t, ctx, `document.querySelector('`+form+` .verdict').textContent`)
	assert.Contains(t, verdict, "Try again")
	assert.NotContains(t, verdict, want, "a wrong answer does not give the answer away")
	assert.False(t, siteEval[bool](t, ctx, `getComputedStyle(document.getElementById('explain-1')).display !== 'none'`), "the reason waits")
	assert.Equal(t, before, siteEval[int](t, ctx, frames), "no player was loaded")
	assert.InDelta(t, y, siteEval[float64](t, ctx, `document.querySelector('`+form+`').getBoundingClientRect().top`), 1, "the page did not move")
	pick(want)
	assert.Contains(t, siteEval[string](t, ctx, `document.querySelector('`+form+` .verdict').className`), "right")
	assert.Contains(t, siteEval[string](t, ctx, `document.querySelector('`+form+` .verdict').textContent`), "on try 2")
	assert.True(t, siteEval[bool](t, ctx, `getComputedStyle(document.getElementById('explain-1')).display !== 'none'`), "the reason shows")
	sitePageShot(t, ctx, form, "site-page-predict-1280.png")

	sc := c.SceneByID(p.Scene)
	require.NotNil(t, sc, p.Scene)
	_, opening := sitePageRun(t, sc.Compiled, sc.Settings)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(form+` .watch`))))
	sel := "#scene-" + sc.ID
	siteWaitJS(t, ctx, `(() => { const f = document.querySelector('`+sel+` iframe');
		return f && f.contentWindow.gmpbookStatus && f.contentWindow.gmpbookStatus.playing; })()`, 120*time.Second)
	assert.GreaterOrEqual(t, siteNum(sitePlayerStatus(t, ctx, sc.ID)["cursor"]), float64(opening), "Watch it run starts past the start-up")
}

// TestSitePagePrintsDarkModeLight: printing with the dark theme on (by
// the toggle or by the system) gives dark text on white, and none of the
// controls that need script.
func TestSitePagePrintsDarkModeLight(t *testing.T) {
	b := siteServeForBrowser(t)
	c, _ := siteFirstScene(t)
	for _, how := range []string{"toggle", "system"} {
		ctx := siteNewBrowser(t)
		siteNavigate(t, ctx, b.url+site.PageName(c))
		if how == "toggle" {
			siteEval[bool](t, ctx, `(() => { document.documentElement.setAttribute('data-theme', 'dark'); return true; })()`)
			sitePageMedia(t, ctx, "print", "")
		} else {
			sitePageMedia(t, ctx, "print", "dark")
		}
		bg := siteEval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`)
		fg := siteEval[string](t, ctx, `getComputedStyle(document.body).color`)
		assert.Equal(t, "rgb(255, 255, 255)", bg, how)
		assert.Equal(t, "rgb(0, 0, 0)", fg, how)
		assert.True(t, siteEval[bool](t, ctx, `(() => { const o = document.querySelector('.output-print');
			return !!o && o.getBoundingClientRect().height > 0 && o.textContent.trim().length > 'Output'.length; })()`), "%s: the run's output prints", how)
		// The highlighted source keeps its light colours too.
		codeBg := siteEval[[]float64](t, ctx, `(() => { const c = document.querySelector('.src-static .chroma') || document.querySelector('.chroma');
			const m = getComputedStyle(c).backgroundColor.match(/[0-9.]+/g).map(Number); return m.slice(0, 3); })()`)
		require.Len(t, codeBg, 3)
		assert.Greater(t, codeBg[0]+codeBg[1]+codeBg[2], 600.0, "%s: the code prints on a light background (%v)", how, codeBg)
		shown := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.js-only, .rerun, .reset, .share, .reveal, button[type=submit]'))
			.filter(e => e.getBoundingClientRect().height > 0).map(e => e.className || e.tagName)`)
		assert.Empty(t, shown, "%s: controls that need script print", how)
		siteScreenshot(t, ctx, "site-page-print-dark-"+how+".png")
	}
}

// sitePageTaskSeconds is the page's main-thread task time so far, in
// seconds (Performance.getMetrics' TaskDuration; same-origin players run
// on the same thread).
func sitePageTaskSeconds(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	r, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	require.NoError(t, err)
	for _, m := range r.Metrics {
		if m.Name == "TaskDuration" {
			return m.Value
		}
	}
	require.Fail(t, "no TaskDuration metric")
	return 0
}

// TestSitePageIdlePlayersRest measures what a paused player costs: main
// thread time per second of wall time and frames drawn per second, in
// view and scrolled out of view. A paused player in view rests once its
// picture stops changing (render/rest.go: Ebiten then calls it only on
// input), so it draws next to nothing; out of view it is parked (its frame
// taken out of the layout) and draws no frames at all. A command from the
// page wakes a resting player. The numbers are logged (go test -v -run
// SitePageIdle).
func TestSitePageIdlePlayersRest(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	ctx := siteNewBrowser(t)
	_, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{})
	require.NoError(t, err)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID
	sitePageLoad(t, ctx, sel, sc.ID)
	frames := func() float64 {
		return siteEval[float64](t, ctx, `(() => { const s = gmpbook.scenes.find(s => s.id === `+siteJSString(sc.ID)+`);
			return s.iframe && s.iframe.contentWindow.gmpbookStatus ? s.iframe.contentWindow.gmpbookStatus.frames : 0; })()`)
	}
	measure := func(what string) (cpu, fps float64) {
		time.Sleep(time.Second) // let the page settle
		t0, f0, w0 := sitePageTaskSeconds(t, ctx), frames(), time.Now()
		time.Sleep(4 * time.Second)
		t1, f1, w1 := sitePageTaskSeconds(t, ctx), frames(), time.Now()
		wall := w1.Sub(w0).Seconds()
		cpu, fps = (t1-t0)/wall, (f1-f0)/wall
		t.Logf("%s: main thread busy %.1f%% of the time, %.1f frames/s", what, 100*cpu, fps)
		return cpu, fps
	}
	// A player rests a moment after its picture stops changing, and it is
	// still growing its run at first.
	time.Sleep(3 * time.Second)
	_, fps := measure("paused, in view")
	assert.Less(t, fps, 2.0, "a paused player in view rests instead of drawing at the refresh rate")
	// A command from the page wakes it: a step moves the cursor.
	cursor := func() float64 {
		return siteEval[float64](t, ctx, `(() => { const s = gmpbook.scenes.find(s => s.id === `+siteJSString(sc.ID)+`);
			return s.iframe.contentWindow.gmpbookStatus.cursor; })()`)
	}
	c0 := cursor()
	siteEval[bool](t, ctx, `(() => { const s = gmpbook.scenes.find(s => s.id === `+siteJSString(sc.ID)+`);
		s.iframe.contentWindow.postMessage({cmd: 'step'}, '*'); return true; })()`)
	siteWaitJS(t, ctx, fmt.Sprintf(`(() => { const s = gmpbook.scenes.find(s => s.id === %s);
		return s.iframe.contentWindow.gmpbookStatus.cursor !== %v; })()`, siteJSString(sc.ID), c0), 10*time.Second)
	siteEval[bool](t, ctx, `(() => { window.scrollTo(0, document.body.scrollHeight); return true; })()`)
	_, fps = measure("paused, out of view")
	assert.Zero(t, fps, "a paused player out of view draws nothing")
	siteEval[bool](t, ctx, `(() => { document.querySelector('`+sel+`').scrollIntoView(); return true; })()`)
	siteWaitJS(t, ctx, `(() => { const f = document.querySelector('`+sel+` iframe'); return f && f.getBoundingClientRect().height > 100; })()`, 10*time.Second)
	f0 := frames()
	siteWaitJS(t, ctx, fmt.Sprintf(`document.querySelector('%s iframe').contentWindow.gmpbookStatus.frames > %v`, sel, f0), 10*time.Second)
}

// TestSitePageIndexShowsALiveScene: the contents page holds the first
// chapter's first scene, which plays there as in its chapter.
func TestSitePageIndexShowsALiveScene(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	_, sc := siteFirstScene(t)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	siteNavigate(t, ctx, b.url+"index.html")
	sel := "#scene-" + sc.ID
	require.True(t, siteEval[bool](t, ctx, `!!document.querySelector('.tour `+sel+`[data-player]')`), "the index has the scene")
	sitePageLoad(t, ctx, sel, sc.ID)
	siteWaitJS(t, ctx, sitePageFrame(sel)+`.gmpbookStatus.cursor > 0`, 30*time.Second)
	sitePageShot(t, ctx, ".tour h2", "site-page-index-1280.png")
	require.Empty(t, log.take(), "console errors")
}
