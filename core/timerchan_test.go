package core

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

// parseTimerOp reads the scenario ops of package time's timers:
//
//	newtimer D            time.NewTimer(D): timer 1, 2, … with a new channel
//	newticker D           time.NewTicker(D)
//	afterfunc D NAME      time.AfterFunc(D, NAME): each firing starts a G running body NAME
//	stoptimer ID          (*Timer).Stop
//	resettimer ID D       (*Timer).Reset(D)
//	resetticker ID D      (*Ticker).Reset(D)
func parseTimerOp(f []string, body func(string) ([]Op, error)) (Op, error) {
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	var op Op
	var err error
	switch f[0] {
	case "newtimer", "newticker", "afterfunc":
		op.Kind = OpNewTimer
		op.D, err = parseDur(arg(1))
		if f[0] == "newticker" {
			op.N = int64(op.D)
		}
		if f[0] == "afterfunc" {
			op.Name = arg(2)
			op.Body, err = body(arg(2))
		}
	case "stoptimer":
		op.Kind = OpTimerStop
		_, err = fmt.Sscan(arg(1), &op.Obj)
	case "resettimer", "resetticker":
		op.Kind = OpTimerReset
		if _, err = fmt.Sscan(arg(1), &op.Obj); err == nil {
			op.D, err = parseDur(arg(2))
		}
		if f[0] == "resetticker" {
			op.N = int64(op.D)
		}
	}
	return op, err
}

// recProg runs ops in order and records the result of each.
type recProg struct {
	ops []Op
	i   int
	res []Result
}

func (p *recProg) Next(r Result) *Op {
	if p.i > 0 {
		p.res = append(p.res, r)
	}
	if p.i >= len(p.ops) {
		return &Op{Kind: OpReturn}
	}
	op := &p.ops[p.i]
	p.i++
	return op
}

// runTimerProg runs main's ops to the end with invariants on and returns
// each op's result and the output.
func runTimerProg(t *testing.T, f Features, ops ...Op) ([]Result, *Sim) {
	t.Helper()
	cfg := DefaultConfig(1)
	cfg.Startup = StartupClean
	cfg.Version = f
	p := &recProg{ops: ops}
	s, err := New(cfg, p, WithInvariants())
	if err != nil {
		t.Fatal(err)
	}
	s.RunUntil(Time(10 * Second))
	if err := s.CheckErr(); err != nil {
		t.Fatalf("invariant violated: %v", err)
	}
	if !s.Done() || s.ExitCode() != 0 {
		t.Fatalf("run did not end well: done=%v exit=%d %s", s.Done(), s.ExitCode(), s.Deadlock())
	}
	return p.res, s
}

func newTimerOp(d Duration) Op  { return Op{Kind: OpNewTimer, D: d} }
func newTickerOp(d Duration) Op { return Op{Kind: OpNewTimer, D: d, N: int64(d)} }
func stopOp(id int64) Op        { return Op{Kind: OpTimerStop, Obj: id} }
func resetOp(id int64, d Duration) Op {
	return Op{Kind: OpTimerReset, Obj: id, D: d}
}
func recvOp(c int64) Op     { return Op{Kind: OpRecv, Obj: c} }
func sleepOp(d Duration) Op { return Op{Kind: OpSleep, D: d} }

// pollOp is select { case <-c: default: }.
func pollOp(c int64) Op {
	return Op{Kind: OpSelect, Cases: []SelectCase{{Chan: c}}, Default: true}
}

