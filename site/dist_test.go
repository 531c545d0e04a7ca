package site_test

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/internal/dist"
	"github.com/gmpbook/gmpbook/site"
)

// TestSiteSceneShowsRealDistributionWithoutScript: a page read without
// script still shows, under each scene with a captured real distribution,
// its table — the counts of the capture, by the key site.DistKey picks,
// adding up to the runs when no row is left out — and carries the
// histograms for the page's script, which hides the table.
func TestSiteSceneShowsRealDistributionWithoutScript(t *testing.T) {
	_, dir := builtSite(t)
	row := regexp.MustCompile(`<tr><td>(\d+)</td><td>\d+%</td><td><code>([^<]*)</code></td></tr>`)
	all, err := chapters.All()
	require.NoError(t, err)
	n := 0
	for _, c := range all {
		for _, s := range c.Scenes {
			checkRealDistTable(t, dir, c, s, row, &n)
		}
	}
	require.Positive(t, n, "no scene shows a real distribution")
}

// checkRealDistTable checks the table under scene s, if it has a capture.
func checkRealDistTable(t *testing.T, dir string, c *chapters.Chapter, s *chapters.Scene, row *regexp.Regexp, n *int) {
	name := site.RealDistName(c.Number, s.ID)
	data, err := os.ReadFile(filepath.Join("..", "chapters", "real", name))
	if err != nil {
		return
	}
	capt, err := dist.ParseCaptured(data)
	require.NoError(t, err)
	page := readSiteFile(t, dir, site.PageName(c))
	start := strings.Index(page, `id="scene-`+s.ID+`"`)
	require.GreaterOrEqual(t, start, 0, name)
	fig := page[start:]
	fig = fig[:strings.Index(fig, "</figure>")]
	i := strings.Index(fig, `<details class="real-dist no-js">`)
	require.GreaterOrEqual(t, i, 0, "%s: the figure has the real distribution's table", name)
	table := fig[i:strings.Index(fig, "</details>")]
	keyed, err := dist.ByKey(capt.Hist, site.DistKey(capt.Hist))
	require.NoError(t, err)
	sorted := keyed.Sorted()
	sum := 0
	rows := row.FindAllStringSubmatch(table, -1)
	require.NotEmpty(t, rows, name)
	for j, m := range rows {
		c, _ := strconv.Atoi(m[1])
		require.Equal(t, sorted[j].N, c, "%s row %d", name, j)
		require.Equal(t, dist.Oneline(sorted[j].Out), html.UnescapeString(m[2]), "%s row %d", name, j)
		sum += c
	}
	if !strings.Contains(table, "other outputs") {
		require.Equal(t, capt.Hist.N, sum, "%s: the rows add up to the runs", name)
	}
	*n++
}
