package page

import (
	"strings"
	"unicode/utf8"
)

// Wrap breaks plain text (the chrome's: a title, a summary, speaker notes)
// into lines no wider than width set in f at size: at spaces, and between
// Chinese characters where the page's rules allow (never before closing
// or after opening punctuation, breakBetween), as the page's own text
// breaks. A word wider than a line is broken between characters; "\n"
// starts a new line, and an empty one is an empty line.
func Wrap(m Measurer, s string, f Font, size, width float32) []string {
	var out []string
	type atom struct {
		text  string
		space bool // a space comes before it
	}
	var atoms []atom
	for _, para := range strings.Split(s, "\n") {
		atoms = atoms[:0]
		for _, w := range strings.Fields(para) {
			rs := []rune(w)
			start := 0
			for i := 1; i < len(rs); i++ {
				if breakBetween(rs[i-1], rs[i]) {
					atoms = append(atoms, atom{string(rs[start:i]), start == 0 && len(atoms) > 0})
					start = i
				}
			}
			atoms = append(atoms, atom{string(rs[start:]), start == 0 && len(atoms) > 0})
		}
		if len(atoms) == 0 {
			out = append(out, "")
			continue
		}
		line := ""
		for _, a := range atoms {
			try := a.text
			switch {
			case line != "" && a.space:
				try = line + " " + a.text
			case line != "":
				try = line + a.text
			}
			if m.Advance(try, f, size) <= width {
				line = try
				continue
			}
			if line != "" {
				out = append(out, line)
			}
			w := a.text
			for m.Advance(w, f, size) > width && utf8.RuneCountInString(w) > 1 {
				r := []rune(w)
				k := len(r) - 1
				for k > 1 && m.Advance(string(r[:k]), f, size) > width {
					k--
				}
				out = append(out, string(r[:k]))
				w = string(r[k:])
			}
			line = w
		}
		out = append(out, line)
	}
	return out
}

// JoinLines is s on one line: runs of white space become one space,
// except between two Chinese characters, where a line break of the
// source is no space at all (Chinese puts none between words).
func JoinLines(s string) string {
	var b strings.Builder
	prev := rune(0)
	for _, w := range strings.Fields(s) {
		first, _ := utf8.DecodeRuneInString(w)
		if b.Len() > 0 && !(isCJK(prev) && isCJK(first)) {
			b.WriteByte(' ')
		}
		b.WriteString(w)
		prev, _ = utf8.DecodeLastRuneInString(w)
	}
	return b.String()
}
