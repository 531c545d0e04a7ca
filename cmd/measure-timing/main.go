// Command measure-timing measures, on the real runtime of this machine, the
// latencies the simulator's realistic timing model draws from
// (core/timing.go), and writes them as quantile tables
// (core/timing_measured.go) and as a summary for docs/timing.md.
//
//	go run ./cmd/measure-timing            # print the summary
//	go run ./cmd/measure-timing -write     # also regenerate core/timing_measured.go
//	go run ./cmd/measure-timing -machine host.json  # this machine's profile (core.ParseMachine)
//
// It builds one probe program (probe.go.txt) against the scene package, as
// `gmpbook real` builds scenes, and a second one as small as a scene
// (spawnat.go.txt: a spawning loop timed go statement by go statement,
// at GOMAXPROCS 1, 2 and 4, for core.Machine.SpawnAt), and runs them many
// times in fresh processes:
//
//   - startup: nanotime() at main.main minus runtime.runtimeInitTime, the
//     clock runtime.main reads before any init task runs (proc.go:main);
//     with GODEBUG=inittrace=1, the CPU time of the runtime's own init tasks
//     and of every package init (proc.go:doInit1 prints them).
//   - wakeu, newmu: the same spawning main without the tracer, from the go
//     statement to the stolen goroutine's first instruction, as a futex
//     wake (the thread id was seen before) or a thread start (a new id);
//     less the median steal pass, newmu is the thread start the model
//     draws (the tracer slows thread creation down), wakeu a cross-check.
//   - wake, newm, steal, spinfail: from runtime/trace events of a main
//     goroutine that spins on one P and spawns two goroutines (parsed with
//     `go tool trace -d=parsed`): GoCreate by main → ProcStart of the idle P
//     on another M (futex wake of a parked M, or the start of a new thread
//     when the M was made to exit), ProcStart → GoStart of the stolen G (a
//     steal pass), ProcStart → ProcStop with nothing run (a failed
//     findRunnable by a spinning M).
//   - usleep3, usleep20: nanosleep(3µs) and nanosleep(20µs), what runqgrab's
//     usleep(3) and sysmon's usleep(20) take (os_linux.go:usleep).
//   - netpoll: a pipe write by a G on one P until the reader, parked in the
//     poller, runs on the other (epoll_wait returns in the blocked M).
//   - syscall, rawsyscall: getpid through syscall.Syscall (entersyscall and
//     exitsyscall) and through RawSyscall.
//   - work: the same 50µs loop 1000 times; the table is each run over the
//     median, in per-mille.
//   - print: fmt.Println to a pipe (the write(2) a scene's print makes).
//   - printcold, writecold: the first fmt.Println of a fresh process, from
//     a goroutine, split where fmt calls the writer: the formatting (fmt's
//     code and data touched for the first time) and the first write(2) to
//     the pipe; printwarm and writewarm are the second, to compare;
//     printcoldp and writecoldp the first print on the other P afterwards.
//   - printsteal, printfresh: the process's first print in place, as
//     spawn_report makes it: eight goroutines spawned in a loop print, and
//     the one a spinning P stole begins first; its formatting in CPU time
//     of its thread (printsteal.go.txt, a program as lean as a scene, run
//     at GOMAXPROCS 2 and 4 beside each printcold run): printsteal when
//     that P is P0, printfresh when it is a P that never ran anything
//     before (no sample when main's P printed first).
//   - initthread, initwake, initfing (by GOMAXPROCS, 2 and 4): the
//     start-up seen from inside the runtime (initthreads.go.txt, built
//     against the runtime with the probes of overlay.go): each thread
//     asked for before main.main from newm until it ran minit, each M
//     woken before main.main from startm's notewakeup until it was back
//     from mPark, and createfing (os's init) until main.main; and
//     (initclone, validation only) how long each newm held its caller.
//   - wakelat, wakerstall (validation only): main spins and spawns a
//     goroutine that computes for 200µs, which the M woken for the idle P
//     steals; wakerstall is the longest gap in main's spinning, ~200µs
//     when the wakee ran on main's CPU.
//   - timerinit: the first timer of a fresh process (time.AfterFunc), which
//     starts the netpoller, less the second (timerwarm).
//   - spawn1, spawnfresh, spawnreuse: a go statement in a spawning loop
//     at the start of main.main, timed around the statement alone
//     (proc.go:newproc → newproc1): the first of a fresh process (cold,
//     and its wakep's futex wake-up), the next 15 (malg: a new G and
//     stack, GOMAXPROCS=2), and 16 more after those exited at
//     GOMAXPROCS=1 (gfget: every G from the P's free list).
//   - slice: two goroutines spinning at GOMAXPROCS=2 pinned to one CPU
//     (taskset -c 0): each stretch of progress between two gaps is one
//     time slice of the OS scheduler.
package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/scene"
)

