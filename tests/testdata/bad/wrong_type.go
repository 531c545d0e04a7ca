package main

func main() {
	var n int = "three"
	_ = n
}
