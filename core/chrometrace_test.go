package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// ctScenario is a small program whose trace the tests below inspect.
type ctScenario struct {
	name  string
	procs int
	prog  func() Program  // a fresh Program per run: op lists keep state
	ver   func() Features // nil: Go 1.26
}

func ctSpawnThenSleep(n int, work, sleep Duration) func() Program {
	return func() Program {
		var ops []Op
		for i := 0; i < n; i++ {
			ops = append(ops, Go("w"+strconv.Itoa(i), Compute(work)))
		}
		ops = append(ops, Op{Kind: OpSleep, D: sleep})
		return Ops(ops...)
	}
}

var (
	ctBasic = ctScenario{name: "basic", procs: 2, prog: func() Program {
		return Ops(Go("w", Compute(3*Millisecond)), Compute(5*Millisecond))
	}}
	ctSyscall = ctScenario{name: "syscall", procs: 2, prog: func() Program {
		return Ops(Go("w", Compute(3*Millisecond)), Op{Kind: OpSyscall, D: 20 * Millisecond}, Compute(Millisecond))
	}}
	ctSteal   = ctScenario{name: "steal", procs: 2, prog: ctSpawnThenSleep(8, 2*Millisecond, 20*Millisecond)}
	ctPreempt = ctScenario{name: "preempt", procs: 1, prog: func() Program {
		return Ops(Go("spinner", Spin(25*Millisecond)), Spin(25*Millisecond))
	}}
	ctPrint = ctScenario{name: "print", procs: 2, prog: func() Program {
		return Ops(Println("hello, gmp"), Print("no write"), Compute(Millisecond))
	}}
	ctOverflow = ctScenario{name: "overflow", procs: 1, prog: func() Program {
		return Ops(Loop(300, Go("w", Compute(10*Microsecond))), Compute(Millisecond))
	}}
	ctNetpoll = ctScenario{name: "netpoll", procs: 2, prog: func() Program {
		return Ops(Go("reader", Op{Kind: OpNetRead, D: 2 * Millisecond}, Compute(Millisecond)),
			Op{Kind: OpSleep, D: 5 * Millisecond})
	}}
	ctGosched = ctScenario{name: "gosched", procs: 2, prog: func() Program {
		return Ops(Go("y", Loop(20, Compute(50*Microsecond), Op{Kind: OpGosched})),
			Loop(20, Compute(50*Microsecond), Op{Kind: OpGosched}))
	}}
	ctShrink = ctScenario{name: "gomaxprocs", procs: 4, prog: func() Program {
		var ops []Op
		for i := 0; i < 40; i++ {
			ops = append(ops, Go("w", Compute(300*Microsecond), Go("v", Compute(200*Microsecond))))
		}
		ops = append(ops, Compute(100*Microsecond), Op{Kind: OpGOMAXPROCS, N: 1}, Compute(Millisecond),
			Op{Kind: OpGOMAXPROCS, N: 3}, Op{Kind: OpSleep, D: 20 * Millisecond})
		return Ops(ops...)
	}}
	ctSyscall125 = ctScenario{name: "syscall-go1.25", procs: 2, prog: ctSyscall.prog, ver: Go125}
	ctPreempt113 = ctScenario{name: "preempt-go1.13", procs: 2, prog: ctPreempt.prog, ver: Go113}
	ctScenarios  = []ctScenario{ctBasic, ctSyscall, ctSteal, ctPreempt, ctPrint, ctOverflow, ctNetpoll, ctGosched,
		ctShrink, ctSyscall125, ctPreempt113}
)

// config is the scenario's configuration with a time limit, so that a
// scenario which never ends still gives a trace.
func (sc ctScenario) config() Config {
	cfg := DefaultConfig(sc.procs)
	if sc.ver != nil {
		cfg.Version = sc.ver()
	}
	cfg.Limits.MaxTime = Time(200 * Millisecond)
	return cfg
}

// ctRun runs a scenario with invariants on.
func ctRun(t *testing.T, sc ctScenario, opts ...Option) *Sim {
	t.Helper()
	s, err := New(sc.config(), sc.prog(), append([]Option{WithInvariants()}, opts...)...)
	require.NoError(t, err)
	err = s.Run()
	if err != nil && err != ErrLimit {
		t.Fatalf("%s: run: %v", sc.name, err)
	}
	return s
}