//go:embed probe.go.txt
var probeSrc []byte

//go:embed spawnat.go.txt
var spawnAtSrc []byte

//go:embed printsteal.go.txt
var printStealSrc []byte

//go:embed initthreads.go.txt
var initThreadsSrc []byte

// initProcs are the GOMAXPROCS values the initthreads probe runs at
// (core.Machine.InitAt).
var initProcs = []int{2, 4}

func main() {
	write := flag.Bool("write", false, "regenerate core/timing_measured.go")
	machineFile := flag.String("machine", "", "write the tables as a machine profile (JSON) to this file, for gmpbook -machine and the distribution suite; tables not measured (-only) are the reference machine's")
	runs := flag.Int("runs", 100, "fresh processes per probe")
	only := flag.String("only", "", "measure only these probes (comma-separated: startup, runtime, trace, slice, printcold, timerinit, spawn, netsetup, wakestall, stack, load, initthreads); -write then keeps the other tables")
	flag.Parse()
	want := func(probe string) bool {
		return *only == "" || strings.Contains(","+*only+",", ","+probe+",")
	}
	dir, err := os.MkdirTemp("", "measure-timing")
	check(err)
	defer os.RemoveAll(dir)
	bin := build(dir)
	samples := map[string][]int64{}
	add := func(name string, v int64) { samples[name] = append(samples[name], v) }

	for _, procs := range []int{2} {
		env := append(os.Environ(), fmt.Sprintf("GOMAXPROCS=%d", procs))
		for i := 0; i < *runs && want("startup"); i++ {
			parse(runProbe(bin, env, "startup"), add)
		}
		for i := 0; i < *runs/2 && want("startup"); i++ {
			out := runProbe(bin, append(env, "GODEBUG=inittrace=1"), "startup")
			rt, pkg := inittrace(out)
			add("runtimeinit", rt)
			add("pkginit", pkg)
		}
		for i := 0; i < *runs/5 && want("runtime"); i++ {
			for _, mode := range []string{"usleep", "netpoll", "syscall", "work", "print", "wakeu"} {
				parse(runProbe(bin, env, mode), add)
			}
		}
	}
	// The first print of a process is one sample per process.
	for i := 0; i < *runs && want("printcold"); i++ {
		parse(runProbe(bin, append(os.Environ(), "GOMAXPROCS=2"), "printcold"), add)
		parse(runProbe(filepath.Join(filepath.Dir(bin), "printsteal.bin"), append(os.Environ(), "GOMAXPROCS=2")), add)
		// At four Ps main.main mostly stays on P0 and the thieves' Ps are
		// fresh: the printfresh samples come mostly from here.
		parse(runProbe(filepath.Join(filepath.Dir(bin), "printsteal.bin"), append(os.Environ(), "GOMAXPROCS=4")), add)
	}
	// The start-up seen from inside the runtime, at each of initProcs:
	// samples named with the GOMAXPROCS after them (initthread2, …).
	for _, procs := range initProcs {
		for i := 0; i < *runs && want("initthreads"); i++ {
			parse(runProbe(filepath.Join(filepath.Dir(bin), "initthreads.bin"), append(os.Environ(), fmt.Sprintf("GOMAXPROCS=%d", procs))), func(n string, v int64) {
				add(fmt.Sprintf("%s%d", n, procs), v)
			})
		}
	}
	for i := 0; i < *runs/10 && want("wakestall"); i++ {
		parse(runProbe(bin, append(os.Environ(), "GOMAXPROCS=2"), "wakestall"), add)
	}
	// A spawning loop at the start of main.main, one process per sample
	// set: fresh Gs at GOMAXPROCS=2 (as a scene at two Ps), reused ones at
	// GOMAXPROCS=1 (where every G exits on the spawner's P).
	for i := 0; i < *runs && want("spawn"); i++ {
		parse(runProbe(bin, append(os.Environ(), "GOMAXPROCS=2"), "spawn"), func(n string, v int64) {
			if n != "spawnreuse" {
				add(n, v)
			}
		})
	}
	// The same loop, statement by statement, at the GOMAXPROCS values
	// scenes use (core.Machine.SpawnAt), and each process's 32 as one
	// (core.Machine.SpawnRuns).
	spawnAt := map[int][][]int64{}
	spawnRuns := map[int][][]int64{}
	for _, procs := range spawnAtProcs {
		for i := 0; i < *runs && want("spawn"); i++ {
			run := make([]int64, 32)
			seen := 0
			parse(runProbe(filepath.Join(dir, "spawnat.bin"), append(os.Environ(), fmt.Sprintf("GOMAXPROCS=%d", procs))), func(n string, v int64) {
				k, err := strconv.Atoi(strings.TrimPrefix(n, "spawnat"))
				if !strings.HasPrefix(n, "spawnat") || err != nil || k < 1 || k > 32 {
					return
				}
				if spawnAt[procs] == nil {
					spawnAt[procs] = make([][]int64, 32)
				}
				spawnAt[procs][k-1] = append(spawnAt[procs][k-1], v)
				run[k-1] = v
				seen++
			})
			if seen == len(run) {
				spawnRuns[procs] = append(spawnRuns[procs], run)
			}
		}
	}
	for i := 0; i < *runs/5 && want("netsetup"); i++ {
		parse(runProbe(bin, append(os.Environ(), "GOMAXPROCS=2"), "netsetup"), add)
	}
	for i := 0; i < *runs/5 && want("spawn"); i++ {
		parse(runProbe(bin, append(os.Environ(), "GOMAXPROCS=1"), "spawn"), func(n string, v int64) {
			if n == "spawnreuse" {
				add(n, v)
			}
		})
	}
	if want("stack") {
		stackSamples := map[string][]int64{}
		for i := 0; i < *runs/5+1; i++ {
			parse(runProbe(bin, append(os.Environ(), "GOMAXPROCS=2"), "stack"), func(n string, v int64) {
				stackSamples[n] = append(stackSamples[n], v)
			})
		}
		stackFit(stackSamples)
		if *only == "stack" {
			return
		}
	}
	for i := 0; i < *runs && want("timerinit"); i++ {
		parse(runProbe(bin, append(os.Environ(), "GOMAXPROCS=2"), "timerinit"), add)
	}
	if taskset, err := exec.LookPath("taskset"); err == nil && want("slice") {
		env := append(os.Environ(), "GOMAXPROCS=2")
		for i := 0; i < *runs/20+1; i++ {
			cmd := exec.Command(taskset, "-c", "0", bin, "slice")
			cmd.Env = env
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			check(cmd.Run())
			parse(stderr.Bytes(), add)
		}
	}
	loadBefore := loadAverage()
	if want("load") {
		// The host's other work: a thread sleeping 500µs at a time, and a
		// thread parked on a futex and woken by another (the kernel's part
		// of startm's wake-up), beside 0, then loadLevels spinning
		// processes (core.Sim.loadWait). The quiet baseline is only as
		// quiet as the machine: the header gives the load average before.
		for _, k := range append([]int{0}, loadLevels...) {
			measureLoad(bin, k, max(*runs/10, 1), add)
		}
		// What the load adds: each quantile of the loaded distribution
		// less the same quantile of the quiet one (0 where it is not
		// slower), so that the model can add it to the tables it draws.
		for _, probe := range []string{"runwait", "wakewait"} {
			base := sorted(samples[probe+"0"])
			if len(base) == 0 {
				continue
			}
			for _, k := range loadLevels {
				s := sorted(samples[fmt.Sprintf("%s%d", probe, k)])
				for i, x := range s {
					q := quantile(base, float64(i)/float64(max(len(s)-1, 1)))
					add(fmt.Sprintf("load%s%d", strings.TrimSuffix(probe, "wait"), k), max(x-q, 0))
				}
			}
		}
	}
	for _, procs := range []int{2, 4} {
		env := append(os.Environ(), fmt.Sprintf("GOMAXPROCS=%d", procs))
		for i := 0; i < *runs/5 && want("trace"); i++ {
			tf := filepath.Join(dir, "trace.out")
			runProbe(bin, env, "wake", tf)
			traceLatencies(tf, add)
		}
	}
	// A steal pass and a failed findRunnable are the fast mode of what the
	// trace shows: the slow mode (tens of µs) is runqgrab's usleep(3)
	// before it takes a runnext, which the simulator draws from usleep3.
	for _, n := range []string{"steal", "spinfail"} {
		var fast []int64
		for _, v := range samples[n] {
			if v < 20_000 {
				fast = append(fast, v)
			}
		}
		samples[n+"all"] = samples[n]
		samples[n] = fast
	}
	// The thread start the model draws is the latency seen from user code
	// less the median steal pass that follows it in this probe: with the
	// tracer on, a new thread also sets up its trace buffers, which makes
	// the traced newm several times slower. Futex wake-ups come from the
	// trace, which splits the wake from the steal.
	if st := sorted(samples["steal"]); len(st) > 0 {
		pass := quantile(st, 0.5)
		for _, n := range []string{"wakeu", "newmu"} {
			var v []int64
			for _, x := range samples[n] {
				v = append(v, max(x-pass, 0))
			}
			samples[n[:len(n)-1]+"model"] = v
		}
	}
	names := []string{"startup", "runtimeinit", "pkginit", "wake", "wakeu", "wakemodel", "newm", "newmu", "newmmodel", "steal", "stealall", "spinfail", "spinfailall",
		"usleep3", "usleep20", "netpoll", "syscall", "rawsyscall", "work", "print", "printcold", "writecold", "printwarm", "writewarm", "printcoldp", "writecoldp", "printsteal", "printfresh", "timerinit", "timerwarm", "spawn1", "spawnfresh", "spawnreuse", "netlisten", "netdial", "netaccept", "netwrite", "netclose", "wakelat", "wakerstall", "slice", "runwait0", "wakewait0"}
	for _, k := range loadLevels {
		names = append(names, fmt.Sprintf("runwait%d", k), fmt.Sprintf("loadrun%d", k), fmt.Sprintf("wakewait%d", k), fmt.Sprintf("loadwake%d", k))
	}
	for _, procs := range initProcs {
		names = append(names, fmt.Sprintf("initthread%d", procs), fmt.Sprintf("initclone%d", procs), fmt.Sprintf("initwake%d", procs), fmt.Sprintf("initfing%d", procs))
	}
	host, _ := os.Hostname()
	_ = host
	fmt.Printf("measured %s, %s, GOMAXPROCS=2 (trace probes also at 4), load average %s before, %s after\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"), goVersion(), loadBefore, loadAverage())
	fmt.Println("| quantity | n | p5 | p25 | median | p75 | p95 | p99 |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, n := range names {
		s := sorted(samples[n])
		if len(s) == 0 {
			fmt.Printf("| %s | 0 | | | | | | |\n", n)
			continue
		}
		unit := fmtNS
		if n == "work" {
			unit = func(v int64) string { return fmt.Sprintf("%d‰", v) }
		}
		fmt.Printf("| %s | %d | %s | %s | %s | %s | %s | %s |\n", n, len(s),
			unit(quantile(s, .05)), unit(quantile(s, .25)), unit(quantile(s, .5)),
			unit(quantile(s, .75)), unit(quantile(s, .95)), unit(quantile(s, .99)))
	}
	initSummary(samples)
	for _, procs := range spawnAtProcs {
		at := spawnAt[procs]
		if at == nil {
			continue
		}
		fmt.Printf("\nGOMAXPROCS=%d, go statement by position: median, p75, p90\n", procs)
		for k, v := range at {
			v = sorted(v)
			fmt.Printf("%2d %9s %9s %9s\n", k+1, fmtNS(quantile(v, .5)), fmtNS(quantile(v, .75)), fmtNS(quantile(v, .9)))
		}
	}
	if *machineFile != "" {
		writeMachine(*machineFile, samples, spawnAt, spawnRuns, loadBefore)
	}
	if *write {
		var b bytes.Buffer
		fmt.Fprintf(&b, "// Code generated by go run ./cmd/measure-timing -write; DO NOT EDIT.\n\n")
		fmt.Fprintf(&b, "package core\n\n")
		fmt.Fprintf(&b, "// measured holds the quantile tables measured on the reference machine\n")
		fmt.Fprintf(&b, "// (%s, GOMAXPROCS=2, %s): %d evenly spaced quantiles from\n", goVersion(), time.Now().UTC().Format("2006-01-02"), core.TablePoints)
		fmt.Fprintf(&b, "// the 0.5th to the 99.5th percentile of each latency, in nanoseconds (work:\n")
		fmt.Fprintf(&b, "// per mille of the median). See docs/timing.md.\n")
		fmt.Fprintf(&b, "var measured = Machine{\n")
		gen := filepath.Join(repoRoot(), "core", "timing_measured.go")
		kept := keptTables(gen)
		for _, n := range names {
			s := sorted(samples[n])
			if field(n) == "" {
				continue
			}
			if len(s) == 0 {
				if l, ok := kept[field(n)]; ok {
					b.WriteString(l + "\n")
				}
				continue
			}
			fmt.Fprintf(&b, "\t%s: qtable{", field(n))
			for i := 0; i < core.TablePoints; i++ {
				q := 0.005 + 0.99*float64(i)/float64(core.TablePoints-1)
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%d", quantile(s, q))
			}
			fmt.Fprintf(&b, "}, // n=%d\n", len(s))
		}
		fmt.Fprintf(&b, "}\n")
		check(os.WriteFile(gen, b.Bytes(), 0o644))
		check(exec.Command("gofmt", "-w", gen).Run())
	}
}

