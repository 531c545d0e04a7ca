package chapters

import (
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// TestZhTwins holds every Chinese chapter (zh/NN-slug.md) to its English
// twin (NN-slug.md): the same scenes with the same ids, settings and code
// (only the //> captions and other comments are translated, on the same
// lines, and a "//> on kind:" caption keeps its kind), the same predict
// exercises with the same answers and choices, the same real blocks with
// the same checks, the same runtime references and the same heading
// structure (levels, in order), so that a reader switching language
// lands on the same section and runs the same programs. A Chinese
// chapter must also parse on its own: its scenes compile, its claim boxes
// have their verdicts.
func TestZhTwins(t *testing.T) {
	zh, err := filepath.Glob(filepath.Join("zh", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range zh {
		name := filepath.Base(path)
		if !IsChapterFile(name) {
			continue
		}
		n++
		t.Run(strings.TrimSuffix(name, ".md"), func(t *testing.T) {
			enSrc, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%s has no English twin: %v", path, err)
			}
			zhSrc, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			en, err := Parse(name, enSrc)
			if err != nil {
				t.Fatalf("the English twin does not parse: %v", err)
			}
			zc, err := Parse("chapters/zh/"+name, zhSrc)
			if err != nil {
				t.Fatalf("the Chinese chapter does not parse: %v", err)
			}
			for _, p := range twinProblems(en, zc) {
				t.Errorf("%s: %s", path, p)
			}
		})
	}
	if n == 0 {
		t.Skip("no Chinese chapters in zh/")
	}
}

// twinProblems lists every way zh differs from its English twin en where
// the two must agree.
func twinProblems(en, zh *Chapter) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }

	ids := func(c *Chapter) []string {
		var s []string
		for _, sc := range c.Scenes {
			s = append(s, sc.ID)
		}
		return s
	}
	if a, b := ids(en), ids(zh); !slices.Equal(a, b) {
		add("scene ids %v, English has %v", b, a)
	} else {
		for i, e := range en.Scenes {
			z := zh.Scenes[i]
			es, zs := e.Settings, z.Settings
			es.Title, zs.Title = "", "" // the title is shown to readers: translated
			if !reflect.DeepEqual(es, zs) {
				add("line %d: scene %s has settings %+v, English has %+v", z.Line, z.ID, zs, es)
			}
			if p := sameCode(e.Source, z.Source); p != "" {
				add("line %d: scene %s: %s", z.Line, z.ID, p)
			}
		}
	}

	if len(en.Predicts) != len(zh.Predicts) {
		add("%d predict blocks, English has %d", len(zh.Predicts), len(en.Predicts))
	} else {
		for i, e := range en.Predicts {
			z := zh.Predicts[i]
			if e.Scene != z.Scene || e.Answer != z.Answer || e.Seeds != z.Seeds {
				add("line %d: predict scene=%s answer=%s seeds=%d, English has scene=%s answer=%s seeds=%d",
					z.Line, z.Scene, z.Answer, z.Seeds, e.Scene, e.Answer, e.Seeds)
			}
			// The choices are the scene's possible outputs: graded against
			// the program's output, so never translated.
			if !slices.Equal(e.Choices, z.Choices) {
				add("line %d: predict %s has choices %q, English has %q", z.Line, z.Scene, z.Choices, e.Choices)
			}
		}
	}

	if len(en.Reals) != len(zh.Reals) {
		add("%d real blocks, English has %d", len(zh.Reals), len(en.Reals))
	} else {
		for i, e := range en.Reals {
			z := zh.Reals[i]
			if e.Scene != z.Scene || e.Check != z.Check {
				add("line %d: real scene=%s check=%s, English has scene=%s check=%s", z.Line, z.Scene, z.Check, e.Scene, e.Check)
			}
		}
	}

	refs := func(c *Chapter) []string {
		var s []string
		for _, r := range c.Refs {
			s = append(s, r.File+":"+r.Func)
		}
		slices.Sort(s)
		return slices.Compact(s)
	}
	if a, b := refs(en), refs(zh); !slices.Equal(a, b) {
		add("runtime references %v, English has %v", b, a)
	}

	if a, b := headingLevels(en), headingLevels(zh); !slices.Equal(a, b) {
		add("heading levels %v, English has %v", b, a)
	}
	if len(zh.Claims) < len(en.Claims) {
		add("%d claim boxes, English has %d", len(zh.Claims), len(en.Claims))
	}
	if len(en.Goals) != len(zh.Goals) {
		add("%d goals, English has %d", len(zh.Goals), len(en.Goals))
	}
	return out
}

