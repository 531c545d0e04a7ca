package read

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/gmpbook/gmpbook/chapters"
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
}

// fileRE matches a chapter file name: NN-slug.md.
var fileRE = regexp.MustCompile(`^(\d\d)-([a-z0-9-]+)\.md$`)

// Embedded is the book compiled into the binary.
func Embedded() *Book {
	cs, err := chapters.All()
	if err != nil {
		// The embedded chapters are checked by the test suite; this is a
		// broken build, reported as a book with one error page.
		return &Book{Entries: []*Entry{{ID: "error", File: "chapters", Title: "The chapters could not be read", Err: err}}}
	}
	b := &Book{}
	for _, c := range cs {
		b.Entries = append(b.Entries, &Entry{ID: entryID(c.File), File: c.File, Title: c.Title, Chapter: c})
	}
	return b
}

// FromDir reads the chapters in dir (NN-slug.md files), for an author
// previewing a chapter. A chapter that does not parse becomes an entry
// with its error; the others read as usual. It fails only when the
// directory cannot be read or holds no chapter.
func FromDir(dir string) (*Book, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && fileRE.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no chapter files (NN-slug.md)", dir)
	}
	sort.Strings(names)
	b := &Book{Dir: dir}
	for _, n := range names {
		file := filepath.Join(dir, n)
		e := &Entry{ID: strings.TrimSuffix(n, ".md"), File: file}
		src, err := os.ReadFile(file)
		if err != nil {
			e.Err = err
			e.Title = e.ID
			b.Entries = append(b.Entries, e)
			continue
		}
		e.Source = src
		c, err := parseChapter(file, src)
		if err != nil {
			e.Err = err
			e.Title = frontMatterTitle(src, e.ID)
		} else {
			e.Chapter, e.Title = c, c.Title
		}
		b.Entries = append(b.Entries, e)
	}
	return b, nil
}

// parseChapter parses a chapter, turning a panic in the parser into an
// error at the file's first line: an author's half-written chapter must
// not take the app down.
func parseChapter(file string, src []byte) (c *chapters.Chapter, err error) {
	defer func() {
		if r := recover(); r != nil {
			c, err = nil, &chapters.Error{Pos: token.Position{Filename: file, Line: 1, Column: 1}, Msg: fmt.Sprintf("the chapter reader failed: %v", r)}
		}
	}()
	return chapters.Parse(file, src)
}

// frontMatterTitle is the title: line of a chapter's front matter, or def.
func frontMatterTitle(src []byte, def string) string {
	lines := strings.Split(string(src), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return def
	}
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "---" {
			break
		}
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "title" {
			if v = strings.Trim(strings.TrimSpace(v), `"`); v != "" {
				return v
			}
		}
	}
	return def
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
