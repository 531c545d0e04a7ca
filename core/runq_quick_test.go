package core

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"testing/quick"

	"github.com/stretchr/testify/require"
)

// This file checks the local and global run queues against a model made of
// plain slices, written from the rules in docs/spec/runtime-facts.md §2 (runqput,
// runqputslow, runqget, globrunqget, globrunqgetbatch, runqgrab/runqsteal and
// (*p).destroy), with random op sequences from testing/quick.

// rqModel is the reference: runnext, a FIFO of capacity 256 and the global
// queue, holding goids.
type rqModel struct {
	runnext int64 // 0 = empty
	local   []int64
	global  []int64
}

const rqCap = 256

// put is runqput: with next the G takes runnext and the old runnext is
// kicked to the tail; a full queue sends its oldest half plus the G being
// put to the global tail, in order.
func (m *rqModel) put(g int64, next bool) {
	if next {
		old := m.runnext
		m.runnext = g
		if old == 0 {
			return
		}
		g = old
	}
	if len(m.local) < rqCap {
		m.local = append(m.local, g)
		return
	}
	half := len(m.local) / 2
	m.global = append(m.global, m.local[:half]...)
	m.global = append(m.global, g)
	m.local = slices.Clone(m.local[half:])
}

// get is runqget: runnext first (inheriting the time slice), then the head.
func (m *rqModel) get() (int64, bool) {
	if m.runnext != 0 {
		g := m.runnext
		m.runnext = 0
		return g, true
	}
	if len(m.local) == 0 {
		return 0, false
	}
	g := m.local[0]
	m.local = m.local[1:]
	return g, false
}

// globalGet is globrunqget: one G from the global head.
func (m *rqModel) globalGet() int64 {
	if len(m.global) == 0 {
		return 0
	}
	g := m.global[0]
	m.global = m.global[1:]
	return g
}

// globalBatch is globrunqgetbatch on an empty local queue:
// n = min(size, size/procs+1, 128); the first runs, the rest go local.
func (m *rqModel) globalBatch(procs int) int64 {
	size := len(m.global)
	if size == 0 {
		return 0
	}
	n := min(size, size/procs+1, rqCap/2)
	g := m.global[0]
	m.local = append(m.local, m.global[1:n]...)
	m.global = m.global[n:]
	return g
}

// rqOp is one step of a script.
type rqOp uint8

const (
	rqPut rqOp = iota
	rqPutNext
	rqGet
	rqGlobalPut
	rqGlobalGet
	rqGlobalBatch
	rqOpCount
)

var rqOpNames = [rqOpCount]string{"put", "putnext", "get", "globalput", "globalget", "globalbatch"}

func (o rqOp) String() string { return rqOpNames[o] }

// rqScript is a random op sequence. It is made of phases that mostly fill,
// mostly drain or mix, so that the 256-entry queue overflows often and the
// ring's indices wrap.
type rqScript []rqOp

// Generate implements quick.Generator.
func (rqScript) Generate(r *rand.Rand, size int) reflect.Value {
	n := 300 + r.Intn(1700)
	sc := make(rqScript, 0, n)
	for len(sc) < n {
		phase := r.Intn(3)
		for i := 0; i < 20+r.Intn(200) && len(sc) < n; i++ {
			x := r.Intn(100)
			var op rqOp
			switch {
			case phase == 0 && x < 55: // fill
				op = rqPut
			case phase == 0 && x < 90:
				op = rqPutNext
			case phase == 1 && x < 75: // drain
				op = rqGet
			case x < 30:
				op = rqPut
			case x < 50:
				op = rqPutNext
			case x < 70:
				op = rqGet
			case x < 82:
				op = rqGlobalPut
			case x < 92:
				op = rqGlobalGet
			default:
				op = rqGlobalBatch
			}
			sc = append(sc, op)
		}
	}
	return reflect.ValueOf(sc)
}

// rqSim makes a Sim that is never run, for driving the queue functions by
// hand. Events go to a sink that drops them.
func rqSim(t *testing.T, procs int, sink func(*Event)) *Sim {
	t.Helper()
	if sink == nil {
		sink = func(*Event) {}
	}
	s, err := New(DefaultConfig(procs), Ops(), WithSink(sink))
	require.NoError(t, err)
	return s
}

