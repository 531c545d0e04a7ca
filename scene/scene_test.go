package scene

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// withProcs runs f with GOMAXPROCS set to n and restores it afterwards.
func withProcs(t *testing.T, n int, f func()) {
	t.Helper()
	old := runtime.GOMAXPROCS(n)
	defer runtime.GOMAXPROCS(old)
	f()
}

func TestWorkTakesAtLeastD(t *testing.T) {
	const d = 5 * time.Millisecond
	start := time.Now()
	Work(d)
	took := time.Since(start)
	t.Logf("Work(%v) took %v", d, took)
	if took < d || took >= 50*time.Millisecond {
		t.Fatalf("Work(%v) took %v, want at least %v and under 50ms", d, took, d)
	}
	// Non-positive durations do nothing.
	start = time.Now()
	Work(0)
	Work(-time.Second)
	if took := time.Since(start); took > time.Millisecond {
		t.Errorf("Work(0) and Work(-1s) took %v", took)
	}
}

// TestWorkIsCPUTimeAndPreemptible runs two Work(150ms) on one P: they are
// preempted (a sleeping goroutine gets the P back long before either ends;
// sysmon preempts after 10-20ms) and, since Work counts on-CPU progress,
// they need about 300ms of wall time together, as in the simulator. The
// work is long enough that a busy machine, which can starve sysmon's
// thread for tens of milliseconds, still sees the preemption first.
func TestWorkIsCPUTimeAndPreemptible(t *testing.T) {
	const d = 150 * time.Millisecond
	withProcs(t, 1, func() {
		var wg sync.WaitGroup
		var finished atomic.Int32
		start := time.Now()
		for range 2 {
			wg.Go(func() {
				Work(d)
				finished.Add(1)
			})
		}
		time.Sleep(time.Millisecond)
		woke := time.Since(start)
		stillWorking := finished.Load() == 0
		wg.Wait()
		took := time.Since(start)
		t.Logf("two Work(%v) on one P: main woke from a 1ms sleep after %v, both done after %v", d, woke, took)
		if !stillWorking {
			t.Errorf("a Work(%v) ended before main woke from a 1ms sleep: it was not preempted", d)
		}
		if took < 2*d-2*time.Millisecond {
			t.Errorf("two Work(%v) on one P took %v: Work counted time it spent off the CPU", d, took)
		}
	})
}

// TestSyscallHandsOffP blocks the only P's goroutine in Syscall and checks
// that another goroutine ran meanwhile: sysmon took the P from the
// blocked thread and handed it to another.
//
// The syscall lasts 50ms because the hand-off is fast (~150µs) only while
// sysmon checks often; once it has backed off to 10ms checks, as it does
// in a test binary between tests, it needs two sightings and hands the P
// off 10–20ms into the syscall (measured 15–20ms here in about half of
// repeated runs), which a 20ms syscall would not reliably outlast.
func TestSyscallHandsOffP(t *testing.T) {
	const d = 50 * time.Millisecond
	withProcs(t, 1, func() {
		var count atomic.Int64
		var stop atomic.Bool
		var first atomic.Int64 // when the other goroutine first ran, in ns since start
		start := time.Now()
		done := make(chan struct{})
		go func() {
			defer close(done)
			first.Store(int64(time.Since(start)))
			for !stop.Load() {
				count.Add(1)
				runtime.Gosched()
			}
		}()
		before := count.Load()
		Syscall(d)
		took := time.Since(start)
		during := count.Load() - before
		stop.Store(true)
		<-done
		t.Logf("Syscall(%v) took %v; the other goroutine first ran after %v and counted %d meanwhile",
			d, took, time.Duration(first.Load()), during)
		if took < d {
			t.Errorf("Syscall(%v) returned after %v", d, took)
		}
		if during == 0 {
			t.Errorf("no other goroutine ran on the only P during Syscall(%v)", d)
		}
	})
}

// stateOf returns the scheduling state that a goroutine dump shows for the
// goroutine whose stack contains frame, or "" if there is none.
func stateOf(frame string) string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	for block := range strings.SplitSeq(string(buf), "\n\n") {
		if !strings.Contains(block, frame) {
			continue
		}
		header, _, _ := strings.Cut(block, "\n")
		_, state, _ := strings.Cut(header, "[")
		state, _, _ = strings.Cut(state, "]")
		state, _, _ = strings.Cut(state, ",")
		return state
	}
	return ""
}

