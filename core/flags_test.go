package core

import "flag"

// Flags of the core tests.
var (
	rewrite   = flag.Bool("rewrite", false, "rewrite golden files")
	sweepSeed = flag.Uint64("sweep.seed", 0, "TestSeedSweepKeepsInvariants: run only this generator seed and print it")
	sweepN    = flag.Int("sweep.n", 10000, "TestSeedSweepKeepsInvariants: number of generator seeds")
	sweepBase = flag.Uint64("sweep.base", 1, "TestSeedSweepKeepsInvariants: first generator seed")
)
