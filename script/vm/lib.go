package vm

import (
	"go/types"

	"github.com/gmpbook/gmpbook/core"
)

// Natives returns the library's functions without a body, by nativeKey.
// The scheduler-visible ones hand the simulator ops; see docs/scenes.md.
func Natives() map[string]Native {
	n := map[string]Native{}
	// fmt: formatting in the VM, printing as a write(2) on fd 1.
	n["fmt.Println"] = func(c *Call) { c.formatCost(); c.printOut(c.t.Sprintln(c.variadic())) }
	n["fmt.Print"] = func(c *Call) { c.formatCost(); c.printOut(c.t.Sprint(c.variadic())) }
	n["fmt.Printf"] = func(c *Call) { c.formatCost(); c.printOut(c.t.Sprintf(c.Args[0].S(), c.variadicAt(1))) }
	n["fmt.Sprint"] = func(c *Call) { c.formatCost(); c.Return(Str(c.t.Sprint(c.variadic()))) }
	n["fmt.Sprintln"] = func(c *Call) { c.formatCost(); c.Return(Str(c.t.Sprintln(c.variadic()))) }
	n["fmt.Sprintf"] = func(c *Call) { c.formatCost(); c.Return(Str(c.t.Sprintf(c.Args[0].S(), c.variadicAt(1)))) }
	n["fmt.Errorf"] = func(c *Call) { c.formatCost(); c.Return(c.t.run.p.errorf(c)) }

	// runtime.
	n["runtime.Gosched"] = func(c *Call) { c.Op(core.Op{Kind: core.OpGosched}, nil) }
	n["runtime.Goexit"] = func(c *Call) { c.goexit = true }
	n["runtime.GOMAXPROCS"] = func(c *Call) {
		c.Op(core.Op{Kind: core.OpGOMAXPROCS, N: c.Args[0].I()}, func(r core.Result) { c.Return(Int(r.N)) })
	}
	n["runtime.NumGoroutine"] = func(c *Call) {
		c.Op(core.Op{Kind: core.OpNumGoroutine}, func(r core.Result) { c.Return(Int(r.N)) })
	}
	n["runtime.NumCPU"] = func(c *Call) { c.Return(Int(int64(c.t.run.NumCPU))) }
	n["runtime.GC"] = func(c *Call) { c.Op(core.Op{Kind: core.OpGC, D: 100 * core.Microsecond}, nil) }
	n["runtime.Breakpoint"] = func(c *Call) {
		c.Op(core.Op{Kind: core.OpFatal, Text: "unexpected signal during runtime execution: SIGTRAP: trace trap"}, nil)
	}
	n["runtime.LockOSThread"] = func(c *Call) { c.Op(core.Op{Kind: core.OpLockOSThread}, nil) }
	n["runtime.UnlockOSThread"] = func(c *Call) { c.Op(core.Op{Kind: core.OpUnlockOSThread}, nil) }

	// time: the virtual clock. Now flushes the CPU work before it so that
	// the reading includes it.
	n["time.now"] = func(c *Call) {
		c.Op(core.Op{Kind: core.OpNow}, func(r core.Result) { c.Return(Int(r.N)) })
	}
	n["time.Sleep"] = func(c *Call) { c.Op(core.Op{Kind: core.OpSleep, D: core.Duration(c.Args[0].I())}, nil) }

	// sync: the simulator's objects, made at first use.
	n["(*sync.Mutex).Lock"] = func(c *Call) { c.object(core.OpNewMutex, core.OpLock, 0) }
	n["(*sync.Mutex).Unlock"] = func(c *Call) { c.object(core.OpNewMutex, core.OpUnlock, 0) }
	n["(*sync.WaitGroup).Add"] = func(c *Call) { c.object(core.OpNewWaitGroup, core.OpWGAdd, c.Args[1].I()) }
	n["(*sync.WaitGroup).Done"] = func(c *Call) { c.object(core.OpNewWaitGroup, core.OpWGAdd, -1) }
	n["(*sync.WaitGroup).Wait"] = func(c *Call) { c.object(core.OpNewWaitGroup, core.OpWGWait, 0) }

	// The toolkit.
	n["gmpbook/scene.Work"] = func(c *Call) {
		c.Op(core.Op{Kind: core.OpCompute, D: core.Duration(max(c.Args[0].I(), 0)), Calls: true}, nil)
	}
	sys := func(c *Call) { c.Op(core.Op{Kind: core.OpSyscall, D: core.Duration(max(c.Args[0].I(), 0))}, nil) }
	n["gmpbook/scene.Syscall"] = sys
	n["gmpbook/scene.FileRead"] = sys
	n["gmpbook/scene.Cgo"] = sys
	// scene.NetRead is Go in the prelude (scene/net.go's steps); these are
	// its system calls and socket operations.
	netStep := func(step int64) func(c *Call) {
		return func(c *Call) { c.Op(core.Op{Kind: core.OpNetSetup, N: step}, nil) }
	}
	n["gmpbook/scene.netListen"] = netStep(core.NetListen)
	n["gmpbook/scene.netAccept"] = netStep(core.NetAccept)
	n["gmpbook/scene.netClose"] = netStep(core.NetClose)
	n["gmpbook/scene.netDial"] = func(c *Call) {
		c.Op(core.Op{Kind: core.OpNetSetup, N: core.NetDial}, func(r core.Result) { c.Return(Int(r.Obj)) })
	}
	n["gmpbook/scene.netWrite"] = func(c *Call) {
		fd := c.Args[0].I()
		c.Op(core.Op{Kind: core.OpNetSetup, N: core.NetWrite}, nil)
		c.Op(core.Op{Kind: core.OpNetReady, Obj: fd}, nil)
	}
	n["gmpbook/scene.netWait"] = func(c *Call) { c.Op(core.Op{Kind: core.OpNetWait, Obj: c.Args[0].I()}, nil) }

	n["errors.targetKind"] = func(c *Call) {
		tg, _ := c.Args[0].R.(*Iface)
		pt, ok := tg.T.T.Underlying().(*types.Pointer)
		switch {
		case !ok || tg.V.R == nil:
			c.Return(Int(1))
		case types.IsInterface(pt.Elem()) || types.Implements(pt.Elem(), errorIface()):
			c.Return(Int(0))
		default:
			c.Return(Int(2))
		}
	}
	n["errors.assignTo"] = func(c *Call) {
		e, _ := c.Args[0].R.(*Iface)
		tg, _ := c.Args[1].R.(*Iface)
		elem := tg.T.T.Underlying().(*types.Pointer).Elem()
		p := tg.V.Ptr()
		if it, ok := elem.Underlying().(*types.Interface); ok {
			if types.Implements(e.T.T, it) {
				*p = Value{R: e}
				c.Return(Bool(true))
				return
			}
		} else if types.Identical(e.T.T, elem) {
			store(p, copyVal(e.V))
			c.Return(Bool(true))
			return
		}
		c.Return(Bool(false))
	}
	n["os.writeFD"] = func(c *Call) {
		fd := c.Args[0].I()
		if fd != 1 && fd != 2 {
			return // stdin: writes go nowhere, as to a read-only file
		}
		c.t.write(int(fd), c.Args[1].S(), true)
	}
	n["os.Exit"] = func(c *Call) {
		c.t.flushOutput(c)
		c.Op(core.Op{Kind: core.OpExit, N: c.Args[0].I()}, nil)
	}
	for _, r := range registrars {
		r(n)
	}
	return n
}

