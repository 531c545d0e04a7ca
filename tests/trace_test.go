package tests

// `gmpbook run -trace FILE` writes what the simulator saw as Chrome trace
// event JSON, which Perfetto opens. This test reads such a file back the way
// a viewer would and checks its shape against the event log of the same
// run (-events): a named track for every P and M, a running slice for every
// goroutine that ran, and no two slices overlapping on one track.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chromeTrace is the part of the trace event format this test reads.
type chromeTrace struct {
	TraceEvents []struct {
		Name string          `json:"name"`
		Cat  string          `json:"cat"`
		Ph   string          `json:"ph"`
		Ts   json.Number     `json:"ts"`
		Dur  json.Number     `json:"dur"`
		Pid  int             `json:"pid"`
		Tid  int64           `json:"tid"`
		Args json.RawMessage `json:"args"`
	} `json:"traceEvents"`
	DisplayTimeUnit string `json:"displayTimeUnit"`
}

// micros converts a trace timestamp (decimal microseconds) to nanoseconds
// exactly, without going through a float.
func micros(t *testing.T, n json.Number) int64 {
	t.Helper()
	s := n.String()
	if s == "" {
		return 0
	}
	whole, frac, _ := strings.Cut(s, ".")
	require.LessOrEqual(t, len(frac), 3, "timestamp %s is finer than a nanosecond", s)
	w, err := strconv.ParseInt(whole, 10, 64)
	require.NoError(t, err, "timestamp %s", s)
	f := int64(0)
	if frac != "" {
		f, err = strconv.ParseInt(frac+strings.Repeat("0", 3-len(frac)), 10, 64)
		require.NoError(t, err, "timestamp %s", s)
	}
	return w*1000 + f
}

var goStartEvent = regexp.MustCompile(`^\d+ GoStart g=(\d+) `)

// TestTraceJSON checks the trace of every scene in testdata/trace: the
// work-stealing scene the notebook opens with (steal.go), and scenes with
// system calls, the netpoller, preemption, GOMAXPROCS changes and a locked
// thread, which draw the other kinds of slices.
func TestTraceJSON(t *testing.T) {
	gmp := gmpbookBin(t)
	paths, err := filepath.Glob(filepath.Join("testdata", "trace", "*.go"))
	require.NoError(t, err)
	require.Contains(t, paths, filepath.Join("testdata", "trace", "steal.go"))
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".go")
		t.Run(name, func(t *testing.T) { checkTrace(t, gmp, p, name == "steal") })
	}
}

// checkTrace runs scene with -trace and -events and checks the trace;
// steal says the scene must make a P steal.
func checkTrace(t *testing.T, gmp, scene string, steal bool) {
	dir := t.TempDir()
	tracePath, eventsPath := filepath.Join(dir, "x.json"), filepath.Join(dir, "events.txt")
	r := run(t, 30*time.Second, cleanEnv(), gmp, "run", "-trace", tracePath, "-events", eventsPath, scene)
	require.Equal(t, 0, r.status, "%s", r)

	data, err := os.ReadFile(tracePath)
	require.NoError(t, err)
	require.True(t, json.Valid(data), "the trace is not valid JSON")
	var tr chromeTrace
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	require.NoError(t, dec.Decode(&tr))
	require.NotEmpty(t, tr.TraceEvents)

	// The goroutines that ran, from the event log of the same run.
	evs, err := os.ReadFile(eventsPath)
	require.NoError(t, err)
	ran := map[int64]bool{}
	steals := 0
	for _, l := range lines(string(evs)) {
		if m := goStartEvent.FindStringSubmatch(l); m != nil {
			g, _ := strconv.ParseInt(m[1], 10, 64)
			ran[g] = true
		}
		if strings.Contains(l, " ProcSteal ") {
			steals++
		}
	}
	if steal {
		require.Greater(t, steals, 0, "the scene should make a P steal; event log:\n%s", evs)
		require.GreaterOrEqual(t, len(ran), 9, "main and eight workers should run")
	}

	// Metadata names a track for every P and every M.
	names := map[int]map[int64]string{1: {}, 2: {}}
	type track struct {
		pid int
		tid int64
	}
	type slice struct{ start, end int64 }
	slicesOn := map[track][]slice{}
	sliceOf := map[int64]bool{}
	instants := 0
	for _, e := range tr.TraceEvents {
		var args map[string]any
		if len(e.Args) > 0 {
			require.NoError(t, json.Unmarshal(e.Args, &args), "args of %s", e.Name)
		}
		switch e.Ph {
		case "M":
			if e.Name == "thread_name" {
				require.Contains(t, names, e.Pid, "thread_name for an unknown process")
				names[e.Pid][e.Tid], _ = args["name"].(string)
			}
		case "X":
			start := micros(t, e.Ts)
			dur := micros(t, e.Dur)
			require.GreaterOrEqual(t, dur, int64(0), "slice %s has a negative duration", e.Name)
			slicesOn[track{e.Pid, e.Tid}] = append(slicesOn[track{e.Pid, e.Tid}], slice{start, start + dur})
			if e.Cat == "running" {
				g, err := strconv.ParseInt(strings.TrimPrefix(e.Name, "G"), 10, 64)
				require.NoError(t, err, "a running slice is named after its G: %q", e.Name)
				if goid, ok := args["goid"].(float64); ok {
					assert.Equal(t, float64(g), goid, "slice %s has goid %v", e.Name, goid)
				}
				sliceOf[g] = true
			}
		case "i":
			instants++
		}
	}
	for tid, name := range names[1] {
		assert.Equal(t, "P"+strconv.FormatInt(tid, 10), name, "P track %d", tid)
	}
	for tid, name := range names[2] {
		assert.True(t, strings.HasPrefix(name, "M"+strconv.FormatInt(tid, 10)), "M track %d is named %q", tid, name)
	}
	assert.Contains(t, names[1], int64(0), "a track for P0")
	assert.Contains(t, names[1], int64(1), "a track for P1 (procs ≥ 2)")
	assert.GreaterOrEqual(t, len(names[2]), 2, "tracks for the Ms")
	for tr := range slicesOn {
		assert.Contains(t, names[tr.pid], tr.tid, "a slice on track %d/%d, which has no thread_name", tr.pid, tr.tid)
	}

	// A running slice for every goroutine that ran.
	for g := range ran {
		assert.True(t, sliceOf[g], "G%d ran but has no running slice", g)
	}
	assert.Greater(t, instants, 0, "instants (steals, prints, …)")

	// Slices on one track never overlap.
	for tr, ss := range slicesOn {
		slices.SortFunc(ss, func(a, b slice) int {
			if a.start != b.start {
				return int(a.start - b.start)
			}
			return int(a.end - b.end)
		})
		for i := 1; i < len(ss); i++ {
			assert.LessOrEqual(t, ss[i-1].end, ss[i].start, "track pid=%d tid=%d: slice [%d, %d] overlaps [%d, %d]",
				tr.pid, tr.tid, ss[i-1].start, ss[i-1].end, ss[i].start, ss[i].end)
		}
	}
	t.Logf("%d trace events, %d goroutines ran, %d steals, %d P and %d M tracks",
		len(tr.TraceEvents), len(ran), steals, len(names[1]), len(names[2]))
}
