// Command calibrate measures what a few loop shapes cost as compiled Go on
// this machine, per iteration, beside the virtual time the scene VM
// charges for the same loop (the simulated column): the figures the VM's
// instruction costs (script/vm/func.go) are calibrated against.
// docs/scenes.md lists what it printed.
//
//	GOMAXPROCS=1 go run ./cmd/calibrate -runs 3
package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script"
)

var sink int

// iters is the iteration count of a shape whose n is 0 (it counts its own).
var iters int

//go:noinline
func inc(x int) int { return x + 1 }

// shapes are the loops measured, each run n times. sim is the same loop
// as the body of a scene's main, run in the VM N times (n/simDiv), that
// prints how many iterations it made.
var shapes = []struct {
	name string
	n    int
	run  func(n int)
	sim  string
}{
	{"count: for i := 0; i < n; i++ { x++ }", 500_000_000, func(n int) {
		x := 0
		for i := 0; i < n; i++ {
			x++
		}
		sink = x
	}, `x := 0
for i := 0; i < N; i++ {
	x++
}
fmt.Println(x)`},
	{"sum: x += i", 500_000_000, func(n int) {
		x := 0
		for i := 0; i < n; i++ {
			x += i
		}
		sink = x
	}, `x, n := 0, N
for i := 0; i < n; i++ {
	x += i
}
fmt.Println(x*0 + n)`},
	{"call: y = inc(y), not inlined", 50_000_000, func(n int) {
		y := 0
		for i := 0; i < n; i++ {
			y = inc(y)
		}
		sink = y
	}, `y := 0
for i := 0; i < N; i++ {
	y = inc(y)
}
fmt.Println(y)`},
	{"slice: a[i] += i over 1000 ints", 500_000_000, func(n int) {
		a := make([]int, 1000)
		for k := 0; k < n/1000; k++ {
			for i := range a {
				a[i] += i
			}
		}
		sink = a[5]
	}, `a := make([]int, 1000)
for k := 0; k < N/1000; k++ {
	for i := range a {
		a[i] += i
	}
}
fmt.Println(N/1000*1000)`},
	{"map: m[i&1023] += i", 5_000_000, func(n int) {
		m := map[int]int{}
		for i := 0; i < n; i++ {
			m[i&1023] += i
		}
		sink = m[3]
	}, `m := map[int]int{}
for i := 0; i < N; i++ {
	m[i&1023] += i
}
fmt.Println(N)`},
	{"sieve: b[j] = true, j += i, over 4 MB of bools", 0, func(int) {
		b := make([]bool, 4_000_001)
		n := 0
		for i := 2; i < len(b); i++ {
			n++
			if !b[i] {
				for j := i * i; j < len(b); j += i {
					b[j] = true
					n++
				}
			}
		}
		iters, sink = n, len(b)
	}, `b := make([]bool, 4_000_001)
n := 0
for i := 2; i < len(b); i++ {
	n++
	if !b[i] {
		for j := i * i; j < len(b); j += i {
			b[j] = true
			n++
		}
	}
}
fmt.Println(n)`},
	{"random: x += a[k] over 2.4 MB of ints", 20_000_000, func(n int) {
		a := make([]int, 300_000)
		k, x := uint32(1), 0
		for i := 0; i < n; i++ {
			k ^= k << 13
			k ^= k >> 17
			k ^= k << 5
			x += a[k%300_000]
		}
		sink = x
	}, `a := make([]int, 300_000)
k, x := uint32(1), 0
for i := 0; i < N; i++ {
	k ^= k << 13
	k ^= k >> 17
	k ^= k << 5
	x += a[k%300_000]
}
fmt.Println(N + x)`},
	{"sequential: x += a[i] over 32 MB of ints", 400_000_000, func(n int) {
		a := make([]int, 4_000_000)
		x := 0
		for k := 0; k < n/len(a); k++ {
			for i := range a {
				x += a[i]
			}
		}
		sink = x
	}, `a := make([]int, 4_000_000)
x := 0
for k := 0; k < N/len(a); k++ {
	for i := range a {
		x += a[i]
	}
}
fmt.Println(N/len(a)*len(a) + x)`},
	{"alloc: p = &T{i} of 16 bytes", 20_000_000, func(n int) {
		type t struct{ a, b int }
		var p *t
		for i := 0; i < n; i++ {
			p = &t{i, i}
		}
		sink = p.a
	}, `type t struct{ a, b int }
var p *t
for i := 0; i < N; i++ {
	p = &t{i, i}
}
fmt.Println(N + p.a*0)`},
}

func main() {
	runs := flag.Int("runs", 3, "runs of each shape; the median is printed with the range")
	flag.Parse()
	for _, s := range shapes {
		var per []float64
		for range *runs {
			t := time.Now()
			s.run(s.n)
			d := time.Since(t)
			n := s.n
			if n == 0 {
				n = iters
			}
			per = append(per, float64(d.Nanoseconds())/float64(n))
		}
		slices.Sort(per)
		sim, err := simulate(s.sim, max(s.n/simDiv, 1))
		simStr := fmt.Sprintf("%.3f ns simulated", sim)
		if err != nil {
			simStr = "simulation failed: " + err.Error()
		}
		fmt.Printf("%-48s %.3f ns/iteration (%.3f–%.3f over %d runs); %s\n", s.name, per[len(per)/2], per[0], per[len(per)-1], len(per), simStr)
	}
}

// simDiv divides a shape's iteration count for its run in the VM, which
// interprets it far slower than the compiled loop runs.
const simDiv = 100

// simulate runs body as the main function of a scene, with N replaced by
// n, on one simulated P and returns its virtual time per iteration (the
// number its last output line gives).
func simulate(body string, n int) (float64, error) {
	src := "package main\n\nimport \"fmt\"\n\n//go:noinline\nfunc inc(x int) int { return x + 1 }\n\nfunc main() {\n" +
		strings.ReplaceAll(body, "N", strconv.Itoa(n)) + "\n}\n"
	c, err := script.Load("shape.go", []byte(src))
	if err != nil {
		return 0, err
	}
	c.MaxInstructions = 1 << 50
	cfg := core.DefaultConfig(1)
	cfg.Limits.MaxTime = core.Time(3600 * core.Second)
	sim, err := c.NewSim(cfg, core.WithSink(func(*core.Event) {}))
	if err != nil {
		return 0, err
	}
	if err := sim.Run(); err != nil {
		return 0, err
	}
	out := sim.Output()
	if len(out) == 0 {
		return 0, fmt.Errorf("no output")
	}
	iters, err := strconv.Atoi(strings.TrimSpace(out[len(out)-1]))
	if err != nil || iters <= 0 {
		return 0, fmt.Errorf("output %q is not an iteration count", out)
	}
	return float64(sim.Now()) / float64(iters), nil
}
