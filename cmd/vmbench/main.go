// Command vmbench measures how fast the simulator's VM (script/vm) runs
// CPU-bound Go, against the same programs compiled by the Go toolchain, in
// one run:
//
//	go run ./cmd/vmbench [-reps 5] [-wasmreps 3] [-only sieve,fib] [-size fib=30] [-wasm=false] [-quick]
//
// The workloads are complete programs in internal/workload/programs, each
// printing a checksum: a sieve of Eratosthenes over a []bool, a
// hand-written quicksort of a []int, sort.Ints (the scenes' library's, in
// the VM), a float64 loop (midpoint integration), word counts in a
// map[string]int, a doubly recursive fib, and the counting loop
// for i := 0; i < n; i++ { x++ }, which the VM runs in closed form rather
// than interpreting it (reported apart, with a second row interpreted
// iteration by iteration).
//
// For each workload it
//
//   - builds the program with the Go toolchain (CGO_ENABLED=0) and runs it,
//     timing the process (so compiled times include process start-up,
//     which the header gives);
//   - interprets it in this process: script.Load once, then NewSim and Run
//     on one simulated P, timed, the runs alternating with the compiled
//     ones;
//   - interprets it in WebAssembly: cmd/vmbench/wasmrunner, built with
//     GOOS=js GOARCH=wasm and the browser player's flags, run under Node
//     by $(go env GOROOT)/lib/wasm/go_js_wasm_exec, times its own runs of
//     NewSim and Run after loading the scene once.
//
// Each time is the median of -reps runs (-wasmreps in WebAssembly, where
// a run takes several times longer; every run there is in one Node
// process, after the first has warmed up its JIT). The table gives the compiled wall
// time; its net time, the CPU time of the program, which is the fastest
// run less the fastest run of an empty program (process start-up, which a
// simulation does not have; the fastest, since other processes on the
// machine only add time, and virtual time is free of them); the run's
// virtual (simulated) duration, the CPU time the VM charges per
// instruction (target: within 2× of the net compiled time); and
// the interpreted times with their ratios to the compiled time (target:
// the interpreter at most 20× slower than compiled Go, natively), with
// the fastest and the slowest native interpretation (the spread of the
// runs, which other work on a shared machine widens). Every
// side's output must be the program's checksum line, the same on all
// three; a mismatch or a failure makes the exit status 1, a missed target
// does not. -quick runs tiny sizes once, to check the checksums (the
// smoke test); its times mean nothing. -cpuprofile writes a CPU profile
// of this process, whose work is the native interpretation. Progress and
// every run's time go to standard error.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gmpbook/gmpbook/cmd/vmbench/internal/workload"
)

// Targets.
const (
	maxInterpRatio  = 20 // interpreted (native) over compiled wall time
	maxVirtualRatio = 2  // virtual over compiled time, either way
)

// wasmRunner is the package built for the WebAssembly side.
const wasmRunner = "github.com/gmpbook/gmpbook/cmd/vmbench/wasmrunner"

type config struct {
	reps       int
	wasmReps   int
	quick      bool
	only       []string
	sizes      map[string]int
	wasm       bool
	goCmd      string
	cpuprofile string
	progress   io.Writer // where progress goes (stderr); nil: nowhere
}

func main() {
	reps := flag.Int("reps", 5, "timed runs of the compiled program and of the native interpretation (the median is reported); -quick: 1")
	wasmReps := flag.Int("wasmreps", 3, "timed runs of the interpretation in WebAssembly; -quick: 1")
	quick := flag.Bool("quick", false, "tiny sizes, one run: check the checksums, measure nothing")
	only := flag.String("only", "", "comma-separated workloads to run (default: all)")
	sizes := flag.String("size", "", "comma-separated name=size overrides, e.g. fib=30,sieve=1000000")
	wasm := flag.Bool("wasm", true, "also interpret under WebAssembly (Node)")
	goCmd := flag.String("go", "go", "the go command")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the native interpretation to `FILE`")
	flag.Parse()
	cfg := config{quick: *quick, wasm: *wasm, goCmd: *goCmd, cpuprofile: *cpuprofile, progress: os.Stderr}
	cfg.reps, cfg.wasmReps = max(*reps, 1), max(*wasmReps, 1)
	if *quick && !isSet("reps") {
		cfg.reps = 1
	}
	if *quick && !isSet("wasmreps") {
		cfg.wasmReps = 1
	}
	if *only != "" {
		cfg.only = strings.Split(*only, ",")
	}
	var err error
	if cfg.sizes, err = parseSizes(*sizes); err != nil {
		fmt.Fprintln(os.Stderr, "vmbench:", err)
		os.Exit(2)
	}
	rep, err := measure(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vmbench:", err)
		os.Exit(2)
	}
	rep.write(os.Stdout)
	if rep.failed() {
		os.Exit(1)
	}
}

func isSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func parseSizes(s string) (map[string]int, error) {
	m := map[string]int{}
	if s == "" {
		return m, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		n, err := strconv.Atoi(strings.ReplaceAll(v, "_", ""))
		if !ok || err != nil || n < 0 {
			return nil, fmt.Errorf("-size %q: want name=N", kv)
		}
		if _, err := workload.Get(k); err != nil {
			return nil, err
		}
		m[k] = n
	}
	return m, nil
}

// row is one line of the report: a workload, interpreted with or without
// the VM's loop summaries.
type row struct {
	w           workload.Workload
	name        string
	size        int
	noSummaries bool
	compiled    []time.Duration
	realOut     []string
	native      []time.Duration
	nativeOut   []string
	virtual     time.Duration
	load        time.Duration
	wasm        []time.Duration
	wasmOut     []string
	wasmVirtual time.Duration
	errs        []string
}

type report struct {
	cfg      config
	rows     []*row
	startup  time.Duration // a compiled empty program's fastest wall time
	wasmNote string        // why the WebAssembly side did not run
	goVer    string
	load     string // /proc/loadavg's first three fields, where there is one
}

// failed reports whether a run failed or the checksums disagree.
func (r *report) failed() bool {
	for _, row := range r.rows {
		if len(row.errs) > 0 {
			return true
		}
	}
	return false
}

func (c config) logf(format string, args ...any) {
	if c.progress != nil {
		fmt.Fprintf(c.progress, "vmbench: "+format+"\n", args...)
	}
}

// measure builds everything and runs every side of every workload.
func measure(cfg config) (*report, error) {
	rep := &report{cfg: cfg}
	var ws []workload.Workload
	for _, w := range workload.All() {
		if len(cfg.only) == 0 || slices.Contains(cfg.only, w.Name) {
			ws = append(ws, w)
		}
	}
	for _, name := range cfg.only {
		if _, err := workload.Get(name); err != nil {
			return nil, err
		}
	}
	for _, w := range ws {
		size := w.Size
		if cfg.quick {
			size = w.Quick
		}
		if n, ok := cfg.sizes[w.Name]; ok {
			size = n
		}
		rep.rows = append(rep.rows, &row{w: w, name: w.Name, size: size})
		if w.Summarised {
			rep.rows = append(rep.rows, &row{w: w, name: w.Name + ", not summarised", size: size, noSummaries: true})
		}
	}

	dir, err := os.MkdirTemp("", "vmbench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if out, err := exec.Command(cfg.goCmd, "version").Output(); err == nil {
		rep.goVer = strings.TrimSpace(string(out))
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			rep.load = strings.Join(f[:3], " ")
		}
	}

	cfg.logf("building %d programs with %s", len(ws), cfg.goCmd)
	bins, err := buildCompiled(cfg, dir, ws, rep.rows)
	if err != nil {
		return nil, err
	}
	var wasmExec, wasmBin string
	if cfg.wasm {
		wasmExec, wasmBin, rep.wasmNote = buildWasm(cfg, dir)
	} else {
		rep.wasmNote = "not run (-wasm=false)"
	}

	// Process start-up, which every compiled time includes.
	var starts []time.Duration
	for i := 0; i < max(cfg.reps, 5); i++ {
		d, _, err := runCompiled(bins["startup"])
		if err != nil {
			return nil, err
		}
		starts = append(starts, d)
	}
	rep.startup = slices.Min(starts)

	if cfg.cpuprofile != "" {
		f, err := os.Create(cfg.cpuprofile)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, err
		}
		defer pprof.StopCPUProfile()
	}

	compiled := map[string]*row{} // the first row of each workload: its compiled runs
	for _, r := range rep.rows {
		first := compiled[r.w.Name]
		if first == nil {
			compiled[r.w.Name] = r
		}
		cfg.logf("%s (size %d): compiled and native, %d runs each", r.name, r.size, cfg.reps)
		measureNative(cfg, r, bins[r.w.Name], first)
		if wasmBin != "" {
			cfg.logf("%s: WebAssembly, %d runs", r.name, cfg.wasmReps)
			measureWasm(cfg, r, wasmExec, wasmBin)
		}
		r.check()
		cfg.logf("%s: compiled %s, virtual %s, native %s (load %s), wasm %s (ms)", r.name, msList(r.compiled), msStr(r.virtual), msList(r.native), msStr(r.load), msList(r.wasm))
	}
	return rep, nil
}

