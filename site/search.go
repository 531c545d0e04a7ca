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
//
// The Chinese edition's sections are in it too, with their language and
// their pages (zhOf: the Chinese twin of a chapter number): a page searches
// its own edition's entries. Chinese has no spaces between words, and the
// page's script matches a query as a substring of the text, so a Chinese
// word is found wherever it occurs without a segmenter.
func searchIndex(chs []*chapters.Chapter, zhOf map[int]*chapters.Chapter) ([]byte, error) {
	entries := searchEntries(chs, PageName, "")
	var zh []*chapters.Chapter
	for _, c := range chs {
		if z := zhOf[c.Number]; z != nil {
			zh = append(zh, z)
		}
	}
	entries = append(entries, searchEntries(zh, ZhPageName, LangZh)...)
	return jsonCompact(entries)
}

// searchEntries cuts chapters into search entries on the pages page names.
func searchEntries(chs []*chapters.Chapter, page func(*chapters.Chapter) string, lang string) []searchEntry {
	var entries []searchEntry
	for _, c := range chs {
		cur := searchEntry{Page: page(c), Chapter: c.Number, Title: c.Title, Section: c.Title, Lang: lang}
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
				cur = searchEntry{Page: page(c), Chapter: c.Number, Title: c.Title, Section: b.Heading, Anchor: b.Anchor, Lang: lang}
			default:
				words = append(words, b.Text)
			}
		}
		flush()
	}
	return entries
}
