package read

import (
	"path"
	"strings"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
)

// LinkKind is where a link leads.
type LinkKind uint8

const (
	LinkNone    LinkKind = iota // not a link
	LinkChapter                 // a chapter, and maybe a heading in it
	LinkAnchor                  // a heading of the chapter being read
	LinkWeb                     // a web page: shown, not fetched (the app is offline)
	LinkRef                     // a function of the runtime's source
	LinkOther                   // anything else (shown as it is)
)

// Link is a parsed page link (page.Item.Link).
type Link struct {
	Kind    LinkKind
	Raw     string
	Chapter string // LinkChapter: "05-stealing"
	Anchor  string // LinkChapter, LinkAnchor: the heading's id
	URL     string // LinkWeb
	File    string // LinkRef: "proc.go"
	Func    string // LinkRef: "findRunnable"
}

// ParseLink reads a link as desktop/page writes them: "chapter:05-stealing"
// with "#anchor" for a heading, "#anchor" alone for this chapter,
// "https://…" (or http, mailto) for the web, "ref:proc.go:findRunnable"
// for the runtime source. A relative Markdown link to a chapter file
// ("05-stealing.md#x") is read as a chapter link too.
func ParseLink(s string) Link {
	l := Link{Raw: s}
	switch {
	case s == "":
		return l
	case strings.HasPrefix(s, "chapter:"):
		l.Kind = LinkChapter
		l.Chapter, l.Anchor, _ = strings.Cut(strings.TrimPrefix(s, "chapter:"), "#")
	case strings.HasPrefix(s, "#"):
		l.Kind, l.Anchor = LinkAnchor, s[1:]
	case strings.HasPrefix(s, "ref:"):
		l.Kind = LinkRef
		l.File, l.Func, _ = strings.Cut(strings.TrimPrefix(s, "ref:"), ":")
	case strings.HasPrefix(s, "http://"), strings.HasPrefix(s, "https://"), strings.HasPrefix(s, "mailto:"):
		l.Kind, l.URL = LinkWeb, s
	default:
		file, anchor, _ := strings.Cut(s, "#")
		base := path.Base(file)
		if chapters.IsChapterFile(base) {
			l.Kind, l.Chapter, l.Anchor = LinkChapter, strings.TrimSuffix(base, ".md"), anchor
			return l
		}
		l.Kind = LinkOther
	}
	return l
}

// Describe is what the status line says about the link: where a chapter
// link goes, the address of a web page (which the app does not open), and
// where the runtime function a reference names is on the reader's disk.
func (l Link) Describe(b *Book) string {
	L := b.Lang
	switch l.Kind {
	case LinkChapter, LinkAnchor:
		title := ""
		if l.Kind == LinkChapter {
			if i := b.Find(l.Chapter); i >= 0 {
				title = b.Entries[i].Title
			} else {
				return lang.F(L, "read.no.chapter", l.Chapter)
			}
		}
		switch {
		case title != "" && l.Anchor != "":
			return lang.F(L, "read.link.section", title, l.Anchor)
		case title != "":
			return lang.F(L, "read.link.chapter", title)
		}
		return lang.F(L, "read.link.anchor", l.Anchor)
	case LinkWeb:
		return lang.T(L, "read.link.web") + l.URL
	case LinkRef:
		what := l.File
		if l.Func != "" {
			what += ", " + l.Func
		}
		return lang.F(L, "read.link.ref", what, l.File)
	case LinkOther:
		return lang.T(L, "read.link.other") + l.Raw
	}
	return ""
}