// TestTimerStopResetResults checks what Stop and Reset return, Go 1.23+
// (time.go:timer.stop, timer.modify with timerchandrain) against the
// asynchronous timers of older runtimes.
func TestTimerStopResetResults(t *testing.T) {
	ms := Millisecond
	for _, c := range []struct {
		name string
		ver  Features
		ops  []Op
		// which results to check: op index → Ok
		ok map[int]bool
	}{
		{"StopBeforeFiringIsTrueThenFalse", Go126(),
			[]Op{newTimerOp(50 * ms), stopOp(1), stopOp(1)},
			map[int]bool{1: true, 2: false}},
		{"StopAfterReceiveIsFalse", Go126(),
			[]Op{newTimerOp(10 * ms), recvOp(1), stopOp(1)},
			map[int]bool{1: true, 2: false}},
		// Go 1.23: an expired timer nobody received from counts as not
		// fired: Stop returns true and no value is left to receive.
		{"StopOfExpiredUnreceivedIsTrue", Go126(),
			[]Op{newTimerOp(10 * ms), sleepOp(30 * ms), stopOp(1), pollOp(1)},
			map[int]bool{2: true}},
		{"ResetOfExpiredUnreceivedIsTrue", Go126(),
			[]Op{newTimerOp(10 * ms), sleepOp(30 * ms), resetOp(1, 10*ms), recvOp(1), stopOp(1)},
			map[int]bool{2: true, 3: true, 4: false}},
		{"ResetOfStoppedIsFalse", Go126(),
			[]Op{newTimerOp(10 * ms), stopOp(1), resetOp(1, 5*ms), recvOp(1)},
			map[int]bool{1: true, 2: false, 3: true}},
		// Before 1.23 the timer fired into the channel's buffer.
		{"AsyncStopOfExpiredIsFalse", Go114(),
			[]Op{newTimerOp(10 * ms), sleepOp(30 * ms), stopOp(1), pollOp(1)},
			map[int]bool{2: false}},
		{"AsyncResetOfExpiredIsFalse", Go114(),
			[]Op{newTimerOp(10 * ms), sleepOp(30 * ms), resetOp(1, 10*ms)},
			map[int]bool{2: false}},
		{"AfterFuncStop", Go126(),
			[]Op{{Kind: OpNewTimer, D: 10 * ms, Name: "f", Body: []Op{Print("f ran")}}, stopOp(1), stopOp(1)},
			map[int]bool{1: true, 2: false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, _ := runTimerProg(t, c.ver, c.ops...)
			for i, want := range c.ok {
				if res[i].Ok != want {
					t.Errorf("op %d (%v): Ok = %v, want %v", i, c.ops[i].Kind, res[i].Ok, want)
				}
			}
		})
	}
	// The select poll after a Go 1.23 Stop finds nothing; before, the value.
	res, _ := runTimerProg(t, Go126(), newTimerOp(10*ms), sleepOp(30*ms), stopOp(1), pollOp(1))
	if res[3].Case != -1 {
		t.Errorf("after Stop the channel still had a value (case %d)", res[3].Case)
	}
	res, _ = runTimerProg(t, Go114(), newTimerOp(10*ms), sleepOp(30*ms), stopOp(1), pollOp(1))
	if res[3].Case != 0 {
		t.Errorf("go1.14: the fired value should wait in the buffer (case %d)", res[3].Case)
	}
}

// TestTimerChanLenCapAreZero: a Go 1.23 timer channel presents itself as
// unbuffered (chan.go:chanlen, chancap); before, as one slot.
func TestTimerChanLenCapAreZero(t *testing.T) {
	ops := []Op{newTimerOp(Millisecond), sleepOp(5 * Millisecond), {Kind: OpChanLen, Obj: 1}, {Kind: OpChanCap, Obj: 1}}
	res, _ := runTimerProg(t, Go126(), ops...)
	if res[2].N != 0 || res[3].N != 0 {
		t.Errorf("go1.26 len/cap = %d/%d, want 0/0", res[2].N, res[3].N)
	}
	res, _ = runTimerProg(t, Go114(), ops...)
	if res[2].N != 1 || res[3].N != 1 {
		t.Errorf("go1.14 len/cap = %d/%d, want 1/1", res[2].N, res[3].N)
	}
}

