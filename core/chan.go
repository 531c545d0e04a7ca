package core

import "fmt"

// objects holds the program's channels, mutexes and WaitGroups, by id.
type objects struct {
	chans   []*hchan // id = index+1; 0 is the nil channel
	rtchans []*hchan // the runtime's own channels: id = -(index+1)
	mus     []*mutex
	wgs     []*waitGroup
	timers  []*timeTimer // time.Timer, Ticker, AfterFunc: id = index+1 (timerchan.go)
	// Runtime semaphores and notify lists (sema.go).
	semas       []*sema
	notifyLists []*notifyList
}

// sudog is a G waiting on a channel or semaphore (runtime2.go:sudog).
type sudog struct {
	g      *G
	val    any
	isSel  bool
	caseIx int
	c      *hchan
}

// hchan is a channel (chan.go:hchan).
type hchan struct {
	id     int64
	cap    int
	buf    []any // FIFO of buffered values
	closed bool
	recvq  []*sudog
	sendq  []*sudog
	timer  *timeTimer // the synchronous timer feeding it (timerchan.go)
}

// NewChan makes a channel with the given buffer before or during the run
// (for op-list programs); its id is what OpSend/OpRecv/OpClose take.
func (s *Sim) NewChan(capacity int) int64 {
	c := &hchan{id: int64(len(s.objs.chans) + 1), cap: capacity}
	s.objs.chans = append(s.objs.chans, c)
	return c.id
}

// newRuntimeChan makes a channel for runtime.main's own use, outside the
// program's id space so that program ids do not depend on the start-up.
func (s *Sim) newRuntimeChan(capacity int) int64 {
	c := &hchan{id: -int64(len(s.objs.rtchans) + 1), cap: capacity}
	s.objs.rtchans = append(s.objs.rtchans, c)
	return c.id
}

func (s *Sim) chanByID(id int64) *hchan {
	if id < 0 && -id <= int64(len(s.objs.rtchans)) {
		return s.objs.rtchans[-id-1]
	}
	if id <= 0 || id > int64(len(s.objs.chans)) {
		return nil
	}
	return s.objs.chans[id-1]
}

// dequeue pops the first waiter whose select has not already been won by
// another case (chan.go:waitq.dequeue).
func dequeue(q *[]*sudog) *sudog {
	for len(*q) > 0 {
		sg := (*q)[0]
		(*q)[0] = nil
		if len(*q) == 1 {
			*q = (*q)[:0] // keep the backing array for the next waiter
		} else {
			*q = (*q)[1:]
		}
		if sg.isSel {
			if sg.g.selDone {
				continue
			}
			sg.g.selDone = true
		}
		return sg
	}
	return nil
}

// wake hands a completed channel operation's result to a parked G and readies
// it into the waker's runnext (chan.go:send/recv → goready).
func (s *Sim) wakeSudog(m *M, waker *G, sg *sudog, res Result) {
	g := sg.g
	if sg.isSel {
		res.Case = sg.caseIx
		s.dropSelectWaiters(g)
	}
	g.res = res
	s.ready(m, waker, g, true)
	if !sg.isSel {
		*sg = sudog{}
		s.sudogFree = append(s.sudogFree, sg)
	}
}

func (s *Sim) acquireSudog() *sudog {
	if n := len(s.sudogFree); n > 0 {
		sg := s.sudogFree[n-1]
		s.sudogFree = s.sudogFree[:n-1]
		return sg
	}
	return new(sudog)
}

// opPanic makes g's current op panic with msg: the panic is handed to
// g's program (Result.Panic) when it can recover, and g goes on running;
// otherwise the process ends. It reports whether g goes on.
func (s *Sim) opPanic(g *G, msg string) bool {
	if r, ok := g.prog.(Recoverer); ok && r.Recovers() {
		g.res = Result{Panic: msg, Case: -1}
		return true
	}
	s.panicG(g, msg)
	return false
}

