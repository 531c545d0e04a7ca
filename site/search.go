package site

import (
	"strings"

	"github.com/gmpbook/gmpbook/chapters"
)

// searchIndex is every chapter cut into sections (at headings), each with
// its words: prose, code, scene sources, exercises and claims, as
// chapters.SearchBlocks gives them (the desktop app's search reads the
// same blocks). Speaker notes stay out. The page's script searches it
// without a server.
func searchIndex(chs []*chapters.Chapter) ([]byte, error) {
	var entries []searchEntry
	for _, c := range chs {
		cur := searchEntry{Page: PageName(c), Chapter: c.Number, Title: c.Title, Section: c.Title}
		var words []string
		flush := func() {
			cur.Text = strings.Join(words, " ")
			if cur.Text != "" || cur.Anchor != "" {
				entries = append(entries, cur)
			}
			words = words[:0]
		}
		for _, b := range c.SearchBlocks() {
			switch b.Kind {
			case chapters.SearchTitle:
				// The section's title, not its text.
			case chapters.SearchHeading:
				flush()
				cur = searchEntry{Page: PageName(c), Chapter: c.Number, Title: c.Title, Section: b.Heading, Anchor: b.Anchor}
			default:
				words = append(words, b.Text)
			}
		}
		flush()
	}
	return jsonCompact(entries)
}
