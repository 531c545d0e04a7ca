package script

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// syncTrace lists a run's parks on sync objects and the wake-ups of the
// goroutines that parked there, with goroutines named by the order of
// their go statements (main is "main", the first go statement's G "g1").
func syncTrace(s *core.Sim) []string {
	names := map[int64]string{}
	n := 0
	name := func(id int64) string {
		if v, ok := names[id]; ok {
			return v
		}
		return fmt.Sprint("G", id)
	}
	parked := map[int64]bool{}
	var out []string
	for _, e := range s.Events() {
		switch e.Kind {
		case core.EvMainStart:
			names[e.G] = "main"
		case core.EvGoCreate:
			// Goroutines that the program's goroutines start.
			if _, byUser := names[e.G2]; byUser {
				n++
				names[e.G] = fmt.Sprint("g", n)
			}
		case core.EvGoBlock:
			switch e.Wait {
			case core.WaitSyncMutexLock, core.WaitSyncRWMutexLock, core.WaitSyncRWMutexRLock, core.WaitSyncCondWait, core.WaitSemacquire:
				parked[e.G] = true
				out = append(out, fmt.Sprintf("%s parks: %s", name(e.G), e.Wait))
			}
		case core.EvGoUnblock:
			if parked[e.G] {
				delete(parked, e.G)
				out = append(out, fmt.Sprintf("%s readies %s into %v", name(e.G2), name(e.G), e.Why))
			}
		}
	}
	return out
}

// rwmutex.go: a reader arriving while a writer waits behind the read
// lock's holder parks on readerSem ("sync.RWMutex.RLock"); the last
// reader's RUnlock readies the writer, the writer's Unlock the reader,
// each into the waker's runnext.
func TestRWMutexWriterPreferenceParksAndWakesAsTheRuntime(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var rw sync.RWMutex
	rw.RLock()
	go func() {
		rw.Lock()
		fmt.Println("writer")
		rw.Unlock()
	}()
	time.Sleep(time.Millisecond)
	go func() {
		rw.RLock()
		fmt.Println("reader")
		rw.RUnlock()
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("TryRLock:", rw.TryRLock())
	rw.RUnlock()
	time.Sleep(time.Millisecond)
}
`
	s, out := runScene(t, src, 1)
	require.Equal(t, []string{"TryRLock: false", "writer", "reader"}, out)
	require.Equal(t, []string{
		"g1 parks: sync.RWMutex.Lock",
		"g2 parks: sync.RWMutex.RLock",
		"main readies g1 into runnext",
		"g1 readies g2 into runnext",
	}, syncTrace(s))
}

// cond.go and sema.go:notifyListNotifyOne: Signal readies the longest
// waiter into the signaller's runnext; Broadcast readies the rest in
// order, so the last of them runs first.
func TestCondSignalIsFIFOAndWakesIntoRunnext(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	for i := range 4 {
		go func() {
			mu.Lock()
			c.Wait()
			fmt.Println("woke", i)
			mu.Unlock()
		}()
		time.Sleep(time.Millisecond)
	}
	c.Signal()
	time.Sleep(time.Millisecond)
	c.Signal()
	time.Sleep(time.Millisecond)
	c.Broadcast()
	time.Sleep(time.Millisecond)
}
`
	s, out := runScene(t, src, 1)
	require.Equal(t, []string{"woke 0", "woke 1", "woke 3", "woke 2"}, out)
	require.Equal(t, []string{
		"g1 parks: sync.Cond.Wait",
		"g2 parks: sync.Cond.Wait",
		"g3 parks: sync.Cond.Wait",
		"g4 parks: sync.Cond.Wait",
		"main readies g1 into runnext",
		"main readies g2 into runnext",
		"main readies g3 into runnext",
		"main readies g4 into runnext",
	}, syncTrace(s))
	// Broadcast's second goready kicked g3 out of runnext to the tail.
	kicks := 0
	for _, e := range s.Events() {
		if e.Kind == core.EvGoKick {
			kicks++
		}
	}
	require.Positive(t, kicks)
}

// once.go: callers arriving while f runs park on the Once's mutex
// ("sync.Mutex.Lock"); f's return unlocks it and readies the first, which
// finds done and readies the next.
func TestOnceWaitersParkOnItsMutexAndWakeInTurn(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var once sync.Once
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() { time.Sleep(10 * time.Millisecond) })
			fmt.Println("done", i)
		}()
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
}
`
	s, out := runScene(t, src, 1)
	require.Equal(t, []string{"done 0", "done 1", "done 2"}, out)
	tr := syncTrace(s)
	require.Equal(t, []string{
		"g2 parks: sync.Mutex.Lock",
		"g3 parks: sync.Mutex.Lock",
		"g1 readies g2 into runnext",
		"g2 readies g3 into runnext",
	}, tr, strings.Join(tr, "\n"))
}

// Readers and writers on one RWMutex and consumers of a Cond on 1, 2 and
// 4 Ps: mutual exclusion holds, no wake-up is lost, and the invariants
// (every G parked on a semaphore or notify list is queued there once)
// hold after every event.
func TestRWMutexAndCondStayCorrectOnManyPs(t *testing.T) {
	src := `package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

func main() {
	var rw sync.RWMutex
	var readers, writers, bad atomic.Int32
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	queue := 0
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				if (i+j)%5 == 0 {
					rw.Lock()
					if writers.Add(1) != 1 || readers.Load() != 0 { bad.Add(1) }
					for k := 0; k < 50; k++ {}
					writers.Add(-1)
					rw.Unlock()
				} else {
					rw.RLock()
					readers.Add(1)
					if writers.Load() != 0 { bad.Add(1) }
					for k := 0; k < 30; k++ {}
					if j%7 == 0 { runtime.Gosched() }
					readers.Add(-1)
					rw.RUnlock()
				}
			}
		}()
	}
	var cw sync.WaitGroup
	got := 0
	for range 4 {
		cw.Add(1)
		go func() {
			defer cw.Done()
			for range 50 {
				mu.Lock()
				for queue == 0 { c.Wait() }
				queue--
				got++
				mu.Unlock()
			}
		}()
	}
	for range 200 {
		mu.Lock()
		queue++
		mu.Unlock()
		c.Signal()
	}
	cw.Wait()
	wg.Wait()
	fmt.Println(bad.Load(), got)
}
`
	c, err := Load("scene.go", []byte(src))
	require.NoError(t, err)
	for _, seed := range []uint64{1, 7} {
		for _, procs := range []int{1, 2, 4} {
			cfg := core.DefaultConfig(procs)
			cfg.Seed = seed
			cfg.Limits.MaxTime = core.Time(10 * core.Second)
			s, err := c.NewSim(cfg, core.WithInvariants())
			require.NoError(t, err)
			s.Run()
			require.NoError(t, s.CheckErr())
			require.Equal(t, []string{"0 200"}, s.Output(), "seed %d procs %d: %s", seed, procs, s.Deadlock())
			rw := 0
			for _, e := range s.Events() {
				if e.Kind == core.EvGoBlock && (e.Wait == core.WaitSyncRWMutexLock || e.Wait == core.WaitSyncRWMutexRLock) {
					rw++
				}
			}
			require.Positive(t, rw, "the RWMutex was never contended")
		}
	}
}
