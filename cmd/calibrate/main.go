// Command calibrate measures what a few loop shapes cost as compiled Go on
// this machine, per iteration: the figures the scene VM's instruction
// costs (script/vm/func.go) are calibrated against. docs/scenes.md lists
// what it printed.
//
//	GOMAXPROCS=1 go run ./cmd/calibrate -runs 3
package main

import (
	"flag"
	"fmt"
	"slices"
	"time"
)

var sink int

//go:noinline
func inc(x int) int { return x + 1 }

// shapes are the loops measured, each run n times.
var shapes = []struct {
	name string
	n    int
	run  func(n int)
}{
	{"count: for i := 0; i < n; i++ { x++ }", 500_000_000, func(n int) {
		x := 0
		for i := 0; i < n; i++ {
			x++
		}
		sink = x
	}},
	{"sum: x += i", 500_000_000, func(n int) {
		x := 0
		for i := 0; i < n; i++ {
			x += i
		}
		sink = x
	}},
	{"call: y = inc(y), not inlined", 50_000_000, func(n int) {
		y := 0
		for i := 0; i < n; i++ {
			y = inc(y)
		}
		sink = y
	}},
	{"slice: a[i] += i over 1000 ints", 500_000_000, func(n int) {
		a := make([]int, 1000)
		for k := 0; k < n/1000; k++ {
			for i := range a {
				a[i] += i
			}
		}
		sink = a[5]
	}},
	{"map: m[i&1023] += i", 5_000_000, func(n int) {
		m := map[int]int{}
		for i := 0; i < n; i++ {
			m[i&1023] += i
		}
		sink = m[3]
	}},
	{"alloc: p = &T{i} of 16 bytes", 20_000_000, func(n int) {
		type t struct{ a, b int }
		var p *t
		for i := 0; i < n; i++ {
			p = &t{i, i}
		}
		sink = p.a
	}},
}

func main() {
	runs := flag.Int("runs", 3, "runs of each shape; the median is printed with the range")
	flag.Parse()
	for _, s := range shapes {
		var per []float64
		for range *runs {
			t := time.Now()
			s.run(s.n)
			per = append(per, float64(time.Since(t).Nanoseconds())/float64(s.n))
		}
		slices.Sort(per)
		fmt.Printf("%-40s %.3f ns/iteration (%.3f–%.3f over %d runs)\n", s.name, per[len(per)/2], per[0], per[len(per)-1], len(per))
	}
}
