package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// TablePoints is the number of quantiles a latency table holds: evenly
// spaced from the 0.5th to the 99.5th percentile.
const TablePoints = 33

// spawnAtLen is how many go statements of a process SpawnAt describes
// one by one; later ones repeat its last 16 (the allocator's pattern has
// a period of 16 fresh Gs, measured: docs/timing.md).
const (
	spawnAtLen    = 32
	spawnAtPeriod = 16
)

// Machine is what measured timing draws from: the latency tables of one
// machine, measured there by cmd/measure-timing. The built-in one
// (ReferenceMachine, timing_measured.go) is the reference machine the
// chapters' figures were derived on; a Machine read from a file
// (ParseMachine, made by `go run ./cmd/measure-timing -machine FILE`)
// lets the simulator stand for another host, which is how the
// distribution suite compares it with the real runtime on the machine
// that runs the test (docs/timing.md, "Machines").
type Machine struct {
	// Name and Measured say which machine and when; they are shown, not
	// used.
	Name     string `json:",omitempty"`
	Measured string `json:",omitempty"`

	Startup     qtable // runtime.main until main.main (validation only)
	RuntimeInit qtable // doInit(runtime_inittasks): the runtime's own init tasks
	PackageInit qtable // every package's init before main.main
	FutexWake   qtable // notewakeup of a parked M until it runs with its P
	ThreadStart qtable // newm until the new thread runs with its P
	StealPass   qtable // a spinning M's findRunnable with a steal until the stolen G runs
	SpinFail    qtable // a spinning M's findRunnable that finds nothing (validation only)
	Usleep3     qtable // usleep(3) as the kernel serves it
	Usleep20    qtable // usleep(20) as the kernel serves it
	NetpollWake qtable // data ready until the M blocked in epoll_wait runs the reader
	Syscall     qtable // a system call through entersyscall/exitsyscall (getpid)
	RawSyscall  qtable // the same call without the runtime's bookkeeping (validation only)
	Work        qtable // CPU work, per mille of its nominal length
	PrintWrite  qtable // fmt.Println's write(2) to a pipe
	PrintCold   qtable // the first fmt.Println of a process, up to its write(2)
	WriteCold   qtable // that first print's write(2) to a pipe
	PrintColdP  qtable // the first fmt.Println on another P of a process that has printed, up to its write(2)
	TimerInit   qtable // what the process's first timer costs more than the next: netpollGenericInit and a cold path
	OSSlice     qtable // the OS's time slice when two threads share a CPU
	SpawnFirst  qtable // the process's first go statement by user code: cold, and its wakep
	SpawnFresh  qtable // a go statement whose G and stack are new (malg), in a spawning loop
	SpawnReuse  qtable // a go statement that reuses a dead G from the P's free list (gfget)
	NetListen   qtable // scene.NetRead's first call: net.ListenTCP on the loopback interface
	NetDial     qtable // scene.NetRead: net.DialTCP to the loopback listener
	NetAccept   qtable // scene.NetRead: the listener's AcceptTCP of that connection
	NetWrite    qtable // the peer's write of its byte
	NetClose    qtable // closing one end of the connection
	// LoadRunK: how much later than on a quiet machine a thread runs
	// again after a 500µs nanosleep while K other programs' threads keep
	// the CPUs busy (0 when it did not wait; Sim.loadWait).
	LoadRun2 qtable
	LoadRun4 qtable
	LoadRun8 qtable
	// LoadWakeK: the same for a thread parked on a futex for 2ms and
	// woken by another thread's FUTEX_WAKE (the kernel's part of startm's
	// notewakeup; the runtime's part is the simulator's own).
	LoadWake2 qtable
	LoadWake4 qtable
	LoadWake8 qtable

	// SpawnAt, optional, is a go statement that makes a new G, by its
	// position in the process, at a GOMAXPROCS: SpawnAt[procs][k] for the
	// (k+1)th go statement of a spawning loop at the start of main.main,
	// k < 32 (it replaces SpawnFirst and SpawnFresh). Where newproc1's malg takes long is not random: the
	// allocator refills its spans and the P's stack cache at fixed points,
	// and a fresh page costs a fault (proc.go:malg, stack.go:stackalloc,
	// stackcacherefill). A scene at procs P uses the table of the largest
	// measured GOMAXPROCS not above P, and SpawnFresh when there is none.
	SpawnAt map[int][]qtable `json:",omitempty"`
	// SpawnRuns, optional, is the same go statements whole processes at
	// a time: SpawnRuns[procs][r][k] is what the (k+1)th go statement of
	// the r-th measured process took, in ns, k < 32. Where the allocator's
	// slow statements fall moves from one process to the next (at
	// GOMAXPROCS=4 the 4th is slow in two processes of three, a later one
	// in the third), and drawing each position on its own loses that one
	// of them is: a loop of eight then took 41 µs at the tenth percentile,
	// where the same loop measured 83. A scene draws one measured process
	// and takes all its go statements from it (the largest measured
	// GOMAXPROCS not above its own); with it, SpawnAt is not used.
	SpawnRuns map[int][][]int64 `json:",omitempty"`
	// PrintSteal, optional, is the process's first fmt.Println, up to its
	// write(2), when a goroutine on a P other than main.main's makes it:
	// measured in place, eight goroutines spawned in a loop print first
	// thing and the one a spinning P stole prints first (the probe
	// printsteal of cmd/measure-timing; cmd/calibrate/printsteal), in CPU
	// time of its thread, on P0 (see PrintFresh for the other Ps). It is
	// cold on two counts, the code and data of fmt that nobody has touched
	// and a thread that has run nothing, and on this VM up to three times
	// PrintCold. Without it (the reference machine was not measured so)
	// that print draws from PrintCold.
	PrintSteal qtable `json:",omitempty"`
	// PrintFresh, optional, is the process's first fmt.Println when it is
	// made on a P that is neither P0 (where the runtime's start-up ran)
	// nor main.main's, up to its write(2), in CPU time of its thread: fmt's
	// code is cold, and so is that P's mcache, which has never allocated,
	// so fmt's printer and buffer come from spans the P must fetch first,
	// and a fresh span is fresh pages, whose faults a VM makes dear
	// (cmd/calibrate/printsteal -kernel counts 8 minor faults there, the
	// median, against 2 on P0). Measured in place by the printsteal probe of
	// cmd/measure-timing, at GOMAXPROCS 2 and 4. Without it that print
	// draws from PrintSteal as on P0.
	PrintFresh qtable `json:",omitempty"`

	// InitAt, optional, is a process's start-up at a GOMAXPROCS, seen
	// from inside the runtime (the initthreads probe of cmd/measure-timing,
	// built against a copy of the runtime with probes added): before
	// main.main, threads start and parked Ms wake far more slowly than
	// later on, and when the finalizer goroutine is made decides whether
	// the M it wakes is still on its way when main.main spawns. A scene at
	// procs P uses the tables of the largest measured GOMAXPROCS not above
	// P; without them the start-up draws from ThreadStart and FutexWake
	// and makes the finalizer goroutine at the end of the package inits.
	InitAt map[int]InitTables `json:",omitempty"`
}

