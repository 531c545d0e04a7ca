package script

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// virtualTime runs a scene of main's body after decls on one P and
// returns the run's virtual duration and output.
func virtualTime(t *testing.T, imports, decls, body string) (core.Time, []string) {
	t.Helper()
	src := "package main\n\nimport (\n" + imports + "\n)\n\n" + decls + "\nfunc main() {\n" + body + "\n}\n"
	c, err := Load("cost.go", []byte(src))
	require.NoError(t, err)
	cfg := core.DefaultConfig(1)
	s, err := c.NewSim(cfg)
	require.NoError(t, err)
	require.NoError(t, s.Run())
	return s.Now(), s.Output()
}

// branchLoop branches on the bits of mask of xorshift32 numbers, n times.
func branchLoop(mask string) string {
	return strings.ReplaceAll(`hits := make([]int, 8)
k, mask := uint32(2463534242), uint32(MASK)
for i := 0; i < 100000; i++ {
	k ^= k << 13
	k ^= k >> 17
	k ^= k << 5
	if k&mask != 0 {
		hits[k&7]++
	}
}
fmt.Println(hits[0] + hits[1])`, "MASK", mask)
}

// TestMispredictedBranchesCost: a branch on a random bit costs about half
// a misprediction (6 ns) more per pass than one that never goes the
// other way, and the charge is the same run after run.
func TestMispredictedBranchesCost(t *testing.T) {
	never, _ := virtualTime(t, `"fmt"`, "", branchLoop("0"))
	random, out := virtualTime(t, `"fmt"`, "", branchLoop("1<<7"))
	again, _ := virtualTime(t, `"fmt"`, "", branchLoop("1<<7"))
	require.Equal(t, random, again, "the predictor is deterministic")
	require.NotEqual(t, []string{"0"}, out)
	// The branch's two sides differ by a store, a few hundred ps: the
	// rest is mispredictions.
	extra := float64(random-never) / 100000
	require.InDelta(t, 3+0.2, extra, 0.3, "ns per pass more for a random branch: %.2f", extra)
}

// TestRecursionBaseCaseIsMostlyPredicted: fib's n < 2 follows a pattern
// that local history learns: far fewer than half of its outcomes are
// mispredicted.
func TestRecursionBaseCaseIsMostlyPredicted(t *testing.T) {
	fib := `func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}
`
	_, out := virtualTime(t, `"fmt"; "time"`, fib, `start := time.Now()
n := fib(22)
fmt.Println(n, time.Since(start).Nanoseconds())`)
	require.Len(t, out, 1)
	f := strings.Fields(out[0])
	require.Equal(t, "17711", f[0])
	ns, err := strconv.ParseInt(f[1], 10, 64)
	require.NoError(t, err)
	calls := 2*28657 - 1
	perCall := float64(ns) / float64(calls)
	t.Logf("%.2f ns per call", perCall)
	// Every call pays a call, a return, a comparison and a branch (about
	// 1.5 ns); a misprediction on every other call would add 3 ns.
	require.Less(t, perCall, 1.5+0.3*6, "ns per call: %.2f", perCall)
	require.Greater(t, perCall, 1.2, "ns per call: %.2f", perCall)
}

// TestMapCosts: a string key's access costs more than an integer's, a
// longer key more than a shorter one, m[k] op= v is one access, and a map
// larger than the caches costs more per access.
func TestMapCosts(t *testing.T) {
	perAccess := func(kind, key string, size int) float64 {
		body := strings.NewReplacer("KIND", kind, "KEY", key, "SIZE", strconv.Itoa(size)).Replace(`_, _ = strconv.Itoa(0), strings.Repeat("", 0)
keys := make([]KIND, SIZE)
for i := range keys {
	keys[i] = KEY
}
m := make(map[KIND]int, SIZE)
for _, k := range keys {
	m[k] = 0
}
start := time.Now()
for i := 0; i < 50000; i++ {
	m[keys[i*7919%SIZE]] += i
}
fmt.Println(time.Since(start).Nanoseconds())`)
		_, out := virtualTime(t, `"fmt"; "strconv"; "strings"; "time"`, "", body)
		require.Len(t, out, 1)
		ns, err := strconv.ParseInt(out[0], 10, 64)
		require.NoError(t, err)
		return float64(ns) / 50000
	}
	intKey := perAccess("int", "i", 1000)
	strKey := perAccess("string", `"k" + strconv.Itoa(i)`, 1000)
	longKey := perAccess("string", `strings.Repeat("k", 100) + strconv.Itoa(i)`, 1000)
	bigMap := perAccess("int", "i", 100000)
	t.Logf("ns per m[k] += i: int keys %.1f, string keys %.1f, 100-byte keys %.1f, 100,000 int keys %.1f", intKey, strKey, longKey, bigMap)
	// The loop's own work is under a nanosecond.
	require.InDelta(t, 14.5, intKey, 1, "one access, not a lookup and an assignment")
	require.InDelta(t, 11, strKey-intKey, 1, "a string key's access")
	require.InDelta(t, 4, longKey-strKey, 0.5, "40 ps a byte for 100 more bytes")
	require.InDelta(t, 12, bigMap-intKey, 1, "a table beyond the L2 cache")
}
