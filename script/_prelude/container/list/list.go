// Package list is the scenes' container/list, written in Go: a doubly
// linked list, whose zero value is an empty list ready to use.
package list

// Element is an element of a List.
type Element struct {
	// next and prev link the elements; the list's root closes the ring.
	next, prev *Element
	list       *List
	// Value is what the element holds.
	Value any
}

// Next is the element after e, or nil.
func (e *Element) Next() *Element {
	if n := e.next; e.list != nil && n != &e.list.root {
		return n
	}
	return nil
}

// Prev is the element before e, or nil.
func (e *Element) Prev() *Element {
	if p := e.prev; e.list != nil && p != &e.list.root {
		return p
	}
	return nil
}

// List is a doubly linked list.
type List struct {
	root Element // a sentinel: root.next is the front, root.prev the back
	len  int
}

// Init empties l.
func (l *List) Init() *List {
	l.root.next = &l.root
	l.root.prev = &l.root
	l.len = 0
	return l
}

// New returns an empty list.
func New() *List { return new(List).Init() }

// Len is the number of elements.
func (l *List) Len() int { return l.len }

// Front is the first element, or nil.
func (l *List) Front() *Element {
	if l.len == 0 {
		return nil
	}
	return l.root.next
}

// Back is the last element, or nil.
func (l *List) Back() *Element {
	if l.len == 0 {
		return nil
	}
	return l.root.prev
}

// lazyInit makes a zero List usable.
func (l *List) lazyInit() {
	if l.root.next == nil {
		l.Init()
	}
}

// link puts e after at.
func (l *List) link(e, at *Element) *Element {
	e.prev = at
	e.next = at.next
	e.prev.next = e
	e.next.prev = e
	e.list = l
	l.len++
	return e
}

// unlink takes e out of l.
func (l *List) unlink(e *Element) {
	e.prev.next = e.next
	e.next.prev = e.prev
	e.next = nil
	e.prev = nil
	e.list = nil
	l.len--
}

// relink moves e, already in l, after at.
func (l *List) relink(e, at *Element) {
	if e == at {
		return
	}
	e.prev.next = e.next
	e.next.prev = e.prev

	e.prev = at
	e.next = at.next
	e.prev.next = e
	e.next.prev = e
}

// Remove removes e from l if it is an element of l, and returns its Value.
func (l *List) Remove(e *Element) any {
	if e.list == l {
		l.unlink(e)
	}
	return e.Value
}

// PushFront inserts v at the front and returns its element.
func (l *List) PushFront(v any) *Element {
	l.lazyInit()
	return l.link(&Element{Value: v}, &l.root)
}

// PushBack inserts v at the back and returns its element.
func (l *List) PushBack(v any) *Element {
	l.lazyInit()
	return l.link(&Element{Value: v}, l.root.prev)
}

// InsertBefore inserts v before mark, an element of l, and returns its
// element; if mark is not in l, l is unchanged and the result nil.
func (l *List) InsertBefore(v any, mark *Element) *Element {
	if mark.list != l {
		return nil
	}
	return l.link(&Element{Value: v}, mark.prev)
}

// InsertAfter inserts v after mark, an element of l, and returns its
// element; if mark is not in l, l is unchanged and the result nil.
func (l *List) InsertAfter(v any, mark *Element) *Element {
	if mark.list != l {
		return nil
	}
	return l.link(&Element{Value: v}, mark)
}

// MoveToFront moves e, an element of l, to the front.
func (l *List) MoveToFront(e *Element) {
	if e.list != l || l.root.next == e {
		return
	}
	l.relink(e, &l.root)
}

// MoveToBack moves e, an element of l, to the back.
func (l *List) MoveToBack(e *Element) {
	if e.list != l || l.root.prev == e {
		return
	}
	l.relink(e, l.root.prev)
}

// MoveBefore moves e before mark; both must be elements of l.
func (l *List) MoveBefore(e, mark *Element) {
	if e.list != l || e == mark || mark.list != l {
		return
	}
	l.relink(e, mark.prev)
}

// MoveAfter moves e after mark; both must be elements of l.
func (l *List) MoveAfter(e, mark *Element) {
	if e.list != l || e == mark || mark.list != l {
		return
	}
	l.relink(e, mark)
}

// PushBackList inserts a copy of other at the back of l (other may be l).
func (l *List) PushBackList(other *List) {
	l.lazyInit()
	for i, e := other.Len(), other.Front(); i > 0; i, e = i-1, e.Next() {
		l.link(&Element{Value: e.Value}, l.root.prev)
	}
}

// PushFrontList inserts a copy of other at the front of l (other may be
// l).
func (l *List) PushFrontList(other *List) {
	l.lazyInit()
	for i, e := other.Len(), other.Back(); i > 0; i, e = i-1, e.Prev() {
		l.link(&Element{Value: e.Value}, &l.root)
	}
}
