package runlog

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/play"
	"github.com/gmpbook/gmpbook/render/view"
)

// File is a recorded run as the site ships it: what the light player
// needs to play a scene without simulating it.
type File struct {
	Title    string
	Procs    int
	Seed     uint64
	Version  string // the Go version the run simulates ("go1.26")
	Captions []view.Caption
	Trace
}

// NewFile records run with the scene's title and captions.
func NewFile(title string, captions []view.Caption, run *Run) *File {
	return &File{
		Title: title, Procs: run.Config.Procs, Seed: run.Config.Seed,
		Version: run.Config.Version.Name, Captions: captions, Trace: run.Trace,
	}
}

// Log is what a player replays of the recorded run.
func (f *File) Log() play.Log {
	return play.Log{Events: f.Events, Procs: f.Procs, Seed: f.Seed, Captions: f.Captions, Lines: &f.Trace}
}

// magic starts every encoded File; the digit is the format's version.
const magic = "gmpbook-run 2\n"

// Encode appends f to b. The layout: magic; title, procs, seed, version;
// the captions (line, on, text, poster); the events, each as a sequence of
// varints in core.Event's field order, with Seq and T as differences from
// the previous event; the schedtrace snapshot after the events that carry
// one; then Lines (differences) and Began (event differences, lines).
func Encode(b []byte, f *File) []byte {
	w := writer{b: append(b, magic...)}
	w.str(f.Title)
	w.uint(uint64(f.Procs))
	w.uint(f.Seed)
	w.str(f.Version)
	w.uint(uint64(len(f.Captions)))
	for _, c := range f.Captions {
		w.int(int64(c.Line))
		w.str(c.On)
		w.str(c.Text)
		w.bool(c.Poster)
	}
	w.uint(uint64(len(f.Events)))
	var seq int64
	var t core.Time
	for i := range f.Events {
		e := &f.Events[i]
		w.int(e.Seq - seq)
		w.int(int64(e.T - t))
		seq, t = e.Seq, e.T
		w.uint(uint64(e.Kind))
		w.uint(uint64(e.Why))
		w.uint(uint64(e.Wait))
		w.bool(e.Flag)
		w.int(int64(e.M))
		w.int(int64(e.P))
		w.int(int64(e.P2))
		w.int(e.G)
		w.int(e.G2)
		w.int(e.N)
		w.int(e.Arg)
		w.str(e.Text)
		w.bool(e.Snap != nil)
		if e.Snap != nil {
			w.snap(e.Snap)
		}
	}
	w.uint(uint64(len(f.Lines)))
	var line int32
	for _, l := range f.Lines {
		w.int(int64(l - line))
		line = l
	}
	w.uint(uint64(len(f.Began)))
	ev := 0
	for _, s := range f.Began {
		w.int(int64(s.Event - ev))
		ev = s.Event
		w.int(int64(s.Line))
	}
	return w.b
}

func (w *writer) snap(s *core.SchedSnapshot) {
	w.bool(s.Detail)
	w.int(s.SinceStartMS)
	for _, n := range []int{s.Gomaxprocs, s.IdleProcs, s.Threads, s.Spinning, s.NeedSpinning, s.IdleThreads, s.RunQueue} {
		w.int(int64(n))
	}
	w.bool(s.GCWaiting)
	w.int(int64(s.NMIdleLocked))
	w.int(int64(s.StopWait))
	w.bool(s.SysmonWait)
	w.bool(s.Schedticks)
	w.uint(uint64(len(s.Ps)))
	for _, p := range s.Ps {
		w.uint(uint64(p.Status))
		w.uint(uint64(p.SchedTick))
		w.uint(uint64(p.SyscallTick))
		w.int(p.M)
		w.int(int64(p.RunqSize))
		w.int(int64(p.GFreeCnt))
		w.int(int64(p.TimersLen))
	}
	w.uint(uint64(len(s.Ms)))
	for _, m := range s.Ms {
		w.int(m.ID)
		w.int(int64(m.P))
		w.int(m.CurG)
		w.bool(m.Spinning)
		w.bool(m.Blocked)
		w.int(m.LockedG)
	}
	w.uint(uint64(len(s.Gs)))
	for _, g := range s.Gs {
		w.int(g.ID)
		w.uint(uint64(g.Status))
		w.uint(uint64(g.Wait))
		w.int(g.M)
		w.int(g.LockedM)
	}
}

