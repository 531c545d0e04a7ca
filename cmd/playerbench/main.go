// Command playerbench measures the browser player against bare Ebiten
// games built in the same run, with the same toolchain and flags:
//
//   - download size: main.wasm compressed with brotli (quality 11, as a
//     static file would be precompressed; quality 6 too, as a server
//     compresses on the fly), the player against an Ebiten game that draws
//     one line of text with the same font (target: at most 1.25×);
//   - time to the first frame in headless Chromium, from navigation to the
//     game's first Draw, with the same loader page, for the player playing
//     the work-stealing scene against the text game (target: at most 1.25×);
//   - frame rate in headless Chromium while the player plays a scene with
//     1,000 goroutines parked on a channel and four working, against an
//     Ebiten game that only clears the screen (target: at least 0.9×).
//
// The baselines live in testdata (textgame, emptygame) so that they are no
// packages of the module. Pages are served from a loopback port without
// compression or caching, so a load measures fetching from memory,
// compiling and starting, not the network. Each page load runs in a fresh
// tab; the times are medians of -runs loads.
//
// Usage: go run ./cmd/playerbench [-runs 3] [-fps-seconds 5] [-strict]
// (make bench runs it). -strict exits 1 when a target is missed.
package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/script"
)

// stealScene is the scene of the start-up measurement (the one the
// end-to-end tests play).
const stealScene = `//scene procs=2 seed=7 title="Work stealing"
func main() {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); scene.Work(2 * time.Millisecond) }()
	}
	wg.Wait()
}
`

// crowdScene has 1,000 goroutines parked on a channel while four work.
const crowdScene = `//scene procs=4 seed=1 title="A thousand goroutines"
func main() {
	ch := make(chan int)
	for range 1000 {
		go func() { <-ch }()
	}
	for range 4 {
		go func() {
			for {
				scene.Work(time.Millisecond)
			}
		}()
	}
	time.Sleep(50 * time.Millisecond)
}
`

// firstFrame is what each game prints at its first Draw.
const firstFrame = "gmpbook: first frame"

func main() {
	runs := flag.Int("runs", 3, "page loads per time-to-first-frame measurement (the median is reported)")
	fpsSeconds := flag.Float64("fps-seconds", 5, "seconds of frames counted per frame-rate measurement")
	strict := flag.Bool("strict", false, "exit 1 when a target is missed")
	flag.Parse()
	missed, err := run(*runs, time.Duration(*fpsSeconds*float64(time.Second)))
	if err != nil {
		fmt.Fprintf(os.Stderr, "playerbench: %v\n", err)
		os.Exit(2)
	}
	if missed > 0 && *strict {
		os.Exit(1)
	}
}

// game is one of the three programs measured.
type game struct {
	name, pkg string
	dir       string
}

