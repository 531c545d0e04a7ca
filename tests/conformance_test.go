package tests

// The conformance test runs test programs of the installed Go distribution
// (GOROOT/test) in the simulator and holds the scene language to what the
// distribution's own harness demands of the real toolchain.
//
// Which programs: the files in test/, test/chan/ and test/ken/ whose first
// line is exactly "// run" (the harness's recipe for "build it, run it, check
// its output", with no flags or arguments), whose build constraints hold for
// linux/amd64 with the gc toolchain, and whose imports all lie in
// conformanceImports, the packages a scene can plausibly link.
//
// How each is judged, as the harness's "run" action does: the program must
// exit with status 0, and what it wrote to standard output and standard
// error, interleaved in the order it was written, must equal the .out file
// beside it, or be empty when there is none. Each program runs with
// GOMAXPROCS=1 and otherwise the settings `gmpbook run` gives a file without
// a //scene line.
//
// A failure has a one-line reason. tests/testdata/conformance/
// known-failures.txt lists the programs that fail today, with their reasons;
// the test fails when a listed program passes (delete its line) or an
// unlisted one fails, so the list only shrinks. GMPBOOK_REWRITE=1 runs every
// program and writes the list afresh.
//
// Time: while most programs stop at load the whole set takes well under a
// second, but a program that runs may take up to conformanceTimeout, and
// `make test` should spend no more than about a minute here. So by default
// the test runs a fixed, deterministic part, every conformanceStride-th
// program in path order; GMPBOOK_CONFORMANCE=all (make conformance) runs
// them all. Programs run two at a time (t.Parallel, -parallel defaults to
// GOMAXPROCS); each loads and simulates its own copy.
//
// Wall clock: each program runs in a goroutine of its own and gets
// conformanceTimeout of real time; past that it is reported as "timeout" and
// abandoned. The sink stops an abandoned simulation at its next event (it
// panics with a sentinel that the goroutine recovers), so it does not keep a
// CPU busy for the rest of the test binary. Virtual-time and event limits are
// the simulator's own (a minute of virtual time, 20 million events) and give
// a "limit:" reason. A panic in the loader or the simulator is recovered and
// reported as "internal panic: …"; what Go cannot recover from (a goroutine
// stack overflow, running out of memory) still ends the test binary.

import (
	"errors"
	"fmt"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script"
)

// conformanceImports are the packages a selected program may import.
var conformanceImports = conformanceSet(
	"fmt", "errors", "strings", "strconv", "sort", "slices", "maps", "cmp",
	"math", "math/bits", "math/rand", "math/rand/v2", "unicode",
	"unicode/utf8", "bytes", "container/heap", "container/list", "log", "os",
	"time", "sync", "sync/atomic", "context", "runtime",
	"golang.org/x/sync/errgroup", "golang.org/x/sync/semaphore",
)

