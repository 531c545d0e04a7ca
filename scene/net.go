package scene

import (
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// The loopback listener that NetRead's connections are made to, opened on
// first use.
var (
	netOnce     sync.Once
	netListener *net.TCPListener
	netErr      error
	// netPairing is held from dialling a connection until the listener has
	// accepted it, so that each caller accepts its own connection.
	netPairing sync.Mutex
)

// netByte is the one byte the peer of a NetRead sends.
var netByte = []byte{'x'}

// NetRead blocks the calling goroutine on a read from a loopback TCP
// connection whose data arrives after d.
//
// The read goes through the net package, so the goroutine parks on the
// netpoller in the IO wait state and holds no thread while it waits; it is
// made runnable again when a netpoll (by an idle thread, the scheduler or
// sysmon) reports the socket readable, as in the simulator.
//
// Each call dials a new connection to a listener on 127.0.0.1 that is
// opened once, on the first call, and accepts the connection itself. The
// peer's byte is written by a function that time.AfterFunc runs d after
// the connection is set up; the runtime runs it on a goroutine of its own
// that lives only for one short write. That timer is part of this
// process, so, unlike the data of a real remote peer, its byte is sent only
// once some P runs the timer: on a machine whose Ps are all busy with
// long, unpreempted work the data can arrive later than d. Both ends are
// closed before NetRead returns or, for the peer, right after its write.
func NetRead(d time.Duration) {
	d = max(d, 0)
	client, server := netPair()
	defer client.Close()
	time.AfterFunc(d, func() {
		defer server.Close()
		if _, err := server.Write(netByte); err != nil {
			panic(fmt.Sprintf("scene.NetRead: the peer could not write on the loopback connection: %v", err))
		}
	})
	var b [1]byte
	if _, err := io.ReadFull(client, b[:]); err != nil {
		panic(fmt.Sprintf("scene.NetRead: reading the loopback connection failed: %v", err))
	}
}

// netPair returns the two ends of a new loopback TCP connection.
func netPair() (client, server *net.TCPConn) {
	netOnce.Do(func() {
		netListener, netErr = net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	})
	if netErr != nil {
		panic(fmt.Sprintf("scene.NetRead: cannot listen on the loopback interface: %v", netErr))
	}
	netPairing.Lock()
	defer netPairing.Unlock()
	client, err := net.DialTCP("tcp", nil, netListener.Addr().(*net.TCPAddr))
	if err != nil {
		panic(fmt.Sprintf("scene.NetRead: cannot connect to the loopback listener: %v", err))
	}
	want := client.LocalAddr().String()
	for {
		server, err = netListener.AcceptTCP()
		if err != nil {
			client.Close()
			panic(fmt.Sprintf("scene.NetRead: cannot accept on the loopback listener: %v", err))
		}
		if server.RemoteAddr().String() == want {
			return client, server
		}
		// Some other program connected to the listener: not ours.
		server.Close()
	}
}
