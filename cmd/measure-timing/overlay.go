package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// The initthreads probe needs to see inside the runtime's start-up, which
// no public API shows before main.main: when each thread was asked for
// (proc.go:newm), when the caller got back from clone (newm1) and when the
// thread first ran (mstart1, after minit), when a parked M was woken
// (startm's notewakeup) and when it returned from mPark (stopm), when os's
// init made the finalizer goroutine (mfinal.go:createfing), and how often
// the main goroutine was preempted (gopreempt_m). So it is built against a
// copy of the installed runtime with a few assignments added (go build
// -overlay), each recording nanotime() (or a count) in a variable of the
// runtime that the probe reads through go:linkname. The patches find
// their place by a line of the Go 1.26 source; when the installed runtime
// differs, the build stops and says which line is missing.

// runtimePatch inserts text into a runtime file: after the first
// occurrence of anchor that follows within (or anywhere when within is
// ""), or before it when before is set.
type runtimePatch struct {
	file, within, anchor, text string
	before                     bool
}

// initProbeVars are the probe's variables, appended to proc.go. Index i
// of each array is the M with id i (the first 16).
const initProbeVars = `

// Probes of gmpbook's cmd/measure-timing (initthreads): nanotime() at
// points of the start-up. Not part of any runtime.
var (
	GmpbookNewm        [16]int64 // newm called for M i
	GmpbookClone       [16]int64 // newm's clone for M i returned to the caller
	GmpbookMinit       [16]int64 // M i's thread ran mstart1 up to the end of minit
	GmpbookWake        [16]int64 // the last notewakeup of M i by startm
	GmpbookWoke        [16]int64 // M i back from mPark after that wake-up
	GmpbookFing        int64     // createfing started the finalizer goroutine
	GmpbookMainPreempt int32     // times the main goroutine was preempted (gopreempt_m)
)
`

var initPatches = []runtimePatch{
	{file: "proc.go", within: "func newm(fn func(), pp *p, id int64) {", anchor: "\tmp := allocm(pp, fn, id)\n", before: true,
		text: "\tgmpbookT0 := nanotime()\n"},
	{file: "proc.go", within: "func newm(fn func(), pp *p, id int64) {", anchor: "\tmp := allocm(pp, fn, id)\n",
		text: "\tif mp.id < 16 {\n\t\tGmpbookNewm[mp.id] = gmpbookT0\n\t}\n"},
	{file: "proc.go", within: "func newm(fn func(), pp *p, id int64) {", anchor: "\tnewm1(mp)\n",
		text: "\tif mp.id < 16 {\n\t\tGmpbookClone[mp.id] = nanotime()\n\t}\n"},
	{file: "proc.go", within: "func mstart1() {", anchor: "\tminit()\n",
		text: "\tif gp.m.id < 16 {\n\t\tGmpbookMinit[gp.m.id] = nanotime()\n\t}\n"},
	{file: "proc.go", within: "func startm(pp *p, spinning, lockheld bool) {", anchor: "\tnotewakeup(&nmp.park)\n", before: true,
		text: "\tif nmp.id < 16 {\n\t\tGmpbookWake[nmp.id] = nanotime()\n\t\tGmpbookWoke[nmp.id] = 0\n\t}\n"},
	{file: "proc.go", within: "func stopm() {", anchor: "\tmPark()\n",
		text: "\tif id := getg().m.id; id < 16 && GmpbookWoke[id] == 0 {\n\t\tGmpbookWoke[id] = nanotime()\n\t}\n"},
	{file: "proc.go", within: "func gopreempt_m(gp *g) {", anchor: "func gopreempt_m(gp *g) {\n",
		text: "\tif gp.goid == 1 {\n\t\tGmpbookMainPreempt++\n\t}\n"},
	{file: "mfinal.go", within: "func createfing() {", anchor: "\t\tgo runFinalizers()\n", before: true,
		text: "\t\tGmpbookFing = nanotime()\n"},
}

