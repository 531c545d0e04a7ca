package tests

// The website in a real browser: headless Chromium through chromedp.
// Every page loads without console errors, a scene plays and its canvas
// shows the scheduler, the controls and keys drive it, an edit with a
// mistake shows the message at its line and keeps the text, a shared link
// brings the edited scene back, dark mode toggles and stays, search finds
// words of later chapters, and a 360 px phone never scrolls sideways.
// Screenshots go to tests/out/ to look at.
//
// The tests skip, saying why, when Chromium is not installed; the tests
// that play scenes skip when the WebAssembly player cannot be built.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io/fs"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/internal/runlog"
	"github.com/gmpbook/gmpbook/site"
)

// siteChromium finds a Chromium or Chrome binary.
func siteChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

var (
	sitePlayerOnce sync.Once
	sitePlayerDir  string
	sitePlayerErr  error
)

// sitePlayer is the built player: the one embedded in the site package
// (after make wasm), else one built now from wasm/ into a temporary
// directory. nil, with the reason, when neither is possible.
func sitePlayer(t testing.TB) (fs.FS, string) {
	t.Helper()
	sitePlayerOnce.Do(func() {
		s, err := site.Build(site.Options{Chapters: []*chapters.Chapter{}})
		if err == nil && s.HasPlayer {
			return // embedded
		}
		if _, err := os.Stat("../wasm/index.html"); err != nil {
			sitePlayerErr = errors.New("the player (wasm/index.html) does not exist yet")
			return
		}
		dir, err := os.MkdirTemp("", "gmpbook-player-")
		if err != nil {
			sitePlayerErr = err
			return
		}
		// Both players, as make wasm builds them: the full one and the
		// light one that plays the site's recorded runs.
		for _, b := range [][]string{{"main.wasm", "-tags", "lazycjk"}, {"light.wasm", "-tags", "light,lazycjk"}} {
			cmd := exec.Command("go", append(append([]string{"build"}, b[1:]...), "-o", filepath.Join(dir, b[0]), "./wasm")...)
			cmd.Dir = ".."
			cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
			if out, err := cmd.CombinedOutput(); err != nil {
				sitePlayerErr = fmt.Errorf("building the player (%s): %v\n%s", b[0], err, out)
				return
			}
		}
		copyFile := func(from, to string) {
			if sitePlayerErr != nil {
				return
			}
			data, err := os.ReadFile(from)
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, to), data, 0o644)
			}
			sitePlayerErr = err
		}
		copyFile("../wasm/index.html", "index.html")
		copyFile("../internal/fonts/cjk-subset.ttf", "cjk-subset.ttf")
		copyFile(filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"), "wasm_exec.js")
		sitePlayerDir = dir
	})
	if sitePlayerErr != nil {
		return nil, sitePlayerErr.Error()
	}
	if sitePlayerDir == "" {
		return nil, "" // the embedded one
	}
	return os.DirFS(sitePlayerDir), ""
}

// siteBrowserServer serves the notebook with the player when there is one.
type siteBrowserServer struct {
	site   *site.Site
	url    string
	player bool
	why    string // why there is no player
}

var (
	siteBSOnce sync.Once
	siteBS     siteBrowserServer
	siteBSErr  error
)

func siteServeForBrowser(t testing.TB) *siteBrowserServer {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skipping the browser tests")
	}
	if siteChromium() == "" {
		t.Skip("Chromium is not installed (apt-get install chromium, or make deps): skipping the browser tests")
	}
	siteBSOnce.Do(func() {
		player, why := sitePlayer(t)
		s, err := site.Build(site.Options{GOROOT: site.FindGOROOT(), Player: player, Real: os.DirFS("../chapters/real")})
		if err != nil {
			siteBSErr = err
			return
		}
		srv := httptest.NewServer(s.Handler())
		siteBS = siteBrowserServer{site: s, url: srv.URL + "/", player: s.HasPlayer, why: why}
	})
	require.NoError(t, siteBSErr)
	return &siteBS
}

func siteNeedPlayer(t testing.TB, b *siteBrowserServer) {
	t.Helper()
	if !b.player {
		t.Skipf("the WebAssembly player is missing (%s): skipping a test that plays scenes", b.why)
	}
}

// siteNewBrowser starts headless Chromium with a fresh profile.
func siteNewBrowser(t testing.TB) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(siteChromium()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)))
	return ctx
}

