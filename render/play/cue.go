package play

import (
	"fmt"
	"net/url"
	"strconv"

	"github.com/gmpbook/gmpbook/render/view"
)

// Cue is where and how a player starts, as a player's URL says it
// (at=N, speed=X, play=1) or a command line (-at, -speed, -play): the
// playback half of a player's parameters (internal/playerlog's Params
// has the scene half). It lives here, beside what it drives, so that the
// light browser player, which has no compiler, reads it the same way.
type Cue struct {
	At    int       // start after event At (-1: before the first; not given: the opening step)
	HasAt bool      // At was given
	Play  bool      // start playing
	Speed float64   // the playback speed; 0: not given
	Dark  bool      // draw the player in its dark palette (dark=1: the page is dark)
	Slide bool      // lay the player out for a slide stage (slide=1: presentation mode)
	Lang  view.Lang // the language the player speaks (lang=zh: Chinese; English by default)
}

// ParseCue reads at, speed, play, dark, slide and lang from a player's
// query.
func ParseCue(q url.Values) (Cue, error) {
	c := Cue{At: -1}
	if v := q.Get("at"); v != "" {
		at, err := strconv.Atoi(v)
		if err != nil {
			return c, fmt.Errorf("at=%s: want an event index (-1: before the first)", v)
		}
		c.At, c.HasAt = at, true
	}
	if v := q.Get("speed"); v != "" {
		s, err := strconv.ParseFloat(v, 64)
		if err != nil || s <= 0 {
			return c, fmt.Errorf("speed=%s: want a positive number", v)
		}
		c.Speed = s
	}
	c.Play = q.Get("play") == "1" || q.Get("play") == "true"
	c.Dark = q.Get("dark") == "1"
	c.Slide = q.Get("slide") == "1"
	if v := q.Get("lang"); v != "" {
		l, err := view.ParseLang(v)
		if err != nil {
			return c, err
		}
		c.Lang = l
	}
	return c, nil
}

// Set writes the cue into q as ParseCue reads it back; what is not given
// is left out.
func (c Cue) Set(q url.Values) {
	if c.HasAt {
		q.Set("at", strconv.Itoa(c.At))
	}
	if c.Speed > 0 {
		q.Set("speed", strconv.FormatFloat(c.Speed, 'g', -1, 64))
	}
	if c.Play {
		q.Set("play", "1")
	}
	if c.Dark {
		q.Set("dark", "1")
	}
	if c.Slide {
		q.Set("slide", "1")
	}
	if c.Lang != view.English {
		q.Set("lang", c.Lang.String())
	}
}

// Speaker is a Source whose words (narration, labels, messages) can be
// in another language than English (Player, Loading, Compare): what a
// Cue's Lang sets.
type Speaker interface {
	SetLang(view.Lang)
}

// Opener is a Source that knows where its story starts (Player.Opening):
// without an at, a Cue opens it there.
type Opener interface {
	SeekOpening()
}

// Apply cues p: it seeks (to At when given, else to the opening step of a
// Source that has one, see Opener), sets the speed (when given) and starts
// or stops it; a Styled one is drawn dark and for a slide as asked, and a
// Speaker speaks the Cue's language.
func (c Cue) Apply(p Controllable) {
	if s, ok := p.(Speaker); ok {
		s.SetLang(c.Lang)
	}
	if s, ok := p.(Styled); ok {
		s.SetDark(c.Dark)
		s.SetSlide(c.Slide)
	}
	if c.HasAt {
		p.Seek(c.At)
	} else if o, ok := p.(Opener); ok {
		o.SeekOpening()
	}
	if c.Speed > 0 {
		p.SetSpeed(c.Speed)
	}
	p.SetPlaying(c.Play)
}
