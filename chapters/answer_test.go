package chapters

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The page script (site/assets/site.js normalizeAnswer) compares answers
// the same way; these cases are the contract between the two.
func TestNormalizeAnswerMatchesThePageScript(t *testing.T) {
	require.Equal(t, "a b c", NormalizeAnswer(" a, b;c ", "order"))
	require.Equal(t, "x y\nz", NormalizeAnswer("  x   y \n\n z\r\n", "output"))
	require.Equal(t, "worker 1 done", NormalizeAnswer("worker  1 done ", "first-line"))
}

func TestGradeNeverAcceptsAnEmptyAnswer(t *testing.T) {
	p := &Predict{Answer: "output"}
	require.True(t, p.Grade("1\n 2", "1\n2\n"))
	require.False(t, p.Grade("2\n1", "1\n2"))
	require.False(t, p.Grade(" \n", "\n"))
}

func TestHeadingIDsAreTheWebsitesAnchors(t *testing.T) {
	seen := map[string]int{}
	require.Equal(t, "how-many-may-spin-2-nmspinning-gomaxprocs-npidle", HeadingID(seen, "How many may spin: 2*nmspinning < gomaxprocs - npidle"))
	require.Equal(t, "s-scene-one", HeadingID(seen, "Scene one"))
	require.Equal(t, "section", HeadingID(seen, "调度器"))
	require.Equal(t, "section-2", HeadingID(seen, "!!"))
}