// siteConsoleLog collects a tab's console errors and exceptions.
type siteConsoleLog struct {
	mu   sync.Mutex
	errs []string
}

func siteWatchConsole(ctx context.Context) *siteConsoleLog {
	l := &siteConsoleLog{}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				l.mu.Lock()
				l.errs = append(l.errs, fmt.Sprintf("%s:%d: %s", m.URL, m.Line+1, m))
				l.mu.Unlock()
			}
		}
	}()
	return l
}

func (l *siteConsoleLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.errs
	l.errs = nil
	return out
}

// siteEval runs JavaScript in the page and decodes its result.
func siteEval[T any](t testing.TB, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	require.NoError(t, err, js)
	return v
}

// siteWaitJS polls a JavaScript condition until it is true.
func siteWaitJS(t testing.TB, ctx context.Context, cond string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!(`+cond+`)`))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			require.Failf(t, "timed out", "waiting %s for %s (last error: %v)", timeout, cond, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// siteClickUntil clicks the element sel until cond holds. A click can be
// lost on a busy machine when the page moves between chromedp reading the
// element's position and pressing the mouse there (a poster or a font
// arriving late); a reader would click again, and so does this. When every
// try fails it reports what was under the pointer.
func siteClickUntil(t testing.TB, ctx context.Context, sel, cond string, timeout time.Duration) {
	t.Helper()
	for try := 1; try <= 3; try++ {
		require.NoError(t, chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel))))
		deadline := time.Now().Add(timeout / 3)
		for time.Now().Before(deadline) {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!(`+cond+`)`))
			if err == nil && ok {
				if try > 1 {
					t.Logf("click on %s took effect on try %d", sel, try)
				}
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	under, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const e = document.querySelector(`+"`"+sel+"`"+`); if (!e) return 'no element'; const r = e.getBoundingClientRect(); const u = document.elementFromPoint(r.x + r.width/2, r.y + r.height/2); return JSON.stringify(r) + ' under the pointer: ' + (u ? u.outerHTML.slice(0, 200) : 'nothing'); })()`))
	require.Failf(t, "timed out", "clicking %s three times did not make %s true (%s)", sel, cond, under)
}

// siteScreenshot saves a full-page siteScreenshot under tests/out.
func siteScreenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	require.NoError(t, os.MkdirAll("out", 0o755))
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join("out", name), buf, 0o644))
}

func siteNavigate(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	siteWaitJS(t, ctx, `document.readyState === "complete" && window.gmpbook`, 20*time.Second)
}

func sitePageList(b *siteBrowserServer) []string {
	pages := append([]string{"index.html"}, b.site.Pages...)
	return append(pages, "404.html")
}

// TestSiteBrowserPagesLoadWithoutErrors opens every page, lets the scenes
// in view load their players, and fails on any console error (a blocked
// resource, a Content-Security-Policy refusal, an exception). It saves a
// siteScreenshot of each page at 1280 px.
func TestSiteBrowserPagesLoadWithoutErrors(t *testing.T) {
	b := siteServeForBrowser(t)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	waited := false
	for _, p := range sitePageList(b) {
		siteNavigate(t, ctx, b.url+p)
		if b.player && !waited && strings.Contains(string(b.site.Files[p]), `class="scene"`) {
			// The scenes in view load their players: wait for them once,
			// so that the player page's own errors count too.
			siteWaitJS(t, ctx, `gmpbook.scenes.some(s => s.iframe) && gmpbook.scenes.every(s => !s.iframe || s.ready)`, 90*time.Second)
			waited = true
		}
		time.Sleep(300 * time.Millisecond)
		siteScreenshot(t, ctx, "site-"+strings.TrimSuffix(p, ".html")+"-1280.png")
		require.Empty(t, log.take(), "%s: console errors", p)
	}
}

// TestSiteBrowserPhoneWidthHasNoSidewaysScroll lays every page out 360 px
// wide: nothing may be wider than the screen.
func TestSiteBrowserPhoneWidthHasNoSidewaysScroll(t *testing.T) {
	b := siteServeForBrowser(t)
	ctx := siteNewBrowser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile)))
	for _, p := range sitePageList(b) {
		siteNavigate(t, ctx, b.url+p)
		w := siteEval[int](t, ctx, `document.documentElement.scrollWidth`)
		wide := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('body *')).filter(e => {
			const r = e.getBoundingClientRect();
			return r.width > 0 && r.right > innerWidth + 1 && !e.closest('pre, table, .results, .editor, svg');
		}).slice(0, 5).map(e => e.tagName + '.' + e.className)`)
		require.LessOrEqual(t, w, 360, "%s is %d px wide at 360 px: %v", p, w, wide)
		siteScreenshot(t, ctx, "site-"+strings.TrimSuffix(p, ".html")+"-360.png")
	}
}

