package tests

// Presentation mode in a real browser (headless Chromium, as in
// site_browser_test.go): the keys of a presentation clicker walk a
// chapter's slides and its scenes' narrated steps, with the player in the
// slide's iframe reporting the event where each step's caption starts;
// the presenter view in a second tab shows the notes, the next slide and a
// running timer, and drives the audience's tab; the overview opens
// slides; every slide of every chapter fits on the stage at 1920×1080, and
// the stage fits a 1280×720 projector. Screenshots go to tests/out/.

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/site"
)

// presentSlide is what the deck's page says about one slide.
type presentSlide struct {
	Kind  string `json:"kind"`
	Frags int    `json:"frags"`
	Title string `json:"title"`
	Scene string `json:"scene"`
	At    []int  `json:"at"`
	Notes string `json:"notes"`
}

const presentSlidesJS = `Array.from(document.querySelectorAll('.slides > .slide')).map(s => ({
	kind: s.dataset.kind, frags: +s.dataset.frags, title: s.dataset.title,
	scene: (s.querySelector('.scene-area') || {dataset: {}}).dataset.scene || '',
	at: Array.from(s.querySelectorAll('.step')).map(li => +li.dataset.at),
	notes: Array.from(s.querySelectorAll('.notes p')).map(p => p.textContent).join('\n\n')}))`

// presentCaptionStarts is, independently of the site, where the player's
// captions start in a chapter scene: the scene simulated as the browser's
// player simulates it, one index per distinct starting event, after the
// event where main starts.
func presentCaptionStarts(t testing.TB, c *chapters.Chapter, id string) (mainStart int, starts []int) {
	t.Helper()
	sc := c.SceneByID(id)
	require.NotNil(t, sc, "%s: scene %s", c.File, id)
	run, err := playerlog.Simulate(sc.Compiled, sc.Settings, 0, 0, nil)
	require.NoError(t, err)
	rec := view.NewRecording(run.Config.Procs, run.Events, playerlog.Captions(sc.Compiled))
	rec.SetLines(run)
	for _, at := range rec.CaptionStarts() {
		if len(starts) == 0 || at > starts[len(starts)-1] {
			starts = append(starts, at)
		}
	}
	mainStart = -1
	for i, e := range run.Events {
		if e.Kind == core.EvMainStart {
			mainStart = i
			break
		}
	}
	return mainStart, starts
}

// presentOpen loads a deck and waits for its script.
func presentOpen(t testing.TB, ctx context.Context, u string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(u)))
	siteWaitJS(t, ctx, `document.readyState === "complete" && window.gmpbookPresent`, 20*time.Second)
}

// presentAt is the deck's position: slide (from 1) and fragment.
func presentAt(t testing.TB, ctx context.Context) (int, int) {
	t.Helper()
	p := siteEval[map[string]int](t, ctx, `gmpbookPresent.position()`)
	return p["slide"], p["frag"]
}

func presentHash(slide, frag int) string {
	if frag == 0 {
		return fmt.Sprintf("#/%d", slide)
	}
	return fmt.Sprintf("#/%d/%d", slide, frag)
}

// presentWaitAt waits until the deck shows slide and frag, and checks the
// URL keeps the position.
func presentWaitAt(t testing.TB, ctx context.Context, slide, frag int) {
	t.Helper()
	siteWaitJS(t, ctx, fmt.Sprintf(`gmpbookPresent.position().slide === %d && gmpbookPresent.position().frag === %d`, slide, frag), 10*time.Second)
	require.Equal(t, presentHash(slide, frag), siteEval[string](t, ctx, `location.hash`))
	shown := siteEval[[]int](t, ctx, `Array.from(document.querySelectorAll('.slides > .slide')).map((s, i) => s.classList.contains('current') && getComputedStyle(s).visibility === 'visible' ? i + 1 : 0).filter(Boolean)`)
	require.Equal(t, []int{slide}, shown, "the slide shown")
}

// presentKeys presses keys, one after the other.
func presentKeys(t testing.TB, ctx context.Context, keys ...string) {
	t.Helper()
	for _, k := range keys {
		require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(k)))
	}
}

