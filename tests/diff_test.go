package tests

// The differential test: small ordinary Go programs, each run on the real
// toolchain and in the simulator, compared on what they print.
//
// Every archive in testdata/diff is a txtar file (golang.org/x/tools/txtar's
// format: a comment saying what the program checks, then one file, main.go,
// holding a complete package main). The test builds each program with the
// installed go command in a temporary copy of this module (its own go.mod
// and go.sum, so that golang.org/x/sync resolves), two builds at a time,
// runs the binary with GOMAXPROCS=1 and keeps its standard output, the first
// line of its standard error (the "panic: …" or "fatal error: …" line of a
// program that dies, not the goroutine dump under it) and its exit status.
// Then it loads the same source with script.Load and runs it in the
// simulator with procs=1, as `gmpbook run -procs 1` does, and compares the
// three. The expectation is always what the real program printed in this
// run of the test; nothing the simulator printed is ever stored.
//
// Most programs do not run in the simulator yet. testdata/diff/
// known-failures.txt lists those that fail, "name: reason" a line; the test
// fails when a listed program agrees (delete its line: the list only
// shrinks) and when an unlisted one does not. GMPBOOK_REWRITE=1 writes the
// list afresh from the programs that ran:
//
//	GMPBOOK_REWRITE=1 go test ./tests -run Differential -count=1
//
// Each program was written to have one output at GOMAXPROCS=1: ordering
// that depends on the scheduler is recorded in memory and printed at the
// end, and the timers that race are tens of milliseconds apart. A loaded
// machine can still stall a process for that long, so when the simulator
// disagrees with the one real run, the real program runs again and the
// expectation is what most of diffSettleRuns runs print.
// GMPBOOK_DIFF_RUNS=N instead runs every real program N times and fails a
// program whose runs disagree; use it after adding or changing a program.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script"
)

const (
	diffDir      = "testdata/diff"
	diffListFile = "testdata/diff/known-failures.txt"
	// diffMinPrograms is the size the suite is meant to keep.
	diffMinPrograms = 160
	// diffBuilders is how many go builds run at once.
	diffBuilders = 2
	// diffRealTimeout bounds one real run; the programs take milliseconds.
	diffRealTimeout = 10 * time.Second
	// diffSimTimeout is the real time a simulated run may take before it
	// is reported and abandoned.
	diffSimTimeout = 20 * time.Second
	// diffQuoteMax is how many runes of a line a reason quotes.
	diffQuoteMax = 50
	// diffSlowRun is the real run time past which a program is named as
	// slower than the suite wants (~200 ms each).
	diffSlowRun = 300 * time.Millisecond
	// diffSettleRuns is how many real runs decide the expectation of a
	// program whose first real run the simulator does not match.
	diffSettleRuns = 5
	// diffSlowSim is the simulated run time past which the log says so.
	diffSlowSim = 2 * time.Second
)

const diffListHeader = `# Programs of tests/testdata/diff that do not yet print, in the simulator,
# what they print on the real Go toolchain at GOMAXPROCS=1: "name: reason",
# one a line, sorted. The reason is the first difference (stdout, then the
# exit status, then the first line of stderr) or why the simulator could not
# run the program; only the names are checked.
#
# tests/diff_test.go fails when a program listed here agrees (delete its
# line: the list only shrinks) and when one not listed here does not.
# Regenerate it after reading the diff:
#   GMPBOOK_REWRITE=1 go test ./tests -run Differential -count=1   (or make rewrite)
`

// diffProgram is one archive of testdata/diff.
type diffProgram struct {
	name    string // the archive's name without .txtar
	comment string // what the program checks
	src     []byte // main.go
}

// diffOutcome is what one run printed, real or simulated.
type diffOutcome struct {
	stdout  string
	stderr1 string // the first line of standard error
	status  int
	wall    time.Duration
	// failure says why the simulator could not run the program (a load
	// error, a panic of our code, a limit); the other fields are then
	// meaningless.
	failure string
	detail  string // more about the failure, for the log (a stack)
}

