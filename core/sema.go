package core

import "fmt"

// Runtime semaphores and notify lists (runtime/sema.go): the sleep and
// wake-up under sync.RWMutex, sync.Cond and anything else the sync package
// builds on runtime_Semacquire*/runtime_Semrelease and runtime_notifyList*.
// The scene library keeps the counters of those types (readerCount,
// readerWait) in ordinary memory, as sync/rwmutex.go does; only the parts
// that park and ready goroutines live here.
//
// A semaphore is the uint32 at an address plus the sudogs queued on that
// address in its semaRoot; here each address is an object of its own, so
// the treap and the semTable hashing are not modelled (they decide nothing
// about order: waiters on one address form a plain list).

// sema is one semaphore address: its count (*addr) and its waiters, head
// first (sema.go:semaRoot.queue keeps one list per address).
type sema struct {
	count   uint32
	waiters []*G
}

// NewSema makes a runtime semaphore with count 0; its id is what
// OpSemacquire and OpSemrelease take.
func (s *Sim) NewSema() int64 {
	s.objs.semas = append(s.objs.semas, &sema{})
	return int64(len(s.objs.semas))
}

func (s *Sim) semaByID(id int64) *sema {
	if id <= 0 || id > int64(len(s.objs.semas)) {
		return nil
	}
	return s.objs.semas[id-1]
}

// cansemacquire takes one count if there is one (sema.go:cansemacquire).
func (se *sema) cansemacquire() bool {
	if se.count == 0 {
		return false
	}
	se.count--
	return true
}

// queue adds g to the waiters: at the tail, or with lifo at the head
// (sema.go:semaRoot.queue, where lifo substitutes s for the head t and puts
// t first in s's wait list).
func (se *sema) queue(g *G, lifo bool) {
	if lifo {
		se.waiters = append([]*G{g}, se.waiters...)
		return
	}
	se.waiters = append(se.waiters, g)
}

// semacquire is semacquire1 for g: the easy case takes a count; otherwise g
// queues (FIFO, or LIFO with lifo) and parks with reason. It reports
// whether g parked. The woken G goes on in semacquireResume.
func (s *Sim) semacquire(m *M, g *G, id int64, lifo bool, reason WaitReason) bool {
	se := s.semaByID(id)
	if se == nil {
		s.panicG(g, "invalid semaphore")
		return true
	}
	// Easy case.
	if se.cansemacquire() {
		return false
	}
	if reason == WaitNone {
		reason = WaitSemacquire // sema.go:semacquire, sync_runtime_Semacquire
	}
	g.semaLifo, g.semaReason, g.semaTicket = lifo, reason, false
	// The second cansemacquire under root.lock cannot succeed here: the
	// check above and the queueing are one step.
	se.queue(g, lifo)
	s.gopark(m, g, reason, LocWait, id) // goparkunlock(&root.lock, reason, …)
	return true
}

// semacquireResume is the rest of semacquire1's loop in the woken G: with
// a hand-off ticket the count is already its own; otherwise it tries
// cansemacquire and, if another G took the count first, queues again the
// same way (FIFO, or LIFO if the caller asked for lifo) and parks again.
// It reports whether g parked.
func (s *Sim) semacquireResume(m *M, g *G) bool {
	if g.semaTicket {
		g.semaTicket = false
		return false
	}
	se := s.semaByID(g.opObj)
	if se == nil || se.cansemacquire() {
		return false
	}
	se.queue(g, g.semaLifo)
	s.gopark(m, g, g.semaReason, LocWait, g.opObj)
	return true
}

// semrelease is semrelease1 for g: the count goes up and the first waiter,
// if any, is readied into the waker's runnext (readyWithTime → goready).
// With handoff the waiter also takes the count at once (s.ticket = 1) and
// g yields its P to it (goyield: g to its own P's run queue tail). It
// reports whether g yielded.
func (s *Sim) semrelease(m *M, g *G, id int64, handoff bool) bool {
	se := s.semaByID(id)
	if se == nil {
		s.panicG(g, "invalid semaphore")
		return true
	}
	se.count++
	// Easy case: no waiters?
	if len(se.waiters) == 0 {
		return false
	}
	w := se.waiters[0] // root.dequeue(addr): the head of addr's list
	se.waiters[0] = nil
	se.waiters = se.waiters[1:]
	if handoff && se.cansemacquire() {
		w.semaTicket = true
	}
	ticket := w.semaTicket
	w.res = Result{}
	s.ready(m, g, w, true)
	if ticket {
		// Direct G handoff: the waiter is our runnext; run it now.
		s.goyield(m, g)
		return true
	}
	return false
}

