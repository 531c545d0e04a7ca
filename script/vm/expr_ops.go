package vm

// The operators of numeric expressions (expr.go) in their four operand
// shapes, written out so that each closure has its operator inlined and
// reads register operands itself.

// numBinary returns the expression x op y: each operand is a register
// (its leaf is nil) or an expression.
func numBinary(op numOp, x num, xr operand, y num, yr operand) num {
	switch op {
	case numFAdd:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return fadd(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return fadd(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return fadd(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return fadd(x(r), y(r)) }
	case numFSub:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return fsub(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return fsub(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return fsub(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return fsub(x(r), y(r)) }
	case numFMul:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return fmul(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return fmul(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return fmul(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return fmul(x(r), y(r)) }
	case numFDiv:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return fdiv(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return fdiv(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return fdiv(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return fdiv(x(r), y(r)) }
	case numAdd:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return iadd(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return iadd(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return iadd(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return iadd(x(r), y(r)) }
	case numSub:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return isub(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return isub(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return isub(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return isub(x(r), y(r)) }
	case numMul:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return imul(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return imul(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return imul(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return imul(x(r), y(r)) }
	case numAnd:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return iand(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return iand(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return iand(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return iand(x(r), y(r)) }
	case numOr:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return ior(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return ior(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return ior(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return ior(x(r), y(r)) }
	case numXor:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return ixor(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return ixor(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return ixor(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return ixor(x(r), y(r)) }
	case numAndNot:
		switch {
		case x == nil && y == nil:
			return func(r []Value) uint64 { return iandnot(r[xr].N, r[yr].N) }
		case x == nil:
			return func(r []Value) uint64 { return iandnot(r[xr].N, y(r)) }
		case y == nil:
			return func(r []Value) uint64 { return iandnot(x(r), r[yr].N) }
		}
		return func(r []Value) uint64 { return iandnot(x(r), y(r)) }
	}
	panic("vm: numBinary: unknown operator")
}
