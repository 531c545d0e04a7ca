package tests

// The browser player end to end: build the WebAssembly player (wasm/) as
// make wasm does, serve it on a loopback port, open it in headless
// Chromium (WebGL through SwiftShader) at 1280×800 on the work-stealing
// scene at a fixed cursor, wait until it has drawn, take a screenshot and
// check it against the display list the player drew. Then drive it as a
// host page would, with postMessage, and read its answers.
//
// The test skips, saying why, where chromium is missing; make test installs
// it first (make deps), so in CI it runs.

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// playerBuildWasm builds the player into dir with the files its page
// needs, the way make wasm lays out site/out/player.
func playerBuildWasm(t *testing.T, dir string) {
	t.Helper()
	playerGo(t, []string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-gcflags=go/...=-l", "-o", filepath.Join(dir, "main.wasm"), "./wasm")
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	for src, dst := range map[string]string{
		filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join(moduleRoot(t), "wasm", "index.html"):                              "index.html",
	} {
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, dst), data, 0o644))
	}
}

// playerChromium starts headless Chromium with a fresh profile and returns
// a browser context whose viewport is width×height CSS pixels.
func playerChromium(t *testing.T, width, height int64) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	require.NoError(t, err)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.NoFirstRun,
		chromedp.DisableGPU, // and --enable-unsafe-swiftshader: WebGL in software
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(int(width), int(height)),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(width, height)), "start chromium")
	return ctx
}

// playerPageURL is the player's page for a scene source and query.
func playerPageURL(base, src string, q url.Values) string {
	q.Set("src", base64.RawURLEncoding.EncodeToString([]byte(src)))
	return base + "/index.html?" + q.Encode()
}

// playerWaitReady waits until the player has drawn a few frames, and
// fails with the page's error if it reported one.
func playerWaitReady(t *testing.T, ctx context.Context) {
	t.Helper()
	ready, err := chromedp.Run(ctx, chromedp.Poll[bool](
		`window.gmpbookStatus !== undefined && (window.gmpbookStatus.ready === true || window.gmpbookStatus.error !== undefined)`,
		chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(100*time.Millisecond)))
	require.NoError(t, err, "the player never became ready")
	require.True(t, ready)
	msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`String(window.gmpbookStatus.error || "")`))
	require.NoError(t, err)
	require.Empty(t, msg, "the player reported an error")
}

func TestPlayerBrowserDrawsTheSceneAtTheCursor(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: builds the wasm player and runs Chromium")
	}
	playerNeedTools(t, "chromium")
	dir := t.TempDir()
	playerBuildWasm(t, dir)
	base := playerServe(t, dir)
	at := playerStealCursor(t)

	ctx := playerChromium(t, 1280, 800)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	page := playerPageURL(base, string(playerStealScene(t)), url.Values{"at": {fmt.Sprint(at)}})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(page)))
	playerWaitReady(t, ctx)

	frameJSON, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.gmpbookFrame()`))
	require.NoError(t, err)
	// The browser's display list has no Scale: the page's device pixel
	// ratio is 1 in this viewport; check that it is.
	dpr, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.devicePixelRatio`))
	require.NoError(t, err)
	require.Equal(t, 1.0, dpr)
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)

	out := playerOutDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(out, "player_browser.png"), shot, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(out, "player_browser.json"), []byte(frameJSON), 0o644))
	img, err := png.Decode(bytes.NewReader(shot))
	require.NoError(t, err)
	require.Equal(t, 1280, img.Bounds().Dx(), "screenshot width")
	d := playerReadDump(t, []byte(`{"Scale":1,"Frame":`+frameJSON+`}`))
	t.Logf("cursor %d; screenshot %s/player_browser.png (%dx%d), %d shapes", at, out, img.Bounds().Dx(), img.Bounds().Dy(), len(d.Frame.Shapes))
	playerCheckPicture(t, img, d)

	// A host page seeks with postMessage and hears the new cursor back,
	// with a sentence for the event.
	_, err = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`
		window.playerHeard = [];
		window.addEventListener("message", (e) => {
			if (e.data && e.data.type === "gmpbook") window.playerHeard.push(e.data);
		});
		window.postMessage({cmd: "seek", at: 3}, "*");`))
	require.NoError(t, err)
	heard, err := chromedp.Run(ctx, chromedp.Poll[string](
		`(window.playerHeard.find((m) => m.cursor === 3) || {}).narration`,
		chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err, "no status message for cursor 3 after a seek")
	require.NotEmpty(t, heard)
	t.Logf("after seek to 3 the player said: %q", heard)

	_, err = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`window.postMessage({cmd: "step"}, "*")`))
	require.NoError(t, err)
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`window.playerHeard.some((m) => m.cursor === 4)`,
		chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err, "no status message for cursor 4 after a step")
}

func TestPlayerBrowserShowsSceneErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: builds the wasm player and runs Chromium")
	}
	playerNeedTools(t, "chromium")
	dir := t.TempDir()
	playerBuildWasm(t, dir)
	base := playerServe(t, dir)
	ctx := playerChromium(t, 800, 600)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	page := playerPageURL(base, "func main() {\n\truntime.SetFinalizer(new(int), nil)\n}\n", url.Values{})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(page)))
	msg, err := chromedp.Run(ctx, chromedp.Poll[string](`window.gmpbookStatus && window.gmpbookStatus.error`,
		chromedp.WithPollingTimeout(time.Minute)))
	require.NoError(t, err, "the page reported no error for a scene that uses what scenes lack")
	require.Contains(t, msg, "not supported in scenes")
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").textContent`))
	require.NoError(t, err)
	require.Equal(t, msg, shown, "the page shows the error")
}
