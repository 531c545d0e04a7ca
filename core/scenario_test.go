package core

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Scenario files (testdata/scenarios/*.txt) are the simulator's main tests.
// Each case is a command line, a program, "----", and the expected
// transcript:
//
//	run name=RuleTheCaseChecks procs=1 startup=clean show=GoStart,GoSched
//	main:
//	  go worker
//	  sleep 1ms
//	worker:
//	  print hi
//	----
//	<transcript>
//
// Cases are separated by a blank line after the transcript. `go test
// -run Scenario -rewrite` regenerates every transcript; read the diff before
// committing it.

type scenarioCase struct {
	file  string
	line  int
	cmd   string
	args  map[string]string
	order []string
	body  []string
	want  string
	// comment is the lines of # comments before the case, kept by -rewrite.
	comment []string
}

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/scenarios/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases, err := parseScenarios(f, string(data))
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		for i, c := range cases {
			name := c.args["name"]
			if name == "" {
				t.Fatalf("%s:%d: a case needs name=", f, c.line)
			}
			// A case that -run leaves out keeps its transcript.
			got := c.want
			t.Run(strings.TrimSuffix(filepath.Base(f), ".txt")+"/"+name, func(t *testing.T) {
				got = runScenario(t, c)
				if !*rewrite && got != c.want {
					t.Errorf("%s:%d: transcript differs\n--- want\n%s--- got\n%s", c.file, c.line, c.want, got)
				}
			})
			if i > 0 {
				out.WriteString("\n")
			}
			for _, l := range c.comment {
				out.WriteString(l + "\n")
			}
			out.WriteString(c.cmd)
			for _, k := range c.order {
				fmt.Fprintf(&out, " %s=%s", k, quoteArg(c.args[k]))
			}
			out.WriteString("\n")
			for _, l := range c.body {
				out.WriteString(l + "\n")
			}
			out.WriteString("----\n")
			out.WriteString(got)
		}
		if *rewrite {
			if err := os.WriteFile(f, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func quoteArg(v string) string {
	if strings.ContainsAny(v, " \t\"") {
		return strconv.Quote(v)
	}
	return v
}

func parseScenarios(file, text string) ([]*scenarioCase, error) {
	lines := strings.Split(text, "\n")
	var cases []*scenarioCase
	var comment []string
	i := 0
	for i < len(lines) {
		l := lines[i]
		if strings.HasPrefix(l, "#") {
			comment = append(comment, l)
			i++
			continue
		}
		if strings.TrimSpace(l) == "" {
			if len(comment) > 0 {
				comment = append(comment, "")
			}
			i++
			continue
		}
		for len(comment) > 0 && comment[len(comment)-1] == "" {
			comment = comment[:len(comment)-1]
		}
		c := &scenarioCase{file: file, line: i + 1, args: map[string]string{}, comment: comment}
		comment = nil
		fields, err := splitArgs(l)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
		}
		c.cmd = fields[0]
		for _, f := range fields[1:] {
			k, v, _ := strings.Cut(f, "=")
			c.args[k] = v
			c.order = append(c.order, k)
		}
		i++
		for i < len(lines) && lines[i] != "----" {
			c.body = append(c.body, lines[i])
			i++
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s:%d: case without ----", file, c.line)
		}
		i++
		var want strings.Builder
		for i < len(lines) && lines[i] != "" {
			want.WriteString(lines[i] + "\n")
			i++
		}
		c.want = want.String()
		cases = append(cases, c)
	}
	return cases, nil
}

func splitArgs(l string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inq := false
	for i := 0; i < len(l); i++ {
		ch := l[i]
		switch {
		case ch == '"':
			inq = !inq
		case (ch == ' ' || ch == '\t') && !inq:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(ch)
		}
	}
	if inq {
		return nil, fmt.Errorf("unterminated quote")
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	return out, nil
}

// runScenario runs one case and renders its transcript.
func runScenario(t *testing.T, c *scenarioCase) string {
	t.Helper()
	if c.cmd != "run" {
		t.Fatalf("%s:%d: unknown command %q", c.file, c.line, c.cmd)
	}
	procs := 1
	if v, ok := c.args["procs"]; ok {
		procs, _ = strconv.Atoi(v)
	}
	cfg := DefaultConfig(procs)
	if v, ok := c.args["seed"]; ok {
		n, _ := strconv.ParseUint(v, 10, 64)
		cfg.Seed = n
	}
	if v, ok := c.args["version"]; ok {
		f, err := ParseVersion(v)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Version = f
	}
	if c.args["startup"] == "clean" {
		cfg.Startup = StartupClean
	}
	if v, ok := c.args["godebug"]; ok {
		unknown, err := cfg.Debug.Set(v)
		if err != nil {
			t.Fatalf("%s:%d: %v", c.file, c.line, err)
		}
		if len(unknown) > 0 {
			t.Fatalf("%s:%d: unknown godebug %q", c.file, c.line, unknown)
		}
	}
	until := Time(10 * Second)
	if v, ok := c.args["until"]; ok {
		d, err := parseDur(v)
		if err != nil {
			t.Fatal(err)
		}
		until = Time(d)
	}
	if v, ok := c.args["maxtime"]; ok {
		d, err := parseDur(v)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Limits.MaxTime = Time(d)
	}
	if v, ok := c.args["maxevents"]; ok {
		cfg.Limits.MaxEvents, _ = strconv.ParseInt(v, 10, 64)
	}
	if v, ok := c.args["maxgoroutines"]; ok {
		cfg.Limits.MaxGoroutines, _ = strconv.Atoi(v)
	}
	var chans []int
	if v, ok := c.args["chans"]; ok {
		for _, f := range strings.Split(v, ",") {
			n, _ := strconv.Atoi(f)
			chans = append(chans, n)
		}
	}
	mus, _ := strconv.Atoi(c.args["mutexes"])
	wgs, _ := strconv.Atoi(c.args["wgs"])
	progs, err := parseProgram(c.body)
	if err != nil {
		t.Fatalf("%s:%d: %v", c.file, c.line, err)
	}
	main, ok := progs["main"]
	if !ok {
		t.Fatalf("%s:%d: no main:", c.file, c.line)
	}
	s, err := New(cfg, Ops(main...), WithInvariants(), WithObjects(chans, mus, wgs))
	if err != nil {
		t.Fatal(err)
	}
	// Runtime semaphores and notify lists (sema.go), ids 1, 2, …
	semas, _ := strconv.Atoi(c.args["semas"])
	for range semas {
		s.NewSema()
	}
	lists, _ := strconv.Atoi(c.args["notifylists"])
	for range lists {
		s.NewNotifyList()
	}
	s.RunUntil(until)
	if err := s.CheckErr(); err != nil {
		t.Fatalf("%s:%d: invariant violated: %v", c.file, c.line, err)
	}
	show := map[string]bool{}
	for _, k := range strings.Split(c.args["show"], ",") {
		if k != "" {
			show[k] = true
		}
	}
	var b strings.Builder
	for i := range s.Events() {
		e := &s.Events()[i]
		if show["all"] || show[e.Kind.String()] {
			b.WriteString(e.String())
			b.WriteByte('\n')
		}
		if e.Kind == EvSchedTrace && show["schedtrace"] {
			b.WriteString(e.Snap.Format())
		}
	}
	if out := s.Output(); len(out) > 0 {
		fmt.Fprintf(&b, "output: %s\n", strings.Join(out, " "))
	}
	if s.Done() {
		fmt.Fprintf(&b, "exit: %d", s.ExitCode())
		if d := s.Deadlock(); d != "" {
			fmt.Fprintf(&b, " %s", d)
		}
		b.WriteByte('\n')
	} else {
		fmt.Fprintf(&b, "running at %v\n", s.Now())
	}
	if _, ok := c.args["dump"]; ok {
		b.WriteString(s.DumpState())
	}
	return b.String()
}

// parseProgram reads "name:" headers and indented op lines; "repeat N" …
// "end" nests. go NAME refers to another named body.
func parseProgram(lines []string) (map[string][]Op, error) {
	bodies := map[string][]string{}
	var order []string
	cur := ""
	for n, l := range lines {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if !strings.HasPrefix(l, " ") && strings.HasSuffix(l, ":") {
			cur = strings.TrimSuffix(l, ":")
			order = append(order, cur)
			continue
		}
		if cur == "" {
			return nil, fmt.Errorf("line %d: op outside a body: %q", n+1, l)
		}
		bodies[cur] = append(bodies[cur], strings.TrimSpace(l))
	}
	progs := map[string][]Op{}
	var build func(name string, depth int) ([]Op, error)
	build = func(name string, depth int) ([]Op, error) {
		if depth > 8 {
			return nil, fmt.Errorf("go nesting too deep at %s", name)
		}
		src, ok := bodies[name]
		if !ok {
			return nil, fmt.Errorf("no body %q", name)
		}
		ops, rest, err := parseOps(src, func(n string) ([]Op, error) { return build(n, depth+1) })
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if len(rest) > 0 {
			return nil, fmt.Errorf("%s: unexpected %q", name, rest[0])
		}
		return ops, nil
	}
	for _, name := range order {
		ops, err := build(name, 0)
		if err != nil {
			return nil, err
		}
		progs[name] = ops
	}
	return progs, nil
}

func parseOps(src []string, body func(string) ([]Op, error)) ([]Op, []string, error) {
	var ops []Op
	for len(src) > 0 {
		f := strings.Fields(src[0])
		src = src[1:]
		arg := func(i int) string {
			if i < len(f) {
				return f[i]
			}
			return ""
		}
		num := func(i int) int64 { n, _ := strconv.ParseInt(arg(i), 10, 64); return n }
		dur := func(i int) (Duration, error) { return parseDur(arg(i)) }
		var op Op
		var err error
		switch f[0] {
		case "end":
			return ops, src, nil
		case "repeat":
			var inner []Op
			inner, src, err = parseOps(src, body)
			op = Loop(num(1), inner...)
		case "compute":
			op.Kind, op.Calls = OpCompute, true
			op.D, err = dur(1)
		case "spin":
			op.Kind = OpCompute
			op.D, err = dur(1)
		case "go":
			var b []Op
			b, err = body(arg(1))
			op = Go(arg(1), b...)
		case "gosched":
			op.Kind = OpGosched
		case "goexit":
			op.Kind = OpGoexit
		case "exit":
			op = Op{Kind: OpExit, N: num(1)}
		case "sleep":
			op.Kind = OpSleep
			op.D, err = dur(1)
		case "syscall":
			op.Kind = OpSyscall
			op.D, err = dur(1)
		case "syscallblock":
			op.Kind = OpSyscallBlock
			op.D, err = dur(1)
		case "netread":
			op.Kind = OpNetRead
			op.D, err = dur(1)
		case "send":
			op = Op{Kind: OpSend, Obj: num(1)}
		case "recv":
			op = Op{Kind: OpRecv, Obj: num(1)}
		case "close":
			op = Op{Kind: OpClose, Obj: num(1)}
		case "select":
			op.Kind = OpSelect
			for _, a := range f[1:] {
				if a == "default" {
					op.Default = true
					continue
				}
				k, v, _ := strings.Cut(a, ":")
				id, _ := strconv.ParseInt(v, 10, 64)
				op.Cases = append(op.Cases, SelectCase{Chan: id, Send: k == "send"})
			}
		case "lock":
			op = Op{Kind: OpLock, Obj: num(1)}
		case "unlock":
			op = Op{Kind: OpUnlock, Obj: num(1)}
		case "wgadd":
			op = Op{Kind: OpWGAdd, Obj: num(1), N: num(2)}
		case "wgdone":
			op = Op{Kind: OpWGAdd, Obj: num(1), N: -1}
		case "wgwait":
			op = Op{Kind: OpWGWait, Obj: num(1)}
		case "semacquire", "semrelease", "notifyadd", "notifywait", "notifyone", "notifyall", "trylock", "fatal":
			op, err = parseSemaOp(f)
		case "newtimer", "newticker", "afterfunc", "stoptimer", "resettimer", "resetticker":
			op, err = parseTimerOp(f, body) // timerchan_test.go
		case "lockos":
			op.Kind = OpLockOSThread
		case "unlockos":
			op.Kind = OpUnlockOSThread
		case "gomaxprocs":
			op = Op{Kind: OpGOMAXPROCS, N: num(1)}
		case "print":
			op = Print(strings.Join(f[1:], " "))
		case "println":
			op = Println(strings.Join(f[1:], " "))
		default:
			return nil, nil, fmt.Errorf("unknown op %q", f[0])
		}
		if err != nil {
			return nil, nil, err
		}
		ops = append(ops, op)
	}
	return ops, nil, nil
}

func parseDur(s string) (Duration, error) {
	units := []struct {
		suf string
		n   Duration
	}{{"ns", 1}, {"us", Microsecond}, {"µs", Microsecond}, {"ms", Millisecond}, {"s", Second}}
	for _, u := range units {
		if v, ok := strings.CutSuffix(s, u.suf); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return 0, fmt.Errorf("bad duration %q", s)
			}
			return Duration(f * float64(u.n)), nil
		}
	}
	return 0, fmt.Errorf("bad duration %q", s)
}