// ctTrace is the parsed form of ChromeTrace's output.
type ctTrace struct {
	TraceEvents     []ctEvent      `json:"traceEvents"`
	DisplayTimeUnit string         `json:"displayTimeUnit"`
	OtherData       map[string]any `json:"otherData"`
}

type ctEvent struct {
	Name  string         `json:"name"`
	Cat   string         `json:"cat"`
	Ph    string         `json:"ph"`
	Ts    json.Number    `json:"ts"`
	Dur   *json.Number   `json:"dur"`
	Pid   int            `json:"pid"`
	Tid   int64          `json:"tid"`
	S     string         `json:"s"`
	Cname string         `json:"cname"`
	Args  map[string]any `json:"args"`
}

// ctNs converts exact decimal microseconds back to nanoseconds.
func ctNs(t *testing.T, n json.Number) int64 {
	t.Helper()
	s := string(n)
	whole, frac, _ := strings.Cut(s, ".")
	require.LessOrEqual(t, len(frac), 3, "ts %q has more than nanosecond precision", s)
	for len(frac) < 3 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	require.NoError(t, err, "ts %q", s)
	f, err := strconv.ParseInt(frac, 10, 64)
	require.NoError(t, err, "ts %q", s)
	if strings.HasPrefix(whole, "-") {
		return w*1000 - f
	}
	return w*1000 + f
}

func ctExport(t *testing.T, s *Sim) ([]byte, ctTrace) {
	t.Helper()
	raw, err := ChromeTrace(s.Events())
	require.NoError(t, err)
	var tr ctTrace
	require.NoError(t, json.Unmarshal(raw, &tr), "the trace is not valid JSON")
	return raw, tr
}

func (tr ctTrace) slices() []ctEvent {
	var out []ctEvent
	for _, e := range tr.TraceEvents {
		if e.Ph == "X" {
			out = append(out, e)
		}
	}
	return out
}

// threadNames maps (pid, tid) to the thread_name metadata.
func (tr ctTrace) threadNames() map[[2]int64]string {
	names := map[[2]int64]string{}
	for _, e := range tr.TraceEvents {
		if e.Ph == "M" && e.Name == "thread_name" {
			names[[2]int64{int64(e.Pid), e.Tid}] = e.Args["name"].(string)
		}
	}
	return names
}

func ctEnd(s *Sim) int64 {
	evs := s.Events()
	return int64(evs[len(evs)-1].T)
}

func ctForEachScenario(t *testing.T, f func(t *testing.T, s *Sim, tr ctTrace)) {
	for _, sc := range ctScenarios {
		t.Run(sc.name, func(t *testing.T) {
			s := ctRun(t, sc)
			_, tr := ctExport(t, s)
			f(t, s, tr)
		})
	}
}

func TestChromeTraceIsValidJSONWithTraceEvents(t *testing.T) {
	ctForEachScenario(t, func(t *testing.T, s *Sim, tr ctTrace) {
		require.NotEmpty(t, tr.TraceEvents)
		require.Equal(t, "ns", tr.DisplayTimeUnit)
		require.Equal(t, strconv.FormatInt(ctEnd(s), 10), tr.OtherData["end_ns"])
		for _, e := range tr.TraceEvents {
			require.Contains(t, []string{"M", "X", "i", "C"}, e.Ph, "event %+v", e)
			require.Contains(t, []int{tracePidProcs, tracePidThreads}, e.Pid, "event %+v", e)
		}
	})
}

func TestChromeTraceNamesATrackForEveryPAndM(t *testing.T) {
	ctForEachScenario(t, func(t *testing.T, s *Sim, tr ctTrace) {
		names := tr.threadNames()
		for p := 0; p < s.Config().Procs; p++ {
			require.Equal(t, "P"+strconv.Itoa(p), names[[2]int64{tracePidProcs, int64(p)}], "P%d has no track name", p)
		}
		sysmon := map[int32]bool{}
		for _, e := range s.Events() {
			if e.Kind == EvSysmonWake {
				sysmon[e.M] = true
			}
		}
		for _, e := range s.Events() {
			if e.M < 0 {
				continue
			}
			want := "M" + strconv.Itoa(int(e.M))
			if sysmon[e.M] {
				want += " (sysmon)"
			}
			require.Equal(t, want, names[[2]int64{tracePidThreads, int64(e.M)}], "M%d (from %s)", e.M, e.String())
		}
		// Every slice and instant sits on a named track.
		for _, e := range tr.TraceEvents {
			if e.Ph == "X" || (e.Ph == "i" && e.S == "t") {
				_, ok := names[[2]int64{int64(e.Pid), e.Tid}]
				require.True(t, ok, "event on an unnamed track: %+v", e)
			}
		}
	})
}

