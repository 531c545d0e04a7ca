package main

func main() {
	p := struct{ x int }{1}
	_ = p
}
