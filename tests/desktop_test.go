package tests

// The desktop app end to end: build cmd/gmpbook-desktop (cgo, Ebiten over
// GLFW), run it in a virtual X server, save the window after a few frames
// with what it drew (-frame), and check the picture against the display
// list: a chapter page (title, contents, the light and the dark theme), a
// scene playing inline, a directory with a broken chapter, and the
// reading state kept between runs in the user's config directory.
//
// The screenshots are kept in tests/out/desktop_*.png for a person to
// look at. The tests skip, saying why, where xvfb-run or xauth is
// missing; make test installs them first (make deps), so in CI they run.

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/desktop/frame"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render/view"
)

// desktopDump is what gmpbook-desktop -frame writes in the reading mode.
type desktopDump = frame.Dump[frame.Read]

// desktopRun is one run of the app: its screenshot, dump and output.
type desktopRun struct {
	img    image.Image
	dump   desktopDump
	stderr string
	shot   string
}

// desktopApp builds the app once for a test and runs it.
type desktopApp struct {
	t      *testing.T
	bin    string
	config string // XDG_CONFIG_HOME: where the reading state goes
}

func newDesktopApp(t *testing.T) *desktopApp {
	t.Helper()
	if testing.Short() {
		t.Skip("skipped in -short mode: builds and runs the desktop app")
	}
	for _, tool := range []string{"xvfb-run", "xauth"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("skipped: %s not on PATH (make deps installs it; make test runs deps first)", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "gmpbook-desktop")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/gmpbook-desktop")
	cmd.Dir = moduleRoot(t)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build ./cmd/gmpbook-desktop:\n%s", out)
	config := filepath.Join(dir, "config")
	require.NoError(t, os.MkdirAll(config, 0o755))
	return &desktopApp{t: t, bin: bin, config: config}
}

// capture runs the app under xvfb-run on screen ("-screen 0 WxHxD") with
// args and -screenshot/-frame into tests/out/file.png and file.json, and
// returns the screenshot, the dump's bytes and what the app said on
// standard error.
func (a *desktopApp) capture(file, screen string, args []string) (img image.Image, dump []byte, stderr, shot string) {
	t := a.t
	t.Helper()
	out := filepath.Join(moduleRoot(t), "tests", "out")
	require.NoError(t, os.MkdirAll(out, 0o755))
	shot = filepath.Join(out, file+".png")
	dumpPath := filepath.Join(out, file+".json")
	os.Remove(shot)
	os.Remove(dumpPath)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	full := append([]string{"-a", "-s", screen, a.bin}, args...)
	full = append(full, "-screenshot", shot, "-frame", dumpPath)
	cmd := exec.CommandContext(ctx, "xvfb-run", full...)
	// The app's first run follows the locale (gmpbook-desktop --lang):
	// these tests read the English edition whatever the machine's is.
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+a.config, "LC_ALL=", "LC_MESSAGES=", "LANG=C.UTF-8")
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	require.NoError(t, cmd.Run(), "xvfb-run gmpbook-desktop %s:\n%s%s", strings.Join(args, " "), so.String(), se.String())

	f, err := os.Open(shot)
	require.NoError(t, err, "the app wrote no screenshot:\n%s", se.String())
	defer f.Close()
	img, err = png.Decode(f)
	require.NoError(t, err)
	dump, err = os.ReadFile(dumpPath)
	require.NoError(t, err)
	return img, dump, se.String(), shot
}

// run runs the app with args and -screenshot/-frame into tests/out/name.
func (a *desktopApp) run(name string, args ...string) desktopRun {
	t := a.t
	t.Helper()
	img, data, stderr, shot := a.capture("desktop_"+name, "-screen 0 1280x800x24", args)
	dump := filepath.Join(filepath.Dir(shot), "desktop_"+name+".json")
	var d desktopDump
	require.NoError(t, json.Unmarshal(data, &d), "the frame dump is not JSON")
	if d.Scale == 0 {
		d.Scale = 1
	}
	require.Equal(t, "read", d.Mode.Mode)
	t.Logf("%s: %s (%dx%d), %s; chapter %s, scroll %.0f of %.0f", name, shot, img.Bounds().Dx(), img.Bounds().Dy(), dump, d.Mode.Chapter, d.Mode.Scroll, d.Mode.ScrollMax)
	return desktopRun{img: img, dump: d, stderr: stderr, shot: shot}
}

