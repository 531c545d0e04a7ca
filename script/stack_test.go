package script

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// TestStackGrowsByDoublingAndShrinksAtGC: a deep recursion in a fresh
// goroutine grows its 2 KB stack by doubling, each growth from the size
// the last one left (stack.go:newstack), and GCs halve the idle stack
// back to 2 KB, one halving per GC (stack.go:shrinkstack); a second
// descent before the GCs grows nothing.
func TestStackGrowsByDoublingAndShrinksAtGC(t *testing.T) {
	src := `
func depth(n int) int {
	var pad [16]int
	pad[n%16] = n
	if n == 0 {
		return 0
	}
	return depth(n-1) + pad[n%16] - n + 1
}

func main() {
	var wg sync.WaitGroup
	wg.Go(func() {
		depth(10_000)
		depth(10_000)
		for range 12 {
			runtime.GC()
		}
	})
	wg.Wait()
}
`
	s, _ := runScene(t, src, 1)
	var grows, shrinks []core.Event
	var g int64
	for _, e := range s.Events() {
		switch e.Kind {
		case core.EvGoStackGrow:
			grows = append(grows, e)
			if g == 0 {
				g = e.G
			}
			assert.Equal(t, g, e.G, "only the recursing goroutine grows")
		case core.EvGoStackShrink:
			shrinks = append(shrinks, e)
		}
	}
	// 10,000 frames of 160 bytes: 1.6 MB, so ten doublings to 2 MB.
	require.Len(t, grows, 10)
	size := int64(2048)
	for _, e := range grows {
		assert.Equal(t, size, e.Arg)
		assert.Equal(t, 2*size, e.N)
		size = e.N
	}
	require.Len(t, shrinks, 10, "2 MB back to 2 KB, one halving per GC")
	for _, e := range shrinks {
		assert.Equal(t, size, e.Arg)
		assert.Equal(t, size/2, e.N)
		size = e.N
	}
	assert.Equal(t, int64(2048), size, "never below the 2 KB minimum")
}

// TestShallowScenesNeverGrowTheirStack: goroutines whose frames fit in
// 2 KB less the guard take no growth, so a scene's virtual time does not
// move because stacks exist.
func TestShallowScenesNeverGrowTheirStack(t *testing.T) {
	src := `
type job struct{ id, size int }

func work(j job) int { return j.id * j.size }

func main() {
	results := make([]int, 8)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() { results[i] = work(job{i, i + 1}) })
	}
	wg.Wait()
	fmt.Println(results)
}
`
	s, out := runScene(t, src, 2)
	require.Equal(t, []string{"[0 2 6 12 20 30 42 56]"}, out)
	for _, e := range s.Events() {
		assert.NotEqual(t, core.EvGoStackGrow, e.Kind, e.String())
	}
}

// TestStackOverflowIsFatal: beyond 1 GB of stack the runtime prints the
// limit and throws "stack overflow" (stack.go:newstack), which no recover
// stops; the process exits with status 2. The real program's first two
// lines of standard error are these (go run of the same program on Go
// 1.26.8, then "runtime: sp=… stack=[…]", which the simulator omits).
func TestStackOverflowIsFatal(t *testing.T) {
	src := `
func f(n int) int {
	var pad [256]int
	pad[n%256] = n
	return f(n+1) + pad[n%256]
}

func main() {
	defer func() { recover() }()
	fmt.Println("start")
	fmt.Println(f(0))
}
`
	c, err := Load("scene.go", []byte(src))
	require.NoError(t, err)
	s, err := c.NewSim(core.DefaultConfig(1))
	require.NoError(t, err)
	s.Run()
	assert.Equal(t, 2, s.ExitCode())
	assert.Equal(t, []string{"start"}, s.Output())
	assert.Equal(t, "stack overflow", s.Deadlock())
	require.NotEmpty(t, s.Stderr())
	assert.Equal(t, "runtime: goroutine stack exceeds 1000000000-byte limit", s.Stderr()[0])
}