// InitTables are the start-up of a process at one GOMAXPROCS
// (Machine.InitAt).
type InitTables struct {
	// ThreadStart: a thread asked for before main.main, from newm until
	// it has run minit (proc.go:newm, mstart1).
	ThreadStart qtable
	// FutexWake: an M woken by startm before main.main, from its
	// notewakeup until it is back from mPark (proc.go:startm, stopm).
	FutexWake qtable
	// FingToMain: from createfing (mfinal.go:createfing, called by os's
	// init) until main.main starts.
	FingToMain qtable
}

// initAt is the start-up tables for GOMAXPROCS procs, nil when m has
// none.
func (m *Machine) initAt(procs int) *InitTables {
	if t, ok := m.InitAt[atOrBelow(m.InitAt, procs)]; ok {
		return &t
	}
	return nil
}

// ReferenceMachine is a copy of the built-in tables: the reference
// machine of docs/timing.md. The copy is deep, so changing its tables
// leaves the built-in ones as they are (the reference has no SpawnAt and
// no InitAt).
func ReferenceMachine() *Machine {
	m := measured
	m.Name = "reference"
	for _, t := range append(m.tables(), m.optionalTables()...) {
		*t.tab = slices.Clone(*t.tab)
	}
	return &m
}

// namedTable is one of a Machine's required tables and its field name.
type namedTable struct {
	name string
	tab  *qtable
}

// optionalTables lists the tables a Machine may have, checked when it has
// them.
func (m *Machine) optionalTables() []namedTable {
	return []namedTable{{"PrintSteal", &m.PrintSteal}, {"PrintFresh", &m.PrintFresh}}
}