// presentShot saves the viewport (not the whole page) under tests/out.
func presentShot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	require.NoError(t, os.MkdirAll("out", 0o755))
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join("out", name), buf, 0o644))
}

// presentChapter picks the first chapter whose deck has a scene slide with
// at least two narrated steps, followed by another slide, and a poll.
func presentChapter(t testing.TB, b *siteBrowserServer, ctx context.Context) (*chapters.Chapter, []presentSlide, int) {
	t.Helper()
	all, err := chapters.All()
	require.NoError(t, err)
	for _, c := range all {
		presentOpen(t, ctx, b.url+site.PresentName(c))
		slides := siteEval[[]presentSlide](t, ctx, presentSlidesJS)
		polls := 0
		for _, s := range slides {
			if s.Kind == "poll" {
				polls++
			}
		}
		for i, s := range slides {
			if s.Kind == "scene" && s.Frags >= 2 && i+1 < len(slides) && polls > 0 {
				return c, slides, i + 1
			}
		}
	}
	t.Skip("no chapter has a scene with two narrated steps and a poll")
	return nil, nil, 0
}

func presentSetup(t *testing.T) (*siteBrowserServer, context.Context, *siteConsoleLog) {
	b := siteServeForBrowser(t)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080)))
	return b, ctx, log
}

