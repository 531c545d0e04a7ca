package tests

// Presentation mode in the desktop app end to end: build
// cmd/gmpbook-desktop, run it in a 1920×1080 virtual X server with
// --present, save the window and what it drew (-frame), and check the
// picture against the display list: a content slide, a scene slide at
// two of its narrated steps, the presenter window's layout, the overview,
// a chapter that does not parse, and the real two-process pair (the
// presenter window's keys move the audience window; neither outlives the
// other).
//
// The screenshots are kept in tests/out/desktop_present_*.png for a
// person to look at. The tests skip, saying why, where xvfb-run or xauth
// is missing; make test installs them first (make deps).

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/frame"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/render/view"
)

// dpScreen is the virtual screen: a projector's 1920×1080.
const dpScreen = "-screen 0 1920x1080x24"

// dpDump is what gmpbook-desktop -frame writes in presentation mode.
type dpDump = frame.Dump[frame.Present]

// dpRun is one run of the app in presentation mode.
type dpRun struct {
	desktopRun
	d dpDump
}

// present runs the app at 1920×1080 with args and -screenshot/-frame into
// tests/out/desktop_present_name.
func (a *desktopApp) present(name string, args ...string) dpRun {
	t := a.t
	t.Helper()
	img, data, stderr, shot := a.capture("desktop_present_"+name, dpScreen,
		append([]string{"--state", "", "--width", "1920", "--height", "1080"}, args...))
	dump := filepath.Join(filepath.Dir(shot), "desktop_present_"+name+".json")
	var r dpRun
	require.NoError(t, json.Unmarshal(data, &r.d), "the frame dump is not JSON")
	if r.d.Scale == 0 {
		r.d.Scale = 1
	}
	require.Equal(t, "present", r.d.Mode.Mode)
	require.False(t, r.d.Mode.Loading, "the screenshot waits for the slides")
	// The helpers of the reading mode's test read the picture through
	// desktopRun.
	r.img, r.stderr, r.shot = img, stderr, shot
	r.dump.Scale = r.d.Scale
	r.dump.Mode.List = r.d.Mode.List
	t.Logf("%s: %s (%dx%d), %s; %s, %s", name, shot, img.Bounds().Dx(), img.Bounds().Dy(), dump, r.d.Mode.Role, r.d.Mode.Counter)
	return r
}

// text are the texts drawn with role, in order.
func (r dpRun) text(role string) []page.Item {
	var out []page.Item
	for _, ly := range r.d.Mode.List.Layers {
		for _, op := range ly.Items {
			if op.Role == role && op.Kind == page.ItemText {
				out = append(out, op)
			}
		}
	}
	return out
}

func joined(ops []page.Item) string {
	var s []string
	for _, op := range ops {
		s = append(s, op.Text)
	}
	return strings.Join(s, " ")
}

// differ counts the pixels of box b that differ between two screenshots.
func differ(a, b image.Image, box image.Rectangle) int {
	n := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				n++
			}
		}
	}
	return n
}

// slideNotBlank checks that a slide has a picture: many colours, and
// not all of it the background (a slide has more room around its text
// than a page).
func (r dpRun) slideNotBlank(t *testing.T) {
	t.Helper()
	hasPicture(t, r.img, 0.985)
}

// dpDeck is the deck the app shows, made here to find the slides to
// look at (a scene, a poll, a slide with notes) wherever the chapter puts
// them.
func dpDeck(t *testing.T, name string) *present.Deck {
	d := present.Open(name)
	require.NoError(t, d.Err)
	return d
}