// TestSiteBrowserDarkModeTogglesAndStays clicks the toggle, checks the
// colours, reloads, and checks the choice was kept.
func TestSiteBrowserDarkModeTogglesAndStays(t *testing.T) {
	b := siteServeForBrowser(t)
	ctx := siteNewBrowser(t)
	siteNavigate(t, ctx, b.url+b.site.Pages[0])
	bg := `getComputedStyle(document.body).backgroundColor`
	light := siteEval[string](t, ctx, bg)
	require.Equal(t, "rgb(253, 253, 251)", light)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".theme-toggle"))))
	require.Equal(t, "dark", siteEval[string](t, ctx, `document.documentElement.dataset.theme`))
	require.Equal(t, "rgb(21, 23, 26)", siteEval[string](t, ctx, bg))
	require.Equal(t, "true", siteEval[string](t, ctx, `document.querySelector('.theme-toggle').getAttribute('aria-pressed')`))
	siteScreenshot(t, ctx, "site-dark-1280.png")
	siteNavigate(t, ctx, b.url+b.site.Pages[0])
	require.Equal(t, "rgb(21, 23, 26)", siteEval[string](t, ctx, bg), "the choice survives a reload")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".theme-toggle"))))
	require.Equal(t, light, siteEval[string](t, ctx, bg))
}

