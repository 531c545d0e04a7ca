package main

func main() {
	m := map[string]int{}
	_ = m
}
