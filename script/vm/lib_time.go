package vm

import (
	"github.com/gmpbook/gmpbook/core"
)

// The natives of package time's timers (script/_prelude/time/sleep.go):
// Timer, Ticker and AfterFunc are the simulator's timers
// (core/timerchan.go), so that their channels are real channels of the
// scene, select works on them, and their firing is the runtime's
// (runtime/time.go).

func init() { registerNatives(timeNatives) }

// unixToInternal is the Unix epoch in seconds since January 1, year 1
// (time/time.go): the virtual clock starts at the epoch.
const unixToInternal int64 = (1969*365 + 1969/4 - 1969/100 + 1969/400) * 86400

func timeNatives(n map[string]Native) {
	// newTimer(d, period Duration, proto Time) (int64, chan Time): a Timer
	// or Ticker. It sends copies of proto (a time.Time) set to the time
	// the timer was due: its first two fields are the seconds since
	// January 1, year 1 and the nanoseconds (script/_prelude/time/time.go).
	n["time.newTimer"] = func(c *Call) {
		proto := c.Args[2]
		at := func(when core.Time) any {
			v := copyVal(proto)
			if a, ok := v.R.(*Agg); ok && len(a.V) >= 2 {
				ns := int64(when)
				a.V[0] = Int(unixToInternal + ns/1e9)
				a.V[1] = Int(ns % 1e9)
			}
			return v
		}
		op := core.Op{Kind: core.OpNewTimer, D: core.Duration(c.Args[0].I()), N: max(c.Args[1].I(), 0), Val: at}
		c.Op(op, func(r core.Result) { c.Return(Int(r.Obj), Value{R: Chan(r.N)}) })
	}
	// afterFunc(d Duration, f func()) int64: each firing starts go f()
	// (time/sleep.go:goFunc), a new goroutine of the scene.
	n["time.afterFunc"] = func(c *Call) {
		cl, _ := c.Args[1].R.(*Closure)
		if cl == nil {
			// The runtime fails later, when goFunc runs go f() on a nil f.
			c.RuntimeError("invalid memory address or nil pointer dereference")
			return
		}
		run := c.t.run
		mk := func() core.Program {
			nt := newThread(run, cl.Fn.Name)
			var args []Value
			if cl.Bound != nil {
				args = []Value{*cl.Bound}
			}
			if cl.Fn.native != nil {
				nt.startNative = &Call{t: nt, Args: args, Sig: cl.Fn.ssa.Signature, dst: -1}
				nt.startFn = cl.Fn
			} else {
				nt.pushCall(cl.Fn, cl.Env, args, -1)
			}
			return nt
		}
		op := core.Op{Kind: core.OpNewTimer, D: core.Duration(c.Args[0].I()), Name: cl.Fn.Name, Val: mk}
		c.Op(op, func(r core.Result) { c.Return(Int(r.Obj)) })
	}
	n["time.stopTimer"] = func(c *Call) {
		c.Op(core.Op{Kind: core.OpTimerStop, Obj: c.Args[0].I()}, func(r core.Result) { c.Return(Bool(r.Ok)) })
	}
	n["time.resetTimer"] = func(c *Call) {
		op := core.Op{Kind: core.OpTimerReset, Obj: c.Args[0].I(), D: core.Duration(c.Args[1].I()), N: max(c.Args[2].I(), 0)}
		c.Op(op, func(r core.Result) { c.Return(Bool(r.Ok)) })
	}
}