// rqModelOf copies the real queues of pp and the global queue.
func rqModelOf(s *Sim, pp *P) rqModel {
	var m rqModel
	if pp.runnext != nil {
		m.runnext = pp.runnext.ID
	}
	for i := 0; i < pp.runqLen(); i++ {
		m.local = append(m.local, pp.runqat(i).ID)
	}
	s.sched.runq.each(func(g *G) { m.global = append(m.global, g.ID) })
	return m
}

// rqCompare reports how the real queues differ from the model, or "".
func rqCompare(s *Sim, pp *P, want rqModel) string {
	got := rqModelOf(s, pp)
	if got.runnext != want.runnext {
		return fmt.Sprintf("runnext: got G%d, want G%d", got.runnext, want.runnext)
	}
	if !slices.Equal(got.local, want.local) {
		return fmt.Sprintf("local queue:\n got %v\nwant %v", got.local, want.local)
	}
	if !slices.Equal(got.global, want.global) {
		return fmt.Sprintf("global queue:\n got %v\nwant %v", got.global, want.global)
	}
	if s.sched.runq.size != len(want.global) {
		return fmt.Sprintf("global size %d, want %d", s.sched.runq.size, len(want.global))
	}
	if pp.runqLen() > rqCap {
		return fmt.Sprintf("local length %d over capacity", pp.runqLen())
	}
	// Every queued G knows where it is.
	if g := pp.runnext; g != nil && (g.loc != LocRunnext || g.locP != pp) {
		return fmt.Sprintf("G%d in runnext has loc %v on %v", g.ID, g.loc, g.locP)
	}
	for i := 0; i < pp.runqLen(); i++ {
		if g := pp.runqat(i); g.loc != LocRunq || g.locP != pp {
			return fmt.Sprintf("G%d in the local queue has loc %v", g.ID, g.loc)
		}
	}
	bad := ""
	s.sched.runq.each(func(g *G) {
		if bad == "" && (g.loc != LocGlobal || g.locP != nil) {
			bad = fmt.Sprintf("G%d in the global queue has loc %v", g.ID, g.loc)
		}
	})
	return bad
}

// rqRun plays a script on a fresh one-P Sim and on the model, comparing
// after every op. It returns the first difference, or "".
func rqRun(t *testing.T, sc rqScript) string {
	s := rqSim(t, 1, nil)
	pp := s.allp[0]
	model := rqModelOf(s, pp) // the main G already waits in runnext
	next := int64(1_000_000)
	fresh := func() *G {
		next++
		return &G{ID: next, status: Grunnable}
	}
	idOf := func(g *G) int64 {
		if g == nil {
			return 0
		}
		return g.ID
	}
	for i, op := range sc {
		switch op {
		case rqPut, rqPutNext:
			g := fresh()
			s.runqput(pp, g, op == rqPutNext)
			model.put(g.ID, op == rqPutNext)
		case rqGet:
			g, inherit := s.runqget(pp)
			wg, winherit := model.get()
			if idOf(g) != wg || (g != nil && inherit != winherit) {
				return fmt.Sprintf("op %d (%v): runqget gave G%d inherit=%v, want G%d inherit=%v",
					i, op, idOf(g), inherit, wg, winherit)
			}
		case rqGlobalPut:
			g := fresh()
			s.globrunqput(g)
			model.global = append(model.global, g.ID)
		case rqGlobalGet:
			g := s.globrunqget(pp)
			if w := model.globalGet(); idOf(g) != w {
				return fmt.Sprintf("op %d (%v): got G%d, want G%d", i, op, idOf(g), w)
			}
		case rqGlobalBatch:
			if pp.runqLen() != 0 {
				continue // findRunnable takes a batch only when the local queue is empty
			}
			g := s.globrunqgetbatch(pp)
			if w := model.globalBatch(s.procs); idOf(g) != w {
				return fmt.Sprintf("op %d (%v): got G%d, want G%d", i, op, idOf(g), w)
			}
		}
		if d := rqCompare(s, pp, model); d != "" {
			return fmt.Sprintf("after op %d (%v): %s", i, op, d)
		}
	}
	return ""
}