// blockedState starts call in a goroutine and returns the state that the
// goroutine dump shows once its stack contains frame and it is neither
// running nor runnable (it may be caught on its way into or out of the
// blocking call), and how long call took.
func blockedState(t *testing.T, call func(), frame string) (state string, took time.Duration) {
	t.Helper()
	done := make(chan time.Duration)
	go func() {
		start := time.Now()
		call()
		done <- time.Since(start)
	}()
	for range 100 {
		state = stateOf(frame)
		if state != "" && state != "running" && state != "runnable" {
			break
		}
		time.Sleep(100 * time.Microsecond)
	}
	return state, <-done
}

func TestFileReadBlocksInASystemCall(t *testing.T) {
	const d = 10 * time.Millisecond
	start := time.Now()
	FileRead(d)
	if took := time.Since(start); took < d || took > 10*d {
		t.Errorf("FileRead(%v) took %v", d, took)
	}
	state, took := blockedState(t, func() { FileRead(30 * time.Millisecond) }, "syscall.Read(")
	t.Logf("FileRead(30ms) took %v; goroutine dump state while blocked: %q", took, state)
	if state != "syscall" {
		t.Errorf("a goroutine in FileRead is in state %q, want syscall (not parked on the netpoller)", state)
	}
	start = time.Now()
	FileRead(0)
	FileRead(-time.Second)
	if took := time.Since(start); took > 5*time.Millisecond {
		t.Errorf("FileRead(0) and FileRead(-1s) took %v", took)
	}
}

func TestNetReadParksOnTheNetpoller(t *testing.T) {
	const d = 10 * time.Millisecond
	start := time.Now()
	NetRead(d)
	if took := time.Since(start); took < d || took > 10*d {
		t.Errorf("NetRead(%v) took %v", d, took)
	}
	state, took := blockedState(t, func() { NetRead(30 * time.Millisecond) }, "io.ReadFull(")
	t.Logf("NetRead(30ms) took %v; goroutine dump state while blocked: %q", took, state)
	if state != "IO wait" {
		t.Errorf("a goroutine in NetRead is in state %q, want IO wait", state)
	}
	NetRead(0)
}

func TestCgoBlocks(t *testing.T) {
	const d = 5 * time.Millisecond
	start := time.Now()
	Cgo(d)
	if took := time.Since(start); took < d || took > 10*d {
		t.Errorf("Cgo(%v) took %v", d, took)
	}
}

// threads returns the number of threads of this process.
func threads(t *testing.T) int {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Skipf("no thread count on this system: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Threads:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("bad Threads line %q", sc.Text())
			}
			return n
		}
	}
	t.Fatal("/proc/self/status has no Threads line")
	return 0
}