// headingLevels is the level of every heading, in order.
func headingLevels(c *Chapter) []int {
	var out []int
	ast.Walk(c.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			out = append(out, h.Level)
		}
		return ast.WalkContinue, nil
	})
	return out
}

// sameCode compares two versions of a scene's source token by token, at
// the same positions: code must be identical; comments may be worded
// differently but must sit where the English ones sit, a //> caption must
// stay a caption, and a "//> on kind:" caption must keep its kind. It
// returns "" when they agree, else the first difference.
func sameCode(en, zh string) string {
	a, b := codeTokens(en), codeTokens(zh)
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("%s, English has %s", b[i], a[i])
		}
	}
	switch {
	case len(a) > len(b):
		return fmt.Sprintf("ends early; English goes on with %s", a[len(b)])
	case len(b) > len(a):
		return fmt.Sprintf("goes on with %s after the English ends", b[len(a)])
	}
	return ""
}

// codeTokens is src as "line:col token" strings, with each comment reduced
// to its kind: "//", "/*", "//>" or "//> on kind:".
func codeTokens(src string) []string {
	fset := token.NewFileSet()
	f := fset.AddFile("scene.go", -1, len(src))
	var s scanner.Scanner
	s.Init(f, []byte(src), nil, scanner.ScanComments)
	var out []string
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		p := fset.Position(pos)
		text := tok.String()
		switch {
		case tok == token.COMMENT:
			text = commentKind(lit)
		case tok == token.SEMICOLON && lit == "\n":
			continue // automatic: already implied by the next token's line
		case lit != "":
			text = lit
		}
		out = append(out, fmt.Sprintf("%d:%d %s", p.Line, p.Column, text))
	}
}

func commentKind(c string) string {
	rest, ok := strings.CutPrefix(c, "//>")
	if !ok {
		return c[:2]
	}
	rest = strings.TrimSpace(rest)
	if on, ok := strings.CutPrefix(rest, "on "); ok {
		if kind, _, ok := strings.Cut(on, ":"); ok {
			return "//> on " + strings.TrimSpace(kind) + ":"
		}
	}
	if rest == "" {
		return "//> (empty)"
	}
	return "//>"
}

// TestSameCode checks the comparison itself: a translated caption passes,
// a changed statement, a moved caption or a caption that lost its event
// kind does not.
func TestSameCode(t *testing.T) {
	en := "func main() {\n\tx := 1 //> the first\n\t//> on epoll: waits\n\tfmt.Println(x) // prose\n}\n"
	for _, c := range []struct {
		zh   string
		same bool
	}{
		{"func main() {\n\tx := 1 //> 第一个\n\t//> on epoll: 等待\n\tfmt.Println(x) // 说明\n}\n", true},
		{"func main() {\n\tx := 2 //> 第一个\n\t//> on epoll: 等待\n\tfmt.Println(x) // 说明\n}\n", false},
		{"func main() {\n\tx := 1\n\t//> 第一个\n\t//> on epoll: 等待\n\tfmt.Println(x) // 说明\n}\n", false},
		{"func main() {\n\tx := 1 //> 第一个\n\t//> 在 epoll 时：等待\n\tfmt.Println(x) // 说明\n}\n", false},
		{"func main() {\n\tx := 1 //> 第一个\n\t//> on timer: 等待\n\tfmt.Println(x) // 说明\n}\n", false},
		{"func main() {\n\tx := 1 //> 第一个\n\t//> on epoll: 等待\n\tfmt.Println(x) //> 说明\n}\n", false},
		{"func main() {\n\tx := 1 //> 第一个\n\t//> on epoll: 等待\n\tfmt.Println(x) // 说明\n}\nfunc f() {}\n", false},
	} {
		if got := sameCode(en, c.zh) == ""; got != c.same {
			t.Errorf("sameCode(%q) = %v (%s), want %v", c.zh, got, sameCode(en, c.zh), c.same)
		}
	}
}

