// Package core simulates the Go 1.26 goroutine scheduler and netpoller in
// virtual time.
//
// # Goroutine scheduler, simulated
//
// The runtime's job is to run goroutines (G) on OS threads (M). To run Go
// code an M must hold a P, one of GOMAXPROCS processors; a P owns a local run
// queue of up to 256 Gs plus a one-slot runnext, its timers and its cache of
// dead Gs. An M without a P is blocked in a system call, parked, polling the
// network, or is sysmon. This package keeps exactly that state — G, M, P and
// the global sched — under the runtime's own names (runqput, findRunnable,
// wakep, handoffp, retake, …), and each rule it copies carries the
// file:function of proc.go, time.go, netpoll.go or chan.go it comes from, so
// a reader can move between the two.
//
// The simulator is a pure state machine. It owns a virtual clock in
// nanoseconds and one queue of future actions ordered by (time, sequence):
// a compute op finishing, a system call returning, a thread finishing its
// start-up, a futex wake, SIGURG arriving, sysmon's usleep ending, data
// arriving on a socket. Step pops the next action and runs the runtime code
// it triggers to its next blocking point. It reads no host clock, starts no
// goroutine, does no I/O and uses no global randomness: each M has its own
// wyrand stream seeded from the configuration and drawn exactly where the
// runtime calls cheaprand (newproc1, each stealWork round, select's poll
// order). The same Config and programs therefore give a byte-identical event
// log, natively and in WebAssembly.
//
// # Events
//
// Every transition emits one Event, named after the runtime execution
// tracer where it has a name (GoCreate, GoStart, GoBlock, GoUnblock,
// ProcSteal, …) and carrying what the real trace lacks: why a G was picked
// (runnext, local queue, the 61-tick fairness check, a global batch,
// netpoll, a steal), where a readied G went, which path exitsyscall took,
// what handoffp decided. The event log is the only thing the rest of
// gmpbook reads: the player animates it, the narration describes it, and
// SchedTrace and ChromeTrace render GODEBUG=schedtrace lines and Perfetto
// traces from it alone.
//
// # Programs
//
// A goroutine's behaviour is a Program: the simulator asks it for the next
// Op (compute with or without calls, go, Gosched, sleep, a system call, a
// network read, channel, mutex and WaitGroup operations, runtime semaphores
// and notify lists (sema.go, under sync.RWMutex and sync.Cond), the timers
// of package time (timerchan.go), LockOSThread, GOMAXPROCS, print — with
// fmt's write under the file's write lock (print.go) —, exit)
// and hands back the op's result. The scene language compiles Go source to
// Programs; tests write op lists with Ops.
// Ops that take no CPU still cost virtual time (Costs), anchored on what the
// real runtime measured on the reference machine, so that the virtual clock
// reads like the real one: a channel hand-off ~155ns, a Gosched ~80ns, a
// thread start ~14µs, sysmon's 20µs sleep ~90µs. With measured timing
// (timing.go) the OS latencies are drawn from a Machine's tables
// (machine.go): the reference machine's built in, or another's read with
// ParseMachine.
//
// # Where the simulator differs from the runtime
//
// These simplifications are deliberate; a scene that depends on one of them
// says so.
//
//   - Each runtime critical section is one atomic step. Another M never sees
//     half of a findRunnable; races that the runtime resolves with CAS are
//     resolved here by the order of actions in virtual time.
//   - A G's CPU work is a duration. Code "with calls" reaches a function
//     prologue every Costs.CallInterval, where a cooperative preemption
//     request stops it; a loop without calls can only be stopped by SIGURG.
//     Every instant of compute is an async safe point.
//   - No garbage collector: no mark workers, no assists, no GC
//     stop-the-world, no stack scans (so _Gpreempted is never entered), no
//     forced GC. The only stop-the-world is runtime.GOMAXPROCS.
//   - sync.Mutex has normal and starvation modes but no active spinning;
//     WaitGroup waiters are released one semrelease each, in FIFO order.
//   - Runtime semaphores keep one waiter list per address; the semaRoot
//     treap and the semTable hashing, which decide nothing about order,
//     are not modelled.
//   - Only read readiness is modelled on sockets; each network read uses a
//     fresh descriptor whose data arrives after the requested delay.
//   - Go 1.13 mode keeps per-P timer heaps (1.13 used timer goroutines in 64
//     buckets); it differs from 1.14 by having no asynchronous preemption,
//     no netpollBreak and, like 1.14, no needspinning and global-only
//     injection.
//   - The clean start-up spares the Ps the zeroed-sysmontick quirk; the
//     faithful one keeps it (docs/spec/runtime-facts.md §10.8).
//   - Timers due at the same instant fire in the order they entered the
//     heap (the runtime's tie is the heap position). timers.adjust sifts
//     each changed entry instead of re-heapifying, which pops the same
//     order; the lazy Stop and Reset, the zombies and minWhenModified are
//     kept (timerchan.go).
//   - GOMAXPROCS never changes by itself: cgroup-driven updates (1.25+) are
//     not modelled, though the updater goroutine exists in faithful
//     start-ups.
//
// # Limits
//
// Everything is bounded by Config.Limits: goroutines, events, threads and
// virtual time. Reaching one ends the run with an EvLimit event and exit
// status 2; nothing hangs and nothing panics on bad programs. Panics are
// reserved for inconsistencies inside the simulator itself, and name the
// function that found them, like the runtime's throw.
//
// # Invariants
//
// WithInvariants checks, after every event, that each G is in exactly one
// place and that its status agrees (running on an M, in a runnext, a local
// or the global queue, parked on an object, a timer or the poller, in a
// system call, on a free list); the run queue bounds; P/M wiring; locked
// pairs; timer heap order; unique goids. After every action it also checks
// the idle P and M stacks, the spinning count, the single blocking poller
// and P accounting. See invariants.go and docs/spec/runtime-facts.md §21.
package core
