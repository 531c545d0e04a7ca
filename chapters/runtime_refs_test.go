package chapters_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
)

// runtimeSource reads a file of the installed toolchain's runtime.
func runtimeSource(t *testing.T, file string) (string, bool) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "runtime", file))
	if err != nil {
		return "", false
	}
	return string(data), true
}

// TestChapterRuntimeReferencesNameRealFunctions checks every inline
// `file.go:function` of every chapter against the runtime source of the
// installed toolchain (Go 1.26.8 here).
func TestChapterRuntimeReferencesNameRealFunctions(t *testing.T) {
	all, err := chapters.All()
	require.NoError(t, err)
	n := 0
	for _, c := range all {
		for _, r := range c.Refs {
			n++
			src, ok := runtimeSource(t, r.File)
			if !ok {
				t.Errorf("%s:%d: `%s:%s` names a file the runtime does not have", c.File, r.Line, r.File, r.Func)
				continue
			}
			if !definesFunc(src, r.Func) {
				t.Errorf("%s:%d: `%s:%s`: no such function in runtime/%s", c.File, r.Line, r.File, r.Func, r.File)
			}
		}
	}
	t.Logf("%d runtime references checked", n)
}

// definesFunc reports whether src declares name: a function "f", a method
// "T.m" or "(*T).m", or a type, variable or constant "x".
func definesFunc(src, name string) bool {
	name = strings.TrimSuffix(name, "()")
	recv, fn := "", name
	if i := strings.LastIndex(name, "."); i >= 0 {
		recv, fn = strings.Trim(name[:i], "()*"), name[i+1:]
	}
	if recv == "" {
		re := regexp.MustCompile(`(?m)^(func ` + regexp.QuoteMeta(fn) + `[\[(]|\t?(type|var|const) ` + regexp.QuoteMeta(fn) + `\b|\t` + regexp.QuoteMeta(fn) + `\s)`)
		return re.MatchString(src)
	}
	re := regexp.MustCompile(`(?m)^func \([a-z0-9_]* ?\*?` + regexp.QuoteMeta(recv) + `\) ` + regexp.QuoteMeta(fn) + `\(`)
	return re.MatchString(src)
}

func TestDefinesFuncFindsFunctionsAndMethods(t *testing.T) {
	src, ok := runtimeSource(t, "proc.go")
	if !ok {
		t.Skip("no runtime source")
	}
	require.True(t, definesFunc(src, "findRunnable"))
	require.True(t, definesFunc(src, "runqput"))
	require.True(t, definesFunc(src, "p.destroy"))
	require.True(t, definesFunc(src, "(*p).destroy"))
	require.False(t, definesFunc(src, "findRunnableFast"))
	require.False(t, definesFunc(src, "p.notAMethod"))
}

// A constant rule finds statements of a runtime constant in chapter prose
// and says which values are right (docs/spec/runtime-facts.md §1.4).
type constRule struct {
	what string
	re   *regexp.Regexp // the first group is the number
	ok   []int
}

var constRules = []constRule{
	{"local run queue capacity", regexp.MustCompile(`(?i)(\d+)[- ](?:slot|entry|G)s? (?:local )?(?:run )?queue`), []int{256}},
	{"local run queue capacity", regexp.MustCompile(`(?i)local (?:run )?queue (?:holds|of|has room for) (?:up to |at most )?(\d+)`), []int{256}},
	{"overflow batch", regexp.MustCompile(`(\d+)\s*\+\s*1\b`), []int{128}},
	{"fairness check", regexp.MustCompile(`(?i)schedtick\s*%\s*(\d+)`), []int{61}},
	{"fairness check", regexp.MustCompile(`(?i)every (\d+)(?:st|nd|rd|th)? (?:scheduler |sched)?tick`), []int{61}},
	{"fairness check", regexp.MustCompile(`(?i)(\d+)-tick`), []int{61}},
	{"steal rounds", regexp.MustCompile(`(?i)(\d+) (?:steal(?:ing)? )?(?:rounds|passes)`), []int{4}},
	{"steal rounds", regexp.MustCompile(`stealTries\s*=\s*(\d+)`), []int{4}},
	{"time slice", regexp.MustCompile(`(?i)(\d+)\s*ms (?:time )?slice`), []int{10}},
	{"time slice", regexp.MustCompile(`forcePreemptNS\s*=\s*(\d+)`), []int{10}},
	{"sysmon's first sleep", regexp.MustCompile(`(?i)sysmon\S* (?:\S+ ){0,6}?(\d+)\s*(?:µs|us|microseconds?)\b`), []int{20, 50, 92, 10}},
	{"goid batch", regexp.MustCompile(`(?i)goids? (?:\S+ ){0,4}?batch(?:es)? of (\d+)`), []int{16}},
	{"epoll batch", regexp.MustCompile(`(?i)(\d+) events? (?:per|in one|from one) epoll`), []int{128}},
	{"initial stack", regexp.MustCompile(`(?i)(\d+)\s*KB (?:initial )?stack`), []int{2, 8}},
	{"thread limit", regexp.MustCompile(`(?i)maxmcount\D{0,12}(\d[\d,]*)`), []int{10000}},
	{"runnext-steal back-off", regexp.MustCompile(`(?i)usleep\((\d+)\)`), []int{3, 20}},
	{"forced GC period", regexp.MustCompile(`(?i)forc\w* GC (?:\S+ ){0,5}?every (\d+) minutes?`), []int{2}},
}

// checkConstants returns the lines of text that state a runtime constant
// with a value the runtime does not have.
func checkConstants(name, text string) []string {
	var bad []string
	for i, line := range strings.Split(text, "\n") {
		for _, r := range constRules {
			for _, m := range r.re.FindAllStringSubmatch(line, -1) {
				n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
				if err != nil {
					continue
				}
				good := false
				for _, v := range r.ok {
					good = good || v == n
				}
				if !good {
					bad = append(bad, fmt.Sprintf("%s:%d: %s stated as %d (want %v): %q", name, i+1, r.what, n, r.ok, strings.TrimSpace(m[0])))
				}
			}
		}
	}
	return bad
}

func TestConstantRulesCatchWrongValues(t *testing.T) {
	wrong := "Each P has a 128-slot run queue; every 60th tick it looks at the global queue; stealing makes 3 rounds; " +
		"the scheduler gives each G a 20 ms time slice; overflow moves 64 + 1 Gs."
	require.Len(t, checkConstants("x.md", wrong), 5)
	right := "Each P has a 256-slot run queue; every 61st tick, schedtick % 61; 4 rounds; a 10 ms time slice; 128 + 1."
	require.Empty(t, checkConstants("x.md", right))
}

// TestChaptersStateRuntimeConstantsCorrectly greps every chapter for the
// constants the facts list and fails on a different value.
func TestChaptersStateRuntimeConstantsCorrectly(t *testing.T) {
	all, err := chapters.All()
	require.NoError(t, err)
	for _, c := range all {
		for _, b := range checkConstants(c.File, string(c.Source)) {
			t.Error(b)
		}
	}
}
