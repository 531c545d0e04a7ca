package core

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMachineRoundTrip writes the reference machine as JSON, as
// cmd/measure-timing -machine does, reads it back, and runs generated
// programs with it: the event logs must be those of the built-in tables.
func TestMachineRoundTrip(t *testing.T) {
	data, err := json.MarshalIndent(ReferenceMachine(), "", "\t")
	require.NoError(t, err)
	m, err := ParseMachine("ref.json", data)
	require.NoError(t, err)
	require.Equal(t, "reference", m.Name)
	require.Equal(t, measured.FutexWake, m.FutexWake)
	for i := range 10 {
		seed := uint64(3000 + 7*i)
		c := measuredCase(seed)
		a := runGenCase(c, true)
		c.Cfg.Machine = m
		b := runGenCase(c, true)
		require.Empty(t, a.failure())
		require.Equal(t, eventText(a.sim.Events()), eventText(b.sim.Events()), "gen seed %d", seed)
	}
}

// TestParseMachineErrors: a bad machine file is named with the line and
// column of the problem where there is one, never a panic.
func TestParseMachineErrors(t *testing.T) {
	good, err := json.Marshal(ReferenceMachine())
	require.NoError(t, err)
	short := strings.Replace(string(good), `"Usleep3":[`, `"Usleep3":[1,`, 1)
	for _, c := range []struct{ in, want string }{
		{"", "m.json:1:1: the file ends before its JSON object does"},
		{"{\"Name\": \"x\",\n \"FutexWake\": [1, 2", "m.json:2:20: the file ends"},
		{"{\"Name\": \"x\",\n \"FutexWake\": \"a\"}", "m.json:2:18: FutexWake is string, want a list of numbers"},
		{"{\"Name\": 3}", "m.json:1:11: Name is number, want a string"},
		{"{\"Name\": \"x\",\n  \"Nam\": 1}", `m.json:2:12: unknown field "Nam"`},
		{`{"Name": "x"}`, `machine "x": no Startup table`},
		{short, `table Usleep3 has 34 quantiles, want 33`},
		{strings.Replace(string(good), `"Syscall":[`, `"Syscall":[900000,`, 1), `table Syscall`},
		{strings.Replace(string(good), `"Name":"reference"`, `"Name":"x","SpawnAt":{"y":[]}`, 1), `SpawnAt has the key "y", want a GOMAXPROCS`},
		{strings.Replace(string(good), `"Name":"reference"`, `"Name":"x","SpawnAt":{"2":[]}`, 1), `SpawnAt[2] has 0 positions, want 32`},
		{strings.Replace(string(good), `"Name":"reference"`, `"Name":"x","InitAt":{"y":{}}`, 1), `InitAt has the key "y", want a GOMAXPROCS`},
		{strings.Replace(string(good), `"Name":"reference"`, `"Name":"x","InitAt":{"2":{"ThreadStart":[1]}}`, 1), `InitAt[2] table ThreadStart has 1 quantiles, want 33`},
		{strings.Replace(string(good), `"Name":"reference"`, `"Name":"x","InitAt":{"2":[]}`, 1), `want an object by GOMAXPROCS of objects of lists of numbers`},
	} {
		_, err := ParseMachine("m.json", []byte(c.in))
		require.Error(t, err, "%q", c.in)
		require.Contains(t, err.Error(), c.want, "%q", c.in)
	}
}

// constTable is a table every draw of which is v.
func constTable(v int64) qtable {
	q := make(qtable, TablePoints)
	for i := range q {
		q[i] = v
	}
	return q
}

// TestSpawnAtByPosition: with SpawnAt tables a new G's go statement costs
// what its position in the process cost on the measured machine; past
// the 32 measured positions the last 16 repeat; a scene uses the table of
// the largest measured GOMAXPROCS not above its own; a reused G costs
// SpawnReuse whatever its position.
func TestSpawnAtByPosition(t *testing.T) {
	m := ReferenceMachine()
	m.SpawnAt = map[int][]qtable{}
	for _, procs := range []int{2, 4} {
		for k := range spawnAtLen {
			m.SpawnAt[procs] = append(m.SpawnAt[procs], constTable(int64(1000*procs+k+1)))
		}
	}
	m.SpawnReuse = constTable(7)
	require.NoError(t, m.Check())
	require.Nil(t, m.spawnAt(1, 1), "no table at or below GOMAXPROCS=1")
	for _, c := range []struct{ procs, pos, want int }{
		{2, 1, 2001}, {2, 32, 2032}, {2, 33, 2017}, {2, 48, 2032}, {2, 49, 2017}, {3, 5, 2005}, {4, 2, 4002}, {64, 20, 4020},
	} {
		require.Equal(t, int64(c.want), m.spawnAt(c.procs, c.pos).sample(&wyrand{}), "procs %d position %d", c.procs, c.pos)
	}
	s := &Sim{mach: m, procs: 2}
	pp := &P{}
	for pos := 1; pos <= 40; pos++ {
		want := m.spawnAt(2, pos)[0]
		require.Equal(t, want, s.spawnCost(pp), "position %d", pos)
	}
	pp.gFree = append(pp.gFree, &G{})
	require.Equal(t, int64(7), s.spawnCost(pp), "a G from the free list")
}

// TestReferenceMachineIsACopy: changing the tables of ReferenceMachine's
// result leaves the built-in ones as they were (a test that made a slow
// machine from it once changed every later simulation in its process),
// and tables lists every table of a Machine.
func TestReferenceMachineIsACopy(t *testing.T) {
	before := measured.FutexWake[5]
	m := ReferenceMachine()
	for _, tab := range m.tables() {
		(*tab.tab)[5] = -1
	}
	require.Equal(t, before, measured.FutexWake[5])
	for _, tab := range (&measured).tables() {
		require.NotEqual(t, int64(-1), (*tab.tab)[5], tab.name)
	}

	listed := map[string]bool{}
	for _, tab := range append(m.tables(), m.optionalTables()...) {
		listed[tab.name] = true
	}
	typ := reflect.TypeOf(Machine{})
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Type == reflect.TypeOf(qtable(nil)) {
			require.True(t, listed[f.Name], "Machine.tables omits %s", f.Name)
		}
	}
}