// notInGo reads how many goroutines are in system calls (or cgo calls).
func notInGo() int64 {
	s := []metrics.Sample{{Name: "/sched/goroutines/not-in-go:goroutines"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return -1
	}
	return int64(s[0].Value.Uint64())
}

// concurrently runs call in n goroutines at once and returns the threads
// the process gained and how many goroutines were outside Go halfway
// through.
func concurrently(t *testing.T, n int, d time.Duration, call func(time.Duration), want int64) (grew int, outside int64) {
	t.Helper()
	before := threads(t)
	for range n {
		go call(d)
	}
	// Measure once every goroutine is where it blocks: want goroutines in
	// system calls, or (want 0, network reads) a settled moment. A loaded machine is
	// slow to get there, so poll rather than sleep a fixed time; the calls
	// last far longer than the poll and are left running (the measuring
	// process exits when done).
	deadline := time.Now().Add(d / 2)
	if want == 0 {
		time.Sleep(100 * time.Millisecond)
	}
	for {
		outside = notInGo()
		if outside >= want || time.Now().After(deadline) {
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	return threads(t) - before, outside
}

// threadsChildEnv marks the fresh process in which TestThreads measures.
const threadsChildEnv = "GMPBOOK_SCENE_THREADS_CHILD"

// TestThreads checks the chapter's claim: goroutines waiting on the
// network cost no threads, goroutines blocked in system calls cost one
// each. The runtime never releases threads and reuses idle ones, so the
// measurement runs in a fresh copy of the test binary, where it does not
// depend on what ran before; each phase measures the threads it added.
func TestThreads(t *testing.T) {
	const n, d = 50, 10 * time.Second
	if os.Getenv(threadsChildEnv) != "" {
		start := threads(t)
		netGrew, netOut := concurrently(t, n, d, NetRead, 0)
		sysGrew, sysOut := concurrently(t, n, d, Syscall, n)
		// The Syscall goroutines still hold their threads, so FileRead
		// needs threads of its own too.
		fileGrew, fileOut := concurrently(t, n, d, FileRead, 2*n)
		fmt.Printf("threads %d %d %d %d %d %d %d\n", start, netGrew, netOut, sysGrew, sysOut, fileGrew, fileOut)
		return
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skipf("no thread count on this system: %v", err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestThreads$", "-test.count=1")
	cmd.Env = append(os.Environ(), threadsChildEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the measuring process failed: %v\n%s", err, out)
	}
	var start, netGrew, sysGrew, fileGrew int
	var netOut, sysOut, fileOut int64
	i := bytes.Index(out, []byte("threads "))
	if i < 0 {
		t.Fatalf("the measuring process printed no result:\n%s", out)
	}
	if _, err := fmt.Sscanf(string(out[i:]), "threads %d %d %d %d %d %d %d",
		&start, &netGrew, &netOut, &sysGrew, &sysOut, &fileGrew, &fileOut); err != nil {
		t.Fatalf("bad result %q: %v", out[i:], err)
	}
	t.Logf("fresh process with %d threads; %d goroutines at once in NetRead(%v): +%d threads, %d in system calls; "+
		"then in Syscall: +%d, %d; then in FileRead: +%d, %d",
		start, n, d, netGrew, netOut, sysGrew, sysOut, fileGrew, fileOut)
	if netGrew > 5 {
		t.Errorf("%d goroutines in NetRead added %d threads, want at most 5", n, netGrew)
	}
	if sysGrew < 30 || sysGrew < 4*netGrew {
		t.Errorf("%d goroutines in Syscall added %d threads, want at least 30 and far more than NetRead's %d", n, sysGrew, netGrew)
	}
	if netOut > 2 {
		t.Errorf("%d goroutines in NetRead: %d in system calls, want about none", n, netOut)
	}
	if sysOut < n*4/5 || fileOut-sysOut < n*4/5 || fileGrew < 30 {
		t.Errorf("%d goroutines in Syscall, FileRead: %d, %d in system calls, want about %d", n, sysOut, fileOut, n)
	}
}

func TestFilesAreTheToolkit(t *testing.T) {
	files := Files()
	for _, want := range []string{"scene.go", "work.go", "net.go", "block_linux.go"} {
		if _, ok := files[want]; !ok {
			t.Errorf("Files() lacks %s", want)
		}
	}
	for name, data := range files {
		if strings.HasSuffix(name, "_test.go") || name == "source.go" || !strings.HasSuffix(name, ".go") {
			t.Errorf("Files() includes %s", name)
		}
		if bytes.Contains(data, []byte("Sources")) {
			t.Errorf("%s refers to Sources, which the copied toolkit does not have", name)
		}
	}
}

// TestFilesBuildStandalone writes Files() into a fresh module named
// gmpbook with WriteModule, as `gmpbook real` does, with a program that
// uses every primitive, and builds and runs it with ModuleEnv.
func TestFilesBuildStandalone(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	dir := t.TempDir()
	if err := WriteModule(dir, map[string][]byte{"main.go": []byte(`package main

import (
	"fmt"
	"sync"
	"time"

	"gmpbook/scene"
)

func main() {
	var wg sync.WaitGroup
	for _, f := range []func(time.Duration){scene.Work, scene.Syscall, scene.FileRead, scene.NetRead, scene.Cgo} {
		wg.Go(func() { f(time.Millisecond) })
	}
	wg.Wait()
	fmt.Println("all five done")
}
`)}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"go.mod", "scene/work.go"} {
		if err := WriteModule(t.TempDir(), map[string][]byte{bad: nil}); err == nil {
			t.Errorf("WriteModule let a program overwrite %s", bad)
		}
	}
	bin := filepath.Join(dir, "scene.bin")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), ModuleEnv...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of the copied toolkit failed: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).CombinedOutput()
	if err != nil || string(out) != "all five done\n" {
		t.Fatalf("the program using the copied toolkit: %v\n%s", err, out)
	}
}