// ops returns the operations of a layer with a role.
func (r desktopRun) ops(layer, role string) []page.Item {
	var out []page.Item
	for _, ly := range r.dump.Mode.List.Layers {
		if ly.Name != layer {
			continue
		}
		for _, op := range ly.Items {
			if op.Role == role {
				out = append(out, op)
			}
		}
	}
	return out
}

func (r desktopRun) layer(name string) *read.Layer {
	for i := range r.dump.Mode.List.Layers {
		if r.dump.Mode.List.Layers[i].Name == name {
			return &r.dump.Mode.List.Layers[i]
		}
	}
	return nil
}

// box is a logical-pixel box of the window in the screenshot's pixels.
func (r desktopRun) box(x, y, w, h float32) image.Rectangle {
	s := r.dump.Scale
	return image.Rect(int(float64(x)*s), int(float64(y)*s), int(math.Ceil(float64(x+w)*s)), int(math.Ceil(float64(y+h)*s))).Intersect(r.img.Bounds())
}

// near counts the pixels of box within dist (per channel) of c.
func (r desktopRun) near(b image.Rectangle, c view.Color, dist int) int {
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if closeTo(r.img, x, y, c, dist) {
				n++
			}
		}
	}
	return n
}

func closeTo(img image.Image, x, y int, c view.Color, dist int) bool {
	pr, pg, pb, _ := img.At(x, y).RGBA()
	d := func(a uint32, b uint8) int {
		v := int(a>>8) - int(b)
		if v < 0 {
			v = -v
		}
		return v
	}
	return d(pr, c.R) <= dist && d(pg, c.G) <= dist && d(pb, c.B) <= dist
}

// notBlank checks the screenshot has a picture: many colours, none of
// them everywhere.
func (r desktopRun) notBlank(t *testing.T) {
	t.Helper()
	require.Greater(t, r.img.Bounds().Dx(), 300, "the screenshot is too small")
	hasPicture(t, r.img, 0.85)
}

// hasPicture checks that img shows at least 20 distinct colours and that
// no colour covers more than the share most of it (sampling every other
// pixel).
func hasPicture(t *testing.T, img image.Image, most float64) {
	t.Helper()
	b := img.Bounds()
	colours := map[[3]uint8]int{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			pr, pg, pb, _ := img.At(x, y).RGBA()
			colours[[3]uint8{uint8(pr >> 10), uint8(pg >> 10), uint8(pb >> 10)}]++
		}
	}
	top := 0
	for _, n := range colours {
		top = max(top, n)
	}
	total := (b.Dx() / 2) * (b.Dy() / 2)
	require.GreaterOrEqual(t, len(colours), 20, "only %d distinct colours: is the window blank?", len(colours))
	require.Less(t, float64(top)/float64(total), most, "one colour covers %.1f%% of the window", 100*float64(top)/float64(total))
}

// hasText checks that a text operation was drawn: in its box, some pixels
// are its colour and some the background's.
func (r desktopRun) hasText(t *testing.T, op page.Item, bg view.Color, what string) {
	t.Helper()
	b := r.box(op.X, op.Y, max(op.W, 4), max(op.H, op.Size))
	require.False(t, b.Empty(), "%s: its box %v is off the screen", what, b)
	ink := r.near(b, op.Color, 40)
	paper := r.near(b, bg, 6)
	area := b.Dx() * b.Dy()
	assert.Greater(t, ink, area/50, "%s (%q): only %d of %d pixels in its colour %v", what, op.Text, ink, area, op.Color)
	assert.Greater(t, paper, area/5, "%s (%q): only %d of %d pixels of the background %v", what, op.Text, paper, area, bg)
}