func TestDifferential(t *testing.T) {
	needGo(t)
	progs := diffReadPrograms(t)
	require.GreaterOrEqual(t, len(progs), diffMinPrograms, "the differential suite wants at least %d programs", diffMinPrograms)
	rewrite := os.Getenv("GMPBOOK_REWRITE") != ""
	known, err := diffReadList(diffListFile)
	if err != nil && !(rewrite && errors.Is(err, os.ErrNotExist)) {
		t.Fatalf("%v (GMPBOOK_REWRITE=1 go test ./tests -run Differential -count=1 writes it)", err)
	}
	runs := 1
	if v := os.Getenv("GMPBOOK_DIFF_RUNS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(t, err, "GMPBOOK_DIFF_RUNS")
		runs = max(n, 1)
	}

	start := time.Now()
	b := newDiffBuilder(t, progs)
	reasons := map[string]string{} // of the programs that ran: "" when they agree
	var broken []string            // programs whose real side is unusable
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			real, err := diffRealRuns(t, b, p, runs)
			if err != nil {
				broken = append(broken, p.name)
				t.Fatalf("%s: %v", p.name, err)
			}
			sim := diffSimulate(p)
			if sim.wall > diffSlowSim {
				t.Logf("the simulation took %v of real time", sim.wall.Round(time.Millisecond))
			}
			reason := diffCompare(real, sim)
			if reason != "" && sim.failure == "" && runs < diffSettleRuns {
				// A busy machine can hold up a timer long enough to change
				// what a timing program prints. Before the simulator is
				// blamed, the real program runs again and the expectation
				// becomes what most of diffSettleRuns runs print.
				var varied string
				real, varied = diffSettle(t, b, p, real, diffSettleRuns)
				if varied != "" {
					t.Logf("the real output varied (busy machine?): %s", varied)
				}
				reason = diffCompare(real, sim)
			}
			reasons[p.name] = reason
			listed, isListed := known[p.name]
			if reason != "" {
				t.Logf("%s: %s\n%s", p.comment, reason, diffShow(real, sim))
			}
			switch {
			case rewrite:
			case reason == "" && isListed:
				t.Errorf("%s agrees with the real runtime now: delete its line from %s", p.name, diffListFile)
			case reason != "" && !isListed:
				t.Errorf("%s does not agree with the real runtime and is not in %s: %s", p.name, diffListFile, reason)
			case reason != "" && diffOneLine(reason) != listed:
				t.Logf("fails for another reason now: %s (listed: %s)", reason, listed)
			}
		})
	}
	agree := 0
	for _, r := range reasons {
		if r == "" {
			agree++
		}
	}
	t.Logf("differential: %d of %d programs agree (%v)", agree, len(reasons), time.Since(start).Round(100*time.Millisecond))

	names := map[string]bool{}
	for _, p := range progs {
		names[p.name] = true
	}
	if rewrite {
		if len(broken) > 0 {
			t.Fatalf("not rewriting %s: the real side of %s failed", diffListFile, strings.Join(broken, ", "))
		}
		// Programs that did not run (-run chose others) keep their lines;
		// lines of archives that are gone are dropped.
		out := map[string]string{}
		for name, reason := range known {
			if _, ran := reasons[name]; !ran && names[name] {
				out[name] = reason
			}
		}
		for name, reason := range reasons {
			if reason != "" {
				out[name] = reason
			}
		}
		require.NoError(t, diffWriteList(diffListFile, out))
		t.Logf("wrote %s: %d programs fail", diffListFile, len(out))
		return
	}
	for name := range known {
		if !names[name] {
			t.Errorf("%s is listed in %s but there is no %s.txtar: delete its line", name, diffListFile, name)
		}
	}
}

// diffReadPrograms reads every archive of testdata/diff, sorted by name.
func diffReadPrograms(t *testing.T) []diffProgram {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(diffDir, "*.txtar"))
	require.NoError(t, err)
	slices.Sort(paths)
	var progs []diffProgram
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		comment, files := diffParseTxtar(data)
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		require.Regexp(t, `^[a-z0-9_]+$`, name, "%s: name archives with lower-case letters, digits and _", path)
		require.NotEmpty(t, strings.TrimSpace(comment), "%s: the comment should say what the program checks", path)
		require.Len(t, files, 1, "%s: want exactly one file, main.go", path)
		require.Equal(t, "main.go", files[0].name, "%s: want exactly one file, main.go", path)
		progs = append(progs, diffProgram{name: name, comment: strings.TrimSpace(comment), src: files[0].data})
	}
	return progs
}

type diffFile struct {
	name string
	data []byte
}

// diffParseTxtar splits a txtar archive into its comment and its files: a
// line "-- NAME --" starts a file, which runs to the next such line; a file
// that does not end in a newline gets one.
func diffParseTxtar(data []byte) (comment string, files []diffFile) {
	var cur *diffFile
	var text bytes.Buffer
	flush := func() {
		if cur == nil {
			comment = text.String()
		} else {
			cur.data = bytes.Clone(text.Bytes())
			if n := len(cur.data); n > 0 && cur.data[n-1] != '\n' {
				cur.data = append(cur.data, '\n')
			}
			files = append(files, *cur)
		}
		text.Reset()
	}
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		l := string(bytes.TrimSuffix(line, []byte("\r")))
		if strings.HasPrefix(l, "-- ") && strings.HasSuffix(l, " --") && len(l) > 6 {
			flush()
			cur = &diffFile{name: strings.TrimSpace(l[3 : len(l)-3])}
			continue
		}
		text.Write(line)
		text.WriteByte('\n')
	}
	flush()
	return comment, files
}

