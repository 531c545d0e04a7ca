//go:build display

package desktop

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/present"
	"github.com/gmpbook/gmpbook/desktop/read"
)

// TestTheLanguageSwitchRemakesThePlayersAndPresentsInChinese: l switches
// the window to the Chinese edition on the same chapter; the inline
// players of the English scenes go and the Chinese scenes (their captions
// are Chinese) get their own; the choice is in the state the app saves;
// presenting from there presents the Chinese chapter with Chinese chrome.
func TestTheLanguageSwitchRemakesThePlayersAndPresentsInChinese(t *testing.T) {
	en := read.Embedded()
	opt := Options{Book: en, Zh: read.EmbeddedZh(en), State: read.State{Chapter: "05-stealing", Lang: "en"}}
	a, err := NewApp(&opt)
	require.NoError(t, err)
	a.w, a.h, a.scale, a.sized = 1200, 800, 1, true
	m := a.mode.(*readMode)
	m.Resize(1200, 800, 1)
	const steal = "05-stealing#steal"
	require.NotNil(t, m.panels[steal])
	before := m.panels[steal]
	assert.NotContains(t, m.sceneOf(steal).Title, "两个")

	tick(t, m, nil, "l")
	idle(t, m, 2)
	require.Equal(t, lang.Zh, m.r.Lang())
	assert.Equal(t, "05-stealing", m.r.Current().ID)
	sc := m.sceneOf(steal)
	require.NotNil(t, sc)
	assert.Contains(t, sc.Title, "两个", "the Chinese twin's scene")
	if p := m.panels[steal]; p != nil {
		assert.NotSame(t, before, p, "the English player went")
	}
	// The players narrate in Chinese: their status says so.
	idle(t, m, 2)
	if p := m.panels[steal]; p != nil {
		assert.Equal(t, "zh", p.Status().Lang.String(), "the Chinese scene's player speaks Chinese")
	}
	var st read.State
	m.SaveState(&st)
	assert.Equal(t, "zh", st.Lang)
	assert.Equal(t, "zh", a.host.State.Lang)
	assert.Same(t, opt.Zh, a.host.CurrentBook())

	require.NoError(t, a.host.Switch("present"))
	pm := a.mode.(*presentMode)
	pm.Resize(1920, 1080, 1)
	waitDeck(t, pm)
	assert.Equal(t, lang.Zh, pm.deck.Lang)
	assert.Contains(t, pm.deck.Title, "窃取")
	assert.True(t, strings.HasPrefix(present.Counter(pm.deck, present.Position{}), "第 1/"), present.Counter(pm.deck, present.Position{}))
	lines := helpLines(pm.lang, false)
	require.NotEmpty(t, lines)
	for _, l := range lines {
		assert.NotContains(t, l[1], "[present.", "a help line with no text")
	}
	assert.Equal(t, lang.T(lang.Zh, "present.help.next"), lines[0][1])
	keys := ""
	for _, l := range lines {
		keys += l[0] + " "
	}
	assert.Contains(t, keys, "空格键", "the space bar by its Chinese name")
	assert.NotContains(t, keys, "Space")
	assert.NotContains(t, keys, "Backspace")
	enKeys := ""
	for _, l := range helpLines(lang.En, false) {
		enKeys += l[0] + " "
	}
	assert.Contains(t, enKeys, "Space")
}
