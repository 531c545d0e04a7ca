package read

import (
	"strings"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/page"
)

// Hit is one search result.
type Hit struct {
	Chapter string // the chapter's ID
	Anchor  string // the heading the match is under ("" for the chapter's start)
	Title   string // the chapter's title
	Section string // the heading's title
	Snippet string // the words around the match
	Match   [2]int // the match in Snippet, byte offsets
}

// Searcher finds the sections that match a query, best first.
type Searcher func(query string) []Hit

// NewSearcher searches the chapters of the book that parsed, with
// desktop/page's index: titles, headings, prose, code, scenes, exercises.
func NewSearcher(b *Book) Searcher {
	ix := page.NewIndex(b.Chapters())
	return func(q string) []Hit {
		hs := ix.Search(q)
		out := make([]Hit, 0, len(hs))
		for _, h := range hs {
			out = append(out, Hit{Chapter: h.Name, Anchor: h.Anchor, Title: h.Title, Section: h.Heading, Snippet: h.Snippet, Match: h.Match})
		}
		return out
	}
}

// maxResults is how many results the box lists.
const maxResults = 8

// SearchBox is the search field: the query being typed, the live results
// and which one is selected.
type SearchBox struct {
	Open    bool
	Query   []rune
	Results []Hit
	Sel     int // the selected result, -1 for none
	// More says there were more results than the box lists.
	More   bool
	search Searcher
	ran    string // the query Results are for
}

// NewSearchBox returns a closed box that searches with s.
func NewSearchBox(s Searcher) *SearchBox { return &SearchBox{search: s, Sel: -1} }

// Start opens the box, keeping the last query selected for editing.
func (b *SearchBox) Start() {
	b.Open = true
	b.refresh()
}

// Close closes the box.
func (b *SearchBox) Close() { b.Open = false }

// Text is the query.
func (b *SearchBox) Text() string { return string(b.Query) }

// Type adds typed characters to the query and searches again.
func (b *SearchBox) Type(rs []rune) {
	for _, r := range rs {
		if r >= ' ' && r != 0x7f {
			b.Query = append(b.Query, r)
		}
	}
	b.refresh()
}

// Edit handles an editing or selection key and returns the hit to go to
// (Enter on a result), or nil. done says the box closed.
func (b *SearchBox) Edit(p Press) (hit *Hit, done bool) {
	switch p.Key {
	case key.Backspace:
		if n := len(b.Query); n > 0 {
			if p.Ctrl || p.Alt {
				// A word at a time.
				s := strings.TrimRight(string(b.Query), " ")
				i := strings.LastIndex(s, " ")
				b.Query = []rune(s[:i+1])
			} else {
				b.Query = b.Query[:n-1]
			}
			b.refresh()
		}
	case key.Escape:
		b.Close()
		return nil, true
	case key.Down, key.Tab:
		if p.Key == key.Tab && p.Shift {
			b.move(-1)
		} else {
			b.move(1)
		}
	case key.Up:
		b.move(-1)
	case key.Enter, key.F3:
		if len(b.Results) == 0 {
			return nil, false
		}
		i := max(0, b.Sel)
		h := b.Results[i]
		if p.Key == key.F3 {
			// F3 goes to the next result and keeps the box's query.
			b.Sel = (i + 1) % len(b.Results)
			return &h, false
		}
		b.Close()
		return &h, true
	}
	return nil, false
}

func (b *SearchBox) move(d int) {
	n := len(b.Results)
	if n == 0 {
		b.Sel = -1
		return
	}
	b.Sel = ((b.Sel+d)%n + n) % n
}

// refresh searches for the query if it changed.
func (b *SearchBox) refresh() {
	q := strings.TrimSpace(string(b.Query))
	if q == b.ran && b.Results != nil {
		return
	}
	b.ran = q
	b.Results, b.More, b.Sel = b.Results[:0], false, -1
	if q == "" || b.search == nil {
		return
	}
	hits := b.search(q)
	if len(hits) > maxResults {
		hits, b.More = hits[:maxResults], true
	}
	b.Results = append(b.Results, hits...)
	if len(b.Results) > 0 {
		b.Sel = 0
	}
}

// Select chooses result i (a click) and returns it.
func (b *SearchBox) Select(i int) (Hit, bool) {
	if i < 0 || i >= len(b.Results) {
		return Hit{}, false
	}
	b.Sel = i
	h := b.Results[i]
	b.Close()
	return h, true
}
