package script

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// runScene simulates src at GOMAXPROCS=procs and returns its stdout lines.
func runScene(t *testing.T, src string, procs int) (*core.Sim, []string) {
	t.Helper()
	c, err := Load("scene.go", []byte(src))
	require.NoError(t, err)
	cfg := core.DefaultConfig(procs)
	cfg.Limits.MaxTime = core.Time(10 * core.Second)
	s, err := c.NewSim(cfg, core.WithInvariants())
	require.NoError(t, err)
	s.Run()
	require.NoError(t, s.CheckErr())
	return s, s.Output()
}

func TestSequentialSemanticsMatchGo(t *testing.T) {
	src := `
const n = 5

var total int

func add(a, b int) (sum int) {
	sum = a + b
	return
}

func main() {
	for i := 0; i < n; i++ {
		total += i
	}
	fmt.Println(total, add(2, 3), 7/2, -7%3, 1<<4, 6&^3, "a"+"b", len("héllo"))
	x := 10
	f := func() { x++ }
	f()
	f()
	fmt.Println(x)
	var fs []int
	_ = fs
}
`
	_, out := runScene(t, src, 1)
	require.Equal(t, []string{"10 5 3 -1 16 4 ab 6", "12"}, out)
}

func TestLoopVariablesArePerIterationAsInGo122(t *testing.T) {
	src := `
func main() {
	done := make(chan bool)
	for i := 0; i < 3; i++ {
		go func() { fmt.Println(i); done <- true }()
	}
	for range 3 {
		<-done
	}
}`
	_, out := runScene(t, src, 1)
	require.ElementsMatch(t, []string{"0", "1", "2"}, out)
}

func TestDeferRunsLastInFirstOutWithArgumentsEvaluatedEarly(t *testing.T) {
	src := `
func main() {
	x := 1
	defer fmt.Println("deferred", x)
	x = 2
	defer func() { fmt.Println("closure sees", x) }()
	fmt.Println("body", x)
}`
	_, out := runScene(t, src, 1)
	require.Equal(t, []string{"body 2", "closure sees 2", "deferred 1"}, out)
}

func TestDurationsPrintLikeTheTimePackage(t *testing.T) {
	ds := []time.Duration{0, 1, 999, 1000, 1500, 999999, time.Millisecond, 1500 * time.Microsecond,
		time.Second, 1500 * time.Millisecond, 90 * time.Second, 3*time.Hour + 2*time.Minute + 1, -time.Millisecond}
	var src strings.Builder
	src.WriteString("func main() {\n")
	var want []string
	for _, d := range ds {
		fmt.Fprintf(&src, "\tfmt.Println(time.Duration(%d))\n", int64(d))
		want = append(want, d.String())
	}
	src.WriteString("}\n")
	_, out := runScene(t, src.String(), 1)
	require.Equal(t, want, out)
}

func TestSelectAndClosedChannels(t *testing.T) {
	src := `
func main() {
	ch := make(chan int, 1)
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("empty")
	}
	ch <- 7
	select {
	case v, ok := <-ch:
		fmt.Println("got", v, ok)
	default:
		fmt.Println("empty")
	}
	close(ch)
	v, ok := <-ch
	fmt.Println(v, ok)
	for range ch {
		fmt.Println("never")
	}
	switch x := 3; x {
	case 1, 2:
		fmt.Println("small")
	case 3:
		fmt.Println("three")
	default:
		fmt.Println("other")
	}
}`
	_, out := runScene(t, src, 1)
	require.Equal(t, []string{"empty", "got 7 true", "0 false", "three"}, out)
}

func TestVirtualClockMeasuresSleep(t *testing.T) {
	src := `
func main() {
	start := time.Now()
	time.Sleep(3 * time.Millisecond)
	d := time.Since(start)
	fmt.Println(d >= 3*time.Millisecond, d < 5*time.Millisecond)
}`
	_, out := runScene(t, src, 1)
	require.Equal(t, []string{"true true"}, out)
}

func TestCompleteFormHasOnlyTheImportsItUses(t *testing.T) {
	sc, err := Parse("s.go", []byte("//scene procs=2\nfunc main() {\n\tfmt.Println(1)\n}\n"))
	require.NoError(t, err)
	require.Equal(t, 2, sc.Settings.Procs)
	out, err := Complete(sc)
	require.NoError(t, err)
	require.Contains(t, string(out), "\"fmt\"")
	require.NotContains(t, string(out), "runtime")
	require.True(t, strings.HasPrefix(string(out), "//scene procs=2\n"), string(out))
}

func TestCaptionsBelongToTheirStatements(t *testing.T) {
	src := "func main() {\n\t//> spawn a worker\n\tgo work()\n\ttime.Sleep(1) //> wait\n}\n\n//> on steal: a thief!\nfunc work() {}\n"
	sc, err := Parse("s.go", []byte(src))
	require.NoError(t, err)
	require.Equal(t, []Caption{{Line: 3, Text: "spawn a worker"}, {Line: 4, Text: "wait"}, {On: "steal", Text: "a thief!"}}, sc.Captions)
}

func TestErrorsPointAtTheSceneAsWritten(t *testing.T) {
	for src, want := range map[string]string{
		"func main() {\n\tx := 1.5\n\tvar s string = x\n\t_ = s\n}\n":                 "s.go:3:17: cannot use x (variable of type float64) as string value",
		"func main() {\n\tundefinedThing()\n}\n":                                      "s.go:2:2: undefined: undefinedThing",
		"func main() {\n\t<-time.NoSuchThing(1)\n}\n":                                 "s.go:2:9: undefined: time.NoSuchThing",
		"func main() {\n\ttime.Slep(1)\n}\n":                                          "s.go:2:7: undefined: time.Slep (did you mean time.Sleep?)",
		"func main() {\n\truntime.ReadMemStats(nil)\n}\n":                             "s.go:2:10: runtime.ReadMemStats is not supported in scenes (the simulator has no heap",
		"package main\n\nimport \"net/http\"\n\nfunc main() { http.Get(\"\") }\n":     "s.go:3:8: import \"net/http\" is not supported in scenes",
		"package main\n\nimport \"unsafe\"\n\nfunc main() { _ = unsafe.Sizeof(1) }\n": "s.go:3:8: unsafe is not supported in scenes",
		"func main() {\n\tfor {\n":                                                    "s.go:2:8: expected '}', found 'EOF'",
	} {
		_, err := Load("s.go", []byte(src))
		require.Error(t, err)
		require.True(t, strings.HasPrefix(err.Error(), want), "got %q want prefix %q", err.Error(), want)
	}
}

func TestGlobalsStartAtTheirZeroValues(t *testing.T) {
	src := `
var s string
var n int
var d time.Duration
var ok bool

func main() {
	fmt.Println(s == "", len(s), n, d, ok)
	s += "a"
	fmt.Println(s)
}`
	_, out := runScene(t, src, 1)
	require.Equal(t, []string{"true 0 0 0s false", "a"}, out)
}
