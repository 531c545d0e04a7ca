package chapters

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// NormalizeAnswer puts an answer to a predict exercise in the form it is
// compared in, the same in every reader (the website's page script does
// the same in JavaScript): carriage returns dropped; for "order", commas
// and semicolons count as spaces; for "output" each line has its runs of
// white space made one space and blank lines go; for the other kinds the
// whole answer does.
func NormalizeAnswer(s, kind string) string {
	s = strings.ReplaceAll(s, "\r", "")
	if kind == "order" {
		s = strings.NewReplacer(",", " ", ";", " ").Replace(s)
	}
	if kind == "output" {
		var lines []string
		for _, l := range strings.Split(s, "\n") {
			if l = strings.Join(strings.Fields(l), " "); l != "" {
				lines = append(lines, l)
			}
		}
		return strings.Join(lines, "\n")
	}
	return strings.Join(strings.Fields(s), " ")
}

// Grade reports whether a reader's answer is the simulator's, as the
// exercise compares them (p.Answer: output, first-line, order, …). An
// empty answer is never right.
func (p *Predict) Grade(answer, expected string) bool {
	a := NormalizeAnswer(answer, p.Answer)
	return a != "" && a == NormalizeAnswer(expected, p.Answer)
}

// HeadingID is the anchor id of a heading that says text, as every reader
// makes it: lowercase letters and digits, other runs made one dash;
// "section" when nothing is left; ids that scenes and exercises own
// ("scene-", "predict-", "real-", "explain-") get an "s-" prefix; seen
// counts the ids handed out so far in the chapter, and a repeat gets
// "-2", "-3", ….
func HeadingID(seen map[string]int, text string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(text) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteRune(c)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	id := strings.TrimSuffix(b.String(), "-")
	if id == "" {
		id = "section"
	}
	for _, p := range []string{"scene-", "predict-", "real-", "explain-"} {
		if strings.HasPrefix(id, p) {
			id = "s-" + id
		}
	}
	seen[id]++
	if n := seen[id]; n > 1 {
		id += "-" + strconv.Itoa(n)
	}
	return id
}

// PlainText is the text of a node's inline content (a heading, a
// paragraph, a list item), without emphasis marks or code backticks; a
// line break counts as a space.
func PlainText(n ast.Node, src []byte) string { return inlineText(n, src) }
