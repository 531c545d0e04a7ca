// Command firsttouch splits the time of vmbench's sieve into its parts:
// making the 4 MB slice, the first write to each of its elements (which
// faults its pages in: fresh memory from the operating system), and the
// sieve itself over memory already touched. The simulator charges the
// sieve's CPU work and no page faults (docs/scenes.md, "Speed of the
// interpreter"), so on a machine where faults are slow the compiled
// program's time is well above its virtual time.
//
//	go run ./cmd/calibrate/firsttouch [-runs 5]
//
// Each run is a new process (the Go heap keeps memory it has freed, so a
// second slice in one process would not fault); it prints the three
// times of each.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"time"
)

const size = 4_000_000

func main() {
	runs := flag.Int("runs", 5, "how many processes to time")
	child := flag.Bool("child", false, "time one run (used by the parent)")
	flag.Parse()
	if *child {
		once()
		return
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "firsttouch:", err)
		os.Exit(1)
	}
	for range *runs {
		cmd := exec.Command(self, "-child")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "firsttouch:", err)
			os.Exit(1)
		}
	}
}

func once() {
	t0 := time.Now()
	composite := make([]bool, size+1)
	t1 := time.Now()
	for i := range composite {
		composite[i] = false
	}
	t2 := time.Now()
	count := 0
	for i := 2; i <= size; i++ {
		if composite[i] {
			continue
		}
		count++
		for j := i * i; j <= size; j += i {
			composite[j] = true
		}
	}
	t3 := time.Now()
	fmt.Printf("make %v, first writes %v, sieve %v (%d primes)\n", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), count)
}
