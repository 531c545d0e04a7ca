package vm

import "math"

// Two-level numeric expressions (expr.go), written out like numBinary:
// an operator whose one operand is a register and whose other is an
// operator of two registers, or a conversion of a register to float64,
// is one closure instead of two, with both operators inlined. The
// operations and their order are the ones of the two closures.

// numPair returns op1(op2(a, b), c) (left) or op1(c, op2(a, b)), op1 and
// op2 both float64 or both integer operators; nil for other operators.
func numPair(op1, op2 numOp, left bool, a, b, c operand) num {
	switch op1 {
	case numFAdd:
		switch op2 {
		case numFAdd:
			if left {
				return func(r []Value) uint64 { return fadd(fadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fadd(r[c].N, fadd(r[a].N, r[b].N)) }
		case numFSub:
			if left {
				return func(r []Value) uint64 { return fadd(fsub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fadd(r[c].N, fsub(r[a].N, r[b].N)) }
		case numFMul:
			if left {
				return func(r []Value) uint64 { return fadd(fmul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fadd(r[c].N, fmul(r[a].N, r[b].N)) }
		case numFDiv:
			if left {
				return func(r []Value) uint64 { return fadd(fdiv(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fadd(r[c].N, fdiv(r[a].N, r[b].N)) }
		}
	case numFSub:
		switch op2 {
		case numFAdd:
			if left {
				return func(r []Value) uint64 { return fsub(fadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fsub(r[c].N, fadd(r[a].N, r[b].N)) }
		case numFSub:
			if left {
				return func(r []Value) uint64 { return fsub(fsub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fsub(r[c].N, fsub(r[a].N, r[b].N)) }
		case numFMul:
			if left {
				return func(r []Value) uint64 { return fsub(fmul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fsub(r[c].N, fmul(r[a].N, r[b].N)) }
		case numFDiv:
			if left {
				return func(r []Value) uint64 { return fsub(fdiv(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fsub(r[c].N, fdiv(r[a].N, r[b].N)) }
		}
	case numFMul:
		switch op2 {
		case numFAdd:
			if left {
				return func(r []Value) uint64 { return fmul(fadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fmul(r[c].N, fadd(r[a].N, r[b].N)) }
		case numFSub:
			if left {
				return func(r []Value) uint64 { return fmul(fsub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fmul(r[c].N, fsub(r[a].N, r[b].N)) }
		case numFMul:
			if left {
				return func(r []Value) uint64 { return fmul(fmul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fmul(r[c].N, fmul(r[a].N, r[b].N)) }
		case numFDiv:
			if left {
				return func(r []Value) uint64 { return fmul(fdiv(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fmul(r[c].N, fdiv(r[a].N, r[b].N)) }
		}
	case numFDiv:
		switch op2 {
		case numFAdd:
			if left {
				return func(r []Value) uint64 { return fdiv(fadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fdiv(r[c].N, fadd(r[a].N, r[b].N)) }
		case numFSub:
			if left {
				return func(r []Value) uint64 { return fdiv(fsub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fdiv(r[c].N, fsub(r[a].N, r[b].N)) }
		case numFMul:
			if left {
				return func(r []Value) uint64 { return fdiv(fmul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fdiv(r[c].N, fmul(r[a].N, r[b].N)) }
		case numFDiv:
			if left {
				return func(r []Value) uint64 { return fdiv(fdiv(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return fdiv(r[c].N, fdiv(r[a].N, r[b].N)) }
		}
	case numAdd:
		switch op2 {
		case numAdd:
			if left {
				return func(r []Value) uint64 { return iadd(iadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iadd(r[c].N, iadd(r[a].N, r[b].N)) }
		case numSub:
			if left {
				return func(r []Value) uint64 { return iadd(isub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iadd(r[c].N, isub(r[a].N, r[b].N)) }
		case numMul:
			if left {
				return func(r []Value) uint64 { return iadd(imul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iadd(r[c].N, imul(r[a].N, r[b].N)) }
		case numAnd:
			if left {
				return func(r []Value) uint64 { return iadd(iand(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iadd(r[c].N, iand(r[a].N, r[b].N)) }
		case numOr:
			if left {
				return func(r []Value) uint64 { return iadd(ior(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iadd(r[c].N, ior(r[a].N, r[b].N)) }
		case numXor:
			if left {
				return func(r []Value) uint64 { return iadd(ixor(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iadd(r[c].N, ixor(r[a].N, r[b].N)) }
		case numAndNot:
			if left {
				return func(r []Value) uint64 { return iadd(iandnot(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iadd(r[c].N, iandnot(r[a].N, r[b].N)) }
		}
	case numSub:
		switch op2 {
		case numAdd:
			if left {
				return func(r []Value) uint64 { return isub(iadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return isub(r[c].N, iadd(r[a].N, r[b].N)) }
		case numSub:
			if left {
				return func(r []Value) uint64 { return isub(isub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return isub(r[c].N, isub(r[a].N, r[b].N)) }
		case numMul:
			if left {
				return func(r []Value) uint64 { return isub(imul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return isub(r[c].N, imul(r[a].N, r[b].N)) }
		case numAnd:
			if left {
				return func(r []Value) uint64 { return isub(iand(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return isub(r[c].N, iand(r[a].N, r[b].N)) }
		case numOr:
			if left {
				return func(r []Value) uint64 { return isub(ior(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return isub(r[c].N, ior(r[a].N, r[b].N)) }
		case numXor:
			if left {
				return func(r []Value) uint64 { return isub(ixor(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return isub(r[c].N, ixor(r[a].N, r[b].N)) }
		case numAndNot:
			if left {
				return func(r []Value) uint64 { return isub(iandnot(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return isub(r[c].N, iandnot(r[a].N, r[b].N)) }
		}
	case numMul:
		switch op2 {
		case numAdd:
			if left {
				return func(r []Value) uint64 { return imul(iadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return imul(r[c].N, iadd(r[a].N, r[b].N)) }
		case numSub:
			if left {
				return func(r []Value) uint64 { return imul(isub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return imul(r[c].N, isub(r[a].N, r[b].N)) }
		case numMul:
			if left {
				return func(r []Value) uint64 { return imul(imul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return imul(r[c].N, imul(r[a].N, r[b].N)) }
		case numAnd:
			if left {
				return func(r []Value) uint64 { return imul(iand(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return imul(r[c].N, iand(r[a].N, r[b].N)) }
		case numOr:
			if left {
				return func(r []Value) uint64 { return imul(ior(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return imul(r[c].N, ior(r[a].N, r[b].N)) }
		case numXor:
			if left {
				return func(r []Value) uint64 { return imul(ixor(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return imul(r[c].N, ixor(r[a].N, r[b].N)) }
		case numAndNot:
			if left {
				return func(r []Value) uint64 { return imul(iandnot(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return imul(r[c].N, iandnot(r[a].N, r[b].N)) }
		}
	case numAnd:
		switch op2 {
		case numAdd:
			if left {
				return func(r []Value) uint64 { return iand(iadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iand(r[c].N, iadd(r[a].N, r[b].N)) }
		case numSub:
			if left {
				return func(r []Value) uint64 { return iand(isub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iand(r[c].N, isub(r[a].N, r[b].N)) }
		case numMul:
			if left {
				return func(r []Value) uint64 { return iand(imul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iand(r[c].N, imul(r[a].N, r[b].N)) }
		case numAnd:
			if left {
				return func(r []Value) uint64 { return iand(iand(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iand(r[c].N, iand(r[a].N, r[b].N)) }
		case numOr:
			if left {
				return func(r []Value) uint64 { return iand(ior(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iand(r[c].N, ior(r[a].N, r[b].N)) }
		case numXor:
			if left {
				return func(r []Value) uint64 { return iand(ixor(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iand(r[c].N, ixor(r[a].N, r[b].N)) }
		case numAndNot:
			if left {
				return func(r []Value) uint64 { return iand(iandnot(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iand(r[c].N, iandnot(r[a].N, r[b].N)) }
		}
	case numOr:
		switch op2 {
		case numAdd:
			if left {
				return func(r []Value) uint64 { return ior(iadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ior(r[c].N, iadd(r[a].N, r[b].N)) }
		case numSub:
			if left {
				return func(r []Value) uint64 { return ior(isub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ior(r[c].N, isub(r[a].N, r[b].N)) }
		case numMul:
			if left {
				return func(r []Value) uint64 { return ior(imul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ior(r[c].N, imul(r[a].N, r[b].N)) }
		case numAnd:
			if left {
				return func(r []Value) uint64 { return ior(iand(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ior(r[c].N, iand(r[a].N, r[b].N)) }
		case numOr:
			if left {
				return func(r []Value) uint64 { return ior(ior(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ior(r[c].N, ior(r[a].N, r[b].N)) }
		case numXor:
			if left {
				return func(r []Value) uint64 { return ior(ixor(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ior(r[c].N, ixor(r[a].N, r[b].N)) }
		case numAndNot:
			if left {
				return func(r []Value) uint64 { return ior(iandnot(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ior(r[c].N, iandnot(r[a].N, r[b].N)) }
		}
	case numXor:
		switch op2 {
		case numAdd:
			if left {
				return func(r []Value) uint64 { return ixor(iadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ixor(r[c].N, iadd(r[a].N, r[b].N)) }
		case numSub:
			if left {
				return func(r []Value) uint64 { return ixor(isub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ixor(r[c].N, isub(r[a].N, r[b].N)) }
		case numMul:
			if left {
				return func(r []Value) uint64 { return ixor(imul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ixor(r[c].N, imul(r[a].N, r[b].N)) }
		case numAnd:
			if left {
				return func(r []Value) uint64 { return ixor(iand(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ixor(r[c].N, iand(r[a].N, r[b].N)) }
		case numOr:
			if left {
				return func(r []Value) uint64 { return ixor(ior(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ixor(r[c].N, ior(r[a].N, r[b].N)) }
		case numXor:
			if left {
				return func(r []Value) uint64 { return ixor(ixor(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ixor(r[c].N, ixor(r[a].N, r[b].N)) }
		case numAndNot:
			if left {
				return func(r []Value) uint64 { return ixor(iandnot(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return ixor(r[c].N, iandnot(r[a].N, r[b].N)) }
		}
	case numAndNot:
		switch op2 {
		case numAdd:
			if left {
				return func(r []Value) uint64 { return iandnot(iadd(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iandnot(r[c].N, iadd(r[a].N, r[b].N)) }
		case numSub:
			if left {
				return func(r []Value) uint64 { return iandnot(isub(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iandnot(r[c].N, isub(r[a].N, r[b].N)) }
		case numMul:
			if left {
				return func(r []Value) uint64 { return iandnot(imul(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iandnot(r[c].N, imul(r[a].N, r[b].N)) }
		case numAnd:
			if left {
				return func(r []Value) uint64 { return iandnot(iand(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iandnot(r[c].N, iand(r[a].N, r[b].N)) }
		case numOr:
			if left {
				return func(r []Value) uint64 { return iandnot(ior(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iandnot(r[c].N, ior(r[a].N, r[b].N)) }
		case numXor:
			if left {
				return func(r []Value) uint64 { return iandnot(ixor(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iandnot(r[c].N, ixor(r[a].N, r[b].N)) }
		case numAndNot:
			if left {
				return func(r []Value) uint64 { return iandnot(iandnot(r[a].N, r[b].N), r[c].N) }
			}
			return func(r []Value) uint64 { return iandnot(r[c].N, iandnot(r[a].N, r[b].N)) }
		}
	}
	return nil
}

// numConvPair returns op(float64(int64(a)), b) (left) or op(b,
// float64(int64(a))), op a float64 operator.
func numConvPair(op numOp, left bool, a, b operand) num {
	switch op {
	case numFAdd:
		if left {
			return func(r []Value) uint64 { return fadd(math.Float64bits(float64(int64(r[a].N))), r[b].N) }
		}
		return func(r []Value) uint64 { return fadd(r[b].N, math.Float64bits(float64(int64(r[a].N)))) }
	case numFSub:
		if left {
			return func(r []Value) uint64 { return fsub(math.Float64bits(float64(int64(r[a].N))), r[b].N) }
		}
		return func(r []Value) uint64 { return fsub(r[b].N, math.Float64bits(float64(int64(r[a].N)))) }
	case numFMul:
		if left {
			return func(r []Value) uint64 { return fmul(math.Float64bits(float64(int64(r[a].N))), r[b].N) }
		}
		return func(r []Value) uint64 { return fmul(r[b].N, math.Float64bits(float64(int64(r[a].N)))) }
	case numFDiv:
		if left {
			return func(r []Value) uint64 { return fdiv(math.Float64bits(float64(int64(r[a].N))), r[b].N) }
		}
		return func(r []Value) uint64 { return fdiv(r[b].N, math.Float64bits(float64(int64(r[a].N)))) }
	}
	return nil
}
