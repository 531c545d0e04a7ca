package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// TestShortcutsKeepTheVirtualTimeOfOneInstructionAtATime: segments run at
// once, fused pairs, numeric runs and headers run by the jump into them
// (script/vm) leave every event — each stretch of CPU work, where it
// ends, each op and its virtual time — exactly as running every
// instruction alone does.
func TestShortcutsKeepTheVirtualTimeOfOneInstructionAtATime(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sort"
)

var n = 3000

var data []int

func fib(k int) int {
	if k < 2 {
		return k
	}
	return fib(k-1) + fib(k-2)
}

func sieve(m int) (int, int) {
	composite := make([]bool, m+1)
	count, sum := 0, 0
	for i := 2; i <= m; i++ {
		if composite[i] {
			continue
		}
		count++
		sum += i
		for j := i * i; j <= m; j += i {
			composite[j] = true
		}
	}
	return count, sum
}

func integrate(steps int) float64 {
	h := 1 / float64(steps)
	sum := 0.0
	for i := 0; i < steps; i++ {
		x := float64(float64(i)+0.5) * h
		sum += 4 / float64(1+float64(x*x))
	}
	return sum * h
}

// scan runs off the end of a when no element reaches p.
func scan(a []int, p int) int {
	i := 0
	for a[i] < p {
		i++
	}
	return i
}

// stride reads past the end of a in the body of its loop, which its
// header runs (script/vm/header.go): the body stops in its middle.
// The divisions after the read are what a stop there gives back.
func stride(a []int, n int) (s int) {
	f := 1.0
	for i := 0; i < n; i++ {
		s += a[i*3] & 7
		f = f / 1.5 / 1.5 / 1.5 / 1.5 / 1.5 / 1.5
	}
	return s + int(f)
}

// fill stores past the end of a in the body of its loop, an element
// store and the step fused in one instruction (script/vm/fuse.go): the
// body stops in its first part.
func fill(a []int, n int) int {
	for j := 0; j < n; j += 2 {
		a[j] = j
	}
	return a[len(a)-1]
}

// fillv stores one value past the end of a in steps of k: a strided
// fill (script/vm/fill.go) whose batch stops before the store that
// panics.
func fillv(a []int, n, k int) int {
	for j := 0; j < n; j += k {
		a[j] = 7
	}
	return a[len(a)-1]
}

// down fills a from its end in steps of k, the bound on the left.
func down(a []int, k int) {
	for j := len(a) - 1; 0 <= j; j -= k {
		a[j] = -1
	}
}

// arr fills an array through a pointer, its bound a length.
func arr(p *[5000]int8) {
	for j := 1; j < len(p); j += 2 {
		p[j] = 3
	}
}

// poly and lens are numeric loops (script/vm/numloop.go): one bounded by
// a package-level variable, one by a length.
func poly() int {
	acc := 1
	for i := 0; i < n; i++ {
		acc = acc*31 + i ^ 7
	}
	return acc
}

func lens(a []int) (s int) {
	for i := 0; i < len(a); i++ {
		s += i*3 - s>>4
	}
	return s
}

// long is one block of more arithmetic than a numeric run holds.
func long(a, b int) int {
	return a*1 ^ b + a*2 ^ b + a*3 ^ b + a*4 ^ b + a*5 ^ b + a*6 ^ b + a*7 ^ b + a*8 ^ b + a*9 ^ b + a*10 ^ b + a*11 ^ b + a*12 ^ b + a*13 ^ b + a*14 ^ b + a*15 ^ b + a*16 ^ b + a*17 ^ b + a*18 ^ b + a*19 ^ b + a*20 ^ b + a*21 ^ b + a*22 ^ b + a*23 ^ b + a*24 ^ b + a*25 ^ b + a*26 ^ b + a*27 ^ b + a*28 ^ b + a*29 ^ b + a*30 ^ b + a*31 ^ b + a*32 ^ b + a*33 ^ b + a*34 ^ b + a*35 ^ b + a*36 ^ b + a*37 ^ b + a*38 ^ b + a*39 ^ b + a*40 ^ b + a*41 ^ b + a*42 ^ b + a*43 ^ b + a*44 ^ b + a*45 ^ b + a*46 ^ b + a*47 ^ b + a*48 ^ b + a*49 ^ b + a*50 ^ b + a*51 ^ b + a*52 ^ b + a*53 ^ b + a*54 ^ b + a*55 ^ b + a*56 ^ b + a*57 ^ b + a*58 ^ b + a*59 ^ b + a*60 ^ b + a*61 ^ b + a*62 ^ b + a*63 ^ b + a*64 ^ b + a*65 ^ b + a*66 ^ b + a*67 ^ b + a*68 ^ b + a*69 ^ b + a*70 ^ b + a*71 ^ b + a*72 ^ b + a*73 ^ b + a*74 ^ b + a*75 ^ b + a*76 ^ b + a*77 ^ b + a*78 ^ b + a*79 ^ b + a*80 ^ b + a*81 ^ b + a*82 ^ b + a*83 ^ b + a*84 ^ b + a*85 ^ b + a*86 ^ b + a*87 ^ b + a*88 ^ b + a*89 ^ b + a*90 ^ b + a*91 ^ b + a*92 ^ b + a*93 ^ b + a*94 ^ b + a*95 ^ b + a*96 ^ b + a*97 ^ b + a*98 ^ b + a*99 ^ b
}

