package playerlog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
)

// shotMechanisms are the mechanisms docs/player-design.md shows built: the
// chapter's slug, and the events the picture is paused on (the first one after
// main.main in the first of the chapter's scenes that has it).
var shotMechanisms = []struct {
	name, chapter string
	kinds         []core.EvKind
	move          bool // the frame must draw the event as a path
}{
	{"steal", "stealing", []core.EvKind{core.EvSteal}, true},
	{"handoff", "syscalls", []core.EvKind{core.EvProcRetake}, true},
	{"preempt", "preemption", []core.EvKind{core.EvGoPreempt}, false},
	{"netpoll", "netpoller", []core.EvKind{core.EvIOReady}, false},
	{"timers", "sysmon-timers", []core.EvKind{core.EvTimerFire}, false},
}

// TestPlayerShots writes, when GMPBOOK_SHOTS names a directory, the SVG of
// each mechanism's paused frame at 1280 px, 390 px and as a 1920×1080
// slide, light and dark: scripts/player-shots.sh renders them to PNG for
// docs/player-design/built/. When GMPBOOK_SHOT_SCENES names a directory,
// it also writes there each mechanism's scene and the gmpbook-player
// arguments that open it at the same event (the desktop pictures). Without the variable it still builds every
// frame and checks that each mechanism is found and its move drawn.
func TestPlayerShots(t *testing.T) {
	dir := os.Getenv("GMPBOOK_SHOTS")
	all, err := chapters.All()
	require.NoError(t, err)
	for _, m := range shotMechanisms {
		found := false
		for _, ch := range all {
			if ch.Slug != m.chapter {
				continue
			}
			for _, sc := range ch.Scenes {
				rec := sceneRecording(t, sc.Compiled, sc.Settings)
				c := rec.NewCursor()
				c.Seek(rec.MainStart())
				if !c.NextOfKind(m.kinds...) {
					continue
				}
				found = true
				for _, st := range pictureStages {
					for _, dark := range []bool{false, true} {
						f := c.Frame(view.Options{Width: st.w, Height: st.h, Slide: st.slide, Dark: dark, Unused: rec.Unused()})
						if m.move {
							drawn := false
							for _, s := range f.Shapes {
								drawn = drawn || (s.Kind == view.ShapeLine && strings.HasPrefix(s.Role, "move."))
							}
							assert.True(t, drawn, "%s %s: the move is not drawn", m.name, st.name)
						}
						if dir == "" {
							continue
						}
						look := "light"
						if dark {
							look = "dark"
						}
						name := m.name + "-" + st.name + "-" + look + ".svg"
						label := ch.Slug + "/" + sc.ID + " at event " + itoa(c.Pos()) + ": " + f.Narration
						require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(view.SVG(f, label)), 0o644))
					}
				}
				if dir != "" {
					t.Logf("%s: %s/%s at event %d (%s): %s", m.name, ch.Slug, sc.ID, c.Pos(), c.Event(), c.Frame(view.Options{Width: 1280, Height: 760}).Narration)
				}
				if scenes := os.Getenv("GMPBOOK_SHOT_SCENES"); scenes != "" {
					// The scene and the gmpbook-player arguments that open it
					// paused at the same event, for the desktop pictures
					// (scripts/player-shots.sh runs them under Xvfb).
					args := []string{"-at=" + itoa(c.Pos())}
					for _, kv := range sc.Settings.Flags() {
						args = append(args, "-"+kv[0]+"="+kv[1])
					}
					require.NoError(t, os.WriteFile(filepath.Join(scenes, m.name+".go"), sc.Compiled.Scene.Source, 0o644))
					require.NoError(t, os.WriteFile(filepath.Join(scenes, m.name+".args"), []byte(strings.Join(args, "\n")+"\n"), 0o644))
				}
				break
			}
			if found {
				break
			}
		}
		assert.True(t, found, "%s: no scene of %s has it", m.name, m.chapter)
	}
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
