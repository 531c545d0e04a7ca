// Command netserver is chapter 11's experiment: a TCP server that reads
// each connection in a goroutine of its own, and (-mode client) clients that
// connect and then never send and never close. Run the server under strace
// to see the netpoller's system calls, or under a low ulimit -n to see what
// a leak of connections looks like. It lives in testdata so that the
// module's packages and tests ignore it:
//
//	go run ./chapters/testdata/netserver -life 5s &
//	go run ./chapters/testdata/netserver -mode client -n 100
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"strings"
	"time"
)

func main() {
	mode := flag.String("mode", "server", "server or client")
	addr := flag.String("addr", "127.0.0.1:7070", "address")
	n := flag.Int("n", 100, "client: connections to open")
	deadline := flag.Duration("deadline", 0, "server: read deadline per connection (0: none)")
	life := flag.Duration("life", 2*time.Second, "how long to run")
	flag.Parse()
	if *mode == "client" {
		var conns []net.Conn
		for range *n {
			c, err := net.Dial("tcp", *addr)
			if err != nil {
				fmt.Println("dial:", err)
				break
			}
			conns = append(conns, c) // connect, then never send and never close
		}
		fmt.Println("client: holding", len(conns), "connections")
		time.Sleep(*life)
		return
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				fmt.Println("accept:", err)
				time.Sleep(100 * time.Millisecond)
				continue
			}
			go func() {
				defer c.Close()
				if *deadline > 0 {
					c.SetReadDeadline(time.Now().Add(*deadline))
				}
				io.Copy(io.Discard, c)
			}()
		}
	}()
	for t := time.Duration(0); t < *life; t += 500 * time.Millisecond {
		time.Sleep(500 * time.Millisecond)
		fds, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			fmt.Printf("server at %v: goroutines=%d, and %v\n", t+500*time.Millisecond, runtime.NumGoroutine(), err)
			continue
		}
		st, _ := os.ReadFile("/proc/self/status")
		threads := ""
		for _, l := range strings.Split(string(st), "\n") {
			if strings.HasPrefix(l, "Threads:") {
				threads = strings.TrimSpace(strings.TrimPrefix(l, "Threads:"))
			}
		}
		fmt.Printf("server at %v: goroutines=%d fds=%d threads=%s\n", t+500*time.Millisecond, runtime.NumGoroutine(), len(fds), threads)
	}
}
