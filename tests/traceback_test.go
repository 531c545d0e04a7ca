package tests

// The goroutine dump after a panic or a deadlock: each program of
// testdata/traceback is built and run on the real toolchain at
// GOMAXPROCS=1 and run with `gmpbook run -procs 1`, and the two standard
// errors are compared block by block: the message, then for each
// goroutine its number, its state and the frames of package main with
// their lines, innermost first. The runtime's frames (runtime.gopanic,
// sync.(*WaitGroup).Wait, …), the arguments' words and the pc offsets are
// left out: the simulator does not print them (docs/scenes.md).

import (
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// dumpBlock is one goroutine of a dump: "goroutine 6 [chan receive]" and
// its package main frames, "main.consume:7", then "created by main.main:16"
// (with no line when the go statement is the library's).
type dumpBlock struct {
	Head   string
	Frames []string
}

var (
	dumpHead  = regexp.MustCompile(`^goroutine \d+ \[[^\]]+\]:$`)
	dumpFunc  = regexp.MustCompile(`^(main\.[^\s(]*(?:\(\*[^)]+\))?[^\s(]*)\(`)
	dumpWhere = regexp.MustCompile(`^\t.*\.go:(\d+)`)
)

// parseDump splits a standard error into its message (the lines before
// the first goroutine) and its goroutine blocks.
func parseDump(stderr string) (msg []string, blocks []dumpBlock) {
	var cur *dumpBlock
	fn := ""
	created := false
	for _, l := range strings.Split(stderr, "\n") {
		switch {
		case dumpHead.MatchString(l):
			blocks = append(blocks, dumpBlock{Head: l})
			cur, fn, created = &blocks[len(blocks)-1], "", false
		case cur == nil:
			if strings.HasPrefix(l, "[signal ") {
				continue // addr and pc are the machine's
			}
			if l != "" {
				msg = append(msg, l)
			}
		case strings.HasPrefix(l, "created by "):
			// "created by main.main in goroutine 1", then the go
			// statement's file:line when it is the program's own.
			by, _, _ := strings.Cut(strings.TrimPrefix(l, "created by "), " in goroutine")
			cur.Frames = append(cur.Frames, "created by "+by)
			created = true
		case created:
			if m := dumpWhere.FindStringSubmatch(l); m != nil && !strings.HasPrefix(strings.TrimSpace(l), goroot) {
				cur.Frames[len(cur.Frames)-1] += ":" + m[1]
			}
			created = false
		case dumpFunc.MatchString(l):
			fn = dumpFunc.FindStringSubmatch(l)[1]
		case dumpWhere.MatchString(l) && fn != "":
			cur.Frames = append(cur.Frames, fn+":"+dumpWhere.FindStringSubmatch(l)[1])
			fn = ""
		default:
			fn = ""
		}
	}
	return msg, blocks
}

// goroot is where the installed Go's sources are: a frame there is the
// library's.
var goroot = runtime.GOROOT()

func TestTracebackAsTheRuntimePrintsIt(t *testing.T) {
	bin := gmpbookBin(t)
	srcs := readScenes(t, "testdata/traceback")
	reals := buildReal(t, "", srcs)
	for name := range srcs {
		t.Run(name, func(t *testing.T) {
			real := run(t, 30*time.Second, cleanEnv("GOMAXPROCS=1"), reals[name])
			sim := run(t, 30*time.Second, cleanEnv(), bin, "run", "-procs", "1", filepath.Join("testdata/traceback", name+".go"))
			assert.Equal(t, real.status, sim.status, "exit status")
			assert.Equal(t, real.stdout, sim.stdout, "stdout")
			rm, rb := parseDump(real.stderr)
			sm, sb := parseDump(sim.stderr)
			assert.NotEmpty(t, rb, "the real program printed no goroutine:\n%s", real.stderr)
			assert.Equal(t, rm, sm, "the message\nreal:\n%s\nsimulated:\n%s", real.stderr, sim.stderr)
			assert.Equal(t, rb, sb, "the goroutines\nreal:\n%s\nsimulated:\n%s", real.stderr, sim.stderr)
		})
	}
}