// glossaryRow is one line of zh/glossary.tsv: an English term, the
// Chinese edition's word for it, a note for translators and the variants
// the edition does not use.
type glossaryRow struct {
	line         int
	en, zh, note string
	avoid        []string
	enRE         *regexp.Regexp
}

// readGlossary reads zh/glossary.tsv: a header "english zh note avoid"
// (tab-separated; avoid may be left out) and one term per line.
func readGlossary(path string) ([]glossaryRow, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(src), "\n"), "\n")
	if h := lines[0]; h != "english\tzh\tnote\tavoid" && h != "english\tzh\tnote" {
		return nil, fmt.Errorf("%s:1: the header is %q, want \"english\\tzh\\tnote\\tavoid\"", path, h)
	}
	var rows []glossaryRow
	seen := map[string]int{}
	for i, l := range lines[1:] {
		n := i + 2
		f := strings.Split(l, "\t")
		if len(f) < 3 || len(f) > 4 || strings.TrimSpace(f[0]) == "" || strings.TrimSpace(f[1]) == "" {
			return nil, fmt.Errorf("%s:%d: want english<TAB>zh<TAB>note[<TAB>avoid], got %q", path, n, l)
		}
		if prev, ok := seen[strings.ToLower(f[0])]; ok {
			return nil, fmt.Errorf("%s:%d: %q is already on line %d", path, n, f[0], prev)
		}
		seen[strings.ToLower(f[0])] = n
		r := glossaryRow{line: n, en: f[0], zh: f[1], note: f[2],
			enRE: regexp.MustCompile(`(?i)(^|[^\pL\pN_])` + regexp.QuoteMeta(f[0]) + `($|[^\pL\pN_])`)}
		if len(f) == 4 && f[3] != "" {
			r.avoid = strings.Split(f[3], "|")
			if slices.Contains(r.avoid, "") || slices.Contains(r.avoid, r.zh) {
				return nil, fmt.Errorf("%s:%d: the avoid list %q has an empty entry or the term itself", path, n, f[3])
			}
		}
		rows = append(rows, r)
	}
	return rows, nil
}

var inlineCodeRE = regexp.MustCompile("`[^`\n]*`")

// proseLines is the chapter's text that readers read as prose: fenced
// blocks and inline code are left out, and so, with quotes, the words a
// claim box quotes (from "**Claim:**" to "**Verdict:**"), which are other
// authors' words.
func proseLines(src string, quotes bool) map[int]string {
	out := map[int]string{}
	fence, inClaim := false, false
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		if !quotes {
			if strings.HasPrefix(l, "> **Claim:**") {
				inClaim = true
			}
			if inClaim {
				_, after, ok := strings.Cut(l, "**Verdict:**")
				if !ok {
					continue
				}
				inClaim, l = false, after
			}
		}
		out[i+1] = inlineCodeRE.ReplaceAllString(l, "")
	}
	return out
}