// buildCompiled writes every program, at its row's size, into one module
// and builds them all, plus an empty program that measures process
// start-up.
func buildCompiled(cfg config, dir string, ws []workload.Workload, rows []*row) (map[string]string, error) {
	src := filepath.Join(dir, "src")
	files := map[string][]byte{
		"go.mod":          []byte("module vmbench\n\ngo 1.26\n"),
		"startup/main.go": []byte("package main\n\nfunc main() {}\n"),
	}
	for _, r := range rows {
		if !r.noSummaries {
			files[r.w.Name+"/main.go"] = r.w.WithSize(r.size)
		}
	}
	for name, data := range files {
		p := filepath.Join(src, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return nil, err
		}
	}
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return nil, err
	}
	cmd := exec.Command(cfg.goCmd, "build", "-o", bin+string(filepath.Separator), "./...")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the workloads: %v\n%s", err, out)
	}
	bins := map[string]string{"startup": filepath.Join(bin, "startup")}
	for _, w := range ws {
		bins[w.Name] = filepath.Join(bin, w.Name)
	}
	return bins, nil
}

// buildWasm builds the WebAssembly runner and finds go_js_wasm_exec; it
// returns a note instead when the WebAssembly side cannot run.
func buildWasm(cfg config, dir string) (execPath, bin, note string) {
	if _, err := exec.LookPath("node"); err != nil {
		return "", "", "not run: no node on $PATH (scripts/deps.sh installs it)"
	}
	out, err := exec.Command(cfg.goCmd, "env", "GOROOT").Output()
	if err != nil {
		return "", "", fmt.Sprintf("not run: go env GOROOT: %v", err)
	}
	execPath = filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(execPath); err != nil {
		return "", "", fmt.Sprintf("not run: %v", err)
	}
	cfg.logf("building %s for GOOS=js GOARCH=wasm", wasmRunner)
	bin = filepath.Join(dir, "wasmrunner.wasm")
	// The browser player's flags (the Makefile's WASM_BUILD).
	cmd := exec.Command(cfg.goCmd, "build", "-trimpath", "-ldflags=-s -w", "-gcflags=go/...=-l", "-o", bin, wasmRunner)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", fmt.Sprintf("not run: building %s failed (run vmbench inside the gmpbook module): %v\n%s", wasmRunner, err, out)
	}
	return execPath, bin, ""
}

// runCompiled runs a compiled program and returns its wall time and its
// output lines.
func runCompiled(bin string) (time.Duration, []string, error) {
	var out, errb bytes.Buffer
	cmd := exec.Command(bin)
	cmd.Stdout, cmd.Stderr = &out, &errb
	t := time.Now()
	err := cmd.Run()
	d := time.Since(t)
	if err != nil {
		return d, nil, fmt.Errorf("%s: %v\n%s", filepath.Base(bin), err, errb.String())
	}
	return d, lines(out.String()), nil
}

func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// measureNative runs the compiled program and the native interpretation
// in alternation. A row that shares its workload's compiled program with
// an earlier row (first) takes that row's compiled runs.
func measureNative(cfg config, r *row, bin string, first *row) {
	l, err := workload.Load(r.w.Name, r.w.WithSize(r.size), r.noSummaries)
	if err != nil {
		r.errs = append(r.errs, "VM: "+err.Error())
	} else {
		r.load = l.Load
	}
	for i := 0; i < cfg.reps; i++ {
		if first == nil {
			d, out, err := runCompiled(bin)
			if err != nil {
				r.errs = append(r.errs, "compiled: "+err.Error())
				return
			}
			r.compiled, r.realOut = append(r.compiled, d), out
		}
		if l == nil {
			continue
		}
		run, err := l.Run()
		if err != nil {
			r.errs = append(r.errs, "VM: "+err.Error())
			l = nil
			continue
		}
		if i > 0 && !slices.Equal(run.Output, r.nativeOut) {
			r.errs = append(r.errs, fmt.Sprintf("VM: run %d printed %q, run 1 %q", i+1, run.Output, r.nativeOut))
		}
		r.native, r.nativeOut, r.virtual = append(r.native, run.Wall), run.Output, run.Virtual
	}
	if first != nil {
		r.compiled, r.realOut = first.compiled, first.realOut
	}
}

