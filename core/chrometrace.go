package core

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// This file turns an event log into the Chrome trace event format, which
// Perfetto and chrome://tracing open. It reads nothing but the events, never
// the Sim, so a log recorded by a Sim and the same events collected through a
// sink give the same trace. Each P and each M gets a track; a running G is a
// slice on the track of its P and on the track of its M.

// traceState is what a slice on a P or M track shows. Slices are coloured by
// it, so a state has the same colour on every track.
type traceState uint8

const (
	tsRunning  traceState = iota // a G runs Go code
	tsSyscall                    // a G is in a system call on its M
	tsSpinning                   // an M without work looks for some
	tsNetpoll                    // an M without a P blocks in netpoll
	tsCount
)

// traceStyles is the one table from a slice's state to its label (the slice
// category) and its colour. Colours are the names the trace viewer reserves
// for cname; any other name is ignored by the viewer.
var traceStyles = [tsCount]struct {
	label string
	cname string
}{
	tsRunning:  {"running", "thread_state_running"},
	tsSyscall:  {"syscall", "thread_state_iowait"},
	tsSpinning: {"spinning", "thread_state_runnable"},
	tsNetpoll:  {"netpoll", "thread_state_sleeping"},
}

// Process ids of the two groups of tracks.
const (
	tracePidProcs   = 1
	tracePidThreads = 2
)

// traceMaxID bounds P and M ids so that a corrupt log cannot make the
// exporter allocate without limit.
const traceMaxID = 1 << 20

// ChromeTrace renders events as Chrome trace event JSON: one track per P
// ("Processors") and one per M ("Threads"), slices for running Gs, system
// calls, spinning and netpoll, instants for steals, preemptions, retakes and
// prints, and a counter for the length of the global run queue. Times are
// microseconds with nanosecond precision. The output depends only on events
// and is byte-identical for identical logs.
func ChromeTrace(events []Event) ([]byte, error) {
	x := newTraceExporter()
	for i := range events {
		if err := x.event(&events[i]); err != nil {
			return nil, err
		}
	}
	x.closeAll(x.end, "end of log", "")
	return x.encode()
}

// traceArg is one entry of a trace event's args.
type traceArg struct {
	key string
	val any
}

// traceArgs keeps args in the order they were added, so that the JSON is
// stable and reads goid first.
type traceArgs []traceArg