// spawnAtProcs are the GOMAXPROCS values the spawnat probe runs at.
var spawnAtProcs = []int{1, 2, 4}

// writeMachine writes the measured tables as a machine profile
// (core.ParseMachine reads it): every table by its field name, the
// reference machine's where this run measured none, and SpawnAt,
// SpawnRuns and InitAt by GOMAXPROCS. It checks the result with core.ParseMachine first.
func writeMachine(file string, samples map[string][]int64, spawnAt, spawnRuns map[int][][]int64, load string) {
	ref, err := json.Marshal(core.ReferenceMachine())
	check(err)
	m := map[string]any{}
	check(json.Unmarshal(ref, &m))
	host, _ := os.Hostname()
	m["Name"] = host
	m["Measured"] = fmt.Sprintf("%s, %s, load average %s before", time.Now().UTC().Format("2006-01-02 15:04 MST"), goVersion(), load)
	var measured, kept []string
	for n, v := range samples {
		if f := field(n); f != "" && len(v) > 0 {
			m[f] = table(sorted(v))
			measured = append(measured, f)
		}
	}
	at := map[string][][]int64{}
	for procs, pos := range spawnAt {
		var tabs [][]int64
		for _, v := range pos {
			tabs = append(tabs, table(sorted(v)))
		}
		at[strconv.Itoa(procs)] = tabs
	}
	if len(at) > 0 {
		m["SpawnAt"] = at
	}
	runs := map[string][][]int64{}
	for procs, r := range spawnRuns {
		runs[strconv.Itoa(procs)] = r
	}
	if len(runs) > 0 {
		m["SpawnRuns"] = runs
	}
	if init := initTables(samples); len(init) > 0 {
		m["InitAt"] = init
	}
	for f := range m {
		if !slices.Contains(measured, f) && f != "Name" && f != "Measured" && f != "SpawnAt" && f != "SpawnRuns" && f != "InitAt" {
			kept = append(kept, f)
		}
	}
	data, err := json.MarshalIndent(m, "", "\t")
	check(err)
	_, err = core.ParseMachine(file, data)
	check(err)
	check(os.WriteFile(file, append(data, '\n'), 0o644))
	sort.Strings(kept)
	from := "none"
	if len(kept) > 0 {
		from = strings.Join(kept, ", ")
	}
	fmt.Printf("\nwrote %s (%d tables measured; the reference machine's: %s)\n", file, len(measured), from)
}

