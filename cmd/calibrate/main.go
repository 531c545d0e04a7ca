// Command calibrate measures what a few loop shapes cost as compiled Go on
// this machine, per iteration, beside the virtual time the scene VM
// charges for the same loop (the simulated column): the figures the VM's
// instruction costs (script/vm/func.go, mapcost.go, predict.go) are
// calibrated against. docs/scenes.md lists what it printed. -only runs
// the shapes whose name contains a text (-only map:, -only branch).
//
//	GOMAXPROCS=1 go run ./cmd/calibrate -runs 3
package main

import (
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script"
)

var (
	sink  int
	sinkF float64
	hits  [8]int
	keys  []string // the keys of the string map shapes
)

// iters is the iteration count of a shape whose n is 0 (it counts its own).
var iters int

// timed is the time of the measured part of a shape that sets it (one
// that builds its data first); 0: the whole run is measured.
var timed time.Duration

//go:noinline
func inc(x int) int { return x + 1 }

//go:noinline
func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

// branchy is a loop that draws xorshift32 numbers and branches on the
// bits of mask: never taken for 0, about every other time, at random,
// for one bit. The branch's side stores, so that the compiler cannot
// turn it into a conditional move.
func branchy(n int, mask uint32) {
	k := uint32(2463534242)
	for i := 0; i < n; i++ {
		k ^= k << 13
		k ^= k >> 17
		k ^= k << 5
		if k&mask != 0 {
			hits[k&7]++
		}
	}
	sink = int(k)
}

// branchySim is branchy in a scene, mask given by M.
const branchySim = `hits := make([]int, 8)
k, mask := uint32(2463534242), uint32(M)
for i := 0; i < N; i++ {
	k ^= k << 13
	k ^= k >> 17
	k ^= k << 5
	if k&mask != 0 {
		hits[k&7]++
	}
}
fmt.Println(N + hits[0]*0)`

// stringKeys returns n distinct keys of length at least size, as the
// string map shapes use them.
func stringKeys(n, size int) []string {
	k := make([]string, n)
	for i := range k {
		s := strconv.Itoa(i*7919%100_003 + 1_000_000*i)
		if len(s) < size {
			s = strings.Repeat("x", size-len(s)) + s
		}
		k[i] = s
	}
	return k
}

// stringKeysSim is stringKeys in a scene.
const stringKeysSim = `keys := make([]string, K)
for i := range keys {
	s := strconv.Itoa(i*7919%100_003 + 1_000_000*i)
	if len(s) < L {
		s = strings.Repeat("x", L-len(s)) + s
	}
	keys[i] = s
}
`

// mapStrings counts n random draws of k keys of length size in a map:
// m[key]++, one map assignment compiled.
func mapStrings(n, k, size int) {
	keys := stringKeys(k, size)
	m := make(map[string]int, k)
	for _, s := range keys {
		m[s] = 0
	}
	x := uint32(2463534242)
	t := time.Now()
	for i := 0; i < n; i++ {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		m[keys[x%uint32(k)]]++
	}
	timed = time.Since(t)
	sink = len(m)
}

// keysIn replaces K and L in a string map shape's scene.
func keysIn(k, size int) *strings.Replacer {
	return strings.NewReplacer("K", strconv.Itoa(k), "L", strconv.Itoa(size))
}

// mapStringsSim is mapStrings in a scene, with K keys of length L.
const mapStringsSim = stringKeysSim + `m := make(map[string]int, K)
for _, s := range keys {
	m[s] = 0
}
x := uint32(2463534242)
start := time.Now()
for i := 0; i < N; i++ {
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	m[keys[x%K]]++
}
fmt.Println(time.Since(start).Nanoseconds(), N)`