func conformanceSet(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// conformanceDirs are the directories of GOROOT/test that are searched.
var conformanceDirs = []string{".", "chan", "ken"}

const (
	// conformanceTimeout is the real time one program may take.
	conformanceTimeout = 20 * time.Second
	// conformanceStride picks the default part: programs 0, k, 2k, … of
	// the sorted list. Raise it when the default part takes more than about
	// a minute of `make test` (the test logs its time).
	conformanceStride = 2
	// conformanceReasonMax bounds a reason's length in runes.
	conformanceReasonMax = 140
)

const conformanceListFile = "testdata/conformance/known-failures.txt"

const conformanceHeader = `# Programs of the Go distribution's test directory (GOROOT/test, test/chan,
# test/ken) that the simulator does not yet run the way the real toolchain
# does, one per line: "path relative to GOROOT/test: why it fails".
#
# tests/conformance_test.go picks the programs whose first line is "// run"
# and whose imports a scene may use, runs each with GOMAXPROCS=1, and wants
# exit status 0 and the output of the .out file beside it (or none). It fails
# when a program listed here passes (delete its line) and when a program not
# listed here fails. The reasons are for reading; only the paths are checked.
#
# The set depends on the installed Go's test directory (this list was made
# with %s). Regenerate it after reading the diff:
#   GMPBOOK_REWRITE=1 go test ./tests -run Conformance -count=1   (or make rewrite)
`

// conformanceProgram is one selected program.
type conformanceProgram struct {
	rel  string // slash-separated path relative to GOROOT/test
	path string // path on disk
}

// conformanceResult is how a program fared; reason is empty when it passed.
type conformanceResult struct {
	reason  string
	elapsed time.Duration
}

func TestConformance(t *testing.T) {
	testDir, goVersion := conformanceTestDir(t)
	progs := conformancePrograms(t, testDir)
	if len(progs) == 0 {
		t.Skipf("no // run programs found in %s", testDir)
	}
	rewrite := os.Getenv("GMPBOOK_REWRITE") != ""
	all := rewrite || os.Getenv("GMPBOOK_CONFORMANCE") == "all"
	chosen := progs
	if !all {
		chosen = nil
		for i := 0; i < len(progs); i += conformanceStride {
			chosen = append(chosen, progs[i])
		}
	}

	known, err := conformanceReadList(conformanceListFile)
	if err != nil && !(rewrite && errors.Is(err, os.ErrNotExist)) {
		t.Fatalf("%v (GMPBOOK_REWRITE=1 go test ./tests -run Conformance writes it)", err)
	}

	var mu sync.Mutex
	results := map[string]conformanceResult{}
	var disagree atomic.Int32
	start := time.Now()
	// The group returns once every parallel subtest has finished. Each
	// subtest checks its program against the list: an expected failure is
	// logged, a surprise (either way) fails the subtest.
	t.Run("programs", func(t *testing.T) {
		for _, p := range chosen {
			t.Run(p.rel, func(t *testing.T) {
				t.Parallel()
				r := conformanceRunGuarded(p)
				mu.Lock()
				results[p.rel] = r
				mu.Unlock()
				want, listed := known[p.rel]
				switch {
				case rewrite:
					if r.reason != "" {
						t.Logf("fails: %s", r.reason)
					}
				case r.reason == "" && listed:
					disagree.Add(1)
					t.Errorf("passes now: delete its line from tests/%s", conformanceListFile)
				case r.reason != "" && !listed:
					disagree.Add(1)
					t.Errorf("fails and is not listed in tests/%s: %s", conformanceListFile, r.reason)
				case r.reason != "" && r.reason != want:
					t.Logf("fails (expected), for another reason than the listed one: %s (listed: %s)", r.reason, want)
				case r.reason != "":
					t.Logf("fails (expected): %s", r.reason)
				}
			})
		}
	})
	wall := time.Since(start)

	pass := 0
	for _, r := range results {
		if r.reason == "" {
			pass++
		}
	}
	part := "the whole set"
	if !all {
		part = fmt.Sprintf("1 in %d of %d programs; GMPBOOK_CONFORMANCE=all runs them all", conformanceStride, len(progs))
	}
	t.Logf("conformance: %d of %d programs pass (%.1f%%) in %v (%s)",
		pass, len(results), 100*float64(pass)/float64(max(len(results), 1)), wall.Round(time.Millisecond), part)
	conformanceLogSlowest(t, results)

	if rewrite {
		if len(results) != len(chosen) {
			t.Fatalf("only %d of %d programs ran (a -run pattern below TestConformance?): the list is not rewritten", len(results), len(chosen))
		}
		if err := conformanceWriteList(conformanceListFile, goVersion, results); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote tests/%s: %d failing programs", conformanceListFile, len(results)-pass)
		return
	}

	// A listed program that is no longer selected (the Go installation
	// changed, or the selection did) is stale; only the whole set can tell.
	if all {
		selected := map[string]bool{}
		for _, p := range progs {
			selected[p.rel] = true
		}
		var stale []string
		for rel := range known {
			if !selected[rel] {
				stale = append(stale, rel)
			}
		}
		sort.Strings(stale)
		for _, rel := range stale {
			disagree.Add(1)
			t.Errorf("%s is listed in tests/%s but is not a selected program: delete its line", rel, conformanceListFile)
		}
	}
	if n := disagree.Load(); n > 0 {
		t.Logf("%d programs disagree with the list; after reading why, GMPBOOK_REWRITE=1 go test ./tests -run Conformance -count=1 rewrites it", n)
	}
}

// conformanceTestDir is GOROOT/test of the go command on PATH, with that
// command's Go version; the test is skipped without one.
func conformanceTestDir(t *testing.T) (dir, version string) {
	out, err := exec.Command("go", "env", "GOROOT", "GOVERSION").Output()
	if err != nil {
		t.Skipf("go env GOROOT GOVERSION: %v", err)
	}
	goroot, version, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	dir = filepath.Join(goroot, "test")
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Skipf("no Go test directory at %s", dir)
	}
	return dir, strings.TrimSpace(version)
}

