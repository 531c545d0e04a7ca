package page

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark/ast"

	"github.com/gmpbook/gmpbook/chapters"
)

// A list too long for one slide is split by chapters.Slides into parts;
// each part sets only its own items and numbers on from the part before.
func TestListPartSetsItsItemsNumberedOn(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\ntitle: Long\n---\n\n## A long list\n\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "%d. Item %d of a list that goes on and on, long enough to need more than one slide at projector size.\n", i, i)
	}
	c, err := chapters.Parse("chapters/98-long.md", []byte(b.String()))
	require.NoError(t, err)
	parts := 0
	for _, s := range c.Slides() {
		for _, n := range s.Nodes {
			lp, ok := n.(*chapters.ListPart)
			if !ok {
				continue
			}
			parts++
			p := Layout(c, []ast.Node{lp}, Style{Width: 1600, Size: 40, Slide: true}, NewMeasurer())
			var all strings.Builder
			marks := map[string]bool{}
			for _, it := range p.Items {
				if it.Kind == ItemText {
					all.WriteString(it.Text + " ")
					marks[it.Text] = true
				}
			}
			text := all.String()
			for i := 1; i <= 40; i++ {
				in := i > lp.From && i <= lp.To
				require.Equal(t, in, strings.Contains(text, fmt.Sprintf("Item %d of", i)), "part %d…%d, item %d", lp.From, lp.To, i)
				require.Equal(t, in, marks[fmt.Sprintf("%d.", i)], "part %d…%d, number %d", lp.From, lp.To, i)
			}
		}
	}
	require.Greater(t, parts, 1, "the list was split")
}
