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
// compiling and starting, not the network, and no load reuses code the
// browser compiled for an earlier one. Each page load runs in a fresh tab.
//
// The machine may be shared, and a load that runs while another program
// keeps the CPUs busy measures that program too: before each pair of
// loads the benchmark waits (up to 20 s) until the CPUs are 80% idle. The
// time to the first frame alternates the two pages over -loads pairs
// after a warm-up pair, and reports each game's median, quartiles and
// extremes, the median of the pairs' ratios, the ratio of the minimums
// and the CPU time all of Chromium's processes spent; the target is about
// the ratio of the medians. Then -phases loads of each with marks=1 say
// where the player's time goes: the loader's marks, the player's own
// marks at each step of its start-up, and the Go runtime's trace of each
// package's init (GODEBUG=inittrace=1). -cpuprofile FILE profiles one load
// of each game, built with their symbols, in DevTools' profiler and
// prints the functions whose time differs most.
//
// Usage: go run ./cmd/playerbench [-loads 15] [-phases 3] [-runs 3]
// [-fps-seconds 5] [-only size,ttff,fps] [-cpuprofile FILE] [-v] [-strict]
// (make bench runs it). -v prints every load; -strict exits 1 when a
// target is missed.
package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/systeminfo"
	"github.com/chromedp/chromedp"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/devserve"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/script"
)

// stealScenePath is the scene of the start-up measurement, the one the
// end-to-end tests play (tests/player_helpers_test.go reads it too).
const stealScenePath = "tests/testdata/player/steal.go"

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
	loads := flag.Int("loads", 41, "page loads of each game for the time to the first frame (alternating, after one warm-up pair); with 15, runs on this shared 2-core machine gave ratios from 1.02× to 1.30×")
	phases := flag.Int("phases", 3, "page loads of each game with marks=1 for the start-up breakdown (0: none)")
	runs := flag.Int("runs", 3, "page loads of each game for the frame rate")
	fpsSeconds := flag.Float64("fps-seconds", 5, "seconds of frames counted per frame-rate measurement")
	strict := flag.Bool("strict", false, "exit 1 when a target is missed")
	only := flag.String("only", "size,ttff,fps", "the measurements to make, comma-separated")
	cpu := flag.String("cpuprofile", "", "also profile one load of each game (built with their symbols) until its first frame, into this file and FILE.text.cpuprofile")
	flag.BoolVar(&verbose, "v", false, "print every page load")
	jsFlags := flag.String("js-flags", "", "V8 flags for Chromium (--js-flags), to see how the engine's settings change the start-up")
	flag.Parse()
	missed, err := run(settings{loads: max(1, *loads), phases: *phases, runs: max(1, *runs),
		fpsFor: time.Duration(*fpsSeconds * float64(time.Second)), only: strings.Split(*only, ","), cpuProfile: *cpu, jsFlags: *jsFlags})
	if err != nil {
		fmt.Fprintf(os.Stderr, "playerbench: %v\n", err)
		os.Exit(2)
	}
	if missed > 0 && *strict {
		os.Exit(1)
	}
}

// verbose prints every page load (-v).
var verbose bool

type settings struct {
	loads, phases, runs int
	fpsFor              time.Duration
	only                []string
	cpuProfile, jsFlags string
}

func (s settings) do(what string) bool { return slices.Contains(s.only, what) }

// game is one of the three programs measured.
type game struct {
	name, pkg string
	tags      string // build tags ("light": the player of recorded runs)
	dir       string
	symbols   bool // keep the names of functions (for a CPU profile)
}