// table is the core.TablePoints quantiles of sorted samples s.
func table(s []int64) []int64 {
	q := make([]int64, core.TablePoints)
	for i := range q {
		q[i] = quantile(s, 0.005+0.99*float64(i)/float64(core.TablePoints-1))
	}
	return q
}

// keptTables returns the table lines of the generated file, by field, for
// the tables this run did not measure (-only), so that -write keeps them.
func keptTables(file string) map[string]string {
	kept := map[string]string{}
	data, err := os.ReadFile(file)
	if err != nil {
		return kept
	}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || !strings.HasSuffix(f[0], ":") || !strings.HasPrefix(f[1], "qtable{") {
			continue
		}
		kept[strings.TrimSuffix(f[0], ":")] = l
	}
	return kept
}

func field(n string) string {
	m := map[string]string{"startup": "Startup", "runtimeinit": "RuntimeInit", "pkginit": "PackageInit",
		"wake": "FutexWake", "newmmodel": "ThreadStart", "steal": "StealPass", "spinfail": "SpinFail",
		"usleep3": "Usleep3", "usleep20": "Usleep20", "netpoll": "NetpollWake", "syscall": "Syscall",
		"rawsyscall": "RawSyscall", "work": "Work", "print": "PrintWrite", "printcold": "PrintCold",
		"writecold": "WriteCold", "printcoldp": "PrintColdP", "printsteal": "PrintSteal", "printfresh": "PrintFresh", "timerinit": "TimerInit", "slice": "OSSlice",
		"spawn1": "SpawnFirst", "spawnfresh": "SpawnFresh", "spawnreuse": "SpawnReuse",
		"netlisten": "NetListen", "netdial": "NetDial", "netaccept": "NetAccept", "netwrite": "NetWrite", "netclose": "NetClose",
		"loadrun2": "LoadRun2", "loadrun4": "LoadRun4", "loadrun8": "LoadRun8",
		"loadwake2": "LoadWake2", "loadwake4": "LoadWake4", "loadwake8": "LoadWake8"}
	return m[n]
}