func run(runs int, fpsFor time.Duration) (missed int, err error) {
	for _, tool := range []string{"brotli", "chromium"} {
		if _, err := exec.LookPath(tool); err != nil {
			return 0, fmt.Errorf("%s is not on PATH (make deps installs it)", tool)
		}
	}
	root, err := os.MkdirTemp("", "playerbench")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(root)
	games := []*game{
		{name: "player", pkg: "./wasm"},
		{name: "text", pkg: "./cmd/playerbench/testdata/textgame"},
		{name: "empty", pkg: "./cmd/playerbench/testdata/emptygame"},
	}
	fmt.Println("player benchmarks (browser player vs bare Ebiten games built in this run)")
	for _, g := range games {
		g.dir = filepath.Join(root, g.name)
		if err := build(g); err != nil {
			return 0, err
		}
	}
	// Quality 11 takes a minute per file: compress the two compared
	// games at once, and every game at quality 6.
	sizes := map[string][2]int{}
	type result struct {
		name string
		n    int
		err  error
	}
	done := make(chan result)
	for _, g := range games[:2] {
		go func() {
			n, err := brotliSize(filepath.Join(g.dir, "main.wasm"), 11)
			done <- result{g.name, n, err}
		}()
	}
	for range games[:2] {
		r := <-done
		if r.err != nil {
			return 0, r.err
		}
		s := sizes[r.name]
		s[0] = r.n
		sizes[r.name] = s
	}
	for _, g := range games {
		q6, err := brotliSize(filepath.Join(g.dir, "main.wasm"), 6)
		if err != nil {
			return 0, err
		}
		s := sizes[g.name]
		s[1] = q6
		sizes[g.name] = s
	}
	check := func(what string, ratio, target float64, atMost bool) {
		ok := ratio <= target
		cmp := "≤"
		if !atMost {
			ok, cmp = ratio >= target, "≥"
		}
		verdict := "met"
		if !ok {
			verdict = "MISSED"
			missed++
		}
		fmt.Printf("  %-34s %.3f×  (target %s %.2f×: %s)\n", what, ratio, cmp, target, verdict)
	}
	fmt.Println("\ndownload size, main.wasm brotli-compressed:")
	for _, g := range games {
		st, _ := os.Stat(filepath.Join(g.dir, "main.wasm"))
		q11 := "      —  "
		if n := sizes[g.name][0]; n > 0 {
			q11 = fmt.Sprintf("%5.3f MB", mb(n))
		}
		fmt.Printf("  %-7s raw %6.2f MB   brotli-11 %s   brotli-6 %5.3f MB\n", g.name,
			mb(int(st.Size())), q11, mb(sizes[g.name][1]))
	}
	check("size player / text (brotli-11)", float64(sizes["player"][0])/float64(sizes["text"][0]), 1.25, true)
	fmt.Printf("  %-34s %.3f×\n", "size player / text (brotli-6)", float64(sizes["player"][1])/float64(sizes["text"][1]))

	base, stop, err := serve(root)
	if err != nil {
		return missed, err
	}
	defer stop()
	browser, cancel, err := chromium()
	if err != nil {
		return missed, err
	}
	defer cancel()

	// Time to the first frame, alternating the two pages.
	playerURL := pageURL(base, "player", stealScene, url.Values{})
	textURL := base + "/text/index.html"
	var tPlayer, tText []time.Duration
	var said string
	for i := range runs {
		// Alternate which page loads first, so that neither always gets
		// the warmer browser.
		order := []bool{false, true}
		if i%2 == 1 {
			order = []bool{true, false}
		}
		for _, isPlayer := range order {
			page := textURL
			if isPlayer {
				page = playerURL
			}
			d, text, err := timeToFirstFrame(browser, page)
			if err != nil {
				return missed, fmt.Errorf("%s: %v", page, err)
			}
			if isPlayer {
				tPlayer, said = append(tPlayer, d), text
			} else {
				tText = append(tText, d)
			}
		}
	}
	mp, mt := median(tPlayer), median(tText)
	fmt.Printf("\ntime to first frame, headless Chromium 1280×800 (median of %d):\n", runs)
	fmt.Printf("  player (steal scene)  %v   %v\n", mp.Round(time.Millisecond), roundAll(tPlayer))
	fmt.Printf("  text game             %v   %v\n", mt.Round(time.Millisecond), roundAll(tText))
	fmt.Printf("  the player's last load said: %s\n", strings.TrimSpace(said))
	check("first frame player / text", float64(mp)/float64(mt), 1.25, true)

	// Frame rate with 1,000 goroutines, playing, against the empty game.
	at, err := crowdCursor()
	if err != nil {
		return missed, err
	}
	crowdURL := pageURL(base, "player", crowdScene, url.Values{"at": {fmt.Sprint(at)}, "play": {"1"}})
	// Software WebGL shares two cores with everything else on the machine:
	// alternate the two pages and compare medians.
	var fPlayer, fEmpty []float64
	for i := range runs {
		order := []string{base + "/empty/index.html", crowdURL}
		if i%2 == 1 {
			order[0], order[1] = order[1], order[0]
		}
		for _, page := range order {
			f, err := frameRate(browser, page, fpsFor)
			if err != nil {
				return missed, fmt.Errorf("%s: %v", page, err)
			}
			if page == crowdURL {
				fPlayer = append(fPlayer, f)
			} else {
				fEmpty = append(fEmpty, f)
			}
		}
	}
	mfp, mfe := median(fPlayer), median(fEmpty)
	fmt.Printf("\nframe rate, headless Chromium 1280×800 (SwiftShader), %v per load, median of %d:\n", fpsFor, runs)
	fmt.Printf("  player, 1,000 Gs, playing from event %d   %5.1f fps   %.1f\n", at, mfp, fPlayer)
	fmt.Printf("  empty game                              %5.1f fps   %.1f\n", mfe, fEmpty)
	check("frame rate player / empty", mfp/mfe, 0.9, false)
	return missed, nil
}

func mb(n int) float64 { return float64(n) / 1e6 }

// build compiles g to dir/main.wasm beside the loader page and
// wasm_exec.js, with make wasm's flags (the same for every game).
func build(g *game) error {
	if err := os.MkdirAll(g.dir, 0o755); err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-gcflags=go/...=-l", "-o", filepath.Join(g.dir, "main.wasm"), g.pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build %s: %v\n%s", g.pkg, err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return err
	}
	for src, dst := range map[string]string{
		filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join("wasm", "index.html"):                                             "index.html",
	} {
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(g.dir, dst), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// brotliSize is the size of the file compressed by the brotli command.
func brotliSize(path string, quality int) (int, error) {
	var out bytes.Buffer
	cmd := exec.Command("brotli", "-c", "-q", fmt.Sprint(quality), path)
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("brotli %s: %v", path, err)
	}
	return out.Len(), nil
}

