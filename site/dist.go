package site

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/dist"
)

// realDist is what a scene's figure says about the real runtime's
// distribution of outputs (chapters/real/NN-scene.dist): the histograms
// by each of dist.Keys as JSON for the page's script, which puts them
// beside the simulator's over seeds, and the rows of the table a page
// without script shows.
type realDist struct {
	JSON  string
	Runs  int
	Go    string
	Key   string // the part of the outputs the table counts
	Rows  []distRow
	Other int // outputs beyond the table's rows
}

type distRow struct {
	Out   string
	N     int
	Share string // "37%"
}

// distTableRows is how many outputs the table of a page without script
// lists.
const distTableRows = 12

// histJSON is a histogram as the page's script reads it, the shape the
// browser player's seeds mode posts (wasm: histJS).
type histJSON struct {
	N        int     `json:"n"`
	Distinct int     `json:"distinct"`
	Top      [][]any `json:"top"`
	Rest     int     `json:"rest"`
}

// realDistOf reads the captured distribution of the chapter's scene from
// opts.Real; nil when there is none.
func (b *builder) realDistOf(c *chapters.Chapter, id string) (*realDist, error) {
	if b.opts.Real == nil {
		return nil, nil
	}
	name := RealDistName(c.Number, id)
	data, err := fs.ReadFile(b.opts.Real, name)
	if err != nil {
		return nil, nil
	}
	cap, err := dist.ParseCaptured(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	hists := map[string]histJSON{}
	for _, key := range dist.Keys {
		h, err := dist.ByKey(cap.Hist, key)
		if err != nil {
			return nil, err
		}
		j := histJSON{N: h.N, Top: [][]any{}}
		for _, e := range h.Sorted() {
			j.Top = append(j.Top, []any{e.Out, e.N})
			j.Distinct++
		}
		hists[key] = j
	}
	js, err := json.Marshal(map[string]any{"runs": cap.Hist.N, "procs": cap.Procs, "go": cap.Go, "hist": hists})
	if err != nil {
		return nil, err
	}
	d := &realDist{JSON: string(js), Runs: cap.Hist.N, Go: cap.Go, Key: DistKey(cap.Hist)}
	h, _ := dist.ByKey(cap.Hist, d.Key)
	for i, e := range h.Sorted() {
		if i == distTableRows {
			d.Other = len(h.Count) - i
			break
		}
		d.Rows = append(d.Rows, distRow{Out: dist.Oneline(e.Out), N: e.N, Share: fmt.Sprintf("%.0f%%", 100*h.P(e.Out))})
	}
	return d, nil
}

// DistKey is the part of the outputs a histogram counts unless the reader
// picks another: the whole output when every output is short (three lines
// at most), else its last line. The page's script chooses alike.
func DistKey(h dist.Hist) string {
	for o := range h.Count {
		if strings.Count(o, "\n") >= 3 {
			return "last-line"
		}
	}
	return "output"
}

// compareChoices are what a scene's compare control offers: the other of
// the two Go versions the simulator models most (1.13, before
// asynchronous preemption, and 1.26), and GOMAXPROCS 1, 2, 4 and 8 but
// the scene's own.
func compareChoices(s *chapters.Scene) (goVersion string, procs []int) {
	goVersion = "1.13"
	if strings.TrimPrefix(s.Settings.Go, "go") == "1.13" {
		goVersion = "1.26"
	}
	own := 0
	if cfg, err := s.Config(); err == nil {
		own = cfg.Procs
	}
	for _, p := range []int{1, 2, 4, 8} {
		if p != own {
			procs = append(procs, p)
		}
	}
	return goVersion, procs
}