// TestTimerValuesAreWhenDue: the value sent is the time the timer was due,
// even when a receive runs it late (time/sleep.go:sendTime subtracts the
// delay); a Ticker skips the periods it missed.
func TestTimerValuesAreWhenDue(t *testing.T) {
	ms := Millisecond
	res, _ := runTimerProg(t, Go126(), newTimerOp(10*ms), Op{Kind: OpNow}, sleepOp(25*ms), recvOp(1),
		newTickerOp(10*ms), Op{Kind: OpNow}, sleepOp(35*ms), recvOp(2), recvOp(2), stopOp(2))
	t0 := Time(res[1].N) // just after NewTimer
	// Received 15ms late, the value is still the time it was due
	// (sendTime: Now().Add(-delta)).
	if got := res[3].Val.(Time); t0+Time(10*ms)-got < 0 || t0+Time(10*ms)-got > Time(Microsecond) {
		t.Errorf("timer value %d, want just under %d", got, t0+Time(10*ms))
	}
	t1 := Time(res[5].N) // just after NewTicker
	tick1, tick2 := res[7].Val.(Time), res[8].Val.(Time)
	// Received late, at ~35ms, the first tick is still the one due at 10ms
	// (maybeRunChan runs the timer on the spot); the ticker then moved on
	// to 40ms, skipping 20 and 30 (unlockAndRun: when + period*(1+delay/period)).
	if d := tick1 - t1; d > Time(10*ms) || d < Time(9*ms) {
		t.Errorf("first tick due %v after NewTicker, want ~10ms", Duration(d))
	}
	if d := Duration(tick2 - tick1); d != 30*ms {
		t.Errorf("ticks %v apart, want 30ms", d)
	}
}

// TestTimerValueMaker: Val makes the value a channel timer sends.
func TestTimerValueMaker(t *testing.T) {
	mk := func(when Time) any { return fmt.Sprint("t=", int64(when)) }
	res, _ := runTimerProg(t, Go126(), Op{Kind: OpNewTimer, D: Millisecond, Val: mk}, recvOp(1))
	if s, _ := res[1].Val.(string); !strings.HasPrefix(s, "t=") {
		t.Errorf("received %v", res[1].Val)
	}
}

// TestAfterFuncProgramMaker: each firing of an AfterFunc timer starts a G
// running a fresh program.
func TestAfterFuncProgramMaker(t *testing.T) {
	n := 0
	mk := func() Program { n++; return Ops(Print(fmt.Sprint("run ", n))) }
	_, s := runTimerProg(t, Go126(), Op{Kind: OpNewTimer, D: Millisecond, Name: "f", Val: mk},
		sleepOp(3*Millisecond), resetOp(1, Millisecond), sleepOp(3*Millisecond))
	if got := strings.Join(s.Output(), ","); got != "run 1,run 2" {
		t.Errorf("output %q", got)
	}
}

// TestTimersRandomWithWorld runs random programs of timers, tickers,
// AfterFuncs, Stops and Resets across several Ps with the invariants on,
// and folds the log into a World after every event.
func TestTimersRandomWithWorld(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	kinds := map[string]int{}
	defer func() {
		for _, k := range []string{"TimerAdd chan", "TimerAdd func", "TimerFire chan", "TimerFire func", "TimerMod chan",
			"TimerMod func", "TimerDel chan", "TimerDel func", "TimerFire by a receive", "TimerAdd from a destroyed P"} {
			if kinds[k] == 0 {
				t.Errorf("no %s event in %d programs", k, n)
			}
		}
		t.Logf("%v", kinds)
	}()
	for seed := uint64(1); seed <= uint64(n); seed++ {
		rng := newWyrand(seed, 77)
		procs := 1 + int(rng.nextn(4))
		cfg := DefaultConfig(procs)
		cfg.Seed = seed
		if rng.nextn(2) == 0 {
			cfg.Startup = StartupClean
		}
		if rng.nextn(5) == 0 {
			cfg.Version = Go114()
		}
		cfg.Limits.MaxTime = Time(2 * Second)
		main := genTimerMain(&rng)
		w := NewWorld(procs)
		var s *Sim
		var bad error
		sink := func(e *Event) {
			w.Apply(e)
			if s != nil && bad == nil {
				if err := worldMismatch(w, s); err != nil {
					bad = fmt.Errorf("after %s: %w", e.String(), err)
				}
			}
		}
		sink2 := func(e *Event) {
			sink(e)
			kinds[e.Kind.String()+" "+e.Why.String()]++
			if e.Kind == EvTimerFire && e.N != 0 && e.P2 < 0 {
				kinds["TimerFire by a receive"]++
			}
			if e.Kind == EvTimerAdd && e.N != 0 && e.P2 >= 0 {
				kinds["TimerAdd from a destroyed P"]++
			}
		}
		s, err := New(cfg, Ops(main...), WithSink(sink2), WithInvariants())
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 200000 && s.Step(); i++ {
		}
		if err := s.CheckErr(); err != nil {
			t.Fatalf("seed %d: invariant violated: %v", seed, err)
		}
		if bad != nil {
			t.Fatalf("seed %d: world: %v", seed, bad)
		}
	}
}

