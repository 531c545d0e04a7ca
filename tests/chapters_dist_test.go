package tests

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/dist"
	"github.com/gmpbook/gmpbook/site"
)

// realDistRuns is how many times make rewrite runs each scene on the real
// runtime to capture its distribution of outputs.
const realDistRuns = 100

// distScene is a chapter scene whose outcome can vary from run to run on
// the real runtime: more than one P, and the Go version the installed
// toolchain is (a scene that models another version has no real runs).
type distScene struct {
	c     *chapters.Chapter
	s     *chapters.Scene
	procs int
	name  string // the capture's file, site.RealDistName
}

func distScenes(t *testing.T) []distScene {
	all, err := chapters.All()
	require.NoError(t, err)
	var out []distScene
	for _, c := range all {
		for _, s := range c.Scenes {
			cfg, err := s.Config()
			require.NoError(t, err)
			if cfg.Procs < 2 || (s.Settings.Go != "" && !strings.HasPrefix(runtime.Version(), "go"+strings.TrimPrefix(s.Settings.Go, "go"))) {
				continue
			}
			out = append(out, distScene{c, s, cfg.Procs, site.RealDistName(c.Number, s.ID)})
		}
	}
	return out
}

// sceneHash identifies what a capture ran: the scene's program and its
// settings, so that a capture of an older version of the scene is stale.
// The scene's //> comments (captions, names of goroutines, the poster
// mark) are left out: they change what the player says, not what the
// program does. So is its load setting: it states under what load the
// capture was taken (the simulator models it, real runs ignore it).
func sceneHash(s *chapters.Scene) string {
	h := sha256.New()
	h.Write([]byte(withoutNarration(s.Source)))
	for _, kv := range s.Settings.Flags() {
		if kv[0] == "load" {
			continue
		}
		fmt.Fprintf(h, "\x00%s=%s", kv[0], kv[1])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// narrationComment is a //> comment, with the space before it.
var narrationComment = regexp.MustCompile(`[ \t]*//>.*`)

// withoutNarration is src without its //> comments, and without the lines
// that held nothing else.
func withoutNarration(src string) string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		cut := narrationComment.ReplaceAllString(l, "")
		if cut == "" && l != "" {
			continue
		}
		out = append(out, cut)
	}
	return strings.Join(out, "\n")
}

// TestChapterRealDistributions keeps chapters/real/NN-scene.dist — what
// each chapter scene at GOMAXPROCS>1 printed over realDistRuns runs on the
// real runtime, which the website shows beside the simulator's outputs
// over 100 seeds — true: every such scene has one, of the scene as it is
// now (its source and settings hash), at its GOMAXPROCS, with that many
// runs, and no capture is left of a scene that is gone. With
// GMPBOOK_REWRITE=1 (make rewrite) it captures them again: each scene
// built as gmpbook real builds it and run realDistRuns times with
// GOMAXPROCS set, counting standard output without its last newline, as
// gmpbook compare -runs does, and records the load average before and
// after each scene's runs (captures made before that have none).
func TestChapterRealDistributions(t *testing.T) {
	scenes := distScenes(t)
	require.NotEmpty(t, scenes)
	dir := filepath.Join("..", "chapters", "real")
	if os.Getenv("GMPBOOK_REWRITE") != "" {
		needGo(t)
		srcs := map[string][]byte{}
		for _, d := range scenes {
			srcs[binName(d)] = []byte(d.s.Source)
		}
		bins := buildReal(t, "", srcs)
		goVersion := runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
		for _, d := range scenes {
			start := time.Now()
			c := dist.Captured{Scene: strings.TrimSuffix(d.name, ".dist"), Procs: d.procs, Source: sceneHash(d.s), Go: goVersion}
			env := cleanEnv("GOMAXPROCS=" + strconv.Itoa(d.procs))
			before, ok := dist.LoadAverage()
			for range realDistRuns {
				rr := runBin(t, env, bins[binName(d)])
				c.Hist.Add(strings.TrimSuffix(rr.stdout, "\n"))
			}
			if after, ok2 := dist.LoadAverage(); ok && ok2 {
				c.LoadAvg = []float64{before, after} // under what load it was captured
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, d.name), c.Marshal(), 0o644))
			t.Logf("%s: %d runs in %v, %d distinct outputs", d.name, c.Hist.N, time.Since(start).Round(time.Millisecond), len(c.Hist.Count))
		}
	}
	want := map[string]bool{}
	for _, d := range scenes {
		want[d.name] = true
		data, err := os.ReadFile(filepath.Join(dir, d.name))
		require.NoError(t, err, "scene %s of chapter %d runs at GOMAXPROCS=%d: capture its real distribution with make rewrite", d.s.ID, d.c.Number, d.procs)
		c, err := dist.ParseCaptured(data)
		require.NoError(t, err, d.name)
		require.Equal(t, strings.TrimSuffix(d.name, ".dist"), c.Scene, d.name)
		require.Equal(t, d.procs, c.Procs, "%s: captured at another GOMAXPROCS: make rewrite", d.name)
		require.Equal(t, sceneHash(d.s), c.Source, "%s: the scene changed since its capture: make rewrite", d.name)
		require.Equal(t, realDistRuns, c.Hist.N, d.name)
	}
	files, err := fs.Glob(os.DirFS(dir), "*.dist")
	require.NoError(t, err)
	for _, f := range files {
		require.True(t, want[f], "%s: no chapter scene at GOMAXPROCS>1 has this name: remove it", f)
	}
}

func binName(d distScene) string {
	return fmt.Sprintf("ch%02d_%s", d.c.Number, strings.ReplaceAll(d.s.ID, "-", "_"))
}
