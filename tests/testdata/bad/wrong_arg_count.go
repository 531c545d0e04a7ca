package main

func greet() {}

func main() {
	greet("hello")
}
