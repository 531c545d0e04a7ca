package chapters

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestChineseSlidesAreNumberedAsTheEnglish: every Chinese chapter's slides
// (TwinSlides) are its English twin's one for one — same count, same kind
// of slide at each number, a scene slide showing the same scene — and
// hold every block of the chapter once, in order.
func TestChineseSlidesAreNumberedAsTheEnglish(t *testing.T) {
	en, err := All()
	require.NoError(t, err)
	zh, err := Zh()
	require.NoError(t, err)
	twin := map[int]*Chapter{}
	for _, c := range en {
		twin[c.Number] = c
	}
	for _, c := range zh {
		o := twin[c.Number]
		require.NotNil(t, o, c.File)
		got, err := c.TwinSlides(o)
		require.NoError(t, err)
		want := o.Slides()
		require.Len(t, got, len(want), c.File)
		for i := range got {
			require.Equal(t, want[i].Kind, got[i].Kind, "%s: slide %d", c.File, i+1)
			if got[i].Kind == SlideScene {
				require.Equal(t, want[i].Scene.ID, got[i].Scene.ID, "%s: slide %d", c.File, i+1)
			}
			if got[i].Kind == SlideContent {
				require.NotEmpty(t, got[i].Nodes, "%s: slide %d is empty", c.File, i+1)
			}
		}
		full := c.slides()
		// Lists are counted item by item on both sides.
		require.Equal(t, blockUnits(full), blockUnits(got), "%s: every block once", c.File)
		for i := 1; i < len(got); i++ {
			require.GreaterOrEqual(t, got[i].Line, got[i-1].Line, "%s: slide %d", c.File, i+1)
		}
	}
}

// TestTwinSlidesSaysWhereTheTwinsDiffer: a translation with a section the
// original lacks is an error naming the file, not a misnumbered deck.
func TestTwinSlidesSaysWhereTheTwinsDiffer(t *testing.T) {
	a, err := Parse("chapters/01-a.md", []byte("---\ntitle: A\n---\n\n## One\n\nText.\n"))
	require.NoError(t, err)
	b, err := Parse("chapters/zh/01-a.md", []byte("---\ntitle: 甲\n---\n\n## 一\n\n文字。\n\n## 二\n\n更多。\n"))
	require.NoError(t, err)
	_, err = b.TwinSlides(a)
	require.ErrorContains(t, err, "chapters/zh/01-a.md")
	s, err := a.TwinSlides(a)
	require.NoError(t, err)
	require.Len(t, s, len(a.Slides()))
}

// TestCutIntoBalancesTheParts: a twin's slide cut into the original's
// number of parts gets parts of even length where the blocks allow, not
// a part of one short block between two full ones.
func TestCutIntoBalancesTheParts(t *testing.T) {
	units := func(ls ...float64) []splitUnit {
		var us []splitUnit
		for _, l := range ls {
			us = append(us, splitUnit{lines: l})
		}
		return us
	}
	lens := func(parts [][]splitUnit) []float64 {
		var out []float64
		for _, p := range parts {
			l := 0.0
			for _, u := range p {
				l += u.lines
			}
			out = append(out, l)
		}
		return out
	}
	require.Equal(t, []float64{8, 8, 8}, lens(cutInto(nil, units(4, 4, 2, 2, 2, 2, 8), 3, false)))
	require.Equal(t, []float64{10, 2, 10}, lens(cutInto(nil, units(10, 2, 10), 3, false)), "one block per part when there are as many blocks as parts")
	require.Equal(t, []float64{22}, lens(cutInto(nil, units(10, 2, 10), 4, false)), "too few blocks: one part, and the caller says so")
}