type writer struct{ b []byte }

func (w *writer) uint(x uint64) { w.b = binary.AppendUvarint(w.b, x) }
func (w *writer) int(x int64)   { w.b = binary.AppendVarint(w.b, x) }
func (w *writer) str(s string)  { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *writer) bool(x bool) {
	if x {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

// ErrFormat is wrapped by every error Decode returns.
var ErrFormat = errors.New("not a recorded run")

// Decode reads a File that Encode wrote. Any other input is an error
// (wrapping ErrFormat) that says where the input went wrong; Decode never
// panics and never allocates much more than the input's size. Empty
// lists decode as nil.
func Decode(b []byte) (*File, error) {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return nil, fmt.Errorf("%w: the data does not start with %q", ErrFormat, magic[:len(magic)-1])
	}
	r := reader{b: b, off: len(magic)}
	f := &File{}
	f.Title = r.str("title")
	f.Procs = int(r.count("procs", 1<<20))
	f.Seed = r.uint("seed")
	f.Version = r.str("version")
	n := r.count("captions", len(b))
	for range n {
		if r.err != nil {
			break
		}
		f.Captions = append(f.Captions, view.Caption{Line: int(r.int32("caption line")), On: r.str("caption trigger"), Text: r.str("caption text"), Poster: r.bool("caption poster")})
	}
	// Every event takes at least 15 bytes.
	n = r.count("events", len(b)/15+1)
	if n > 0 {
		f.Events = make([]core.Event, n)
	}
	var seq int64
	var t core.Time
	for i := range f.Events {
		if r.err != nil {
			break
		}
		e := &f.Events[i]
		seq += r.int("seq")
		t += core.Time(r.int("time"))
		e.Seq, e.T = seq, t
		e.Kind = core.EvKind(r.small("kind", uint64(core.NumEventKinds-1))) // a kind the schema has
		e.Why = core.Reason(r.small("reason", math.MaxUint8))
		e.Wait = core.WaitReason(r.small("wait reason", math.MaxUint8))
		e.Flag = r.bool("flag")
		e.M = r.int32("M")
		e.P = r.int32("P")
		e.P2 = r.int32("P2")
		e.G = r.int("G")
		e.G2 = r.int("G2")
		e.N = r.int("N")
		e.Arg = r.int("Arg")
		e.Text = r.str("text")
		if r.bool("snapshot") {
			e.Snap = r.snap()
		}
	}
	n = r.count("lines", len(b))
	if n > 0 {
		f.Lines = make([]int32, n)
	}
	var line int32
	for i := range f.Lines {
		line += r.int32("line")
		f.Lines[i] = line
	}
	n = r.count("line starts", len(b))
	if n > 0 {
		f.Began = make([]LineStart, n)
	}
	ev := 0
	for i := range f.Began {
		ev += int(r.int32("line start"))
		f.Began[i] = LineStart{Event: ev, Line: r.int32("line start line")}
	}
	if r.err == nil && r.off != len(b) {
		r.fail("the end", "%d bytes left over", len(b)-r.off)
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(f.Lines) != 0 && len(f.Lines) != len(f.Events) {
		return nil, fmt.Errorf("%w: %d lines for %d events", ErrFormat, len(f.Lines), len(f.Events))
	}
	return f, nil
}

func (r *reader) snap() *core.SchedSnapshot {
	s := &core.SchedSnapshot{}
	s.Detail = r.bool("snapshot")
	s.SinceStartMS = r.int("snapshot")
	for _, p := range []*int{&s.Gomaxprocs, &s.IdleProcs, &s.Threads, &s.Spinning, &s.NeedSpinning, &s.IdleThreads, &s.RunQueue} {
		*p = int(r.int32("snapshot"))
	}
	s.GCWaiting = r.bool("snapshot")
	s.NMIdleLocked = int(r.int32("snapshot"))
	s.StopWait = int(r.int32("snapshot"))
	s.SysmonWait = r.bool("snapshot")
	s.Schedticks = r.bool("snapshot")
	n := r.count("snapshot Ps", len(r.b))
	for range n {
		if r.err != nil {
			return s
		}
		s.Ps = append(s.Ps, core.PSnap{
			Status: core.PStatus(r.small("P status", math.MaxUint8)), SchedTick: uint32(r.small("schedtick", math.MaxUint32)),
			SyscallTick: uint32(r.small("syscalltick", math.MaxUint32)), M: r.int("P's M"),
			RunqSize: int(r.int32("runqsize")), GFreeCnt: int(r.int32("gfreecnt")), TimersLen: int(r.int32("timerslen")),
		})
	}
	n = r.count("snapshot Ms", len(r.b))
	for range n {
		if r.err != nil {
			return s
		}
		s.Ms = append(s.Ms, core.MSnap{ID: r.int("M id"), P: r.int32("M's P"), CurG: r.int("curg"),
			Spinning: r.bool("spinning"), Blocked: r.bool("blocked"), LockedG: r.int("lockedg")})
	}
	n = r.count("snapshot Gs", len(r.b))
	for range n {
		if r.err != nil {
			return s
		}
		s.Gs = append(s.Gs, core.GSnap{ID: r.int("G id"), Status: core.GStatus(r.small("G status", math.MaxUint8)),
			Wait: core.WaitReason(r.small("G wait reason", math.MaxUint8)), M: r.int("G's M"), LockedM: r.int("lockedm")})
	}
	return s
}

// reader decodes; after the first error every read returns zero and the
// error says where decoding stopped.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) fail(what, format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: byte %d (%s): %s", ErrFormat, r.off, what, fmt.Sprintf(format, args...))
	}
}

