package core

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// measuredCase is a generated case run with the measured timing model and,
// for every third seed, fewer CPUs than it may have threads.
func measuredCase(seed uint64) genCase {
	c := genCaseFromSeed(seed)
	c.Cfg.Timing = TimingMeasured
	if seed%3 == 0 {
		c.Cfg.CPUs = 1 + int(seed/3%2)
	}
	return c
}

// TestMeasuredTimingKeepsInvariants runs generated programs with measured
// latencies and limited CPUs, checking the scheduler's invariants after
// every event, and twice each: the same seed must give the same log.
func TestMeasuredTimingKeepsInvariants(t *testing.T) {
	runs := 300
	if testing.Short() {
		runs = 60
	}
	for i := range runs {
		seed := uint64(700_000 + i)
		c := measuredCase(seed)
		a := runGenCase(c, true, WithInvariants())
		if f := a.failure(); f != "" {
			t.Fatalf("gen seed %d (cpus=%d): %s\n%s", seed, c.Cfg.CPUs, f, c)
		}
		b := runGenCase(c, true)
		ta, tb := eventText(a.sim.Events()), eventText(b.sim.Events())
		if ta != tb {
			t.Fatalf("gen seed %d: two runs differ at %s\n%s", seed, firstDiff(ta, tb), c)
		}
	}
}

const measuredGolden = "testdata/eventlog_measured.golden"

// TestMeasuredEventLogMatchesGolden pins the event logs of measured-timing
// runs (with and without a CPU limit), natively and under wasm alike: the
// draws from the timing tables are integer arithmetic on the simulation's
// own stream, so both builds must give byte-identical logs.
func TestMeasuredEventLogMatchesGolden(t *testing.T) {
	var b strings.Builder
	b.WriteString("# generator seed, cpus, events, SHA-256 of the canonical event log with measured timing (-rewrite regenerates)\n")
	for i := range 30 {
		seed := uint64(2000 + 11*i)
		c := measuredCase(seed)
		o := runGenCase(c, true)
		if f := o.failure(); f != "" {
			t.Fatalf("gen seed %d: %s\n%s", seed, f, c)
		}
		sum := sha256.Sum256([]byte(eventText(o.sim.Events())))
		fmt.Fprintf(&b, "%d %d %d %s\n", seed, c.Cfg.CPUs, len(o.sim.Events()), hex.EncodeToString(sum[:]))
	}
	if *rewrite {
		if err := os.WriteFile(measuredGolden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(measuredGolden)
	if err != nil {
		t.Fatalf("%v (go test ./core -run TestMeasuredEventLogMatchesGolden -rewrite)", err)
	}
	if string(want) != b.String() {
		t.Errorf("measured-timing event logs changed:\n--- golden\n%s--- now\n%s", want, b.String())
	}
}

// TestQtableSampleStaysInTable draws many values: all within the table's
// range, and the median draw near the table's median.
func TestQtableSampleStaysInTable(t *testing.T) {
	for name, q := range map[string]qtable{"FutexWake": measured.FutexWake, "StealPass": measured.StealPass, "Work": measured.Work} {
		r := newWyrand(1, 2)
		var v []int64
		for range 20001 {
			x := q.sample(&r)
			if x < q[0] || x > q[len(q)-1] {
				t.Fatalf("%s: draw %d outside [%d, %d]", name, x, q[0], q[len(q)-1])
			}
			v = append(v, x)
		}
		sort.Slice(v, func(i, j int) bool { return v[i] < v[j] })
		med := v[len(v)/2]
		lo, hi := q[len(q)/2-2], q[len(q)/2+2]
		if med < lo || med > hi {
			t.Errorf("%s: median draw %d, table median %d (want within [%d, %d])", name, med, q.median(), lo, hi)
		}
	}
}

// TestMeasuredStartupLength: with measured timing, main.main starts about
// as long after runtime.main as it does on the reference machine (the
// Startup table, which the model does not use: the start-up's length comes
// out of its init work, thread creations and wake-ups).
func TestMeasuredStartupLength(t *testing.T) {
	var at []int64
	for seed := uint64(1); seed <= 200; seed++ {
		cfg := DefaultConfig(2)
		cfg.Seed = seed
		cfg.Timing = TimingMeasured
		s, err := New(cfg, Ops(Op{Kind: OpReturn}))
		if err != nil {
			t.Fatal(err)
		}
		for s.Step() {
		}
		for _, e := range s.Events() {
			if e.Kind == EvMainStart {
				at = append(at, int64(e.T))
				break
			}
		}
	}
	sort.Slice(at, func(i, j int) bool { return at[i] < at[j] })
	q := measured.Startup
	med := at[len(at)/2]
	t.Logf("simulated main.main start: p10 %v, median %v, p90 %v; measured: p10 %v, median %v, p90 %v",
		Time(at[len(at)/10]), Time(med), Time(at[len(at)*9/10]),
		Time(q[len(q)/10]), Time(q.median()), Time(q[len(q)*9/10]))
	if med < q[len(q)/10] || med > q[len(q)*9/10] {
		t.Errorf("simulated median start-up %v outside the measured p10–p90 [%v, %v]", Time(med), Time(q[len(q)/10]), Time(q[len(q)*9/10]))
	}
}

// TestFewerCPUsThanPsTimeSlices: two goroutines of 10ms of work on two Ps
// but one CPU. Each P has its thread, but the threads take turns on the
// CPU, a time slice at a time, so both finish after about 20ms of virtual
// time rather than 10ms — and with two CPUs after about 10ms.
func TestFewerCPUsThanPsTimeSlices(t *testing.T) {
	finish := func(cpus int) (a, b Time) {
		cfg := DefaultConfig(2)
		cfg.Startup = StartupClean
		cfg.CPUs = cpus
		main := []Op{
			{Kind: OpWGAdd, Obj: 1, N: 2},
			Go("a", Compute(10*Millisecond), Print("a"), Op{Kind: OpWGAdd, Obj: 1, N: -1}),
			Go("b", Compute(10*Millisecond), Print("b"), Op{Kind: OpWGAdd, Obj: 1, N: -1}),
			{Kind: OpWGWait, Obj: 1},
		}
		s, err := New(cfg, Ops(main...), WithObjects(nil, 0, 1), WithInvariants())
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Run(); err != nil {
			t.Fatal(err)
		}
		for _, e := range s.Events() {
			if e.Kind == EvPrint && e.Text == "a" {
				a = e.T
			}
			if e.Kind == EvPrint && e.Text == "b" {
				b = e.T
			}
		}
		return a, b
	}
	a1, b1 := finish(1)
	a2, b2 := finish(2)
	t.Logf("one CPU: a %v, b %v; two CPUs: a %v, b %v", a1, b1, a2, b2)
	for _, x := range []Time{a1, b1} {
		if x < Time(17*Millisecond) || x > Time(22*Millisecond) {
			t.Errorf("one CPU: a goroutine finished at %v, want about 20ms (two 10ms jobs sharing a CPU)", x)
		}
	}
	for _, x := range []Time{a2, b2} {
		if x > Time(11*Millisecond) {
			t.Errorf("two CPUs: a goroutine finished at %v, want about 10ms", x)
		}
	}
}
