package dist

import (
	"strings"
	"testing"
)

func TestCapturedRoundTrip(t *testing.T) {
	var h Hist
	for _, o := range []string{"a\nb", "b\na", "a\nb", "", "say \"hi\"\t"} {
		h.Add(o)
	}
	c := Captured{Scene: "05-steal", Procs: 4, Source: "abc", Go: "go1.26.8 linux/amd64", Hist: h}
	got, err := ParseCaptured(c.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if got.Scene != c.Scene || got.Procs != 4 || got.Source != "abc" || got.Go != c.Go || got.Hist.N != 5 {
		t.Fatalf("got %+v", got)
	}
	if TVD(got.Hist, h) != 0 || got.Hist.Count["a\nb"] != 2 || got.Hist.Count[""] != 1 {
		t.Fatalf("counts differ: %v", got.Hist.Count)
	}
}

func TestParseCapturedSaysWhatIsWrong(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "empty"},
		{"nope\n", "line 1"},
		{"gmpbook-dist 1\nscene x\nprocs 2\nruns 3\n2 \"a\"\n", "add up to 2"},
		{"gmpbook-dist 1\nscene x\nprocs 2\nruns 1\n1 a\n", "not a quoted string"},
		{"gmpbook-dist 1\nscene x\nprocs zero\n", "procs"},
		{"gmpbook-dist 1\nwhat\n", "line 2"},
		{"gmpbook-dist 1\nscene x\nprocs 2\nloadavg 7.8\n", "before and after"},
		{"gmpbook-dist 1\nscene x\nprocs 2\nloadavg 7.8 high\n", "not a load average"},
	} {
		_, err := ParseCaptured([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

func TestMerge(t *testing.T) {
	var a, b Hist
	a.Add("x")
	b.Add("x")
	b.Add("y")
	a.Merge(b)
	if a.N != 3 || a.Count["x"] != 2 || a.Count["y"] != 1 {
		t.Fatalf("%+v", a)
	}
}

// The load average at capture time round-trips, and a capture written
// before it was recorded still reads, without one.
func TestCapturedLoadAverage(t *testing.T) {
	var h Hist
	h.Add("a")
	c := Captured{Scene: "08-inject", Procs: 2, LoadAvg: []float64{7.8, 10.1}, Hist: h}
	got, err := ParseCaptured(c.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if len(got.LoadAvg) != 2 || got.LoadAvg[0] != 7.8 || got.LoadAvg[1] != 10.1 {
		t.Fatalf("load average %v, want [7.8 10.1]", got.LoadAvg)
	}
	if got.LoadRange() != "load average 7.80 to 10.10" {
		t.Fatalf("LoadRange: %q", got.LoadRange())
	}
	old, err := ParseCaptured([]byte("gmpbook-dist 1\nscene 08-inject\nprocs 2\nsource 304ac41ee24c061e\ngo go1.26.8 linux/amd64\nruns 1\n1 \"a\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if old.LoadAvg != nil || old.LoadRange() != "load average not recorded" {
		t.Fatalf("an old capture: %v, %q", old.LoadAvg, old.LoadRange())
	}
	if strings.Contains(string(old.Marshal()), "loadavg") {
		t.Fatalf("an old capture gained a load average:\n%s", old.Marshal())
	}
}
