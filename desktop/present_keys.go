package desktop

import (
	"strings"

	"github.com/gmpbook/gmpbook/desktop/key"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/present"
)

// presentAct is what a key does in presentation mode: a key for the talk
// (present.Nav interprets it), or something the window does itself.
type presentAct uint8

const (
	actTalk      presentAct = iota // press Key on the Nav (or send it to the audience window)
	actPresenter                   // p: open the presenter window
	actPlay                        // k: play or pause the scene
	actQuit                        // q: back to reading (the presenter window: close it)
	actHelp                        // ?: show or hide the keys
	actTheme                       // d: the light or the dark theme
)

// presentPress is one key press in presentation mode.
type presentPress struct {
	act presentAct
	key key.Key // for actTalk
}

// talkKeys are the keys, read as keys (the rest come typed, below), that
// a talk answers to. The window reads them once, for both modes
// (watched in input.go).
var talkKeys = map[key.Key]bool{
	key.Right: true, key.Left: true, key.Up: true, key.Down: true,
	key.PageDown: true, key.PageUp: true, key.Home: true, key.End: true,
	key.Enter: true, key.Escape: true, key.Backspace: true,
}

// presentChars maps typed characters to the talk's keys. Letters are
// read as characters, so that they follow the keyboard's layout; p is
// not here: in the desktop app it opens the presenter window, as on the
// website.
var presentChars = map[rune]key.Key{
	' ': key.Space,
	'0': key.Digit0, '1': key.Digit1, '2': key.Digit2, '3': key.Digit3, '4': key.Digit4,
	'5': key.Digit5, '6': key.Digit6, '7': key.Digit7, '8': key.Digit8, '9': key.Digit9,
	'b': key.B, 'B': key.B, '.': key.Period,
	'f': key.F, 'F': key.F,
	'n': key.N, 'N': key.N,
	'o': key.O, 'O': key.O,
	'r': key.R, 'R': key.R,
	't': key.T, 'T': key.T,
}

// presentPresses turns one tick of input into presentation mode's key
// presses, in order: keys first, then typed characters. Keys held with
// Ctrl or Alt are the app's shortcuts, not the talk's.
func presentPresses(in *Input, out []presentPress) []presentPress {
	out = out[:0]
	for _, p := range in.Keys {
		if !p.Ctrl && !p.Alt && talkKeys[p.Key] {
			out = append(out, presentPress{act: actTalk, key: p.Key})
		}
	}
	for _, r := range in.Chars {
		switch r {
		case 'p', 'P':
			out = append(out, presentPress{act: actPresenter})
		case 'k', 'K':
			out = append(out, presentPress{act: actPlay})
		case 'q', 'Q':
			out = append(out, presentPress{act: actQuit})
		case '?':
			out = append(out, presentPress{act: actHelp})
		case 'd', 'D':
			out = append(out, presentPress{act: actTheme})
		case ' ':
			if in.Shift { // Shift+Space goes back, as in a browser
				out = append(out, presentPress{act: actTalk, key: key.PageUp})
				continue
			}
			out = append(out, presentPress{act: actTalk, key: key.Space})
		default:
			if k, ok := presentChars[r]; ok {
				out = append(out, presentPress{act: actTalk, key: k})
			}
		}
	}
	return out
}

// keyLabels are the keys as the help overlay names them: a symbol, the
// name printed on the key, or (keyWords) a word of the reader's language.
var keyLabels = map[key.Key]string{
	key.Right: "→", key.Left: "←", key.Up: "↑", key.Down: "↓",
	key.Enter: "Enter", key.Escape: "Esc", key.PageDown: "PgDn", key.PageUp: "PgUp",
	key.Home: "Home", key.End: "End", key.Period: ".",
}

// keyWords are the keys whose names are words, by string-table key: a
// Chinese help calls the space bar 空格键, as Chinese software does, and
// keeps the names printed on the keys (Enter, Esc).
var keyWords = map[key.Key]string{key.Space: "key.space", key.Backspace: "key.backspace"}

// keyLabel names k for the help overlay in language l.
func keyLabel(l lang.Lang, k key.Key) (string, bool) {
	if w, ok := keyWords[k]; ok {
		return lang.T(l, w), true
	}
	s, ok := keyLabels[k]
	return s, ok
}

// actionHelp names each action's help line in the string table
// (present.Bindings' Help is the English one).
var actionHelp = map[present.Action]string{
	present.ActNext:       "present.help.next",
	present.ActPrev:       "present.help.prev",
	present.ActEnter:      "present.help.enter",
	present.ActBack:       "present.help.back",
	present.ActFirst:      "present.help.first",
	present.ActLast:       "present.help.last",
	present.ActDigit:      "present.help.digit",
	present.ActOverview:   "present.help.overview",
	present.ActEscape:     "present.help.escape",
	present.ActBlackout:   "present.help.blackout",
	present.ActTimerPause: "present.help.pause",
	present.ActTimerReset: "present.help.reset",
	present.ActFullscreen: "present.help.fullscreen",
}

// helpLines are the keys' help: the Nav's bindings as the desktop app
// reads them (p is the presenter window here, so it is left out of
// "previous"), then the window's own keys.
func helpLines(l lang.Lang, presenter bool) [][2]string {
	var out [][2]string
	for _, b := range present.Bindings {
		var names []string
		digits := false
		for _, k := range b.Keys {
			if k == key.P {
				continue
			}
			if k >= key.Digit0 && k <= key.Digit9 {
				digits = true
				continue
			}
			if name, ok := keyLabel(l, k); ok {
				names = append(names, name)
			} else {
				names = append(names, k.String())
			}
		}
		if digits {
			names = append(names, "0–9")
		}
		help := b.Help
		if k, ok := actionHelp[b.Action]; ok {
			help = lang.T(l, k)
		}
		out = append(out, [2]string{strings.Join(names, "  "), help})
	}
	out = append(out, [2]string{"k", lang.T(l, "present.help.play")})
	if presenter {
		out = append(out, [2]string{"q", lang.T(l, "present.help.close")})
	} else {
		out = append(out,
			[2]string{"p", lang.T(l, "present.help.presenter")},
			[2]string{"q  Esc", lang.T(l, "present.help.quit")})
	}
	out = append(out, [2]string{"d", lang.T(l, "present.help.theme")}, [2]string{"?", lang.T(l, "present.help.help")})
	return out
}