func TestDesktopApp(t *testing.T) {
	app := newDesktopApp(t)

	t.Run("a chapter page with its title and the contents", func(t *testing.T) {
		r := app.run("chapter", "--state", "", "--width", "1200", "--height", "800", "--chapter", "05-stealing")
		r.notBlank(t)
		d := r.dump.Mode
		require.Equal(t, "05-stealing", d.Chapter)
		light := page.Theme(false)
		pageLayer := r.layer("page")
		require.NotNil(t, pageLayer)
		assert.Equal(t, light.Background, pageLayer.Fill)
		titles := r.ops("page", "title")
		require.NotEmpty(t, titles, "the page has the chapter's title")
		assert.Equal(t, "Work stealing and spinning threads", titles[0].Text)
		r.hasText(t, titles[0], light.Background, "the chapter title")
		// The page's background where nothing is drawn: left of the column.
		v := pageLayer.Clip
		margin := r.box(v.X+4, titles[0].Y, 20, titles[0].H)
		assert.Equal(t, margin.Dx()*margin.Dy(), r.near(margin, light.Background, 2), "the page's margin is the page's background")

		// The contents: every chapter, the current one marked and its
		// headings listed.
		toc := r.layer("toc")
		require.NotNil(t, toc, "the contents are beside the page")
		current := r.ops("toc", "toc-current")
		require.NotEmpty(t, current)
		var curText page.Item
		for _, op := range current {
			if op.Kind == page.ItemText && curText.Text == "" {
				curText = op // the first line of the entry
			}
		}
		require.Contains(t, curText.Text, "Work stealing")
		r.hasText(t, curText, read.ColorsFor(false).Current, "the current chapter in the contents")
		assert.GreaterOrEqual(t, len(r.ops("toc", "toc"))+len(r.ops("toc", "toc-current")), 13, "every chapter is listed")
		assert.NotEmpty(t, r.ops("toc", "toc-heading"), "the chapter's headings are listed")
		assert.NotNil(t, r.layer("toolbar"))
		assert.NotNil(t, r.layer("status"))
	})

	t.Run("the dark theme", func(t *testing.T) {
		r := app.run("dark", "--state", "", "--width", "1200", "--height", "800", "--chapter", "05-stealing", "--dark")
		r.notBlank(t)
		dark := page.Theme(true)
		assert.True(t, r.dump.Mode.Dark)
		pageLayer := r.layer("page")
		require.NotNil(t, pageLayer)
		assert.Equal(t, dark.Background, pageLayer.Fill)
		titles := r.ops("page", "title")
		require.NotEmpty(t, titles)
		assert.Equal(t, dark.Text, titles[0].Color)
		r.hasText(t, titles[0], dark.Background, "the chapter title, dark")
		v := pageLayer.Clip
		margin := r.box(v.X+4, titles[0].Y, 20, titles[0].H)
		assert.Equal(t, margin.Dx()*margin.Dy(), r.near(margin, dark.Background, 2), "the page's background is the dark one")
		tb := r.layer("toolbar")
		require.NotNil(t, tb)
		assert.Equal(t, dark.Card, tb.Fill)
		corner := r.box(tb.Clip.X+tb.Clip.W/2, 2, 4, 4)
		assert.Equal(t, corner.Dx()*corner.Dy(), r.near(corner, dark.Card, 2), "the toolbar is dark")
	})

	t.Run("a scene playing inline", func(t *testing.T) {
		early := app.run("scene_early", "--state", "", "--width", "1200", "--height", "800", "--play-scene", "steal", "-frames", "20")
		late := app.run("scene_late", "--state", "", "--width", "1200", "--height", "800", "--play-scene", "steal", "-frames", "80")
		for _, r := range []desktopRun{early, late} {
			r.notBlank(t)
			require.Equal(t, "05-stealing", r.dump.Mode.Chapter)
			require.NotEmpty(t, r.dump.Mode.Scenes)
			s := r.dump.Mode.Scenes[0]
			require.Equal(t, "05-stealing#steal", s.Key)
			assert.Equal(t, s.Box, s.Visible, "the whole scene is on the screen")
			assert.True(t, s.Playing, "the scene plays")
			assert.True(t, s.Focused, "the scene has the keyboard")
			require.NotNil(t, s.Frame, "the player drew")
			// The player's colours where its display list says: each
			// goroutine token, and the play head of the timeline.
			tokens := 0
			for _, sh := range s.Frame.Shapes {
				if sh.Kind != view.ShapeToken || sh.Fill.A != 0xFF || sh.Fill == view.Paper || sh.W < 8 {
					continue
				}
				c := r.box(sh.X+sh.W/2-1, sh.Y+sh.H/2-1, 2, 2)
				if r.near(c, sh.Fill, 24) > 0 {
					tokens++
				}
			}
			assert.Greater(t, tokens, 0, "a goroutine token in its state's colour")
			for _, sh := range s.Frame.Shapes {
				if sh.Role == "ctl:played" && sh.W > 4 {
					b := r.box(sh.X+1, sh.Y+1, sh.W-2, sh.H-2)
					assert.Greater(t, r.near(b, sh.Fill, 24), b.Dx()*b.Dy()/2, "the played part of the timeline")
				}
			}
		}
		e, l := early.dump.Mode.Scenes[0], late.dump.Mode.Scenes[0]
		assert.Greater(t, l.Cursor, e.Cursor, "sixty frames later the scene is further on")
		// It plays: the pictures differ inside the scene's box.
		b := early.box(e.Box.X, e.Box.Y, e.Box.W, e.Box.H)
		diff := 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r1, g1, b1, _ := early.img.At(x, y).RGBA()
				r2, g2, b2, _ := late.img.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 {
					diff++
				}
			}
		}
		assert.Greater(t, diff, 500, "the scene's pictures at frames 20 and 80 differ in %d pixels only", diff)
	})

	t.Run("a broken chapter shows an error page and the others open", func(t *testing.T) {
		dir := t.TempDir()
		src, err := os.ReadFile(filepath.Join(moduleRoot(t), "chapters", "05-stealing.md"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "05-stealing.md"), src, 0o644))
		bad := "---\ntitle: A chapter being written\n---\n\nSome text.\n\n```go scene id=oops\nfunc main() {\n\tgo nope(\n}\n```\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "06-oops.md"), []byte(bad), 0o644))
		r := app.run("bad_chapter", "--state", "", "--width", "1000", "--height", "700", "--chapters", dir, "--chapter", "06-oops")
		r.notBlank(t)
		d := r.dump.Mode
		require.Equal(t, "06-oops", d.Chapter)
		want := filepath.Join(dir, "06-oops.md") + ":10:1"
		assert.Contains(t, d.Error, want)
		assert.Contains(t, r.stderr, want, "the error is also on standard error")
		msgs := r.ops("page", "error-message")
		require.NotEmpty(t, msgs)
		var text []string
		for _, m := range msgs {
			text = append(text, m.Text)
		}
		assert.Contains(t, strings.Join(text, ""), want, "the page names file:line:col")
		title := r.ops("page", "error-title")
		require.NotEmpty(t, title)
		r.hasText(t, title[0], page.Theme(false).Background, "the error page's title")
		r.hasText(t, msgs[0], page.Theme(false).Background, "the error message")
		assert.NotEmpty(t, r.ops("page", "error-mark"), "the bad line is marked")
		// The good chapter is in the contents, ready to open.
		var entries []string
		for _, op := range append(r.ops("toc", "toc"), r.ops("toc", "toc-current")...) {
			if op.Kind == page.ItemText {
				entries = append(entries, op.Text)
			}
		}
		assert.Contains(t, strings.Join(entries, "|"), "Work stealing")
	})

	t.Run("a chapter in Chinese is set with the embedded subset font", func(t *testing.T) {
		dir := t.TempDir()
		src, err := os.ReadFile(filepath.Join(moduleRoot(t), "desktop", "page", "testdata", "91-zh.md"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "91-zh.md"), src, 0o644))
		r := app.run("chinese", "--state", "", "--width", "1000", "--height", "700", "--chapters", dir, "--chapter", "91")
		r.notBlank(t)
		titles := r.ops("page", "title")
		require.NotEmpty(t, titles)
		assert.Equal(t, "调度器", titles[0].Text)
		r.hasText(t, titles[0], page.Theme(false).Background, "the Chinese title")
		// The paragraph breaks between characters: several lines, each
		// drawn, none wider than the column.
		var lines []page.Item
		for _, ly := range r.dump.Mode.List.Layers {
			for _, op := range ly.Items {
				if op.Kind == page.ItemText && strings.Contains(op.Text, "协程") && ly.Name == "page" {
					lines = append(lines, op)
				}
			}
		}
		require.GreaterOrEqual(t, len(lines), 2, "the Chinese paragraph wraps")
		for _, op := range lines {
			r.hasText(t, op, page.Theme(false).Background, "a line of Chinese text")
		}
	})

	t.Run("the reading state survives a restart", func(t *testing.T) {
		path := filepath.Join(app.config, "gmpbook", "desktop.json")
		os.Remove(path)
		first := app.run("state_first", "--width", "1100", "--height", "760", "--chapter", "05-stealing",
			"--scroll-to", "half-the-queue-from-the-head", "--font-scale", "1.2", "--dark")
		data, err := os.ReadFile(path)
		require.NoError(t, err, "the state is saved in $XDG_CONFIG_HOME/gmpbook/desktop.json")
		var st read.State
		require.NoError(t, json.Unmarshal(data, &st))
		assert.Equal(t, read.State{Chapter: "05-stealing", Anchor: "half-the-queue-from-the-head", Lang: "en", Dark: true, FontScale: 1.2, Width: 1100, Height: 760}, st)

		second := app.run("state_second")
		d1, d2 := first.dump.Mode, second.dump.Mode
		assert.Equal(t, d1.Chapter, d2.Chapter)
		assert.Equal(t, d1.Anchor, d2.Anchor)
		assert.Equal(t, d1.Scroll, d2.Scroll, "the same place on the page")
		assert.True(t, d2.Dark)
		assert.InDelta(t, 1.2, d2.FontScale, 1e-6)
		assert.Equal(t, d1.W, d2.W, "the same window size")
		assert.Equal(t, d1.H, d2.H)
		second.notBlank(t)

		// A size saved on a larger screen (a projector's) opens whole on
		// this 1280×800 one, its toolbar in view (ux M10).
		st.Width, st.Height = 1920, 1080
		big, err := json.Marshal(st)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, big, 0o644))
		fitted := app.run("state_larger_than_screen")
		assert.LessOrEqual(t, fitted.dump.Mode.W, float32(1280), "the window fits the screen's width")
		assert.LessOrEqual(t, fitted.dump.Mode.H, float32(800), "and its height")
		assert.Greater(t, fitted.dump.Mode.W, float32(1100), "it is as large as the screen lets it be")
		fitted.notBlank(t)

		// A corrupt state file is reported and ignored.
		require.NoError(t, os.WriteFile(path, []byte("{this is not json"), 0o644))
		third := app.run("state_corrupt", "--width", "1000", "--height", "700")
		assert.Contains(t, third.stderr, "not a saved reading state")
		assert.Equal(t, "00-tour", third.dump.Mode.Chapter, "the app starts at the beginning")
		third.notBlank(t)
		data, err = os.ReadFile(path)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, &st), "the corrupt file was replaced on exit: %s", data)
		assert.Equal(t, "00-tour", st.Chapter)
	})
}