func TestChromeTraceLabelsTheSysmonThread(t *testing.T) {
	s := ctRun(t, ctBasic)
	_, tr := ctExport(t, s)
	var n int
	for _, name := range tr.threadNames() {
		if strings.HasSuffix(name, " (sysmon)") {
			n++
		}
	}
	require.Equal(t, 1, n, "exactly one M is sysmon's")
}

func TestChromeTraceSlicesLieWithinTheRun(t *testing.T) {
	ctForEachScenario(t, func(t *testing.T, s *Sim, tr ctTrace) {
		end := ctEnd(s)
		sl := tr.slices()
		require.NotEmpty(t, sl)
		for _, e := range sl {
			require.NotNil(t, e.Dur, "slice without dur: %+v", e)
			ts, dur := ctNs(t, e.Ts), ctNs(t, *e.Dur)
			require.GreaterOrEqual(t, dur, int64(0), "%+v", e)
			require.GreaterOrEqual(t, ts, int64(0), "%+v", e)
			require.LessOrEqual(t, ts+dur, end, "%+v", e)
		}
		for _, e := range tr.TraceEvents {
			if e.Ph == "i" || e.Ph == "C" {
				ts := ctNs(t, e.Ts)
				require.True(t, ts >= 0 && ts <= end, "%+v", e)
			}
		}
	})
}

func TestChromeTraceSlicesDoNotOverlapPerTrack(t *testing.T) {
	ctForEachScenario(t, func(t *testing.T, s *Sim, tr ctTrace) {
		type span struct {
			start, end int64
			name       string
		}
		tracks := map[[2]int64][]span{}
		for _, e := range tr.slices() {
			k := [2]int64{int64(e.Pid), e.Tid}
			ts := ctNs(t, e.Ts)
			tracks[k] = append(tracks[k], span{ts, ts + ctNs(t, *e.Dur), e.Name})
		}
		for k, spans := range tracks {
			slices.SortStableFunc(spans, func(a, b span) int { return int(a.start - b.start) })
			for i := 1; i < len(spans); i++ {
				require.LessOrEqual(t, spans[i-1].end, spans[i].start,
					"track pid=%d tid=%d: %+v overlaps %+v", k[0], k[1], spans[i-1], spans[i])
			}
		}
	})
}

func TestChromeTraceEveryGThatRanHasSlicesOnItsPAndM(t *testing.T) {
	ctForEachScenario(t, func(t *testing.T, s *Sim, tr ctTrace) {
		type key struct {
			pid int
			g   int64
		}
		have := map[key]bool{}
		for _, e := range tr.slices() {
			if e.Cat != traceStyles[tsRunning].label {
				continue
			}
			g := int64(e.Args["goid"].(float64))
			require.Equal(t, "G"+strconv.FormatInt(g, 10), e.Name)
			for _, k := range []string{"why", "schedtick", "inherit", "end"} {
				require.Contains(t, e.Args, k, "%+v", e)
			}
			have[key{e.Pid, g}] = true
		}
		for _, e := range s.Events() {
			if e.Kind == EvGoStart {
				require.True(t, have[key{tracePidProcs, e.G}], "G%d ran but has no slice on a P track", e.G)
				require.True(t, have[key{tracePidThreads, e.G}], "G%d ran but has no slice on an M track", e.G)
			}
		}
	})
}