func TestDesktopPresent(t *testing.T) {
	app := newDesktopApp(t)
	deck := dpDeck(t, "05-stealing")
	light := page.Theme(false)

	t.Run("a content slide in projector type", func(t *testing.T) {
		n := 0
		for i := 1; i < len(deck.Slides); i++ {
			if deck.Slides[i].Kind == chapters.SlideContent && len(deck.Slides[i].Nodes) > 0 {
				n = i + 1
				break
			}
		}
		require.NotZero(t, n)
		r := app.present("content", "--present", "05-stealing", "--slide", strconv.Itoa(n))
		r.slideNotBlank(t)
		d := r.d.Mode
		assert.Equal(t, "audience", d.Role)
		assert.Equal(t, n, d.Slide)
		assert.Equal(t, view.Rect{W: 1920, H: 1080}, d.Stage, "a 1920×1080 window is the whole stage")
		slide := r.layer("slide")
		require.NotNil(t, slide)
		assert.Equal(t, light.Background, slide.Fill)
		corner := r.box(8, 8, 40, 30)
		assert.Equal(t, corner.Dx()*corner.Dy(), r.near(corner, light.Background, 2), "the stage's background")

		titles := r.text("slide.title")
		require.Len(t, titles, 1)
		assert.Equal(t, deck.Slides[n-1].Title, titles[0].Text)
		assert.GreaterOrEqual(t, titles[0].Size, float32(48), "the title is large")
		r.hasText(t, titles[0], light.Background, "the slide's title")
		num := r.text("slide.number")
		require.Len(t, num, 1)
		assert.Equal(t, fmt.Sprintf("%d / %d", n, len(deck.Slides)), num[0].Text)
		r.hasText(t, num[0], light.Background, "the slide number")
		body := r.text("p")
		require.NotEmpty(t, body, "the slide's paragraphs")
		r.hasText(t, body[0], light.Background, "the first line of the body")
		// Read from the back of a room: no text under 24 px on the stage,
		// and none outside it.
		for _, op := range slide.Items {
			if op.Kind != page.ItemText {
				continue
			}
			assert.GreaterOrEqual(t, op.Size, float32(24)-0.01, "%s %q is too small for a projector", op.Role, op.Text)
			assert.LessOrEqual(t, op.X+op.W, float32(1920), "%s %q runs off the stage", op.Role, op.Text)
			assert.LessOrEqual(t, op.Y+op.H, float32(1080), "%s %q runs off the stage", op.Role, op.Text)
		}
		// The progress bar: the part played in the link colour.
		var bar page.Item
		for _, op := range slide.Items {
			if op.Role == "progress" {
				bar = op
			}
		}
		require.NotZero(t, bar.W)
		b := r.box(bar.X+1, bar.Y+1, bar.W-2, bar.H-2)
		assert.Greater(t, r.near(b, light.Link, 8), b.Dx()*b.Dy()*9/10, "the progress bar")
	})

	t.Run("a scene slide at two of its steps", func(t *testing.T) {
		n := 0
		for i := range deck.Slides {
			if deck.Slides[i].Kind == chapters.SlideScene && deck.Slides[i].Steps() >= 2 {
				n = i + 1
				break
			}
		}
		require.NotZero(t, n, "a scene slide with two narrated steps")
		s := &deck.Slides[n-1]
		var runs [2]dpRun
		for k := 1; k <= 2; k++ {
			r := app.present("scene_step"+strconv.Itoa(k), "--present", "05-stealing", "--slide", strconv.Itoa(n), "--step", strconv.Itoa(k))
			runs[k-1] = r
			r.notBlank(t)
			d := r.d.Mode
			require.Equal(t, "scene", d.Kind)
			require.Equal(t, k, d.Step)
			require.NotNil(t, d.Scene, "the scene's player")
			sc := d.Scene
			assert.Equal(t, s.EventAt(k), sc.Event)
			assert.Equal(t, sc.Event, sc.Cursor, "the player is at the step's event")
			assert.False(t, sc.Playing)
			want := s.Caption(k)
			require.NotEmpty(t, want)
			assert.Equal(t, want, sc.Caption, "the player's caption is the step's")
			caps := r.text("scene.caption")
			require.NotEmpty(t, caps, "the caption is on the slide")
			assert.Equal(t, strings.Join(strings.Fields(want), " "), joined(caps))
			assert.GreaterOrEqual(t, caps[0].Size, float32(28), "the caption is large")
			r.hasText(t, caps[0], light.Card, "the step's caption")
			assert.Greater(t, sc.Box.W, float32(1500), "the player fills the slide's width")

			// The player's colours where its display list says, in the
			// window: its pixels are Zoom window pixels each.
			require.NotNil(t, sc.Frame)
			z := sc.Zoom
			tokens, candidates := 0, 0
			for _, sh := range sc.Frame.Shapes {
				if sh.Kind != view.ShapeToken || sh.Fill.A != 0xFF || sh.Fill == view.Paper || sh.W < 8 {
					continue
				}
				candidates++
				c := r.box((sh.X+sh.W/2)*z-1, (sh.Y+sh.H/2)*z-1, 2, 2)
				assert.True(t, image.Rect(int(sc.Box.X), int(sc.Box.Y), int(sc.Box.X+sc.Box.W), int(sc.Box.Y+sc.Box.H)).Overlaps(c), "a token inside the scene's box")
				if r.near(c, sh.Fill, 24) > 0 {
					tokens++
				}
			}
			// The runtime's own goroutines are drawn muted, so a step early
			// in a scene may show only a few coloured tokens: each one the
			// display list has must be in the window (one may lie under a
			// move's label).
			assert.GreaterOrEqual(t, tokens, 1, "goroutine tokens in their states' colours")
			assert.GreaterOrEqual(t, tokens, candidates-1, "goroutine tokens in their states' colours: %d of %d found", tokens, candidates)
			played := false
			for _, sh := range sc.Frame.Shapes {
				if sh.Role == "ctl:played" && sh.W > 4 {
					b := r.box(sh.X*z+2, sh.Y*z+2, sh.W*z-4, sh.H*z-4)
					assert.Greater(t, r.near(b, sh.Fill, 24), b.Dx()*b.Dy()/2, "the played part of the timeline")
					played = true
				}
			}
			assert.True(t, played, "the timeline is drawn")
		}
		box := runs[0].d.Mode.Scene.Box
		diff := differ(runs[0].img, runs[1].img, runs[0].box(box.X, box.Y, box.W, box.H))
		assert.Greater(t, diff, 500, "steps 1 and 2 show different pictures: only %d pixels differ in the scene's box", diff)
	})

	t.Run("the presenter view", func(t *testing.T) {
		n := 0
		for i := range deck.Slides {
			// A content slide: on a scene or a poll the counter also
			// shows its steps.
			if strings.TrimSpace(deck.Slides[i].Notes) != "" && deck.Slides[i].Kind == chapters.SlideContent && i+1 < len(deck.Slides) {
				n = i + 1
				break
			}
		}
		require.NotZero(t, n, "a content slide with speaker notes")
		r := app.present("presenter", "--present", "05-stealing", "--presenter-view", "--slide", strconv.Itoa(n))
		r.notBlank(t)
		d := r.d.Mode
		assert.Equal(t, "presenter-view", d.Role)
		assert.Equal(t, n, d.Slide)
		notes := r.text("notes")
		require.NotEmpty(t, notes, "the speaker notes")
		first := strings.Fields(strings.ReplaceAll(deck.Slides[n-1].Notes, "`", ""))
		assert.True(t, strings.HasPrefix(joined(notes), strings.Join(first[:4], " ")), "the notes begin %q: %q", strings.Join(first[:4], " "), joined(notes))
		assert.GreaterOrEqual(t, notes[0].Size, float32(16))
		r.hasText(t, notes[0], light.Background, "the notes")
		next := r.text("presenter.nexttag")
		require.Len(t, next, 1)
		assert.Equal(t, fmt.Sprintf("Next: %d · %s", n+1, deck.Slides[n].Title), next[0].Text)
		r.hasText(t, next[0], light.Background, "the next slide's title")
		timer := r.text("presenter.timer")
		require.Len(t, timer, 1)
		assert.Regexp(t, `^\d\d:\d\d$`, timer[0].Text)
		r.hasText(t, timer[0], light.Card, "the timer")
		counter := r.text("presenter.counter")
		require.Len(t, counter, 1)
		assert.Equal(t, fmt.Sprintf("slide %d/%d", n, len(deck.Slides)), counter[0].Text)
		// Both slides are drawn in their boxes.
		for _, name := range []string{"current", "next"} {
			ly := r.layer(name)
			require.NotNil(t, ly, "the %s slide", name)
			assert.NotEmpty(t, ly.Items)
			var title page.Item
			for _, op := range ly.Items {
				if op.Role == "slide.title" {
					title = op
				}
			}
			require.NotEmpty(t, title.Text, "the %s slide's title", name)
			r.hasText(t, title, light.Background, "the "+name+" slide's title")
		}
	})

	t.Run("the overview", func(t *testing.T) {
		r := app.present("overview", "--present", "05-stealing", "--overview", "--slide", "5")
		r.notBlank(t)
		d := r.d.Mode
		require.True(t, d.Overview)
		assert.Equal(t, 5, d.Selected)
		require.Len(t, d.Cells, len(deck.Slides))
		labels := r.text("overview.label")
		shown := 0
		for i, c := range d.Cells {
			if c.W == 0 {
				continue
			}
			shown++
			// A thumbnail: the slide's background in its margin (the
			// stage's top-left corner), and its text's ink.
			b := r.box(c.X+1, c.Y+1, c.W*0.04, c.H*0.04)
			assert.Greater(t, r.near(b, light.Background, 3), b.Dx()*b.Dy()*9/10, "thumbnail %d has the slide's background", i+1)
			b = r.box(c.X+2, c.Y+2, c.W-4, c.H-4)
			assert.Greater(t, r.near(b, light.Text, 90), 20, "thumbnail %d has text on it", i+1)
		}
		assert.Equal(t, shown, len(labels), "a label under each thumbnail")
		assert.GreaterOrEqual(t, shown, 12)
		assert.True(t, strings.HasPrefix(labels[4].Text, "5 · "), "labels are numbered: %q", labels[4].Text)
		var sel []page.Item
		for _, ly := range r.d.Mode.List.Layers {
			for _, op := range ly.Items {
				if op.Role == "overview.selected" {
					sel = append(sel, op)
				}
			}
		}
		require.Len(t, sel, 4, "a frame around the selected slide")
		b := r.box(sel[0].X, sel[0].Y, sel[0].W, sel[0].H)
		assert.Greater(t, r.near(b, light.Link, 30), b.Dx()*b.Dy()/2, "the selection's frame")
	})

	t.Run("a chapter that does not parse is an error slide", func(t *testing.T) {
		dir := t.TempDir()
		src, err := os.ReadFile(filepath.Join(moduleRoot(t), "chapters", "05-stealing.md"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "05-stealing.md"), src, 0o644))
		bad := "---\ntitle: A chapter being written\n---\n\nSome text.\n\n```go scene id=oops\nfunc main() {\n\tgo nope(\n}\n```\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "06-oops.md"), []byte(bad), 0o644))
		r := app.present("bad_chapter", "--chapters", dir, "--present", "06-oops")
		d := r.d.Mode
		want := filepath.Join(dir, "06-oops.md") + ":10:1"
		assert.Equal(t, want, d.ErrorAt)
		assert.Contains(t, d.Error, want)
		msgs := r.text("error")
		require.NotEmpty(t, msgs, "the error is on the slide")
		// The path may be broken across lines.
		assert.Contains(t, strings.Join(strings.Fields(joined(msgs)), ""), want, "the slide names file:line:col")
		r.hasText(t, msgs[0], light.ErrorBg, "the error message")
		title := r.text("slide.title")
		require.NotEmpty(t, title)
		r.hasText(t, title[0], light.Background, "the error slide's title")
		assert.Contains(t, r.stderr, want, "and standard error says it")
	})
}

