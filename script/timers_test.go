package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// Scenes with time's timers and contexts park and wake as the runtime's
// do: a G waiting on a timer's channel waits for "chan receive" or
// "select", its timer goes on its P's heap only then (Go 1.23+), and the P
// that runs the timer readies it into its runnext.

// timerEvents returns the events of package time's timers and of G's
// blocking and waking.
func timerEvents(s *core.Sim, g int64) []core.Event {
	var out []core.Event
	for _, e := range userEvents(s) {
		switch e.Kind {
		case core.EvTimerAdd, core.EvTimerFire, core.EvTimerMod, core.EvTimerDel:
			if e.N != 0 {
				out = append(out, e)
			}
		case core.EvGoBlock, core.EvGoUnblock:
			if e.G == g {
				out = append(out, e)
			}
		}
	}
	return out
}

// mainG is the goroutine running main.main.
func mainG(s *core.Sim) int64 {
	for _, e := range s.Events() {
		if e.Kind == core.EvMainStart {
			return e.G
		}
	}
	return 0
}

// userEvents are the events from main.main's start on (the faithful
// start-up parks runtime.main on channels of its own first).
func userEvents(s *core.Sim) []core.Event {
	for i, e := range s.Events() {
		if e.Kind == core.EvMainStart {
			return s.Events()[i:]
		}
	}
	return nil
}

func kinds(es []core.Event) []string {
	var out []string
	for _, e := range es {
		s := e.Kind.String()
		if e.Kind == core.EvGoBlock {
			s += " " + e.Wait.String()
		}
		out = append(out, s)
	}
	return out
}

func TestTimeAfterInSelectParksAsSelectAndWakesThroughTheTimerHeap(t *testing.T) {
	src := `package main

import (
	"fmt"
	"time"
)

func main() {
	ch := make(chan int)
	select {
	case <-ch:
		fmt.Println("value")
	case <-time.After(5 * time.Millisecond):
		fmt.Println("timeout")
	}
}
`
	s, out := runScene(t, src, 1)
	require.Equal(t, []string{"timeout"}, out)
	main := mainG(s)
	es := timerEvents(s, main)
	// The timer is heaped when the select blocks, on main's P, before main
	// parks; it fires from that P's heap and readies main into runnext.
	require.Equal(t, []string{"TimerAdd", "GoBlock select", "TimerFire", "GoUnblock"}, kinds(es))
	add, block, fire, wake := es[0], es[1], es[2], es[3]
	require.Equal(t, core.TimerChan, add.Why)
	require.Equal(t, block.P, add.P, "the timer goes on the heap of the blocking G's P")
	require.Equal(t, add.P, fire.P2, "it fires from that heap")
	require.Equal(t, int64(0), fire.Arg, "a one-shot timer leaves the heap")
	require.Equal(t, core.DestRunnext, wake.Why)
	require.Equal(t, fire.P, wake.P)
	require.GreaterOrEqual(t, int64(fire.T-add.T), int64(5*core.Millisecond))
}

func TestTickerParksOnChanReceiveAndReArms(t *testing.T) {
	src := `package main

import (
	"fmt"
	"time"
)

func main() {
	tk := time.NewTicker(2 * time.Millisecond)
	n := 0
	for range tk.C {
		n++
		if n == 3 {
			break
		}
	}
	tk.Stop()
	fmt.Println("ticks", n)
}
`
	s, out := runScene(t, src, 1)
	require.Equal(t, []string{"ticks 3"}, out)
	main := mainG(s)
	var blocks, fires int
	for _, e := range timerEvents(s, main) {
		switch e.Kind {
		case core.EvGoBlock:
			blocks++
			require.Equal(t, core.WaitChanReceive, e.Wait)
		case core.EvTimerFire:
			fires++
			require.Equal(t, core.TimerChan, e.Why)
			require.NotZero(t, e.Arg, "a ticker re-arms")
			require.GreaterOrEqual(t, int(e.P2), 0, "the ticker fires from a heap while main waits on it")
		}
	}
	require.Equal(t, 3, blocks)
	require.Equal(t, 3, fires)
}

func TestAfterFuncStartsItsGoroutineFromTheTimer(t *testing.T) {
	src := `package main

import (
	"fmt"
	"time"
)

func main() {
	done := make(chan bool)
	time.AfterFunc(3*time.Millisecond, func() {
		fmt.Println("fired")
		done <- true
	})
	<-done
}
`
	s, out := runScene(t, src, 1)
	require.Equal(t, []string{"fired"}, out)
	var fire, create *core.Event
	es := userEvents(s)
	for i := range es {
		if e := &es[i]; e.Kind == core.EvGoCreate && e.Why == core.TimerFunc {
			create, fire = e, &es[i-1]
		}
	}
	require.NotNil(t, create)
	require.Equal(t, core.EvTimerFire, fire.Kind, "the G is created as its timer fires")
	require.Equal(t, core.TimerFunc, fire.Why)
	require.Equal(t, fire.P, create.P, "newproc from the M running timers")
	require.Equal(t, int64(0), create.G2, "goFunc runs on the scheduler's stack, not in a goroutine")
}

func TestContextCancelReadiesTheDoneWaiters(t *testing.T) {
	src := `package main

import (
	"context"
	"fmt"
	"time"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Millisecond)
	defer cancel()
	<-ctx.Done()
	fmt.Println(ctx.Err())
}
`
	s, out := runScene(t, src, 1)
	require.Equal(t, []string{"context deadline exceeded"}, out)
	main := mainG(s)
	// main waits on Done ("chan receive"); the deadline is an AfterFunc
	// timer whose goroutine cancels the context and closes the channel.
	var timerG, waker int64
	var blocked bool
	for _, e := range userEvents(s) {
		switch {
		case e.Kind == core.EvGoCreate && e.Why == core.TimerFunc:
			timerG = e.G
		case e.Kind == core.EvGoBlock && e.G == main && e.Wait == core.WaitChanReceive:
			blocked = true
		case e.Kind == core.EvGoUnblock && e.G == main && blocked && waker == 0:
			waker = e.G2
		}
	}
	require.True(t, blocked)
	require.NotZero(t, timerG)
	require.Equal(t, timerG, waker, "the timer's goroutine closes Done")
}