func TestQuickRunqMatchesTheSliceModel(t *testing.T) {
	var first string
	overflows := 0
	prop := func(sc rqScript) bool {
		d := rqRun(t, sc)
		if d != "" && first == "" {
			first = fmt.Sprintf("script of %d ops: %s", len(sc), d)
		}
		return d == ""
	}
	cfg := &quick.Config{MaxCount: 150, Rand: rand.New(rand.NewSource(1))}
	if testing.Short() {
		cfg.MaxCount = 30
	}
	if err := quick.Check(prop, cfg); err != nil {
		t.Fatalf("%s", first)
	}
	// The generator must reach the overflow path, or the check proves little.
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 20; i++ {
		sc := rqScript{}.Generate(r, 0).Interface().(rqScript)
		s := rqSim(t, 1, func(e *Event) {
			if e.Kind == EvRunqOverflow {
				overflows++
			}
		})
		pp := s.allp[0]
		var id int64 = 1_000_000
		for _, op := range sc {
			id++
			switch op {
			case rqPut, rqPutNext:
				s.runqput(pp, &G{ID: id, status: Grunnable}, op == rqPutNext)
			case rqGet:
				s.runqget(pp)
			}
		}
	}
	require.Positive(t, overflows, "the scripts never overflow the local queue")
}

func TestQuickRunqOverflowMovesOldestHalfAndThePutGToGlobalTail(t *testing.T) {
	s := rqSim(t, 1, nil)
	pp := s.allp[0]
	g0, _ := s.runqget(pp) // the main G leaves runnext
	require.NotNil(t, g0)
	var ids []int64
	for i := 1; i <= rqCap; i++ {
		s.runqput(pp, &G{ID: int64(i), status: Grunnable}, false)
		ids = append(ids, int64(i))
	}
	s.globrunqput(&G{ID: 999, status: Grunnable})
	s.runqput(pp, &G{ID: 500, status: Grunnable}, false)
	got := rqModelOf(s, pp)
	want := append([]int64{999}, ids[:128]...)
	want = append(want, 500)
	require.Equal(t, want, got.global, "129 Gs, oldest first, after what was there")
	require.Equal(t, ids[128:], got.local)
}

// TestQuickRunqStealTakesHalfFromTheHeadAndRunsTheLast checks runqsteal
// against the model: n - n/2 Gs from the victim's head, the thief runs the
// last of them and queues the other n-1 in order; runnext is taken only when
// the queue is empty and runnext stealing is allowed.
func TestQuickRunqStealTakesHalfFromTheHeadAndRunsTheLast(t *testing.T) {
	var first string
	prop := func(rotate uint16, k uint16, withNext, stealNext bool) bool {
		var steals []Event
		s := rqSim(t, 2, func(e *Event) {
			if e.Kind == EvSteal {
				steals = append(steals, *e)
			}
		})
		thief, victim := s.allp[0], s.allp[1]
		m := s.allm[0]
		require.Equal(t, thief, m.p)
		id := int64(1_000_000)
		fresh := func() *G { id++; return &G{ID: id, status: Grunnable} }
		// Move the victim's ring indices so that the batch may wrap.
		for i := 0; i < int(rotate%600); i++ {
			s.runqput(victim, fresh(), false)
			s.runqget(victim)
		}
		n := int(k % (rqCap + 1))
		for i := 0; i < n; i++ {
			s.runqput(victim, fresh(), false)
		}
		if withNext {
			s.runqput(victim, fresh(), true)
		}
		vmodel := rqModelOf(s, victim)
		tmodel := rqModelOf(s, thief)
		fail := func(format string, args ...any) bool {
			if first == "" {
				first = fmt.Sprintf("rotate=%d k=%d next=%v stealNext=%v: ", rotate%600, n, withNext, stealNext) +
					fmt.Sprintf(format, args...)
			}
			return false
		}

		g, slept := s.runqsteal(m, thief, victim, stealNext, stealTries-1)
		if slept {
			return fail("slept although the victim is idle")
		}
		take := n - n/2
		var want int64
		switch {
		case take > 0:
			batch := vmodel.local[:take]
			want = batch[take-1]
			tmodel.local = append(tmodel.local, batch[:take-1]...)
			vmodel.local = vmodel.local[take:]
		case stealNext && vmodel.runnext != 0:
			want = vmodel.runnext
			take = 1
			vmodel.runnext = 0
		}
		got := int64(0)
		if g != nil {
			got = g.ID
		}
		if got != want {
			return fail("runqsteal gave G%d, want G%d", got, want)
		}
		if d := rqCompare(s, victim, vmodel); d != "" {
			return fail("victim: %s", d)
		}
		if d := rqCompare(s, thief, tmodel); d != "" {
			return fail("thief: %s", d)
		}
		if want == 0 {
			return len(steals) == 0 || fail("a steal event for nothing")
		}
		if len(steals) != 1 || steals[0].G != want || steals[0].N != int64(take) ||
			steals[0].P != thief.ID || steals[0].P2 != victim.ID || steals[0].Flag != (n == 0) {
			return fail("steal events %v", steals)
		}
		return true
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 400, Rand: rand.New(rand.NewSource(3))}); err != nil {
		t.Fatalf("%s", first)
	}
}