// TestSiteBrowserSearchFindsLaterChapters types a word that only a later
// chapter has into the search box of the first page.
func TestSiteBrowserSearchFindsLaterChapters(t *testing.T) {
	b := siteServeForBrowser(t)
	if len(b.site.Pages) < 2 {
		t.Skip("one chapter only")
	}
	var entries []struct{ Page, Text, Section string }
	require.NoError(t, json.Unmarshal(b.site.Files["search.json"], &entries))
	first := strings.ToLower(string(b.site.Files[b.site.Pages[0]]))
	last := b.site.Pages[len(b.site.Pages)-1]
	term := ""
	for _, e := range entries {
		if e.Page != last {
			continue
		}
		for _, w := range strings.Fields(e.Text) {
			w = strings.ToLower(strings.Trim(w, ".,;:()`\"'*!?"))
			if len(w) >= 7 && !strings.ContainsAny(w, "<>&/=") && !strings.Contains(first, w) {
				term = w
				break
			}
		}
		if term != "" {
			break
		}
	}
	require.NotEmpty(t, term, "no word of %s is missing from the first chapter", last)
	ctx := siteNewBrowser(t)
	siteNavigate(t, ctx, b.url+b.site.Pages[0])
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS("#q")),
		chromedp.SendKeys(chromedp.CSS("#q"), term),
	))
	siteWaitJS(t, ctx, `!document.querySelector('#search-results').hidden && document.querySelector('#search-results a')`, 10*time.Second)
	hrefs := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('#search-results a')).map(a => a.getAttribute('href'))`)
	found := false
	for _, h := range hrefs {
		found = found || strings.HasPrefix(h, last)
	}
	require.True(t, found, "searching %q finds %s: got %v", term, last, hrefs)
	siteScreenshot(t, ctx, "site-search-1280.png")
	require.NoError(t, chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#q")), chromedp.KeyEvent(kb.Enter)))
	// Enter follows the first result.
	page, _, _ := strings.Cut(hrefs[0], "#")
	siteWaitJS(t, ctx, `location.pathname.endsWith(`+siteJSString(page)+`)`, 10*time.Second)
}

func siteJSString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// siteFirstScene is the page and id of the first chapter scene.
func siteFirstScene(t testing.TB) (*chapters.Chapter, *chapters.Scene) {
	all, err := chapters.All()
	require.NoError(t, err)
	for _, c := range all {
		if len(c.Scenes) > 0 {
			return c, c.Scenes[0]
		}
	}
	t.Skip("no chapter has a scene")
	return nil, nil
}

// sitePressPlay presses the scene's Play button unless its player is
// already there. The check and the press happen in one turn of the page's
// event loop: the page loads the player of a scene that scrolls into view,
// hiding the button, and a click sent from outside could wait for ever for
// a button that was hidden between the check and the press.
func sitePressPlay(t testing.TB, ctx context.Context, sel string) {
	t.Helper()
	siteEval[bool](t, ctx, `(() => {
		if (document.querySelector('`+sel+` iframe')) return false;
		const b = document.querySelector('`+sel+` .play');
		b.scrollIntoView({block: 'center'});
		b.click();
		return true; })()`)
}

// status reads the player's status from inside the scene's iframe.
func sitePlayerStatus(t testing.TB, ctx context.Context, id string) map[string]any {
	return siteEval[map[string]any](t, ctx, `(() => { const f = document.querySelector('#scene-`+id+` iframe');
		return (f && f.contentWindow && f.contentWindow.gmpbookStatus) || {}; })()`)
}

func siteNum(v any) float64 {
	f, _ := v.(float64)
	return f
}

// siteCanvasColours screenshots the scene's iframe and counts its colours:
// a blank or single-colour canvas has a handful, a drawn scheduler many.
func siteCanvasColours(t testing.TB, ctx context.Context, id string) int {
	buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#scene-"+id+" iframe")))
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(buf))
	require.NoError(t, err)
	colours := map[uint32]bool{}
	bnd := img.Bounds()
	for y := bnd.Min.Y; y < bnd.Max.Y; y += 2 {
		for x := bnd.Min.X; x < bnd.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[(r>>11)<<10|(g>>11)<<5|(b>>11)] = true
		}
	}
	return len(colours)
}

// TestSiteBrowserScenePlaysAndResponds plays the first scene: the poster
// gives way to the player, its canvas shows the scheduler, the cursor
// moves; the page's buttons and keys pause, step and step back.
func TestSiteBrowserScenePlaysAndResponds(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID
	// A scene in view loads its player by itself (paused); one out of view
	// waits for Play. Either way the reader presses a play button.
	time.Sleep(time.Second)
	start := time.Now()
	status := func(field string) string {
		return `document.querySelector('` + sel + ` iframe').contentWindow.gmpbookStatus.` + field
	}
	if siteEval[bool](t, ctx, `!!document.querySelector('`+sel+` iframe')`) {
		// Loaded on sight: start it with the keyboard, as a reader would
		// after tabbing to it.
		t.Log("the scene in view loaded its player by itself")
		siteWaitJS(t, ctx, status("ready"), 90*time.Second)
		require.NoError(t, chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(sel+" .stage")), chromedp.KeyEvent(" ")))
	} else {
		sitePressPlay(t, ctx, sel)
	}
	siteWaitJS(t, ctx, status("ready"), 90*time.Second)
	t.Logf("the player was ready %v after the click", time.Since(start).Round(time.Millisecond))
	siteWaitJS(t, ctx, status("playing")+` === true`, 10*time.Second)
	require.True(t, siteEval[bool](t, ctx, `document.querySelector('`+sel+` .poster').hidden`), "the poster gave way to the player")
	require.True(t, siteEval[bool](t, ctx, `document.querySelector('`+sel+` .loading').hidden`), "the loading bar is gone")
	siteWaitJS(t, ctx, status("cursor")+` > 0`, 30*time.Second)
	require.Greater(t, siteCanvasColours(t, ctx, sc.ID), 8, "the canvas shows something")
	siteWaitJS(t, ctx, `document.querySelector('`+sel+` .narration').textContent.length > 0`, 10*time.Second)
	// Past the runtime's start-up, the source shows the line of the
	// goroutine the current step is about.
	siteEval[bool](t, ctx, `(() => { document.querySelector('`+sel+` iframe').contentWindow.postMessage({cmd: 'seek', at: `+
		`Math.floor(document.querySelector('`+sel+` iframe').contentWindow.gmpbookStatus.len * 0.8)}, '*'); return true; })()`)
	siteWaitJS(t, ctx, `!!document.querySelector('`+sel+` .gutter .current')`, 10*time.Second)

	// The keys of the page's scene box: space pauses, → steps, ← steps back.
	require.NoError(t, chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(sel+" .stage")), chromedp.KeyEvent(" ")))
	siteWaitJS(t, ctx, status("playing")+` === false && !gmpbook.scenes[0].playing`, 10*time.Second)
	at := siteNum(sitePlayerStatus(t, ctx, sc.ID)["cursor"])
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
	siteWaitJS(t, ctx, fmt.Sprintf(`%s > %v`, status("cursor"), at), 10*time.Second)
	at = siteNum(sitePlayerStatus(t, ctx, sc.ID)["cursor"])
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)))
	siteWaitJS(t, ctx, fmt.Sprintf(`%s < %v`, status("cursor"), at), 10*time.Second)

	// The player's own buttons, clicked where its display list puts them.
	at = siteNum(sitePlayerStatus(t, ctx, sc.ID)["cursor"])
	box := siteEval[[]float64](t, ctx, `(() => {
		const f = document.querySelector('`+sel+` iframe');
		let shapes = [];
		try { shapes = JSON.parse(f.contentWindow.gmpbookFrame()).Shapes || []; } catch (e) {}
		const b = shapes.find(s => s.Role === 'ctl:step' && s.Kind === 0);
		if (!b) return [];
		f.scrollIntoView({ block: 'center' });
		const r = f.getBoundingClientRect();
		return [r.left + b.X + b.W / 2, r.top + b.Y + b.H / 2];
	})()`)
	if len(box) == 2 {
		// Ebiten reads the pointer once per tick (1/60 s): move there, and
		// hold the button down for a few ticks, as a hand does.
		require.NoError(t, chromedp.Do(ctx,
			chromedp.MouseEvent(chromedp.MouseMoved, box[0], box[1]),
			chromedp.Sleep(100*time.Millisecond),
			chromedp.MouseEvent(chromedp.MousePressed, box[0], box[1], chromedp.ButtonLeft, chromedp.ClickCount(1)),
			chromedp.Sleep(100*time.Millisecond),
			chromedp.MouseEvent(chromedp.MouseReleased, box[0], box[1], chromedp.ButtonLeft, chromedp.ClickCount(1)),
		))
		siteWaitJS(t, ctx, fmt.Sprintf(`%s > %v`, status("cursor"), at), 10*time.Second)
	} else {
		t.Log("the player does not publish its display list (window.gmpbookFrame): its buttons are not clicked")
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(sel+" .stage")), chromedp.KeyEvent(" ")))
	siteWaitJS(t, ctx, status("playing")+` === true`, 10*time.Second)
	siteScreenshot(t, ctx, "site-scene-playing-1280.png")
	require.Empty(t, log.take(), "console errors")

	// A scene further down waits, as a poster, for its Play button.
	all, err := chapters.All()
	require.NoError(t, err)
	for _, ch := range all {
		if len(ch.Scenes) < 2 {
			continue
		}
		last := "#scene-" + ch.Scenes[len(ch.Scenes)-1].ID
		siteNavigate(t, ctx, b.url+site.PageName(ch))
		require.False(t, siteEval[bool](t, ctx, `!!document.querySelector('`+last+` iframe')`), "%s: a scene out of sight has no player yet", last)
		require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('`+last+` .play').click()`)))
		siteWaitJS(t, ctx, `(() => { const f = document.querySelector('`+last+` iframe'); return f && f.contentWindow.gmpbookStatus && f.contentWindow.gmpbookStatus.playing; })()`, 90*time.Second)
		require.True(t, siteEval[bool](t, ctx, `document.querySelector('`+last+` .poster').hidden`))
		break
	}
	require.Empty(t, log.take(), "console errors")
}