func run(set settings) (missed int, err error) {
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
		{name: "player", pkg: "./wasm", tags: "lazycjk"},
		{name: "text", pkg: "./cmd/playerbench/testdata/textgame"},
		{name: "empty", pkg: "./cmd/playerbench/testdata/emptygame"},
		// What a reader who does not edit downloads: the site's
		// chapter scenes play their recorded runs in it.
		{name: "light", pkg: "./wasm", tags: "light,lazycjk"},
	}
	fmt.Println("player benchmarks (browser player vs bare Ebiten games built in this run)")
	for _, g := range games {
		g.dir = filepath.Join(root, g.name)
		if err := build(g); err != nil {
			return 0, err
		}
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
	if set.do("size") {
		if err := printSizes(games, check); err != nil {
			return missed, err
		}
	}
	if !set.do("ttff") && !set.do("fps") && set.cpuProfile == "" {
		return missed, nil
	}

	base, stop, err := serve(root)
	if err != nil {
		return missed, err
	}
	defer stop()
	browser, cancel, err := chromium(set.jsFlags)
	if err != nil {
		return missed, err
	}
	defer cancel()

	if set.do("ttff") {
		steal, err := os.ReadFile(stealScenePath)
		if err != nil {
			return missed, err
		}
		playerURL := pageURL(base, "player", string(steal), url.Values{})
		textURL := base + "/text/index.html"
		m, err := firstFrames(browser, playerURL, textURL, set.loads)
		if err != nil {
			return missed, err
		}
		check("first frame player / text (medians)", m, 1.25, true)
		if set.phases > 0 {
			if err := startupPhases(browser, playerURL, textURL, set.phases); err != nil {
				return missed, err
			}
		}
	}
	if set.cpuProfile != "" {
		if err := profileBoth(browser, root, base, set.cpuProfile); err != nil {
			return missed, err
		}
	}
	if !set.do("fps") {
		return missed, nil
	}

	// Frame rate with 1,000 goroutines, playing, against the empty game.
	at, err := crowdCursor()
	if err != nil {
		return missed, err
	}
	crowdURL := pageURL(base, "player", crowdScene, url.Values{"at": {fmt.Sprint(at)}, "play": {"1"}})
	// Software WebGL shares two cores with everything else on the machine:
	// alternate the two pages and compare medians.
	var fPlayer, fEmpty []float64
	for i := range set.runs {
		order := []string{base + "/empty/index.html", crowdURL}
		if i%2 == 1 {
			order[0], order[1] = order[1], order[0]
		}
		quiet()
		for _, page := range order {
			f, err := frameRate(browser, page, set.fpsFor)
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
	fmt.Printf("\nframe rate, headless Chromium 1280×800 (SwiftShader), %v per load, median of %d:\n", set.fpsFor, set.runs)
	fmt.Printf("  player, 1,000 Gs, playing from event %d   %5.1f fps   %.1f\n", at, mfp, fPlayer)
	fmt.Printf("  empty game                              %5.1f fps   %.1f\n", mfe, fEmpty)
	check("frame rate player / empty", mfp/mfe, 0.9, false)
	return missed, nil
}

// printSizes prints the download sizes and checks the player's against the
// text game's.
func printSizes(games []*game, check func(string, float64, float64, bool)) error {
	// Quality 11 takes a minute per file: compress the two compared
	// games at once, and every game at quality 6.
	sizes := map[string][2]int{}
	type result struct {
		name string
		n    int
		err  error
	}
	done := make(chan result)
	var q11 []*game
	for _, g := range games {
		if g.name != "empty" {
			q11 = append(q11, g)
		}
	}
	for _, g := range q11 {
		go func() {
			n, err := brotliSize(filepath.Join(g.dir, "main.wasm"), 11)
			done <- result{g.name, n, err}
		}()
	}
	for range q11 {
		r := <-done
		if r.err != nil {
			return r.err
		}
		s := sizes[r.name]
		s[0] = r.n
		sizes[r.name] = s
	}
	for _, g := range games {
		q6, err := brotliSize(filepath.Join(g.dir, "main.wasm"), 6)
		if err != nil {
			return err
		}
		s := sizes[g.name]
		s[1] = q6
		sizes[g.name] = s
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
	// A chapter's scene plays in the light player until the reader edits
	// it; the full player (compiler included) comes with the first edit.
	check("size light player / text (brotli-11)", float64(sizes["light"][0])/float64(sizes["text"][0]), 1.25, true)
	fmt.Printf("  %-38s %.3f×\n", "size full player / text (brotli-11)", float64(sizes["player"][0])/float64(sizes["text"][0]))
	fmt.Printf("  %-38s %.3f×\n", "size full player / text (brotli-6)", float64(sizes["player"][1])/float64(sizes["text"][1]))
	return nil
}

func mb(n int) float64 { return float64(n) / 1e6 }

// build compiles g to dir/main.wasm beside the loader page and
// wasm_exec.js, with make wasm's flags (the same for every game).
func build(g *game) error {
	if err := os.MkdirAll(g.dir, 0o755); err != nil {
		return err
	}
	ldflags := "-ldflags=-s -w"
	if g.symbols {
		ldflags = "-ldflags=-w"
	}
	cmd := exec.Command("go", "build", "-trimpath", ldflags, "-gcflags=go/...=-l", "-tags="+g.tags, "-o", filepath.Join(g.dir, "main.wasm"), g.pkg)
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
	return devserve.Dir(dir, func(err error) { fmt.Fprintf(os.Stderr, "playerbench: server: %v\n", err) })
}

// chromium starts headless Chromium with a fresh profile (WebGL through
// SwiftShader) and returns its browser context.
func chromium(jsFlags string) (context.Context, context.CancelFunc, error) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		return nil, nil, err
	}
	profile, err := os.MkdirTemp("", "playerbench-profile")
	if err != nil {
		return nil, nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
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
	}
	if jsFlags != "" {
		opts = append(opts, chromedp.Flag("js-flags", jsFlags))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
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

// load is one page load: the time from the navigation's start to the
// game's first-frame console line, the line, the page's "gmpbook:…"
// performance marks (milliseconds since the navigation's start) and the
// Go runtime's init trace, if the page asked for one (marks=1).
type load struct {
	ttff  time.Duration
	cpu   time.Duration // CPU time of all Chromium's processes meanwhile
	said  string
	marks map[string]float64
	inits []initTime
}

// initTime is one package's init as GODEBUG=inittrace=1 reports it: ms
// long, ending at ms since the Go runtime started.
type initTime struct {
	pkg     string
	ms, end float64
}

// timeToFirstFrame loads page in a fresh tab.
func timeToFirstFrame(browser context.Context, page string) (load, error) {
	ctx, cancel, err := tab(browser)
	if err != nil {
		return load{}, err
	}
	defer cancel()
	messages := chromedp.Console(ctx)
	cpu0, err := cpuTime(ctx)
	if err != nil {
		return load{}, err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		return load{}, err
	}
	var l load
	var at time.Time
	for m, err := range messages {
		if err != nil {
			return load{}, err
		}
		if strings.Contains(m.Text, firstFrame) {
			at, l.said = m.Time, m.Text
			break
		}
		if m.Type == chromedp.ConsoleException || m.Type == chromedp.ConsoleError {
			return load{}, fmt.Errorf("the page failed: %s", m.Text)
		}
		// "init PKG @T ms, D ms clock, B bytes, A allocs", several lines
		// to a message (wasm_exec.js logs its output up to the last
		// newline).
		for line := range strings.Lines(m.Text) {
			if f := strings.Fields(line); len(f) >= 7 && f[0] == "init" && f[6] == "clock," {
				var at, ms float64
				_, err1 := fmt.Sscan(strings.TrimPrefix(f[2], "@"), &at)
				_, err2 := fmt.Sscan(f[4], &ms)
				if err1 == nil && err2 == nil {
					l.inits = append(l.inits, initTime{f[1], ms, at + ms})
				}
			}
		}
	}
	cpu1, err := cpuTime(ctx)
	if err != nil {
		return load{}, err
	}
	for pid, t := range cpu1 {
		l.cpu += t - cpu0[pid]
	}
	origin, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.timeOrigin`))
	if err != nil {
		return load{}, err
	}
	l.ttff = at.Sub(time.UnixMicro(int64(origin * 1000)))
	l.marks, err = chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`Object.fromEntries(
		performance.getEntriesByType("mark").filter(m => m.name.startsWith("gmpbook:")).map(m => [m.name.slice(8), m.startTime]))`))
	if err != nil {
		return load{}, err
	}
	// The text game marks no "main": the end of the last package init
	// (the runtime starts when the module is instantiated) stands in, for
	// both games alike.
	if len(l.inits) > 0 {
		if t, ok := l.marks["instantiated"]; ok {
			l.marks["main~"] = t + slices.MaxFunc(l.inits, func(a, b initTime) int { return cmp.Compare(a.end, b.end) }).end
		}
	}
	return l, nil
}

// cpuTime is the CPU time each of Chromium's processes has used, by pid.
func cpuTime(ctx context.Context) (map[int64]time.Duration, error) {
	res, err := chromedp.CallBrowser(ctx, systeminfo.GetProcessInfo, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	out := map[int64]time.Duration{}
	for _, p := range res.ProcessInfo {
		out[p.ID] += time.Duration(p.CPUTime * float64(time.Second))
	}
	return out, nil
}

// firstFrames times the first frames of the two pages, alternating which
// loads first (so that neither always follows the other), after a
// warm-up pair that is not counted. It prints the medians, quartiles and
// extremes, the median of the ratios of the pairs loaded back to back, and
// where each game's time went by the loader's marks; it returns the ratio
// of the medians, the figure the target is about.
func firstFrames(browser context.Context, playerURL, textURL string, loads int) (float64, error) {
	var player, text []load
	var pairs []float64
	var waited time.Duration
	noisy := 0
	for i := -1; i < loads; i++ {
		w, ok := quiet()
		waited += w
		if !ok && i >= 0 {
			noisy++
		}
		var p, t load
		for k := range 2 {
			isPlayer := (i+k)%2 == 0
			page := textURL
			if isPlayer {
				page = playerURL
			}
			l, err := timeToFirstFrame(browser, page)
			if err != nil {
				return 0, fmt.Errorf("%s: %v", page, err)
			}
			if isPlayer {
				p = l
			} else {
				t = l
			}
		}
		if i < 0 {
			continue // warm-up
		}
		player, text = append(player, p), append(text, t)
		pairs = append(pairs, float64(p.ttff)/float64(t.ttff))
		if verbose {
			fmt.Printf("  load %2d: player %4.0f ms (instantiated at %4.0f, CPU %4.0f ms), text %4.0f ms (instantiated at %4.0f, CPU %4.0f ms)\n",
				i, float64(p.ttff)/1e6, p.marks["instantiated"], float64(p.cpu)/1e6, float64(t.ttff)/1e6, t.marks["instantiated"], float64(t.cpu)/1e6)
		}
	}
	ttffs := func(ls []load) []float64 {
		out := make([]float64, len(ls))
		for i, l := range ls {
			out[i] = float64(l.ttff) / 1e6
		}
		return out
	}
	tp, tt := ttffs(player), ttffs(text)
	fmt.Printf("\ntime to first frame, headless Chromium 1280×800: navigation start to the game's first Draw,\n")
	fmt.Printf("%d loads of each in fresh tabs, alternating, after a warm-up pair; each pair waits until the\n", loads)
	fmt.Printf("machine's CPUs are %.0f%% idle (waited %v in all; %d pairs started without, after %v) (ms):\n",
		100*quietIdle, waited.Round(time.Second), noisy, quietWait)
	fmt.Printf("  %-22s %7s %7s %7s %7s %7s\n", "", "median", "p25", "p75", "min", "max")
	for _, r := range []struct {
		name string
		v    []float64
	}{{"player (steal scene)", tp}, {"text game", tt}, {"ratio of each pair", pairs}} {
		q := quartiles(r.v)
		f := "%7.0f"
		if r.v[0] < 10 {
			f = "%7.3f"
		}
		fmt.Printf("  %-22s "+f+" "+f+" "+f+" "+f+" "+f+"\n", r.name, q[2], q[1], q[3], q[0], q[4])
	}
	// The loader's marks (index.html): where the time went, by median.
	fmt.Printf("  where it went (median ms since navigation): %9s %13s %11s\n", "response", "instantiated", "first Draw")
	for _, g := range []struct {
		name string
		ls   []load
	}{{"player", player}, {"text", text}} {
		fmt.Printf("    %-42s %9.0f %13.0f %11.0f\n", g.name, markMedian(g.ls, "response"),
			markMedian(g.ls, "instantiated"), median(ttffs(g.ls)))
	}
	cpus := func(ls []load) []float64 {
		out := make([]float64, len(ls))
		for i, l := range ls {
			out[i] = float64(l.cpu) / 1e6
		}
		return out
	}
	cp, ct := cpus(player), cpus(text)
	fmt.Printf("  CPU time of Chromium's processes until the first frame (median ms): player %.0f, text %.0f (%.3f×)\n",
		median(cp), median(ct), median(cp)/median(ct))
	fmt.Printf("  ratio of the minimums %.3f×, of the medians %.3f×, median of the pairs' ratios %.3f×\n",
		slices.Min(tp)/slices.Min(tt), median(tp)/median(tt), median(pairs))
	fmt.Printf("  the player's last load said: %s\n", strings.TrimSpace(player[len(player)-1].said))
	return median(tp) / median(tt), nil
}

// The machine is shared: a load that runs while something else keeps the
// CPUs busy measures the other program. Before each pair of loads the
// benchmark waits, at most quietWait, until the CPUs are quietIdle idle
// over quietOver.
const (
	quietIdle = 0.8
	quietOver = 300 * time.Millisecond
	quietWait = 20 * time.Second
)

// quiet waits until the CPUs are quiet, and returns how long it waited and
// whether they were (false after quietWait, or where /proc/stat cannot be
// read).
func quiet() (time.Duration, bool) {
	start := time.Now()
	for time.Since(start) < quietWait {
		a, ok := cpuTimes()
		time.Sleep(quietOver)
		b, ok2 := cpuTimes()
		if !ok || !ok2 {
			return time.Since(start), false
		}
		if total := b[0] - a[0]; total > 0 && float64(b[1]-a[1])/float64(total) >= quietIdle {
			return time.Since(start), true
		}
	}
	return time.Since(start), false
}

// cpuTimes reads the machine's total and idle CPU time (in clock ticks)
// from /proc/stat.
func cpuTimes() ([2]uint64, bool) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return [2]uint64{}, false
	}
	line, _, _ := strings.Cut(string(data), "\n")
	f := strings.Fields(line)
	if len(f) < 6 || f[0] != "cpu" {
		return [2]uint64{}, false
	}
	var t [2]uint64
	for i, v := range f[1:min(9, len(f))] { // user … steal (guest time is in user)
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return [2]uint64{}, false
		}
		t[0] += n
		if i == 3 || i == 4 { // idle, iowait
			t[1] += n
		}
	}
	return t, true
}

// startupPhases loads both pages n times with marks=1 and prints the
// median of each mark and the packages whose init takes longest. The init
// trace prints a console line per package, which slows these loads down:
// their times are for the breakdown, not for the target.
func startupPhases(browser context.Context, playerURL, textURL string, n int) error {
	withTiming := func(u string) string {
		if strings.Contains(u, "?") {
			return u + "&marks=1"
		}
		return u + "?marks=1"
	}
	var player, text []load
	for i := range n {
		quiet()
		for k := range 2 {
			isPlayer := (i+k)%2 == 0
			page := textURL
			if isPlayer {
				page = playerURL
			}
			l, err := timeToFirstFrame(browser, withTiming(page))
			if err != nil {
				return fmt.Errorf("%s: %v", page, err)
			}
			if isPlayer {
				player = append(player, l)
			} else {
				text = append(text, l)
			}
		}
	}
	fmt.Printf("\nstart-up phases, %d loads of each with marks=1 (slower: the init trace logs every package), median ms since navigation:\n", n)
	steps := []struct{ mark, what string }{
		{"response", "the response's headers"},
		{"instantiated", "main.wasm downloaded, compiled, instantiated"},
		{"main~", "package init done, by the init trace"},
		{"main", "main.main starts (runtime and package init done)"},
		{"load", "scene loading starts"},
		{"loaded", "scene checked and compiled (script.Load)"},
		{"started", "Source ready (nothing simulated yet)"},
		{"player", "page bridge ready"},
		{"game", "game made (font parsed)"},
		{"update", "first Update done (Ebiten and WebGL set up)"},
		{"controls measured", "first Draw: the chrome measured"},
		{"frame", "first Draw: the frame laid out"},
		{"chrome laid out", "first Draw: the chrome laid out"},
		{"drawn", "first Draw: the shapes drawn"},
	}
	// In the order they happen in the player (the scene may load after
	// the first frame).
	at := func(mark string) float64 {
		if v := markMedian(player, mark); v >= 0 {
			return v
		}
		return markMedian(text, mark)
	}
	slices.SortStableFunc(steps, func(a, b struct{ mark, what string }) int { return cmp.Compare(at(a.mark), at(b.mark)) })
	cell := func(v float64) string {
		if v < 0 {
			return "      —"
		}
		return fmt.Sprintf("%7.0f", v)
	}
	frame := median(ttffOf(player))
	for _, s := range steps {
		pm, tm := markMedian(player, s.mark), markMedian(text, s.mark)
		if pm < 0 && tm < 0 {
			continue
		}
		if pm > frame && frame >= 0 {
			fmt.Printf("  %-52s player %7.0f   text %7.0f\n", "first frame (console line)", frame, median(ttffOf(text)))
			frame = -1
		}
		fmt.Printf("  %-52s player %s   text %s\n", s.what, cell(pm), cell(tm))
	}
	if frame >= 0 {
		fmt.Printf("  %-52s player %7.0f   text %7.0f\n", "first frame (console line)", frame, median(ttffOf(text)))
	}
	fmt.Printf("  the player's last load said: %s\n", strings.TrimSpace(player[len(player)-1].said))
	pi, ti := initMedians(player), initMedians(text)
	sum := func(m map[string]float64) (t float64) {
		for _, v := range m {
			t += v
		}
		return t
	}
	fmt.Printf("  package init, summed: player %.1f ms (%d packages), text %.1f ms (%d packages); longest in the player:\n",
		sum(pi), len(pi), sum(ti), len(ti))
	pkgs := slices.Collect(maps.Keys(pi))
	slices.SortFunc(pkgs, func(a, b string) int { return cmp.Compare(pi[b], pi[a]) })
	for _, p := range pkgs[:min(8, len(pkgs))] {
		also := "only the player"
		if v, ok := ti[p]; ok {
			also = fmt.Sprintf("text %.1f ms", v)
		}
		fmt.Printf("    %-48s %6.1f ms   (%s)\n", p, pi[p], also)
	}
	return nil
}

// markMedian is the median of a mark over loads, -1 if no load has it.
func markMedian(ls []load, name string) float64 {
	var v []float64
	for _, l := range ls {
		if t, ok := l.marks[name]; ok {
			v = append(v, t)
		}
	}
	if len(v) == 0 {
		return -1
	}
	return median(v)
}

func ttffOf(ls []load) []float64 {
	out := make([]float64, len(ls))
	for i, l := range ls {
		out[i] = float64(l.ttff) / 1e6
	}
	return out
}

// initMedians is each package's median init time over loads.
func initMedians(ls []load) map[string]float64 {
	all := map[string][]float64{}
	for _, l := range ls {
		for _, it := range l.inits {
			all[it.pkg] = append(all[it.pkg], it.ms)
		}
	}
	out := map[string]float64{}
	for p, v := range all {
		out[p] = median(v)
	}
	return out
}

// quartiles are the minimum, the first quartile, the median, the third
// quartile and the maximum of v (nearest rank).
func quartiles(v []float64) [5]float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	at := func(q float64) float64 { return s[int(q*float64(len(s)-1)+0.5)] }
	return [5]float64{s[0], at(0.25), at(0.5), at(0.75), s[len(s)-1]}
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

// cpuProfile loads page once with the DevTools profiler sampling every
// 100µs, from before the navigation to the first-frame console line, and
// writes the profile to file (DevTools opens it). It returns each
// function's total time (with its callees) and self time, in ms.
func cpuProfile(browser context.Context, page, file string) (total, self map[string]float64, err error) {
	ctx, cancel, err := tab(browser)
	if err != nil {
		return nil, nil, err
	}
	defer cancel()
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return nil, nil, err
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
		return nil, nil, err
	}
	if _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); err != nil {
		return nil, nil, err
	}
	messages := chromedp.Console(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		return nil, nil, err
	}
	for m, err := range messages {
		if err != nil {
			return nil, nil, err
		}
		if strings.Contains(m.Text, firstFrame) {
			break
		}
		if m.Type == chromedp.ConsoleException || m.Type == chromedp.ConsoleError {
			return nil, nil, fmt.Errorf("the page failed: %s", m.Text)
		}
	}
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return nil, nil, err
	}
	p := res.Profile
	data, err := json.Marshal(p)
	if err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return nil, nil, err
	}
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	self, total = map[string]float64{}, map[string]float64{}
	for i, id := range p.Samples {
		if i+1 >= len(p.TimeDeltas) {
			break
		}
		dt := float64(p.TimeDeltas[i+1]) / 1000 // the time until the next sample, ms
		self[byID[id].CallFrame.FunctionName] += dt
		seen := map[string]bool{}
		for n, ok := id, true; ok; n, ok = parent[n] {
			name := byID[n].CallFrame.FunctionName
			if !seen[name] {
				seen[name] = true
				total[name] += dt
			}
		}
	}
	return total, self, nil
}

// profileBoth profiles a load of the player and of the text game, both
// built with their symbols, and prints the functions whose total time
// differs most between the two.
func profileBoth(browser context.Context, root, base, file string) error {
	steal, err := os.ReadFile(stealScenePath)
	if err != nil {
		return err
	}
	var totals, selfs [2]map[string]float64
	for k, g := range []*game{
		{name: "player-symbols", pkg: "./wasm"},
		{name: "text-symbols", pkg: "./cmd/playerbench/testdata/textgame"},
	} {
		g.dir, g.symbols = filepath.Join(root, g.name), true
		if err := build(g); err != nil {
			return err
		}
		page, out := pageURL(base, g.name, string(steal), url.Values{}), file
		if k == 1 {
			page, out = base+"/"+g.name+"/index.html", strings.TrimSuffix(file, ".cpuprofile")+".text.cpuprofile"
		}
		if totals[k], selfs[k], err = cpuProfile(browser, page, out); err != nil {
			return err
		}
	}
	fmt.Printf("\nCPU profiles of one load of each until its first frame (%s, and .text): ms with callees, player − text\n", file)
	names := slices.Collect(maps.Keys(totals[0]))
	for n := range totals[1] {
		if _, ok := totals[0][n]; !ok {
			names = append(names, n)
		}
	}
	diff := func(n string) float64 { return totals[0][n] - totals[1][n] }
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(math.Abs(diff(b)), math.Abs(diff(a))) })
	for _, n := range names[:min(60, len(names))] {
		fmt.Printf("  %+7.1f  %7.1f %7.1f  (self %5.1f)  %s\n", diff(n), totals[0][n], totals[1][n], selfs[0][n], n)
	}
	return nil
}
