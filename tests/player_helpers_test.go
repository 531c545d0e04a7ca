package tests

// Helpers of the player's end-to-end tests (player_desktop_test.go and
// player_browser_test.go): the scene they play, the display-list dump the
// players write, the checks they make on a screenshot, and the little
// server that hands the browser the WebAssembly player.

import (
	"encoding/json"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/devserve"
	"github.com/gmpbook/gmpbook/render/view"
	"github.com/gmpbook/gmpbook/script"
)

// playerStealScenePath is the scene the end-to-end tests play (and
// cmd/playerbench times): two Ps, eight goroutines of 2 ms of work each,
// so P1 has to steal from P0.
const playerStealScenePath = "tests/testdata/player/steal.go"

// playerStealScene reads the steal scene.
func playerStealScene(t *testing.T) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), playerStealScenePath))
	require.NoError(t, err)
	return src
}

// playerNeedTools skips the test unless every tool is on PATH. make test
// installs them first (make deps), so in CI these tests run.
func playerNeedTools(t *testing.T, tools ...string) {
	t.Helper()
	var missing []string
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	if len(missing) > 0 {
		t.Skipf("skipped: %s not on PATH (make deps installs it; make test runs deps first)", strings.Join(missing, ", "))
	}
}

// playerOutDir is tests/out, where the screenshots are kept for a person
// to look at (git ignores it).
func playerOutDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(moduleRoot(t), "tests", "out")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// playerStealCursor returns a cursor of the steal scene (the index of the
// last event applied) after the first steal at which both P0 and P1 run a
// goroutine and P0 has a local queue: the picture the tests check. It folds the event log itself, so that a
// change in the simulator moves the cursor rather than breaking the test.
func playerStealCursor(t *testing.T) int {
	t.Helper()
	c, err := script.Load("steal.go", playerStealScene(t))
	require.NoError(t, err)
	cfg, err := c.Scene.Settings.Config(nil)
	require.NoError(t, err)
	s, err := c.NewSim(cfg)
	require.NoError(t, err)
	require.NoError(t, s.Run())
	events := s.Events()
	w := core.NewWorld(cfg.Procs)
	stolen := false
	for i := range events {
		w.Apply(&events[i])
		stolen = stolen || events[i].Kind == core.EvSteal
		if stolen && playerRunning(w, 0) != 0 && playerRunning(w, 1) != 0 && len(w.P(0).Runq) > 0 {
			return i
		}
	}
	t.Fatalf("the steal scene never has both Ps running after a steal (%d events)", len(events))
	return 0
}

// playerRunning is the goroutine running on P p, or 0.
func playerRunning(w *core.World, p int32) int64 {
	for _, m := range w.Ms {
		if m.P == p && m.CurG != 0 {
			if g := w.G(m.CurG); g != nil && g.Loc == core.LocRunning {
				return g.ID
			}
		}
	}
	return 0
}

// playerDump is the display list a player writes beside its screenshot
// (gmpbook-player -frame, window.gmpbookFrame() in the browser).
type playerDump struct {
	Scale float64
	Frame view.Frame
}

func playerReadDump(t *testing.T, data []byte) playerDump {
	t.Helper()
	var d playerDump
	require.NoError(t, json.Unmarshal(data, &d), "the frame dump is not JSON")
	if d.Scale == 0 {
		d.Scale = 1
	}
	require.NotEmpty(t, d.Frame.Shapes, "the frame dump has no shapes")
	return d
}

// playerShape returns the first shape of kind with role, or fails.
func playerShape(t *testing.T, f view.Frame, kind view.ShapeKind, role string) view.Shape {
	t.Helper()
	var roles []string
	for _, s := range f.Shapes {
		if s.Kind == kind && s.Role == role {
			return s
		}
		roles = append(roles, s.Role)
	}
	t.Fatalf("no shape of kind %d with role %q in the frame; roles: %v", kind, role, roles)
	return view.Shape{}
}