// registrars add the natives of other files (lib_<pkg>.go) to Natives.
var registrars []func(map[string]Native)

// registerNatives adds r to the registrars; files call it from init.
func registerNatives(r func(map[string]Native)) { registrars = append(registrars, r) }

// formatCost charges the CPU time of fmt's formatting.
func (c *Call) formatCost() { c.t.cpu += costFormat }

// variadic returns the elements of the call's last (variadic) argument.
func (c *Call) variadic() []Value { return c.variadicAt(len(c.Args) - 1) }

func (c *Call) variadicAt(i int) []Value {
	if i >= len(c.Args) {
		return nil
	}
	s, _ := c.Args[i].R.([]Value)
	return s
}

// printOut writes text to standard output with fmt's write(2), and
// returns (n, nil).
func (c *Call) printOut(text string) {
	c.t.write(1, text, true)
	c.Return(Int(int64(len(text))), Value{})
}

// object performs op on the simulator's object behind the first field of
// the struct the receiver points to, making the object first (with mk)
// if the field is still zero.
func (c *Call) object(mk, op core.OpKind, n int64) {
	p := c.Args[0].Ptr()
	if p == nil {
		c.RuntimeError("invalid memory address or nil pointer dereference")
		return
	}
	id := &p.R.(*Agg).V[0]
	// simObject (lib_sync.go): two goroutines making the object at once
	// end up sharing the first one stored.
	c.simObject(id, mk, func(obj int64) core.Op { return core.Op{Kind: op, Obj: obj, N: n} }, nil)
}

