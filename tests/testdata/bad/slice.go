package main

func main() {
	s := []int{1, 2}
	_ = s
}
