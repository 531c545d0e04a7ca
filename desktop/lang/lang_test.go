package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/internal/fonts"
)

// TestEveryKeyHasEveryLanguage: a string with a language missing would
// show as "[key]" to a reader of that language.
func TestEveryKeyHasEveryLanguage(t *testing.T) {
	require.NotEmpty(t, Keys())
	for _, k := range Keys() {
		e, _ := Entry(k)
		for _, l := range All {
			assert.NotEmpty(t, strings.TrimSpace(e[l]), "%q has no %s text", k, l)
		}
		// A format has the same verbs in every language (an indexed verb
		// counts as its verb).
		verbs := func(s string) []string {
			var out []string
			for i := 0; i < len(s)-1; i++ {
				if s[i] != '%' {
					continue
				}
				j := i + 1
				if s[j] == '%' {
					i++
					continue
				}
				for j < len(s) && (s[j] == '[' || s[j] == ']' || s[j] >= '0' && s[j] <= '9') {
					j++
				}
				if j < len(s) {
					out = append(out, string(s[j]))
				}
				i = j
			}
			sort.Strings(out)
			return out
		}
		for _, l := range All[1:] {
			assert.Equal(t, verbs(e[En]), verbs(e[l]), "%q: the %s text's verbs differ from the English", k, l)
		}
	}
}

// keyLike is a string literal that names a key of the table.
var keyLike = regexp.MustCompile(`^(page|read|present)\.[a-z]+(\.[a-z]+)*$`)

// TestEveryKeyUsedIsInTheTable reads the desktop app's sources for the
// keys they pass to T, F and Has as literals (and the "read.tip.lang."
// and "read.mode." families built from a language or a mode), and fails
// on one the table lacks.
func TestEveryKeyUsedIsInTheTable(t *testing.T) {
	root := filepath.Join("..")
	used := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				// A key kept in a table of its own (present_keys.go's
				// actionHelp) is a literal that looks like one.
				if k, _ := strconv.Unquote(lit.Value); keyLike.MatchString(k) {
					used[k] = fset.Position(lit.Pos()).String()
				}
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || len(call.Args) < 1 {
				return true
			}
			var name string
			if id, ok := sel.X.(*ast.Ident); ok {
				name = id.Name
			}
			if name != "lang" || sel.Sel.Name != "T" && sel.Sel.Name != "F" {
				return true
			}
			if lit, ok := call.Args[1].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				k, _ := strconv.Unquote(lit.Value)
				used[k] = fset.Position(lit.Pos()).String()
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, len(used), 50, "the desktop's sources were not read")
	for k, where := range used {
		assert.True(t, Has(k), "%s: key %q is not in the table", where, k)
	}
	for _, l := range All {
		assert.True(t, Has("read.tip.lang."+l.String()), "no switch tip for %s", l)
	}
	assert.True(t, Has("read.mode.present"))
}

// TestChineseTextHasGlyphsInTheDesktopFont: the app draws with the fonts
// it embeds (the Go fonts and the CJK subset, internal/fonts); a
// character of the Chinese strings with no glyph in them would be an
// empty box. When this fails, add the character to the subset
// (scripts/subset-cjk-font.sh) or choose another word.
func TestChineseTextHasGlyphsInTheDesktopFont(t *testing.T) {
	var missing []string
	for _, k := range Keys() {
		e, _ := Entry(k)
		for _, r := range e[Zh] + Zh.Name() {
			if r < 0x80 || unicode.IsControl(r) {
				continue
			}
			if fonts.For(fonts.Regular, r) == fonts.Regular && !fonts.Has(fonts.Regular, r) {
				missing = append(missing, string(r)+" in "+k)
			}
		}
	}
	assert.Empty(t, missing, "characters with no glyph in the desktop's fonts")
}

func TestFromEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tt := range []struct {
		env  []string
		want Lang
	}{
		{nil, En},
		{[]string{"LANG", "zh_CN.UTF-8"}, Zh},
		{[]string{"LANG", "zh_TW.UTF-8"}, Zh},
		{[]string{"LANG", "en_US.UTF-8"}, En},
		{[]string{"LANG", "C.UTF-8"}, En},
		{[]string{"LC_MESSAGES", "zh_CN.UTF-8", "LANG", "en_US.UTF-8"}, Zh},
		{[]string{"LC_ALL", "en_GB.UTF-8", "LC_MESSAGES", "zh_CN.UTF-8"}, En},
		{[]string{"LC_ALL", "zh_SG", "LANG", "en_US.UTF-8"}, Zh},
		{[]string{"LC_ALL", "", "LANG", "zh"}, Zh},
	} {
		assert.Equal(t, tt.want, FromEnv(env(tt.env...)), "%v", tt.env)
	}
	_ = os.Getenv // FromEnv(os.Getenv) is how the app calls it
}

func TestParse(t *testing.T) {
	for s, want := range map[string]Lang{"en": En, "zh": Zh, "ZH": Zh, "zh_CN.UTF-8": Zh, "zh-Hans": Zh, "en_US": En} {
		got, ok := Parse(s)
		assert.True(t, ok, s)
		assert.Equal(t, want, got, s)
	}
	for _, s := range []string{"", "fr", "zhx", "english"} {
		_, ok := Parse(s)
		assert.False(t, ok, s)
	}
	assert.Equal(t, "[no.such.key]", T(Zh, "no.such.key"))
	assert.Equal(t, "第 3 章", F(Zh, "read.chapter", 3))
	assert.Equal(t, "zh", Zh.String())
}
