package site

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
)

// TestSearchTextKeepsSpacesAroundInlineMarkup: a code span or an emphasis
// inside a sentence is indexed with the spaces around it, so a search for
// the sentence's words finds them and the snippet reads as the page does.
func TestSearchTextKeepsSpacesAroundInlineMarkup(t *testing.T) {
	src := "---\ntitle: Test\nsummary: s\n---\n\n# Test\n\n## Section\n\nA G goes into `p.runnext` with a *compare-and-swap*, then **runs**.\n\n- the tail of the `runq`\n- is kicked\n"
	c, err := chapters.Parse("99-test.md", []byte(src))
	require.NoError(t, err)
	data, err := searchIndex([]*chapters.Chapter{c})
	require.NoError(t, err)
	var entries []searchEntry
	require.NoError(t, json.Unmarshal(data, &entries))
	var all []string
	for _, e := range entries {
		all = append(all, e.Text)
	}
	text := strings.Join(all, " | ")
	require.Contains(t, text, "A G goes into p.runnext with a compare-and-swap, then runs.")
	require.Contains(t, text, "the tail of the runq is kicked")
}
