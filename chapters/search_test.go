package chapters

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearchBlocksKeepSpacesAroundInlineMarkupAndLines: the one
// extractor of search text (the website's index and the desktop app's
// search both read it) keeps the spaces around code spans and emphasis,
// leaves speaker notes out, and knows the line each piece comes from.
func TestSearchBlocksKeepSpacesAroundInlineMarkupAndLines(t *testing.T) {
	src := "---\ntitle: Test\nsummary: A summary\n---\n\n# Test\n\n## Section one\n\n" +
		"A G goes into `p.runnext` with a *compare-and-swap*,\nthen **runs**.\n\n" +
		"- the tail of the `runq`\n- is kicked\n\n" +
		"```notes\nsecret speaker words\n```\n\n" +
		"## Section one\n\n```go\nfunc main() {}\n```\n"
	c, err := Parse("99-test.md", []byte(src))
	require.NoError(t, err)
	bs := c.SearchBlocks()

	var sb strings.Builder
	for _, b := range bs {
		sb.WriteString(b.Text + " | ")
	}
	all := sb.String()
	assert.Contains(t, all, "A G goes into p.runnext with a compare-and-swap, then runs.")
	assert.Contains(t, all, "the tail of the runq is kicked")
	assert.NotContains(t, all, "secret", "speaker notes stay out")

	require.GreaterOrEqual(t, len(bs), 3)
	assert.Equal(t, SearchTitle, bs[0].Kind)
	assert.Equal(t, "Test", bs[0].Text)
	assert.Equal(t, SearchText, bs[1].Kind)
	assert.Equal(t, "A summary", bs[1].Text)

	var headings []SearchBlock
	for _, b := range bs {
		if b.Kind == SearchHeading {
			headings = append(headings, b)
		}
	}
	// "# Test" is the title heading, then the two sections, whose repeated
	// text gets the website's "-2".
	require.Len(t, headings, 3)
	assert.Equal(t, []string{"test", "section-one", "section-one-2"},
		[]string{headings[0].Anchor, headings[1].Anchor, headings[2].Anchor})
	assert.Equal(t, 8, headings[1].Marks[0].Line)

	for _, b := range bs {
		if strings.HasPrefix(b.Text, "A G goes") {
			assert.Equal(t, "section-one", b.Anchor)
			assert.Equal(t, "Section one", b.Heading)
			require.Len(t, b.Marks, 2, "the paragraph spans two lines")
			assert.Equal(t, SearchMark{0, 10}, b.Marks[0])
			assert.Equal(t, 11, b.Marks[1].Line)
			assert.True(t, strings.HasPrefix(b.Text[b.Marks[1].Off:], "then"), b.Text[b.Marks[1].Off:])
		}
		if strings.Contains(b.Text, "func main") {
			assert.Equal(t, "section-one-2", b.Anchor)
			assert.Equal(t, 23, b.Marks[0].Line, "the code's own line, not the fence's")
		}
	}
}