// playerCheckPicture checks a screenshot against the display list that was
// drawn: the picture is not blank, and the token of the goroutine running
// on P0 is on screen, where the list puts it, in its colour; likewise a
// token of P0's run queue and the play button.
func playerCheckPicture(t *testing.T, img image.Image, d playerDump) {
	t.Helper()
	b := img.Bounds()
	require.Greater(t, b.Dx(), 200, "the screenshot is too small")

	// Not blank: many colours, and the background is not everywhere.
	colours := map[[3]uint8]int{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bb, _ := img.At(x, y).RGBA()
			colours[[3]uint8{uint8(r >> 10), uint8(g >> 10), uint8(bb >> 10)}]++
		}
	}
	total := (b.Dx() / 2) * (b.Dy() / 2)
	most := 0
	for _, n := range colours {
		most = max(most, n)
	}
	require.GreaterOrEqual(t, len(colours), 30, "the screenshot has only %d distinct colours: is it blank?", len(colours))
	require.Less(t, float64(most)/float64(total), 0.9, "one colour covers %.0f%% of the screenshot", 100*float64(most)/float64(total))

	// The goroutine running on P0, a goroutine waiting in P0's run queue
	// and the play button, each in its own colour where the list says.
	for _, want := range []struct {
		kind view.ShapeKind
		role string
	}{
		{view.ShapeToken, "P0.m"},
		{view.ShapeToken, "P1.m"},
		{view.ShapeToken, "P0.runq"},
		{view.ShapeRect, "ctl:play"},
	} {
		s := playerShape(t, d.Frame, want.kind, want.role)
		ok, got := playerSampleRing(img, s, d.Scale)
		require.True(t, ok, "%s (G%d): the screenshot does not show its colour %v around (%.0f, %.0f); it shows %v",
			want.role, s.G, s.Fill, (s.X+s.W/2)*float32(d.Scale), (s.Y+s.H/2)*float32(d.Scale), got)
	}
}

// playerSampleRing samples eight points at 0.75 of the way from a shape's
// centre to its edge (clear of a token's label) and reports whether at
// least six have the shape's fill colour.
func playerSampleRing(img image.Image, s view.Shape, scale float64) (bool, []color.NRGBA) {
	cx, cy := float64(s.X+s.W/2)*scale, float64(s.Y+s.H/2)*scale
	rx, ry := float64(s.W/2)*scale*0.75, float64(s.H/2)*scale*0.75
	if s.Kind == view.ShapeToken || s.Kind == view.ShapeCircle {
		r := min(rx, ry)
		rx, ry = r, r
	}
	dirs := [8][2]float64{{0, -1}, {0.7, -0.7}, {1, 0}, {0.7, 0.7}, {0, 1}, {-0.7, 0.7}, {-1, 0}, {-0.7, -0.7}}
	hits := 0
	var got []color.NRGBA
	for _, d := range dirs {
		x, y := int(cx+d[0]*rx), int(cy+d[1]*ry)
		c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
		got = append(got, c)
		if playerNear(c, s.Fill) {
			hits++
		}
	}
	return hits >= 6, got
}

func playerNear(c color.NRGBA, want view.Color) bool {
	d := func(a, b uint8) int {
		if a > b {
			return int(a - b)
		}
		return int(b - a)
	}
	return d(c.R, want.R)+d(c.G, want.G)+d(c.B, want.B) <= 24
}

// playerServe serves dir on a loopback port, with main.wasm as
// application/wasm (which WebAssembly.instantiateStreaming requires and
// mime tables do not always know), and returns its base URL.
func playerServe(t *testing.T, dir string) string {
	t.Helper()
	url, stop, err := devserve.Dir(dir, func(err error) { t.Errorf("player server: %v", err) })
	require.NoError(t, err)
	t.Cleanup(stop)
	return url
}

// playerGo runs the go command in the module root with extra environment
// and fails the test with its output if it fails.
func playerGo(t *testing.T, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = moduleRoot(t)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
}
