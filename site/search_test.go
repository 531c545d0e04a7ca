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
	data, err := searchIndex([]*chapters.Chapter{c}, nil)
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

// TestSearchIndexHasTheChineseEdition: a Chinese twin's sections are in
// the index with lang zh-CN and its own page, and a Chinese word is in
// their text as written (the page's script finds it as a substring).
func TestSearchIndexHasTheChineseEdition(t *testing.T) {
	en, err := chapters.Parse("05-test.md", []byte("---\ntitle: Stealing\nsummary: s\n---\n\n# Stealing\n\n## Who steals\n\nAn idle P steals half.\n"))
	require.NoError(t, err)
	zh, err := chapters.Parse("05-test.md", []byte("---\ntitle: 窃取\nsummary: s\n---\n\n# 窃取\n\n## 谁来偷\n\n空闲的 P 会进行工作窃取，拿走一半。\n"))
	require.NoError(t, err)
	data, err := searchIndex([]*chapters.Chapter{en}, map[int]*chapters.Chapter{5: zh})
	require.NoError(t, err)
	var entries []searchEntry
	require.NoError(t, json.Unmarshal(data, &entries))
	var zhText []string
	for _, e := range entries {
		if e.Lang == LangZh {
			require.Equal(t, "05-test.zh.html", e.Page)
			zhText = append(zhText, e.Section+" "+e.Text)
		} else {
			require.Equal(t, "05-test.html", e.Page)
		}
	}
	require.Contains(t, strings.Join(zhText, " "), "工作窃取")
}
