// Package fonts holds the font files the desktop app draws text with and
// package desktop/page measures text with, so that the two agree to the
// pixel: the Go fonts (regular, bold, italic, bold italic, mono, mono
// bold; re-exported from golang.org/x/image/font/gofont) and a subset of
// Droid Sans Fallback with the 3,755 common simplified Chinese characters
// and CJK punctuation, for the runes the Go fonts lack.
//
// It also answers, without a GPU, which file has a glyph for a rune
// (Has, For) and what a face's vertical metrics are (Ascent, Descent).
// cjk-subset.ttf is made by scripts/subset-cjk-font.sh; its licence,
// Apache 2.0, is in LICENSE-DroidSansFallback beside it.
package fonts
