package desktop

import (
	"strings"

	"github.com/gmpbook/gmpbook/desktop/key"
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

// keyLabels are the keys as the help overlay names them.
var keyLabels = map[key.Key]string{
	key.Right: "→", key.Left: "←", key.Up: "↑", key.Down: "↓",
	key.Space: "Space", key.Enter: "Enter", key.Backspace: "Backspace",
	key.Escape: "Esc", key.PageDown: "PgDn", key.PageUp: "PgUp",
	key.Home: "Home", key.End: "End", key.Period: ".",
}

// helpLines are the keys' help: the Nav's bindings as the desktop app
// reads them (p is the presenter window here, so it is left out of
// "previous"), then the window's own keys.
func helpLines(presenter bool) [][2]string {
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
			if l, ok := keyLabels[k]; ok {
				names = append(names, l)
			} else {
				names = append(names, k.String())
			}
		}
		if digits {
			names = append(names, "0–9")
		}
		out = append(out, [2]string{strings.Join(names, "  "), b.Help})
	}
	out = append(out, [2]string{"k", "play or pause the scene"})
	if presenter {
		out = append(out, [2]string{"q", "close the presenter window"})
	} else {
		out = append(out,
			[2]string{"p", "presenter window: notes, next slide, timer"},
			[2]string{"q  Esc", "back to reading (Esc leaves full screen first)"})
	}
	out = append(out, [2]string{"d", "light or dark theme"}, [2]string{"?", "show or hide these keys"})
	return out
}