// TestPresentKeysWalkSlidesAndSceneSteps presses the keys a clicker sends
// through the start of a chapter: → and PageDown and Space move slide by
// slide; on a scene slide they step through the narrated steps, the player
// reporting each step's first event, then leave the slide; ←, PageUp and
// Backspace come back the same way; a number and Enter, or g, a number and
// Enter, jump; Home and End go to the ends; the URL keeps the position
// through a reload; a poll's reveal shows the simulator's answer.
func TestPresentKeysWalkSlidesAndSceneSteps(t *testing.T) {
	b, ctx, log := presentSetup(t)
	siteNeedPlayer(t, b)
	c, slides, sceneAt := presentChapter(t, b, ctx)
	t.Logf("%s: %d slides, a scene on slide %d", c.File, len(slides), sceneAt)
	scene := slides[sceneAt-1]
	mainStart, starts := presentCaptionStarts(t, c, scene.Scene)
	require.Equal(t, append([]int{mainStart}, starts...), scene.At, "the page sends the player where its captions start")
	require.Equal(t, len(starts), scene.Frags)

	cursor := func(want int) {
		t.Helper()
		siteWaitJS(t, ctx, fmt.Sprintf(`document.querySelector('.slide.current').dataset.cursor === '%d'`, want), 90*time.Second)
		got := siteEval[float64](t, ctx, `(() => { const f = document.querySelector('.slide.current iframe');
			return f && f.contentWindow.gmpbookStatus ? f.contentWindow.gmpbookStatus.cursor : -2; })()`)
		require.Equal(t, float64(want), got, "the player's own status")
	}

	presentOpen(t, ctx, b.url+site.PresentName(c))
	presentWaitAt(t, ctx, 1, 0)
	require.Equal(t, len(slides), siteEval[int](t, ctx, `gmpbookPresent.slides`))
	// Up to the scene, one key per slide or fragment.
	keys := []string{kb.ArrowRight, kb.PageDown, " "}
	slide, frag := 1, 0
	for n := 0; slide < sceneAt; n++ {
		presentKeys(t, ctx, keys[n%len(keys)])
		if frag < slides[slide-1].Frags {
			frag++
		} else {
			slide, frag = slide+1, 0
		}
		presentWaitAt(t, ctx, slide, frag)
	}
	// The scene opens at the start of main, then each key is a narrated
	// step.
	cursor(mainStart)
	require.True(t, siteEval[bool](t, ctx, `document.querySelector('.slide.current .scene-area').classList.contains('live')`))
	for k, at := range starts {
		presentKeys(t, ctx, keys[k%len(keys)])
		presentWaitAt(t, ctx, sceneAt, k+1)
		cursor(at)
		if k == 0 {
			time.Sleep(500 * time.Millisecond) // the caption's fade-in
			presentShot(t, ctx, "present_scene.png")
		}
	}
	// After the last step, the next slide; back, and the player is at the
	// last step again; back once more, the step before.
	presentKeys(t, ctx, kb.ArrowRight)
	presentWaitAt(t, ctx, sceneAt+1, 0)
	presentKeys(t, ctx, kb.ArrowLeft)
	presentWaitAt(t, ctx, sceneAt, len(starts))
	cursor(starts[len(starts)-1])
	presentKeys(t, ctx, kb.PageUp)
	presentWaitAt(t, ctx, sceneAt, len(starts)-1)
	cursor(starts[len(starts)-2])
	presentKeys(t, ctx, kb.Backspace)
	presentWaitAt(t, ctx, sceneAt, len(starts)-2)
	// A click in the player (on its own buttons, say) leaves the keys
	// with the deck, so that the clicker goes on working.
	mid := siteEval[[]float64](t, ctx, `(() => { const r = document.querySelector('.slide.current iframe').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 3]; })()`)
	require.NoError(t, chromedp.Do(ctx, chromedp.MouseClickXY(mid[0], mid[1])))
	time.Sleep(300 * time.Millisecond)
	presentKeys(t, ctx, kb.ArrowRight)
	presentWaitAt(t, ctx, sceneAt, len(starts)-1)
	cursor(starts[len(starts)-2])

	// Jumps.
	last := len(slides)
	target := min(sceneAt+3, last)
	presentKeys(t, ctx, strings.Split(strconv.Itoa(target), "")...)
	presentKeys(t, ctx, kb.Enter)
	presentWaitAt(t, ctx, target, 0)
	presentKeys(t, ctx, "g")
	presentKeys(t, ctx, strings.Split(strconv.Itoa(last-1), "")...)
	presentKeys(t, ctx, kb.Enter)
	presentWaitAt(t, ctx, last-1, 0)
	presentKeys(t, ctx, kb.End)
	presentWaitAt(t, ctx, last, 0)
	presentKeys(t, ctx, kb.Home)
	presentWaitAt(t, ctx, 1, 0)

	// A poll: the reveal shows the simulator's answer.
	poll, polls := 0, 0
	for i, s := range slides {
		if s.Kind == "poll" {
			if poll == 0 {
				poll = i + 1
			}
			polls++
		}
	}
	require.Equal(t, len(c.Predicts), polls, "a poll per predict block")
	want, err := c.Predicts[0].Expected(c)
	require.NoError(t, err)
	presentKeys(t, ctx, strings.Split(strconv.Itoa(poll), "")...)
	presentKeys(t, ctx, kb.Enter)
	presentWaitAt(t, ctx, poll, 0)
	require.False(t, siteEval[bool](t, ctx, `document.querySelector('.slide.current').classList.contains('revealed')`))
	require.False(t, siteEval[bool](t, ctx, `getComputedStyle(document.querySelector('.slide.current .poll-answer')).display !== 'none'`), "the answer waits")
	presentKeys(t, ctx, kb.ArrowRight)
	presentWaitAt(t, ctx, poll, 1)
	require.True(t, siteEval[bool](t, ctx, `getComputedStyle(document.querySelector('.slide.current .poll-answer')).display !== 'none'`), "the answer shows")
	require.Equal(t, want, siteEval[string](t, ctx, `document.querySelector('.slide.current .poll-answer pre').textContent`))

	// A content slide, for the record.
	for i, s := range slides {
		if s.Kind == "content" && i > sceneAt {
			presentKeys(t, ctx, strings.Split(strconv.Itoa(i+1), "")...)
			presentKeys(t, ctx, kb.Enter)
			presentWaitAt(t, ctx, i+1, 0)
			presentShot(t, ctx, "present_slide.png")
			break
		}
	}

	// The URL brings a position back, steps included.
	presentOpen(t, ctx, b.url+site.PresentName(c)+presentHash(sceneAt, 2))
	presentWaitAt(t, ctx, sceneAt, 2)
	cursor(starts[1])
	require.Empty(t, log.take(), "console errors")
}

