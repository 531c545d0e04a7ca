package read

import (
	"fmt"
	"go/token"
	"math"

	"github.com/yuin/goldmark/ast"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
)

// layoutKey is what a chapter's layout depends on.
type layoutKey struct {
	entry  int
	width  float32 // the column, whole logical pixels
	margin float32 // the margin notes' column
	size   float32 // body text size, quarter pixels
	dark   bool
}

// maxLayouts is how many layouts the cache keeps: a few widths of the
// chapters around the one being read.
const maxLayouts = 24

// Layouts caches chapter layouts per width and type size, so that going
// back to a chapter, or a window that returns to an earlier width, does
// not lay the chapter out again.
type Layouts struct {
	book    *Book
	measure page.Measurer
	pages   map[layoutKey]*page.Page
	order   []layoutKey // oldest first
	// Made counts the layouts computed (a test reads it to see the cache
	// work).
	Made int
}

// NewLayouts returns an empty cache for the book's chapters.
func NewLayouts(b *Book, m page.Measurer) *Layouts {
	return &Layouts{book: b, measure: m, pages: map[layoutKey]*page.Page{}}
}

// Get is entry i laid out at st: desktop/page's layout of the chapter, or
// an error page for a chapter that did not parse.
func (l *Layouts) Get(i int, st page.Style) *page.Page {
	st.Width = float32(math.Round(float64(st.Width)))
	st.Size = float32(math.Round(float64(st.Size)*4) / 4)
	st.Margin = float32(math.Round(float64(st.Margin)))
	st.Lang = l.book.Lang // the page's labels speak the book's language
	k := keyOf(i, st)
	if p, ok := l.pages[k]; ok {
		return p
	}
	p := l.make(l.book.Entries[i], st)
	l.Made++
	l.pages[k] = p
	l.order = append(l.order, k)
	if len(l.order) > maxLayouts {
		delete(l.pages, l.order[0])
		l.order = l.order[1:]
	}
	return p
}

// keyOf is the cache key of entry i at st (rounded as Get rounds it).
func keyOf(i int, st page.Style) layoutKey {
	return layoutKey{i, st.Width, st.Margin, st.Size, st.Dark}
}

func (l *Layouts) make(e *Entry, st page.Style) (p *page.Page) {
	if e.Err != nil || e.Chapter == nil {
		return ErrorPage(e, st, l.measure)
	}
	defer func() {
		// A layout bug must not close the reader's window: the chapter
		// shows as an error page that says what failed.
		if r := recover(); r != nil {
			bad := *e
			bad.Err = &chapters.Error{Pos: token.Position{Filename: e.File, Line: 1, Column: 1}, Msg: lang.F(st.Lang, "read.error.layout", fmt.Sprint(r))}
			p = ErrorPage(&bad, st, l.measure)
		}
	}()
	var nodes []ast.Node
	for n := e.Chapter.Doc.FirstChild(); n != nil; n = n.NextSibling() {
		nodes = append(nodes, n)
	}
	return withHeader(e.Chapter, page.Layout(e.Chapter, nodes, st, l.measure), st, l.measure)
}
