package script

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// randomLoops writes n counting loops of random integer types, steps,
// bounds and comparisons — some summarised by the VM, some too short or
// wrapping — each printing its variables when it ends.
func randomLoops(rng *rand.Rand, n int) string {
	types := []string{"int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64"}
	var b strings.Builder
	b.WriteString("package main\n\nimport \"fmt\"\n\nfunc main() {\n")
	for k := range n {
		t := types[rng.IntN(len(types))]
		signed := !strings.HasPrefix(t, "u")
		up := rng.IntN(2) == 0 || !signed
		start, bound := rng.IntN(50), 20+rng.IntN(3000)
		step := 1 + rng.IntN(7)
		cmp := []string{"<", "<=", "!="}[rng.IntN(3)]
		if !up {
			start, bound = bound, start
			cmp = []string{">", ">=", "!="}[rng.IntN(3)]
			step = -step
		}
		if cmp == "!=" {
			// Reachable exactly: bound = start + m*step.
			bound = start + step*(5+rng.IntN(400))
		}
		if strings.HasSuffix(t, "8") {
			bound = min(bound, 120)
			start = min(start, 120)
			if cmp == "!=" {
				step, bound = 1, start+60
				if !up {
					step, bound = -1, start-60
				}
			}
		}
		fmt.Fprintf(&b, "\t{\n\t\tvar x, y %s = %d, 3\n\t\tvar acc %s\n\t\tfor i := %s(%d); i %s %d; i += %d {\n\t\t\tx += %d\n\t\t\ty -= 2\n\t\t\tacc += i\n\t\t}\n\t\tfmt.Println(%d, x, y, acc)\n\t}\n",
			t, rng.IntN(100), t, t, start, cmp, bound, step, 1+rng.IntN(9), k)
	}
	b.WriteString("}\n")
	return b.String()
}

// TestSummarisedLoopsEndLikeInterpretedOnes: a loop the VM runs in closed
// form leaves its variables exactly as interpreting it does, and both as
// the real program does.
func TestSummarisedLoopsEndLikeInterpretedOnes(t *testing.T) {
	checkSummaries(t, "loops.go", randomLoops(rand.New(rand.NewPCG(1, 2)), 60))
}

// checkSummaries runs src summarised and interpreted iteration by
// iteration, which must print the same and end at the same virtual time,
// and then on the real toolchain, which must print the same.
func checkSummaries(t *testing.T, name, src string) {
	t.Helper()
	run := func(noSummaries bool) ([]string, core.Time) {
		c, err := Load(name, []byte(src))
		require.NoError(t, err)
		c.NoSummaries = noSummaries
		cfg, err := c.Scene.Settings.Config(nil)
		require.NoError(t, err)
		s, err := c.NewSim(cfg)
		require.NoError(t, err)
		require.NoError(t, s.Run())
		return s.Output(), s.Now()
	}
	fast, tf := run(false)
	slow, ts := run(true)
	require.Equal(t, slow, fast, "summarised vs interpreted")
	require.Equal(t, ts, tf, "the same virtual time")
	if _, err := exec.LookPath("go"); err != nil || testing.Short() {
		t.Skip("no go toolchain to compare with the real program")
	}
	file := filepath.Join(t.TempDir(), "main.go")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	out, err := exec.Command("go", "run", file).CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Equal(t, strings.Split(strings.TrimSpace(string(out)), "\n"), fast, "the real program")
}

// TestLongCountingLoopsRunInClosedForm: the classic preemption demo's two
// billion iterations end at once, with the exact count.
func TestLongCountingLoopsRunInClosedForm(t *testing.T) {
	src := `func main() {
	x := 0
	for i := 0; i < 2_000_000_000; i++ {
		x++
	}
	fmt.Println(x)
}`
	_, out := runScene(t, src, 1)
	require.Equal(t, []string{"2000000000"}, out)

	// The bound may be a package-level variable: the loop stores nothing,
	// so it reads the same value every time (and may be hoisted).
	src = `var n = 2_000_000_000

func main() {
	x := 0
	for i := 0; i < n; i++ {
		x += 2
	}
	fmt.Println(x)
}`
	c, err := Load("scene.go", []byte(src))
	require.NoError(t, err)
	cfg := core.DefaultConfig(1)
	s, err := c.NewSim(cfg)
	require.NoError(t, err)
	require.NoError(t, s.Run())
	require.Equal(t, []string{"4000000000"}, s.Output())
	require.Less(t, s.Now(), core.Time(2*core.Second), "summarised: the virtual time of the loop, not of a limit")
}