// notifyList is the ticket-based list under sync.Cond (sema.go:notifyList):
// wait is the ticket of the next waiter, notify the ticket of the next one
// to be notified, and the parked waiters in the order they parked.
type notifyList struct {
	wait    uint32
	notify  uint32
	waiters []notifyWaiter
}

type notifyWaiter struct {
	g      *G
	ticket uint32
}

// NewNotifyList makes a notify list; its id is what the OpNotifyList ops
// take.
func (s *Sim) NewNotifyList() int64 {
	s.objs.notifyLists = append(s.objs.notifyLists, &notifyList{})
	return int64(len(s.objs.notifyLists))
}

func (s *Sim) notifyListByID(id int64) *notifyList {
	if id <= 0 || id > int64(len(s.objs.notifyLists)) {
		return nil
	}
	return s.objs.notifyLists[id-1]
}

// lessTicket is sema.go:less, a < b for wrapping ticket counters.
func lessTicket(a, b uint32) bool { return int32(a-b) < 0 }

// notifyListAdd takes the next ticket (sema.go:notifyListAdd).
func (s *Sim) notifyListAdd(g *G, id int64) (uint32, bool) {
	l := s.notifyListByID(id)
	if l == nil {
		s.panicG(g, "invalid notify list")
		return 0, false
	}
	t := l.wait
	l.wait++
	return t, true
}

// notifyListWait parks g with ticket t unless t was notified already
// (sema.go:notifyListWait). It reports whether g parked.
func (s *Sim) notifyListWait(m *M, g *G, id int64, t uint32) bool {
	l := s.notifyListByID(id)
	if l == nil {
		s.panicG(g, "invalid notify list")
		return true
	}
	// Return right away if this ticket has already been notified.
	if lessTicket(t, l.notify) {
		return false
	}
	l.waiters = append(l.waiters, notifyWaiter{g: g, ticket: t})
	s.gopark(m, g, WaitSyncCondWait, LocWait, id)
	return true
}

// notifyListNotifyOne readies the waiter holding the next ticket to notify
// — the longest waiter — into the waker's runnext
// (sema.go:notifyListNotifyOne → readyWithTime → goready). A ticket whose
// G has not parked yet is consumed all the same: that G will not park.
func (s *Sim) notifyListNotifyOne(m *M, g *G, id int64) {
	l := s.notifyListByID(id)
	if l == nil {
		s.panicG(g, "invalid notify list")
		return
	}
	// Fast path: no new waiters since the last notification.
	if l.wait == l.notify {
		return
	}
	t := l.notify
	l.notify = t + 1
	for i, w := range l.waiters {
		if w.ticket == t {
			l.waiters = append(l.waiters[:i], l.waiters[i+1:]...)
			w.g.res = Result{}
			s.ready(m, g, w.g, true)
			return
		}
	}
}

// notifyListNotifyAll readies every waiter in list order, each into the
// waker's runnext, kicking the previous one to the run queue tail
// (sema.go:notifyListNotifyAll): on one P the last waiter runs first, then
// the others in the order they waited.
func (s *Sim) notifyListNotifyAll(m *M, g *G, id int64) {
	l := s.notifyListByID(id)
	if l == nil {
		s.panicG(g, "invalid notify list")
		return
	}
	if l.wait == l.notify {
		return
	}
	ws := l.waiters
	l.waiters = nil
	l.notify = l.wait
	for _, w := range ws {
		w.g.res = Result{}
		s.ready(m, g, w.g, true)
	}
}

