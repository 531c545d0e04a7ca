package site

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryUIStringHasEveryLanguage: a key of the chrome's strings, or of
// the page scripts' strings, in one language and not in another fails, as
// does an empty form or a form whose placeholders differ from the other
// language's; every key the scripts ask for (t('key')) is in the table,
// and every key of the table is asked for.
func TestEveryUIStringHasEveryLanguage(t *testing.T) {
	for lang, table := range uiStrings {
		for other, otherTable := range uiStrings {
			for k := range table {
				assert.NotEmpty(t, otherTable[k], "%q is in %s but has no %s form", k, lang, other)
			}
		}
		for k, v := range table {
			// A verb the arguments do not fill shows as "%!…" on the page.
			n := strings.Count(strings.ReplaceAll(v, "%%", ""), "%")
			args := make([]any, n)
			for i := range args {
				args[i] = anyArg{}
			}
			assert.NotContains(t, fmt.Sprintf(v, args...), "%!", "%s %q: %q", lang, k, v)
			assert.Equal(t, n, strings.Count(strings.ReplaceAll(uiStrings[LangEn][k], "%%", ""), "%"), "%s %q has as many arguments as the English", lang, k)
		}
	}
	_, err := uiText(LangZh, "no such key")
	assert.Error(t, err)

	holes := regexp.MustCompile(`\{\d+\}`)
	placeholders := func(s string) []string {
		h := holes.FindAllString(s, -1)
		sort.Strings(h)
		return h
	}
	require.Contains(t, jsStrings, LangEn)
	require.Contains(t, jsStrings, LangZh)
	for lang, table := range jsStrings {
		for other, otherTable := range jsStrings {
			for k, v := range table {
				o, ok := otherTable[k]
				if assert.True(t, ok && o != "", "script text %q is in %s but has no %s form", k, lang, other) {
					assert.Equal(t, placeholders(v), placeholders(o), "script text %q: the placeholders of %s and %s", k, lang, other)
				}
			}
		}
	}

	// The scripts ask for keys the table has; the table has no key no
	// script asks for.
	used := map[string]bool{}
	call := regexp.MustCompile(`\bt\('([^']+)'`)
	literal := regexp.MustCompile(`'([a-z][a-z0-9]*(?:\.[a-z0-9]+)*)'`)
	var scripts string
	for _, name := range []string{"assets/site.js", "assets/present.js"} {
		data, err := assetFS.ReadFile(name)
		require.NoError(t, err)
		scripts += string(data)
		for _, m := range call.FindAllStringSubmatch(string(data), -1) {
			used[m[1]] = true
			assert.Contains(t, jsStrings[LangEn], m[1], "%s asks for t(%q), which site/strings.go does not have", name, m[1])
		}
	}
	require.NotEmpty(t, used)
	literals := map[string]bool{}
	for _, m := range literal.FindAllStringSubmatch(scripts, -1) {
		literals[m[1]] = true
	}
	for k := range jsStrings[LangEn] {
		assert.True(t, used[k] || literals[k], "script text %q is used by no script", k)
	}
}

// anyArg formats as "x" under any verb, so that only a missing, extra or
// badly indexed argument leaves "%!" in a text.
type anyArg struct{}

func (anyArg) Format(f fmt.State, verb rune) { f.Write([]byte("x")) }

// TestScriptStringsReachThePage: each edition's pages load the scripts'
// texts in their own language, before the scripts that use them.
func TestScriptStringsReachThePage(t *testing.T) {
	s, err := Build(Options{})
	require.NoError(t, err)
	for _, lang := range []string{LangEn, LangZh} {
		data := string(s.Files[JSStringsName(lang)])
		require.True(t, strings.HasPrefix(data, "// "), lang)
		require.Contains(t, data, "window.gmpbookStrings = {")
	}
	require.Contains(t, string(s.Files[JSStringsName(LangZh)]), `"copied":"已复制"`)
	pages := map[string]string{"index.html": LangEn, ZhIndexName: LangZh}
	pages[s.Pages[0]] = LangEn
	pages[s.Presentations[0]] = LangEn
	require.NotEmpty(t, s.ZhPages)
	require.Len(t, s.ZhPresentations, len(s.ZhPages))
	pages[s.ZhPages[0]] = LangZh
	pages[s.ZhPresentations[0]] = LangZh
	for name, lang := range pages {
		page := string(s.Files[name])
		i := strings.Index(page, JSStringsName(lang)+"?v=")
		require.Positive(t, i, "%s loads %s", name, JSStringsName(lang))
		j := strings.Index(page, "assets/site.js?v=")
		if j < 0 {
			j = strings.Index(page, "assets/present.js?v=")
		}
		require.Less(t, i, j, "%s: the texts load before the script", name)
		require.Contains(t, page, `<html lang="`+lang+`"`, name)
	}
}
