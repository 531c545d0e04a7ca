package core

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSameInputsSameEventLog runs generated (program, Config) pairs twice
// and requires byte-identical canonical event logs; a third run streams the
// events through a sink, which must see the same log as the recording.
func TestSameInputsSameEventLog(t *testing.T) {
	const runs = 200
	for i := range runs {
		seed := uint64(500_000 + i)
		c := genCaseFromSeed(seed)
		a := runGenCase(c, true)
		b := runGenCase(c, true)
		for _, o := range []runOutcome{a, b} {
			if o.panic != "" || o.hang != "" {
				t.Fatalf("gen seed %d: %s\n%s", seed, o.failure(), c)
			}
		}
		ta, tb := eventText(a.sim.Events()), eventText(b.sim.Events())
		if ta != tb {
			t.Fatalf("gen seed %d: two runs of the same input differ at %s\n%s", seed, firstDiff(ta, tb), c)
		}
		var streamed strings.Builder
		sink := func(e *Event) {
			streamed.WriteString(e.String())
			streamed.WriteByte('\n')
		}
		if s := runGenCaseSink(c, sink); s.panic != "" || s.hang != "" {
			t.Fatalf("gen seed %d: %s\n%s", seed, s.failure(), c)
		}
		if streamed.String() != ta {
			t.Fatalf("gen seed %d: streamed log differs from the recorded one at %s\n%s", seed, firstDiff(ta, streamed.String()), c)
		}
	}
}

// firstDiff describes the first line where two logs differ.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n  %s\n  %s", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("the end: %d vs %d lines", len(la), len(lb))
}

// goldenSeeds are the generator seeds whose event logs are pinned in
// testdata/eventlog.golden.
var goldenSeeds = func() []uint64 {
	s := make([]uint64, 50)
	for i := range s {
		s[i] = uint64(1000 + 7*i)
	}
	return s
}()

const eventLogGolden = "testdata/eventlog.golden"

// TestEventLogMatchesGolden hashes the canonical event log of each golden
// seed and compares it with testdata/eventlog.golden. The test runs the
// same way natively and under GOOS=js GOARCH=wasm, so passing in both shows
// that the two builds produce byte-identical logs. -rewrite regenerates the
// file (after a deliberate change of behaviour).
func TestEventLogMatchesGolden(t *testing.T) {
	var got bytes.Buffer
	got.WriteString("# generator seed, events, SHA-256 of the canonical event log (TestEventLogMatchesGolden; -rewrite regenerates)\n")
	for _, seed := range goldenSeeds {
		c := genCaseFromSeed(seed)
		o := runGenCase(c, true)
		if o.panic != "" || o.hang != "" {
			t.Fatalf("gen seed %d: %s\n%s", seed, o.failure(), c)
		}
		sum := sha256.Sum256([]byte(eventText(o.sim.Events())))
		fmt.Fprintf(&got, "%d %d %s\n", seed, len(o.sim.Events()), hex.EncodeToString(sum[:]))
	}
	if *rewrite {
		if err := os.MkdirAll(filepath.Dir(eventLogGolden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(eventLogGolden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", eventLogGolden)
		return
	}
	wantData, err := os.ReadFile(eventLogGolden)
	if err != nil {
		t.Fatalf("%v (run go test ./core -run TestEventLogMatchesGolden -rewrite)", err)
	}
	want, err := parseGolden(wantData)
	if err != nil {
		t.Fatal(err)
	}
	have, err := parseGolden(got.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != len(have) {
		t.Errorf("golden file has %d seeds, the test runs %d", len(want), len(have))
	}
	for seed, w := range want {
		h, ok := have[seed]
		switch {
		case !ok:
			t.Errorf("gen seed %d is in the golden file but not in goldenSeeds", seed)
		case h != w:
			t.Errorf("gen seed %d: got %s, golden %s\n%s", seed, h, w, genCaseFromSeed(seed))
		}
	}
}

// parseGolden reads "seed events hash" lines into seed → "events hash".
func parseGolden(data []byte) (map[uint64]string, error) {
	out := map[uint64]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want \"seed events sha256\", got %q", eventLogGolden, n, line)
		}
		seed, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", eventLogGolden, n, err)
		}
		out[seed] = "events=" + f[1] + " sha256=" + f[2]
	}
	return out, sc.Err()
}