// panicG ends the process with a Go panic message (exit status 2).
func (s *Sim) panicG(g *G, msg string) {
	s.stderr = append(s.stderr, "panic: "+msg, "", fmt.Sprintf("goroutine %d [running]:", g.ID))
	var e Event
	s.emit(e.deadlock(g.ID, "panic: "+msg))
	s.deadlock = "panic: " + msg
	s.end(2)
}

// chansend performs c <- v for g (chan.go:chansend). It reports whether g
// parked.
func (s *Sim) chansend(m *M, g *G, id int64, v any) bool {
	c := s.chanByID(id)
	if c == nil {
		s.gopark(m, g, WaitChanSendNilChan, LocWait, 0)
		return true
	}
	if c.closed {
		return !s.opPanic(g, "send on closed channel")
	}
	if sg := dequeue(&c.recvq); sg != nil {
		// A receiver is waiting: hand the value over directly.
		s.wakeSudog(m, g, sg, Result{Val: v, Ok: true})
		return false
	}
	if len(c.buf) < c.cap {
		c.buf = append(c.buf, v)
		return false
	}
	sg := s.acquireSudog()
	sg.g, sg.val, sg.c = g, v, c
	c.sendq = append(c.sendq, sg)
	s.gopark(m, g, WaitChanSend, LocWait, id)
	return true
}

// chanrecv performs <-c for g (chan.go:chanrecv). It reports whether g
// parked; otherwise g.res holds the value.
func (s *Sim) chanrecv(m *M, g *G, id int64) bool {
	c := s.chanByID(id)
	if c == nil {
		s.gopark(m, g, WaitChanReceiveNilChan, LocWait, 0)
		return true
	}
	if c.timer != nil {
		s.maybeRunChan(m, c.timer)
	}
	if v, ok, done := s.tryRecv(m, g, c); done {
		g.res = Result{Val: v, Ok: ok}
		return false
	}
	sg := s.acquireSudog()
	sg.g, sg.c = g, c
	c.recvq = append(c.recvq, sg)
	if c.timer != nil {
		s.blockTimerChan(m, g, c)
	}
	s.gopark(m, g, WaitChanReceive, LocWait, id)
	return true
}

// tryRecv receives without blocking if possible (chan.go:chanrecv, recv).
func (s *Sim) tryRecv(m *M, g *G, c *hchan) (any, bool, bool) {
	if c.closed && len(c.buf) == 0 {
		return nil, false, true
	}
	if sg := dequeue(&c.sendq); sg != nil {
		var v any
		if c.cap == 0 {
			v = sg.val
		} else {
			// Take the head of the buffer; the sender's value goes to the tail.
			v = c.buf[0]
			c.buf = append(c.buf[1:], sg.val)
		}
		s.wakeSudog(m, g, sg, Result{})
		return v, true, true
	}
	if len(c.buf) > 0 {
		v := c.buf[0]
		c.buf[0] = nil
		c.buf = c.buf[1:]
		return v, true, true
	}
	return nil, false, false
}

// trySend sends without blocking if possible. It reports (done, panicked).
func (s *Sim) trySend(m *M, g *G, c *hchan, v any) (bool, bool) {
	if c.closed {
		if s.opPanic(g, "send on closed channel") {
			return true, false // done: the program panics
		}
		return true, true
	}
	if sg := dequeue(&c.recvq); sg != nil {
		s.wakeSudog(m, g, sg, Result{Val: v, Ok: true})
		return true, false
	}
	if len(c.buf) < c.cap {
		c.buf = append(c.buf, v)
		return true, false
	}
	return false, false
}

