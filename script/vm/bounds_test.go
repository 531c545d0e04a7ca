package vm

import "testing"

// TestBoundsText: the messages of failed bounds checks, negative numbers
// with the runtime's shorter forms.
func TestBoundsText(t *testing.T) {
	for _, c := range []struct {
		k    boundsKind
		x, y int64
		want string
	}{
		{boundsIndex, 5, 3, "index out of range [5] with length 3"},
		{boundsIndex, -1, 3, "index out of range [-1]"},
		{boundsSliceAcap, 9, 4, "slice bounds out of range [:9] with capacity 4"},
		{boundsSliceAlen, -2, 4, "slice bounds out of range [:-2]"},
		{boundsSliceB, 3, 1, "slice bounds out of range [3:1]"},
		{boundsSliceB, -3, 1, "slice bounds out of range [-3:]"},
		{boundsSlice3Acap, 7, 5, "slice bounds out of range [::7] with capacity 5"},
		{boundsSlice3B, 4, 2, "slice bounds out of range [:4:2]"},
		{boundsSlice3C, 2, 1, "slice bounds out of range [2:1:]"},
		{boundsSlice3C, -2, 1, "slice bounds out of range [-2::]"},
	} {
		if got := boundsText(c.k, c.x, c.y); got != c.want {
			t.Errorf("boundsText(%d, %d, %d) = %q, want %q", c.k, c.x, c.y, got, c.want)
		}
	}
}
