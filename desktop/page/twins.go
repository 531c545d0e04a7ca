package page

import (
	"sync"

	"github.com/yuin/goldmark/ast"

	"github.com/gmpbook/gmpbook/chapters"
)

// twinIDs holds the heading ids a chapter takes instead of its own: a
// Chinese twin's headings take its English chapter's ids, in document
// order, as on the website, so that a link between chapters, a saved
// place and the language switch name the same section in both editions.
var twinIDs struct {
	sync.Mutex
	m map[*chapters.Chapter][]string
}

// UseHeadingIDs makes c's headings take ids (one per heading, in
// document order: the English twin's chapters.Chapter.HeadingIDList) in
// its layouts' anchors and in its search hits. Headings past the end of
// ids keep their own. A nil ids forgets c's.
func UseHeadingIDs(c *chapters.Chapter, ids []string) {
	twinIDs.Lock()
	defer twinIDs.Unlock()
	if twinIDs.m == nil {
		twinIDs.m = map[*chapters.Chapter][]string{}
	}
	if ids == nil {
		delete(twinIDs.m, c)
		return
	}
	twinIDs.m[c] = append([]string(nil), ids...)
	// A layout made before has the chapter's own ids.
	derivedCache.Lock()
	delete(derivedCache.m, c)
	derivedCache.Unlock()
}

// headingIDs is the id of each of c's headings: its own (HeadingIDs), or
// those UseHeadingIDs gave it.
func headingIDs(c *chapters.Chapter) map[*ast.Heading]string {
	ids := c.HeadingIDs()
	rename := idRenames(c)
	if rename == nil {
		return ids
	}
	for h, id := range ids {
		if to, ok := rename[id]; ok {
			ids[h] = to
		}
	}
	return ids
}

// idRenames maps c's own heading ids to those UseHeadingIDs gave it, or
// is nil when it gave none.
func idRenames(c *chapters.Chapter) map[string]string {
	twinIDs.Lock()
	ids, ok := twinIDs.m[c]
	twinIDs.Unlock()
	if !ok {
		return nil
	}
	own := c.HeadingIDList()
	m := make(map[string]string, len(own))
	for i, id := range own {
		if i < len(ids) {
			m[id] = ids[i]
		}
	}
	return m
}