// tryLock is internal/sync/mutex.go:Mutex.TryLock: it fails if the mutex
// is locked or starving (a starving mutex belongs to its waiters), and
// never parks.
func (s *Sim) tryLock(g *G, id int64) bool {
	mu := s.mutexByID(id)
	if mu == nil {
		s.panicG(g, "invalid mutex")
		return false
	}
	if mu.locked || mu.starving {
		return false
	}
	mu.locked = true
	return true
}

// doSemaOp performs the ops of this file for doOp.
func (s *Sim) doSemaOp(m *M, g *G, op *Op) (cost Duration, cont bool) {
	c := s.costs
	switch op.Kind {
	case OpNewSema:
		g.res = Result{Obj: s.NewSema()}
	case OpSemacquire:
		g.opKind, g.opObj, g.opStarted = OpSemacquire, op.Obj, true
		if s.semacquire(m, g, op.Obj, op.N&SemaLIFO != 0, op.Reason) {
			s.afterPark(m)
			return 0, false
		}
		g.opKind, g.opStarted = OpNone, false
	case OpSemrelease:
		if s.semrelease(m, g, op.Obj, op.N&SemaHandoff != 0) {
			return 0, false
		}
	case OpNewNotifyList:
		g.res = Result{Obj: s.NewNotifyList()}
	case OpNotifyListAdd:
		t, ok := s.notifyListAdd(g, op.Obj)
		if !ok {
			return 0, false
		}
		g.res = Result{N: int64(t)}
	case OpNotifyListWait:
		if s.notifyListWait(m, g, op.Obj, uint32(op.N)) {
			s.afterPark(m)
			return 0, false
		}
	case OpNotifyListNotifyOne:
		s.notifyListNotifyOne(m, g, op.Obj)
	case OpNotifyListNotifyAll:
		s.notifyListNotifyAll(m, g, op.Obj)
	case OpTryLock:
		g.res = Result{Ok: s.tryLock(g, op.Obj)}
	case OpFatal:
		// sync.fatal → runtime.sync_fatal → fatal: "fatal error: …",
		// which no recover stops.
		s.fatalThrow(op.Text)
		return 0, false
	default:
		panic(fmt.Sprintf("core.doSemaOp: op %v not handled", op.Kind))
	}
	if s.exited {
		return 0, false
	}
	return c.Op, true
}

// Flags of OpSemacquire and OpSemrelease (in Op.N).
const (
	SemaLIFO    = 1 // semacquire1(addr, lifo=true, …): queue at the head
	SemaHandoff = 1 // semrelease1(addr, handoff=true, …): hand the count and the P to the waiter
)

// checkSemas checks that every G queued on a semaphore or a notify list is
// parked there, once, with a reason that says so (I1, I2).
func (s *Sim) checkSemas() error {
	on := map[*G]bool{}
	check := func(g *G, id int64, what string) error {
		if on[g] {
			return fmt.Errorf("I1: G%d queued twice (again on %s %d)", g.ID, what, id)
		}
		on[g] = true
		if g.status != Gwaiting || g.loc != LocWait || g.waitObj != id {
			return fmt.Errorf("I2: G%d queued on %s %d is %v at %v on %d", g.ID, what, id, g.status, g.loc, g.waitObj)
		}
		return nil
	}
	for i, se := range s.objs.semas {
		for _, g := range se.waiters {
			if err := check(g, int64(i+1), "semaphore"); err != nil {
				return err
			}
			if g.waitReason != g.semaReason {
				return fmt.Errorf("I2: G%d on semaphore %d waits for %q, not %q", g.ID, i+1, g.waitReason, g.semaReason)
			}
		}
	}
	for i, l := range s.objs.notifyLists {
		for _, w := range l.waiters {
			if err := check(w.g, int64(i+1), "notify list"); err != nil {
				return err
			}
			if w.g.waitReason != WaitSyncCondWait || !lessTicket(w.ticket, l.wait) || lessTicket(w.ticket, l.notify) {
				return fmt.Errorf("I2: G%d on notify list %d: %q, ticket %d outside [%d,%d)", w.g.ID, i+1, w.g.waitReason, w.ticket, l.notify, l.wait)
			}
		}
	}
	return nil
}