func TestChromeTraceRunningSliceStartsAtGoStartWithItsReason(t *testing.T) {
	s := ctRun(t, ctSteal)
	_, tr := ctExport(t, s)
	type key struct {
		ts  int64
		tid int64
		g   int64
	}
	starts := map[key]ctEvent{}
	for _, e := range tr.slices() {
		if e.Pid == tracePidProcs && e.Cat == "running" {
			starts[key{ctNs(t, e.Ts), e.Tid, int64(e.Args["goid"].(float64))}] = e
		}
	}
	n := 0
	for _, e := range s.Events() {
		if e.Kind != EvGoStart {
			continue
		}
		sl, ok := starts[key{int64(e.T), int64(e.P), e.G}]
		require.True(t, ok, "no slice for %s", e.String())
		require.Equal(t, e.Why.String(), sl.Args["why"])
		require.Equal(t, float64(e.N), sl.Args["schedtick"])
		require.Equal(t, e.Flag, sl.Args["inherit"])
		n++
	}
	require.Positive(t, n)
}

func TestChromeTraceShowsASyscallSliceOnTheMTrack(t *testing.T) {
	s := ctRun(t, ctSyscall)
	_, tr := ctExport(t, s)
	var enter, exit *Event
	for i, e := range s.Events() {
		if e.Kind == EvGoSysCall && e.N == 20*Millisecond {
			enter = &s.Events()[i]
		}
		if enter != nil && exit == nil && e.Kind == EvGoSysExit && e.G == enter.G {
			exit = &s.Events()[i]
		}
	}
	require.NotNil(t, enter)
	require.NotNil(t, exit)
	found := false
	for _, e := range tr.slices() {
		if e.Cat == "syscall" && e.Pid == tracePidThreads && e.Tid == int64(enter.M) &&
			ctNs(t, e.Ts) == int64(enter.T) {
			require.Equal(t, fmt.Sprintf("syscall G%d", enter.G), e.Name)
			require.Equal(t, traceStyles[tsSyscall].cname, e.Cname)
			require.Equal(t, int64(exit.T-enter.T), ctNs(t, *e.Dur))
			require.Equal(t, "GoSysExit", e.Args["end"])
			found = true
		}
	}
	require.True(t, found, "no syscall slice on M%d", enter.M)
	// In 1.26 the P stays with the M during the call until sysmon retakes it.
	held := false
	for _, e := range tr.slices() {
		if e.Cat == "syscall" && e.Pid == tracePidProcs && e.Tid == int64(enter.P) && ctNs(t, e.Ts) == int64(enter.T) {
			require.Equal(t, "ProcRetake", e.Args["end"])
			held = true
		}
	}
	require.True(t, held, "no syscall slice on P%d while the call holds it", enter.P)
	// sysmon took the P during the 20ms call.
	retakes := 0
	for _, e := range tr.TraceEvents {
		if e.Ph == "i" && strings.HasPrefix(e.Name, "retake ") {
			retakes++
		}
	}
	require.Positive(t, retakes, "no retake instant")
}

func TestChromeTraceShowsStealsOnTheThiefsTrack(t *testing.T) {
	s := ctRun(t, ctSteal)
	_, tr := ctExport(t, s)
	var steals []Event
	for _, e := range s.Events() {
		if e.Kind == EvSteal {
			steals = append(steals, e)
		}
	}
	require.NotEmpty(t, steals, "the scenario steals")
	var instants []ctEvent
	for _, e := range tr.TraceEvents {
		if e.Ph == "i" && strings.HasPrefix(e.Name, "steal ") {
			instants = append(instants, e)
		}
	}
	require.Len(t, instants, len(steals))
	for i, st := range steals {
		in := instants[i]
		require.Equal(t, tracePidProcs, in.Pid)
		require.Equal(t, int64(st.P), in.Tid, "a steal shows on the thief's P")
		require.Equal(t, "t", in.S)
		require.Equal(t, int64(st.T), ctNs(t, in.Ts))
		require.Equal(t, float64(st.N), in.Args["n"])
		require.Equal(t, float64(st.P2), in.Args["victim"])
	}
}

