package read

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/gmpbook/gmpbook/desktop/lang"
)

// State is what the app remembers between runs.
type State struct {
	// Chapter is the chapter being read ("05-stealing").
	Chapter string `json:"chapter,omitempty"`
	// Anchor is the heading at or above the top of the view, and Offset
	// how far below it (logical pixels) the view starts. An empty Anchor
	// means the top of the chapter. A heading survives a new window width
	// or font size, where a plain offset would land elsewhere.
	Anchor string  `json:"anchor,omitempty"`
	Offset float32 `json:"offset,omitempty"`
	// Lang is the language the reader chose ("en", "zh"); "" until they
	// choose, when the app follows the locale (lang.FromEnv).
	Lang string `json:"lang,omitempty"`
	// Dark is the dark theme.
	Dark bool `json:"dark,omitempty"`
	// FontScale multiplies the type size (1 is the default).
	FontScale float32 `json:"fontScale,omitempty"`
	// Width and Height are the window's size in logical pixels.
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
}

// Font scale limits and step (Ctrl+= and Ctrl+-).
const (
	MinFontScale  = 0.7
	MaxFontScale  = 2.0
	FontScaleStep = 0.1
)

// Normalized is s with out-of-range values put back in range: a scale
// between MinFontScale and MaxFontScale (1 when unset), a window no
// smaller than 320×240 and no larger than 16384 square.
func (s State) Normalized() State {
	if s.FontScale == 0 || math.IsNaN(float64(s.FontScale)) {
		s.FontScale = 1
	}
	s.FontScale = float32(math.Round(float64(max(MinFontScale, min(MaxFontScale, s.FontScale)))*100) / 100)
	if math.IsNaN(float64(s.Offset)) || math.IsInf(float64(s.Offset), 0) || s.Offset < 0 {
		s.Offset = 0
	}
	clampSize := func(v, lo int) int {
		if v == 0 {
			return 0
		}
		return max(lo, min(16384, v))
	}
	s.Width, s.Height = clampSize(s.Width, MinWindowW), clampSize(s.Height, MinWindowH)
	if l, ok := lang.Parse(s.Lang); ok {
		s.Lang = l.String()
	} else {
		s.Lang = ""
	}
	return s
}

// The smallest window State keeps, in logical pixels.
const (
	MinWindowW = 320
	MinWindowH = 240
)

// FitWindow is a window of w×h logical pixels made to fit a monitor of
// mw×mh: the size a reader last had may be a larger screen's (a
// projector's), and the window must open on this one with its toolbar
// in view. A side longer than the monitor's is shortened to it; the
// window system then keeps the frame on the screen. A monitor that
// reports no size (0) changes nothing.
func FitWindow(w, h, mw, mh int) (int, int) {
	fit := func(v, m int) int {
		if m <= 0 {
			return v
		}
		return min(v, m)
	}
	return fit(w, mw), fit(h, mh)
}

// StatePath is where the state lives: os.UserConfigDir()/gmpbook/desktop.json.
func StatePath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "gmpbook", "desktop.json"), nil
}

// LoadState reads the state at path. A missing file is the zero State
// and no error. A file that cannot be read or is not a state gives the
// zero State and an error that says so, for the caller to report before
// carrying on without it.
func LoadState(path string) (State, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return State{}, nil
	}
	if err != nil {
		return State{}, err
	}
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return State{}, fmt.Errorf("%s: not a saved reading state, ignored: %v", path, err)
	}
	return s.Normalized(), nil
}

// SaveState writes s to path atomically: to a temporary file beside it,
// then renamed over it, so that a crash mid-write leaves the old state.
func SaveState(path string, s State) error {
	data, err := json.MarshalIndent(s, "", "\t")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".desktop-*.json")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(append(data, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