// flushOutput writes main's unfinished output line before an exit.
func (t *Thread) flushOutput(c *Call) {
	if s := t.run.stdout.String(); s != "" {
		t.run.stdout.Reset()
		c.Op(core.Op{Kind: core.OpPrint, Text: s, NoWrite: true}, nil)
	}
}

// errorf is fmt.Errorf: the message, wrapping the %w operands.
func (p *Program) errorf(c *Call) Value {
	format := c.Args[0].S()
	args := c.variadicAt(1)
	msg := c.t.Sprintf(replaceW(format), args)
	// fmt.Errorf's result types come from the prelude's fmt package.
	var wrapped []Value
	for i, verbIsW := range wVerbs(format) {
		if verbIsW && i < len(args) {
			wrapped = append(wrapped, args[i])
		}
	}
	switch len(wrapped) {
	case 0:
		return p.preludeError("errors", "errorString", msg, nil)
	case 1:
		return p.preludeError("fmt", "wrapError", msg, wrapped)
	}
	return p.preludeError("fmt", "wrapErrors", msg, wrapped)
}

// wVerbs reports, for each operand the format consumes, whether its verb
// is %w.
func wVerbs(format string) []bool {
	var out []bool
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && (format[i] == '+' || format[i] == '-' || format[i] == '#' || format[i] == ' ' || format[i] == '0' || format[i] >= '1' && format[i] <= '9' || format[i] == '.' || format[i] == '*') {
			if format[i] == '*' {
				out = append(out, false)
			}
			i++
		}
		if i >= len(format) {
			break
		}
		if format[i] == '%' {
			continue
		}
		out = append(out, format[i] == 'w')
	}
	return out
}

// replaceW turns %w into %v for formatting.
func replaceW(format string) string {
	b := []byte(format)
	for i := 0; i < len(b); i++ {
		if b[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(b) && (b[j] == '+' || b[j] == '-' || b[j] == '#' || b[j] == ' ' || b[j] == '0' || b[j] >= '1' && b[j] <= '9' || b[j] == '.' || b[j] == '*') {
			j++
		}
		if j < len(b) && b[j] == 'w' {
			b[j] = 'v'
		}
		i = j
	}
	return string(b)
}

// preludeError makes a *pkg.name error value: a struct of the message
// and, if any, the wrapped errors.
func (p *Program) preludeError(pkg, name, msg string, wrapped []Value) Value {
	var obj types.Object
	for _, pk := range p.ssa.AllPackages() {
		if pk.Pkg.Path() == pkg {
			obj = pk.Pkg.Scope().Lookup(name)
		}
	}
	if obj == nil && pkg == "fmt" && len(wrapped) == 0 {
		return p.preludeError("errors", "errorString", msg, nil)
	}
	if obj == nil {
		return p.errorValue(msg, false)
	}
	fields := []Value{Str(msg)}
	switch len(wrapped) {
	case 0:
	case 1:
		fields = append(fields, wrapped[0])
	default:
		fields = append(fields, Value{R: wrapped})
	}
	rt := p.typeOf(types.NewPointer(obj.Type()))
	return Value{R: &Iface{T: rt, V: Value{R: &Value{R: &Agg{V: fields}}}}}
}

// errorIface is the predeclared error interface.
func errorIface() *types.Interface {
	return types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
}
