package core

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEventSpecsCoverEveryKind: every kind has a schema entry with a name
// and a description, names are unique (the canonical text and the Chrome
// trace are keyed by them), the required fields are fields the kind has,
// and the reasons are real ones.
func TestEventSpecsCoverEveryKind(t *testing.T) {
	names := map[string]EvKind{}
	for k := EvNone; k < evKindCount; k++ {
		sp := k.Spec()
		if sp.Name == "" || sp.Doc == "" {
			t.Errorf("kind %d has no schema entry (name %q, doc %q): add one to eventSpecs", k, sp.Name, sp.Doc)
			continue
		}
		if prev, ok := names[sp.Name]; ok {
			t.Errorf("kinds %d and %d are both named %q", prev, k, sp.Name)
		}
		names[sp.Name] = k
		if k.String() != sp.Name {
			t.Errorf("kind %d prints as %q, its schema name is %q", k, k.String(), sp.Name)
		}
		if extra := sp.Must &^ sp.Fields(); extra != 0 {
			t.Errorf("%s requires %s but does not say what it holds", sp.Name, extra)
		}
		for _, r := range sp.Why {
			if r == RNone || r >= reasonCount {
				t.Errorf("%s allows reason %d, which is not a Reason", sp.Name, r)
			}
		}
	}
	if f := EvNone.Spec().Fields(); f != 0 {
		t.Errorf("EvNone has fields %s", f)
	}
	if got := EvKind(evKindCount).String(); !strings.HasPrefix(got, "Ev(") {
		t.Errorf("a kind out of range prints as %q", got)
	}
}

// wellFormed returns a well-formed event of kind k that sets as many of
// the fields its schema names as its rule allows, with the first reason the
// kind carries.
func wellFormed(k EvKind) Event {
	sp := k.Spec()
	opt := sp.Fields() &^ sp.Must
	var best Event
	bestN := -1
	// Every subset of the optional fields; keep the largest that passes.
	for sub := opt; ; sub = (sub - 1) & opt {
		e := eventWith(k, sp.Must|sub)
		if n := bits.OnesCount16(uint16(sp.Must | sub)); n > bestN && e.Check() == nil {
			best, bestN = e, n
		}
		if sub == 0 {
			break
		}
	}
	return best
}

// eventWith returns an event of kind k with exactly the given fields set.
func eventWith(k EvKind, f Field) Event {
	sp := k.Spec()
	e := Event{Kind: k, M: -1, P: -1, P2: -1}
	if f&FieldG != 0 {
		e.G = 2
	}
	if f&FieldG2 != 0 {
		e.G2 = 1
	}
	if f&FieldM != 0 {
		e.M = 1
	}
	if f&FieldP != 0 {
		e.P = 0
	}
	if f&FieldP2 != 0 {
		e.P2 = 1
	}
	if f&FieldN != 0 {
		e.N = 3
	}
	if f&FieldArg != 0 {
		e.Arg = 1
	}
	e.Flag = f&FieldFlag != 0
	if f&FieldText != 0 {
		e.Text = "x"
	}
	if f&FieldWhy != 0 && len(sp.Why) > 0 {
		e.Why = sp.Why[0]
	}
	if f&FieldWait != 0 {
		e.Wait = WaitChanReceive
	}
	if f&FieldSnap != 0 {
		e.Snap = &SchedSnapshot{Gomaxprocs: 1}
	}
	return e
}

