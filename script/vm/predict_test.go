package vm

import "testing"

// TestBranchIsATwoBitCounter: for every counter state and outcome, branch
// charges a misprediction when the counter predicted the other side,
// moves the counter one step toward the outcome (saturating at 0 and 3)
// and shifts the outcome into the site's history.
func TestBranchIsATwoBitCounter(t *testing.T) {
	for c := range uint8(4) {
		for _, then := range []bool{false, true} {
			r := &Run{p: &Program{branchSites: 2}}
			r.growPred(1)
			th := &Thread{run: r}
			const site, hist = 1, 0b1010_0101
			r.predHist[site] = hist
			i := site<<histBits | hist
			r.predCtr[i] = c ^ 2
			th.branch(r, site, then)
			want, miss := c, (c >= 2) != then
			if then && c < 3 {
				want++
			}
			if !then && c > 0 {
				want--
			}
			if got := r.predCtr[i] ^ 2; got != want {
				t.Errorf("counter %d, then %v: counter %d, want %d", c, then, got, want)
			}
			if (th.cpu == costMispredict) != miss || th.cpu != 0 && th.cpu != costMispredict {
				t.Errorf("counter %d, then %v: charged %d ps, mispredicted %v", c, then, th.cpu, miss)
			}
			wantHist := uint8(hist & 0x7f << 1)
			if then {
				wantHist |= 1
			}
			if r.predHist[site] != wantHist {
				t.Errorf("counter %d, then %v: history %08b, want %08b", c, then, r.predHist[site], wantHist)
			}
		}
	}
}
