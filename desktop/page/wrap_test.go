package page

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fixed measures every rune as one unit wide.
type unitMeasure struct{}

func (unitMeasure) Advance(s string, _ Font, _ float32) float32 {
	return float32(len([]rune(s)))
}

func TestWrapBreaksChineseBetweenCharacters(t *testing.T) {
	// A Chinese sentence breaks between characters, filling each line.
	got := Wrap(unitMeasure{}, "播放之前先问哪个 worker 最先完成，然后用页面上的工具跑种子。", Regular, 1, 10)
	for _, l := range got {
		assert.LessOrEqual(t, len([]rune(l)), 10, "%q", l)
	}
	assert.Equal(t, "播放之前先问哪个", got[0], "a Latin word that does not fit goes to the next line")
	assert.Equal(t, "worker 最先完", got[1], "Chinese after it fills the line")
	// No line starts with closing punctuation.
	for _, l := range Wrap(unitMeasure{}, "一二三四五六七八九，十一二三四五六七八九十。", Regular, 1, 9) {
		assert.False(t, strings.HasPrefix(l, "，") || strings.HasPrefix(l, "。"), "%q", l)
	}
	// English still breaks at spaces only.
	assert.Equal(t, []string{"one two", "three"}, Wrap(unitMeasure{}, "one two three", Regular, 1, 8))
	assert.Equal(t, []string{"a", "", "b"}, Wrap(unitMeasure{}, "a\n\nb", Regular, 1, 8))
}

func TestJoinLinesDropsTheBreaksBetweenChineseCharacters(t *testing.T) {
	assert.Equal(t, "跑种子 1 到 100。跳到窃取", JoinLines("跑种子 1 到\n100。\n跳到窃取"))
	assert.Equal(t, "one two three", JoinLines(" one\ntwo   three "))
	assert.Equal(t, "拿走 main 所在的 P", JoinLines("拿走 main\n所在的 P"))
}
