// Command emptygame is the baseline of the player's frame rate: an Ebiten
// game that only clears the screen. It lives in testdata so that it is no
// package of the module (and so outside the import rules): cmd/playerbench
// builds it by path.
package main

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

type game struct{ frames int }

func (g *game) Update() error { return nil }

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.NRGBA{0xF7, 0xF7, 0xF4, 0xFF})
	g.frames++
	if g.frames == 1 {
		println("gmpbook: first frame")
	}
}

func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(&game{}); err != nil {
		panic(err)
	}
}
