package view

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

func TestFuncLabel(t *testing.T) {
	for in, want := range map[string]string{
		"main.worker":                                  "worker",
		"main.main.func1":                              "main ƒ1",
		"main.serve.func2.1":                           "serve ƒ2.1",
		"runtime.bgsweep":                              "bgsweep",
		"net/http.(*conn).serve":                       "(*conn).serve",
		"sync.(*WaitGroup).Go.func1":                   "wg.Go",
		"golang.org/x/sync/errgroup.(*Group).Go.func1": "g.Go",
		"main.(*server).run":                           "(*server).run",
		"gmpbook/scene.NetRead.func1":                  "peer",
		"":                                             "",
	} {
		assert.Equal(t, want, FuncLabel(in), in)
	}
}

// TestGoroutinesNamed: later goroutines of one function get ·2, ·3; tokens
// carry the name for tooltips; narration says "name (Gn)".
func TestGoroutinesNamed(t *testing.T) {
	ev := mixedScene(t, 4, 60, 3)
	rec := NewRecording(4, ev, nil)
	seen := map[string]int{}
	for i := range ev {
		e := &ev[i]
		if e.Kind != core.EvGoCreate || e.Text == "" {
			continue
		}
		base := FuncLabel(e.Text)
		seen[base]++
		want := base
		if seen[base] > 1 {
			want += "·" + strconv.Itoa(seen[base])
		}
		require.Equal(t, want, rec.GName(e.G), "G%d %s", e.G, e.Text)
		assert.Contains(t, rec.Sentence(i), want+" (G"+strconv.FormatInt(e.G, 10)+")")
	}
	require.NotEmpty(t, seen)
	f := rec.Frame(len(ev)/2, Options{Width: 1280, Height: 800})
	named := 0
	for _, s := range f.Shapes {
		if s.Kind == ShapeToken {
			assert.Equal(t, rec.GName(s.G), s.Name)
			if s.Name != "" {
				named++
			}
			if s.System && s.State != StateRunning {
				assert.True(t, s.Dashed, "runtime G%d drawn dotted", s.G)
			}
		}
	}
	assert.Positive(t, named)
}