// TestZhGlossary holds the Chinese chapters to the glossary: no variant
// the glossary rejects appears in their prose (quoted claims aside), and
// a term the English twin uses has its Chinese word in the Chinese
// chapter.
func TestZhGlossary(t *testing.T) {
	rows, err := readGlossary(filepath.Join("zh", "glossary.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	zh, err := filepath.Glob(filepath.Join("zh", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range zh {
		name := filepath.Base(path)
		if !IsChapterFile(name) {
			continue
		}
		zhSrc, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		enSrc, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%s has no English twin: %v", path, err)
		}
		prose := proseLines(string(zhSrc), false)
		var all strings.Builder
		for _, l := range proseLines(string(zhSrc), true) {
			all.WriteString(l + "\n")
		}
		var en strings.Builder
		for _, l := range proseLines(string(enSrc), true) {
			en.WriteString(l + "\n")
		}
		for _, r := range rows {
			for n, l := range prose {
				for _, a := range r.avoid {
					if strings.Contains(l, a) {
						t.Errorf("%s:%d: %q: the glossary writes %s as %q (zh/glossary.tsv:%d)", path, n, a, r.en, r.zh, r.line)
					}
				}
			}
			// A longer term that holds this one ("context switch" holds
			// "context") has its own row and its own word.
			enText := en.String()
			for _, o := range rows {
				if len(o.en) > len(r.en) && strings.Contains(strings.ToLower(o.en), strings.ToLower(r.en)) {
					enText = o.enRE.ReplaceAllString(enText, "$1 $2")
				}
			}
			if r.enRE.MatchString(enText) && !strings.Contains(all.String(), r.zh) {
				t.Errorf("%s: the English twin says %q, but %q (zh/glossary.tsv:%d) is nowhere in the Chinese", path, r.en, r.zh, r.line)
			}
		}
	}
}

// blockStartRE matches a line that starts a Markdown block of its own
// rather than continuing the paragraph above it.
var blockStartRE = regexp.MustCompile(`^\s*(#|\||[-*] |\d+\. |> \*\*|` + "```" + `|---|$)`)

// wide reports whether r is a Chinese character or full-width punctuation.
func wide(r rune) bool {
	return unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef) ||
		strings.ContainsRune("“”‘’—…", r)
}

// TestZhNoSoftBreakInChineseText: a line break inside a paragraph is a
// space to a browser, which shows it in the middle of a Chinese sentence;
// so a Chinese paragraph does not break between two Chinese characters,
// nor before or after full-width punctuation.
func TestZhNoSoftBreakInChineseText(t *testing.T) {
	zh, err := filepath.Glob(filepath.Join("zh", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range zh {
		if !IsChapterFile(filepath.Base(path)) {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		fence, start := "", 1
		if lines[0] == "---" { // front matter: YAML, not Markdown
			for start < len(lines) && lines[start] != "---" {
				start++
			}
			start += 2
		}
		for i := start; i < len(lines); i++ {
			prev, l := lines[i-1], lines[i]
			if strings.HasPrefix(prev, "```") {
				if fence == "" {
					fence = prev
				} else {
					fence = ""
				}
			}
			if (fence != "" && !strings.HasPrefix(fence, "```real")) || blockStartRE.MatchString(l) ||
				strings.TrimSpace(prev) == "" || strings.HasPrefix(prev, "```") || strings.HasPrefix(prev, "#") || strings.HasPrefix(prev, "|") {
				continue
			}
			a := []rune(strings.TrimRight(prev, " *_"))
			b := []rune(strings.TrimLeft(strings.TrimPrefix(strings.TrimLeft(l, " "), "> "), " *_"))
			if len(a) == 0 || len(b) == 0 {
				continue
			}
			x, y := a[len(a)-1], b[0]
			if (unicode.Is(unicode.Han, x) && unicode.Is(unicode.Han, y)) || (wide(x) && !unicode.Is(unicode.Han, x)) || (wide(y) && !unicode.Is(unicode.Han, y)) {
				t.Errorf("%s:%d: the paragraph breaks between %q and %q: join the lines", path, i, string(x), string(y))
			}
		}
	}
}
