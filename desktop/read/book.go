package read

import (
	"errors"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
)

// Entry is one chapter of the book: parsed, or the error that stopped it.
type Entry struct {
	ID      string // the file name without .md: "05-stealing"
	File    string // as messages name it: "chapters/05-stealing.md"
	Title   string // from the front matter (the file name if it has none)
	Chapter *chapters.Chapter
	Err     error  // why the chapter could not be read, with file:line:col
	Source  []byte // the file, for the error page's excerpt
}

// Pos is where Err points (line 0 if it names no line).
func (e *Entry) Pos() token.Position {
	var ce *chapters.Error
	if errors.As(e.Err, &ce) {
		return ce.Pos
	}
	return token.Position{Filename: e.File}
}

// Book is the chapters the app shows, in order.
type Book struct {
	Entries []*Entry
	Dir     string // the directory they were read from ("" for the embedded chapters)
	// Lang is the language the chapters are written in: the interface
	// speaks it while they are read.
	Lang lang.Lang
}

// Embedded is the book compiled into the binary.
func Embedded() *Book {
	cs, err := chapters.All()
	if err != nil {
		// The embedded chapters are checked by the test suite; this is a
		// broken build, reported as a book with one error page.
		return &Book{Entries: []*Entry{{ID: "error", File: "chapters", Title: lang.T(lang.En, "read.book.broken"), Err: err}}}
	}
	b := &Book{}
	for _, c := range cs {
		b.Entries = append(b.Entries, &Entry{ID: entryID(c.File), File: c.File, Title: c.Title, Chapter: c})
	}
	return b
}

// EmbeddedZh is the Chinese edition compiled into the binary
// (chapters.Zh): each chapter with the same ID as its English twin, and
// its headings given the twin's ids (page.UseHeadingIDs), so that a link,
// a saved place and the language switch name the same section in both.
// en is the English book the ids come from.
func EmbeddedZh(en *Book) *Book {
	cs, err := chapters.Zh()
	if err != nil {
		return &Book{Lang: lang.Zh, Entries: []*Entry{{ID: "error", File: "chapters/zh", Title: lang.T(lang.Zh, "read.book.broken"), Err: err}}}
	}
	b := &Book{Lang: lang.Zh}
	for _, c := range cs {
		e := &Entry{ID: entryID(c.File), File: c.File, Title: c.Title, Chapter: c}
		if i := en.Find(e.ID); i >= 0 && en.Entries[i].Chapter != nil {
			page.UseHeadingIDs(c, en.Entries[i].Chapter.HeadingIDList())
		}
		b.Entries = append(b.Entries, e)
	}
	return b
}

// FromDir reads the chapters in dir (NN-slug.md files, chapters.Load),
// for an author previewing a chapter. A chapter that does not parse
// becomes an entry with its error; the others read as usual. It fails
// only when the directory cannot be read or holds no chapter.
func FromDir(dir string) (*Book, error) {
	files, err := chapters.Load(os.DirFS(dir), filepath.ToSlash(dir))
	if err != nil {
		return nil, err
	}
	b := &Book{Dir: dir}
	for _, f := range files {
		b.Entries = append(b.Entries, &Entry{ID: f.ID, File: f.Name, Title: f.Title(), Chapter: f.Chapter, Err: f.Err, Source: f.Source})
	}
	return b, nil
}

func entryID(file string) string { return strings.TrimSuffix(filepath.Base(file), ".md") }

// Find returns the index of the chapter named id — "05-stealing",
// "05-stealing.md", "05" or "stealing" — or -1.
func (b *Book) Find(id string) int {
	id = strings.TrimSuffix(filepath.Base(id), ".md")
	for i, e := range b.Entries {
		if e.ID == id {
			return i
		}
	}
	for i, e := range b.Entries {
		num, slug, _ := strings.Cut(e.ID, "-")
		if id == num || id == slug {
			return i
		}
	}
	return -1
}

// Chapters is every chapter that parsed, in order (for the search index).
func (b *Book) Chapters() []*chapters.Chapter {
	var out []*chapters.Chapter
	for _, e := range b.Entries {
		if e.Chapter != nil {
			out = append(out, e.Chapter)
		}
	}
	return out
}
