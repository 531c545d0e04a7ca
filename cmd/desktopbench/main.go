// Command desktopbench measures the desktop app's start-up and memory
// against a bare Ebiten window built in the same run, with the same
// toolchain, in the same virtual X server:
//
//   - time to the first frame: from starting the process to the line the
//     program prints on standard error at its first Draw (the app prints
//     it when run with --trace-startup; the baseline always). For
//     presentation mode also the time until the slides are drawn (the
//     scenes of the chapter are simulated in the background after the
//     first frame);
//   - resident memory while a scene plays: VmRSS sampled from
//     /proc/PID/status every 50 ms for -seconds after the first frame
//     (the largest sample), and VmHWM, the kernel's high-water mark, at
//     the end — for the reading mode playing the work-stealing scene
//     inline (--play-scene steal) and for presentation mode playing it on
//     its slide (--present --play-scene steal).
//
// The X server is an Xvfb it starts (1920×1080, 24-bit), so OpenGL is
// Mesa's software renderer: its buffers count in the resident memory of
// every program measured, the baseline's too. Each figure is the median
// of -runs runs.
//
// Usage: go run ./cmd/desktopbench [-bin bin/gmpbook-desktop] [-runs 3] [-seconds 5]
// (make bench-desktop builds the app first and runs it).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A scenario is one program measured.
type scenario struct {
	name  string
	bin   string
	args  []string
	ready string // a second milestone to time ("" for none)
}

// result is one run of a scenario.
type result struct {
	firstFrame time.Duration
	ready      time.Duration // the second milestone; 0 if none
	rss, hwm   int64         // kB
}

func main() {
	bin := flag.String("bin", "bin/gmpbook-desktop", "the desktop app to measure (built with cgo)")
	runs := flag.Int("runs", 3, "runs of each program; the table shows medians")
	seconds := flag.Float64("seconds", 5, "how long to sample memory while the scene plays")
	flag.Parse()
	if err := run(*bin, *runs, time.Duration(*seconds*float64(time.Second))); err != nil {
		fmt.Fprintln(os.Stderr, "desktopbench:", err)
		os.Exit(1)
	}
}

func run(bin string, runs int, sample time.Duration) error {
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("%v (make bench-desktop builds it)", err)
	}
	tmp, err := os.MkdirTemp("", "desktopbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	empty := filepath.Join(tmp, "emptygame")
	build := exec.Command("go", "build", "-o", empty, "./cmd/desktopbench/testdata/emptygame")
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("build the empty game: %v\n%s", err, out)
	}
	display, stop, err := xvfb()
	if err != nil {
		return err
	}
	defer stop()

	abs, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	common := []string{"--state", "", "--trace-startup"}
	scenarios := []scenario{
		{name: "empty Ebiten window 1200×800", bin: empty, args: []string{"-width", "1200", "-height", "800"}},
		{name: "reading, scene playing inline", bin: abs, args: append([]string{"--width", "1200", "--height", "800", "--play-scene", "steal"}, common...)},
		{name: "empty Ebiten window 1920×1080", bin: empty, args: []string{"-width", "1920", "-height", "1080"}},
		{name: "presenting, scene slide playing", bin: abs, args: append([]string{"--width", "1920", "--height", "1080", "--present", "--play-scene", "steal"}, common...), ready: "slides-ready"},
	}
	fmt.Printf("desktop app start-up and memory (%s, Xvfb :%s with Mesa's software OpenGL; medians of %d runs; memory sampled for %s after the first frame)\n\n",
		bin, display, runs, sample)
	fmt.Printf("%-34s %12s %14s %14s %14s\n", "program", "first frame", "slides drawn", "RSS playing", "peak RSS")
	for _, s := range scenarios {
		var rs []result
		for range runs {
			r, err := measure(s, display, sample)
			if err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
			rs = append(rs, r)
		}
		ready := "—"
		if s.ready != "" {
			ready = ms(median(rs, func(r result) float64 { return float64(r.ready.Microseconds()) / 1000 }))
		}
		fmt.Printf("%-34s %12s %14s %14s %14s\n", s.name,
			ms(median(rs, func(r result) float64 { return float64(r.firstFrame.Microseconds()) / 1000 })), ready,
			mb(median(rs, func(r result) float64 { return float64(r.rss) })),
			mb(median(rs, func(r result) float64 { return float64(r.hwm) })))
	}
	fmt.Println("\nfirst frame: from starting the process to its first Draw (its stderr line); slides drawn: the first frame with the chapter's slides;")
	fmt.Println("RSS playing: the largest VmRSS sampled while the scene plays; peak RSS: VmHWM at the end.")
	return nil
}

