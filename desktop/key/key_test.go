package key

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The names protocol version 1 of the talk's two windows sends, as the
// presenter window sent them before the keys had one vocabulary: each must
// still stand for the same key.
var version1 = map[string]Key{
	"right": Right, "left": Left, "up": Up, "down": Down, "space": Space,
	"enter": Enter, "backspace": Backspace, "escape": Escape,
	"pagedown": PageDown, "pageup": PageUp, "home": Home, "end": End,
	"0": Digit0, "1": Digit1, "2": Digit2, "3": Digit3, "4": Digit4,
	"5": Digit5, "6": Digit6, "7": Digit7, "8": Digit8, "9": Digit9,
	"b": B, ".": Period, "f": F, "n": N, "o": O, "p": P, "r": R, "t": T,
}

func TestVersion1NamesKeepTheirMeaning(t *testing.T) {
	for name, k := range version1 {
		got, ok := Parse(name)
		require.True(t, ok, "%q no longer parses", name)
		assert.Equal(t, k, got, "%q", name)
		assert.Equal(t, name, k.String())
	}
}

func TestEveryKeyHasOneNameThatParsesBack(t *testing.T) {
	seen := map[string]Key{}
	for _, k := range All() {
		name := k.String()
		require.NotEmpty(t, name, "key %d has no name", k)
		require.NotEqual(t, "key?", name)
		if prev, dup := seen[name]; dup {
			t.Fatalf("keys %d and %d are both named %q", prev, k, name)
		}
		seen[name] = k
		back, ok := Parse(name)
		require.True(t, ok, name)
		assert.Equal(t, k, back, name)
	}
	assert.Len(t, seen, int(count)-1)
}

func TestUnknownNamesAndNoneDoNotParse(t *testing.T) {
	for _, name := range []string{"none", "", "f13", "Right", "key?"} {
		_, ok := Parse(name)
		assert.False(t, ok, "%q", name)
	}
	assert.Equal(t, "key?", Key(200).String())
}

func TestDigits(t *testing.T) {
	for d := range 10 {
		assert.Equal(t, d, (Digit0 + Key(d)).Digit())
	}
	assert.Equal(t, -1, Right.Digit())
	assert.Equal(t, -1, F3.Digit())
}
