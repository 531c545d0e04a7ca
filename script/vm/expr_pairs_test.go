package vm

import (
	"math"
	"testing"
)

// TestNumPairsAreTheirTwoOperators checks every fused two-level
// expression against the two closures of numBinary it replaces, on
// integers and floats that include overflow, zero, negative zero, NaN
// and infinities.
func TestNumPairsAreTheirTwoOperators(t *testing.T) {
	ints := []uint64{0, 1, 3, 1 << 63, math.MaxUint64, 0x5555_5555_aaaa_aaaa, uint64(1<<62) + 7}
	floats := []float64{0, math.Copysign(0, -1), 1.5, -3.25, 1e308, 1e-310, math.Inf(1), math.Inf(-1), math.NaN(), 1.0 / 3}
	var fvals []uint64
	for _, f := range floats {
		fvals = append(fvals, math.Float64bits(f))
	}
	domains := []struct {
		ops  []numOp
		vals []uint64
	}{
		{[]numOp{numFAdd, numFSub, numFMul, numFDiv}, fvals},
		{[]numOp{numAdd, numSub, numMul, numAnd, numOr, numXor, numAndNot}, ints},
	}
	r := make([]Value, 3)
	same := func(a, b uint64, float bool) bool {
		if float && math.IsNaN(math.Float64frombits(a)) {
			return math.IsNaN(math.Float64frombits(b))
		}
		return a == b
	}
	for _, d := range domains {
		float := d.ops[0] == numFAdd
		for _, op1 := range d.ops {
			for _, op2 := range d.ops {
				for _, left := range []bool{true, false} {
					got := numPair(op1, op2, left, 0, 1, 2)
					inner := numBinary(op2, nil, 0, nil, 1)
					want := numBinary(op1, inner, 0, nil, 2)
					if !left {
						want = numBinary(op1, nil, 2, inner, 0)
					}
					for _, a := range d.vals {
						for _, b := range d.vals {
							for _, c := range d.vals {
								r[0].N, r[1].N, r[2].N = a, b, c
								if g, w := got(r), want(r); !same(g, w, float) {
									t.Fatalf("op1 %d op2 %d left %v on %#x %#x %#x: %#x, want %#x", op1, op2, left, a, b, c, g, w)
								}
							}
						}
					}
				}
			}
		}
	}
	for _, op := range domains[0].ops {
		for _, left := range []bool{true, false} {
			got := numConvPair(op, left, 0, 1)
			conv := func(r []Value) uint64 { return math.Float64bits(float64(int64(r[0].N))) }
			want := numBinary(op, conv, 0, nil, 1)
			if !left {
				want = numBinary(op, nil, 1, conv, 0)
			}
			for _, a := range ints {
				for _, b := range fvals {
					r[0].N, r[1].N = a, b
					if g, w := got(r), want(r); !same(g, w, true) {
						t.Fatalf("conv op %d left %v on %#x %#x: %#x, want %#x", op, left, a, b, g, w)
					}
				}
			}
		}
	}
}