// shapes are the loops measured, each run n times. sim is the same loop
// as the body of a scene's main, run in the VM N times (n/simDiv, or as
// many times as it says where its data's size matters), that prints how
// many iterations it made.
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
	{"branch: if k&m != 0 { hits[k&7]++ }, never taken", 50_000_000, func(n int) { branchy(n, 0) },
		strings.ReplaceAll(branchySim, "M", "0")},
	{"branch: the same, taken on a random bit", 50_000_000, func(n int) { branchy(n, 1<<7) },
		strings.ReplaceAll(branchySim, "M", "1<<7")},
	{"float: x += a, a chain of additions", 200_000_000, func(n int) {
		x, a := 1.0, 1e-9
		for i := 0; i < n; i++ {
			x += a
		}
		sinkF = x
	}, `x, a := 1.0, 1e-9
for i := 0; i < N; i++ {
	x += a
}
fmt.Println(N + int(x)*0)`},
	{"float: s0 += a; s1 += a; s2 += a; s3 += a", 100_000_000, func(n int) {
		s0, s1, s2, s3, a := 1.0, 2.0, 3.0, 4.0, 1e-9
		for i := 0; i < n; i++ {
			s0 += a
			s1 += a
			s2 += a
			s3 += a
		}
		sinkF = s0 + s1 + s2 + s3
	}, `s0, s1, s2, s3, a := 1.0, 2.0, 3.0, 4.0, 1e-9
for i := 0; i < N; i++ {
	s0 += a
	s1 += a
	s2 += a
	s3 += a
}
fmt.Println(N + int(s0+s1+s2+s3)*0)`},
	{"float: x = x / a, a chain of divisions", 50_000_000, func(n int) {
		x, a := 1.0, 1.0000000001
		for i := 0; i < n; i++ {
			x = x / a
		}
		sinkF = x
	}, `x, a := 1.0, 1.0000000001
for i := 0; i < N; i++ {
	x = x / a
}
fmt.Println(N + int(x)*0)`},
	{"float: s += a / float64(i+1), independent divisions", 50_000_000, func(n int) {
		s, a := 0.0, 3.0
		for i := 0; i < n; i++ {
			s += a / float64(i+1)
		}
		sinkF = s
	}, `s, a := 0.0, 3.0
for i := 0; i < N; i++ {
	s += a / float64(i+1)
}
fmt.Println(N + int(s)*0)`},
	{"float: x = float64(int(x)) + 1.5, conversions", 50_000_000, func(n int) {
		x := 1.5
		for i := 0; i < n; i++ {
			x = float64(int(x)) + 1.5
		}
		sinkF = x
	}, `x := 1.5
for i := 0; i < N; i++ {
	x = float64(int(x)) + 1.5
}
fmt.Println(N + int(x)*0)`},
	{"call: fib(27), per call (not inlined, recursive)", 0, func(int) {
		sink = fib(27)
		iters = 2*317811 - 1
	}, `fmt.Println(fib(27)*0 + 2*317811 - 1)`},
	{"map: m[i&1023]++, int keys, a hit", 10_000_000, func(n int) {
		m := map[int]int{}
		for i := 0; i < 1024; i++ {
			m[i] = i
		}
		t := time.Now()
		for i := 0; i < n; i++ {
			m[i&1023]++
		}
		timed = time.Since(t)
		sink = m[3]
	}, `m := map[int]int{}
for i := 0; i < 1024; i++ {
	m[i] = i
}
start := time.Now()
for i := 0; i < N; i++ {
	m[i&1023]++
}
fmt.Println(time.Since(start).Nanoseconds(), N)`},
	{"map: x += m[i|1024], int keys, a miss", 10_000_000, func(n int) {
		m := map[int]int{}
		for i := 0; i < 1024; i++ {
			m[i] = i
		}
		x := 0
		t := time.Now()
		for i := 0; i < n; i++ {
			x += m[i|1024]
		}
		timed = time.Since(t)
		sink = x
	}, `m := map[int]int{}
for i := 0; i < 1024; i++ {
	m[i] = i
}
x := 0
start := time.Now()
for i := 0; i < N; i++ {
	x += m[i|1024]
}
fmt.Println(time.Since(start).Nanoseconds()+int64(x)*0, N)`},
	{"map: m[k]++, random of 1000 string keys of 6 bytes", 5_000_000, func(n int) { mapStrings(n, 1000, 6) },
		keysIn(1000, 6).Replace(mapStringsSim)},
	{"map: the same, keys of 64 bytes", 5_000_000, func(n int) { mapStrings(n, 1000, 64) },
		keysIn(1000, 64).Replace(mapStringsSim)},
	{"map: the same, 5000 keys of 6 bytes", 5_000_000, func(n int) { mapStrings(n, 5000, 6) },
		keysIn(5000, 6).Replace(mapStringsSim)},
	{"map: the same, 100,000 keys of 6 bytes", 5_000_000, func(n int) { mapStrings(n, 100_000, 6) },
		keysIn(100_000, 6).Replace(mapStringsSim)},
	{"map: m[i] = i into a new map, growing to 1e6", 1_000_000, func(n int) {
		m := map[int]int{}
		for i := 0; i < n; i++ {
			m[i] = i
		}
		sink = len(m)
	}, `m := map[int]int{}
for i := 0; i < 1_000_000; i++ {
	m[i] = i
}
fmt.Println(len(m))`},
	{"map: the same into a map made for 1e6", 1_000_000, func(n int) {
		m := make(map[int]int, n)
		for i := 0; i < n; i++ {
			m[i] = i
		}
		sink = len(m)
	}, `m := make(map[int]int, 1_000_000)
for i := 0; i < 1_000_000; i++ {
	m[i] = i
}
fmt.Println(len(m))`},
}