// TestSiteBrowserUneditedSceneLoadsNoCompiler: a chapter's scene as
// written plays the run the site recorded, in the light player, with the
// simulator's events one for one; asking it for another seed, or editing
// the scene, brings the full player (main.wasm), which compiles.
func TestSiteBrowserUneditedSceneLoadsNoCompiler(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	if _, ok := b.site.Files["player/"+site.LightPlayerFile]; !ok {
		t.Skip("the light player (light.wasm) is not built: make wasm builds it")
	}
	c, sc := siteFirstScene(t)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID
	frame := `document.querySelector('` + sel + ` iframe')`
	ready := `(() => { const f = ` + frame + `; return !!(f && f.contentWindow.gmpbookStatus && f.contentWindow.gmpbookStatus.ready); })()`
	loaded := func() []string {
		return siteEval[[]string](t, ctx, frame+`.contentWindow.performance.getEntriesByType('resource').map(e => new URL(e.name).pathname.split('/').pop())`)
	}
	sitePressPlay(t, ctx, sel)
	siteWaitJS(t, ctx, ready, 90*time.Second)
	got := loaded()
	require.Contains(t, got, site.LightPlayerFile, "resources: %v", got)
	require.NotContains(t, got, "main.wasm", "an unedited scene downloads no compiler")

	// The run it plays is the simulator's.
	key := siteEval[string](t, ctx, `new URL(`+frame+`.src).searchParams.get('run')`)
	data, ok := b.site.Files["player/runs/"+key+".run"]
	require.True(t, ok, "run=%s is not a file of the site", key)
	rec, err := runlog.Decode(data)
	require.NoError(t, err)
	run, err := playerlog.Simulate(sc.Compiled, sc.Settings, 0, 0, nil)
	require.NoError(t, err)
	require.Equal(t, run.Events, rec.Events)
	siteWaitJS(t, ctx, fmt.Sprintf(`%s.contentWindow.gmpbookStatus.len === %d`, frame, len(run.Events)), 10*time.Second)

	// Another seed: the full player takes over, in the same frame.
	siteEval[bool](t, ctx, `(() => { `+frame+`.contentWindow.postMessage({cmd: 'seed', seed: 7}, '*'); return true; })()`)
	siteWaitJS(t, ctx, `(() => { try { const u = new URL(`+frame+`.contentWindow.location.href); return !u.searchParams.get('run') && u.searchParams.get('seed') === '7'; } catch (e) { return false; } })()`, 20*time.Second)
	siteWaitJS(t, ctx, ready, 90*time.Second)
	got = loaded()
	require.Contains(t, got, "main.wasm", "resources: %v", got)
	require.NotContains(t, got, site.LightPlayerFile)

	// An edited scene runs in the full player from the start.
	siteNavigate(t, ctx, b.url+site.PageName(c))
	edited := strings.Replace(sc.Source, "fmt.Println(", "fmt.Println(\"edited\", ", 1)
	require.NotEqual(t, sc.Source, edited)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.ScrollIntoView(chromedp.CSS(sel+" textarea")),
		chromedp.SetValue(chromedp.CSS(sel+" textarea"), edited),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('`+sel+` textarea').dispatchEvent(new Event('input'))`),
	))
	// The re-run replaces the frame; an edited scene has no recorded run.
	siteClickUntil(t, ctx, sel+" .rerun", `(() => { const f = `+frame+`; return !!f && !new URL(f.src).searchParams.get('run'); })()`, 30*time.Second)
	siteWaitJS(t, ctx, ready, 90*time.Second)
	got = loaded()
	require.Contains(t, got, "main.wasm", "resources: %v", got)
	require.Empty(t, log.take(), "console errors")
}

// TestSiteBrowserEditErrorShowsAtItsLine breaks the first scene on one
// line, re-runs it, and expects the message at that line with the text
// untouched; then fixes it, shares the link, and opens the link in a new
// tab, which must show and run the edited scene.
func TestSiteBrowserEditErrorShowsAtItsLine(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	ctx := siteNewBrowser(t)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID

	lines := strings.Split(sc.Source, "\n")
	bad := -1
	for i, l := range lines {
		if strings.Contains(l, "fmt.Println") {
			lines[i] = strings.Replace(l, "fmt.Println", "fmt.Printn", 1)
			bad = i + 1
			break
		}
	}
	require.NotEqual(t, -1, bad, "scene %s prints nothing", sc.ID)
	broken := strings.Join(lines, "\n")
	setSource := func(src string) {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.ScrollIntoView(chromedp.CSS(sel+" textarea")),
			chromedp.SetValue(chromedp.CSS(sel+" textarea"), src),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('`+sel+` textarea').dispatchEvent(new Event('input'))`),
		))
	}
	setSource(broken)
	siteClickUntil(t, ctx, sel+" .rerun", `document.querySelector('`+sel+` iframe')`, 30*time.Second)
	siteWaitJS(t, ctx, `!document.querySelector('`+sel+` .diagnostics').hidden`, 90*time.Second)
	diag := siteEval[string](t, ctx, `document.querySelector('`+sel+` .diagnostics').textContent`)
	require.Contains(t, diag, fmt.Sprintf("scene.go:%d:", bad), diag)
	require.Contains(t, diag, "Printn")
	require.Equal(t, fmt.Sprint(bad), siteEval[string](t, ctx, `document.querySelector('`+sel+` .gutter .bad').textContent`), "the gutter marks the line")
	require.Equal(t, 1, siteEval[int](t, ctx, `document.querySelectorAll('`+sel+` .marks .line').length`), "a band behind the line")
	require.Equal(t, broken, siteEval[string](t, ctx, `document.querySelector('`+sel+` textarea').value`), "the text is kept")
	siteScreenshot(t, ctx, "site-scene-error-1280.png")

	// A working edit, shared by its URL.
	edited := strings.Replace(sc.Source, "fmt.Println(", "fmt.Println(\"edited\", ", 1)
	setSource(edited)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel+" .rerun"))))
	siteWaitJS(t, ctx, `(() => { const f = document.querySelector('`+sel+` iframe'); return f && f.contentWindow.gmpbookStatus && f.contentWindow.gmpbookStatus.ready; })()`, 90*time.Second)
	require.True(t, siteEval[bool](t, ctx, `document.querySelector('`+sel+` .diagnostics').hidden`))
	siteWaitJS(t, ctx, `location.hash.includes('scene-`+sc.ID+`=')`, 5*time.Second)
	url := siteEval[string](t, ctx, `location.href`)
	enc := base64.RawURLEncoding.EncodeToString([]byte(edited))
	require.Contains(t, url, "#scene-"+sc.ID+"="+enc)

	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	siteNavigate(t, tab, url)
	require.Equal(t, edited, siteEval[string](t, tab, `document.querySelector('`+sel+` textarea').value`), "the link brings the edit back")
	require.True(t, siteEval[bool](t, tab, `document.querySelector('`+sel+`').classList.contains('is-edited')`))
	siteWaitJS(t, tab, `(() => { const f = document.querySelector('`+sel+` iframe'); return f && f.contentWindow.gmpbookStatus && f.contentWindow.gmpbookStatus.ready; })()`, 90*time.Second)
	src := siteEval[string](t, tab, `new URL(document.querySelector('`+sel+` iframe').src).searchParams.get('src')`)
	require.Equal(t, enc, src, "the player runs the edited scene")
	siteScreenshot(t, tab, "site-scene-shared-1280.png")
}