// wasmReport is what cmd/vmbench/wasmrunner prints.
type wasmReport struct {
	RunMs     []float64 `json:"run_ms"`
	VirtualNs int64     `json:"virtual_ns"`
	Output    []string  `json:"output"`
	Error     string    `json:"error"`
}

func measureWasm(cfg config, r *row, execPath, bin string) {
	args := []string{bin, "-workload", r.w.Name, "-size", strconv.Itoa(r.size), "-reps", strconv.Itoa(cfg.wasmReps)}
	if r.noSummaries {
		args = append(args, "-nosummaries")
	}
	cmd := exec.Command(execPath, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var wr wasmReport
	last := lines(out.String())
	if len(last) == 0 || json.Unmarshal([]byte(last[len(last)-1]), &wr) != nil {
		r.errs = append(r.errs, fmt.Sprintf("wasm: %v: %s%s", err, out.String(), errb.String()))
		return
	}
	if wr.Error != "" {
		r.errs = append(r.errs, "wasm: "+wr.Error)
		return
	}
	for _, ms := range wr.RunMs {
		r.wasm = append(r.wasm, time.Duration(ms*float64(time.Millisecond)))
	}
	r.wasmOut, r.wasmVirtual = wr.Output, time.Duration(wr.VirtualNs)
}

// check compares the outputs of the sides that ran.
func (r *row) check() {
	if r.realOut == nil {
		return
	}
	if len(r.realOut) != 1 || !strings.HasPrefix(r.realOut[0], "checksum ") {
		r.errs = append(r.errs, fmt.Sprintf("compiled: printed %q, not one checksum line", r.realOut))
	}
	if r.native != nil && !slices.Equal(r.nativeOut, r.realOut) {
		r.errs = append(r.errs, fmt.Sprintf("checksum: interpreted natively %q, compiled %q", r.nativeOut, r.realOut))
	}
	if r.wasm != nil && !slices.Equal(r.wasmOut, r.realOut) {
		r.errs = append(r.errs, fmt.Sprintf("checksum: interpreted in wasm %q, compiled %q", r.wasmOut, r.realOut))
	}
	if r.wasm != nil && r.native != nil && r.wasmVirtual != r.virtual {
		r.errs = append(r.errs, fmt.Sprintf("virtual time: %v in wasm, %v natively (the simulation is deterministic)", r.wasmVirtual, r.virtual))
	}
}

func (r *report) write(w io.Writer) {
	fmt.Fprintf(w, "vmbench: CPU-bound Go, compiled vs interpreted by script/vm on one simulated P\n")
	fmt.Fprintf(w, "%s; host %s/%s, %d CPUs", r.goVer, runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	if r.load != "" {
		fmt.Fprintf(w, ", load average %s at the start", r.load)
	}
	fmt.Fprintf(w, "\nmedians of %d runs (compiled, interpreted natively) and %d (interpreted in WebAssembly)", r.cfg.reps, r.cfg.wasmReps)
	if r.cfg.quick {
		fmt.Fprintf(w, "; -quick: tiny sizes, the times mean nothing")
	}
	fmt.Fprintf(w, "\ncompiled times are process wall times, with start-up; net: the fastest run less the fastest empty program's (%s ms)\n", msStr(r.startup))
	if r.wasmNote != "" {
		fmt.Fprintf(w, "WebAssembly: %s\n", r.wasmNote)
	}
	var main, count []*row
	for _, row := range r.rows {
		if row.w.Summarised {
			count = append(count, row)
		} else {
			main = append(main, row)
		}
	}
	fmt.Fprintln(w)
	r.table(w, main)
	if len(main) > 0 && !r.cfg.quick {
		r.summary(w, main)
	}
	if len(count) > 0 {
		fmt.Fprintln(w, "\nThe counting loop, which the VM runs in closed form (script/vm/loop.go), and")
		fmt.Fprintln(w, "the same loop interpreted iteration by iteration (NoSummaries):")
		fmt.Fprintln(w)
		r.table(w, count)
	}
	for _, row := range r.rows {
		for _, e := range row.errs {
			fmt.Fprintf(w, "FAILED %s: %s\n", row.name, e)
		}
	}
}

func (r *report) table(w io.Writer, rows []*row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\tsize\tcompiled ms\tnet ms\tvirtual ms\tvirtual/net\tinterp native ms\t×compiled\tnative runs ms\tinterp wasm ms\t×compiled\t")
	for _, row := range rows {
		comp := workload.Median(row.compiled)
		net := r.netTime(row)
		nat := workload.Median(row.native)
		wasm := workload.Median(row.wasm)
		cells := []string{row.name, strconv.Itoa(row.size), msStr(comp), msStr(net), "-", "-", msStr(nat), "-", spreadStr(row.native), msStr(wasm), "-"}
		virtOK := func(x float64) bool { return x <= maxVirtualRatio && x >= 1.0/maxVirtualRatio }
		interpOK := func(x float64) bool { return row.w.Summarised || x <= maxInterpRatio }
		if r.cfg.quick {
			virtOK, interpOK = nil, nil
		}
		if row.native != nil {
			cells[4] = msStr(row.virtual)
			cells[5] = ratioStr(row.virtual, net, virtOK)
			cells[7] = ratioStr(nat, comp, interpOK)
		}
		if row.wasm != nil {
			cells[10] = ratioStr(wasm, comp, nil)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	tw.Flush()
}

// summary states the targets over the rows that measured them.
func (r *report) summary(w io.Writer, rows []*row) {
	var interp, virt, wasm []float64
	metI, metV := 0, 0
	for _, row := range rows {
		comp := workload.Median(row.compiled)
		if comp <= 0 || row.native == nil {
			continue
		}
		x := float64(workload.Median(row.native)) / float64(comp)
		interp = append(interp, x)
		if x <= maxInterpRatio {
			metI++
		}
		v := float64(row.virtual) / float64(r.netTime(row))
		virt = append(virt, v)
		if v <= maxVirtualRatio && v >= 1.0/maxVirtualRatio {
			metV++
		}
		if row.wasm != nil {
			wasm = append(wasm, float64(workload.Median(row.wasm))/float64(comp))
		}
	}
	if len(interp) == 0 {
		return
	}
	fmt.Fprintf(w, "\ntarget: interpreted (native) at most %d× slower than compiled: met by %d of %d (geometric mean %.1f×)\n",
		maxInterpRatio, metI, len(interp), geomean(interp))
	if len(wasm) > 0 {
		fmt.Fprintf(w, "        interpreted in WebAssembly: geometric mean %.1f× compiled (native)\n", geomean(wasm))
	}
	fmt.Fprintf(w, "target: virtual time within %d× of net compiled time: met by %d of %d (geometric mean %.2f)\n",
		maxVirtualRatio, metV, len(virt), geomean(virt))
	fmt.Fprintln(w, "(a ratio marked * misses its target; the exit status does not depend on it)")
}

// netTime is the CPU time of the row's compiled program, which its
// virtual time is compared with: the fastest of its runs less the
// fastest run of the empty program (process start-up, which the
// simulation does not have). The fastest run, because a CPU-bound
// program only loses time to the other processes of a shared machine,
// and its virtual time is free of them.
func (r *report) netTime(row *row) time.Duration {
	if len(row.compiled) == 0 {
		return 0
	}
	return max(slices.Min(row.compiled)-r.startup, 1)
}

func geomean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(xs)))
}

func msStr(d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case ms < 1:
		return strconv.FormatFloat(ms, 'f', 3, 64)
	case ms < 100:
		return strconv.FormatFloat(ms, 'f', 1, 64)
	}
	return strconv.FormatFloat(ms, 'f', 0, 64)
}

// ratioStr is a/b, marked * when ok says it misses its target.
func ratioStr(a, b time.Duration, ok func(float64) bool) string {
	if a <= 0 || b <= 0 {
		return "-"
	}
	x := float64(a) / float64(b)
	var s string
	switch {
	case x < 0.1:
		s = strconv.FormatFloat(x, 'f', 3, 64)
	case x < 10:
		s = strconv.FormatFloat(x, 'f', 2, 64)
	default:
		s = strconv.FormatFloat(x, 'f', 0, 64)
	}
	if ok != nil && !ok(x) {
		s += "*"
	} else if ok != nil {
		s += " "
	}
	return s
}

// spreadStr is the fastest and the slowest of ds, "min–max" (ms).
func spreadStr(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	return msStr(slices.Min(ds)) + "–" + msStr(slices.Max(ds))
}

func msList(ds []time.Duration) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, msStr(d))
	}
	return "[" + strings.Join(parts, " ") + "]"
}
