// container/heap and container/list.
package main

import (
	"container/heap"
	"container/list"
	"fmt"
)

type Item struct {
	value    string
	priority int
	index    int
}

type PriorityQueue []*Item

func (pq PriorityQueue) Len() int { return len(pq) }
func (pq PriorityQueue) Less(i, j int) bool {
	return pq[i].priority > pq[j].priority
}
func (pq PriorityQueue) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}
func (pq *PriorityQueue) Push(x any) {
	item := x.(*Item)
	item.index = len(*pq)
	*pq = append(*pq, item)
}
func (pq *PriorityQueue) Pop() any {
	old := *pq
	n := len(old)
	item := old[n-1]
	old[n-1] = nil
	item.index = -1
	*pq = old[0 : n-1]
	return item
}

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[0 : n-1]
	return x
}

func main() {
	items := map[string]int{"banana": 3, "apple": 2, "pear": 4, "fig": 3, "kiwi": 2}
	names := []string{"banana", "apple", "pear", "fig", "kiwi"}
	pq := make(PriorityQueue, len(items))
	for i, name := range names {
		pq[i] = &Item{value: name, priority: items[name], index: i}
	}
	heap.Init(&pq)
	item := &Item{value: "orange", priority: 1}
	heap.Push(&pq, item)
	item.priority = 5
	heap.Fix(&pq, item.index)
	removed := heap.Remove(&pq, 2).(*Item)
	fmt.Println("removed", removed.value)
	for pq.Len() > 0 {
		it := heap.Pop(&pq).(*Item)
		fmt.Printf("%.2d:%s ", it.priority, it.value)
	}
	fmt.Println()
	h := &IntHeap{5, 2, 8, 1, 9, 3, 7, 3, 3}
	heap.Init(h)
	fmt.Println(*h)
	heap.Push(h, 0)
	fmt.Println(*h)
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println()

	l := list.New()
	e4 := l.PushBack(4)
	e1 := l.PushFront(1)
	l.InsertBefore(3, e4)
	l.InsertAfter(2, e1)
	print := func(l *list.List) {
		for e := l.Front(); e != nil; e = e.Next() {
			fmt.Print(e.Value, " ")
		}
		fmt.Print("| ")
		for e := l.Back(); e != nil; e = e.Prev() {
			fmt.Print(e.Value, " ")
		}
		fmt.Println(l.Len())
	}
	print(l)
	l.MoveToFront(e4)
	l.MoveToBack(e1)
	print(l)
	l.MoveBefore(e1, e4)
	l.MoveAfter(e4, l.Back())
	print(l)
	fmt.Println(l.Remove(e4), l.Remove(e4))
	print(l)
	other := list.New()
	other.PushBack("a")
	other.PushBack("b")
	l.PushBackList(other)
	l.PushFrontList(other)
	print(l)
	l.PushBackList(l)
	print(l)
	var zero list.List
	zero.PushBack("lazy")
	print(&zero)
	fmt.Println(zero.Front().Prev() == nil, zero.Back().Next() == nil, l.Init().Len(), l.Front() == nil)
	stray := &list.Element{Value: 1}
	fmt.Println(l.InsertBefore(0, stray) == nil, l.Remove(stray))
}