// TestEventCheck proves the schema check can fail: each malformed event is
// rejected with the reason, and the well-formed ones pass.
func TestEventCheck(t *testing.T) {
	for k := EvNone + 1; k < evKindCount; k++ {
		e := wellFormed(k)
		if err := e.Check(); err != nil {
			t.Errorf("well-formed %s rejected: %v", k, err)
		}
		// Each required field, left out.
		must := k.Spec().Must
		for i := range numFields {
			f := Field(1) << i
			if must&f == 0 {
				continue
			}
			bad := e
			unset(&bad, f)
			if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "lacks "+f.String()) {
				t.Errorf("%s without %s: got %v", k, f, err)
			}
		}
	}
	tests := []struct {
		name string
		e    Event
		want string
	}{
		{"zero kind", Event{M: -1, P: -1, P2: -1}, "is not an event"},
		{"kind out of range", Event{Kind: evKindCount, M: -1, P: -1, P2: -1}, "is not an event"},
		{"a P on a G-only kind", Event{Kind: EvGlobalPut, G: 3, P: 0, M: -1, P2: -1, Why: DestGlobalTail}, "sets p, which"},
		{"a text on a steal", func() Event { e := wellFormed(EvSteal); e.Text = "x"; return e }(), "sets text"},
		{"a wait reason off GoBlock", func() Event { e := wellFormed(EvGoSched); e.Wait = WaitSleep; return e }(), "sets wait"},
		{"a reason of another kind", func() Event { e := wellFormed(EvGoStart); e.Why = DestGlobalTail; return e }(), "why=global-tail"},
		{"a reason on a kind without", func() Event { e := wellFormed(EvProcIdle); e.Why = SrcLocal; return e }(), "sets why"},
		{"GoStart without a source", func() Event { e := wellFormed(EvGoStart); e.Why = RNone; return e }(), "lacks why"},
		{"a bad wait reason", func() Event { e := wellFormed(EvGoBlock); e.Wait = waitReasonCount; return e }(), "does not exist"},
		{"a sleep timer with a timer id", func() Event { e := eventWith(EvTimerFire, FieldG|FieldM|FieldP|FieldN); return e }(), "one of them"},
		{"a timer of package time without its kind", eventWith(EvTimerAdd, FieldP|FieldN), "says which kind"},
		{"a system call exit on a P with why=no-p", func() Event { e := eventWith(EvGoSysExit, FieldG|FieldM|FieldP); e.Why = ExitNoP; return e }(), "only why=no-p"},
		{"sysmon's thread with a P", eventWith(EvMCreate, FieldM|FieldP|FieldArg), "runtime thread"},
		{"an id below -1", func() Event { e := wellFormed(EvProcIdle); e.M, e.P = -1, -2; return e }(), "below -1"},
	}
	for _, tt := range tests {
		err := tt.e.Check()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error with %q", tt.name, err, tt.want)
		}
	}
}

// unset sets field f of e to its "none" value.
func unset(e *Event, f Field) {
	switch f {
	case FieldG:
		e.G = 0
	case FieldG2:
		e.G2 = 0
	case FieldM:
		e.M = -1
	case FieldP:
		e.P = -1
	case FieldP2:
		e.P2 = -1
	case FieldN:
		e.N = 0
	case FieldArg:
		e.Arg = 0
	case FieldFlag:
		e.Flag = false
	case FieldText:
		e.Text = ""
	case FieldWhy:
		e.Why = RNone
	case FieldWait:
		e.Wait = WaitNone
	case FieldSnap:
		e.Snap = nil
	}
}

// TestInvariantsRejectMalformedEvent: with WithInvariants (the seed sweep's
// mode) an emitted event that breaks the schema ends the run with an error
// naming it.
func TestInvariantsRejectMalformedEvent(t *testing.T) {
	s, err := New(DefaultConfig(2), Ops(Spin(Millisecond)), WithInvariants())
	if err != nil {
		t.Fatal(err)
	}
	s.Step()
	var bad Event
	bad.procIdle(0).G = 7 // ProcIdle has no G
	s.emit(&bad)
	err = s.Run()
	if err == nil || !strings.Contains(err.Error(), "breaks the schema") || !strings.Contains(err.Error(), "ProcIdle sets g") {
		t.Fatalf("Run after a malformed event: %v", err)
	}
}