func mix(a []int) int {
	s := 0
	for i, v := range a {
		s = s*31 + v ^ i
		s = s &^ (s >> 60)
	}
	return s
}

func main() {
	data = make([]int, n)
	x := uint64(88172645463325252)
	for i := range data {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		data[i] = int(x % 1000)
	}
	sort.Ints(data)
	done := make(chan string)
	ch := make(chan int, 4)
	go func() { done <- fmt.Sprint("fib ", fib(18)) }()
	go func() {
		c, s := sieve(50_000)
		done <- fmt.Sprint("sieve ", c, s)
	}()
	go func() { done <- fmt.Sprintf("pi %.9f", integrate(30_000)) }()
	go func() {
		defer func() { done <- fmt.Sprint("scan ", recover() != nil) }()
		fmt.Println("found", scan(data, 500))
		scan(data, 5000)
	}()
	go func() {
		defer func() { done <- fmt.Sprint("stride ", recover() != nil) }()
		fmt.Println("stride", stride(data, n/3))
		stride(data, n)
	}()
	go func() {
		// Many stops, so that a slip in what each gives back adds up
		// to whole nanoseconds.
		stops := 0
		for k := range 100 {
			func() {
				defer func() {
					if recover() != nil {
						stops++
					}
				}()
				fill(make([]int, 10+k), 20+2*k)
			}()
		}
		// Long ones, which cross stretches of CPU work: after the first,
		// the run loop enters the body itself and the header runs the
		// loop from the body's jump, where it then stops.
		for k := range 30 {
			func() {
				defer func() {
					if recover() != nil {
						stops++
					}
				}()
				fill(make([]int, 40_000+k), 40_002+2*k)
			}()
		}
		done <- fmt.Sprint("fill ", fill(make([]int, n), n), " ", stops)
	}()
	go func() {
		// Strided fills over a slice beyond the cache (the far cost of
		// a step of 3 elements, within a cache line, and of 17, not),
		// ones that run off the end, a pointer's array.
		stops := 0
		big := make([]int, 300_000)
		down(big, 3)
		down(big, 17)
		for k := range 40 {
			func() {
				defer func() {
					if recover() != nil {
						stops++
					}
				}()
				fillv(big, 300_000+k*5000, 1+k%7)
			}()
		}
		var a [5000]int8
		arr(&a)
		done <- fmt.Sprint("fills ", stops, " ", big[0], big[1], big[299_999], " ", a[1], a[2], " poly ", poly(), " lens ", lens(big))
	}()
	go func() {
		s := 0
		for i := 0; i < 300; i++ {
			v := i*i + 3
			ch <- v
			s += v
		}
		close(ch)
		done <- fmt.Sprint("sent ", s)
	}()
	got := 0
	for v := range ch {
		got += v
	}
	for range 8 {
		fmt.Println(<-done)
	}
	fmt.Println("got", got, "mix", mix(data), "long", long(got, 7))
}
`
	c, err := Load("scene.go", []byte(src))
	require.NoError(t, err)
	run := func(oneByOne bool) (events []string, out []string, end core.Time) {
		c.OneByOne = oneByOne
		cfg := core.DefaultConfig(2)
		s, err := c.NewSim(cfg, core.WithSink(func(e *core.Event) { events = append(events, e.String()) }))
		require.NoError(t, err)
		require.NoError(t, s.Run())
		return events, s.Output(), s.Now()
	}
	fastEv, fastOut, fastEnd := run(false)
	slowEv, slowOut, slowEnd := run(true)
	require.Equal(t, slowOut, fastOut)
	require.Contains(t, fastOut, "scan true")
	require.Contains(t, fastOut, "stride true")
	require.Contains(t, fastOut, "fill 0 130")
	require.Contains(t, fastOut, "fib 2584")
	require.Contains(t, fastOut, "fills 39 7 7 7 3 0 poly -1763697398047435787 lens 14399247") // go run of the same functions
	require.Equal(t, slowEnd, fastEnd, "virtual duration")
	require.Equal(t, len(slowEv), len(fastEv), "number of events")
	for i := range slowEv {
		require.Equal(t, slowEv[i], fastEv[i], "event %d", i)
	}
}