// diffBuilder builds the real programs in the background, diffBuilders at
// a time, in the order the subtests want them.
type diffBuilder struct {
	dir    string
	env    []string
	sem    chan struct{}
	mu     sync.Mutex
	builds map[string]*diffBuild
	wg     sync.WaitGroup
	stop   atomic.Bool
}

type diffBuild struct {
	once sync.Once
	done chan struct{}
	bin  string
	err  error
}

// newDiffBuilder lays the programs out as cmd/NAME/main.go in a temporary
// copy of this module and starts building the ones the -run flag selects.
func newDiffBuilder(t *testing.T, progs []diffProgram) *diffBuilder {
	t.Helper()
	root := moduleRoot(t)
	b := &diffBuilder{
		dir:    t.TempDir(),
		env:    cleanEnv("GOWORK=off", "CGO_ENABLED=0", "GOFLAGS=-mod=readonly -buildvcs=false"),
		sem:    make(chan struct{}, diffBuilders),
		builds: map[string]*diffBuild{},
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(b.dir, f), data, 0o644))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(b.dir, "bin"), 0o755))
	var queue []string
	for _, p := range progs {
		d := filepath.Join(b.dir, "cmd", p.name)
		require.NoError(t, os.MkdirAll(d, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(d, "main.go"), p.src, 0o644))
		b.builds[p.name] = &diffBuild{done: make(chan struct{})}
		if diffSelected(p.name) {
			queue = append(queue, p.name)
		}
	}
	// Stop and wait before the temporary directory goes (cleanups run
	// last-registered first).
	t.Cleanup(func() {
		b.stop.Store(true)
		b.wg.Wait()
	})
	next := make(chan string, len(queue))
	for _, name := range queue {
		next <- name
	}
	close(next)
	for range diffBuilders {
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			for name := range next {
				if b.stop.Load() {
					return
				}
				b.build(name)
			}
		}()
	}
	return b
}

