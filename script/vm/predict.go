package vm

// Branch prediction.
//
// Compiled code pays for a conditional branch whose outcome the CPU
// guessed wrong: the work fetched past it is thrown away and the core
// restarts at the other target. A branch that depends on unpredictable
// data (which side of a pivot a random element falls) is mispredicted
// about every other time, and on this machine that costs more than the
// rest of a tight loop's iteration (docs/scenes.md, cmd/calibrate's
// "branch" shapes).
//
// The VM models a two-level predictor with local history: each If of
// the program (a branch site) remembers its last histBits outcomes, and
// keeps a 2-bit saturating counter for each such history, which predicts
// the side the site took at least two of the last times it had that
// history. An If whose outcome differs from the prediction charges
// costMispredict. A branch taken the same way every time, or in a short
// repeating pattern (an inner loop of a few iterations, a branch that
// alternates), is learnt after a few times, as real predictors learn it;
// a branch on random data stays wrong half of the time; the base case of
// a recursion is mostly learnt (a lone counter per site would get
// fib's n < 2 wrong every other call, which compiled code does not).
// The sites' state is the run's, shared by all its goroutines as a
// core's predictor is shared by what runs on it, and depends only on the
// outcomes the run produced, so the charges are the same natively and in
// WebAssembly, run after run. A loop the VM runs in closed form (loop.go)
// pays no misprediction at its exit.

// costMispredict is a mispredicted branch, in picoseconds: measured as
// twice the difference between a loop branching on a random bit and the
// same loop branching always the same way (half of the random branches
// are mispredicted).
const costMispredict = 5500

// histBits is how many of its last outcomes a site remembers.
const histBits = 8

// branchSite is the predictor's state of one If.
type branchSite struct {
	hist uint8                // the last outcomes, the latest in bit 0 (1: then)
	ctr  [1 << histBits]uint8 // 0 and 1 predict the else side, 2 and 3 then
}

// newBranchSite numbers a new branch site of the program.
func (p *Program) newBranchSite() int32 {
	p.branchSites++
	return p.branchSites - 1
}

// branch charges the outcome of the If at site (then: its condition held)
// and trains the site's predictor.
func (t *Thread) branch(site int32, then bool) {
	pred := t.run.pred
	if int(site) >= len(pred) {
		pred = t.run.growPred(site)
	}
	s := pred[site]
	if s == nil {
		s = newSiteState()
		pred[site] = s
	}
	c := &s.ctr[s.hist]
	if then {
		if *c < 2 {
			t.cpu += costMispredict
		}
		if *c < 3 {
			*c++
		}
		s.hist = s.hist<<1 | 1
		return
	}
	if *c >= 2 {
		t.cpu += costMispredict
	}
	if *c > 0 {
		*c--
	}
	s.hist <<= 1
}

// newSiteState is a site not yet run: every counter weakly predicts the
// then side.
func newSiteState() *branchSite {
	s := &branchSite{}
	for i := range s.ctr {
		s.ctr[i] = 2
	}
	return s
}

// growPred makes room in the run's predictor for site (the program may
// compile functions, and so number sites, after the run began).
func (r *Run) growPred(site int32) []*branchSite {
	pred := make([]*branchSite, max(int(r.p.branchSites), int(site)+1))
	copy(pred, r.pred)
	r.pred = pred
	return pred
}