// siteChoiceExercise is the first exercise with choices: its chapter, the
// exercise, the answer the simulator computes and a choice that is wrong.
func siteChoiceExercise(t *testing.T) (c *chapters.Chapter, p *chapters.Predict, want, wrong string) {
	t.Helper()
	all, err := chapters.All()
	require.NoError(t, err)
	for _, ch := range all {
		for _, pr := range ch.Predicts {
			if len(pr.Choices) > 1 && c == nil {
				c, p = ch, pr
			}
		}
	}
	if c == nil {
		t.Skip("no exercise with choices")
	}
	want, err = p.Expected(c)
	require.NoError(t, err)
	wrong = p.Choices[0]
	if wrong == want {
		wrong = p.Choices[1]
	}
	return c, p, want, wrong
}

// TestSiteBrowserPredictGrades answers an exercise right and wrong.
func TestSiteBrowserPredictGrades(t *testing.T) {
	b := siteServeForBrowser(t)
	c, _, want, wrong := siteChoiceExercise(t)
	ctx := siteNewBrowser(t)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	form := "#predict-1"
	require.False(t, siteEval[bool](t, ctx, `getComputedStyle(document.getElementById('explain-1')).display !== 'none'`), "the explanation waits for an answer")
	pick := func(v string) {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Evaluate[chromedp.Void](`Array.from(document.querySelectorAll('`+form+` input[type=radio]')).find(r => r.value === `+siteJSString(v)+`).click()`),
			chromedp.Click(chromedp.CSS(form+` button[type=submit]`)),
		))
	}
	pick(wrong)
	require.Contains(t, siteEval[string](t, ctx, `document.querySelector('`+form+` .verdict').className`), "wrong")
	pick(want)
	require.Contains(t, siteEval[string](t, ctx, `document.querySelector('`+form+` .verdict').className`), "right")
	require.True(t, siteEval[bool](t, ctx, `getComputedStyle(document.getElementById('explain-1')).display !== 'none'`), "the explanation shows")
}