// genTimerMain makes a main that creates timers and has workers wait on
// them, stop and reset them.
func genTimerMain(r *wyrand) []Op {
	ms := func(n uint32) Duration { return Duration(1+r.nextn(n)) * Millisecond / 2 }
	var main []Op
	ntimers := 0
	chans := []int64{}
	var body func(depth int) []Op
	body = func(depth int) []Op {
		var ops []Op
		for k := 2 + int(r.nextn(6)); k > 0; k-- {
			switch r.nextn(10) {
			case 9:
				ops = append(ops, Op{Kind: OpGOMAXPROCS, N: int64(1 + r.nextn(3))})
			case 0, 1:
				if len(chans) > 0 {
					ops = append(ops, recvOp(chans[r.nextn(uint32(len(chans)))]))
				}
			case 2:
				if len(chans) > 1 {
					a, b := chans[r.nextn(uint32(len(chans)))], chans[r.nextn(uint32(len(chans)))]
					ops = append(ops, Op{Kind: OpSelect, Cases: []SelectCase{{Chan: a}, {Chan: b}}, Default: r.nextn(3) == 0})
				}
			case 3:
				if ntimers > 0 {
					ops = append(ops, stopOp(int64(1+r.nextn(uint32(ntimers)))))
				}
			case 4:
				if ntimers > 0 {
					ops = append(ops, resetOp(int64(1+r.nextn(uint32(ntimers))), ms(20)))
				}
			case 5:
				ops = append(ops, sleepOp(ms(10)))
			case 6:
				ops = append(ops, Compute(ms(4)))
			case 7:
				if depth < 2 {
					ops = append(ops, Go("w", body(depth+1)...))
				}
			case 8:
				ops = append(ops, Spin(ms(30)))
			}
		}
		return ops
	}
	// The timers first, so that the ids are known: channel ids follow
	// timer ids for channel timers.
	for k := 1 + int(r.nextn(5)); k > 0; k-- {
		ntimers++
		switch r.nextn(3) {
		case 0:
			main = append(main, newTimerOp(ms(30)))
			chans = append(chans, int64(len(chans)+1))
		case 1:
			main = append(main, newTickerOp(ms(10)))
			chans = append(chans, int64(len(chans)+1))
		case 2:
			main = append(main, Op{Kind: OpNewTimer, D: ms(30), Name: "f", Body: []Op{Compute(ms(2)), Print("f")}})
		}
	}
	for k := 1 + int(r.nextn(3)); k > 0; k-- {
		main = append(main, Go("w", body(0)...))
	}
	main = append(main, body(1)...)
	main = append(main, sleepOp(ms(100)))
	return main
}

// timerLogDigest is the SHA-256 of the event logs of genTimerMain's
// programs for seeds 1-40: the same natively and in WebAssembly, and it
// changes only when the timers' model does (then update it after reading
// the scenario transcripts).
const timerLogDigest = "b87cee70b5219d8c6d20fc8d65beb08684504266b220e50631f3844373f00af2"

func TestTimerEventLogsAreDeterministic(t *testing.T) {
	h := sha256.New()
	for seed := uint64(1); seed <= 40; seed++ {
		var logs [2]string
		for k := range logs {
			rng := newWyrand(seed, 77)
			procs := 1 + int(rng.nextn(4))
			cfg := DefaultConfig(procs)
			cfg.Seed = seed
			if rng.nextn(2) == 0 {
				cfg.Startup = StartupClean
			}
			if rng.nextn(5) == 0 {
				cfg.Version = Go114()
			}
			cfg.Limits.MaxTime = Time(2 * Second)
			s, err := New(cfg, Ops(genTimerMain(&rng)...))
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 200000 && s.Step(); i++ {
			}
			logs[k] = eventText(s.Events())
		}
		if logs[0] != logs[1] {
			t.Fatalf("seed %d: two runs differ at %s", seed, firstDiff(logs[0], logs[1]))
		}
		h.Write([]byte(logs[0]))
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != timerLogDigest {
		t.Errorf("timer event logs digest %s, want %s", got, timerLogDigest)
	}
}