// TestEmittersUseConstructors: outside eventnew.go, the simulator builds
// events only through the per-kind constructors and does not change their
// fields afterwards, so every emitted event has its kind's shape by
// construction. (emit itself stamps Seq and T.)
func TestEmittersUseConstructors(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]bool{"Kind": true, "Why": true, "Wait": true, "Flag": true, "M": true, "P": true, "P2": true,
		"G": true, "G2": true, "N": true, "Arg": true, "Text": true, "Snap": true}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "eventnew.go" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		// Variables of type Event in this file ("var e Event", which
		// the constructors fill).
		events := map[*ast.Object]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "clearTo" {
					t.Errorf("%s: clearTo outside eventnew.go; add a constructor", fset.Position(n.Pos()))
				}
			case *ast.CompositeLit:
				if id, ok := n.Type.(*ast.Ident); ok && id.Name == "Event" {
					t.Errorf("%s: an Event literal outside eventnew.go; add a constructor", fset.Position(n.Pos()))
				}
			case *ast.ValueSpec:
				if id, ok := n.Type.(*ast.Ident); ok && id.Name == "Event" {
					for _, nm := range n.Names {
						events[nm.Obj] = true
					}
				}
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for _, l := range as.Lhs {
				sel, ok := l.(*ast.SelectorExpr)
				if !ok || !fields[sel.Sel.Name] {
					continue
				}
				if id, ok := sel.X.(*ast.Ident); ok && id.Obj != nil && events[id.Obj] {
					t.Errorf("%s: %s.%s set after its constructor; pass it to the constructor", fset.Position(l.Pos()), id.Name, sel.Sel.Name)
				}
			}
			return true
		})
	}
	if checked < 20 {
		t.Fatalf("checked only %d files: run from the package directory", checked)
	}
}

// decoderWorld is a World holding G1 and G2 on P0, for feeding the
// decoders one well-formed event of each kind.
func decoderWorld() *World {
	w := NewWorld(2)
	var e Event
	w.Apply(e.goCreate(1, 0, 0, 0, 8192, false, false, RNone, "main", ""))
	w.Apply(e.goCreate(2, 1, 0, 0, 8192, false, false, RNone, "w", ""))
	return w
}

// TestWorldHasARuleForEveryKind: the World fold has a case for every kind
// except those worldSkips lists, and lists no kind it has a case for. A new
// kind fails here until it gets one or the other.
func TestWorldHasARuleForEveryKind(t *testing.T) {
	for k := EvNone + 1; k < evKindCount; k++ {
		e := wellFormed(k)
		if k == EvRunqOverflow {
			e.N = 1 // P0's queue is empty: only G itself moves
		}
		handled := func() (h bool) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("World.Apply(%s) panics on a well-formed event: %v", k, r)
				}
			}()
			return decoderWorld().apply(&e)
		}()
		switch {
		case !handled && !worldSkips[k]:
			t.Errorf("World has no rule for %s: add a case to World.apply, or list it in worldSkips", k)
		case handled && worldSkips[k]:
			t.Errorf("World has a case for %s, which worldSkips also lists", k)
		}
	}
}

// TestChromeTraceHasARuleForEveryKind: likewise for the Chrome trace
// exporter and traceSkips.
func TestChromeTraceHasARuleForEveryKind(t *testing.T) {
	for k := EvNone + 1; k < evKindCount; k++ {
		x := newTraceExporter()
		e := wellFormed(k)
		e.T = 1
		if err := x.event(&e); err != nil {
			t.Errorf("Chrome trace of a well-formed %s: %v", k, err)
			continue
		}
		switch {
		case x.unruled != 0:
			t.Errorf("the Chrome trace has no rule for %s: add a case to traceExporter.event, or list it in traceSkips", k)
		case x.skipped != 0 && !traceSkips[k]:
			t.Errorf("%s reached the default case without being skipped", k)
		case x.skipped == 0 && traceSkips[k]:
			t.Errorf("the Chrome trace has a case for %s, which traceSkips also lists", k)
		}
	}
}

// TestCanonicalTextNamesEveryKind: the canonical line of every kind starts
// with the time and the kind's schema name.
func TestCanonicalTextNamesEveryKind(t *testing.T) {
	for k := EvNone + 1; k < evKindCount; k++ {
		e := wellFormed(k)
		e.T = 5
		if got, want := e.String(), "5 "+k.Spec().Name; !strings.HasPrefix(got, want) {
			t.Errorf("%s prints as %q, want the prefix %q", k, got, want)
		}
	}
}

// ev is an event of kind k with "none" ids and nothing else, for tests that
// build events field by field.
func ev(k EvKind) Event {
	var e Event
	e.clearTo(k)
	return e
}