func ms(v float64) string  { return fmt.Sprintf("%.0f ms", v) }
func mb(kb float64) string { return fmt.Sprintf("%.1f MB", kb/1024) }

func median(rs []result, f func(result) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	slices.Sort(v)
	return v[len(v)/2]
}

// xvfb starts a virtual X server and returns its display number.
func xvfb() (string, func(), error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		return "", nil, fmt.Errorf("start Xvfb (make deps installs it): %w", err)
	}
	w.Close()
	stop := func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case d := <-line:
		if _, err := strconv.Atoi(d); err != nil {
			stop()
			return "", nil, fmt.Errorf("Xvfb gave no display number (%q)", d)
		}
		return d, stop, nil
	case <-time.After(10 * time.Second):
		stop()
		return "", nil, errors.New("Xvfb did not start in 10s")
	}
}

// measure runs a scenario once: the time to its milestones, then its
// memory while it runs, and stops it.
func measure(s scenario, display string, sample time.Duration) (result, error) {
	var res result
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.bin, s.args...)
	cmd.Env = append(os.Environ(), "DISPLAY=:"+display, "XDG_CONFIG_HOME="+os.TempDir())
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return res, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return res, err
	}
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
	}()
	events := make(chan string, 16)
	var mu sync.Mutex
	var lines []string
	output := func() string {
		mu.Lock()
		defer mu.Unlock()
		return strings.Join(lines, "\n")
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			l := sc.Text()
			mu.Lock()
			lines = append(lines, l)
			mu.Unlock()
			if _, ev, ok := strings.Cut(l, "startup "); ok && len(strings.Fields(ev)) > 0 {
				events <- strings.Fields(ev)[0]
			}
		}
		close(events)
	}()
	want := map[string]*time.Duration{"first-frame": &res.firstFrame}
	if s.ready != "" {
		want[s.ready] = &res.ready
	}
	for len(want) > 0 {
		select {
		case ev, ok := <-events:
			if !ok {
				return res, fmt.Errorf("it ended before its first frame:\n%s", output())
			}
			if p := want[ev]; p != nil {
				*p = time.Since(start)
				delete(want, ev)
			}
		case <-ctx.Done():
			return res, fmt.Errorf("no first frame in a minute:\n%s", output())
		}
	}
	end := time.Now().Add(sample)
	for time.Now().Before(end) {
		rss, hwm, err := memory(cmd.Process.Pid)
		if err != nil {
			return res, fmt.Errorf("it ended while playing: %v\n%s", err, output())
		}
		res.rss, res.hwm = max(res.rss, rss), hwm
		time.Sleep(50 * time.Millisecond)
	}
	return res, nil
}

// memory reads VmRSS and VmHWM (kB) of process pid.
func memory(pid int) (rss, hwm int64, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for _, l := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		f := strings.Fields(v)
		if len(f) == 0 {
			continue
		}
		n, _ := strconv.ParseInt(f[0], 10, 64)
		switch k {
		case "VmRSS":
			rss = n
		case "VmHWM":
			hwm = n
		}
	}
	if rss == 0 {
		return 0, 0, fmt.Errorf("no VmRSS for pid %d", pid)
	}
	return rss, hwm, nil
}
