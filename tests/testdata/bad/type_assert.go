package main

func main() {
	var x any = "text"
	println(x.(int))
}