// patchRuntime writes the patched runtime files into dir and an overlay
// file naming them, and returns the overlay file's path.
func patchRuntime(dir string) (string, error) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	src := filepath.Join(strings.TrimSpace(string(goroot)), "src", "runtime")
	files := map[string]string{}
	for _, p := range initPatches {
		if _, ok := files[p.file]; ok {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, p.file))
		if err != nil {
			return "", err
		}
		files[p.file] = string(b)
	}
	for _, p := range initPatches {
		s, err := applyPatch(files[p.file], p)
		if err != nil {
			return "", fmt.Errorf("runtime/%s: %w (the initthreads probe is written for Go 1.26's runtime)", p.file, err)
		}
		files[p.file] = s
	}
	files["proc.go"] += initProbeVars
	replace := map[string]string{}
	for name, text := range files {
		out := filepath.Join(dir, "runtime_"+name)
		if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
			return "", err
		}
		replace[filepath.Join(src, name)] = out
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	overlay := filepath.Join(dir, "overlay.json")
	return overlay, os.WriteFile(overlay, data, 0o644)
}

// applyPatch inserts p.text into s at p's place.
func applyPatch(s string, p runtimePatch) (string, error) {
	from := 0
	if p.within != "" {
		from = strings.Index(s, p.within)
		if from < 0 {
			return "", fmt.Errorf("no line %q", strings.TrimSpace(p.within))
		}
	}
	end := len(s)
	if p.within != "" {
		if j := strings.Index(s[from+len(p.within):], "\nfunc "); j >= 0 {
			end = from + len(p.within) + j
		}
	}
	i := strings.Index(s[from:end], p.anchor)
	if i < 0 {
		return "", fmt.Errorf("no line %q in %s", strings.TrimSpace(p.anchor), strings.TrimSpace(p.within))
	}
	at := from + i
	if !p.before {
		at += len(p.anchor)
	}
	return s[:at] + p.text + s[at:], nil
}

// initTables builds core.Machine.InitAt from the initthreads samples: by
// GOMAXPROCS, the three tables, for each GOMAXPROCS that has samples of
// all three.
func initTables(samples map[string][]int64) map[string]map[string][]int64 {
	out := map[string]map[string][]int64{}
	for _, procs := range initProcs {
		t := map[string][]int64{}
		for field, name := range map[string]string{"ThreadStart": "initthread", "FutexWake": "initwake", "FingToMain": "initfing"} {
			s := sorted(samples[fmt.Sprintf("%s%d", name, procs)])
			if len(s) == 0 {
				t = nil
				break
			}
			t[field] = table(s)
		}
		if t != nil {
			out[fmt.Sprint(procs)] = t
		}
	}
	return out
}

// initSummary prints what the initthreads probe saw beside its tables:
// the P main.main ran on, and in how many runs no goroutine was stolen.
func initSummary(samples map[string][]int64) {
	for _, procs := range initProcs {
		mains := samples[fmt.Sprintf("initmain%d", procs)]
		if len(mains) == 0 {
			continue
		}
		count := map[int64]int{}
		for _, p := range mains {
			count[p]++
		}
		var ps []int64
		for p := range count {
			ps = append(ps, p)
		}
		slices.Sort(ps)
		fmt.Printf("\nGOMAXPROCS=%d, %d processes: main.main on", procs, len(mains))
		for _, p := range ps {
			fmt.Printf(" P%d %.0f%%", p, 100*float64(count[p])/float64(len(mains)))
		}
		never := 0
		steals := samples[fmt.Sprintf("initsteal%d", procs)]
		for _, v := range steals {
			if v < 0 {
				never++
			}
		}
		if len(steals) > 0 {
			fmt.Printf("; no goroutine of the eight stolen in %.0f%%", 100*float64(never)/float64(len(steals)))
		}
		preempted := 0
		pre := samples[fmt.Sprintf("initpreempt%d", procs)]
		for _, v := range pre {
			if v > 0 {
				preempted++
			}
		}
		if len(pre) > 0 {
			fmt.Printf("; the main goroutine preempted before main.main in %.0f%%", 100*float64(preempted)/float64(len(pre)))
		}
		fmt.Println()
	}
}
