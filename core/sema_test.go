package core

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// parseSemaOp reads the scenario ops of sema.go:
//
//	semacquire ID [lifo] [REASON]   REASON as the runtime prints it (sync.RWMutex.RLock); default semacquire
//	semrelease ID [handoff]
//	notifyadd ID                    the ticket goes nowhere: scenarios name tickets in notifywait
//	notifywait ID TICKET
//	notifyone ID
//	notifyall ID
//	trylock ID                      on mutex ID
//	fatal TEXT
func parseSemaOp(f []string) (Op, error) {
	id := int64(0)
	if len(f) > 1 && f[0] != "fatal" {
		n, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			return Op{}, fmt.Errorf("%s: bad id %q", f[0], f[1])
		}
		id = n
	}
	switch f[0] {
	case "semacquire":
		op := Op{Kind: OpSemacquire, Obj: id, Reason: WaitSemacquire}
		for _, a := range f[2:] {
			if a == "lifo" {
				op.N |= SemaLIFO
				continue
			}
			r, ok := waitReasonNamed(a)
			if !ok {
				return Op{}, fmt.Errorf("semacquire: unknown wait reason %q", a)
			}
			op.Reason = r
		}
		return op, nil
	case "semrelease":
		op := Op{Kind: OpSemrelease, Obj: id}
		if len(f) > 2 && f[2] == "handoff" {
			op.N = SemaHandoff
		}
		return op, nil
	case "notifyadd":
		return Op{Kind: OpNotifyListAdd, Obj: id}, nil
	case "notifywait":
		if len(f) < 3 {
			return Op{}, fmt.Errorf("notifywait: want ID TICKET")
		}
		t, err := strconv.ParseInt(f[2], 10, 64)
		return Op{Kind: OpNotifyListWait, Obj: id, N: t}, err
	case "notifyone":
		return Op{Kind: OpNotifyListNotifyOne, Obj: id}, nil
	case "notifyall":
		return Op{Kind: OpNotifyListNotifyAll, Obj: id}, nil
	case "trylock":
		return Op{Kind: OpTryLock, Obj: id}, nil
	case "fatal":
		return Op{Kind: OpFatal, Text: strings.Join(f[1:], " ")}, nil
	}
	return Op{}, fmt.Errorf("unknown op %q", f[0])
}

func waitReasonNamed(s string) (WaitReason, bool) {
	for w := WaitNone + 1; w < waitReasonCount; w++ {
		if w.String() == s {
			return w, true
		}
	}
	return 0, false
}

func TestOpNamesMatchOpKinds(t *testing.T) {
	if len(opNames) != int(opUserMain)+1 {
		t.Fatalf("opNames has %d names for %d op kinds", len(opNames), int(opUserMain)+1)
	}
	for k, want := range map[OpKind]string{OpSemacquire: "semacquire", OpNotifyListNotifyAll: "notifylistnotifyall", OpFatal: "fatal"} {
		if k.String() != want {
			t.Errorf("%d.String() = %q, want %q", k, k.String(), want)
		}
	}
	if len(waitReasonNames) != int(waitReasonCount) {
		t.Errorf("waitReasonNames has %d names for %d wait reasons", len(waitReasonNames), waitReasonCount)
	}
}

// A program that takes the semaphore back between a release and the
// woken waiter's turn makes the waiter queue again at the tail, as
// semacquire1's loop does when cansemacquire fails after goparkunlock.
func TestSemacquireRequeuesAWaiterThatLostTheCount(t *testing.T) {
	cfg := DefaultConfig(1)
	cfg.Startup = StartupClean
	main := Ops(
		Go("a", Op{Kind: OpSemacquire, Obj: 1, Reason: WaitSyncRWMutexRLock}, Print("a")),
		Go("b", Op{Kind: OpSemacquire, Obj: 1, Reason: WaitSyncRWMutexRLock}, Print("b")),
		Op{Kind: OpSleep, D: Microsecond},
		// b (started first from runnext) parked first and is readied,
		// but main takes the count before b runs.
		Op{Kind: OpSemrelease, Obj: 1},
		Op{Kind: OpSemacquire, Obj: 1},
		Op{Kind: OpSleep, D: Microsecond},
		Op{Kind: OpSemrelease, Obj: 1},
		Op{Kind: OpSleep, D: Microsecond},
		Op{Kind: OpSemrelease, Obj: 1},
		Op{Kind: OpSleep, D: Microsecond},
	)
	s, err := New(cfg, main, WithInvariants())
	if err != nil {
		t.Fatal(err)
	}
	s.NewSema()
	s.Run()
	if err := s.CheckErr(); err != nil {
		t.Fatal(err)
	}
	// b lost the count and queued again behind a: a is woken next.
	if got := strings.Join(s.Output(), " "); got != "a b" {
		t.Fatalf("output %q, want \"a b\"", got)
	}
	blocks := 0
	for _, e := range s.Events() {
		if e.Kind == EvGoBlock && e.Wait == WaitSyncRWMutexRLock {
			blocks++
		}
	}
	if blocks != 3 {
		t.Fatalf("%d parks on the semaphore, want 3 (b twice, a once)", blocks)
	}
}