func (r *reader) uint(what string) uint64 {
	if r.err != nil {
		return 0
	}
	x, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		r.fail(what, "bad or truncated number")
		return 0
	}
	r.off += n
	return x
}

func (r *reader) int(what string) int64 {
	if r.err != nil {
		return 0
	}
	x, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.fail(what, "bad or truncated number")
		return 0
	}
	r.off += n
	return x
}

func (r *reader) int32(what string) int32 {
	x := r.int(what)
	if x < math.MinInt32 || x > math.MaxInt32 {
		r.fail(what, "%d out of range", x)
		return 0
	}
	return int32(x)
}

func (r *reader) small(what string, most uint64) uint64 {
	x := r.uint(what)
	if x > most {
		r.fail(what, "%d out of range", x)
		return 0
	}
	return x
}

// count reads a length of at most most.
func (r *reader) count(what string, most int) int {
	x := r.uint(what)
	if x > uint64(most) {
		r.fail(what, "%d is more than the data can hold", x)
		return 0
	}
	return int(x)
}

func (r *reader) bool(what string) bool {
	if r.err != nil {
		return false
	}
	if r.off >= len(r.b) || r.b[r.off] > 1 {
		r.fail(what, "want 0 or 1")
		return false
	}
	r.off++
	return r.b[r.off-1] == 1
}

func (r *reader) str(what string) string {
	x := r.uint(what)
	if r.err != nil {
		return ""
	}
	if x > uint64(len(r.b)-r.off) {
		r.fail(what, "a string of %d bytes where %d are left", x, len(r.b)-r.off)
		return ""
	}
	n := int(x)
	s := string(r.b[r.off : r.off+n])
	r.off += n
	return s
}