// TestPresentPresenterViewFollowsAndLeads opens the presenter view in a
// second tab, as the p key's window would be: it finds the audience's
// slide, shows the speaker notes, the next slide's title and a running
// timer, and the keys pressed in it move the audience's tab.
func TestPresentPresenterViewFollowsAndLeads(t *testing.T) {
	b, ctx, log := presentSetup(t)
	all, err := chapters.All()
	require.NoError(t, err)
	var c *chapters.Chapter
	var slides []presentSlide
	notesAt := 0
	for _, ch := range all {
		presentOpen(t, ctx, b.url+site.PresentName(ch))
		ss := siteEval[[]presentSlide](t, ctx, presentSlidesJS)
		for i, s := range ss {
			// A slide with notes that is not a scene (whose next is its
			// own next step), followed by one that is not a scene either.
			if s.Notes != "" && s.Kind != "scene" && i+2 < len(ss) && ss[i+1].Kind != "scene" {
				c, slides, notesAt = ch, ss, i+1
				break
			}
		}
		if c != nil {
			break
		}
	}
	if c == nil {
		t.Skip("no slide has notes")
	}
	notes := slides[notesAt-1].Notes
	fromChapter := false
	for _, n := range c.Notes {
		fromChapter = fromChapter || strings.Contains(strings.Join(strings.Fields(n.Text), " "), strings.Join(strings.Fields(strings.SplitN(notes, "\n\n", 2)[0]), " "))
	}
	require.True(t, fromChapter, "the slide's notes come from the chapter's notes block: %q", notes)

	deckURL := b.url + site.PresentName(c)
	presentOpen(t, ctx, deckURL+presentHash(notesAt, 0))
	presentWaitAt(t, ctx, notesAt, 0)

	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	tabLog := siteWatchConsole(tab)
	require.NoError(t, chromedp.Do(tab, chromedp.EmulateViewport(1920, 1080)))
	u, err := url.Parse(deckURL)
	require.NoError(t, err)
	u.RawQuery = "presenter"
	presentOpen(t, tab, u.String())
	// The presenter view asks where the audience is and goes there.
	siteWaitJS(t, tab, fmt.Sprintf(`gmpbookPresent.position().slide === %d`, notesAt), 10*time.Second)
	require.True(t, siteEval[bool](t, tab, `document.documentElement.classList.contains('presenter-mode') && !!document.querySelector('.pv')`))
	shown := siteEval[string](t, tab, `document.querySelector('.pv-notes-text').innerText`)
	require.Equal(t, strings.Join(strings.Fields(notes), " "), strings.Join(strings.Fields(shown), " "), "the notes, large")
	require.GreaterOrEqual(t, siteEval[float64](t, tab, `parseFloat(getComputedStyle(document.querySelector('.pv-notes-text')).fontSize)`), 24.0)
	require.Contains(t, siteEval[string](t, tab, `document.querySelector('.pv-next-title').textContent`), slides[notesAt].Title, "the next slide")
	require.Contains(t, siteEval[string](t, tab, `document.querySelector('.pv-pos').textContent`), fmt.Sprintf("%d / %d", notesAt, len(slides)))
	require.Equal(t, slides[notesAt-1].Title, siteEval[string](t, tab, `document.querySelector('.pv-now .pv-screen .slide').dataset.title`), "the current slide, small")
	require.Equal(t, slides[notesAt].Title, siteEval[string](t, tab, `document.querySelector('.pv-next .pv-screen .slide').dataset.title`), "the next slide, small")

	// The timer runs.
	seconds := func() int {
		parts := strings.Split(siteEval[string](t, tab, `document.querySelector('.pv-timer').textContent`), ":")
		s := 0
		for _, p := range parts {
			n, err := strconv.Atoi(p)
			require.NoError(t, err, parts)
			s = s*60 + n
		}
		return s
	}
	t0 := seconds()
	time.Sleep(2200 * time.Millisecond)
	t1 := seconds()
	require.GreaterOrEqual(t, t1-t0, 1, "the timer advances: %d then %d", t0, t1)
	presentShot(t, tab, "present_presenter.png")
	require.NoError(t, chromedp.Do(tab, chromedp.Click(chromedp.CSS(".pv-reset"))))
	require.LessOrEqual(t, seconds(), 1, "Reset starts it again")

	// Keys in the presenter view move the audience; keys in the audience's
	// tab move the presenter view.
	presentKeys(t, tab, kb.ArrowRight)
	siteWaitJS(t, tab, fmt.Sprintf(`gmpbookPresent.position().slide === %d`, notesAt+1), 5*time.Second)
	siteWaitJS(t, ctx, fmt.Sprintf(`gmpbookPresent.position().slide === %d`, notesAt+1), 5*time.Second)
	presentKeys(t, tab, kb.PageDown)
	next, nextFrag := notesAt+1, 1
	if slides[notesAt].Frags == 0 {
		next, nextFrag = notesAt+2, 0
	}
	siteWaitJS(t, ctx, fmt.Sprintf(`gmpbookPresent.position().slide === %d && gmpbookPresent.position().frag === %d`, next, nextFrag), 5*time.Second)
	presentKeys(t, ctx, kb.Home)
	siteWaitJS(t, tab, `gmpbookPresent.position().slide === 1`, 5*time.Second)
	require.Contains(t, siteEval[string](t, tab, `document.querySelector('.pv-pos').textContent`), fmt.Sprintf("1 / %d", len(slides)))
	require.Empty(t, log.take(), "console errors (audience)")
	require.Empty(t, tabLog.take(), "console errors (presenter)")

	// The p key opens the presenter view in a window of its own.
	opened := chromedp.WaitNewTarget(ctx, func(info *target.Info) bool { return strings.Contains(info.URL, "?presenter") })
	presentKeys(t, ctx, "p")
	select {
	case id := <-opened:
		win, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(id))
		defer cancel()
		siteWaitJS(t, win, `window.gmpbookPresent && !!document.querySelector('.pv')`, 20*time.Second)
		siteWaitJS(t, win, `gmpbookPresent.position().slide === 1`, 5*time.Second)
	case <-time.After(10 * time.Second):
		require.Fail(t, "the p key opened no presenter window")
	}
}