// TestDesktopPresentWindowPair runs the real pair: the audience window
// started with --presenter starts the presenter window as a second
// process; keys pressed there (the --presenter-keys test hook) move the
// talk in the audience window; when the audience window exits, the
// presenter window does too, whether the audience window closes or is
// killed; when the presenter window dies, the audience window goes on.
func TestDesktopPresentWindowPair(t *testing.T) {
	app := newDesktopApp(t)

	t.Run("the presenter window's keys move the talk and it ends with the audience window", func(t *testing.T) {
		r := app.present("pair", "--present", "05-stealing", "--presenter", "--presenter-keys", "right,right,right")
		d := r.d.Mode
		require.NotNil(t, d.Presenter)
		require.True(t, d.Presenter.Running, "the presenter window runs:\n%s", r.stderr)
		assert.Equal(t, 3, d.Presenter.KeysGot)
		nav := present.NewNav(dpDeck(t, "05-stealing"))
		nav.Next()
		nav.Next()
		nav.Next()
		assert.Equal(t, nav.Pos().Slide+1, d.Slide, "three → in the presenter window moved the audience window")
		assert.Equal(t, nav.Pos().Step, d.Step)
		pid := d.Presenter.Pid
		require.NotZero(t, pid)
		dpGone(t, pid, "the presenter window after the audience window exited")
	})

	t.Run("killing the audience window ends the presenter window", func(t *testing.T) {
		p := dpStart(t, app, "--present", "05-stealing", "--presenter")
		child := p.waitPid(t)
		parent := dpParent(t, app.bin)
		require.NotZero(t, parent)
		require.NoError(t, syscall.Kill(parent, syscall.SIGKILL))
		dpGone(t, child, "the presenter window after the audience window was killed")
		p.wait(t)
	})

	t.Run("the audience window goes on when the presenter window dies", func(t *testing.T) {
		p := dpStart(t, app, "--present", "05-stealing", "--presenter")
		child := p.waitPid(t)
		require.NoError(t, syscall.Kill(child, syscall.SIGKILL))
		p.waitLine(t, "presenter window closed")
		parent := dpParent(t, app.bin)
		require.NotZero(t, parent, "the audience window is still running")
		require.NoError(t, syscall.Kill(parent, syscall.SIGKILL))
		p.wait(t)
	})
}

