package realbench

import (
	"runtime"
	"sync"
	"time"
)

// PingPong bounces a value between two goroutines over two unbuffered
// channels and returns n and the time taken.
//
// One op is one send on an unbuffered channel completed by the other
// goroutine's receive: a hand-off of the value from one G to the other. The
// value carries the number of hand-offs so far, and the G that receives the
// n-th stops, so exactly n sends complete. At GOMAXPROCS=1 each hand-off makes
// the receiver runnable (in the P's runnext slot) and the sender then blocks
// on its own receive, so one op is one goroutine switch.
//
// PingPong returns (0, 0) for n <= 0.
func PingPong(n int) (ops int, elapsed time.Duration) {
	if n <= 0 {
		return 0, 0
	}
	ping, pong := make(chan int), make(chan int)
	var wg sync.WaitGroup
	// player receives hand-off v on in; unless it was the last, it passes
	// hand-off v+1 on out. It closes out when it stops, which stops the other
	// player in turn.
	player := func(in <-chan int, out chan<- int) {
		defer wg.Done()
		defer close(out)
		for v := range in {
			if v == n {
				return
			}
			out <- v + 1
		}
	}
	wg.Add(2)
	start := time.Now()
	go func() {
		ping <- 1 // the first hand-off
		player(pong, ping)
	}()
	go player(ping, pong)
	wg.Wait()
	return n, time.Since(start)
}

// Gosched runs two goroutines that each call runtime.Gosched in a loop, n
// calls in all, and returns n and the time taken.
//
// One op is one runtime.Gosched call: the calling G moves to the global run
// queue and the P picks another G. At GOMAXPROCS=1 the two goroutines take
// turns, so one op is one goroutine switch. The first goroutine yields
// ceil(n/2) times and the second floor(n/2) times.
//
// Gosched returns (0, 0) for n <= 0.
func Gosched(n int) (ops int, elapsed time.Duration) {
	if n <= 0 {
		return 0, 0
	}
	var wg sync.WaitGroup
	yield := func(times int) {
		defer wg.Done()
		for range times {
			runtime.Gosched()
		}
	}
	wg.Add(2)
	start := time.Now()
	go yield(n - n/2)
	go yield(n / 2)
	wg.Wait()
	return n, time.Since(start)
}

// SpawnRunExit starts n goroutines that do nothing but mark a WaitGroup done
// and exit, waits for all of them, and returns n and the time taken.
//
// One op is one goroutine's whole life: created by the spawning G (newproc),
// scheduled onto the P, run, and exited (goexit), its G returned to the free
// list for reuse.
//
// SpawnRunExit returns (0, 0) for n <= 0.
func SpawnRunExit(n int) (ops int, elapsed time.Duration) {
	if n <= 0 {
		return 0, 0
	}
	var wg sync.WaitGroup
	wg.Add(n)
	start := time.Now()
	for range n {
		go wg.Done()
	}
	wg.Wait()
	return n, time.Since(start)
}

// A Workload is one of the functions above, with the name it is reported by.
type Workload struct {
	Name string
	Run  func(n int) (ops int, elapsed time.Duration)
}

// Workloads lists every workload of this package, in report order.
var Workloads = []Workload{
	{"PingPong", PingPong},
	{"Gosched", Gosched},
	{"SpawnRunExit", SpawnRunExit},
}