// TestPresentSyncWithoutBroadcastChannel takes BroadcastChannel away
// from both windows: they keep each other in step through storage events.
func TestPresentSyncWithoutBroadcastChannel(t *testing.T) {
	b, ctx, log := presentSetup(t)
	all, err := chapters.All()
	require.NoError(t, err)
	c := all[len(all)-1]
	noChannel := func(tab context.Context) {
		t.Helper()
		require.NoError(t, chromedp.Do(tab, chromedp.EmulateViewport(1280, 800)))
		_, err := chromedp.Call(tab, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `delete window.BroadcastChannel;`})
		require.NoError(t, err)
	}
	noChannel(ctx)
	presentOpen(t, ctx, b.url+site.PresentName(c)+"#/3")
	require.True(t, siteEval[bool](t, ctx, `typeof BroadcastChannel === 'undefined'`))
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	noChannel(tab)
	presentOpen(t, tab, b.url+site.PresentName(c)+"?presenter")
	siteWaitJS(t, tab, `gmpbookPresent.position().slide === 3`, 10*time.Second)
	presentKeys(t, tab, kb.End)
	n := siteEval[int](t, tab, `gmpbookPresent.slides`)
	siteWaitJS(t, ctx, fmt.Sprintf(`gmpbookPresent.position().slide === %d`, n), 5*time.Second)
	presentKeys(t, ctx, kb.Home)
	siteWaitJS(t, tab, `gmpbookPresent.position().slide === 1`, 5*time.Second)
	require.Empty(t, log.take(), "console errors")
}

