package main

func first[T any](a, b T) T { return a }

func main() {
	_ = first(1, 2)
}
