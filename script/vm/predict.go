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
// trains its header's site as interpreting it would.

// costMispredict is a mispredicted branch, in picoseconds: twice the
// difference between a loop branching on a random bit and the same loop
// never branching (half of the random branches are mispredicted), which
// cmd/calibrate measured at 6.0-6.7 ns on the test machine (about 20
// cycles).
const costMispredict = 6000

// histBits is how many of its last outcomes a site remembers.
const histBits = 8

// The run's predictor state is two tables: predHist, by site, the
// site's last outcomes, the latest in bit 0 (1: then); predCtr, by site
// and history (site<<histBits | history), a counter. A counter is stored
// xor 2, so that a site not yet run weakly predicts the then side: a
// counter of 0 or 1 predicts the else side, 2 or 3 the then side.

// newBranchSite numbers a new branch site of the program.
func (p *Program) newBranchSite() int32 {
	p.branchSites++
	return p.branchSites - 1
}

// branch charges the outcome of the If at site (then: its condition held)
// and trains the site's predictor. The run's tables must have the site
// (predFor): apart, so that branch is inlined.
//
// The counter's step is arithmetic, not a table: the lookup was one more
// load in the chain from one branch of a site to its next (5.4 against
// 3.9 ns a branch in a micro-benchmark of one site).
func (t *Thread) branch(r *Run, site int32, then bool) {
	h := r.predHist[site]
	i := int(site)<<histBits | int(h)
	c := r.predCtr[i] ^ 2 // 0 to 3; 2 and 3 predict then
	var th uint8
	if then {
		th = 1
	}
	miss := c>>1 ^ th
	if then {
		c += b2u8(c < 3)
	} else {
		c -= b2u8(c > 0)
	}
	r.predCtr[i] = c ^ 2
	t.cpu += int64(miss) * costMispredict
	r.predHist[site] = h<<1 | th
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// predFor returns the run of t, its predictor's tables with room for
// site.
func (t *Thread) predFor(site int32) *Run {
	r := t.run
	if int(site) >= len(r.predHist) {
		r.growPred(site)
	}
	return r
}

// growPred makes room in the predictor for every site numbered so far
// (the program may compile functions, and so number sites, after the run
// began).
//
//go:noinline
func (r *Run) growPred(site int32) {
	n := max(int(r.p.branchSites), int(site)+1)
	hist := make([]uint8, n)
	ctr := make([]uint8, n<<histBits)
	copy(hist, r.predHist)
	copy(ctr, r.predCtr)
	r.predHist, r.predCtr = hist, ctr
}
