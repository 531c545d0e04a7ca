package view

import (
	"testing"

	"github.com/gmpbook/gmpbook/core"
	"github.com/stretchr/testify/require"
)

// TestOutputFollowsTheCursor: what the program printed shows up at the
// event that printed it, on its stream, and not before.
func TestOutputFollowsTheCursor(t *testing.T) {
	main := []core.Op{
		{Kind: core.OpPrint, Text: "first"},
		core.Go("w", core.Op{Kind: core.OpPrint, Text: "from w", N: 2, NoWrite: true}),
		{Kind: core.OpSleep, D: ms},
		{Kind: core.OpPrint, Text: "last"},
	}
	ev := record(t, 1, 1, main)
	x := NewOutputIndex(ev)
	require.Empty(t, x.At(-1).Lines)
	var prints []int
	for i, e := range ev {
		if e.Kind == core.EvPrint {
			prints = append(prints, i)
		}
	}
	require.Len(t, prints, 3)
	require.Len(t, x.At(prints[0]-1).Lines, 0)
	require.Equal(t, []OutputLine{{Event: prints[0], Stream: 1, Text: "first"}}, x.At(prints[0]).Lines)
	at := x.At(prints[1])
	require.Equal(t, OutputLine{Event: prints[1], Stream: 2, Text: "from w"}, at.Lines[1])
	require.False(t, at.Exited)
	end := x.At(len(ev) - 1)
	require.True(t, end.Exited)
	require.Equal(t, int64(0), end.Status)
	require.Equal(t, "first\nfrom w\nlast\n", end.Text())

	// Grown a piece at a time, it answers the same.
	y := NewOutputIndex(nil)
	for k := 0; k <= len(ev); k += 7 {
		y.Add(ev[:k])
	}
	y.Add(ev)
	for i := -1; i < len(ev); i++ {
		require.Equal(t, x.At(i), y.At(i), "event %d", i)
	}
}

// TestOutputOfADeadlockAndAPanic: the runtime's last words and the exit
// status come with the event that ends the process.
func TestOutputOfADeadlockAndAPanic(t *testing.T) {
	dead := record(t, 1, 1, []core.Op{{Kind: core.OpPrint, Text: "waiting"}, {Kind: core.OpRecv, Obj: 1}}, core.WithObjects(nil, 1, 0))
	o := NewOutputIndex(dead).At(len(dead) - 1)
	require.Equal(t, "fatal error: all goroutines are asleep - deadlock!", o.Fatal)
	require.Equal(t, "waiting\n\nfatal error: all goroutines are asleep - deadlock!\nexit status 2\n", o.Text())

	panicked := record(t, 1, 1, []core.Op{{Kind: core.OpPanic, Text: "boom"}})
	o = NewOutputIndex(panicked).At(len(panicked) - 1)
	require.True(t, o.Exited)
	require.Equal(t, int64(2), o.Status)
	require.Contains(t, o.Fatal, "boom")
}