// conformancePrograms lists the selected programs, sorted by relative path.
func conformancePrograms(t *testing.T, testDir string) []conformanceProgram {
	var progs []conformanceProgram
	for _, dir := range conformanceDirs {
		paths, err := filepath.Glob(filepath.Join(testDir, dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range paths {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !conformanceSelect(path, src) {
				continue
			}
			rel, err := filepath.Rel(testDir, path)
			if err != nil {
				t.Fatal(err)
			}
			progs = append(progs, conformanceProgram{rel: filepath.ToSlash(rel), path: path})
		}
	}
	sort.Slice(progs, func(i, j int) bool { return progs[i].rel < progs[j].rel })
	return progs
}

// conformanceSelect reports whether a file is a "// run" program that builds
// on linux/amd64 and imports only allowed packages.
func conformanceSelect(path string, src []byte) bool {
	first, _, _ := strings.Cut(string(src), "\n")
	if strings.TrimSuffix(first, "\r") != "// run" {
		return false
	}
	// Build constraints sit in the header, before the package clause.
	header, _, _ := strings.Cut(string(src), "\npackage")
	for _, line := range strings.Split(header, "\n") {
		expr, err := constraint.Parse(strings.TrimSpace(line))
		if err == nil && !expr.Eval(conformanceTag) {
			return false
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
	if err != nil {
		return false
	}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || !conformanceImports[p] {
			return false
		}
	}
	return true
}

// conformanceTag says which build tags hold: the harness's view of this
// platform (GOOS, GOARCH, gc, and its own test_run tag). goexperiment and
// cgo tags are taken as false.
func conformanceTag(tag string) bool {
	switch tag {
	case runtime.GOOS, runtime.GOARCH, "gc", "test_run":
		return true
	case "unix":
		return runtime.GOOS != "windows" && runtime.GOOS != "plan9" && runtime.GOOS != "js" && runtime.GOOS != "wasip1"
	}
	return false
}

// errConformanceAbandoned stops a simulation whose program timed out.
var errConformanceAbandoned = errors.New("conformance: abandoned after the timeout")

// conformanceRunGuarded runs one program under the wall-clock guard.
func conformanceRunGuarded(p conformanceProgram) conformanceResult {
	start := time.Now()
	var abandon atomic.Bool
	done := make(chan string, 1)
	go func() { done <- conformanceRun(p, &abandon) }()
	timer := time.NewTimer(conformanceTimeout)
	defer timer.Stop()
	select {
	case reason := <-done:
		return conformanceResult{reason: reason, elapsed: time.Since(start)}
	case <-timer.C:
		abandon.Store(true)
		return conformanceResult{reason: fmt.Sprintf("timeout (more than %v of real time)", conformanceTimeout), elapsed: time.Since(start)}
	}
}

// conformanceRun loads and simulates one program and returns why it failed,
// or "" when it passed. A panic in the loader or the simulator is a failure,
// not a crash.
func conformanceRun(p conformanceProgram, abandon *atomic.Bool) (reason string) {
	defer func() {
		if r := recover(); r != nil {
			if r == errConformanceAbandoned {
				reason = "timeout"
				return
			}
			reason = "internal panic: " + fmt.Sprint(r)
		}
		reason = conformanceOneLine(reason)
	}()
	src, err := os.ReadFile(p.path)
	if err != nil {
		return "read: " + err.Error()
	}
	// The relative path keeps the messages the same on every machine.
	c, err := script.Load(p.rel, src)
	if err != nil {
		return "load: " + err.Error()
	}
	if abandon.Load() {
		return "timeout"
	}
	getenv := func(k string) string {
		if k == "GOMAXPROCS" {
			return "1"
		}
		return ""
	}
	cfg, err := c.Scene.Settings.Config(getenv)
	if err != nil {
		return "config: " + err.Error()
	}
	// Standard output and standard error in the order they were written,
	// as the harness collects them into one buffer.
	var combined strings.Builder
	var limitMsg string
	sink := func(e *core.Event) {
		if abandon.Load() {
			panic(errConformanceAbandoned)
		}
		switch e.Kind {
		case core.EvPrint:
			combined.WriteString(e.Text)
			combined.WriteByte('\n')
		case core.EvLimit:
			limitMsg = e.Text
		}
	}
	sim, err := c.NewSim(cfg, core.WithSink(sink))
	if err != nil {
		return "new sim: " + err.Error()
	}
	runErr := sim.Run()
	switch {
	case sim.LimitReached():
		return fmt.Sprintf("limit: %s (at %v of virtual time)", limitMsg, sim.Now())
	case runErr != nil:
		return "sim: " + runErr.Error()
	case strings.HasPrefix(sim.Deadlock(), "panic: "):
		return sim.Deadlock()
	case sim.Deadlock() != "":
		return "fatal error: " + sim.Deadlock()
	case sim.ExitCode() != 0:
		return conformanceExitReason(sim)
	}
	want, err := os.ReadFile(strings.TrimSuffix(p.path, ".go") + ".out")
	if errors.Is(err, os.ErrNotExist) {
		want = nil
	} else if err != nil {
		return "read .out: " + err.Error()
	}
	return conformanceCompare(string(want), strings.ReplaceAll(combined.String(), "\r\n", "\n"))
}

// conformanceExitReason describes a non-zero exit, with the last line the
// program wrote to standard error when there is one.
func conformanceExitReason(sim *core.Sim) string {
	r := fmt.Sprintf("exit status %d", sim.ExitCode())
	errs := sim.Stderr()
	for i := len(errs) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(errs[i]); l != "" {
			return r + ": " + strconv.Quote(l)
		}
	}
	return r
}

// conformanceCompare returns "" when got equals want, otherwise where they
// first differ.
func conformanceCompare(want, got string) string {
	if got == want {
		return ""
	}
	if want == "" {
		first, _, _ := strings.Cut(got, "\n")
		return "output should be empty (no .out file), got " + conformanceQuote(first)
	}
	wl := strings.SplitAfter(want, "\n")
	gl := strings.SplitAfter(got, "\n")
	for i := 0; ; i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w == g {
			continue
		}
		ws, gs := conformanceQuote(strings.TrimSuffix(w, "\n")), conformanceQuote(strings.TrimSuffix(g, "\n"))
		switch {
		case i >= len(wl) || w == "":
			ws = "end of output"
		case strings.TrimSuffix(w, "\n") == strings.TrimSuffix(g, "\n"):
			// Same text, one side without its newline.
			ws, gs = strconv.Quote(w), strconv.Quote(g)
		}
		if i >= len(gl) || g == "" {
			gs = "end of output"
		}
		return fmt.Sprintf("output differs at line %d: want %s got %s", i+1, ws, gs)
	}
}

// conformanceQuote quotes s, shortened to keep a reason on one short line.
func conformanceQuote(s string) string {
	const most = 40
	if r := []rune(s); len(r) > most {
		return strconv.Quote(string(r[:most])) + "…"
	}
	return strconv.Quote(s)
}

// conformanceOneLine keeps a reason's first line, shortened.
func conformanceOneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > conformanceReasonMax {
		s = string(r[:conformanceReasonMax]) + "…"
	}
	return s
}