// TestPresentOverviewOpensSlides shows every slide with o, moves with the
// arrows, opens one with Enter and another with a click.
func TestPresentOverviewOpensSlides(t *testing.T) {
	b, ctx, log := presentSetup(t)
	c, slides, sceneAt := presentChapter(t, b, ctx)
	presentOpen(t, ctx, b.url+site.PresentName(c)+"#/3")
	presentWaitAt(t, ctx, 3, 0)
	presentKeys(t, ctx, "o")
	siteWaitJS(t, ctx, `document.querySelector('.overview') && !document.querySelector('.overview').hidden`, 5*time.Second)
	require.Equal(t, len(slides), siteEval[int](t, ctx, `document.querySelectorAll('.overview .thumb').length`), "every slide")
	require.Equal(t, 2, siteEval[int](t, ctx, `Array.from(document.querySelectorAll('.overview .thumb')).findIndex(t => t.classList.contains('current'))`), "the current one marked")
	require.Equal(t, 0, siteEval[int](t, ctx, `document.querySelectorAll('.overview iframe').length`), "thumbnails are still")
	require.True(t, siteEval[bool](t, ctx, `(() => { const r = document.querySelectorAll('.overview .thumb-frame')[1].getBoundingClientRect(); return r.width > 200 && r.height > 100; })()`))
	presentShot(t, ctx, "present_overview.png")
	presentKeys(t, ctx, kb.ArrowRight, kb.Enter)
	siteWaitJS(t, ctx, `document.querySelector('.overview').hidden`, 5*time.Second)
	presentWaitAt(t, ctx, 4, 0)
	presentKeys(t, ctx, kb.Escape)
	siteWaitJS(t, ctx, `!document.querySelector('.overview').hidden`, 5*time.Second)
	presentKeys(t, ctx, kb.Escape)
	siteWaitJS(t, ctx, `document.querySelector('.overview').hidden`, 5*time.Second)
	presentWaitAt(t, ctx, 4, 0)
	presentKeys(t, ctx, "o")
	siteWaitJS(t, ctx, `!document.querySelector('.overview').hidden`, 5*time.Second)
	sel := fmt.Sprintf(`.overview li:nth-child(%d) .thumb`, sceneAt)
	require.NoError(t, chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel))))
	presentWaitAt(t, ctx, sceneAt, 0)
	require.True(t, siteEval[bool](t, ctx, `document.querySelector('.overview').hidden`))
	require.Empty(t, log.take(), "console errors")
}

// presentOverflowJS lists the slides whose content reaches past the
// slide's padding (where the slide number is) or sideways out of it, with
// the deck's fitting done: measured from the rendered boxes, not from the
// classes the script chose.
const presentOverflowJS = `Array.from(document.querySelectorAll('.slides > .slide')).map((s, i) => {
	const r = s.getBoundingClientRect(), cs = getComputedStyle(s);
	const bottom = r.bottom - parseFloat(cs.paddingBottom) + 1, right = r.right - parseFloat(cs.paddingRight) + 1;
	const bad = Array.from(s.querySelectorAll('.slide-head, .title-block > *, .slide-body > *, .slide-body li, .scene-area'))
		.filter(e => { const b = e.getBoundingClientRect(); return b.height > 0 && (b.bottom > bottom || b.right > right); });
	return bad.length ? (i + 1) + ' (' + bad[0].tagName + ' ' + (bad[0].textContent || '').trim().slice(0, 40) + ')' : '';
}).filter(Boolean)`