func TestChromeTraceMarksPreemptions(t *testing.T) {
	s := ctRun(t, ctPreempt)
	_, tr := ctExport(t, s)
	var reqs, preempts int
	for _, e := range s.Events() {
		switch e.Kind {
		case EvPreemptReq:
			reqs++
		case EvGoPreempt:
			preempts++
		}
	}
	require.Positive(t, preempts, "two spinning Gs on one P get preempted")
	var gotReqs, gotPreempts, endedByPreempt int
	for _, e := range tr.TraceEvents {
		switch {
		case e.Ph == "i" && strings.HasPrefix(e.Name, "preempt request "):
			gotReqs++
		case e.Ph == "i" && strings.HasPrefix(e.Name, "preempted "):
			gotPreempts++
		case e.Ph == "X" && e.Pid == tracePidProcs && e.Args["end"] == "GoPreempt":
			endedByPreempt++
		}
	}
	require.Equal(t, reqs, gotReqs)
	require.Equal(t, preempts, gotPreempts)
	require.Equal(t, preempts, endedByPreempt)
}

func TestChromeTraceShowsPrintsAsInstantsWithTheirText(t *testing.T) {
	s := ctRun(t, ctPrint)
	_, tr := ctExport(t, s)
	var texts []string
	for _, e := range tr.TraceEvents {
		if e.Ph == "i" && e.Name == "print" {
			texts = append(texts, e.Args["text"].(string))
		}
	}
	require.Equal(t, []string{"hello, gmp", "no write"}, texts)
}

func TestChromeTraceShowsSpinningAndNetpollOnMTracks(t *testing.T) {
	s := ctRun(t, ctNetpoll)
	_, tr := ctExport(t, s)
	seen := map[string]bool{}
	for _, e := range tr.slices() {
		if e.Cat == "spinning" || e.Cat == "netpoll" {
			require.Equal(t, tracePidThreads, e.Pid, "%+v", e)
			require.Equal(t, e.Cat, e.Name)
			seen[e.Cat] = true
		}
	}
	require.True(t, seen["spinning"], "no spinning slice")
	require.True(t, seen["netpoll"], "no netpoll slice")
}

func TestChromeTraceUsesOnlyColoursFromItsTable(t *testing.T) {
	// The names chrome://tracing reserves for cname.
	reserved := []string{"thread_state_uninterruptible", "thread_state_iowait", "thread_state_running",
		"thread_state_runnable", "thread_state_sleeping", "thread_state_unknown", "background_memory_dump",
		"light_memory_dump", "detailed_memory_dump", "vsync_highlight_color", "generic_work", "good", "bad",
		"terrible", "black", "grey", "white", "yellow", "olive", "rail_response", "rail_animation", "rail_idle",
		"rail_load", "startup", "heap_dump_stack_frame", "heap_dump_object_type", "heap_dump_child_node_arrow",
		"cq_build_running", "cq_build_passed", "cq_build_failed", "cq_build_abandoned",
		"cq_build_attempt_runnig", "cq_build_attempt_passed", "cq_build_attempt_failed"}
	table := map[string]string{} // cname → label
	for st, style := range traceStyles {
		require.NotEmpty(t, style.label, "state %d has no label", st)
		require.Contains(t, reserved, style.cname, "state %s", style.label)
		table[style.cname] = style.label
	}
	ctForEachScenario(t, func(t *testing.T, s *Sim, tr ctTrace) {
		for _, e := range tr.TraceEvents {
			if e.Cname == "" {
				require.NotEqual(t, "X", e.Ph, "slice without a colour: %+v", e)
				continue
			}
			label, ok := table[e.Cname]
			require.True(t, ok, "colour %q is not in the table", e.Cname)
			require.Equal(t, label, e.Cat, "a slice's colour follows its state: %+v", e)
		}
	})
}

func TestChromeTraceIsDeterministic(t *testing.T) {
	for _, sc := range []ctScenario{ctSteal, ctSyscall, ctShrink} {
		a, _ := ctExport(t, ctRun(t, sc))
		b, _ := ctExport(t, ctRun(t, sc))
		require.True(t, bytes.Equal(a, b), "%s: two identical runs give different traces", sc.name)
	}
}

func TestChromeTraceClosesOpenSlicesWhenALimitEndsTheRun(t *testing.T) {
	cfg := DefaultConfig(2)
	cfg.Limits.MaxTime = Time(2 * Millisecond)
	s, err := New(cfg, Ops(Go("w", Spin(10*Millisecond)), Spin(10*Millisecond)), WithInvariants())
	require.NoError(t, err)
	require.ErrorIs(t, s.Run(), ErrLimit)
	_, tr := ctExport(t, s)
	limited := 0
	for _, e := range tr.slices() {
		require.LessOrEqual(t, ctNs(t, e.Ts)+ctNs(t, *e.Dur), int64(cfg.Limits.MaxTime))
		if e.Args["end"] == "Limit" {
			limited++
			require.Equal(t, int64(cfg.Limits.MaxTime), ctNs(t, e.Ts)+ctNs(t, *e.Dur))
		}
	}
	// Both spinning Gs were cut off, each on its P and its M.
	require.Equal(t, 4, limited)
}

