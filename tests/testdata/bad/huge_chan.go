package main

func main() {
	ch := make(chan int, 1<<41)
	ch <- 1
}
