package tests

// The desktop player end to end: build cmd/gmpbook-player (cgo, Ebiten over
// GLFW), run it in a virtual X server on the work-stealing scene, save the
// window at a fixed cursor and check the picture against the display list
// the player drew. It also runs package render's own tests, which need a
// display because importing Ebiten does.
//
// The tests skip, saying why, where xvfb-run or xauth is missing; make test
// installs them first (make deps), so in CI they run.

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// xvfbArgs start a virtual X server as large as the browser test's viewport.
var xvfbArgs = []string{"-a", "-s", "-screen 0 1280x800x24"}

func TestPlayerDesktopDrawsTheSceneAtTheCursor(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: builds and runs the desktop player")
	}
	playerNeedTools(t, "xvfb-run", "xauth")
	dir := t.TempDir()
	bin := filepath.Join(dir, "gmpbook-player")
	playerGo(t, []string{"CGO_ENABLED=1"}, "build", "-o", bin, "./cmd/gmpbook-player")
	scene := filepath.Join(dir, "steal.go")
	require.NoError(t, os.WriteFile(scene, playerStealScene(t), 0o644))

	at := playerStealCursor(t)
	out := playerOutDir(t)
	shot := filepath.Join(out, "player_desktop.png")
	dump := filepath.Join(out, "player_desktop.json")
	os.Remove(shot)
	os.Remove(dump)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := append(append([]string{}, xvfbArgs...), bin,
		"-width", "1280", "-height", "800",
		"-at", strconv.Itoa(at), "-screenshot", shot, "-frame", dump, scene)
	cmd := exec.CommandContext(ctx, "xvfb-run", args...)
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	require.NoError(t, cmd.Run(), "xvfb-run gmpbook-player:\n%s", output.String())

	f, err := os.Open(shot)
	require.NoError(t, err, "the player wrote no screenshot:\n%s", output.String())
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	data, err := os.ReadFile(dump)
	require.NoError(t, err)
	d := playerReadDump(t, data)
	t.Logf("cursor %d; screenshot %s (%dx%d), display list %s (%d shapes)", at, shot, img.Bounds().Dx(), img.Bounds().Dy(), dump, len(d.Frame.Shapes))
	playerCheckPicture(t, img, d)
}

// TestPlayerRenderUnitTestsUnderXvfb runs package render's tests, which
// carry the build tag "display": render imports Ebiten, and importing
// Ebiten panics without a display.
func TestPlayerRenderUnitTestsUnderXvfb(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: builds package render with cgo")
	}
	playerNeedTools(t, "xvfb-run", "xauth")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := append(append([]string{}, xvfbArgs...), "go", "test", "-count=1", "-tags", "display", "./render/")
	cmd := exec.CommandContext(ctx, "xvfb-run", args...)
	cmd.Dir = moduleRoot(t)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "xvfb-run go test -tags display ./render/:\n%s", out)
	t.Logf("%s", bytes.TrimSpace(out))
}
