package main

type node struct{ next *node }

func main() {
	var n *node
	println(n.next)
}
