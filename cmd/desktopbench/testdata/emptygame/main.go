// Command emptygame is the baseline of the desktop app's start-up and
// memory: an Ebiten window of the same size that only clears itself. It
// lives in testdata so that it is no package of the module (and so
// outside the import rules): cmd/desktopbench builds it by path.
package main

import (
	"flag"
	"fmt"
	"image/color"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

type game struct {
	start  time.Time
	frames int
}

func (g *game) Update() error { return nil }

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.NRGBA{0xFD, 0xFD, 0xFB, 0xFF})
	g.frames++
	if g.frames == 1 {
		fmt.Fprintf(os.Stderr, "emptygame: startup first-frame %.1fms\n", float64(time.Since(g.start).Microseconds())/1000)
	}
}

func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	start := time.Now()
	w := flag.Int("width", 1200, "window width")
	h := flag.Int("height", 800, "window height")
	flag.Parse()
	ebiten.SetWindowSize(*w, *h)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(&game{start: start}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
