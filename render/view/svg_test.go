package view

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSampleSVGs writes sample frames as SVG (SVG, as the site's
// posters are drawn), to look at layouts without the Ebiten player.
func TestWriteSampleSVGs(t *testing.T) {
	dir := os.Getenv("VIEW_SVG")
	if dir == "" {
		t.Skip("set VIEW_SVG=dir to write sample frames as SVG")
	}
	write := func(name string, f Frame) {
		if err := os.WriteFile(filepath.Join(dir, name+".svg"), []byte(SVG(f, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s | %s", name, f.Narration, f.Caption)
	}
	rec := NewRecording(2, stealScene(t), []Caption{{On: "steal", Text: "P1 had nothing to do: it steals half of P0's queue."}})
	c := rec.NewCursor()
	c.NextSteal()
	write("steal-wide", c.Frame(Options{Width: 1280, Height: 720}))
	write("steal-narrow", c.Frame(Options{Width: 360, Height: 740}))
	ev := mixedScene(t, 4, 60, 3)
	rec = NewRecording(4, ev, nil)
	write("mixed-wide", rec.Frame(len(ev)/3, Options{Width: 1920, Height: 1080}))
	write("mixed-narrow", rec.Frame(len(ev)/3, Options{Width: 360, Height: 740}))
	ev = mixedScene(t, 8, 300, 7)
	rec = NewRecording(8, ev, nil)
	write("mixed8-wide", rec.Frame(len(ev)/5, Options{Width: 1920, Height: 1080}))
	write("mixed8-narrow", rec.Frame(len(ev)/5, Options{Width: 360, Height: 740}))
}
