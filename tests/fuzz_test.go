package tests

// FuzzParseAndLower feeds arbitrary bytes to the scene language and runs
// whatever compiles in the simulator for a bounded stretch of virtual time.
// Nothing may panic: a scene is either refused with a message or runs to
// an end (its own, a deadlock, a panic of the scene, or a limit), and the
// simulator's invariants hold throughout.
//
//	go test ./tests -run '^$' -fuzz FuzzParseAndLower -fuzztime 60s
//
// The seed corpus is every scene in testdata (fidelity, timing, bad), so
// plain `go test` runs each of them once through the same checks.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/script"
)

func FuzzParseAndLower(f *testing.F) {
	for _, dir := range []string{"fidelity", "timing", "bad"} {
		paths, err := filepath.Glob(filepath.Join("testdata", dir, "*.go"))
		if err != nil {
			f.Fatal(err)
		}
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte("func main() {}\n"))
	// runtime.GOMAXPROCS with a huge argument once made the simulator
	// allocate that many Ps; it now stops at a limit with a message.
	f.Add([]byte("func main() { runtime.GOMAXPROCS(1 << 40) }\n"))
	f.Add([]byte("//scene procs=3 seed=9 until=20ms\nfunc main() {\n\tch := make(chan int)\n\tgo func() { ch <- 1 }()\n\tselect {\n\tcase v := <-ch:\n\t\tprintln(v)\n\tdefault:\n\t}\n}\n"))

	f.Fuzz(func(t *testing.T, src []byte) {
		c, err := script.Load("fuzz.go", src)
		if err != nil {
			// A refusal says where: its first line starts with the
			// position. (go/types adds have/want lines to some.)
			if msg := err.Error(); !strings.HasPrefix(msg, "fuzz.go:") || strings.HasPrefix(msg, "fuzz.go:0:0") {
				t.Errorf("a refusal must start with fuzz.go:line:col, got %q", msg)
			}
			return
		}
		if _, err := script.Complete(c.Scene); err != nil {
			t.Errorf("Complete of a scene that loaded: %v", err)
		}
		cfg, err := c.Scene.Settings.Config(nil)
		if err != nil {
			return
		}
		cfg.Limits.MaxTime = core.Time(50 * core.Millisecond)
		cfg.Limits.MaxEvents = 100_000
		// The invariant check walks every G after every event, so the
		// number of Gs is kept small.
		cfg.Limits.MaxGoroutines = 500
		c.MaxInstructions = 1_000_000
		s, err := c.NewSim(cfg, core.WithInvariants())
		if err != nil {
			return
		}
		_ = s.Run()
		if err := s.CheckErr(); err != nil {
			t.Fatalf("simulator invariant broken: %v\nscene:\n%s", err, src)
		}
	})
}