// conformanceReadList reads the known failures: path → reason.
func conformanceReadList(file string) (map[string]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	known := map[string]string{}
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rel, reason, ok := strings.Cut(line, ": ")
		if !ok || !strings.HasSuffix(rel, ".go") {
			return nil, fmt.Errorf("%s:%d: want \"path.go: reason\", got %q", file, n+1, line)
		}
		known[rel] = reason
	}
	return known, nil
}

// conformanceWriteList writes the failing programs, sorted by path.
func conformanceWriteList(file, goVersion string, results map[string]conformanceResult) error {
	var lines []string
	for rel, r := range results {
		if r.reason != "" {
			lines = append(lines, rel+": "+r.reason)
		}
	}
	slices.Sort(lines)
	var b strings.Builder
	fmt.Fprintf(&b, conformanceHeader, goVersion)
	b.WriteString("\n")
	for _, l := range lines {
		b.WriteString(l)
		b.WriteString("\n")
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

// conformanceLogSlowest names the programs that took the most real time,
// to show where the suite's time goes.
func conformanceLogSlowest(t *testing.T, results map[string]conformanceResult) {
	type entry struct {
		rel string
		d   time.Duration
	}
	var es []entry
	for rel, r := range results {
		es = append(es, entry{rel, r.elapsed})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].d > es[j].d || es[i].d == es[j].d && es[i].rel < es[j].rel })
	var parts []string
	for _, e := range es[:min(5, len(es))] {
		parts = append(parts, fmt.Sprintf("%s %v", e.rel, e.d.Round(time.Millisecond)))
	}
	t.Logf("slowest: %s", strings.Join(parts, ", "))
}
