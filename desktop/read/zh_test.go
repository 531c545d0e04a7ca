package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
)

// The Chinese edition in the reading mode: the switch, its search, its
// interface strings.

func newBilingual(t *testing.T, st State) *Reading {
	t.Helper()
	en := Embedded()
	zh := EmbeddedZh(en)
	require.Equal(t, lang.Zh, zh.Lang)
	require.Equal(t, len(en.Entries), len(zh.Entries), "every chapter has a Chinese twin")
	for _, e := range zh.Entries {
		require.NoError(t, e.Err, e.File)
	}
	r := NewReading(Config{Book: en, Twin: zh, Measure: measurer, Search: NewSearcher(en), State: st})
	r.Resize(1200, 800)
	r.List()
	return r
}

// texts is every text item of layer name.
func texts(l *DisplayList, name string) string {
	var b strings.Builder
	if ly := l.Layer(name); ly != nil {
		for _, it := range ly.Items {
			if it.Kind == page.ItemText {
				b.WriteString(it.Text)
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

func TestTheChineseHeadingsTakeTheEnglishIDs(t *testing.T) {
	r := newBilingual(t, State{Lang: "zh", Chapter: "05-stealing", Anchor: "spinning-threads"})
	require.Equal(t, lang.Zh, r.Lang())
	assert.Equal(t, "05-stealing", r.Current().ID)
	assert.Contains(t, r.Current().Title, "窃取")
	loc := r.Location()
	assert.Equal(t, "spinning-threads", loc.Anchor, "the saved English id opens the Chinese section")
	var title string
	for _, a := range r.Page().Anchors {
		if a.ID == "spinning-threads" {
			title = a.Title
		}
	}
	assert.Equal(t, "自旋线程", title)
	// A link in a Chinese chapter names an English id, and lands.
	require.True(t, r.Open("04-schedule", "how-a-program-starts"))
	assert.Equal(t, "how-a-program-starts", r.Location().Anchor)
	assert.Empty(t, r.Message())
}

func TestTheLanguageSwitchKeepsTheChapterAndSection(t *testing.T) {
	r := newBilingual(t, State{Lang: "en", Chapter: "05-stealing", Anchor: "spinning-threads", Offset: 40})
	require.Equal(t, lang.En, r.Lang())
	assert.Equal(t, []lang.Lang{lang.En, lang.Zh}, r.Langs())
	// The toolbar names the other edition in its own language.
	assert.Contains(t, texts(r.List(), "toolbar"), "中文")
	assert.Contains(t, texts(r.List(), "toolbar"), "Contents")
	x, y := hitWhere(t, r, "the language button", func(tg Target) bool { return tg.Kind == TargetButton && tg.Name == "lang" })
	r.Effects()
	click(r, x, y)
	require.Equal(t, lang.Zh, r.Lang())
	assert.Equal(t, "05-stealing", r.Current().ID)
	assert.Equal(t, "spinning-threads", r.Location().Anchor, "the same section")
	top := anchorY(t, r, "spinning-threads")
	assert.GreaterOrEqual(t, r.ScrollY(), top-1, "the view starts in the section, not above it")
	var got []EffectKind
	for _, e := range r.Effects() {
		got = append(got, e.Kind)
		if e.Kind == EffectLang {
			assert.Equal(t, "zh", e.Key)
		}
	}
	assert.Contains(t, got, EffectLang)
	assert.Contains(t, got, EffectSave)
	assert.Equal(t, "zh", r.State().Lang, "the choice is saved with the other settings")

	// Everything the interface says is Chinese now.
	tb := texts(r.List(), "toolbar")
	assert.Contains(t, tb, "目录")
	assert.Contains(t, tb, "搜索")
	assert.Contains(t, tb, "English")
	assert.NotContains(t, tb, "Contents")
	// The pointer is still over the switch, whose tip now offers English.
	assert.Contains(t, texts(r.List(), "status"), "用英文阅读本节")
	r.Update(&Input{Dt: 1.0 / 60, Pointer: Pointer{X: 600, Y: 400, Present: true}})
	assert.Contains(t, texts(r.List(), "status"), "/ 搜索", "the keys' hint")
	assert.Contains(t, texts(r.List(), "toc"), "自旋线程", "the contents list the Chinese sections")

	// l switches back, to the same place.
	chars(r, "l")
	assert.Equal(t, lang.En, r.Lang())
	assert.Equal(t, "05-stealing", r.Current().ID)
	assert.Equal(t, "spinning-threads", r.Location().Anchor)
	assert.Equal(t, "en", r.State().Lang)

	// A state that says zh starts in Chinese; without a twin it cannot.
	r2 := newBilingual(t, r.State())
	assert.Equal(t, lang.En, r2.Lang())
	en := Embedded()
	solo := NewReading(Config{Book: en, Measure: measurer, Search: NewSearcher(en), State: State{Lang: "zh"}})
	assert.Equal(t, lang.En, solo.Lang())
	assert.False(t, solo.SetLang(lang.Zh))
	assert.Equal(t, "zh", solo.State().Lang, "a book with no Chinese edition keeps the reader's choice for the next one")
	assert.Equal(t, lang.T(lang.En, "read.lang.none"), solo.Message())
	solo.Resize(1200, 800)
	assert.NotContains(t, texts(solo.List(), "toolbar"), "中文", "no switch without a second edition")
}

// TestSearchFindsChineseWords: Chinese has no spaces between words; the
// index matches substrings of the text, so a word is found wherever it
// is, including where the Markdown source broke a line inside it.
func TestSearchFindsChineseWords(t *testing.T) {
	r := newBilingual(t, State{Lang: "zh", Chapter: "00-tour"})
	for _, q := range []string{"工作窃取", "自旋"} {
		r.Search(q)
		require.NotEmpty(t, r.search.Results, "%s is found", q)
		for _, h := range r.search.Results {
			assert.Contains(t, h.Snippet[h.Match[0]:h.Match[1]], q, "%s: the match is the word", q)
		}
		assert.Contains(t, texts(r.List(), "search"), q, "the results show the word")
		keys(r, Press{Key: key.Enter})
		assert.False(t, r.search.Open)
		assert.Contains(t, r.Message(), q, "the status line says what was found")
		assert.Contains(t, r.Message(), "找到")
		r.search.Query = nil
	}
	// The chapter about stealing has a section on spinning threads: the
	// search reaches it.
	r.Search("自旋线程")
	found := false
	for _, h := range r.search.Results {
		if h.Chapter == "05-stealing" && h.Anchor == "spinning-threads" {
			found = true
		}
	}
	assert.True(t, found, "自旋线程 finds 05-stealing#spinning-threads: %+v", r.search.Results)
	r.search.Close()
	r.Search("没有这个词")
	assert.Empty(t, r.search.Results)
	assert.Contains(t, texts(r.List(), "search"), "没有哪一节提到")
}

func TestTheChineseEditionHasGlyphsEverywhere(t *testing.T) {
	r := newBilingual(t, State{Lang: "zh", Chapter: "05-stealing"})
	for _, l := range []*DisplayList{r.List()} {
		for _, ly := range l.Layers {
			for _, it := range ly.Items {
				if it.Kind == page.ItemText && strings.Contains(it.Text, "[read.") {
					t.Errorf("%s: a key with no text: %q", ly.Name, it.Text)
				}
			}
		}
	}
	assert.Contains(t, texts(r.List(), "page"), "第 5 章")
	assert.Contains(t, texts(r.List(), "page"), "本章目标")
	assert.Contains(t, texts(r.List(), "status"), "/")
}

func TestTheLanguageIsSavedWithTheOtherSettings(t *testing.T) {
	assert.Equal(t, "zh", State{Lang: "zh_CN.UTF-8"}.Normalized().Lang)
	assert.Equal(t, "", State{Lang: "fr"}.Normalized().Lang, "an unknown language is as if none was chosen")
	path := t.TempDir() + "/desktop.json"
	require.NoError(t, SaveState(path, State{Chapter: "05-stealing", Lang: "zh", FontScale: 1.2}))
	st, err := LoadState(path)
	require.NoError(t, err)
	assert.Equal(t, "zh", st.Lang)
	assert.Equal(t, "05-stealing", st.Chapter)
}