// closechan closes c: every waiting receiver gets the zero value, every
// waiting sender panics. Waiters are collected on a LIFO list and readied
// from its head, so on one P the first receiver runs first and the others
// run last to first (chan.go:closechan, docs/spec/runtime-facts.md §9.3).
func (s *Sim) closechan(m *M, g *G, id int64) {
	c := s.chanByID(id)
	if c == nil {
		s.opPanic(g, "close of nil channel")
		return
	}
	if c.closed {
		s.opPanic(g, "close of closed channel")
		return
	}
	c.closed = true
	var glist []*sudog // glist.push: newest at the end, popped from the end
	for {
		sg := dequeue(&c.recvq)
		if sg == nil {
			break
		}
		glist = append(glist, sg)
	}
	var senders []*sudog
	for {
		sg := dequeue(&c.sendq)
		if sg == nil {
			break
		}
		senders = append(senders, sg)
		glist = append(glist, sg)
	}
	for i := len(glist) - 1; i >= 0; i-- {
		sg := glist[i]
		res := Result{Ok: false}
		isSender := false
		for _, x := range senders {
			if x == sg {
				isSender = true
			}
		}
		if sg.isSel {
			res.Case = sg.caseIx
			s.dropSelectWaiters(sg.g)
		}
		if !isSender {
			sg.g.res = res
		} else {
			sg.g.sendClosed = true // it resumes into "send on closed channel"
		}
		s.ready(m, g, sg.g, true)
	}
}

// selectgo runs a select for g (chan.go:selectgo). Cases are polled in a
// random order drawn from the M's cheaprand; without a ready case and without
// default, g waits on every channel at once. It reports whether g parked.
func (s *Sim) selectgo(m *M, g *G, cases []SelectCase, hasDefault bool) bool {
	n := len(cases)
	order := make([]int, 0, n)
	for i, cs := range cases {
		c := s.chanByID(cs.Chan)
		if c == nil {
			continue
		}
		if c.timer != nil {
			s.maybeRunChan(m, c.timer)
		}
		j := int(m.rng.nextn(uint32(len(order) + 1)))
		order = append(order, 0)
		order[len(order)-1] = order[j]
		order[j] = i
	}
	for _, i := range order {
		cs := cases[i]
		c := s.chanByID(cs.Chan)
		if cs.Send {
			done, panicked := s.trySend(m, g, c, cs.Val)
			if panicked {
				return true
			}
			if done {
				if g.res.Panic == "" {
					g.res = Result{Case: i}
				}
				return false
			}
			continue
		}
		if v, ok, done := s.tryRecv(m, g, c); done {
			g.res = Result{Case: i, Val: v, Ok: ok}
			return false
		}
	}
	if hasDefault {
		g.res = Result{Case: -1}
		return false
	}
	if len(order) == 0 {
		s.gopark(m, g, WaitSelectNoCases, LocWait, 0)
		return true
	}
	g.selDone = false
	for _, i := range order {
		cs := cases[i]
		c := s.chanByID(cs.Chan)
		sg := &sudog{g: g, val: cs.Val, isSel: true, caseIx: i, c: c}
		g.sudogs = append(g.sudogs, sg)
		if cs.Send {
			c.sendq = append(c.sendq, sg)
		} else {
			c.recvq = append(c.recvq, sg)
		}
		if c.timer != nil {
			s.blockTimerChan(m, g, c)
		}
	}
	s.gopark(m, g, WaitSelect, LocWait, 0)
	return true
}

// dropSelectWaiters removes g's remaining select waiters from every channel
// once one case fired (chan.go:selectgo, the dequeueSudoG pass).
func (s *Sim) dropSelectWaiters(g *G) {
	for _, sg := range g.sudogs {
		sg.c.recvq = dropG(sg.c.recvq, g)
		sg.c.sendq = dropG(sg.c.sendq, g)
	}
	g.sudogs = nil
}

func dropG(q []*sudog, g *G) []*sudog {
	out := q[:0]
	for _, sg := range q {
		if sg.g != g || !sg.isSel {
			out = append(out, sg)
		}
	}
	for i := len(out); i < len(q); i++ {
		q[i] = nil
	}
	return out
}
