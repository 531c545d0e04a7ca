package core

import (
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFormatDurationIsExact(t *testing.T) {
	for in, want := range map[int64]string{
		0: "0ns", 999: "999ns", 1000: "1µs", 1500: "1.5µs", 1_204_037: "1.204037ms",
		10_000_000: "10ms", 3_000_000_001: "3.000000001s", 120 * Second: "120s", -1500: "-1.5µs",
	} {
		assert.Equal(t, want, FormatDuration(in), "%d", in)
	}
	// Every digit is there: time.ParseDuration reads each one back.
	r := rand.New(rand.NewSource(1))
	for range 10000 {
		d := r.Int63n(1<<42) - 1<<41
		back, err := time.ParseDuration(FormatDuration(d))
		require.NoError(t, err, FormatDuration(d))
		require.Equal(t, d, int64(back), FormatDuration(d))
	}
}

func TestFormatDurationShortHasFourSignificantDigits(t *testing.T) {
	for in, want := range map[int64]string{
		0: "0ns", 999: "999ns", 1000: "1µs", 20_000: "20µs", 1_204_000: "1.204ms", 2_036_460: "2.036ms",
		10_000_000: "10ms", 123_456_789: "123.5ms", 3_000_000_000: "3s", -1500: "-1.5µs",
		1_204_037: "1.204ms", 999_999: "1000µs", // rounded in the unit chosen before rounding
		12_345_678_901_234: "12345.7s",                     // past 1000 s, one decimal
		10_045:             "10.05µs", -10_045: "-10.05µs", // a tie rounds away from zero
	} {
		assert.Equal(t, want, FormatDurationShort(in), "%d", in)
	}
}
