package chapters

import (
	"fmt"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEveryRealBlockHasCapturedOutput fails when a "run it for real" box
// would tell the reader that the test suite has not captured its
// program's output: every real block needs chapters/real/NN-scene.out,
// written by GMPBOOK_REWRITE=1 go test ./tests -run
// TestChapterClaimsHoldOnTheRealRuntime, and no capture may outlive its
// block. (The distributions of scenes at GOMAXPROCS>1, *.dist, are held
// by tests.TestChapterRealDistributions, which also checks each one
// against its scene's source.)
func TestEveryRealBlockHasCapturedOutput(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	want := map[string]bool{}
	for _, c := range all {
		for _, r := range c.Reals {
			name := fmt.Sprintf("real/%02d-%s.out", c.Number, r.Scene)
			want[name] = true
			out, ok := c.RealOutput(r.Scene)
			if !ok {
				t.Errorf("%s:%d: the real block of scene %s has no captured output (%s): capture it with GMPBOOK_REWRITE=1 go test ./tests -run 'TestChapterClaimsHoldOnTheRealRuntime/ch%02d_'",
					c.File, r.Line, r.Scene, name, c.Number)
				continue
			}
			if out == "" {
				t.Errorf("%s:%d: the captured output of scene %s is empty", c.File, r.Line, r.Scene)
			}
		}
	}
	outs, err := fs.Glob(realOutputs, "real/*.out")
	require.NoError(t, err)
	for _, f := range outs {
		if !want[f] {
			t.Errorf("chapters/%s: no real block captures this: remove it", f)
		}
	}
}
