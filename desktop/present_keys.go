package desktop

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

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
	key present.Key // for actTalk
}

// presentRaw maps the keys the app reads as keys to the talk's keys.
var presentRaw = map[ebiten.Key]present.Key{
	ebiten.KeyArrowRight:  present.KeyRight,
	ebiten.KeyArrowLeft:   present.KeyLeft,
	ebiten.KeyArrowUp:     present.KeyUp,
	ebiten.KeyArrowDown:   present.KeyDown,
	ebiten.KeyPageDown:    present.KeyPageDown,
	ebiten.KeyPageUp:      present.KeyPageUp,
	ebiten.KeyHome:        present.KeyHome,
	ebiten.KeyEnd:         present.KeyEnd,
	ebiten.KeyEnter:       present.KeyEnter,
	ebiten.KeyNumpadEnter: present.KeyEnter,
	ebiten.KeyEscape:      present.KeyEscape,
	ebiten.KeyBackspace:   present.KeyBackspace,
}

// presentChars maps typed characters to the talk's keys. Letters are
// read as characters, so that they follow the keyboard's layout; p is
// not here: in the desktop app it opens the presenter window, as on the
// website.
var presentChars = map[rune]present.Key{
	' ': present.KeySpace,
	'0': present.Key0, '1': present.Key1, '2': present.Key2, '3': present.Key3, '4': present.Key4,
	'5': present.Key5, '6': present.Key6, '7': present.Key7, '8': present.Key8, '9': present.Key9,
	'b': present.KeyB, 'B': present.KeyB, '.': present.KeyPeriod,
	'f': present.KeyF, 'F': present.KeyF,
	'n': present.KeyN, 'N': present.KeyN,
	'o': present.KeyO, 'O': present.KeyO,
	'r': present.KeyR, 'R': present.KeyR,
	't': present.KeyT, 'T': present.KeyT,
}

// presentPresses turns one tick of input into presentation mode's key
// presses, in order: keys first, then typed characters. Keys held with
// Ctrl or Alt are the app's shortcuts, not the talk's.
func presentPresses(in *Input, out []presentPress) []presentPress {
	out = out[:0]
	for i, p := range in.Keys {
		if p.Ctrl || p.Alt || i >= len(in.Raw) {
			continue
		}
		if k, ok := presentRaw[in.Raw[i]]; ok {
			out = append(out, presentPress{act: actTalk, key: k})
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
				out = append(out, presentPress{act: actTalk, key: present.KeyPageUp})
				continue
			}
			out = append(out, presentPress{act: actTalk, key: present.KeySpace})
		default:
			if k, ok := presentChars[r]; ok {
				out = append(out, presentPress{act: actTalk, key: k})
			}
		}
	}
	return out
}

// keyLabels are the keys as the help overlay names them.
var keyLabels = map[present.Key]string{
	present.KeyRight: "→", present.KeyLeft: "←", present.KeyUp: "↑", present.KeyDown: "↓",
	present.KeySpace: "Space", present.KeyEnter: "Enter", present.KeyBackspace: "Backspace",
	present.KeyEscape: "Esc", present.KeyPageDown: "PgDn", present.KeyPageUp: "PgUp",
	present.KeyHome: "Home", present.KeyEnd: "End", present.KeyPeriod: ".",
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
			if k == present.KeyP {
				continue
			}
			if k >= present.Key0 && k <= present.Key9 {
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
