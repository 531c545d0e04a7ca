package core

// boot builds the process the way rt0_go and schedinit do: GOMAXPROCS Ps,
// m0 on P0, the main goroutine in P0's runnext (proc.go:schedinit,
// procresize, rt0_go → newproc(runtime.main) → mstart).
func (s *Sim) boot(main Program) {
	n := s.cfg.Procs
	m0 := s.allocm()
	s.resizeAllp(n)
	s.procs = n
	s.stealOrder.reset(uint32(n))
	s.acquirep(m0, s.allp[0])
	s.putIdlePs(nil)
	prog := main
	name := "main.main"
	if s.cfg.Startup == StartupFaithful {
		prog = s.runtimeMain(main)
		name = "runtime.main"
	}
	s.mainG = s.newproc(m0, nil, prog, name, "", false)
	if su := s.stackUser(s.mainG); su != nil {
		su.SetStack(int64(s.mainG.stackSize)) // main.main runs on the main G's stack
	}
	if s.cfg.Startup == StartupClean {
		// main.main starts at once: sysmon runs and newproc wakes Ps. The
		// idealised start also spares the Ps the zeroed-sysmontick quirk
		// (docs/spec/runtime-facts.md §10.8), which a real process has long passed by
		// the time main.main runs; otherwise every clean scene would see
		// main preempted at sysmon's first look.
		for _, pp := range s.allp {
			pp.sysmontick.schedwhen = s.nanotime()
		}
		var me Event
		s.emit(me.mainStart(s.mainG.ID, mid(m0), pid(m0.p)))
		s.prints.mainP = m0.p
		s.sched.mainStarted = true
		s.startupDone = true
		s.startSysmon()
	}
	s.schedule(s.now, actMStart, m0, m0.gen, 0)
}

// resizeAllp grows allp to n fresh Ps (status _Pgcstop until placed).
func (s *Sim) resizeAllp(n int) {
	for i := len(s.allp); i < n; i++ {
		s.allp = append(s.allp, &P{ID: int32(i), status: Pgcstop})
	}
}

// putIdlePs idles every P other than cur that has no work, lowest id pushed
// first so that the highest-id idle P is handed out first
// (proc.go:procresize). It returns the Ps that have work.
func (s *Sim) putIdlePs(cur *P) []*P {
	var idle, runnable []*P
	for i := s.procs - 1; i >= 0; i-- {
		pp := s.allp[i]
		if pp.m != nil && pp.m.p == pp {
			continue // the caller's P
		}
		if pp.runqempty() {
			idle = append(idle, pp) // pidleput makes it _Pidle
			continue
		}
		s.setPStatus(pp, Pidle)
		runnable = append(runnable, pp)
	}
	for i := len(idle) - 1; i >= 0; i-- { // lowest id first
		s.pidleput(idle[i])
	}
	return runnable
}

// initWork is the CPU time of a start-up phase: drawn from its measured
// table, or none with fixed timing (whose start-up is the idealised 32µs).
func (s *Sim) initWork(q qtable) Duration {
	if !s.measuredTiming() {
		return 0
	}
	return q.sample(&s.trng)
}

// runtimeMain is runtime.main before main.main (docs/spec/runtime-facts.md §19): sysmon,
// the init-time LockOSThread, forcegc, gcenable's bgsweep and bgscavenge
// with their two handshakes, the GOMAXPROCS updater (1.25+) and the
// finalizer goroutine; then unlock and run main.main.
func (s *Sim) runtimeMain(main Program) Program {
	s.userMain = main
	c := s.newRuntimeChan(2) // gcenable's handshake channel
	ops := []Op{
		{Kind: opMainStarted},
		{Kind: opStartSysmon},
		{Kind: opLockInternal},
		{Kind: OpGo, Name: "runtime.forcegchelper", Body: []Op{{Kind: OpParkForever, Reason: WaitForceGCIdle}}},
		{Kind: OpCompute, D: s.initWork(s.mach.RuntimeInit), Calls: true}, // the rest of doInit(runtime_inittasks)
		{Kind: OpGo, Name: "runtime.bgsweep", Body: []Op{{Kind: OpSend, Obj: c, Val: 1}, {Kind: OpParkForever, Reason: WaitGCSweepWait}}},
		{Kind: OpGo, Name: "runtime.bgscavenge", Body: []Op{{Kind: OpSend, Obj: c, Val: 1}, {Kind: OpParkForever, Reason: WaitGCScavengeWait}}},
		{Kind: OpRecv, Obj: c},
		{Kind: OpRecv, Obj: c},
	}
	if ops[4].D == 0 {
		ops = append(ops[:4], ops[5:]...) // fixed timing: no init work
	}
	upd := s.ver.UpdateMaxProcs
	if s.cfg.Debug.UpdateMaxProcs == 0 {
		upd = false
	} else if s.cfg.Debug.UpdateMaxProcs > 0 {
		upd = true
	}
	if upd {
		ops = append(ops, Op{Kind: OpGo, Name: "runtime.updateMaxProcsGoroutine", Body: []Op{{Kind: OpParkForever, Reason: WaitUpdateMaxProcs}}})
	}
	// The package inits, in dependency order; os's comes late, and calls
	// SetFinalizer → createfing (mfinal.go:createfing), which makes the
	// finalizer goroutine. With the machine's start-up tables the inits
	// after os's take what was measured from createfing to main.main
	// (InitTables.FingToMain); without them, none.
	pkg := s.initWork(s.mach.PackageInit)
	var afterFing Duration
	if s.initTab != nil && pkg > 0 && !s.cfg.NoFinalizerG {
		afterFing = min(Duration(s.initTab.FingToMain.sample(&s.trng)), pkg)
		pkg -= afterFing
	}
	if pkg > 0 {
		ops = append(ops, Op{Kind: OpCompute, D: pkg, Calls: true})
	}
	if !s.cfg.NoFinalizerG {
		ops = append(ops, Op{Kind: OpGo, Name: "runtime.runFinalizers", Body: []Op{{Kind: OpParkForever, Reason: WaitFinalizerWait}}})
	}
	if afterFing > 0 {
		ops = append(ops, Op{Kind: OpCompute, D: afterFing, Calls: true})
	}
	ops = append(ops,
		Op{Kind: opUnlockInternal},
		Op{Kind: opUserMain},
	)
	pre := Ops(ops...).(*opList)
	inPre := true
	return ProgramFunc(func(r Result) *Op {
		if inPre {
			op := pre.Next(r)
			if op.Kind != OpReturn {
				return op
			}
			inPre = false
			r = Result{}
		}
		return main.Next(r)
	})
}