// dpProc is the app running in the background under xvfb-run.
type dpProc struct {
	cmd    *exec.Cmd
	lines  chan string
	seen   []string
	cancel context.CancelFunc
}

func dpStart(t *testing.T, app *desktopApp, args ...string) *dpProc {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	full := append([]string{"-a", "-s", dpScreen, app.bin, "--state", ""}, args...)
	cmd := exec.CommandContext(ctx, "xvfb-run", full...)
	// The first run follows the locale: the English edition, whatever
	// the machine's is.
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+app.config, "LC_ALL=", "LC_MESSAGES=", "LANG=C.UTF-8")
	// A process group of its own: whatever happens, the cleanup ends
	// xvfb-run, its X server and the app's processes together.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	p := &dpProc{cmd: cmd, lines: make(chan string, 100), cancel: cancel}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cancel()
		_ = cmd.Wait()
	})
	return p
}

// waitLine waits for a line of standard error containing s.
func (p *dpProc) waitLine(t *testing.T, s string) string {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				t.Fatalf("the app ended before saying %q:\n%s", s, strings.Join(p.seen, "\n"))
			}
			p.seen = append(p.seen, l)
			if strings.Contains(l, s) {
				return l
			}
		case <-timeout:
			t.Fatalf("the app did not say %q in 30s:\n%s", s, strings.Join(p.seen, "\n"))
		}
	}
}

