package tests

// The scene tools of a chapter page in a real browser: "Run over 100
// seeds" shows the simulator's outputs over seeds 1..100 — the counts of
// gmpbook run -seeds 1..100 — beside the real runtime's captured ones
// with their total-variation distance; "Compare" opens compare mode;
// "Download trace" saves the run shown as Chrome trace JSON, the bytes
// core.ChromeTrace writes for it.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/dist"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/site"
)

// cliSeeds runs gmpbook run -seeds 1..100 -key KEY on the scene, with the
// chapter's settings as flags, and reads its histogram: count by output
// as dist.Oneline shows it.
func cliSeeds(t *testing.T, s *chapters.Scene, key string) map[string]int {
	t.Helper()
	needGo(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "gmpbook")
	build := exec.Command("go", "build", "-o", bin, "./cmd/gmpbook")
	build.Dir = ".."
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	file := filepath.Join(dir, s.ID+".go")
	require.NoError(t, os.WriteFile(file, []byte(s.Source), 0o644))
	args := []string{"run", "-seeds", "1..100", "-key", key}
	for _, kv := range s.Settings.Flags() {
		args = append(args, "-"+kv[0], kv[1])
	}
	cmd := exec.Command(bin, append(args, file)...)
	cmd.Env = cleanEnv()
	out, err = cmd.Output()
	require.NoError(t, err, "gmpbook %v", args)
	row := regexp.MustCompile(`^  +(\d+) +[0-9.]+% +(.*)$`)
	got := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if m := row.FindStringSubmatch(sc.Text()); m != nil {
			n, _ := strconv.Atoi(m[1])
			got[m[2]] += n
		}
	}
	require.NotEmpty(t, got, "gmpbook run printed no histogram:\n%s", out)
	return got
}

// toolScene is a chapter scene at GOMAXPROCS>1 with a captured real
// distribution: the work-stealing scene ("steal", whose outputs vary over
// seeds and on the real runtime) when the chapters have it, else the
// first such scene. (Choosing by simulating every candidate over a few
// seeds takes minutes: some scenes simulate long runs.)
func toolScene(t *testing.T) (*chapters.Chapter, *chapters.Scene) {
	var pick *distScene
	for _, d := range distScenes(t) {
		if _, err := os.Stat(filepath.Join("..", "chapters", "real", d.name)); err != nil {
			continue
		}
		if pick == nil || d.s.ID == "steal" {
			pick = &d
		}
	}
	if pick == nil {
		t.Skip("no chapter scene at GOMAXPROCS>1 has a captured real distribution")
	}
	return pick.c, pick.s
}

func seedRange(n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = uint64(i + 1)
	}
	return out
}