// TestPresentSlidesFitTheStage lays every chapter's deck out at
// 1920×1080: no slide's text runs off it, type stays large enough for a
// room, nothing scrolls sideways. Then one deck at 1280×720 (a projector),
// in dark mode, and with JavaScript off.
func TestPresentSlidesFitTheStage(t *testing.T) {
	b, ctx, log := presentSetup(t)
	all, err := chapters.All()
	require.NoError(t, err)
	smallest := 1000.0
	for _, c := range all {
		presentOpen(t, ctx, b.url+site.PresentName(c))
		require.Empty(t, siteEval[[]string](t, ctx, presentOverflowJS), "%s: slides that do not fit", c.File)
		require.Zero(t, siteEval[int](t, ctx, `document.querySelectorAll('.slide.fit-scroll').length`), c.File)
		fs := siteEval[float64](t, ctx, `Math.min(...Array.from(document.querySelectorAll('.slides > .slide:not(.slide-scene)')).map(s => parseFloat(getComputedStyle(s).fontSize)))`)
		smallest = min(smallest, fs)
		require.GreaterOrEqual(t, fs, 20.0, "%s: the smallest type", c.File)
		require.LessOrEqual(t, siteEval[int](t, ctx, `document.documentElement.scrollWidth`), 1920, c.File)
		require.Empty(t, log.take(), "%s: console errors", c.File)
	}
	t.Logf("the smallest body type on any slide: %.0f px of 1080", smallest)

	c := all[len(all)/2]
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)))
	presentOpen(t, ctx, b.url+site.PresentName(c)+"#/1")
	require.InDelta(t, 1280.0/1920, siteEval[float64](t, ctx, `+document.getElementById('deck').dataset.scale`), 0.001)
	box := siteEval[[]float64](t, ctx, `(() => { const r = document.querySelector('.deck-stage').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`)
	require.InDelta(t, 0, box[0], 1)
	require.InDelta(t, 0, box[1], 1)
	require.InDelta(t, 1280, box[2], 1)
	require.InDelta(t, 720, box[3], 1)
	require.LessOrEqual(t, siteEval[int](t, ctx, `document.documentElement.scrollWidth`), 1280, "no sideways scroll")
	require.LessOrEqual(t, siteEval[int](t, ctx, `document.documentElement.scrollHeight`), 720)
	time.Sleep(4 * time.Second) // the key hint fades
	presentShot(t, ctx, "present_title_720.png")
	// A taller window letterboxes.
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1024, 768)))
	siteWaitJS(t, ctx, `Math.abs(document.querySelector('.deck-stage').getBoundingClientRect().top - (768 - 1024 * 1080 / 1920) / 2) < 1`, 5*time.Second)

	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080)))
	presentColorScheme(t, ctx, "dark")
	presentOpen(t, ctx, b.url+site.PresentName(c)+"#/4")
	require.Equal(t, "rgb(14, 15, 17)", siteEval[string](t, ctx, `getComputedStyle(document.querySelector('.slide.current')).backgroundColor`), "dark slides")
	require.Equal(t, "rgb(244, 244, 241)", siteEval[string](t, ctx, `getComputedStyle(document.querySelector('.slide.current')).color`))
	presentShot(t, ctx, "present_slide_dark.png")
	presentColorScheme(t, ctx, "light")
	require.Empty(t, log.take(), "console errors")

	// Without JavaScript: every slide, one after the other.
	noJS, cancel := chromedp.NewContext(ctx)
	defer cancel()
	require.NoError(t, chromedp.Do(noJS, chromedp.EmulateViewport(1280, 900)))
	_, err = chromedp.Call(noJS, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(noJS, chromedp.Navigate(b.url+site.PresentName(c))))
	tops := siteEval[[]float64](t, noJS, `Array.from(document.querySelectorAll('.slides > .slide')).map(s => s.getBoundingClientRect().height > 0 && getComputedStyle(s).visibility === 'visible' ? s.getBoundingClientRect().top : -1)`)
	require.NotEmpty(t, tops)
	for i := 1; i < len(tops); i++ {
		require.Greater(t, tops[i], tops[i-1], "slide %d shows below slide %d", i+1, i)
	}
	steps := siteEval[int](t, noJS, `Array.from(document.querySelectorAll('.step')).filter(s => s.getBoundingClientRect().height > 0).length`)
	require.Equal(t, siteEval[int](t, noJS, `document.querySelectorAll('.step').length`), steps, "every narrated step of every scene")
	require.Zero(t, siteEval[int](t, noJS, `Array.from(document.querySelectorAll('.notes')).filter(n => n.getBoundingClientRect().height > 0).length`), "notes stay hidden")
	require.LessOrEqual(t, siteEval[int](t, noJS, `document.documentElement.scrollWidth`), 1280)
	siteScreenshot(t, noJS, "present_nojs.png")
}

// presentColorScheme makes the page see a light or dark system setting.
func presentColorScheme(t testing.TB, ctx context.Context, scheme string) {
	t.Helper()
	_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
	require.NoError(t, err)
}
