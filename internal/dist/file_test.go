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