// tables lists the Machine's required tables by field name, in the order
// of the struct (core does without reflect: tests/imports_test.go).
func (m *Machine) tables() []namedTable {
	return []namedTable{
		{"Startup", &m.Startup},
		{"RuntimeInit", &m.RuntimeInit},
		{"PackageInit", &m.PackageInit},
		{"FutexWake", &m.FutexWake},
		{"ThreadStart", &m.ThreadStart},
		{"StealPass", &m.StealPass},
		{"SpinFail", &m.SpinFail},
		{"Usleep3", &m.Usleep3},
		{"Usleep20", &m.Usleep20},
		{"NetpollWake", &m.NetpollWake},
		{"Syscall", &m.Syscall},
		{"RawSyscall", &m.RawSyscall},
		{"Work", &m.Work},
		{"PrintWrite", &m.PrintWrite},
		{"PrintCold", &m.PrintCold},
		{"WriteCold", &m.WriteCold},
		{"PrintColdP", &m.PrintColdP},
		{"TimerInit", &m.TimerInit},
		{"OSSlice", &m.OSSlice},
		{"SpawnFirst", &m.SpawnFirst},
		{"SpawnFresh", &m.SpawnFresh},
		{"SpawnReuse", &m.SpawnReuse},
		{"NetListen", &m.NetListen},
		{"NetDial", &m.NetDial},
		{"NetAccept", &m.NetAccept},
		{"NetWrite", &m.NetWrite},
		{"NetClose", &m.NetClose},
		{"LoadRun2", &m.LoadRun2},
		{"LoadRun4", &m.LoadRun4},
		{"LoadRun8", &m.LoadRun8},
		{"LoadWake2", &m.LoadWake2},
		{"LoadWake4", &m.LoadWake4},
		{"LoadWake8", &m.LoadWake8},
	}
}

// checkTable says what is wrong with a table, or "".
func checkTable(q qtable) string {
	if len(q) != TablePoints {
		return fmt.Sprintf("has %d quantiles, want %d", len(q), TablePoints)
	}
	if q[0] < 0 {
		return fmt.Sprintf("starts below 0 (%d)", q[0])
	}
	if !slices.IsSorted(q) {
		return "is not in increasing order"
	}
	return ""
}

// Check reports the first thing that makes m unusable: a missing or
// malformed table.
func (m *Machine) Check() error {
	for _, t := range m.tables() {
		if len(*t.tab) == 0 {
			return fmt.Errorf("machine %q: no %s table", m.Name, t.name)
		}
		if why := checkTable(*t.tab); why != "" {
			return fmt.Errorf("machine %q: table %s %s", m.Name, t.name, why)
		}
	}
	for _, t := range m.optionalTables() {
		if len(*t.tab) == 0 {
			continue
		}
		if why := checkTable(*t.tab); why != "" {
			return fmt.Errorf("machine %q: table %s %s", m.Name, t.name, why)
		}
	}
	if m.Work[0] <= 0 {
		return fmt.Errorf("machine %q: table Work must be positive (per mille of the nominal length)", m.Name)
	}
	for procs, t := range m.InitAt {
		if procs < 1 || procs > maxProcs {
			return fmt.Errorf("machine %q: InitAt for GOMAXPROCS %d out of range 1..1024", m.Name, procs)
		}
		for _, tab := range []namedTable{{"ThreadStart", &t.ThreadStart}, {"FutexWake", &t.FutexWake}, {"FingToMain", &t.FingToMain}} {
			if why := checkTable(*tab.tab); why != "" {
				return fmt.Errorf("machine %q: InitAt[%d] table %s %s", m.Name, procs, tab.name, why)
			}
		}
	}
	for procs, runs := range m.SpawnRuns {
		if procs < 1 || procs > maxProcs {
			return fmt.Errorf("machine %q: SpawnRuns for GOMAXPROCS %d out of range 1..1024", m.Name, procs)
		}
		if len(runs) == 0 {
			return fmt.Errorf("machine %q: SpawnRuns[%d] has no processes", m.Name, procs)
		}
		for r, run := range runs {
			if len(run) != spawnAtLen {
				return fmt.Errorf("machine %q: SpawnRuns[%d] process %d has %d go statements, want %d", m.Name, procs, r+1, len(run), spawnAtLen)
			}
			for k, v := range run {
				if v < 0 {
					return fmt.Errorf("machine %q: SpawnRuns[%d] process %d go statement %d is negative (%d)", m.Name, procs, r+1, k+1, v)
				}
			}
		}
	}
	for procs, at := range m.SpawnAt {
		if procs < 1 || procs > maxProcs {
			return fmt.Errorf("machine %q: SpawnAt for GOMAXPROCS %d out of range 1..1024", m.Name, procs)
		}
		if len(at) != spawnAtLen {
			return fmt.Errorf("machine %q: SpawnAt[%d] has %d positions, want %d", m.Name, procs, len(at), spawnAtLen)
		}
		for k, q := range at {
			if why := checkTable(q); why != "" {
				return fmt.Errorf("machine %q: SpawnAt[%d] position %d %s", m.Name, procs, k+1, why)
			}
		}
	}
	return nil
}

