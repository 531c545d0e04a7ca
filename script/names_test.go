package script

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// goLabels runs src and returns the author's labels of the goroutines it
// created, in creation order ("" for a goroutine without one).
func goLabels(t *testing.T, src string) []string {
	t.Helper()
	s, _ := runScene(t, src, 2)
	var out []string
	for _, e := range s.Events() {
		if e.Kind == core.EvGoCreate && e.Arg != 1 && e.G2 != 0 {
			out = append(out, e.GoLabel())
			require.False(t, strings.Contains(e.GoFunc(), "\n"), e.Text)
		}
	}
	return out
}

func TestNameDirectiveNamesEachGoroutineAtItsCreation(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"callee parameter", `
func main() {
	for i := range 3 {
		go worker(i * 10) //> name worker {id}
	}
	time.Sleep(time.Millisecond)
}

func worker(id int) {}
`, []string{"worker 0", "worker 10", "worker 20"}},
		{"argument variable, directive on the line before", `
func main() {
	for i := range 3 {
		//> name w{i}/{tag}
		go worker(i, "x")
	}
	time.Sleep(time.Millisecond)
}

func worker(n int, tag string) {}
`, []string{"w0/x", "w1/x", "w2/x"}},
		{"closure's loop variable", `
func main() {
	for i := range 3 {
		go func() { //> name reader {i}
			_ = i
		}()
	}
	time.Sleep(time.Millisecond)
}
`, []string{"reader 0", "reader 1", "reader 2"}},
		{"closure variable changed after the statement", `
func main() {
	n := 1
	go func() { _ = n }() //> name n={n}
	n = 2
	go func() { _ = n }() //> name n={n}
	time.Sleep(time.Millisecond)
}
`, []string{"n=1", "n=2"}},
		{"method, and one go statement without a name", `
type pool struct{}

func (p *pool) serve(slot int, ok bool) {}

func main() {
	p := &pool{}
	go p.serve(7, true) //> name slot {slot} {ok}
	go p.serve(8, false)
	time.Sleep(time.Millisecond)
}
`, []string{"slot 7 true", ""}},
		{"wg.Go and errgroup's Go, and a go statement after them", `package main

import (
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

func main() {
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() { _ = i }) //> name worker {i}
	}
	wg.Wait()
	var g errgroup.Group
	g.SetLimit(1)
	for j := range 2 {
		//> name fetch {j}
		g.Go(func() error { _ = j; return nil })
	}
	g.Wait()
	wg.Go(func() {})
	go func() {}()
	time.Sleep(time.Millisecond)
}
`, []string{"worker 0", "worker 1", "fetch 0", "fetch 1", "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, goLabels(t, tc.src))
		})
	}
}

func TestNameDirectiveIsNotACaption(t *testing.T) {
	src := "func main() {\n\tgo work(1) //> name w {n}\n\t//> spawn\n\tgo work(2)\n}\n\nfunc work(n int) {}\n"
	sc, err := Parse("s.go", []byte(src))
	require.NoError(t, err)
	require.Equal(t, []Caption{{Line: 4, Text: "spawn"}}, sc.Captions)
}

func TestBadNameDirectivesAreCompileErrors(t *testing.T) {
	wants := map[string]string{
		"func main() {\n\tx := 1 //> name w {x}\n\t_ = x\n}\n":                                        "s.go:2:9: //> name names the goroutine of a go statement",
		"func main() {\n\t//> name w\n\tprintln()\n}\n":                                               "s.go:2:2: //> name names the goroutine of a go statement",
		"func main() {\n\tgo work(1) //> name w {nope}\n}\n\nfunc work(n int) {}\n":                   "s.go:2:25: //> name: {nope}: nope is not a parameter",
		"func main() {\n\tgo work(1) //> name w {n\n}\n\nfunc work(n int) {}\n":                       "s.go:2:24: //> name: a { with no } after it",
		"func main() {\n\tgo work(1) //> name w {a b}\n}\n\nfunc work(n int) {}\n":                    "s.go:2:24: //> name: {a b} must hold one variable name",
		"func main() {\n\tgo work(1) //> name\n}\n\nfunc work(n int) {}\n":                            "s.go:2:13: //> name needs a name",
		"func main() {\n\tgo work(nil) //> name w {s}\n}\n\nfunc work(s []int) {}\n":                  "s.go:2:27: //> name: {s} is a []int; a name can show a number, a string or a bool",
		"func main() {\n\tgo work(1, 2) //> name w {xs}\n}\n\nfunc work(xs ...int) {}\n":              "s.go:2:28: //> name: {xs} is one of the variadic arguments",
		"var g = 3\n\nfunc main() {\n\tgo func() { _ = g }() //> name w {g}\n}\n":                     "s.go:4:36: //> name: {g}: g is not a parameter",
		"func main() {\n\tvar wg sync.WaitGroup\n\twg.Go(func() {}) //> name w {i}\n\twg.Wait()\n}\n": "s.go:3:31: //> name: {i}: i is not a parameter",
		"func main() {\n\tvar wg sync.WaitGroup\n\twg.Wait() //> name w\n}\n":                         "s.go:3:12: //> name names the goroutine of a go statement",
	}
	keys := make([]string, 0, len(wants))
	for k := range wants {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, src := range keys {
		_, err := Load("s.go", []byte(src))
		require.Error(t, err, src)
		assert.True(t, strings.HasPrefix(err.Error(), wants[src]), "%q:\ngot  %q\nwant %q", src, err.Error(), wants[src])
	}
}
