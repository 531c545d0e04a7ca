// Command textgame is the baseline of the player's size and start-up: the
// smallest Ebiten game that draws one line of text with the same embedded
// font as the player. It lives in testdata so that it is no package of the
// module (and so outside the import rules): cmd/playerbench builds it by
// path.
package main

import (
	"bytes"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

type game struct {
	face   *text.GoTextFace
	frames int
}

func (g *game) Update() error { return nil }

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.NRGBA{0xF7, 0xF7, 0xF4, 0xFF})
	op := &text.DrawOptions{}
	op.GeoM.Translate(20, 20)
	op.ColorScale.ScaleWithColor(color.Black)
	text.Draw(screen, "Hello, goroutines.", g.face, op)
	g.frames++
	if g.frames == 1 {
		println("gmpbook: first frame")
	}
}

func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		panic(err)
	}
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(&game{face: &text.GoTextFace{Source: src, Size: 24}}); err != nil {
		panic(err)
	}
}