// loadLevels are the numbers of other CPU-bound programs the load probe
// runs beside its sleeper; core's LoadWait tables are named after them.
var loadLevels = []int{2, 4, 8}

// measureLoad runs the runwait and wakewait probes runs times each while
// k other processes (the probe in its spin mode, one thread each) keep the
// CPUs busy, and records their samples as runwait<k> and wakewait<k>. The spinners are started before and
// killed after, so the measurement never runs without them.
func measureLoad(bin string, k, runs int, add func(string, int64)) {
	var spinners []*exec.Cmd
	for i := 0; i < k; i++ {
		cmd := exec.Command(bin, "spin", "60000")
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
		check(cmd.Start())
		spinners = append(spinners, cmd)
	}
	defer func() {
		for _, cmd := range spinners {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	time.Sleep(200 * time.Millisecond) // let the spinners start
	env := append(os.Environ(), "GOMAXPROCS=2")
	for i := 0; i < runs; i++ {
		for _, mode := range []string{"runwait", "wakewait"} {
			parse(runProbe(bin, env, mode), func(n string, v int64) {
				add(fmt.Sprintf("%s%d", n, k), v)
			})
		}
	}
}

// loadAverage is the first field of /proc/loadavg ("?" elsewhere).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}

func build(dir string) string {
	check(scene.WriteModule(dir, map[string][]byte{"probe/main.go": probeSrc, "spawnat/main.go": spawnAtSrc, "printsteal/main.go": printStealSrc, "initthreads/main.go": initThreadsSrc}))
	bin := filepath.Join(dir, "probe.bin")
	cmd := exec.Command("go", "build", "-ldflags=-checklinkname=0", "-o", bin, "./probe")
	cmd.Dir = dir
	// As gmpbook real builds scenes: without cgo, whose resolver would
	// change the start-up.
	cmd.Env = append(os.Environ(), scene.ModuleEnv...)
	cmd.Stderr = os.Stderr
	check(cmd.Run())
	// The spawnat probe, built as a scene is (it is one).
	cmd = exec.Command("go", "build", "-o", filepath.Join(dir, "spawnat.bin"), "./spawnat")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), scene.ModuleEnv...)
	cmd.Stderr = os.Stderr
	check(cmd.Run())
	// So is the printsteal probe (with the P's id through linkname).
	cmd = exec.Command("go", "build", "-ldflags=-checklinkname=0", "-o", filepath.Join(dir, "printsteal.bin"), "./printsteal")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), scene.ModuleEnv...)
	cmd.Stderr = os.Stderr
	check(cmd.Run())
	// And the initthreads probe, against the runtime with its probes
	// (overlay.go).
	overlay, err := patchRuntime(dir)
	check(err)
	cmd = exec.Command("go", "build", "-overlay", overlay, "-ldflags=-checklinkname=0", "-o", filepath.Join(dir, "initthreads.bin"), "./initthreads")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), scene.ModuleEnv...)
	cmd.Stderr = os.Stderr
	check(cmd.Run())
	return bin
}

