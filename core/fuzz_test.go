package core

import (
	"encoding/binary"
	"testing"
)

// FuzzSim builds a program and a Config from the fuzzer's bytes (the same
// generator as the seed sweep, reading its choices from the input) and runs
// it with every invariant checked. The simulator must never panic, break an
// invariant, strand a thread or fail to end.
//
//	go test ./core -run '^$' -fuzz FuzzSim -fuzztime 30s
func FuzzSim(f *testing.F) {
	// Seed corpus: the generator's choices for a few PCG seeds, so that the
	// fuzzer starts from full-size programs, plus some hand-picked shapes.
	for _, seed := range []uint64{1, 2, 3, 114, 9663} {
		f.Add(pcgBytes(seed, 256))
	}
	f.Add([]byte{})
	f.Add([]byte{3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 39, 17, 0, 17, 4})
	f.Add([]byte("go go go lock select gomaxprocs syscall netread sleep"))

	f.Fuzz(func(t *testing.T, data []byte) {
		c := genCaseFromBytes(data)
		o := runGenCase(c, false, WithInvariants())
		if msg := o.failure(); msg != "" {
			if o.stack != "" {
				msg += "\n" + o.stack
			}
			t.Fatalf("%s\n%s", msg, c)
		}
	})
}

// pcgBytes is n bytes of the generator's PCG stream for seed.
func pcgBytes(seed uint64, n int) []byte {
	r := genRand(seed)
	b := make([]byte, 0, n+8)
	for len(b) < n {
		b = binary.LittleEndian.AppendUint64(b, r.Uint64())
	}
	return b[:n]
}