// TestDesktopStateLivesInTheUserConfigDir: the app keeps its state in
// os.UserConfigDir()/gmpbook/desktop.json, which on Linux follows
// XDG_CONFIG_HOME (the end-to-end test above relies on it).
func TestDesktopStateLivesInTheUserConfigDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("XDG_CONFIG_HOME is read on Linux")
	}
	t.Setenv("XDG_CONFIG_HOME", "/somewhere")
	p, err := read.StatePath()
	require.NoError(t, err)
	assert.Equal(t, "/somewhere/gmpbook/desktop.json", p)
}

// TestDesktopUnitTestsUnderXvfb runs package desktop's tests, which carry
// the build tag "display": the package imports Ebiten, and importing
// Ebiten panics without a display.
func TestDesktopUnitTestsUnderXvfb(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: builds package desktop with cgo")
	}
	for _, tool := range []string{"xvfb-run", "xauth"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("skipped: %s not on PATH (make deps installs it; make test runs deps first)", tool)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "go", "test", "-count=1", "-tags", "display", "./desktop/")
	cmd.Dir = moduleRoot(t)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "xvfb-run go test -tags display ./desktop/:\n%s", out)
	t.Logf("%s", bytes.TrimSpace(out))
}

// TestDesktopAppIsOffline: the desktop app links no network client. (It
// links package net, through the X11 connection of the windowing library,
// but nothing that speaks HTTP or TLS.)
func TestDesktopAppIsOffline(t *testing.T) {
	deps := goList(t, moduleRoot(t), "", "", "-deps", "./cmd/gmpbook-desktop")
	require.Contains(t, deps, "github.com/gmpbook/gmpbook/desktop", "the listing sees the app")
	for _, client := range []string{"net/http", "crypto/tls", "net/rpc", "net/smtp", "net/http/httptrace"} {
		assert.NotContains(t, deps, client, "the desktop app must work offline")
	}
}
