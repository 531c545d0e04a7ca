package main

func down(n int) int {
	if n == 0 {
		return 0
	}
	return down(n-1) + 1
}

func main() {
	println(down(3_000_000))
}