// TestChromeTraceGlobalRunqCounterFollowsTheQueue feeds the exporter one
// event at a time and compares its count with the real queue at every event.
func TestChromeTraceGlobalRunqCounterFollowsTheQueue(t *testing.T) {
	for _, sc := range ctScenarios {
		t.Run(sc.name, func(t *testing.T) {
			x := newTraceExporter()
			var s *Sim
			var kinds [evKindCount]int
			var headPuts int
			var bad string
			sink := func(e *Event) {
				if err := x.event(e); err != nil && bad == "" {
					bad = err.Error()
				}
				kinds[e.Kind]++
				if e.Kind == EvGlobalPut && e.Why == DestGlobalHead {
					headPuts++
				}
				if s != nil && bad == "" && x.globalLen != int64(s.sched.runq.size) {
					bad = fmt.Sprintf("after %s: counter %d, global queue %d", e.String(), x.globalLen, s.sched.runq.size)
				}
			}
			var err error
			s, err = New(sc.config(), sc.prog(), WithSink(sink))
			require.NoError(t, err)
			if err := s.Run(); err != nil && err != ErrLimit {
				t.Fatal(err)
			}
			require.Empty(t, bad)
			switch sc.name {
			case "overflow":
				require.Positive(t, kinds[EvRunqOverflow], "the scenario overflows a local queue")
			case "gomaxprocs":
				require.Positive(t, headPuts, "the scenario destroys Ps with queued Gs")
			}
		})
	}
}

func TestChromeTraceLastCounterSampleIsTheGlobalQueueLength(t *testing.T) {
	for _, sc := range []ctScenario{ctOverflow, ctShrink, ctGosched} {
		s, err := New(sc.config(), sc.prog(), WithInvariants())
		require.NoError(t, err)
		// Stop part-way so that the queue is not empty.
		for i := 0; i < 4000 && s.Step(); i++ {
		}
		_, tr := ctExport(t, s)
		last := -1.0
		for _, e := range tr.TraceEvents {
			if e.Ph == "C" {
				v := e.Args["Gs"].(float64)
				require.GreaterOrEqual(t, v, 0.0)
				last = v
			}
		}
		require.Equal(t, float64(s.sched.runq.size), last, sc.name)
	}
}

func TestChromeTraceWritesMicrosecondsWithNanosecondPrecision(t *testing.T) {
	for ns, want := range map[int64]string{0: "0", 1: "0.001", 999: "0.999", 1000: "1", 15230: "15.23",
		1000001: "1000.001", 600 * Second: "600000000", -1500: "-1.5"} {
		require.Equal(t, want, string(traceMicros(ns)), "%dns", ns)
	}
}

func TestChromeTraceRejectsEventsGoingBackInTime(t *testing.T) {
	a, b := ev(EvGoCreate), ev(EvGoCreate)
	a.T, b.T = 10, 5
	_, err := ChromeTrace([]Event{a, b})
	require.Error(t, err)
}

func TestChromeTraceOfNoEventsIsAnEmptyValidTrace(t *testing.T) {
	raw, err := ChromeTrace(nil)
	require.NoError(t, err)
	var tr ctTrace
	require.NoError(t, json.Unmarshal(raw, &tr))
	require.Empty(t, tr.slices())
}

// ctSpan is a slice reduced to what the hand-written logs below check.
type ctSpan struct {
	Name       string
	Start, End int64
	Why        string // the end reason
}

func ctSpans(t *testing.T, evs []Event) map[string][]ctSpan {
	t.Helper()
	raw, err := ChromeTrace(evs)
	require.NoError(t, err)
	var tr ctTrace
	require.NoError(t, json.Unmarshal(raw, &tr))
	names := tr.threadNames()
	out := map[string][]ctSpan{}
	for _, e := range tr.slices() {
		ts := ctNs(t, e.Ts)
		track := names[[2]int64{int64(e.Pid), e.Tid}]
		out[track] = append(out[track], ctSpan{e.Name, ts, ts + ctNs(t, *e.Dur), e.Args["end"].(string)})
	}
	return out
}

