package core

// A print with fmt (OpPrint with its write) goes through package os: the
// line is formatted, then os.(*File).Write takes the file's write lock
// (internal/poll/fd_mutex.go: fdMutex.rwlock) around the write(2)
// (poll.(*FD).Write). Two goroutines printing at once on two Ps therefore
// take turns: the second finds the lock held, waits on the lock's
// semaphore (runtime_Semacquire, a park), and the first, when its write
// returns, releases the lock and readies it into its own P's runnext
// (fdMutex.rwunlock → runtime_Semrelease → sema.go:semrelease1 →
// readyWithTime → goready). The woken goroutine tries the lock again: one
// that arrived in between may have taken it first. The line reaches the
// output when its write begins.
//
// With measured timing a print is slower the first time: the first print
// of a process touches fmt's code and data and the write path to the pipe
// for the first time (page faults, cold caches), and the first print on
// each further P finds that P's sync.Pool of fmt printers empty and its
// CPU's caches cold. The cold formatting is CPU work before the write
// (PrintCold for the process's first print, and for any print that starts
// before that one has finished formatting; PrintColdP for the first on
// another P), and the process's first write(2) takes longer (WriteCold);
// all measured by cmd/measure-timing (docs/timing.md).

// fdMutex is the write side of an os.File's fdMutex: held or not, and who
// waits on its semaphore, first come first served.
type fdMutex struct {
	locked  bool
	waiters []*G
}

// printState is what prints share in a process.
type printState struct {
	mu       [2]fdMutex // standard output, standard error
	warmAt   Time       // when the process's first print finished formatting
	writes   int        // write(2)s begun
	coldSeen bool       // a print has begun formatting
	mainP    *P         // the P main.main started on
}

// fdFor maps an OpPrint's stream (N=2: standard error) to its lock.
func (s *Sim) fdFor(op *Op) int64 {
	if op.N == 2 {
		return 2
	}
	return 1
}

// fmtPrint performs a print with its write(2) for g on m. It always leaves
// the CPU: to format (cold), to wait for the lock, or to write.
func (s *Sim) fmtPrint(m *M, g *G, op *Op) (Duration, bool) {
	if !g.printFormatted {
		g.printFormatted = true
		if d := s.printColdFor(m.p); d > 0 {
			held := *op
			g.held = &held
			g.opKind, g.opCalls = OpCompute, true
			g.remaining = d
			s.startCompute(m, g)
			return 0, false
		}
	}
	fd := s.fdFor(op)
	mu := &s.prints.mu[fd-1]
	if mu.locked {
		held := *op
		g.held = &held
		mu.waiters = append(mu.waiters, g)
		// The wait's object is -fd: not a semaphore of the scene's
		// (render/view narrates it as the file's write lock).
		s.gopark(m, g, WaitSemacquire, LocWait, -fd)
		s.scheduleM(m)
		return 0, false
	}
	mu.locked = true
	g.printFormatted = false
	s.print(m, g, op)
	g.opKind, g.opObj, g.opStarted = OpPrint, fd, true
	m.sysOnCPU = true
	s.entersyscall(m, g, s.printWriteFor(), false)
	return 0, false
}

// fdUnlock releases the write lock of fd after g's write returned, and
// readies the first waiter into m's P's runnext (fdMutex.rwunlock).
func (s *Sim) fdUnlock(m *M, g *G, fd int64) {
	mu := &s.prints.mu[fd-1]
	mu.locked = false
	if len(mu.waiters) == 0 {
		return
	}
	w := mu.waiters[0]
	mu.waiters[0] = nil
	mu.waiters = mu.waiters[1:]
	w.res = Result{}
	s.ready(m, g, w, true)
}

// printColdFor is the extra CPU time of a print's formatting on pp: a draw
// from PrintCold for the process's first print (from PrintSteal, when the
// machine has it, if that print is on a P other than main.main's, and
// from PrintFresh, when it has that, if the P is not P0 either) and while
// the draw from PrintCold has not elapsed, from PrintColdP for the first
// print on another P, else 0 (and always 0 with fixed timing).
func (s *Sim) printColdFor(pp *P) Duration {
	if !s.measuredTiming() || pp == nil {
		return 0
	}
	seen := pp.printed
	pp.printed = true
	switch {
	case !s.prints.coldSeen:
		d := Duration(s.mach.PrintCold.sample(&s.trng))
		s.prints.coldSeen = true
		s.prints.warmAt = s.now + Time(d)
		if s.mach.PrintSteal != nil && s.prints.mainP != nil && pp != s.prints.mainP {
			// Made on another P (a stolen goroutine): the machine's
			// PrintSteal, measured in place, or its PrintFresh on a P
			// whose mcache has never allocated (neither P0, where the
			// runtime's start-up ran, nor main.main's). Prints that
			// start while its code part is cold still pay PrintCold.
			if s.mach.PrintFresh != nil && pp != s.allp[0] {
				d = Duration(s.mach.PrintFresh.sample(&s.trng))
			} else {
				d = Duration(s.mach.PrintSteal.sample(&s.trng))
			}
		}
		return d
	case s.now < s.prints.warmAt:
		return Duration(s.mach.PrintCold.sample(&s.trng))
	case !seen:
		return Duration(s.mach.PrintColdP.sample(&s.trng))
	}
	return 0
}

// printWriteFor is how long a print's write(2) takes: the process's first
// from WriteCold, the others from PrintWrite.
func (s *Sim) printWriteFor() Duration {
	s.prints.writes++
	if s.measuredTiming() && s.prints.writes == 1 {
		return Duration(s.mach.WriteCold.sample(&s.trng))
	}
	return s.printWrite()
}
