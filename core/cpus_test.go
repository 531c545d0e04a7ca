package core

import "testing"

// perCPUSim is a simulation with two CPUs and measured timing whose CPU
// state the test sets by hand: threads a (CPU 1) and b (CPU 2) hold the
// CPUs, and c, parked, is about to be woken.
func perCPUSim(t *testing.T) (s *Sim, a, b, c *M) {
	t.Helper()
	cfg := DefaultConfig(4)
	cfg.CPUs = 2
	cfg.Timing = TimingMeasured
	s, err := New(cfg, Ops(Compute(Millisecond)))
	if err != nil {
		t.Fatal(err)
	}
	if !s.cpu.perCPU {
		t.Fatal("measured timing with cpus=2 has no per-CPU queues")
	}
	a, b, c = s.allocm(), s.allocm(), s.allocm()
	for i, m := range []*M{a, b} {
		m.state = MRunning
		m.cpuID = i + 1
		s.giveCPU(m)
	}
	c.state = MWaking
	c.prevCPU = a.cpuID // it last ran on CPU 1
	return s, a, b, c
}

// A thread woken while both CPUs are taken queues on the CPU of the thread
// that woke it (not on the CPU it last ran on), and a CPU whose thread blocks with nothing queued on it
// takes the thread from the other CPU's queue.
func TestWokenThreadQueuesOnItsWakersCPU(t *testing.T) {
	s, a, b, c := perCPUSim(t)
	s.acting = b
	if s.cpuGate(action{kind: actMWake, m: c, gen: c.gen}) {
		t.Fatal("the woken thread got a CPU although both are taken")
	}
	if !c.cpuWait || c.cpuID != b.cpuID {
		t.Fatalf("woken by the thread on CPU %d, it waits for CPU %d (waiting %v)", b.cpuID, c.cpuID, c.cpuWait)
	}
	s.acting = nil
	a.state = MParked
	s.cpuAfter(a)
	if !c.onCPU || c.cpuID != 1 || c.cpuWait {
		t.Fatalf("CPU 1 fell idle; the thread queued on CPU 2 is on CPU %d (on a CPU: %v)", c.cpuID, c.onCPU)
	}
	if len(c.stash) != 0 {
		t.Fatalf("its wake-up is still held: %d actions", len(c.stash))
	}
}

// A thread queued on a CPU takes it only once the holder's slice is over
// and the kernel looks: before that a wake-up on the CPU changes nothing.
// Of two queued threads the one that has run less goes first.
func TestExpiredSliceGoesToTheThreadThatRanLeast(t *testing.T) {
	s, _, b, c := perCPUSim(t)
	d := s.allocm()
	d.state = MWaking
	s.acting = b
	s.cpuGate(action{kind: actMWake, m: c, gen: c.gen})
	s.cpuGate(action{kind: actMWake, m: d, gen: d.gen})
	s.acting = nil
	c.vrun, d.vrun = Time(500*Microsecond), Time(100*Microsecond)
	s.reschedPoint(b.cpuID)
	if !b.onCPU || c.onCPU || d.onCPU {
		t.Fatal("a thread took the CPU before the holder's slice was over")
	}
	s.now = b.sliceEnd
	s.reschedPoint(b.cpuID)
	if b.onCPU || !d.onCPU || c.onCPU {
		t.Fatalf("after the slice: holder on CPU %v, c %v, d %v; want d (it ran least)", b.onCPU, c.onCPU, d.onCPU)
	}
	if !b.cpuWait || b.cpuID != 2 {
		t.Fatalf("the preempted thread should queue again for its CPU 2: waiting %v, CPU %d", b.cpuWait, b.cpuID)
	}
}

// A waking thread keeps at most osLagLimit of credit below its queue's
// average virtual runtime.
func TestWakingThreadsCreditIsBounded(t *testing.T) {
	s, _, b, c := perCPUSim(t)
	b.vrun = Time(20 * Millisecond)
	s.acting = b
	s.cpuGate(action{kind: actMWake, m: c, gen: c.gen})
	if want := b.vrun - osLagLimit; c.vrun != want {
		t.Fatalf("woken with no CPU time beside a thread of %v: vrun %v, want %v", b.vrun, c.vrun, want)
	}
}