func main() {
	runs := flag.Int("runs", 3, "runs of each shape; the fastest is printed first (the machine's other work only adds time), then the median and the slowest")
	only := flag.String("only", "", "measure only the shapes whose name contains `TEXT`")
	flag.Parse()
	for _, s := range shapes {
		if !strings.Contains(s.name, *only) {
			continue
		}
		var per []float64
		for range *runs {
			iters, timed = 0, 0
			t := time.Now()
			s.run(s.n)
			d := time.Since(t)
			if timed > 0 {
				d = timed
			}
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
		fmt.Printf("%-52s %.3f ns/iteration (median %.3f, slowest %.3f of %d runs); %s\n", s.name, per[0], per[len(per)/2], per[len(per)-1], len(per), simStr)
	}
}

// simDiv divides a shape's iteration count for its run in the VM, which
// interprets it far slower than the compiled loop runs.
const simDiv = 100

// placeholderN is the iteration count in a shape's scene.
var placeholderN = regexp.MustCompile(`\bN\b`)

// simulate runs body as the main function of a scene, with N replaced by
// n, on one simulated P and returns its virtual time per iteration. The
// scene's last output line is its iteration count, or the virtual
// nanoseconds of its measured part and then its iteration count (a shape
// that builds its data first).
func simulate(body string, n int) (float64, error) {
	body = placeholderN.ReplaceAllString(body, strconv.Itoa(n))
	var imports []string
	for _, pkg := range []string{"fmt", "strconv", "strings", "time"} {
		if strings.Contains(body, pkg+".") {
			imports = append(imports, strconv.Quote(pkg))
		}
	}
	src := "package main\n\nimport (\n" + strings.Join(imports, "\n") + "\n)\n\n" +
		"//go:noinline\nfunc inc(x int) int { return x + 1 }\n\n" +
		"func fib(n int) int {\n\tif n < 2 {\n\t\treturn n\n\t}\n\treturn fib(n-1) + fib(n-2)\n}\n\n" +
		"func main() {\n" + body + "\n}\n"
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
	f := strings.Fields(out[len(out)-1])
	d := float64(sim.Now())
	if len(f) == 2 {
		ns, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || ns < 0 {
			return 0, fmt.Errorf("output %q: not a duration and an iteration count", out)
		}
		d, f = float64(ns), f[1:]
	}
	iters, err := strconv.Atoi(strings.Join(f, ""))
	if err != nil || iters <= 0 {
		return 0, fmt.Errorf("output %q is not an iteration count", out)
	}
	return d / float64(iters), nil
}
