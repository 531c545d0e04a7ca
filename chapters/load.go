package chapters

import (
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// File is one chapter file that Load read: the chapter, or why it could
// not be read.
type File struct {
	ID      string   // the file's name without .md: "05-stealing"
	Name    string   // as messages name it: "chapters/05-stealing.md"
	Source  []byte   // the file as read (nil if it could not be read)
	Chapter *Chapter // nil when Err is set
	Err     error    // why not, at file:line:col (a *Error) where it has a place
}

// Title is the chapter's title: from the parsed chapter, else from the
// front matter's title: line, else the file's ID.
func (f *File) Title() string {
	if f.Chapter != nil {
		return f.Chapter.Title
	}
	return frontMatterTitle(f.Source, f.ID)
}

// chapterFileRE matches a chapter file's name: NN-slug.md.
var chapterFileRE = regexp.MustCompile(`^\d\d-[a-z0-9-]+\.md$`)

// IsChapterFile reports whether name (a base name) is a chapter file's:
// NN-slug.md.
func IsChapterFile(name string) bool { return chapterFileRE.MatchString(name) }

// Load reads every chapter file (NN-slug.md) at the top of fsys, in name
// order. dir is what messages put before a file's name ("chapters" for
// chapters/05-stealing.md). A file that does not read or parse is a File
// with its Err, and the others read as usual, so that one broken chapter
// neither hides the rest nor stops at its first sibling's problem. Load
// itself fails only when fsys cannot be listed or holds no chapter file.
//
// The website (`gmpbook site -chapters DIR`), the desktop app
// (`--chapters DIR`) and the embedded book (All) all read chapters here.
func Load(fsys fs.FS, dir string) ([]*File, error) {
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && IsChapterFile(e.Name()) {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no chapter files (NN-slug.md)", dir)
	}
	sort.Strings(names)
	out := make([]*File, 0, len(names))
	for _, n := range names {
		f := &File{ID: strings.TrimSuffix(n, ".md"), Name: path.Join(dir, n)}
		if dir == "" {
			f.Name = n
		}
		f.Source, f.Err = fs.ReadFile(fsys, n)
		if f.Err == nil {
			f.Chapter, f.Err = parseGuarded(f.Name, f.Source)
		}
		out = append(out, f)
	}
	return out, nil
}

// Errors is every file's error, joined (nil when all read).
func Errors(files []*File) error {
	var errs []error
	for _, f := range files {
		if f.Err != nil {
			errs = append(errs, f.Err)
		}
	}
	return errors.Join(errs...)
}

// Chapters is every chapter that parsed, in order.
func Chapters(files []*File) []*Chapter {
	var out []*Chapter
	for _, f := range files {
		if f.Chapter != nil {
			out = append(out, f.Chapter)
		}
	}
	return out
}

// parseGuarded is Parse with a panic in the Markdown parser turned into
// an error at the file's first line. It is the one recover in this
// package: a half-written chapter an author is previewing must give an
// error page, not take the desktop app or the site build down with it.
func parseGuarded(name string, src []byte) (c *Chapter, err error) {
	defer func() {
		if r := recover(); r != nil {
			c, err = nil, &Error{Pos: token.Position{Filename: name, Line: 1, Column: 1}, Msg: fmt.Sprintf("the chapter reader failed: %v", r)}
		}
	}()
	return Parse(name, src)
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