// runProbe runs the probe and returns its stderr (the measurements).
func runProbe(bin string, env []string, args ...string) []byte {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stdout = &bytes.Buffer{}
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "probe %v: %v\n%s", args, err, stderr.Bytes())
		os.Exit(1)
	}
	return stderr.Bytes()
}

func parse(out []byte, add func(string, int64)) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		if v, err := strconv.ParseInt(f[1], 10, 64); err == nil {
			add(f[0], v)
		}
	}
}

// inittrace sums the "clock" of the runtime's init tasks and of all other
// packages' (GODEBUG=inittrace=1: "init os @0.34 ms, 0.024 ms clock, …").
func inittrace(out []byte) (rt, pkg int64) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 7 || f[0] != "init" || f[6] != "clock," {
			continue
		}
		ms, err := strconv.ParseFloat(f[4], 64)
		if err != nil {
			continue
		}
		ns := int64(ms * 1e6)
		if f[1] == "runtime" || strings.HasPrefix(f[1], "internal/runtime") || f[1] == "internal/bytealg" {
			rt += ns
		} else {
			pkg += ns
		}
	}
	return rt, pkg
}

// traceLatencies reads a trace of the wake probe.
func traceLatencies(file string, add func(string, int64)) {
	out, err := exec.Command("go", "tool", "trace", "-d=parsed", file).Output()
	check(err)
	type mstate struct {
		procStart int64 // time of the last ProcStart, 0 if none pending
		ran       bool
	}
	ms := map[string]*mstate{}
	seen := map[string]bool{}
	var mainM string
	var createAt int64 // the first GoCreate of a pair by main, waiting for a ProcStart elsewhere
	var lastCreate int64
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "M=") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 7 || f[3] != "StateTransition" {
			continue
		}
		m, g := f[0], f[2]
		t, _ := strconv.ParseInt(strings.TrimPrefix(f[4], "Time="), 10, 64)
		obj, tr := f[5], f[6]
		if g == "G=1" {
			mainM = m
		}
		if m != "M=-1" && m != mainM && !seen[m] {
			if createAt != 0 && strings.HasPrefix(obj, "ProcID=") && tr == "Idle->Running" {
				// First event of a thread that did not exist before.
				add("newm", t-createAt)
				createAt = 0
				ms[m] = &mstate{procStart: t}
			}
			seen[m] = true
			if ms[m] != nil {
				continue
			}
		}
		switch {
		case g == "G=1" && strings.HasPrefix(obj, "GoID=") && tr == "NotExist->Runnable":
			if t-lastCreate > 100_000 {
				createAt = t
			}
			lastCreate = t
		case strings.HasPrefix(obj, "ProcID=") && tr == "Idle->Running" && m != mainM:
			if createAt != 0 {
				add("wake", t-createAt)
				createAt = 0
			}
			ms[m] = &mstate{procStart: t}
		case strings.HasPrefix(obj, "GoID=") && tr == "Runnable->Running" && ms[m] != nil && ms[m].procStart != 0 && !ms[m].ran:
			add("steal", t-ms[m].procStart)
			ms[m].ran = true
		case strings.HasPrefix(obj, "ProcID=") && tr == "Running->Idle" && ms[m] != nil:
			if !ms[m].ran && ms[m].procStart != 0 {
				add("spinfail", t-ms[m].procStart)
			}
			ms[m] = nil
		}
	}
}

func sorted(v []int64) []int64 {
	s := append([]int64(nil), v...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s
}

// quantile of sorted s, by linear interpolation.
func quantile(s []int64, q float64) int64 {
	if len(s) == 0 {
		return 0
	}
	x := q * float64(len(s)-1)
	i := int(x)
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	fr := x - float64(i)
	return s[i] + int64(fr*float64(s[i+1]-s[i]))
}

func fmtNS(v int64) string { return time.Duration(v).String() }

func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "go?"
	}
	return strings.TrimSpace(string(out))
}

func repoRoot() string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	check(err)
	return strings.TrimSpace(string(out))
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "measure-timing:", err)
		os.Exit(1)
	}
}
