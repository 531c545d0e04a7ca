package runlog_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/internal/playerlog"
	"github.com/gmpbook/gmpbook/internal/runlog"
)

var (
	filesOnce sync.Once
	files     map[string]*runlog.File
	filesErr  error
)

// chapterFiles records every chapter scene as the site does (once: the
// tests only read them).
func chapterFiles(t testing.TB) map[string]*runlog.File {
	t.Helper()
	filesOnce.Do(func() {
		all, err := chapters.All()
		if err != nil {
			filesErr = err
			return
		}
		files = map[string]*runlog.File{}
		for _, c := range all {
			for _, s := range c.Scenes {
				run, err := playerlog.Simulate(s.Compiled, s.Settings, 0, 0, nil)
				if err != nil && !errors.Is(err, core.ErrLimit) {
					filesErr = fmt.Errorf("%s:%d: %w", c.File, s.Line, err)
					return
				}
				files[c.File+":"+s.ID] = runlog.NewFile(s.Title, playerlog.Captions(s.Compiled), run)
			}
		}
	})
	require.NoError(t, filesErr)
	return files
}

// TestEveryChapterRunSurvivesEncoding: what the light player decodes is
// what the simulator recorded, event for event, for every chapter scene.
func TestEveryChapterRunSurvivesEncoding(t *testing.T) {
	var raw, packed, events int
	for name, f := range chapterFiles(t) {
		b := runlog.Encode(nil, f)
		got, err := runlog.Decode(b)
		require.NoError(t, err, name)
		require.Equal(t, f, got, name)
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(b)
		w.Close()
		raw, packed, events = raw+len(b), packed+z.Len(), events+len(f.Events)
	}
	t.Logf("%d events: %d bytes encoded, %d gzipped (%.1f bytes per event)", events, raw, packed, float64(packed)/float64(events))
}

// TestSchedtraceSnapshotsSurviveEncoding: a run with schedtrace and
// scheddetail samples (GODEBUG from the environment, as gmpbook run takes
// it) decodes to the same snapshots.
func TestSchedtraceSnapshotsSurviveEncoding(t *testing.T) {
	all, err := chapters.All()
	require.NoError(t, err)
	s := all[5].Scenes[0]
	getenv := func(k string) string {
		if k == "GODEBUG" {
			return "schedtrace=1,scheddetail=1"
		}
		return ""
	}
	run, err := playerlog.Simulate(s.Compiled, s.Settings, 0, 0, getenv)
	require.NoError(t, err)
	f := runlog.NewFile(s.Title, nil, run)
	snaps := 0
	for i := range f.Events {
		if sn := f.Events[i].Snap; sn != nil && len(sn.Ms) > 0 && len(sn.Gs) > 0 && len(sn.Ps) > 0 {
			snaps++
		}
	}
	require.NotZero(t, snaps, "the run has no scheddetail snapshot")
	got, err := runlog.Decode(runlog.Encode(nil, f))
	require.NoError(t, err)
	require.Equal(t, f, got)
}

// TestEncodingCarriesEveryEventField fails when core.Event (or the
// schedtrace snapshot) gains a field: add it to Encode and Decode, then
// here.
func TestEncodingCarriesEveryEventField(t *testing.T) {
	for typ, want := range map[reflect.Type][]string{
		reflect.TypeFor[core.Event]():         {"Seq", "T", "Kind", "Why", "Wait", "Flag", "M", "P", "P2", "G", "G2", "N", "Arg", "Text", "Snap"},
		reflect.TypeFor[core.SchedSnapshot](): {"Detail", "SinceStartMS", "Gomaxprocs", "IdleProcs", "Threads", "Spinning", "NeedSpinning", "IdleThreads", "RunQueue", "GCWaiting", "NMIdleLocked", "StopWait", "SysmonWait", "Schedticks", "Ps", "Ms", "Gs"},
		reflect.TypeFor[core.PSnap]():         {"Status", "SchedTick", "SyscallTick", "M", "RunqSize", "GFreeCnt", "TimersLen"},
		reflect.TypeFor[core.MSnap]():         {"ID", "P", "CurG", "Spinning", "Blocked", "LockedG"},
		reflect.TypeFor[core.GSnap]():         {"ID", "Status", "Wait", "M", "LockedM"},
	} {
		var got []string
		for i := range typ.NumField() {
			got = append(got, typ.Field(i).Name)
		}
		require.Equal(t, want, got, "%v changed: runlog's encoding must follow", typ)
	}
}

// TestDecodeRejectsDamage: a truncated or altered file is an error that
// wraps ErrFormat, never a panic or a different run.
func TestDecodeRejectsDamage(t *testing.T) {
	var f *runlog.File
	for _, x := range chapterFiles(t) {
		if f == nil || len(x.Events) < len(f.Events) {
			f = x
		}
	}
	b := runlog.Encode(nil, f)
	for _, n := range []int{0, 5, len(b) / 3, len(b) / 2, len(b) - 1} {
		_, err := runlog.Decode(b[:n])
		require.ErrorIs(t, err, runlog.ErrFormat, "truncated at %d of %d", n, len(b))
	}
	_, err := runlog.Decode(append(bytes.Clone(b), 0))
	require.ErrorContains(t, err, "left over")
}

// TestDecodeRejectsUnknownKind: an event of a kind core does not have
// (a file from a newer build, or damage) is an error, not an event every
// decoder would skip.
func TestDecodeRejectsUnknownKind(t *testing.T) {
	f := &runlog.File{Title: "t", Procs: 1}
	f.Events = []core.Event{{Kind: core.EvKind(core.NumEventKinds), M: -1, P: -1, P2: -1}}
	_, err := runlog.Decode(runlog.Encode(nil, f))
	require.ErrorIs(t, err, runlog.ErrFormat)
	require.ErrorContains(t, err, "kind")
	f.Events[0].Kind = core.EvKind(core.NumEventKinds - 1)
	_, err = runlog.Decode(runlog.Encode(nil, f))
	require.NoError(t, err)
}

// FuzzDecode: any input decodes to a File or an ErrFormat error.
func FuzzDecode(f *testing.F) {
	f.Add(runlog.Encode(nil, &runlog.File{Title: "t", Procs: 2}))
	f.Add([]byte("gmpbook-run 2\n\x01"))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := runlog.Decode(b)
		if err != nil {
			require.ErrorIs(t, err, runlog.ErrFormat)
			return
		}
		require.Equal(t, got, mustDecode(t, runlog.Encode(nil, got)))
	})
}

func mustDecode(t *testing.T, b []byte) *runlog.File {
	f, err := runlog.Decode(b)
	require.NoError(t, err)
	return f
}