// serve serves dir on a loopback port, with .wasm as application/wasm and
// nothing cached.
func serve(dir string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	fs := http.FileServer(http.Dir(dir))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-store")
		fs.ServeHTTP(w, r)
	})}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(os.Stderr, "playerbench: server: %v\n", err)
		}
	}()
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

// chromium starts headless Chromium with a fresh profile (WebGL through
// SwiftShader) and returns its browser context.
func chromium() (context.Context, context.CancelFunc, error) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		return nil, nil, err
	}
	profile, err := os.MkdirTemp("", "playerbench-profile")
	if err != nil {
		return nil, nil, err
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.NoFirstRun,
		chromedp.DisableGPU, // and --enable-unsafe-swiftshader
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 800),
	)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		os.RemoveAll(profile)
		return nil, nil, fmt.Errorf("start chromium: %v", err)
	}
	return ctx, func() { cancel(); cancelAlloc(); os.RemoveAll(profile) }, nil
}

// pageURL is the player page of dir for a scene.
func pageURL(base, dir, src string, q url.Values) string {
	q.Set("src", base64.RawURLEncoding.EncodeToString([]byte(src)))
	return base + "/" + dir + "/index.html?" + q.Encode()
}

// tab opens a fresh tab of the browser at 1280×800.
func tab(browser context.Context) (context.Context, context.CancelFunc, error) {
	ctx, cancel := chromedp.NewContext(browser)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		cancelT()
		cancel()
		return nil, nil, err
	}
	return ctx, func() { cancelT(); cancel() }, nil
}

// timeToFirstFrame loads page in a fresh tab and returns the time from
// the navigation's start to the game's first-frame console line, and the
// line.
func timeToFirstFrame(browser context.Context, page string) (time.Duration, string, error) {
	ctx, cancel, err := tab(browser)
	if err != nil {
		return 0, "", err
	}
	defer cancel()
	messages := chromedp.Console(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		return 0, "", err
	}
	var at time.Time
	var text string
	for m, err := range messages {
		if err != nil {
			return 0, "", err
		}
		if strings.Contains(m.Text, firstFrame) {
			at, text = m.Time, m.Text
			break
		}
		if m.Type == chromedp.ConsoleException || m.Type == chromedp.ConsoleError {
			return 0, "", fmt.Errorf("the page failed: %s", m.Text)
		}
	}
	origin, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.timeOrigin`))
	if err != nil {
		return 0, "", err
	}
	start := time.UnixMicro(int64(origin * 1000))
	return at.Sub(start), text, nil
}

// frameRate loads page, waits for its first frame and a second more, then
// counts animation frames for d.
func frameRate(browser context.Context, page string, d time.Duration) (float64, error) {
	ctx, cancel, err := tab(browser)
	if err != nil {
		return 0, err
	}
	defer cancel()
	messages := chromedp.Console(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		return 0, err
	}
	for m, err := range messages {
		if err != nil {
			return 0, err
		}
		if strings.Contains(m.Text, firstFrame) {
			break
		}
		if m.Type == chromedp.ConsoleException || m.Type == chromedp.ConsoleError {
			return 0, fmt.Errorf("the page failed: %s", m.Text)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Sleep(time.Second)); err != nil {
		return 0, err
	}
	// requestAnimationFrame runs once per frame the page produces: when a
	// game's frame takes longer, there are fewer of them.
	_, err = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`
		window.benchFrames = 0;
		window.benchStart = performance.now();
		(function tick() { window.benchFrames++; requestAnimationFrame(tick); })();`))
	if err != nil {
		return 0, err
	}
	if err := chromedp.Do(ctx, chromedp.Sleep(d)); err != nil {
		return 0, err
	}
	return chromedp.Run(ctx, chromedp.Evaluate[float64](`window.benchFrames * 1000 / (performance.now() - window.benchStart)`))
}

// crowdCursor is the event of the crowd scene from which the player plays:
// the first at which a thousand goroutines are parked.
func crowdCursor() (int, error) {
	c, err := script.Load("crowd.go", []byte(crowdScene))
	if err != nil {
		return 0, err
	}
	run, err := playerlog.Simulate(c, c.Scene.Settings, 0, 0, nil)
	if err != nil {
		return 0, err
	}
	w := core.NewWorld(run.Config.Procs)
	for i := range run.Events {
		w.Apply(&run.Events[i])
		parked := 0
		for _, g := range w.Gs {
			if g.Status == core.Gwaiting && g.Wait == core.WaitChanReceive {
				parked++
			}
		}
		if parked >= 1000 {
			return i, nil
		}
	}
	return 0, errors.New("the crowd scene never has 1,000 goroutines parked")
}

func median[T int64 | time.Duration | float64](ds []T) T {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func roundAll(ds []time.Duration) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = d.Round(time.Millisecond)
	}
	return out
}