var dpPidRE = regexp.MustCompile(`presenter window started \(pid (\d+)\)`)

// waitPid waits for the presenter window to start and returns its pid.
func (p *dpProc) waitPid(t *testing.T) int {
	l := p.waitLine(t, "presenter window started")
	m := dpPidRE.FindStringSubmatch(l)
	require.NotNil(t, m, l)
	pid, _ := strconv.Atoi(m[1])
	// Wait for the window to be up: it says nothing, so give it the time
	// to open and read the chapter.
	time.Sleep(1500 * time.Millisecond)
	require.True(t, dpAlive(pid), "the presenter window is running")
	return pid
}

func (p *dpProc) wait(t *testing.T) {
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Error("xvfb-run did not end")
		p.cancel()
	}
}

// dpAlive reports whether process pid runs (a zombie does not count).
func dpAlive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state …
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// dpGone waits up to five seconds for process pid to end.
func dpGone(t *testing.T, pid int, what string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for dpAlive(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("%s is still running (pid %d)", what, pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// dpParent is the pid of the running audience window: the process of
// bin that is not a presenter window (0 if none).
func dpParent(t *testing.T, bin string) int {
	ents, err := os.ReadDir("/proc")
	require.NoError(t, err)
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe"))
		if err != nil || exe != bin || !dpAlive(pid) {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || bytes.Contains(cmdline, []byte("--presenter-child")) {
			continue
		}
		return pid
	}
	return 0
}
