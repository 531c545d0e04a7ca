package core

// gQueue is a FIFO of Gs linked through G.schedlink, like the runtime's
// gQueue with its size (runtime2.go:gQueue). The global run queue is one.
type gQueue struct {
	head, tail *G
	size       int
}

func (q *gQueue) empty() bool { return q.head == nil }

func (q *gQueue) pushBack(g *G) {
	g.schedlink = nil
	if q.tail != nil {
		q.tail.schedlink = g
	} else {
		q.head = g
	}
	q.tail = g
	q.size++
}

func (q *gQueue) pushFront(g *G) {
	g.schedlink = q.head
	q.head = g
	if q.tail == nil {
		q.tail = g
	}
	q.size++
}

func (q *gQueue) pop() *G {
	g := q.head
	if g == nil {
		return nil
	}
	q.head = g.schedlink
	if q.head == nil {
		q.tail = nil
	}
	g.schedlink = nil
	q.size--
	return g
}

// each calls f for every G in order.
func (q *gQueue) each(f func(*G)) {
	for g := q.head; g != nil; g = g.schedlink {
		f(g)
	}
}

// runqLen is len(p.runq) as schedtrace prints it: runnext not counted.
func (pp *P) runqLen() int { return int(pp.runqtail - pp.runqhead) }

// runqempty reports whether pp has no G in runq or runnext (proc.go:runqempty).
func (pp *P) runqempty() bool { return pp.runqhead == pp.runqtail && pp.runnext == nil }

// runqat returns the i-th G from the head of pp's local queue.
func (pp *P) runqat(i int) *G { return pp.runq[(pp.runqhead+uint32(i))%uint32(len(pp.runq))] }

// pushTail appends g to the local ring; the caller checked there is room.
func (pp *P) pushTail(g *G) {
	pp.runq[pp.runqtail%uint32(len(pp.runq))] = g
	pp.runqtail++
}

// popHead removes the oldest G from the local ring, or returns nil.
func (pp *P) popHead() *G {
	if pp.runqhead == pp.runqtail {
		return nil
	}
	i := pp.runqhead % uint32(len(pp.runq))
	g := pp.runq[i]
	pp.runq[i] = nil
	pp.runqhead++
	return g
}
