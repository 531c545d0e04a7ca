package main

func main() {
	s := []int{1, 2, 3}
	i := 5
	println(s[i])
}