// ParseMachine reads a Machine from the JSON cmd/measure-timing writes
// (-machine FILE): an object with the tables by field name, each the
// TablePoints quantiles in nanoseconds. name is the file's name, for the
// error messages, which give the line and column of a syntax error.
func ParseMachine(name string, data []byte) (*Machine, error) {
	var m Machine
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	at := func(off int64) string {
		line, col := lineCol(data, off)
		return fmt.Sprintf("%s:%d:%d", name, line, col)
	}
	if err := dec.Decode(&m); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return nil, fmt.Errorf("%s: %v", at(syn.Offset), err)
		case errors.As(err, &typ) && (typ.Field == "SpawnAt" || typ.Field == "SpawnRuns" || typ.Field == "InitAt") && strings.HasPrefix(typ.Value, "number "):
			return nil, fmt.Errorf("%s: %s has the key %q, want a GOMAXPROCS", at(typ.Offset), typ.Field, strings.TrimPrefix(typ.Value, "number "))
		case errors.As(err, &typ):
			want := "a list of numbers"
			if typ.Field == "Name" || typ.Field == "Measured" {
				want = "a string"
			} else if typ.Field == "SpawnAt" || strings.HasPrefix(typ.Field, "SpawnAt.") {
				want = `an object of lists of lists of numbers by GOMAXPROCS ("2": [[…], …])`
			} else if typ.Field == "SpawnRuns" || strings.HasPrefix(typ.Field, "SpawnRuns.") {
				want = `an object of lists of lists of numbers by GOMAXPROCS ("2": [[…], …])`
			} else if typ.Field == "InitAt" || strings.HasPrefix(typ.Field, "InitAt.") {
				want = `an object by GOMAXPROCS of objects of lists of numbers ("2": {"ThreadStart": […], …})`
			}
			return nil, fmt.Errorf("%s: %s is %s, want %s", at(typ.Offset), typ.Field, typ.Value, want)
		case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
			return nil, fmt.Errorf("%s: the file ends before its JSON object does", at(int64(len(data))))
		}
		return nil, fmt.Errorf("%s: %v", at(dec.InputOffset()), strings.TrimPrefix(err.Error(), "json: "))
	}
	if m.Name == "" {
		m.Name = name
	}
	if err := m.Check(); err != nil {
		return nil, fmt.Errorf("%s: %v", at(dec.InputOffset()), strings.TrimPrefix(err.Error(), "json: "))
	}
	return &m, nil
}

func lineCol(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = 1 + bytes.Count(before, []byte("\n"))
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// spawnAt is the table for the pos-th go statement (pos ≥ 1) of a
// process that made a new G, at GOMAXPROCS=procs, or nil when m has none
// for it.
func (m *Machine) spawnAt(procs, pos int) qtable {
	if len(m.SpawnAt) == 0 || pos < 1 {
		return nil
	}
	at := m.SpawnAt[atOrBelow(m.SpawnAt, procs)]
	if at == nil {
		return nil
	}
	return at[spawnPos(pos)-1]
}

// spawnRuns is the measured processes for GOMAXPROCS procs (the largest
// measured GOMAXPROCS not above it), nil when m has none.
func (m *Machine) spawnRuns(procs int) [][]int64 {
	return m.SpawnRuns[atOrBelow(m.SpawnRuns, procs)]
}

// atOrBelow is the largest GOMAXPROCS a machine's by-GOMAXPROCS tables
// were measured at that is not above procs, 0 if none is.
func atOrBelow[T any](tables map[int]T, procs int) int {
	best := 0
	for p := range tables {
		if p <= procs && p > best {
			best = p
		}
	}
	return best
}

// spawnPos maps a go statement's position in the process (≥ 1) to one of
// the spawnAtLen measured ones: past them the last spawnAtPeriod repeat.
func spawnPos(pos int) int {
	if pos > spawnAtLen {
		pos = spawnAtLen - spawnAtPeriod + 1 + (pos-(spawnAtLen-spawnAtPeriod+1))%spawnAtPeriod
	}
	return pos
}

// SpawnAtProcs lists the GOMAXPROCS values m has SpawnAt tables for.
func (m *Machine) SpawnAtProcs() []int {
	var ps []int
	for p := range m.SpawnAt {
		ps = append(ps, p)
	}
	sort.Ints(ps)
	return ps
}
