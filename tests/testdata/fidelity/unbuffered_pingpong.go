//scene title="unbuffered ping-pong"

package main

func main() {
	ping := make(chan int)
	pong := make(chan int)
	go func() {
		for v := range ping {
			println("pong", v)
			pong <- v + 1
		}
		close(pong)
	}()
	v := 0
	for range 5 {
		ping <- v
		v = <-pong
		println("ping", v)
	}
	close(ping)
	_, ok := <-pong
	println("closed", ok)
}