func TestQuickRunqStealBacksOffBeforeTakingARunningPsRunnext(t *testing.T) {
	s := rqSim(t, 2, nil)
	thief, victim := s.allp[0], s.allp[1]
	m := s.allm[0]
	other := &M{ID: 42, curg: &G{ID: 7, status: Grunning}, state: MRunning}
	victim.status, victim.m = Prunning, other
	rn := &G{ID: 8, status: Grunnable}
	s.runqput(victim, rn, true)

	g, slept := s.runqsteal(m, thief, victim, true, stealTries-1)
	require.Nil(t, g)
	require.True(t, slept, "usleep(3) before stealing a running P's runnext")
	require.Equal(t, rn, victim.runnext)

	g, slept = s.runqsteal(m, thief, victim, true, stealTries-1)
	require.False(t, slept, "only one back-off per findRunnable")
	require.Equal(t, rn, g)
	require.Nil(t, victim.runnext)
}

func TestQuickRunqStealTakesASyscallPsRunnextAtOnce(t *testing.T) {
	s := rqSim(t, 2, nil)
	thief, victim := s.allp[0], s.allp[1]
	other := &M{ID: 42, curg: &G{ID: 7, status: Gsyscall}, state: MSyscall}
	victim.status, victim.m = Prunning, other
	rn := &G{ID: 8, status: Grunnable}
	s.runqput(victim, rn, true)
	g, slept := s.runqsteal(s.allm[0], thief, victim, true, stealTries-1)
	require.False(t, slept)
	require.Equal(t, rn, g)
}

// TestRunqStealBacksOffWhenVictimMIsInScheduler: runqgrab also sleeps 3µs
// when the victim P is running and its M has no current G, since that M is
// probably in the scheduler about to run the runnext G (proc.go:runqgrab).
func TestRunqStealBacksOffWhenVictimMIsInScheduler(t *testing.T) {
	s := rqSim(t, 2, nil)
	thief, victim := s.allp[0], s.allp[1]
	other := &M{ID: 42, state: MRunning} // in the scheduler: no curg
	victim.status, victim.m = Prunning, other
	s.runqput(victim, &G{ID: 8, status: Grunnable}, true)
	g, slept := s.runqsteal(s.allm[0], thief, victim, true, stealTries-1)
	require.Nil(t, g)
	require.True(t, slept)
}

// TestQuickRunqDestroyMovesQueueThenRunnextToGlobalHead checks (*p).destroy:
// the local queue, then runnext, go to the global head, so the global queue
// reads runnext, the local queue in order, then what it held before.
func TestQuickRunqDestroyMovesQueueThenRunnextToGlobalHead(t *testing.T) {
	var first string
	prop := func(k uint16, g uint8, withNext bool) bool {
		s := rqSim(t, 2, nil)
		cur, pp := s.allp[0], s.allp[1]
		id := int64(1_000_000)
		fresh := func() *G { id++; return &G{ID: id, status: Grunnable} }
		for i := 0; i < int(g%20); i++ {
			s.globrunqput(fresh())
		}
		for i := 0; i < int(k%(rqCap+1)); i++ {
			s.runqput(pp, fresh(), false)
		}
		if withNext {
			s.runqput(pp, fresh(), true)
		}
		before := rqModelOf(s, pp)
		var want []int64
		if before.runnext != 0 {
			want = append(want, before.runnext)
		}
		want = append(want, before.local...)
		want = append(want, before.global...)
		s.destroyP(pp, cur)
		after := rqModelOf(s, pp)
		if !slices.Equal(after.global, want) || after.runnext != 0 || len(after.local) != 0 || pp.status != Pdead {
			if first == "" {
				first = fmt.Sprintf("k=%d: global %v, want %v", k%(rqCap+1), after.global, want)
			}
			return false
		}
		return rqCompare(s, pp, after) == ""
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 200, Rand: rand.New(rand.NewSource(4))}); err != nil {
		t.Fatalf("%s", first)
	}
}