// MarshalJSON writes the args as an object in their order.
func (a traceArgs) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(kv.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(kv.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// traceEvent is one entry of traceEvents. Ts and Dur are decimal
// microseconds written exactly (see traceMicros).
type traceEvent struct {
	Name  string      `json:"name"`
	Cat   string      `json:"cat,omitempty"`
	Ph    string      `json:"ph"`
	Ts    json.Number `json:"ts"`
	Dur   json.Number `json:"dur,omitempty"`
	Pid   int         `json:"pid"`
	Tid   int64       `json:"tid"`
	S     string      `json:"s,omitempty"`
	Cname string      `json:"cname,omitempty"`
	Args  traceArgs   `json:"args,omitempty"`

	t   Time // start, for ordering
	ord int  // creation order, for ordering
}

// traceMicros formats a virtual time in nanoseconds as exact decimal
// microseconds: 15230 → "15.23".
func traceMicros(ns int64) json.Number {
	neg := ns < 0
	if neg {
		ns = -ns
	}
	s := strconv.FormatInt(ns/1000, 10)
	if frac := ns % 1000; frac != 0 {
		f := strconv.FormatInt(frac+1000, 10)[1:] // three digits
		for f[len(f)-1] == '0' {
			f = f[:len(f)-1]
		}
		s += "." + f
	}
	if neg {
		s = "-" + s
	}
	return json.Number(s)
}

// traceSlice is a slice that has begun on a track and not yet ended.
type traceSlice struct {
	open  bool
	state traceState
	name  string
	g     int64 // the G it shows (0 for spinning and netpoll)
	start Time
	args  traceArgs
}

// traceGLoc is where a G's open slices are: the track of its M and, while
// it runs or its syscall still holds the P, the track of its P (-1: none).
type traceGLoc struct {
	m, p int32
}

type traceExporter struct {
	out []traceEvent
	end Time

	pslices []traceSlice // by P id
	mslices []traceSlice // by M id
	pseen   []bool
	mseen   []bool
	sysmonM []bool // the M emitted SysmonWake/SysmonSleep

	gloc      map[int64]traceGLoc // lookups only; never ranged over
	schedtick []int64             // last schedtick seen per P

	globalLen  int64
	counterIdx int // index in out of the latest counter sample, -1 if none
	nevents    int
	skipped    int // events of a kind in traceSkips
	unruled    int // events of a kind with no rule, neither a case nor in traceSkips
}

func newTraceExporter() *traceExporter {
	return &traceExporter{gloc: make(map[int64]traceGLoc), counterIdx: -1}
}

func (x *traceExporter) add(e traceEvent) int {
	e.ord = len(x.out)
	x.out = append(x.out, e)
	return len(x.out) - 1
}

// seeP and seeM note that a track exists and grow the per-track state.
func (x *traceExporter) seeP(id int32) error {
	if id < 0 {
		return nil
	}
	if id >= traceMaxID {
		return fmt.Errorf("core: chrome trace: P id %d out of range", id)
	}
	for int(id) >= len(x.pseen) {
		x.pseen = append(x.pseen, false)
		x.pslices = append(x.pslices, traceSlice{})
		x.schedtick = append(x.schedtick, 0)
	}
	x.pseen[id] = true
	return nil
}

func (x *traceExporter) seeM(id int64) error {
	if id < 0 {
		return nil
	}
	if id >= traceMaxID {
		return fmt.Errorf("core: chrome trace: M id %d out of range", id)
	}
	for int(id) >= len(x.mseen) {
		x.mseen = append(x.mseen, false)
		x.mslices = append(x.mslices, traceSlice{})
		x.sysmonM = append(x.sysmonM, false)
	}
	x.mseen[id] = true
	return nil
}

// openSlice begins a slice on a track, ending whatever the track still shows.
func (x *traceExporter) openSlice(pid int, tid int32, t Time, sl traceSlice) {
	x.closeSlice(pid, tid, t, "superseded", "", nil)
	sl.open = true
	sl.start = t
	*x.track(pid, tid) = sl
}

func (x *traceExporter) track(pid int, tid int32) *traceSlice {
	if pid == tracePidProcs {
		return &x.pslices[tid]
	}
	return &x.mslices[tid]
}

// closeSlice ends the open slice of a track at t, recording why it ended.
func (x *traceExporter) closeSlice(pid int, tid int32, t Time, end, detailKey string, detail any) {
	if tid < 0 {
		return
	}
	sl := x.track(pid, tid)
	if !sl.open {
		return
	}
	args := sl.args
	args = append(args, traceArg{"end", end})
	if detailKey != "" {
		args = append(args, traceArg{detailKey, detail})
	}
	st := traceStyles[sl.state]
	x.add(traceEvent{
		Name: sl.name, Cat: st.label, Ph: "X",
		Ts: traceMicros(int64(sl.start)), Dur: traceMicros(int64(t - sl.start)),
		Pid: pid, Tid: int64(tid), Cname: st.cname, Args: args, t: sl.start,
	})
	*sl = traceSlice{}
}

// closeAll ends every open slice, P tracks first, each in id order.
func (x *traceExporter) closeAll(t Time, end, detail string) {
	key := ""
	if detail != "" {
		key = "detail"
	}
	for id := range x.pslices {
		x.closeSlice(tracePidProcs, int32(id), t, end, key, detail)
	}
	for id := range x.mslices {
		x.closeSlice(tracePidThreads, int32(id), t, end, key, detail)
	}
	clear(x.gloc)
}

// startRunning opens g's running slices on P p and M m.
func (x *traceExporter) startRunning(e *Event, g int64, m, p int32, why string, inherit bool, extra ...traceArg) {
	x.stopG(e.T, g, "superseded", "", nil)
	name := "G" + strconv.FormatInt(g, 10)
	var tick int64
	if p >= 0 {
		tick = x.schedtick[p]
	}
	base := traceArgs{{"goid", g}, {"why", why}, {"schedtick", tick}, {"inherit", inherit}}
	if p >= 0 {
		args := append(slices.Clone(base), traceArg{"m", int64(m)})
		args = append(args, extra...)
		x.openSlice(tracePidProcs, p, e.T, traceSlice{state: tsRunning, name: name, g: g, args: args})
	}
	if m >= 0 {
		args := append(slices.Clone(base), traceArg{"p", int64(p)})
		args = append(args, extra...)
		x.openSlice(tracePidThreads, m, e.T, traceSlice{state: tsRunning, name: name, g: g, args: args})
	}
	x.gloc[g] = traceGLoc{m: m, p: p}
}

// stopG ends every open slice that shows g (running or in a syscall).
func (x *traceExporter) stopG(t Time, g int64, end, detailKey string, detail any) {
	loc, ok := x.gloc[g]
	if !ok {
		return
	}
	delete(x.gloc, g)
	if loc.p >= 0 && x.pslices[loc.p].open && x.pslices[loc.p].g == g {
		x.closeSlice(tracePidProcs, loc.p, t, end, detailKey, detail)
	}
	if loc.m >= 0 && x.mslices[loc.m].open && x.mslices[loc.m].g == g {
		x.closeSlice(tracePidThreads, loc.m, t, end, detailKey, detail)
	}
}

// instant adds a thread-scoped instant event on a track.
func (x *traceExporter) instant(pid int, tid int32, t Time, name string, args traceArgs) {
	x.add(traceEvent{Name: name, Cat: "sched", Ph: "i", Ts: traceMicros(int64(t)), Pid: pid, Tid: int64(tid), S: "t", Args: args, t: t})
}

// globalRunq records a change of the global run queue's length; samples at
// the same instant collapse into the last one.
func (x *traceExporter) globalRunq(t Time, delta int64) {
	x.globalLen += delta
	if x.counterIdx >= 0 && x.out[x.counterIdx].t == t {
		x.out[x.counterIdx].Args = traceArgs{{"Gs", x.globalLen}}
		return
	}
	x.counterIdx = x.add(traceEvent{Name: "global runq", Cat: "sched", Ph: "C", Ts: traceMicros(int64(t)),
		Pid: tracePidProcs, Args: traceArgs{{"Gs", x.globalLen}}, t: t})
}

func (x *traceExporter) event(e *Event) error {
	if x.nevents > 0 && e.T < x.end {
		return fmt.Errorf("core: chrome trace: event %d (%s) goes back in time from %d", e.Seq, e.Kind, x.end)
	}
	if x.nevents == 0 {
		x.globalRunq(e.T, 0)
	}
	x.nevents++
	x.end = e.T
	if err := x.seeP(e.P); err != nil {
		return err
	}
	if err := x.seeP(e.P2); err != nil {
		return err
	}
	if err := x.seeM(int64(e.M)); err != nil {
		return err
	}
	t := e.T
	gname := "G" + strconv.FormatInt(e.G, 10)

	switch e.Kind {
	case EvGoStart:
		if e.P >= 0 {
			x.schedtick[e.P] = e.N
		}
		x.startRunning(e, e.G, e.M, e.P, e.Why.String(), e.Flag)

	case EvGoBlock:
		x.stopG(t, e.G, e.Kind.String(), "wait", e.Wait.String())
	case EvGoSched:
		x.stopG(t, e.G, e.Kind.String(), "dest", e.Why.String())
	case EvGoPreempt:
		x.stopG(t, e.G, e.Kind.String(), "kind", e.Why.String())
		if e.P >= 0 {
			x.instant(tracePidProcs, e.P, t, "preempted "+gname,
				traceArgs{{"goid", e.G}, {"kind", e.Why.String()}, {"m", int64(e.M)}})
		}
	case EvGoEnd:
		x.stopG(t, e.G, e.Kind.String(), "gfree", e.Why.String())

	case EvGoSysCall:
		x.stopG(t, e.G, e.Kind.String(), "", nil)
		loc := traceGLoc{m: e.M, p: -1}
		args := traceArgs{{"goid", e.G}, {"len_ns", e.N}, {"blocking", e.Flag}}
		if e.M >= 0 {
			x.openSlice(tracePidThreads, e.M, t, traceSlice{state: tsSyscall, name: "syscall " + gname, g: e.G,
				args: append(slices.Clone(args), traceArg{"p", int64(e.P)})})
		}
		if e.P >= 0 && !e.Flag {
			// The P stays with the M during the call until sysmon or an
			// exiting syscall takes it; show it as held by the call.
			x.openSlice(tracePidProcs, e.P, t, traceSlice{state: tsSyscall, name: "syscall " + gname, g: e.G,
				args: append(slices.Clone(args), traceArg{"m", int64(e.M)})})
			loc.p = e.P
		}
		x.gloc[e.G] = loc
	case EvGoSysExit:
		x.stopG(t, e.G, e.Kind.String(), "path", e.Why.String())
		if e.P >= 0 {
			// The G got a P back and runs on without passing through
			// the scheduler.
			x.startRunning(e, e.G, e.M, e.P, SrcSyscall.String(), false, traceArg{"exit", e.Why.String()})
		}

	case EvPreemptReq:
		if e.P >= 0 {
			x.instant(tracePidProcs, e.P, t, "preempt request "+gname,
				traceArgs{{"goid", e.G}, {"signal", e.Flag}, {"m", int64(e.M)}})
		}
	case EvSteal:
		if e.P >= 0 {
			x.instant(tracePidProcs, e.P, t, "steal "+strconv.FormatInt(e.N, 10)+" from P"+strconv.Itoa(int(e.P2)),
				traceArgs{{"goid", e.G}, {"n", e.N}, {"victim", int64(e.P2)}, {"m", int64(e.M)},
					{"round", e.Arg}, {"runnext", e.Flag}})
		}
	case EvPrint:
		args := traceArgs{{"goid", e.G}, {"text", e.Text}}
		if e.P >= 0 {
			x.instant(tracePidProcs, e.P, t, "print", args)
		} else if e.M >= 0 {
			x.instant(tracePidThreads, e.M, t, "print", args)
		}

	case EvProcAcquire:
		// In ≤1.25 mode an M leaving a syscall may take its old P from
		// another M's syscall (exitsyscallfast CASes _Psyscall).
		if e.P >= 0 {
			if ps := x.pslices[e.P]; ps.open && ps.state == tsSyscall {
				x.closeSlice(tracePidProcs, e.P, t, e.Kind.String(), "", nil)
				if loc, ok := x.gloc[ps.g]; ok && loc.p == e.P {
					x.gloc[ps.g] = traceGLoc{m: loc.m, p: -1}
				}
			}
		}
		// A G that keeps running while its M changes P (the caller of a
		// stop-the-world whose P went away) moves to the new P's track.
		if e.M >= 0 && e.P >= 0 {
			if ms := x.mslices[e.M]; ms.open && ms.state == tsRunning {
				if loc, ok := x.gloc[ms.g]; ok && loc.p != e.P {
					x.closeSlice(tracePidProcs, loc.p, t, e.Kind.String(), "", nil)
					name := ms.name
					x.openSlice(tracePidProcs, e.P, t, traceSlice{state: tsRunning, name: name, g: ms.g,
						args: traceArgs{{"goid", ms.g}, {"why", "moved"}, {"schedtick", x.schedtick[e.P]},
							{"inherit", false}, {"m", int64(e.M)}}})
					x.gloc[ms.g] = traceGLoc{m: e.M, p: e.P}
				}
			}
		}
	case EvProcRelease, EvProcDestroy, EvProcRetake, EvProcStatus:
		// The P leaves whatever G it showed. A P whose G enters a syscall
		// in ≤1.25 mode turns _Psyscall: it is still held by the call.
		if e.P >= 0 && !(e.Kind == EvProcStatus && e.N == int64(Psyscall)) {
			if ps := x.pslices[e.P]; ps.open {
				x.closeSlice(tracePidProcs, e.P, t, e.Kind.String(), "", nil)
				if loc, ok := x.gloc[ps.g]; ok && loc.p == e.P {
					x.gloc[ps.g] = traceGLoc{m: loc.m, p: -1}
				}
			}
		}
		if e.Kind == EvProcRetake && e.P >= 0 {
			x.instant(tracePidProcs, e.P, t, "retake P"+strconv.Itoa(int(e.P)),
				traceArgs{{"goid", e.G}, {"m", int64(e.M)}})
		}
	case EvProcResize:
		for id := int64(0); id < e.Arg && id < traceMaxID; id++ {
			if err := x.seeP(int32(id)); err != nil {
				return err
			}
		}

	case EvMSpin:
		if e.M >= 0 && !(x.mslices[e.M].open && x.mslices[e.M].state == tsSpinning) {
			x.openSlice(tracePidThreads, e.M, t, traceSlice{state: tsSpinning, name: "spinning",
				args: traceArgs{{"why", e.Why.String()}, {"p", int64(e.P)}}})
		}
	case EvMSpinStop:
		if e.M >= 0 && x.mslices[e.M].state == tsSpinning {
			x.closeSlice(tracePidThreads, e.M, t, e.Kind.String(), "found", e.Flag)
		}
	case EvMNetpoll:
		if e.M >= 0 {
			until := "forever"
			if e.Arg != 0 {
				until = Time(e.Arg).String()
			}
			x.openSlice(tracePidThreads, e.M, t, traceSlice{state: tsNetpoll, name: "netpoll",
				args: traceArgs{{"until", until}}})
		}
	case EvMNetpollWake:
		if e.M >= 0 && x.mslices[e.M].state == tsNetpoll {
			x.closeSlice(tracePidThreads, e.M, t, e.Kind.String(), "wake", e.Why.String())
		}
	case EvMExit:
		if e.M >= 0 {
			x.closeSlice(tracePidThreads, e.M, t, e.Kind.String(), "", nil)
		}
	case EvMLockedHand:
		if err := x.seeM(e.Arg); err != nil {
			return err
		}
	case EvSysmonWake, EvSysmonSleep:
		if e.M >= 0 {
			x.sysmonM[e.M] = true
		}

	case EvGlobalPut:
		x.globalRunq(t, 1)
	case EvRunqOverflow:
		x.globalRunq(t, e.N)
	case EvGlobalGet:
		x.globalRunq(t, -e.N)

	case EvExit, EvDeadlock, EvLimit:
		x.closeAll(t, e.Kind.String(), e.Text)
		args := traceArgs{{"text", e.Text}}
		if e.Kind == EvExit {
			args = traceArgs{{"status", e.N}}
		}
		x.add(traceEvent{Name: e.Kind.String(), Cat: "sched", Ph: "i", Ts: traceMicros(int64(t)),
			Pid: tracePidProcs, S: "g", Args: args, t: t})
	default:
		// Counted for TestChromeTraceHasARuleForEveryKind.
		if int(e.Kind) < len(traceSkips) && traceSkips[e.Kind] {
			x.skipped++
		} else {
			x.unruled++
		}
	}
	return nil
}

// traceSkips are the kinds the trace does not draw: queue moves, idle
// lists, thread bookkeeping and timers show in the slices of the events
// around them, or not at all. Every other kind has a case in event;
// TestChromeTraceHasARuleForEveryKind fails for a kind in neither.
var traceSkips = [NumEventKinds]bool{
	EvGoCreate: true, EvGoUnblock: true, EvGoLockOS: true, EvGoUnlockOS: true, EvGoKick: true, EvRunqPut: true,
	EvInject: true, EvProcIdle: true, EvProcUnidle: true, EvProcHandoff: true,
	EvMCreate: true, EvMPark: true, EvMUnpark: true, EvWakep: true, EvNeedSpinning: true, EvMSleep: true,
	EvTimerAdd: true, EvTimerFire: true, EvTimerMod: true, EvTimerDel: true,
	EvIOReady: true, EvNetpoll: true, EvNetpollBreak: true, EvSchedTrace: true,
	EvSTWStart: true, EvSTWDone: true, EvOutput: true, EvMainStart: true,
	EvGoStackGrow: true, EvGoStackShrink: true, // the copy's time is the G's slice on its thread
}

// metadata names the processes and tracks and fixes their order.
func (x *traceExporter) metadata() []traceEvent {
	var md []traceEvent
	meta := func(name string, pid int, tid int64, args traceArgs) {
		md = append(md, traceEvent{Name: name, Ph: "M", Ts: "0", Pid: pid, Tid: tid, Args: args})
	}
	meta("process_name", tracePidProcs, 0, traceArgs{{"name", "Processors"}})
	meta("process_sort_index", tracePidProcs, 0, traceArgs{{"sort_index", int64(tracePidProcs)}})
	meta("process_name", tracePidThreads, 0, traceArgs{{"name", "Threads"}})
	meta("process_sort_index", tracePidThreads, 0, traceArgs{{"sort_index", int64(tracePidThreads)}})
	for id, seen := range x.pseen {
		if seen {
			meta("thread_name", tracePidProcs, int64(id), traceArgs{{"name", "P" + strconv.Itoa(id)}})
			meta("thread_sort_index", tracePidProcs, int64(id), traceArgs{{"sort_index", int64(id)}})
		}
	}
	for id, seen := range x.mseen {
		if seen {
			name := "M" + strconv.Itoa(id)
			if x.sysmonM[id] {
				name += " (sysmon)"
			}
			meta("thread_name", tracePidThreads, int64(id), traceArgs{{"name", name}})
			meta("thread_sort_index", tracePidThreads, int64(id), traceArgs{{"sort_index", int64(id)}})
		}
	}
	return md
}

func (x *traceExporter) encode() ([]byte, error) {
	evs := x.out
	slices.SortStableFunc(evs, func(a, b traceEvent) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		return a.ord - b.ord
	})
	all := append(x.metadata(), evs...)
	var b bytes.Buffer
	b.WriteString("{\"traceEvents\":[\n")
	for i := range all {
		j, err := json.Marshal(&all[i])
		if err != nil {
			return nil, err
		}
		b.Write(j)
		if i < len(all)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("],\n\"displayTimeUnit\":\"ns\",\n")
	other, err := json.Marshal(traceArgs{
		{"generator", "gmpbook core.ChromeTrace"},
		{"events", strconv.Itoa(x.nevents)},
		{"end", x.end.String()},
		{"end_ns", strconv.FormatInt(int64(x.end), 10)},
	})
	if err != nil {
		return nil, err
	}
	b.WriteString("\"otherData\":")
	b.Write(other)
	b.WriteString("}\n")
	return b.Bytes(), nil
}
