package main

type stack struct{ items []int }

func (s *stack) pop() int {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}

func main() {
	s := &stack{items: []int{1}}
	do := func() int { return s.pop() }
	do()
	do()
}