// cellLoops writes counting loops that count in memory — a variable
// captured by a closure, a package-level variable, a local whose address
// is taken — each printing the cells when it ends.
func cellLoops(rng *rand.Rand, n int) string {
	types := []string{"int", "int8", "int32", "uint16", "uint64"}
	var b strings.Builder
	b.WriteString("package main\n\nimport \"fmt\"\n\n")
	for k := range n {
		fmt.Fprintf(&b, "var g%d %s\n", k, types[k%len(types)])
	}
	b.WriteString("\nfunc main() {\n")
	for k := range n {
		t := types[k%len(types)]
		bound := 20 + rng.IntN(5000)
		if t == "int8" {
			bound = 20 + rng.IntN(100)
		}
		step := 1 + rng.IntN(5)
		sum := "i"
		if rng.IntN(2) == 0 {
			sum = "3"
		}
		switch k % 3 {
		case 0: // captured by a closure that runs the loop
			fmt.Fprintf(&b, "\t{\n\t\tvar c, d %s = %d, 7\n\t\tfunc() {\n\t\t\tfor i := %s(0); i < %d; i += %d {\n\t\t\t\tc += %d\n\t\t\t\td -= %s\n\t\t\t}\n\t\t}()\n\t\tfmt.Println(%d, c, d)\n\t}\n",
				t, rng.IntN(50), t, bound, step, 1+rng.IntN(9), sum, k)
		case 1: // a package-level variable
			fmt.Fprintf(&b, "\tfor i := %s(0); i < %d; i += %d {\n\t\tg%d += %s\n\t}\n\tfmt.Println(%d, g%d)\n",
				t, bound, step, k, sum, k, k)
		case 2: // a local whose address escapes to a pointer
			fmt.Fprintf(&b, "\t{\n\t\tvar c %s\n\t\tp := &c\n\t\tfor i := %s(0); i < %d; i += %d {\n\t\t\tc += %s\n\t\t}\n\t\tfmt.Println(%d, c, *p)\n\t}\n",
				t, t, bound, step, sum, k)
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// TestLoopsCountingInMemoryEndLikeInterpretedOnes: loops whose counters
// live in memory are summarised too, with the values interpreting them
// and the real program give.
func TestLoopsCountingInMemoryEndLikeInterpretedOnes(t *testing.T) {
	checkSummaries(t, "cells.go", cellLoops(rand.New(rand.NewPCG(3, 4)), 30))
}

// TestThePreemptionDemoWithACapturedCounterEnds: the seed articles' demo
// counts in a variable the goroutine's closure captured; with
// asyncpreemptoff=1 nothing stops it, and it must still end at once in
// wall time, after the virtual time two billion increments take.
func TestThePreemptionDemoWithACapturedCounterEnds(t *testing.T) {
	src := `//scene procs=1

package main

import (
	"fmt"
	"time"
)

func main() {
	var x int
	done := make(chan bool)
	go func() {
		for i := 0; i < 2_000_000_000; i++ {
			x++
		}
		done <- true
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("main woke", x)
	<-done
}`
	c, err := Load("demo.go", []byte(src))
	require.NoError(t, err)
	cfg, err := c.Scene.Settings.Config(func(k string) string {
		if k == "GODEBUG" {
			return "asyncpreemptoff=1"
		}
		return ""
	})
	require.NoError(t, err)
	s, err := c.NewSim(cfg)
	require.NoError(t, err)
	require.NoError(t, s.Run())
	require.Equal(t, []string{"main woke 2000000000"}, s.Output(), "main waits for the whole loop")
	require.Greater(t, s.Now(), core.Time(100*core.Millisecond))
	require.Less(t, s.Now(), core.Time(3*core.Second))
}