// TestSiteBrowserSeedsHistogram runs a scene over 100 seeds from its page:
// the page reports progress more than once, the counts add up to 100 and
// are those of gmpbook run -seeds 1..100, the real runtime's captured
// counts stand beside them, and the distance shown is dist.TVD's. It
// saves the figure at 1280 and 390 px.
func TestSiteBrowserSeedsHistogram(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := toolScene(t)
	t.Logf("scene %s of chapter %d", sc.ID, c.Number)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID
	idx := siteEval[int](t, ctx, `gmpbook.scenes.findIndex(s => s.id === `+siteJSString(sc.ID)+`)`)
	require.GreaterOrEqual(t, idx, 0)
	scene := fmt.Sprintf("gmpbook.scenes[%d]", idx)
	siteEval[bool](t, ctx, `(() => { window.__seeds = [];
		addEventListener('message', e => { if (e.data && e.data.seeds) __seeds.push(e.data.seeds.done); });
		const b = document.querySelector('`+sel+` .seeds-run'); b.scrollIntoView({block: 'center'}); b.focus(); return true; })()`)
	// The keyboard presses it, as a reader who tabbed to it would.
	start := time.Now()
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	siteWaitJS(t, ctx, scene+`.seedsResult && `+scene+`.seedsResult.done === 100 && !`+scene+`.seedsTool.frame`, 3*time.Minute)
	t.Logf("100 seeds in the browser, from the key press to the last count: %v", time.Since(start).Round(time.Millisecond))
	steps := siteEval[[]int](t, ctx, `__seeds`)
	require.Greater(t, len(steps), 1, "progress is reported as the seeds run: %v", steps)
	require.Equal(t, 100, steps[len(steps)-1])

	key := siteEval[string](t, ctx, scene+`.seedsKey`)
	want := cliSeeds(t, sc, key)
	top := siteEval[[][]any](t, ctx, scene+`.seedsResult.hist[`+siteJSString(key)+`].top`)
	got := map[string]int{}
	for _, e := range top {
		got[dist.Oneline(e[0].(string))] += int(e[1].(float64))
	}
	require.Equal(t, want, got, "the page's counts over seeds 1..100 (%s) are gmpbook run -seeds 1..100's", key)

	// The table: the simulator's column adds up to 100.
	sum := siteEval[int](t, ctx, `Array.from(document.querySelectorAll('`+sel+` .seeds tbody tr')).reduce((n, tr) => n + parseInt(tr.cells[1].textContent, 10), 0)`)
	require.Equal(t, 100, sum)
	cols := siteEval[int](t, ctx, `document.querySelectorAll('`+sel+` .seeds thead th').length`)
	require.Equal(t, 3, cols, "the real runtime's column is shown")

	// The distance shown is dist.TVD of the two histograms.
	cfg, err := sc.Config()
	require.NoError(t, err)
	sim, err := dist.Simulate(sc.Compiled, cfg, seedRange(100))
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join("..", "chapters", "real", site.RealDistName(c.Number, sc.ID)))
	require.NoError(t, err)
	real, err := dist.ParseCaptured(data)
	require.NoError(t, err)
	simK, _ := dist.ByKey(sim, key)
	realK, _ := dist.ByKey(real.Hist, key)
	tvd := dist.TVD(simK, realK)
	require.InDelta(t, tvd, siteEval[float64](t, ctx, scene+`.seedsTVD`), 1e-9)
	note := siteEval[string](t, ctx, `document.querySelector('`+sel+` .seeds-note').textContent`)
	require.Contains(t, note, fmt.Sprintf("%.2f", tvd))

	siteEval[bool](t, ctx, `(() => { document.querySelector('`+sel+` .seeds').scrollIntoView({block: 'center'}); return true; })()`)
	shot := func(name string) {
		buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll("out", 0o755))
		require.NoError(t, os.WriteFile(filepath.Join("out", name), buf, 0o644))
	}
	shot("site-seeds-1280.png")
	siteEval[bool](t, ctx, `(() => { document.documentElement.setAttribute('data-theme', 'dark'); return true; })()`)
	require.Equal(t, "rgb(21, 23, 26)", siteEval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`))
	shot("site-seeds-dark-1280.png")
	siteEval[bool](t, ctx, `(() => { document.documentElement.removeAttribute('data-theme'); return true; })()`)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)))
	time.Sleep(500 * time.Millisecond)
	w := siteEval[int](t, ctx, `document.documentElement.scrollWidth`)
	require.LessOrEqual(t, w, 390, "the page stays 390 px wide with the histogram open")
	shot("site-seeds-390.png")
	require.Empty(t, log.take(), "console errors")
}

// TestSiteBrowserCompareControl opens compare mode from a scene's compare
// control: the player's status names both runs; "Back to one run" leaves it.
func TestSiteBrowserCompareControl(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID
	frame := `document.querySelector('` + sel + ` iframe:not(.tool-frame)')`
	status := `(() => { const f = ` + frame + `; return (f && f.contentWindow && f.contentWindow.gmpbookStatus) || {}; })()`
	opts := siteEval[[]string](t, ctx, `Array.from(document.querySelectorAll('`+sel+` .compare-with option')).map(o => o.value)`)
	require.Contains(t, opts, "cgo=1.13")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.ScrollIntoView(chromedp.CSS(sel+" .compare")),
		chromedp.SetValue(chromedp.CSS(sel+" .compare-with"), "cgo=1.13"),
	))
	// The click replaces the frame (a clean CI run once lost it: retried).
	siteEval[bool](t, ctx, `(() => { const f = `+frame+`; window.gmpbookTestBefore = f ? f.src : ''; return true; })()`)
	siteClickUntil(t, ctx, sel+" .compare", `(() => { const f = `+frame+`; return !!f && f.src !== window.gmpbookTestBefore; })()`, 30*time.Second)
	siteWaitJS(t, ctx, status+`.ready && (`+status+`.compare || '').includes('go1.13')`, 90*time.Second)
	st := siteEval[map[string]any](t, ctx, status)
	t.Logf("compare mode: %v", st["compare"])
	require.Contains(t, st["compare"], "go1.26")
	src := siteEval[string](t, ctx, frame+`.src`)
	require.Contains(t, src, "cgo=1.13")
	require.NotContains(t, src, "run=", "compare mode runs in the full player")
	siteWaitJS(t, ctx, `document.querySelector('`+sel+` .tool-status').textContent.includes('go1.13')`, 10*time.Second)
	require.Equal(t, "Back to one run", siteEval[string](t, ctx, `document.querySelector('`+sel+` .compare').textContent`))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel+" .compare"))))
	siteWaitJS(t, ctx, status+`.ready && !`+status+`.compare`, 90*time.Second)
	require.Equal(t, "Compare", siteEval[string](t, ctx, `document.querySelector('`+sel+` .compare').textContent`))

	// GOMAXPROCS: the last choice.
	last := opts[len(opts)-1]
	require.True(t, strings.HasPrefix(last, "cprocs="), last)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS(sel+" .compare-with"), last),
		chromedp.Click(chromedp.CSS(sel+" .compare")),
	))
	n := strings.TrimPrefix(last, "cprocs=")
	siteWaitJS(t, ctx, status+`.ready && (`+status+`.compare || '').includes('procs=`+n+`')`, 90*time.Second)
	require.Empty(t, log.take(), "console errors")
}

// TestSiteBrowserTraceDownload downloads a scene's trace twice: from the
// light player, which asks a full player out of sight for it, and after
// another seed, from the full player itself. Each file is Chrome trace
// JSON with events, byte for byte core.ChromeTrace of the run shown.
func TestSiteBrowserTraceDownload(t *testing.T) {
	b := siteServeForBrowser(t)
	siteNeedPlayer(t, b)
	c, sc := siteFirstScene(t)
	ctx := siteNewBrowser(t)
	log := siteWatchConsole(ctx)
	dir := t.TempDir()
	_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
	})
	require.NoError(t, err)
	siteNavigate(t, ctx, b.url+site.PageName(c))
	sel := "#scene-" + sc.ID
	frame := `document.querySelector('` + sel + ` iframe:not(.tool-frame)')`
	ready := `(() => { const f = ` + frame + `; return !!(f && f.contentWindow.gmpbookStatus && f.contentWindow.gmpbookStatus.ready); })()`
	sitePressPlay(t, ctx, sel)
	siteWaitJS(t, ctx, ready, 90*time.Second)

	download := func(seed uint64) {
		t.Helper()
		name := fmt.Sprintf("gmpbook-%s-procs%d-seed%d.trace.json", sc.ID, siteProcs(t, sc), seed)
		require.NoError(t, chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(sel+" .trace")), chromedp.Click(chromedp.CSS(sel+" .trace"))))
		path := filepath.Join(dir, name)
		deadline := time.Now().Add(2 * time.Minute)
		for {
			if _, err := os.Stat(path); err == nil {
				break
			}
			if time.Now().After(deadline) {
				entries, _ := os.ReadDir(dir)
				require.Failf(t, "no download", "%s did not arrive (the page says %q; the directory has %v)", name,
					siteEval[string](t, ctx, `document.querySelector('`+sel+` .tool-status').textContent`), entries)
			}
			time.Sleep(200 * time.Millisecond)
		}
		time.Sleep(300 * time.Millisecond) // the file is complete once renamed into place; let it settle
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		var trace struct {
			TraceEvents []struct {
				Name string  `json:"name"`
				Ph   string  `json:"ph"`
				Ts   float64 `json:"ts"`
			} `json:"traceEvents"`
		}
		require.NoError(t, json.Unmarshal(data, &trace), "the download is JSON")
		require.NotEmpty(t, trace.TraceEvents)
		slices := 0
		for _, e := range trace.TraceEvents {
			require.NotEmpty(t, e.Ph)
			if e.Ph == "X" || e.Ph == "B" {
				slices++
			}
		}
		require.Greater(t, slices, 0, "the trace has slices")
		run, err := playerlog.Simulate(sc.Compiled, sc.Settings, 0, seed, nil)
		require.NoError(t, err)
		want, err := core.ChromeTrace(run.Events)
		require.NoError(t, err)
		require.Equal(t, string(want), string(data), "the trace of seed %d is core.ChromeTrace of its run", seed)
	}
	cfg, err := sc.Config()
	require.NoError(t, err)
	download(cfg.Seed)

	// Another seed: the full player, which exports the run itself.
	siteEval[bool](t, ctx, `(() => { `+frame+`.contentWindow.postMessage({cmd: 'seed', seed: 7}, '*'); return true; })()`)
	siteWaitJS(t, ctx, `(() => { try { return `+frame+`.contentWindow.location.search.includes('seed=7') } catch (e) { return false; } })()`, 20*time.Second)
	siteWaitJS(t, ctx, ready+` && typeof `+frame+`.contentWindow.gmpbookTrace === 'function'`, 90*time.Second)
	download(7)
	require.Empty(t, log.take(), "console errors")
}

// siteProcs is the scene's GOMAXPROCS.
func siteProcs(t *testing.T, s *chapters.Scene) int {
	cfg, err := s.Config()
	require.NoError(t, err)
	return cfg.Procs
}