// build builds one program unless that is done or under way, and waits
// for it.
func (b *diffBuilder) build(name string) (string, error) {
	b.mu.Lock()
	bd := b.builds[name]
	b.mu.Unlock()
	bd.once.Do(func() {
		defer close(bd.done)
		b.sem <- struct{}{}
		defer func() { <-b.sem }()
		bin := filepath.Join(b.dir, "bin", name)
		// Without a symbol table and DWARF the link takes half the
		// time; panics and tracebacks print the same.
		cmd := exec.Command("go", "build", "-ldflags=-s -w", "-o", bin, "./cmd/"+name)
		cmd.Dir = b.dir
		cmd.Env = b.env
		if out, err := cmd.CombinedOutput(); err != nil {
			bd.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		bd.bin = bin
	})
	<-bd.done
	return bd.bin, bd.err
}

// diffSelected reports whether the -run pattern can select the subtest of
// the named program, so that a run of a few programs builds only those. It
// reads the pattern's second element roughly; a program it wrongly leaves
// out is still built when its subtest asks for it.
func diffSelected(name string) bool {
	f := flag.Lookup("test.run")
	if f == nil {
		return true
	}
	parts := strings.Split(f.Value.String(), "/")
	if len(parts) < 2 || parts[1] == "" {
		return true
	}
	re, err := regexp.Compile(parts[1])
	return err != nil || re.MatchString(name)
}

// diffRealRuns builds the program and runs it runs times with GOMAXPROCS=1;
// the runs must agree. The error says what is wrong with the real side (a
// build failure, runs that disagree): a problem of the program, not of the
// simulator.
func diffRealRuns(t *testing.T, b *diffBuilder, p diffProgram, runs int) (diffOutcome, error) {
	t.Helper()
	bin, err := b.build(p.name)
	if err != nil {
		return diffOutcome{}, fmt.Errorf("the program does not build on the real toolchain: %v", err)
	}
	var first diffOutcome
	for i := range runs {
		o := diffRunReal(t, bin)
		if i == 0 {
			first = o
			continue
		}
		if reason := diffCompare(first, o); reason != "" {
			return first, fmt.Errorf("real run %d differs from run 1 (%s); the program must have one output at GOMAXPROCS=1:\n%s",
				i+1, reason, diffShow(first, o))
		}
	}
	return first, nil
}

// diffRunReal runs a built program once with GOMAXPROCS=1.
func diffRunReal(t *testing.T, bin string) diffOutcome {
	t.Helper()
	r := run(t, diffRealTimeout, cleanEnv("GOMAXPROCS=1"), bin)
	o := diffOutcome{stdout: r.stdout, stderr1: firstLine(r.stderr), status: r.status, wall: r.wall}
	if o.wall > diffSlowRun {
		t.Logf("the real run took %v; keep programs under ~200 ms", o.wall.Round(time.Millisecond))
	}
	return o
}

// diffSettle runs the program until it has n real outcomes, first among
// them, and returns the most common one (the earliest of equals). varied
// is empty when all n agree, else says how they split.
func diffSettle(t *testing.T, b *diffBuilder, p diffProgram, first diffOutcome, n int) (common diffOutcome, varied string) {
	t.Helper()
	bin, err := b.build(p.name)
	require.NoError(t, err)
	key := func(o diffOutcome) string { return fmt.Sprintf("%d\x00%s\x00%s", o.status, o.stderr1, o.stdout) }
	all := []diffOutcome{first}
	for len(all) < n {
		all = append(all, diffRunReal(t, bin))
	}
	counts := map[string]int{}
	for _, o := range all {
		counts[key(o)]++
	}
	common = first
	for _, o := range all {
		if counts[key(o)] > counts[key(common)] {
			common = o
		}
	}
	if len(counts) == 1 {
		return common, ""
	}
	for _, o := range all {
		if key(o) != key(common) {
			return common, fmt.Sprintf("%d of %d runs printed the expectation; another run: %s",
				counts[key(common)], n, diffCompare(common, o))
		}
	}
	return common, ""
}

// errDiffAbandoned stops a simulation that ran past diffSimTimeout.
var errDiffAbandoned = errors.New("differential: simulation abandoned")

// diffSimulate runs the program in the simulator under a wall-clock guard.
// Past diffSimTimeout the run is reported, and its sink stops it at its
// next event.
func diffSimulate(p diffProgram) diffOutcome {
	var abandon atomic.Bool
	done := make(chan diffOutcome, 1)
	go func() {
		start := time.Now()
		o := diffSimRun(p, &abandon)
		o.wall = time.Since(start)
		done <- o
	}()
	timer := time.NewTimer(diffSimTimeout)
	defer timer.Stop()
	select {
	case o := <-done:
		return o
	case <-timer.C:
		abandon.Store(true)
		return diffOutcome{failure: fmt.Sprintf("the simulation took more than %v of real time", diffSimTimeout)}
	}
}

// diffSimRun loads the program and simulates it with procs=1, the way
// `gmpbook run -procs 1` does: stdout gets every printed line, stderr the
// lines printed to it and then the panic or fatal error that ended the
// run. A panic of the loader or of the simulator is a failure.
func diffSimRun(p diffProgram, abandon *atomic.Bool) (o diffOutcome) {
	defer func() {
		if r := recover(); r != nil {
			if r == errDiffAbandoned {
				o = diffOutcome{failure: "abandoned"}
				return
			}
			o = diffOutcome{failure: "panic in gmpbook: " + firstLine(fmt.Sprint(r)), detail: string(debug.Stack())}
		}
	}()
	c, err := script.Load("main.go", p.src)
	if err != nil {
		return diffOutcome{failure: "load: " + firstLine(err.Error()), detail: err.Error()}
	}
	var over script.Settings
	if err := over.Set("procs", "1"); err != nil {
		return diffOutcome{failure: "settings: " + err.Error()}
	}
	getenv := func(k string) string {
		if k == "GOMAXPROCS" {
			return "1"
		}
		return ""
	}
	cfg, err := c.Scene.Settings.Merge(over).Config(getenv)
	if err != nil {
		return diffOutcome{failure: "config: " + firstLine(err.Error())}
	}
	var stdout strings.Builder
	var stderr []string
	var limitMsg string
	sink := func(e *core.Event) {
		if abandon.Load() {
			panic(errDiffAbandoned)
		}
		switch e.Kind {
		case core.EvLimit:
			limitMsg = e.Text
		case core.EvPrint:
			if e.N == 2 {
				stderr = append(stderr, e.Text)
			} else {
				stdout.WriteString(e.Text)
				stdout.WriteByte('\n')
			}
		}
	}
	sim, err := c.NewSim(cfg, core.WithSink(sink))
	if err != nil {
		return diffOutcome{failure: "new simulator: " + firstLine(err.Error())}
	}
	runErr := sim.Run()
	switch {
	case sim.LimitReached():
		return diffOutcome{failure: fmt.Sprintf("stopped by a limit: %s (at %v of virtual time)", firstLine(limitMsg), sim.Now()),
			stdout: stdout.String()}
	case runErr != nil:
		return diffOutcome{failure: "run: " + firstLine(runErr.Error())}
	case strings.HasPrefix(sim.Deadlock(), "panic: "):
		stderr = append(stderr, sim.Deadlock())
	case sim.Deadlock() != "":
		stderr = append(stderr, "fatal error: "+sim.Deadlock())
	}
	o = diffOutcome{stdout: stdout.String(), status: sim.ExitCode()}
	if len(stderr) > 0 {
		o.stderr1 = firstLine(stderr[0])
	}
	return o
}

// diffCompare returns "" when got matches want, else a one-line reason:
// the simulator's failure, or the first difference in stdout, the exit
// status or the first line of stderr.
func diffCompare(want, got diffOutcome) string {
	if got.failure != "" {
		return diffOneLine(got.failure)
	}
	if want.stdout != got.stdout {
		wl := strings.SplitAfter(want.stdout, "\n")
		gl := strings.SplitAfter(got.stdout, "\n")
		for i := 0; ; i++ {
			w, g := diffLine(wl, i), diffLine(gl, i)
			if w == g {
				continue
			}
			return fmt.Sprintf("stdout differs at line %d: want %s got %s", i+1, diffQuote(w), diffQuote(g))
		}
	}
	if want.status != got.status {
		return fmt.Sprintf("exit status %d, want %d", got.status, want.status)
	}
	if want.stderr1 != got.stderr1 {
		return fmt.Sprintf("stderr's first line: want %s got %s", diffShort(want.stderr1), diffShort(got.stderr1))
	}
	return ""
}

// diffLine is line i of lines split after their newlines ("" past the end).
func diffLine(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

// diffQuote quotes a line for a reason, without its newline (a last line
// that has none says so), shortened; past the last line it is "end of
// output".
func diffQuote(s string) string {
	if s == "" {
		return "end of output"
	}
	s, nl := strings.CutSuffix(s, "\n")
	q := diffShort(s)
	if !nl {
		q += " (no newline)"
	}
	return q
}

// diffShort quotes s, shortened to diffQuoteMax runes.
func diffShort(s string) string {
	if r := []rune(s); len(r) > diffQuoteMax {
		return strconv.Quote(string(r[:diffQuoteMax])) + "…"
	}
	return strconv.Quote(s)
}

// diffOneLine keeps the first line of s, shortened to a readable reason.
func diffOneLine(s string) string {
	s = strings.TrimSpace(firstLine(s))
	if r := []rune(s); len(r) > 160 {
		s = string(r[:160]) + "…"
	}
	return s
}

// diffShow prints both sides of a comparison for the log.
func diffShow(real, sim diffOutcome) string {
	var b strings.Builder
	fmt.Fprintf(&b, "--- real (status %d, %v), stderr: %q\n%s", real.status, real.wall.Round(time.Millisecond), real.stderr1, real.stdout)
	if sim.failure != "" {
		fmt.Fprintf(&b, "--- simulated: %s\n", sim.failure)
		if sim.detail != "" {
			b.WriteString(sim.detail)
			if !strings.HasSuffix(sim.detail, "\n") {
				b.WriteByte('\n')
			}
		}
		return b.String()
	}
	fmt.Fprintf(&b, "--- simulated (status %d), stderr: %q\n%s", sim.status, sim.stderr1, sim.stdout)
	return b.String()
}

// diffReadList reads the known failures: name → reason. The file must be
// sorted, with each name once.
func diffReadList(file string) (map[string]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	known := map[string]string{}
	prev := ""
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, ": ")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, fmt.Errorf("%s:%d: want \"name: reason\", got %q", file, n+1, line)
		}
		if _, dup := known[name]; dup {
			return nil, fmt.Errorf("%s:%d: %s is listed twice", file, n+1, name)
		}
		if name < prev {
			return nil, fmt.Errorf("%s:%d: %s is out of order (the list is sorted by name)", file, n+1, name)
		}
		prev = name
		known[name] = reason
	}
	return known, nil
}

// diffWriteList writes the known failures, sorted by name, under the header.
func diffWriteList(file string, failures map[string]string) error {
	var names []string
	for name := range failures {
		names = append(names, name)
	}
	slices.Sort(names)
	var b strings.Builder
	b.WriteString(diffListHeader)
	b.WriteString("\n")
	for _, name := range names {
		fmt.Fprintf(&b, "%s: %s\n", name, diffOneLine(failures[name]))
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}
