package chapters

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryChapterHasAWorkdayScene keeps the table "A scene a reader knows
// from their own code" in README.md true: every chapter has a row, and
// the scene a row names exists in that chapter.
func TestEveryChapterHasAWorkdayScene(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	row := regexp.MustCompile("(?m)^\\| (\\d\\d) \\| `([a-z0-9-]+)` \\| [^|]+ \\|$")
	named := map[int]string{}
	for _, m := range row.FindAllStringSubmatch(string(readme), -1) {
		n, _ := strconv.Atoi(m[1])
		named[n] = m[2]
	}
	all, err := All()
	require.NoError(t, err)
	require.NotEmpty(t, all)
	for _, ch := range all {
		id, ok := named[ch.Number]
		if !assert.True(t, ok, "chapter %02d (%s) has no row in README.md's table of everyday scenes", ch.Number, ch.Slug) {
			continue
		}
		found := false
		for _, sc := range ch.Scenes {
			found = found || sc.ID == id
		}
		assert.True(t, found, "README.md names scene %q for chapter %02d, which has no such scene", id, ch.Number)
	}
}