// ctLog builds a log by hand: each entry sets the fields it needs on an
// event whose ids default to none.
func ctLog(entries ...func(*Event)) []Event {
	var evs []Event
	for i, f := range entries {
		e := ev(EvNone)
		f(&e)
		e.Seq = int64(i + 1)
		evs = append(evs, e)
	}
	return evs
}

func ctE(t Time, k EvKind, g int64, m, p int32, set ...func(*Event)) func(*Event) {
	return func(e *Event) {
		e.T, e.Kind, e.G, e.M, e.P = t, k, g, m, p
		for _, f := range set {
			f(e)
		}
	}
}

func TestChromeTraceEndsASyscallHoldWhenAnotherMTakesTheP(t *testing.T) {
	// ≤1.25: G1's syscall leaves P0 in _Psyscall; M1 takes it and runs G2.
	spans := ctSpans(t, ctLog(
		ctE(0, EvProcAcquire, 0, 0, 0),
		ctE(0, EvGoStart, 1, 0, 0, func(e *Event) { e.Why = SrcLocal }),
		ctE(10, EvGoSysCall, 1, 0, 0, func(e *Event) { e.N = 100 }),
		ctE(10, EvProcStatus, 0, -1, 0, func(e *Event) { e.N = int64(Psyscall) }),
		ctE(20, EvProcAcquire, 0, 1, 0),
		ctE(20, EvGoStart, 2, 1, 0, func(e *Event) { e.Why = SrcLocal }),
		ctE(110, EvGoSysExit, 1, 0, -1, func(e *Event) { e.Why = ExitNoP }),
		ctE(120, EvExit, 0, -1, -1),
	))
	require.Equal(t, []ctSpan{{"G1", 0, 10, "GoSysCall"}, {"syscall G1", 10, 20, "ProcAcquire"}, {"G2", 20, 120, "Exit"}}, spans["P0"])
	require.Equal(t, []ctSpan{{"G1", 0, 10, "GoSysCall"}, {"syscall G1", 10, 110, "GoSysExit"}}, spans["M0"])
	require.Equal(t, []ctSpan{{"G2", 20, 120, "Exit"}}, spans["M1"])
}

func TestChromeTraceMovesARunningGWhenItsMChangesP(t *testing.T) {
	// A stop-the-world caller whose P is destroyed goes on running on P0.
	spans := ctSpans(t, ctLog(
		ctE(0, EvProcAcquire, 0, 0, 3),
		ctE(0, EvGoStart, 1, 0, 3, func(e *Event) { e.Why = SrcLocal; e.N = 5 }),
		ctE(50, EvProcDestroy, 0, -1, 3),
		ctE(50, EvProcAcquire, 0, 0, 0),
		ctE(80, EvGoBlock, 1, 0, 0, func(e *Event) { e.Wait = WaitChanReceive }),
	))
	require.Equal(t, []ctSpan{{"G1", 0, 50, "ProcDestroy"}}, spans["P3"])
	require.Equal(t, []ctSpan{{"G1", 50, 80, "GoBlock"}}, spans["P0"])
	require.Equal(t, []ctSpan{{"G1", 0, 80, "GoBlock"}}, spans["M0"])
}

func TestChromeTraceClosesWhatIsOpenAtTheEndOfATruncatedLog(t *testing.T) {
	spans := ctSpans(t, ctLog(
		ctE(0, EvProcAcquire, 0, 0, 0),
		ctE(0, EvGoStart, 1, 0, 0),
		ctE(5, EvMSpin, 0, 1, 1),
		ctE(30, EvMNetpoll, 0, 2, -1),
		ctE(40, EvGoCreate, 2, 0, 0),
	))
	require.Equal(t, []ctSpan{{"G1", 0, 40, "end of log"}}, spans["P0"])
	require.Equal(t, []ctSpan{{"spinning", 5, 40, "end of log"}}, spans["M1"])
	require.Equal(t, []ctSpan{{"netpoll", 30, 40, "end of log"}}, spans["M2"])
}
