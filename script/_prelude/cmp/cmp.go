// Package cmp is the scenes' cmp, written in Go.
package cmp

// Ordered is the set of types the operators < <= >= > apply to.
type Ordered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 |
		~string
}

// Less reports whether x sorts before y. A NaN sorts before every other
// value, and -0.0 and 0.0 are equal.
func Less[T Ordered](x, y T) bool {
	return (isNaN(x) && !isNaN(y)) || x < y
}

// Compare returns -1, 0 or +1 as x is less than, equal to or greater than
// y, ordering NaNs first and treating them as equal to each other.
func Compare[T Ordered](x, y T) int {
	xNaN, yNaN := isNaN(x), isNaN(y)
	switch {
	case xNaN && yNaN:
		return 0
	case xNaN:
		return -1
	case yNaN:
		return 1
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// isNaN is true only for a float NaN: the one value unequal to itself.
func isNaN[T Ordered](x T) bool {
	return x != x
}

// Or returns the first of vals that is not the zero value, or the zero
// value.
func Or[T comparable](vals ...T) T {
	var zero T
	for _, v := range vals {
		if v != zero {
			return v
		}
	}
	return zero
}
